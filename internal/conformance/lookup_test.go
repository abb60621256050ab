package conformance_test

import (
	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseLookupsAndAudit steps through the lookupdata lists and the
// employee audit report.
func exerciseLookupsAndAudit(r *run, b *testkit.Bundle) {
	for _, kind := range []string{"countries", "genders", "industries", "timezones", "employeegrouppermissions", "reports"} {
		r.call(b.Key, "GET", "/api/v2/lookupdata/"+kind, nil)
	}
	r.call(b.Key, "GET", "/api/v2/business/{businessId}/lookupdata/timezones", nil, b.Biz)
	r.call(b.Key, "GET", "/api/v2/business/{businessId}/report/employeeaudit", nil, b.Biz, "?fromDate=2020-01-01T00:00:00")
}
