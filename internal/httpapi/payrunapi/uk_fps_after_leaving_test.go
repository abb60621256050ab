package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The FPS of a payment after leaving (HMRC FPS data item "payment after
// leaving indicator", Payment/PmtAfterLeaving "yes", which needs the
// leaving date, HMRC business rule 7847; docs/reference/uk-rti.md): Lee,
// £3,000 a month on 1257L, leaves on 15 October 2026; her October pay is
// finalised and reported without the indicator and with her own code;
// in November she is paid a £1,000 bonus by a run that includes leavers.
// That FPS carries the indicator, her leaving date and the code operated,
// 0T on the month 1 basis (GOV.UK, "Employee leaving"), with its taxable
// pay 1,000.00 and tax 20% × 1,000 = 200.00 (as TestAuditUKPaymentAfterLeaving).
func TestAuditUKFPSPaymentAfterLeaving(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		lee := e.employee(t, "Lee", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-04-06T00:00:00", "gender": "Female", "dateOfBirth": "1990-02-03T00:00:00"})
		e.leaveOn(t, lee, "2026-10-15")
		oct := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-11-30T00:00:00",
			"datePaid": "2026-11-30T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		novID := int64(num(t, r["id"]))
		nov := fmt.Sprintf("%s/payrun/%d", e.B, novID)
		e.Do("POST", nov+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(lee): []any{map[string]any{"payCategoryId": "BON", "earnings": 1000}}}}).Expect(t, 200)
		e.Do("POST", nov+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		octID := num(t, e.Do("GET", oct, e.Key, nil).Expect(t, 200).Map(t)["id"])
		for _, c := range []struct {
			name             string
			run              float64
			after, code, w1  string
			taxable, taxPaid float64
		}{
			{"October's final pay", octID, "", "1257L", "", -1, -1},
			{"November's payment after leaving", float64(novID), "yes", "0T", "yes", 1000, 200},
		} {
			fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": c.run}).Expect(t, 200).Map(t)
			emps := fps["employees"].([]any)
			if len(emps) != 1 {
				t.Fatalf("%s: employees %v", c.name, emps)
			}
			emp := emps[0].(map[string]any)
			pay := emp["payment"].(map[string]any)
			tc := pay["taxCode"].(map[string]any)
			if pay["pmtAfterLeaving"] != c.after || tc["code"] != c.code || tc["basisNonCumulative"] != c.w1 || emp["leavingDate"] != "2026-10-15" {
				t.Errorf("%s: payment %v, leaving date %v", c.name, pay, emp["leavingDate"])
			}
			if c.taxable >= 0 && (pay["taxablePay"] != c.taxable || pay["taxDeductedOrRefunded"] != c.taxPaid) {
				t.Errorf("%s: taxable %v tax %v, want %v %v", c.name, pay["taxablePay"], pay["taxDeductedOrRefunded"], c.taxable, c.taxPaid)
			}
		}
	})
}
