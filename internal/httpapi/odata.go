package httpapi

import (
	"errors"

	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/payroll"
)

// ODataQuery is embedded in the input of list operations that support
// OData. Values are strings so malformed ones get our 400, naming the
// parameter, instead of a generic parse error.
type ODataQuery struct {
	Top     string `query:"$top" doc:"Page size, default and maximum 100."`
	Skip    string `query:"$skip" doc:"Items to skip."`
	OrderBy string `query:"$orderby" doc:"Comma list of Member [asc|desc]."`
	Filter  string `query:"$filter" doc:"OData v3 filter: eq ne gt ge lt le and or not, 'strings', datetime'...'."`
}

// ApplyOData filters, sorts and pages items as the query asks.
func ApplyOData[T any](q *ODataQuery, items []T) ([]T, error) {
	parsed, err := ParseOData(q)
	if err != nil {
		return nil, err
	}
	return applyParsed(items, parsed)
}

// ParseOData parses a list's OData parameters (400 naming the bad one).
func ParseOData(q *ODataQuery) (odata.Query, error) {
	parsed, err := odata.Parse(q.Top, q.Skip, q.OrderBy, q.Filter)
	return parsed, ODataErr(err)
}

func applyParsed[T any](items []T, q odata.Query) ([]T, error) {
	out, err := odata.Apply(items, q)
	return out, ODataErr(err)
}

func countOData[T any](items []T, q odata.Query) (int, error) {
	n, err := odata.Count(items, q)
	return n, ODataErr(err)
}

// ODataErr turns an OData error into a 400 naming the parameter.
func ODataErr(err error) error {
	var oe *odata.Error
	if errors.As(err, &oe) {
		return payroll.Invalid(oe.Param, "%s", oe.Message)
	}
	return err
}
