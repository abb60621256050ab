package employeeapi_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// recordsEnv is alice's AU business with two employees (Ann at Sydney,
// Bob at Melbourne), bob's business with an employee of his own, and a
// user restricted to Sydney.
type recordsEnv struct {
	*testkit.Bundle
	ann, bob     int64  // alice's employees
	theirs       int64  // an employee of the other tenant
	restrictKey  string // ViewEmployeeDetails over Sydney
	editorKey    string // every employee permission over Sydney
	EA, EB, EOth string // employee paths
	schedule     int64
}

func newRecordsEnv(t *testing.T, d *db.DB, region string) *recordsEnv {
	b := testkit.NewBundle(t, d, region)
	e := &recordsEnv{Bundle: b}
	id := func(key, path string, body map[string]any) int64 {
		return int64(b.Do("POST", path, key, body).Expect(t, 200).Map(t)["id"].(float64))
	}
	sydney := id(b.Key, b.B+"/location", map[string]any{"name": "Sydney"})
	id(b.Key, b.B+"/location", map[string]any{"name": "Melbourne"})
	e.schedule = id(b.Key, b.B+"/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
	U := b.B + "/employee/unstructured?matchType=None"
	e.ann = id(b.Key, U, map[string]any{"firstName": "Ann", "surname": "Lee", "primaryLocation": "Sydney", "paySchedule": "Weekly"})
	e.bob = id(b.Key, U, map[string]any{"firstName": "Bob", "surname": "Ng", "primaryLocation": "Melbourne", "paySchedule": "Weekly"})
	e.theirs = id(b.OtherKey, b.OtherB+"/employee/unstructured?matchType=None", map[string]any{"firstName": "Tom", "surname": "Other"})
	e.EA, e.EB = fmt.Sprintf("%s/employee/%d", b.B, e.ann), fmt.Sprintf("%s/employee/%d", b.B, e.bob)
	e.EOth = fmt.Sprintf("%s/employee/%d", b.OtherB, e.theirs)
	_, e.restrictKey = b.NewUser("carol@example.com")
	b.Do("POST", b.B+"/access", b.Key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
		"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{sydney}, "permissions": "ViewEmployeeDetails"}}}).Expect(t, 200)
	_, e.editorKey = b.NewUser("erin@example.com")
	b.Do("POST", b.B+"/access", b.Key, map[string]any{"email": "erin@example.com", "accessType": "Restricted",
		"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{sydney},
			"permissions": "ViewEmployeeDetails,EditAllEmployeeDetails,EmployeeNotes,ViewEmployeeDocuments,ManageEmployeeDocuments"}}}).Expect(t, 200)
	return e
}

// bizOf is business id as the services take it (for calling the pay run
// entry points directly).
func bizOf(t *testing.T, s *testkit.Server, id int64) business.Business {
	t.Helper()
	acc, err := s.Businesses.Authorize(context.Background(), &payroll.Principal{Kind: payroll.PrincipalSystemAdmin}, id)
	if err != nil {
		t.Fatal(err)
	}
	return acc.Business
}

// idOf reads {result: {id}} or {id}.
func idOf(t *testing.T, r *testkit.Response) int64 {
	t.Helper()
	m := r.Map(t)
	if res, ok := m["result"].(map[string]any); ok {
		m = res
	}
	return int64(m["id"].(float64))
}

// tenancyCases are the 401 / 404 rows every record family shares: no key,
// the other tenant through alice's business and through its own, an
// employee of alice's that the restricted user cannot see, and a record
// addressed through another employee.
func (e *recordsEnv) tenancyCases(coll string, item int64, body any) []testkit.Case {
	a := fmt.Sprintf("%s/%s", e.EA, coll)
	ai := fmt.Sprintf("%s/%d", a, item)
	return []testkit.Case{
		{Name: coll + " anonymous", Method: "GET", Path: a, Status: 401},
		{Name: coll + " anonymous item", Method: "GET", Path: ai, Status: 401},
		{Name: coll + " other tenant list", Method: "GET", Path: a, Key: e.OtherKey, Status: 404},
		{Name: coll + " other tenant item", Method: "GET", Path: ai, Key: e.OtherKey, Status: 404},
		{Name: coll + " other tenant put", Method: "PUT", Path: ai, Key: e.OtherKey, Body: body, Status: 404},
		{Name: coll + " other tenant delete", Method: "DELETE", Path: ai, Key: e.OtherKey, Status: 404},
		{Name: coll + " other tenant's employee via own business", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/%s", e.B, e.theirs, coll), Key: e.Key, Status: 404},
		{Name: coll + " create for other tenant's employee", Method: "POST", Path: fmt.Sprintf("%s/employee/%d/%s", e.B, e.theirs, coll), Key: e.Key, Body: body, Status: 404},
		{Name: coll + " item through another employee", Method: "GET", Path: fmt.Sprintf("%s/%s/%d", e.EB, coll, item), Key: e.Key, Status: 404},
		{Name: coll + " put through another employee", Method: "PUT", Path: fmt.Sprintf("%s/%s/%d", e.EB, coll, item), Key: e.Key, Body: body, Status: 404},
		{Name: coll + " delete through another employee", Method: "DELETE", Path: fmt.Sprintf("%s/%s/%d", e.EB, coll, item), Key: e.Key, Status: 404},
		{Name: coll + " unknown employee", Method: "GET", Path: fmt.Sprintf("%s/employee/999999/%s", e.B, coll), Key: e.Key, Status: 404},
		{Name: coll + " unknown item", Method: "GET", Path: a + "/999999", Key: e.Key, Status: 404},
		{Name: coll + " restricted user sees own location", Method: "GET", Path: a, Key: e.restrictKey, Status: 200},
		{Name: coll + " restricted user outside scope", Method: "GET", Path: fmt.Sprintf("%s/%s", e.EB, coll), Key: e.restrictKey, Status: 404},
		{Name: coll + " restricted user create outside scope", Method: "POST", Path: fmt.Sprintf("%s/%s", e.EB, coll), Key: e.restrictKey, Body: body, Status: 404},
	}
}
