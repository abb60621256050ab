package leaveapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// env is alice's AU business with two employees (Ann in Sydney, Ben in
// Melbourne, both 38 hours a week in NSW), two leave categories and bob's
// business as the other tenant.
type env struct {
	*testkit.Bundle
	t              *testing.T
	ann, ben       int64
	annual, unpaid int64 // leave categories: annual (tracked), unpaid (untracked)
	sydney, melb   int64
	bobEmp         int64
}

func newEnv(t *testing.T, d *db.DB) *env {
	b := testkit.NewBundle(t, d, "AU")
	e := &env{Bundle: b, t: t}
	id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
	e.sydney = id(b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Sydney"}))
	e.melb = id(b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Melbourne"}))
	emp := func(first, loc, ext string) int64 {
		return id(b.Do("POST", b.B+"/employee/unstructured", b.Key, map[string]any{"firstName": first, "surname": "Tester", "externalId": ext,
			"hoursPerWeek": 38, "residentialState": "NSW", "primaryLocation": loc}))
	}
	e.ann, e.ben = emp("Ann", "Sydney", "EMP-ANN"), emp("Ben", "Melbourne", "EMP-BEN")
	e.unpaid = id(b.Do("POST", b.B+"/leavecategory", b.Key, map[string]any{"name": "Test Unpaid", "isBalanceUntracked": true}))
	e.annual = id(b.Do("POST", b.B+"/leavecategory", b.Key, map[string]any{"name": "Test Annual", "externalId": "ANNUAL"}))
	e.bobEmp = id(b.Do("POST", b.OtherB+"/employee/unstructured", b.OtherKey, map[string]any{"firstName": "Bo", "surname": "Other"}))
	return e
}

// E is the path of an employee of alice's business.
func (e *env) E(emp int64) string { return fmt.Sprintf("%s/employee/%d", e.B, emp) }

// post writes pay run entries the way the pay run owner will: in its own
// transaction, through the leave service.
func (e *env) post(payRun int64, entries ...leave.Entry) error {
	return e.DB.InTx(context.Background(), func(q *store.Queries) error {
		return e.App.Leave.PostPayRun(context.Background(), q, e.Biz, payRun, entries)
	})
}

func date(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

func h(s string) payroll.Rate { return payroll.MustRate(s) }

// list decodes a JSON array reply.
func list(t *testing.T, r *testkit.Response) []map[string]any {
	t.Helper()
	var out []map[string]any
	r.Expect(t, 200).JSON(t, &out)
	return out
}
