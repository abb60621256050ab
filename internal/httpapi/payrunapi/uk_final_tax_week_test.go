package payrunapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// UK week 53: a weekly payment on 5 April 2027 (tax week 53 of 2026/27) is
// taxed on the week-1 basis (HMRC, "Payments in weeks 53, 54 or 56"),
// not cumulatively. £300 a week on 1257L, paid in week 52 (cumulative:
// 300 against 52 weeks' free pay, no tax) and week 53: week 1 free pay
// 241.92, taxable 58.08 -> 58, 20% = 11.60 (the 2026-27 W1 vector
// "UK-rUK weekly p=1 1257L 300.00 11.60"). Cumulatively week 53 would be
// 600 against 53 weeks' free pay: nothing.
func TestUKWeek53IsWeekOneBasis(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		wes := e.employee(t, "Wes", "Weekly", map[string]any{"rate": 300, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2027-03-23T00:00:00"})
		w52 := e.run(t, "2027-03-29", 0, 0)
		expectAmount(t, "week 52 PAYE", e.totals(t, w52, wes)["payeWithheld"], 0)
		e.Do("POST", w52+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		w53 := e.run(t, "2027-04-05", 0, 0)
		tot := e.totals(t, w53, wes)
		expectAmount(t, "week 53 gross", tot["grossEarnings"], 300)
		expectAmount(t, "week 53 PAYE", tot["payeWithheld"], 11.60)
	})
}
