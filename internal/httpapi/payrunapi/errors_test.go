package payrunapi_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// newRun creates an employee and a draft weekly run with them.
func (e *env) newRun(t *testing.T, ending string) (string, int64) {
	emp := e.employee(t, "Ann", "Weekly", nil)
	r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": ending}).Expect(t, 200).Map(t)
	return fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"]))), emp
}

func TestPayRunErrors(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, ann := e.newRun(t, "2026-11-20T00:00:00")
		B, key := e.B, e.Key
		otherSched := int64(num(t, e.Do("POST", e.OtherB+"/payschedule", e.OtherKey, map[string]any{"name": "W", "frequency": "Weekly"}).Expect(t, 200).Map(t)["id"]))
		half := int64(num(t, e.Do("POST", B+"/payschedule", key, map[string]any{"name": "Half", "frequency": "HalfMonthly"}).Expect(t, 200).Map(t)["id"]))
		// The same run seen from bob's business: another tenant's run is 404.
		OP := e.OtherB + P[len(B):]
		lines := func(emp string, line map[string]any) map[string]any {
			return map[string]any{"earningsLines": map[string]any{emp: []any{line}}}
		}
		e.RunCases(t, []testkit.Case{
			// create
			{Name: "create without schedule", Method: "POST", Path: B + "/payrun", Key: key, Body: map[string]any{"payPeriodEnding": "2026-11-20T00:00:00"}, Status: 400, Field: "payScheduleId"},
			{Name: "create without period", Method: "POST", Path: B + "/payrun", Key: key, Body: map[string]any{"payScheduleId": e.weekly}, Status: 400, Field: "payPeriodEnding"},
			{Name: "create on another tenant's schedule", Method: "POST", Path: B + "/payrun", Key: key, Body: map[string]any{"payScheduleId": otherSched, "payPeriodEnding": "2026-11-20T00:00:00"}, Status: 400, Field: "payScheduleId"},
			{Name: "create on an uncalculated frequency", Method: "POST", Path: B + "/payrun", Key: key, Body: map[string]any{"payScheduleId": half, "payPeriodEnding": "2026-11-15T00:00:00"}, Status: 400, Field: "payScheduleId"},
			{Name: "create anonymous", Method: "POST", Path: B + "/payrun", Body: map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00"}, Status: 401},
			{Name: "create in another tenant", Method: "POST", Path: B + "/payrun", Key: e.OtherKey, Body: map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00"}, Status: 404},
			// reads
			{Name: "get anonymous", Method: "GET", Path: P, Status: 401},
			{Name: "get other tenant", Method: "GET", Path: P, Key: e.OtherKey, Status: 404},
			{Name: "get via other business", Method: "GET", Path: OP, Key: e.OtherKey, Status: 404},
			{Name: "totals via other business", Method: "GET", Path: OP + "/totals", Key: e.OtherKey, Status: 404},
			{Name: "details via other business", Method: "GET", Path: OP + "/details", Key: e.OtherKey, Status: 404},
			{Name: "payslips via other business", Method: "GET", Path: OP + "/payslips", Key: e.OtherKey, Status: 404},
			{Name: "earnings lines via other business", Method: "GET", Path: OP + "/earningslines", Key: e.OtherKey, Status: 404},
			{Name: "deductions via other business", Method: "GET", Path: OP + "/deductions", Key: e.OtherKey, Status: 404},
			{Name: "missing run", Method: "GET", Path: B + "/payrun/999999", Key: key, Status: 404},
			{Name: "employee not in run", Method: "GET", Path: P + "/payslips/999999", Key: key, Status: 404},
			{Name: "bad $filter", Method: "GET", Path: B + "/payrun?$filter=nosuch%20eq%201", Key: key, Status: 400, Field: "$filter"},
			// lines
			{Name: "line without category", Method: "POST", Path: P + "/earningslines", Key: key, Body: lines(fmt.Sprint(ann), map[string]any{"earnings": 10}), Status: 400,
				Field: fmt.Sprintf("earningsLines.%d[0].payCategoryId", ann)},
			{Name: "line without amount", Method: "POST", Path: P + "/earningslines", Key: key, Body: lines(fmt.Sprint(ann), map[string]any{"payCategoryId": fmt.Sprint(e.ordinary)}), Status: 400,
				Field: fmt.Sprintf("earningsLines.%d[0].earnings", ann)},
			{Name: "line for an unknown employee", Method: "POST", Path: P + "/earningslines", Key: key, Body: lines("999999", map[string]any{"payCategoryId": fmt.Sprint(e.ordinary), "earnings": 1}), Status: 400,
				Field: "earningsLines.999999"},
			{Name: "deduction without amount", Method: "POST", Path: P + "/deductions", Key: key,
				Body: map[string]any{"deductions": map[string]any{fmt.Sprint(ann): []any{map[string]any{"deductionCategoryId": fmt.Sprint(e.union)}}}}, Status: 400,
				Field: fmt.Sprintf("deductions.%d[0].amount", ann)},
			{Name: "deduction in other tenant", Method: "POST", Path: OP + "/deductions", Key: e.OtherKey, Body: map[string]any{}, Status: 404},
			{Name: "delete missing line", Method: "DELETE", Path: P + "/earningslines?id=999999", Key: key, Status: 404},
			{Name: "include other tenant's run", Method: "POST", Path: fmt.Sprintf("%s/employee/%d", OP, ann), Key: e.OtherKey, Status: 404},
			{Name: "include already included", Method: "POST", Path: fmt.Sprintf("%s/employee/%d", P, ann), Key: key, Status: 409},
			{Name: "include missing employee", Method: "POST", Path: P + "/employee/999999", Key: key, Status: 404},
			{Name: "employee notation", Method: "POST", Path: fmt.Sprintf("%s/notation/%d", P, ann), Key: key, Body: map[string]any{"notation": "thanks"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if got := r.Map(t)["notation"]; got != "thanks" {
						t.Errorf("notation answered %v", got)
					}
				}},
			{Name: "notation of employee not in run", Method: "POST", Path: P + "/notation/999999", Key: key, Body: map[string]any{"notation": "x"}, Status: 404},
			{Name: "remove employee", Method: "DELETE", Path: fmt.Sprintf("%s/employee/%d", P, ann), Key: key, Status: 200},
			{Name: "remove again", Method: "DELETE", Path: fmt.Sprintf("%s/employee/%d", P, ann), Key: key, Status: 404},
			{Name: "include back", Method: "POST", Path: fmt.Sprintf("%s/employee/%d", P, ann), Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); num(t, m["grossEarnings"]) != 1334.69 || num(t, m["employeeId"]) != float64(ann) {
					t.Fatalf("included %v", m)
				}
			}},
			{Name: "unlock draft", Method: "POST", Path: P + "/unlock", Key: key, Status: 409},
			{Name: "finalise other tenant", Method: "POST", Path: OP + "/finalise", Key: e.OtherKey, Status: 404},
			{Name: "unlock anonymous", Method: "POST", Path: P + "/unlock", Status: 401},
			{Name: "delete via other business", Method: "DELETE", Path: OP, Key: e.OtherKey, Status: 404},
		})
	})
}

