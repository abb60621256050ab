// Package payroll is the dependency-free vocabulary shared by every area:
// error kinds, principals and the clock.
package payroll

import (
	"errors"
	"fmt"
)

// Kind classifies a failure so the HTTP layer can pick a status without
// knowing the area that produced it.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindUnauthorized
	KindForbidden
	KindNotFound
	KindConflict
	KindTooLarge
	KindRateLimited
	// KindUnavailable is a dependency failing (the database full,
	// read-only, unreachable; a transaction that lost a race): the request
	// may succeed later (503 with Retry-After), unlike a bug (500).
	KindUnavailable
)

// Error is a domain error. Field names the offending input member (wire
// casing) for validation failures; Fields carries several at once.
type Error struct {
	Kind    Kind
	Field   string
	Message string
	Fields  map[string][]string
	Err     error
}

func (e *Error) Error() string {
	if e.Field != "" {
		return e.Field + ": " + e.Message
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// Invalid reports bad input in one field.
func Invalid(field, format string, args ...any) *Error {
	return &Error{Kind: KindInvalid, Field: field, Message: fmt.Sprintf(format, args...)}
}

// NotFound reports an absent record (or one in another tenant: callers must
// not be able to tell the difference).
func NotFound(what string) *Error {
	return &Error{Kind: KindNotFound, Message: what + " not found"}
}

// Conflict reports a state conflict (duplicate, in use, wrong state).
func Conflict(format string, args ...any) *Error {
	return &Error{Kind: KindConflict, Message: fmt.Sprintf(format, args...)}
}

// Forbidden reports an authenticated principal acting beyond its rights.
func Forbidden(format string, args ...any) *Error {
	return &Error{Kind: KindForbidden, Message: fmt.Sprintf(format, args...)}
}

// Unauthorized reports missing or bad credentials.
func Unauthorized(format string, args ...any) *Error {
	return &Error{Kind: KindUnauthorized, Message: fmt.Sprintf(format, args...)}
}

// Validation collects field errors and returns nil when there are none, so
// a model's Validate can end with `return v.Err()`.
type Validation struct{ fields map[string][]string }

// Add records a message for a field.
func (v *Validation) Add(field, format string, args ...any) {
	if v.fields == nil {
		v.fields = map[string][]string{}
	}
	v.fields[field] = append(v.fields[field], fmt.Sprintf(format, args...))
}

// Required adds an error when s is blank.
func (v *Validation) Required(field, s string) {
	if len(trimSpace(s)) == 0 {
		v.Add(field, "%s is required", field)
	}
}

// MaxLen adds an error when s is longer than n characters.
func (v *Validation) MaxLen(field, s string, n int) {
	if len([]rune(s)) > n {
		v.Add(field, "%s must be at most %d characters", field, n)
	}
}

// Err returns the collected errors as one *Error, or nil.
func (v *Validation) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	var first string
	for f := range v.fields {
		if first == "" || f < first {
			first = f
		}
	}
	return &Error{Kind: KindInvalid, Field: first, Message: v.fields[first][0], Fields: v.fields}
}

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\n' || s[j-1] == '\r') {
		j--
	}
	return s[i:j]
}

// Unavailable reports a dependency failing; cause names it for the log.
func Unavailable(cause string, err error) *Error {
	return &Error{Kind: KindUnavailable, Message: cause, Err: err}
}

// unavailable recognises foreign errors that are a dependency failing
// (db.Unavailable: the storage engines' codes), registered by the package
// that knows them, so this package stays dependency-free.
var unavailable []func(error) (string, bool)

// RegisterUnavailable adds a recogniser of dependency failures (call it
// from an init function).
func RegisterUnavailable(f func(error) (cause string, ok bool)) {
	unavailable = append(unavailable, f)
}

// UnavailableCause reports whether err is a dependency failing (a
// KindUnavailable error, or a foreign error a registered recogniser
// knows) and names the cause.
func UnavailableCause(err error) (string, bool) {
	if err == nil {
		return "", false
	}
	var e *Error
	if errors.As(err, &e) {
		if e.Kind != KindUnavailable {
			return "", false
		}
		if e.Err != nil {
			if c, ok := foreignUnavailable(e.Err); ok {
				return e.Message + ": " + c, true
			}
		}
		return e.Message, true
	}
	return foreignUnavailable(err)
}

func foreignUnavailable(err error) (string, bool) {
	for _, f := range unavailable {
		if c, ok := f(err); ok {
			return c, true
		}
	}
	return "", false
}

// KindOf returns the kind of err: a domain error's, KindUnavailable for a
// dependency failing, KindInternal for any other foreign error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	if _, ok := foreignUnavailable(err); ok {
		return KindUnavailable
	}
	return KindInternal
}

// Wrap adds what a service entry point was doing to an unexpected error
// (pkgsite's derrors.Wrap): call it deferred with a named error result,
//
//	func (s *Service) Create(ctx context.Context, ...) (_ T, err error) {
//		defer payroll.Wrap(&err, "create location %q", name)
//
// Domain errors (*Error: invalid, not found, conflict...) pass unchanged:
// their message is what the client reads. Anything else (a database or I/O
// failure) becomes "create location \"Depot\": <cause>" in the log, and
// errors.Is / errors.As still see the cause.
func Wrap(errp *error, format string, args ...any) {
	if *errp == nil {
		return
	}
	var e *Error
	if errors.As(*errp, &e) {
		return
	}
	*errp = fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), *errp)
}
