package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Commission in holiday pay (Working Time Regulations 1998 reg 16(3ZA)(a),
// inserted by SI 2023/1426 from 1 January 2024: a week's pay for reg 13
// leave includes "payments, including commission payments, which are
// intrinsically linked to the performance of tasks the worker is required
// to carry out"; averaged over the weeks with pay of the reference period
// as for regular overtime, docs/reference/uk-holiday-pay-regular-overtime.md).
// Cora, £15.00 an hour for 37.5 hours a week, weekly from 6 April 2026,
// is paid £150.00 sales commission (a pay category of type Commission)
// every week for four weeks (gross 562.50 + 150.00 = 712.50 each), then
// takes a week's holiday, 4-8 May 2026 (37.5 hours): commission 4 × 150
// ÷ 4 = 150.00 a week, ÷ 37.5 hours = 4.00 an hour on top of 15.00: the
// holiday line is 37.5 × 19.00 = 712.50 (before: 562.50). NI 8% ×
// (712.50 − 242) = 37.64.
func TestUKHolidayPayIncludesCommission(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", e.B+path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		com := id("/paycategory", map[string]any{"name": "Sales commission", "rateUnit": "Fixed", "payCategoryType": "Commission"})
		hp := id("/paycategory", map[string]any{"name": "Holiday Pay", "rateUnit": "Hourly"})
		hol := id("/leavecategory", map[string]any{"name": "Holiday", "leaveUnitType": "Hours", "leaveCategoryType": "Standard", "transferToPayCategoryId": hp})
		cora := e.employee(t, "Cora", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "1257L", "nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00"})
		for i, day := range []string{"2026-04-11", "2026-04-18", "2026-04-25", "2026-05-02"} {
			P := e.run(t, day, 0, 0)
			e.pay(t, P, cora, com, 150)
			if i == 0 {
				e.accrue(t, P, cora, hol, 100)
			}
			expectAmount(t, day+" gross", e.totals(t, P, cora)["grossEarnings"], 712.50)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, cora), e.Key, map[string]any{"leaveCategoryId": hol,
			"fromDate": "2026-05-04T00:00:00", "toDate": "2026-05-08T00:00:00", "hours": 37.5, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-05-09", 0, 0)
		tot := e.totals(t, P, cora)
		expectAmount(t, "holiday week gross", tot["grossEarnings"], 712.50)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 37.64)
		l := e.linesNamed(t, P, cora, "Holiday Pay")
		if len(l) != 1 || num(t, l[0]["earnings"]) != 712.50 || num(t, l[0]["rate"]) != 19 || !strings.Contains(fmt.Sprint(l[0]["notes"]), "reg 16") {
			t.Errorf("holiday lines %v, want 37.5 hours at 19.00 = 712.50 with a note of reg 16", l)
		}
	})
}
