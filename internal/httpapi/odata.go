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

// applyOData filters, sorts and pages items as the query asks.
func applyOData[T any](q *ODataQuery, items []T) ([]T, error) {
	parsed, err := odata.Parse(q.Top, q.Skip, q.OrderBy, q.Filter)
	if err == nil {
		items, err = odata.Apply(items, parsed)
	}
	return items, odataErr(err)
}

func odataErr(err error) error {
	var oe *odata.Error
	if errors.As(err, &oe) {
		return payroll.Invalid(oe.Param, "%s", oe.Message)
	}
	return err
}
