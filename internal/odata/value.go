package odata

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
)

// kind is the runtime type of a value. It is deliberately coarse: OData only
// distinguishes these families for comparison purposes.
type kind uint8

const (
	kNull kind = iota
	kBool
	kNum
	kStr
	kTime
)

func (k kind) String() string {
	switch k {
	case kBool:
		return "boolean"
	case kNum:
		return "number"
	case kStr:
		return "string"
	case kTime:
		return "datetime"
	default:
		return "null"
	}
}

// value is a member or literal value normalised for comparison.
type value struct {
	k     kind
	b     bool
	s     string
	n     number
	t     time.Time
	zoned bool // kTime: t is an instant rather than a wall-clock reading
}

var nullValue = value{}

func boolValue(b bool) value     { return value{k: kBool, b: b} }
func strValue(s string) value    { return value{k: kStr, s: s} }
func numValue(n number) value    { return value{k: kNum, n: n} }
func intValue(i int64) value     { return numValue(number{kind: nInt, i: i}) }
func floatValue(f float64) value { return numValue(number{kind: nFloat, f: f}) }
func timeValue(t time.Time, zoned bool) value {
	return value{k: kTime, t: t, zoned: zoned}
}

// numKind says how a number is held. Integers and decimal literals stay
// exact so money amounts compare exactly; float fields are already inexact,
// so anything compared with one is compared as float64 instead (comparing
// the exact rational 1/10 with the float64 0.1 would find them unequal).
type numKind uint8

const (
	nInt numKind = iota
	nFloat
	nRat
)

type number struct {
	kind numKind
	i    int64
	f    float64
	r    *big.Rat
}

func ratNumber(r *big.Rat) number {
	if r.IsInt() && r.Num().IsInt64() {
		return number{kind: nInt, i: r.Num().Int64()}
	}
	return number{kind: nRat, r: r}
}

func (n number) float() float64 {
	switch n.kind {
	case nInt:
		return float64(n.i)
	case nRat:
		f, _ := n.r.Float64()
		return f
	default:
		return n.f
	}
}

// rat must not be called on an nFloat (see cmpNum).
func (n number) rat() *big.Rat {
	if n.kind == nInt {
		return new(big.Rat).SetInt64(n.i)
	}
	return n.r
}

// cmpNum orders two numbers. nan reports that a NaN was involved, in which
// case c follows cmp.Compare (NaN first) for sorting but comparisons other
// than ne must be false.
func cmpNum(a, b number) (c int, nan bool) {
	switch {
	case a.kind == nInt && b.kind == nInt:
		return cmp.Compare(a.i, b.i), false
	case a.kind == nFloat || b.kind == nFloat:
		fa, fb := a.float(), b.float()
		return cmp.Compare(fa, fb), math.IsNaN(fa) || math.IsNaN(fb)
	default:
		return a.rat().Cmp(b.rat()), false
	}
}

// maxExponent bounds decimal exponents: big.Rat would otherwise happily try
// to materialise 10^999999999 from a dozen bytes of client input.
const maxExponent = 1000

// parseDecimal parses [+-]digits[.digits][(e|E)[+-]digits] exactly. It is
// used for literals and for converting string operands to numbers.
func parseDecimal(s string) (number, bool) {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	j := skipDigits(s, i)
	if j == i {
		return number{}, false
	}
	i = j
	plain := true
	if i < len(s) && s[i] == '.' {
		plain = false
		j = skipDigits(s, i+1)
		if j == i+1 {
			return number{}, false
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		plain = false
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		j = skipDigits(s, i)
		if j == i || j-i > 6 {
			return number{}, false
		}
		if e, _ := strconv.Atoi(s[i:j]); e > maxExponent {
			return number{}, false
		}
		i = j
	}
	if i != len(s) {
		return number{}, false
	}
	if plain {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return number{kind: nInt, i: n}, true
		}
	}
	r, ok := new(big.Rat).SetString(strings.TrimPrefix(s, "+"))
	if !ok {
		return number{}, false
	}
	return ratNumber(r), true
}

func skipDigits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// Accepted datetime layouts. time.Parse accepts a fractional second after
// "05" even though the layout does not mention one.
var (
	zonedLayouts = []string{
		"2006-01-02T15:04:05Z07:00", "2006-01-02T15:04Z07:00",
		"2006-01-02 15:04:05Z07:00",
	}
	unzonedLayouts = []string{
		"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02",
		"2006-01-02 15:04:05",
	}
)