// Two (or more) concurrent finalises of one run: exactly one succeeds,
// the others answer 409, on both engines.
func TestConcurrentFinalise(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, _ := e.newRun(t, "2026-11-20T00:00:00")
		for round := 0; round < 3; round++ {
			const n = 6
			codes := make([]int, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					codes[i] = e.Do("POST", P+"/finalise", e.Key, nil).Status
				}()
			}
			wg.Wait()
			ok, conflict := 0, 0
			for _, c := range codes {
				switch c {
				case 200:
					ok++
				case 409:
					conflict++
				}
			}
			if ok != 1 || conflict != n-1 {
				t.Fatalf("round %d: statuses %v, want one 200 and %d 409", round, codes, n-1)
			}
			e.Do("POST", P+"/unlock", e.Key, map[string]any{"comments": "again"}).Expect(t, 200)
		}
	})
}

// recordEffect counts what the finalise and unlock transactions did, and
// can fail to prove the transition rolls back.
type recordEffect struct {
	mu              sync.Mutex
	finals, unlocks int
	fail            bool
}

func (r *recordEffect) Finalised(ctx context.Context, q *store.Queries, run payrun.Run, _ payrun.FinaliseOptions) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if run.Status != payrun.StatusFinalised {
		return fmt.Errorf("effect saw status %s", run.Status)
	}
	if r.fail {
		return errors.New("effect failed")
	}
	r.finals++
	return nil
}

func (r *recordEffect) Unlocked(ctx context.Context, q *store.Queries, run payrun.Run) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.unlocks++
	return nil
}

func TestFinaliseEffects(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		fx := &recordEffect{fail: true}
		e.PayRuns.Effects = []payrun.Effect{fx}
		P, _ := e.newRun(t, "2026-11-20T00:00:00")
		// A failing effect rolls the finalise back: the run stays a draft.
		if r := e.Do("POST", P+"/finalise", e.Key, nil); r.Status != 500 {
			t.Fatalf("failing effect: status %d %s", r.Status, r.Body)
		}
		if m := e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t); m["isFinalised"] != false {
			t.Fatalf("run finalised despite the failed effect: %v", m)
		}
		fx.fail = false
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", P+"/unlock", e.Key, map[string]any{"comments": "fix"}).Expect(t, 200)
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		if fx.finals != 2 || fx.unlocks != 1 {
			t.Fatalf("effects ran %d finalise, %d unlock", fx.finals, fx.unlocks)
		}
		audit, err := e.DB.Queries().ListPayRunAudit(context.Background(), runIDOf(t, e, P))
		if err != nil || len(audit) != 3 || audit[1].Action != "Unlocked" || audit[1].Comments != "fix" {
			t.Fatalf("audit %+v %v", audit, err)
		}
	})
}

func runIDOf(t *testing.T, e *env, P string) int64 {
	return int64(num(t, e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t)["id"]))
}
