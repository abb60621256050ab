package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Holiday pay with regular overtime (Working Time Regulations 1998 reg
// 16(1)-(3), (3ZA)-(3ZG) as amended by SI 2023/1426 from 1 January 2024:
// a week's pay for reg 13 leave includes overtime regularly paid in the 52
// weeks before the leave, averaged over the weeks with pay of the
// reference period; docs/reference/uk-holiday-pay-regular-overtime.md).
// Holly, £15.00 an hour for 37.5 hours a week, weekly from 6 April 2026,
// works 5 hours on "Overtime 1.5x" (loading 50%: 22.50 an hour, 112.50)
// every week for four weeks (gross 675.00 each), then takes a week's
// holiday, 4-8 May 2026 (37.5 hours). Her reference period is the 4
// weeks with pay she has: overtime 4 × 112.50 ÷ 4 = 112.50 a week, ÷ 37.5
// hours = 3.00 an hour on top of 15.00: the holiday line is 37.5 × 18.00
// = 675.00 (before: 562.50, the basic rate only). NI on 675.00: 8% ×
// (675 − 242) = 34.64; employer 15% × (675 − 96) = 86.85.
func TestUKHolidayPayIncludesRegularOvertime(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", e.B+path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		ot := id("/paycategory", map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly", "rateLoadingPercent": 50})
		hp := id("/paycategory", map[string]any{"name": "Holiday Pay", "rateUnit": "Hourly"})
		hol := id("/leavecategory", map[string]any{"name": "Holiday", "leaveUnitType": "Hours", "leaveCategoryType": "Standard", "transferToPayCategoryId": hp})
		holly := e.employee(t, "Holly", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "1257L", "nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00"})
		for i, day := range []string{"2026-04-11", "2026-04-18", "2026-04-25", "2026-05-02"} {
			P := e.run(t, day, 0, 0)
			e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(holly): []any{
				map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 5}}}}).Expect(t, 200)
			if i == 0 {
				e.accrue(t, P, holly, hol, 100)
			}
			expectAmount(t, day+" gross", e.totals(t, P, holly)["grossEarnings"], 675)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, holly), e.Key, map[string]any{"leaveCategoryId": hol,
			"fromDate": "2026-05-04T00:00:00", "toDate": "2026-05-08T00:00:00", "hours": 37.5, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-05-09", 0, 0)
		tot := e.totals(t, P, holly)
		expectAmount(t, "holiday week gross", tot["grossEarnings"], 675)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 34.64)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 86.85)
		l := e.linesNamed(t, P, holly, "Holiday Pay")
		if len(l) != 1 || num(t, l[0]["earnings"]) != 675 || num(t, l[0]["rate"]) != 18 || !strings.Contains(fmt.Sprint(l[0]["notes"]), "reg 16") {
			t.Errorf("holiday lines %v, want 37.5 hours at 18.00 = 675.00 with a note of reg 16", l)
		}
	})
}
