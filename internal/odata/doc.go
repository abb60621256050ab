// Package odata implements the subset of OData v3 list-query options
// ($top, $skip, $orderby, $filter) that KeyPay's public API accepts, so that
// payrolld list endpoints are wire-compatible with it.
//
// Queries are applied in memory: an endpoint loads its rows, maps them to
// response DTOs and hands the slice to [Apply] (and [Count] for paged
// endpoints). Member names in $filter/$orderby are the DTO's JSON names,
// matched case-insensitively, because KeyPay clients send the .NET property
// name (FirstName) while our JSON is camelCase (firstName).
//
// Lists that grow with headcount do not load their rows: [CompileSQL]
// compiles the same Query to a WHERE/ORDER BY/LIMIT/OFFSET over a
// per-resource [Whitelist] of columns, with every value bound as a $N
// parameter, portable between SQLite and PostgreSQL, and tested to select
// the same rows in the same order as Apply (see its documentation for the
// few differences). The in-memory path remains for small fixed collections.
//
// Parsing is split in two: [Parse] checks syntax only and knows nothing about
// the DTO; [Apply] resolves members and type-checks against the element type
// before touching any item, so a bad query is rejected the same way whether
// the list is empty or not. Every problem with client input is reported as an
// [*Error] naming the offending parameter, so the HTTP layer can answer 400.
//
// # Semantics
//
//   - Operator precedence follows the OData v3 ABNF: not, then gt/ge/lt/le,
//     then eq/ne, then and, then or. In particular "not A eq B" means
//     "(not A) eq B", exactly as KeyPay's (ODataLib) parser reads it; write
//     "not (A eq B)" to negate a comparison.
//   - eq/ne/gt/ge/lt/le on strings are ordinal (byte-wise) and case-sensitive.
//     substringof, startswith and endswith are case-insensitive, because
//     KeyPay evaluates them in SQL Server under a case-insensitive collation
//     and clients rely on that. Use tolower/toupper for case-insensitive
//     equality.
//   - Null handling mirrors C#/LINQ lifted operators: "x eq null" is true only
//     for null, "x ne null" for non-null, and gt/ge/lt/le with a null operand
//     are false. and/or/not use three-valued logic; an item is kept only if
//     the whole filter is true. String functions of null yield null.
//   - Numbers are compared exactly (integers and decimal literals are kept as
//     int64/big.Rat) unless one side is a float field, in which case both are
//     compared as float64 so 0.1 (literal) equals 0.1 (float64 field). Literal
//     suffixes M, m, d, D, f, F, L and l are accepted and do not change
//     the comparison.
//   - A string literal compared with a number is converted to a number
//     ('30' eq Age works, 'abc' eq Age is an error); compared with a datetime
//     it is parsed as a datetime. A string member compared with a datetime is
//     parsed per item (ISO 8601, e.g. "2020-07-31T00:00:00"); a value that
//     does not parse is treated as null.
//   - datetime'…' literals without an offset are unzoned (Edm.DateTime), and
//     are compared with the wall-clock reading of a time.Time in its own
//     location. If both sides carry a zone (a time.Time and a literal with a
//     Z or ±hh:mm offset, or datetimeoffset'…') instants are compared.
//   - guid'…' literals are plain strings, lower-cased to match uuid.UUID's
//     String form.
//   - Sorting is stable; null sorts first ascending (last descending), false
//     sorts before true.
//
// # Member types
//
// A member may have any int, uint, float, string or bool kind (named types
// included), time.Time, a pointer to any of those (nil is null), an interface
// holding one of those, or a type with a method listed below, checked in
// this order:
//
//   - [Valuer] (OData() any): the returned value is converted as above, so
//     money and date wrapper types can plug in. Returning *big.Rat keeps
//     decimals exact.
//   - Float64() (float64, bool), as implemented by decimal types; ok=false
//     is treated as null.
//   - fmt.Stringer, for struct and array types only (uuid.UUID).
//
// Members of other types (slices, maps, nested objects) cannot be filtered
// or sorted on; referencing them is an *Error.
//
// # Limitations
//
//   - No member paths (Address/Suburb), arithmetic (add, sub, …), lambda
//     operators (any/all), or functions other than substringof, startswith,
//     endswith, tolower and toupper; no time'…' or binary'…' literals; no
//     $select, $expand or $inlinecount.
//   - String ordering ($orderby, gt/lt) is ordinal, so "Zed" sorts before
//     "alice"; KeyPay's SQL Server collation would sort case-insensitively.
//   - Integer enum types are compared as numbers, not by name; use string
//     types (or a Valuer) for enums clients filter on by name.
//   - Members whose kind is only known per item (interfaces, Valuers) are
//     type-checked per item, so a mismatch there is reported only if an
//     item evaluated actually has the wrong kind.
//   - $filter and $orderby are limited to [MaxLength] bytes and $filter
//     nesting to [MaxDepth] levels.
package odata
