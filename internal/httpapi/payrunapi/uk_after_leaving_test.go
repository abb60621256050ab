package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// UK payment after leaving (GOV.UK, "Employee leaving": paying an employee
// after giving them a P45, use tax code 0T on a week 1 or month 1 basis
// and deduct National Insurance as normal, but treat an irregular payment
// such as an unexpected bonus as a weekly payment): Lee, £3,000 a month
// on 1257L, leaves on 15 October 2026; her final pay (October) is
// finalised, and in November she is paid a £1,000 bonus by a run that
// includes leavers:
//   - PAYE 0T month 1: no free pay; the month-1 basic band 37,700 ÷ 12 =
//     3,141.67 covers it: 20% × 1,000 = 200.00;
//   - NI on a weekly earnings period: 8% × (967 − 242) = 58.00 and 2% ×
//     (1,000 − 967) = 0.66: 58.66 (monthly it would be nil: 1,000 is
//     under the monthly PT of 1,048).
//
// Ray, who left the same day, is paid £1,000 of wages owed (regular pay):
// the same 0T month 1 tax, 200.00, and NI on his usual monthly period:
// nil (1,000 is under the monthly PT of 1,048).
func TestAuditUKPaymentAfterLeaving(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		lee := e.employee(t, "Lee", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-04-06T00:00:00"})
		e.leaveOn(t, lee, "2026-10-15")
		ray := e.employee(t, "Ray", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-04-06T00:00:00"})
		e.leaveOn(t, ray, "2026-10-15")
		wages := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Wages Owed", "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"]))
		oct := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-11-30T00:00:00",
			"datePaid": "2026-11-30T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		nov := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.Do("POST", nov+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(lee): []any{map[string]any{"payCategoryId": "BON", "earnings": 1000}}}}).Expect(t, 200)
		tot := e.totals(t, nov, lee)
		expectAmount(t, "gross after leaving", tot["grossEarnings"], 1000)
		expectAmount(t, "PAYE 0T month 1", tot["payeWithheld"], 200)
		expectAmount(t, "NI weekly", tot["employeeNationalInsuranceContribution"], 58.66)
		if x := e.explainTerms(t, nov, lee, "ni.employee"); x["irregular payment after leaving: weekly earnings period"] != 1000 || x["PT"] != 242 {
			t.Errorf("explanation of NI: %v", x)
		}
		e.pay(t, nov, ray, wages, 1000)
		tot = e.totals(t, nov, ray)
		expectAmount(t, "Ray's PAYE 0T month 1", tot["payeWithheld"], 200)
		expectAmount(t, "Ray's NI monthly", tot["employeeNationalInsuranceContribution"], 0)
	})
}
