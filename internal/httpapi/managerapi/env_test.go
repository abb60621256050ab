package managerapi_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// env is alice's AU business with Ann (Sydney) and Ben (Melbourne), both
// 38 hours a week in NSW, an untracked leave category, and carol: a user
// restricted to the Sydney location, who manages Ann and not Ben with every
// manager permission (TestManagerPermissions takes them away).
type env struct {
	*testkit.Bundle
	t              *testing.T
	ann, ben       int64
	sydney, melb   int64
	unpaid, annual int64
	carol          string
	M              string // alice's manager path prefix
}

func newEnv(t *testing.T, d *db.DB) *env {
	b := testkit.NewBundle(t, d, "AU")
	e := &env{Bundle: b, t: t, M: b.B + "/manager"}
	e.sydney = e.id(b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Sydney"}))
	e.melb = e.id(b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Melbourne"}))
	emp := func(first, loc string) int64 {
		return e.id(b.Do("POST", b.B+"/employee/unstructured", b.Key, map[string]any{"firstName": first, "surname": "Tester",
			"hoursPerWeek": 38, "residentialState": "NSW", "primaryLocation": loc, "startDate": "2025-07-01T00:00:00"}))
	}
	e.ann, e.ben = emp("Ann", "Sydney"), emp("Ben", "Melbourne")
	e.unpaid = e.id(b.Do("POST", b.B+"/leavecategory", b.Key, map[string]any{"name": "Test Unpaid", "isBalanceUntracked": true}))
	e.annual = e.id(b.Do("POST", b.B+"/leavecategory", b.Key, map[string]any{"name": "Test Annual"}))
	_, e.carol = b.NewUser("carol@example.com")
	b.Do("POST", b.B+"/access", b.Key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
		"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney},
			"permissions": "ApproveLeaveRequests,CreateLeaveRequests,ApproveTimesheets,CreateTimesheets,ManageRosters,ViewShiftCosts,ApproveExpenses,CreateExpenses," +
				"ViewEmployeeDetails,EditBasicEmployeeDetails,ViewEmployeeDocuments"}}}).Expect(t, 200)
	return e
}

func (e *env) id(r *testkit.Response) int64 {
	e.t.Helper()
	return int64(r.Expect(e.t, 200).Map(e.t)["id"].(float64))
}

// list decodes a JSON array reply.
func list(t *testing.T, r *testkit.Response) []map[string]any {
	t.Helper()
	var out []map[string]any
	r.Expect(t, 200).JSON(t, &out)
	return out
}

// ids are the "id" members of a list reply.
func ids(t *testing.T, r *testkit.Response) []int64 {
	t.Helper()
	var out []int64
	for _, m := range list(t, r) {
		out = append(out, int64(m["id"].(float64)))
	}
	return out
}

// race sends the same request from two goroutines and returns the two
// statuses, sorted.
func race(s *testkit.Server, method, path, key string) [2]int {
	var wg sync.WaitGroup
	var got [2]int
	for i := range got {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			got[i] = s.Do(method, path, key, nil).Status
		}(i)
	}
	wg.Wait()
	if got[0] > got[1] {
		got[0], got[1] = got[1], got[0]
	}
	return got
}

func p(format string, args ...any) string { return fmt.Sprintf(format, args...) }
