package managerapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerShiftCosts: a shift's cost is its employee's rate in force on
// its day times its work and paid breaks, shown with includeCosts to an
// admin and to a restricted user with ViewShiftCosts over the employee.
func TestManagerShiftCosts(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.id(e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Ordinary Time", "rateUnit": "Hourly"}))
		// Ann: 79,040 a year over 38-hour weeks = 79040 / (38 x 52) = 40.00
		// an hour; from 1 December 2026 her pay rate schedule says 52 an hour.
		e.Do("PUT", p("%s/employee/unstructured/%d", e.B, e.ann), e.Key, map[string]any{"rate": 79040, "rateUnit": "Annually", "hoursPerWeek": 38,
			"primaryPayCategory": "Ordinary Time"}).Expect(t, 200)
		e.Do("POST", p("%s/employee/%d/payrateschedule", e.B, e.ann), e.Key, map[string]any{"rate": 52, "rateUnit": "Hourly",
			"commencementDate": "2026-12-01T00:00:00"}).Expect(t, 200)
		_, vic := e.NewUser("vic@example.com")
		e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "vic@example.com", "accessType": "Restricted", "locationAccess": []any{
			map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ViewRosters"}}}).Expect(t, 200)
		// 09:00-17:30 with an unpaid half hour at 12:00 and a paid quarter
		// hour at 15:00: 8.5 h - 0.5 h unpaid = 8 h paid.
		shift := func(day string) int64 {
			return e.id(e.Do("POST", e.B+"/rostershift", e.Key, map[string]any{"employeeId": e.ann, "startTime": day + "T09:00:00", "endTime": day + "T17:30:00",
				"breaks": []any{map[string]any{"startTime": day + "T12:00:00", "endTime": day + "T12:30:00"},
					map[string]any{"startTime": day + "T15:00:00", "endTime": day + "T15:15:00", "isPaidBreak": true}}}))
		}
		nov, dec := shift("2026-11-23"), shift("2026-12-07")
		cost := func(want any, formatted any) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["cost"] != want || m["costFormatted"] != formatted {
					t.Fatalf("cost %v (%v), want %v", m["cost"], m["costFormatted"], want)
				}
			}
		}
		RS := e.M + "/rostershift"
		e.RunCases(t, []testkit.Case{
			// 8 h x 40.00 = 320.00 (parts: 3 h 120.00, 2.5 h 100.00, paid 0.25 h 10.00, 2.25 h 90.00).
			{Name: "admin", Method: "GET", Path: p("%s/%d?includeCosts=true", RS, nov), Key: e.Key, Status: 200, Check: cost(320.0, "$320.00")},
			// 8 h x 52.00 = 416.00: the schedule's rate in force on 7 December.
			{Name: "rate in force on the day", Method: "GET", Path: p("%s/%d?includeCosts=true", RS, dec), Key: e.Key, Status: 200, Check: cost(416.0, "$416.00")},
			{Name: "with ViewShiftCosts", Method: "GET", Path: p("%s/%d?includeCosts=true", RS, nov), Key: e.carol, Status: 200, Check: cost(320.0, "$320.00")},
			{Name: "without ViewShiftCosts", Method: "GET", Path: p("%s/%d?includeCosts=true", RS, nov), Key: vic, Status: 200, Check: cost(nil, nil)},
			{Name: "not asked", Method: "GET", Path: p("%s/%d", RS, nov), Key: e.Key, Status: 200, Check: cost(nil, nil)},
			{Name: "week", Method: "GET", Path: RS + "/manage?date=2026-11-23&includeCosts=true", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				sh := r.Map(t)["rosteredShifts"].([]any)
				if len(sh) != 1 || sh[0].(map[string]any)["cost"] != 320.0 {
					t.Fatalf("week %v", sh)
				}
			}},
		})
	})
}
