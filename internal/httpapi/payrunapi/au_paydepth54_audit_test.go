package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth54: AU terminations and ETPs paid late, death benefits, leave
// loading on termination, leavers and joiners part-way through a period,
// a 53rd weekly pay, through the API a KeyPay client uses. W(x) is the
// Schedule 1 scale 2 weekly amount for 2026-27 (payroll-rules-2026-27.md
// 1.3): 0.3227 × (x + 0.99) − 185.1935 for 865 ≤ x < 1,282; 0.32 × (x +
// 0.99) − 181.7319 for x < 2,596; rounded to the dollar. Employees are
// $1,000 a week (40 hours, $25 an hour) unless said otherwise.

// A payment in consequence of a termination received more than 12 months
// after it (ITAA 1997 s 82-130(1)(b): an ETP is "received no later than
// 12 months after that termination (but see subsection (4))"; s
// 82-130(4)(b): the rule does not apply to a genuine redundancy payment or
// an early retirement scheme payment; ATO "The 12-month rule": payments
// outside the 12-month period are assessable income taxed at marginal
// rates). ATO Schedule 11 covers such a "delayed termination payment"
// with its own rate: 32% with a TFN (31.5% in the 2013-14 schedule, 30% +
// the 1.5% Medicare levy then; the levy is 2% since 1 July 2014),
// rounded to the dollar; it is reported in gross payments, not as an ETP
// (au-pay-rules.md §3).
//
// Dot and Rex, born 3 March 1960 (preservation age 55, 67 at 30 June
// 2027: 17% on an ETP within the cap), employed from 1 July 2025, leave on
// Sunday 28 September 2025 (Dot dismissed, Rex made genuinely redundant),
// their final pay on 1 October 2025. A run paid Wednesday 25 November
// 2026 (14 months later) pays each $20,000:
//   - Dot, a payment in lieu of notice (code O category): a delayed
//     termination payment: 32% × 20,000 = 6,400. STP: no ETP record, gross
//     20,000.00; payment summary 2027: gross payments 20,000, tax 6,400, no
//     ETP summary; the pay run warns that the 20,000.00 is not an ETP (the
//     Commissioner's determinations, s 82-130(5) and (7), cannot be
//     recorded).
//   - Rex, a redundancy payment (code R category, termination reason
//     Redundancy): still an ETP (s 82-130(4)(b)): 17% × 20,000 = 3,400,
//     STP ETP code R, taxable 20,000.00, withheld 3,400.00.
//
// Before: Dot's payment was taken as an ETP code O at 17% (3,400) and
// reported as one.
func TestAuditAUTerminationPaymentMoreThanTwelveMonthsLate(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		born := map[string]any{"dateOfBirth": "1960-03-03T00:00:00"}
		dot, rex := e.employee(t, "Dot", born), e.employee(t, "Rex", born)
		P0 := e.run(t, "2025-09-28", "2025-10-01")
		e.Do("POST", P0+"/terminate", e.Key, map[string]any{"employeeId": dot, "terminationReason": "Dismissal", "terminationDate": "2025-09-28T00:00:00"}).Expect(t, 200)
		e.Do("POST", P0+"/terminate", e.Key, map[string]any{"employeeId": rex, "terminationReason": "Redundancy", "terminationDate": "2025-09-28T00:00:00"}).Expect(t, 200)
		e.Do("POST", P0+"/finalise", e.Key, nil).Expect(t, 200)

		P := e.laterRun(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, dot, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 20000}).Expect(t, 200)
		e.earnings(t, P, rex, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Redundancy Payment (ETP)"]), "earnings": 20000}).Expect(t, 200)
		want(t, "Dot's delayed payment", e.totals(t, P, dot), map[string]int64{"grossEarnings": 2000000, "paygWithheld": 640000})
		want(t, "Rex's late redundancy ETP", e.totals(t, P, rex), map[string]int64{"grossEarnings": 2000000, "paygWithheld": 340000})
		if got := e.figureValue(t, P, dot, "payg.delayedtermination"); got != 6400 {
			t.Errorf("Dot's payg.delayedtermination %v, want 6,400", got)
		}
		e.matchesPaySlip(t, P, dot)
		var warns []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		warned := map[int64]bool{}
		for _, w := range warns {
			if s := fmt.Sprint(w["warning"]); strings.Contains(s, "more than 12 months") && strings.Contains(s, "20000.00") {
				warned[int64(num(t, w["employeeId"]))] = true
			}
		}
		if !warned[dot] || warned[rex] {
			t.Errorf("warnings %v: want Dot's 20000.00 named as a delayed termination payment, nothing for Rex", warns)
		}
		doc := e.stpDoc(t, P) // finalises the run
		s := payee(t, doc, dot).IncomeStreams[0]
		if len(s.EmploymentTermination) != 0 || !s.Gross.Equal(payroll.MustMoney("20000")) || !s.TaxWithheld.Equal(payroll.MustMoney("6400")) {
			t.Errorf("Dot's STP: ETPs %+v, gross %s, PAYGW %s; want no ETP, gross 20,000.00, PAYGW 6,400.00", s.EmploymentTermination, s.Gross, s.TaxWithheld)
		}
		r := payee(t, doc, rex).IncomeStreams[0]
		if len(r.EmploymentTermination) != 1 || r.EmploymentTermination[0].Code != "R" ||
			!r.EmploymentTermination[0].TaxableComponent.Equal(payroll.MustMoney("20000")) || !r.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("3400")) {
			t.Errorf("Rex's STP ETPs %+v, want one code R, taxable 20,000.00, withheld 3,400.00", r.EmploymentTermination)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, dot), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "Dot's payment summary", sum, map[string]float64{"grossPayments": 20000, "totalTaxWithheld": 6400})
		var list []map[string]any
		e.Do("GET", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, dot), e.Key, nil).Expect(t, 200).JSON(t, &list)
		for _, x := range list {
			if x["paymentSummaryType"] == "EmployeeTerminationPayment" {
				t.Errorf("Dot has an ETP payment summary %v; a delayed termination payment is not an ETP", x)
			}
		}
	})
}
