package ukapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A period of sickness the old code stored although its SSP could not be
// worked out (it ran into 2027-28, whose SSP rate the rules files do not
// give: TestSSPAcrossTaxYears refuses such a request now) must not stop
// the employee's SSP from listing. The list answers 200 with every
// period; the one that cannot be worked out says why in its warning and
// its log (a Warning event naming the missing year), pays nothing and is
// not eligible until its end date is moved back before 6 April 2027 or
// the rate is loaded. Reading it alone answers the same. The other
// period still shows its SSP: Monday 1 to Friday 5 March 2027 is not a
// period of incapacity (fewer than 4 days), so it pays nothing either but
// carries no warning.
func TestSSPStoredByOldCodeStillLists(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		S := e.E + "/statutoryleave/ssp"
		days := []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}
		e.Do("POST", S, e.Key, map[string]any{"startDate": "2027-03-01T00:00:00", "endDate": "2027-03-02T00:00:00",
			"week1QualifyingDays": days, "averageWeeklyEarningsOverride": 500}).Expect(t, 200)
		old := int64(num(t, e.Do("POST", S, e.Key, map[string]any{"startDate": "2027-03-29T00:00:00", "endDate": "2027-04-05T00:00:00",
			"week1QualifyingDays": days, "averageWeeklyEarningsOverride": 500}).Expect(t, 200).Map(t)["id"]))
		// What the old code left: the same period ending on 9 April 2027.
		if err := d.InTx(context.Background(), func(q *store.Queries) error {
			return q.Exec(context.Background(), "UPDATE statutory_leave_periods SET end_date = $1 WHERE id = $2 AND business_id = $3",
				time.Date(2027, time.April, 9, 0, 0, 0, 0, time.UTC), old, e.Biz)
		}); err != nil {
			t.Fatal(err)
		}
		var list []map[string]any
		e.Do("GET", S, e.Key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 {
			t.Fatalf("listed %d periods, want 2: %v", len(list), list)
		}
		for _, p := range list {
			w, _ := p["warning"].(string)
			if int64(num(t, p["id"])) != old {
				if w != "" {
					t.Errorf("period %v: warning %q", p["id"], w)
				}
				continue
			}
			if !strings.Contains(w, "2027") || !strings.Contains(fmt.Sprint(p["log"]), "Warning") || num(t, p["amount"]) != 0 || p["status"] != "NotEligible" ||
				p["endDate"] != "2027-04-09T00:00:00" {
				t.Errorf("old period %v", p)
			}
		}
		one := e.Do("GET", fmt.Sprintf("%s/%d", S, old), e.Key, nil).Expect(t, 200).Map(t)
		if w, _ := one["ssp"].(map[string]any)["warning"].(string); !strings.Contains(w, "2027") {
			t.Errorf("the period alone: %v", one)
		}

		// A pay run of the week it falls in (Tuesday 30 March - Monday 5
		// April 2027) is created, keeps Mary's whole salary (£500: none
		// of the period's SSP can be worked out, so none of her salary is
		// taken for it) and warns.
		run := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2027-04-05T00:00:00",
			"datePaid": "2027-04-05T00:00:00"}).Expect(t, 200).Map(t)["id"]
		P := fmt.Sprintf("%s/payrun/%v", e.B, run)
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, e.emp), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(e.emp)].(map[string]any)
		if num(t, tot["grossEarnings"]) != 500 {
			t.Errorf("gross %v, want the week's salary 500.00", tot["grossEarnings"])
		}
		var warnings []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warnings)
		warned := false
		for _, w := range warnings {
			if num(t, w["employeeId"]) == float64(e.emp) && strings.Contains(fmt.Sprint(w["warning"]), "Statutory Sick Pay") &&
				strings.Contains(fmt.Sprint(w["warning"]), "salary of its days is kept") {
				warned = true
			}
		}
		if !warned {
			t.Errorf("no warning for the SSP period: %v", warnings)
		}
	})
}
