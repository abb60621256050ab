package conformance_test

import (
	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseESSTitles steps through the operations of the time and
// attendance gaps: the self-service title lookup.
func exerciseESSTitles(r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	S := "/api/v2/ess/{employeeId}"
	key, biz := b.Key, b.Biz
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Tia", "surname": "Titles",
		"startDate": "2025-07-01T00:00:00", "residentialState": "NSW"}, biz, "?matchType=None"))
	r.call(key, "GET", S+"/lookup/title", nil, emp)
}