// parseDateTime parses an ISO 8601 date or date-time. Without an offset the
// result is a wall-clock reading (held in UTC) and zoned is false.
func parseDateTime(s string) (t time.Time, zoned, ok bool) {
	if len(s) < 10 || len(s) > 40 { // cheap reject; all layouts are in between
		return time.Time{}, false, false
	}
	for _, l := range unzonedLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, false, true
		}
	}
	for _, l := range zonedLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true, true
		}
	}
	return time.Time{}, false, false
}

// wallClock drops t's location, keeping its reading.
func wallClock(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
}

// cmpTime compares instants when both sides know their zone, and wall-clock
// readings otherwise: an unzoned Edm.DateTime literal means "this reading",
// not "this reading in UTC".
func cmpTime(a, b value) int {
	if a.zoned && b.zoned {
		return a.t.Compare(b.t)
	}
	return wallClock(a.t).Compare(wallClock(b.t))
}

// coerce applies the implicit conversions between a string and a number or
// datetime (see the package documentation). Other combinations are left for
// compareValues to reject.
func coerce(a, b value) (value, value, error) {
	var err error
	switch {
	case a.k == kStr && b.k == kNum:
		a, err = strToNum(a)
	case a.k == kNum && b.k == kStr:
		b, err = strToNum(b)
	case a.k == kStr && b.k == kTime:
		a = strToTime(a)
	case a.k == kTime && b.k == kStr:
		b = strToTime(b)
	}
	return a, b, err
}

func strToNum(v value) (value, error) {
	n, ok := parseDecimal(strings.TrimSpace(v.s))
	if !ok {
		// Deliberately not quoting v: it may come from another item's data.
		return v, errors.New("cannot compare a number with a non-numeric string")
	}
	return numValue(n), nil
}

// strToTime treats an unparseable string as null: string date fields are
// often empty or partial, and that is a property of the data, not an error
// in the client's query.
func strToTime(v value) value {
	t, zoned, ok := parseDateTime(strings.TrimSpace(v.s))
	if !ok {
		return nullValue
	}
	return timeValue(t, zoned)
}

// compareValues orders two non-null values of the same kind (after
// coercion). nan is set when a NaN makes the pair unordered.
func compareValues(a, b value) (c int, nan bool, err error) {
	a, b, err = coerce(a, b)
	if err != nil {
		return 0, false, err
	}
	if a.k != b.k {
		if a.k == kNull || b.k == kNull { // strToTime failed
			return cmp.Compare(a.k, b.k), false, nil
		}
		return 0, false, fmt.Errorf("cannot compare a %s with a %s", a.k, b.k)
	}
	switch a.k {
	case kNum:
		c, nan = cmpNum(a.n, b.n)
		return c, nan, nil
	case kStr:
		return strings.Compare(a.s, b.s), false, nil
	case kBool:
		return cmpBool(a.b, b.b), false, nil
	case kTime:
		return cmpTime(a, b), false, nil
	default:
		return 0, false, nil // both null
	}
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	default:
		return 1
	}
}

// compareOp evaluates a comparison operator. Nulls follow C# lifted
// operators (what KeyPay's LINQ provider implements): eq/ne treat null as a
// value, ordering operators are false whenever an operand is null.
func compareOp(op string, a, b value) (value, error) {
	a, b, err := coerce(a, b)
	if err != nil {
		return nullValue, err
	}
	if a.k == kNull || b.k == kNull {
		both := a.k == kNull && b.k == kNull
		switch op {
		case OpEq:
			return boolValue(both), nil
		case OpNe:
			return boolValue(!both), nil
		default:
			return boolValue(false), nil
		}
	}
	c, nan, err := compareValues(a, b)
	if err != nil {
		return nullValue, err
	}
	if nan {
		return boolValue(op == OpNe), nil
	}
	var r bool
	switch op {
	case OpEq:
		r = c == 0
	case OpNe:
		r = c != 0
	case OpGt:
		r = c > 0
	case OpGe:
		r = c >= 0
	case OpLt:
		r = c < 0
	case OpLe:
		r = c <= 0
	}
	return boolValue(r), nil
}

// sortCompare orders values for $orderby: null first, then by value.
func sortCompare(a, b value) (int, error) {
	a, b, err := coerce(a, b)
	if err != nil {
		return 0, err
	}
	if a.k == kNull || b.k == kNull {
		return cmpBool(a.k != kNull, b.k != kNull), nil
	}
	c, _, err := compareValues(a, b)
	return c, err
}
