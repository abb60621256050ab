package odata

import (
	"errors"
	"fmt"
)

// Names of the query parameters, as used in [Error.Param].
const (
	ParamTop     = "$top"
	ParamSkip    = "$skip"
	ParamOrderBy = "$orderby"
	ParamFilter  = "$filter"
)

// Error reports an invalid query option. Param names the offending query
// parameter (one of the Param* constants) so that the HTTP layer can answer
// 400 Bad Request pointing at it; Message says what is wrong in terms a
// client developer can act on.
type Error struct {
	Param   string
	Message string
}

func (e *Error) Error() string { return "invalid " + e.Param + ": " + e.Message }

func errorf(param, format string, args ...any) error {
	return &Error{Param: param, Message: fmt.Sprintf(format, args...)}
}

// asQueryError attributes an error raised while evaluating items (for
// example a dynamic type mismatch from a Valuer) to the query parameter that
// caused it. Errors that already are *Error pass through unchanged.
func asQueryError(param string, err error) error {
	if err == nil {
		return nil
	}
	var qe *Error
	if errors.As(err, &qe) {
		return qe
	}
	return &Error{Param: param, Message: err.Error()}
}
