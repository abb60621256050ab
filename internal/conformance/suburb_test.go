package conformance_test

import (
	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseSuburbs steps through the self-service address lookups (issue
// 12): a suburb learned from an employee's address, searched, matched and
// given as an address.
func exerciseSuburbs(r *run, b *testkit.Bundle) {
	key, biz := b.Key, b.Biz
	emp := r.id(r.call(key, "POST", "/api/v2/business/{businessId}/employee/unstructured", map[string]any{"firstName": "Sam", "surname": "Suburb",
		"residentialStreetAddress": "2 Church St", "residentialSuburb": "Hawthorn", "residentialState": "VIC", "residentialPostCode": "3122"}, biz, "?matchType=None"))
	S := "/api/v2/ess/{employeeId}/lookup"
	r.call(key, "GET", S+"/suburbs", nil, emp, "?term=haw&pageNum=1&pageSize=20")
	id := r.resultID(r.call(key, "GET", S+"/suburb", nil, emp, "?suburb=Hawthorn&state=VIC&postCode=3122"))
	r.call(key, "GET", S+"/addresses/{suburbId}", nil, emp, id)
}
