package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// STP Phase 2 reports year-to-date amounts (au-stp-phase2.md): each pay
// event carries the payee's amounts of the financial year so far, which
// replace what the ATO held. A run un-finalised (unlocked) and finalised
// again is one payment, counted once; a run unlocked and left unlocked is
// no payment, so its amounts leave the year to date of the next event.
//
// Ivy, $1,000 a week (W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 →
// 138; SG 12% = 120.00):
//   - week ending 15 November 2026, finalised and lodged, unlocked, 4
//     more ordinary hours at $25 = 100.00 added (W(1100) = 0.3227 × 1100.99 − 185.1935 = 170.09
//     → 170), finalised and lodged again;
//   - week ending 22 November, finalised and lodged: YTD gross 1,100 +
//     1,000 = 2,100.00, tax 170 + 138 = 308.00;
//   - the week ending 22 November unlocked and left so; week ending 29
//     November finalised and lodged: YTD gross 1,100 + 1,000 = 2,100.00,
//     tax 308.00 (the unlocked week is not in it).
func TestAUSTPYearToDateAfterUnlock(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ivy := e.employee(t, "Ivy", map[string]any{"startDate": "2026-11-09T00:00:00"})
		ytd := func(what string, doc stp.Document, gross, tax string) {
			t.Helper()
			s := payee(t, doc, ivy).IncomeStreams[0]
			if !s.Gross.Equal(payroll.MustMoney(gross)) || !s.TaxWithheld.Equal(payroll.MustMoney(tax)) {
				t.Errorf("%s: STP YTD gross %s tax %s, want %s and %s", what, s.Gross, s.TaxWithheld, gross, tax)
			}
		}
		A := e.run(t, "2026-11-15", "2026-11-18")
		ytd("first week", e.stpDoc(t, A), "1000", "138")
		e.Do("POST", A+"/unlock", e.Key, map[string]any{"comments": "hours missed"}).Expect(t, 200)
		e.earnings(t, A, ivy, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Ordinary Hours"]), "units": 4, "rate": 25}).Expect(t, 200)
		want(t, "first week with the hours", e.totals(t, A, ivy), map[string]int64{"grossEarnings": 110000})
		ytd("first week again", e.stpDoc(t, A), "1100", "170")
		B := e.run(t, "2026-11-22", "2026-11-25")
		ytd("second week", e.stpDoc(t, B), "2100", "308")
		e.Do("POST", B+"/unlock", e.Key, map[string]any{"comments": "hold"}).Expect(t, 200)
		C := e.run(t, "2026-11-29", "2026-12-02")
		ytd("third week, the second unlocked", e.stpDoc(t, C), "2100", "308")
	})
}
