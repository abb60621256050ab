package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth45: AU 2026-27 allowances within the ATO's amounts and the
// 2026-27 termination figures, through the API a KeyPay client uses.
// W(x) is the Schedule 1 scale 2 weekly amount (payroll-rules-2026-27.md
// 1.3): 0.3227 × (x + 0.99) − 185.1935 for x < 1,282, 0.32 × (x + 0.99)
// − 181.7319 for x < 2,596, rounded to the dollar. Employees are $1,000
// a week unless said otherwise; SG 12% of OTE.

// Overtime meal allowances paid under an award (STP type MD). ATO,
// "Withholding for allowances", table 1a: an overtime meal allowance paid
// under an industrial instrument is withheld from only above the
// reasonable amount; TD 2026/4: the reasonable amount for 2026-27 is
// $40.00 a meal (docs/reference/au-reasonable-amounts.md). The allowance
// is not OTE. Week ending 22 November 2026, paid the 25th:
//   - Mel, 3 meals at $45.00 = 135.00: not withheld from 3 × 40.00 =
//     120.00; taxable 1,015.00; W(1015) = 0.3227 × 1015.99 − 185.1935 =
//     142.67 → 143; gross 1,135.00; SG 120.00. STP allowance MD 135.00,
//     gross 1,000.00, PAYGW 143; payment summary gross payments 1,000,
//     allowances 135, tax 143. Explain: allowance.meals.free 120.00.
//   - Max, 2 meals at the award's $21.58 = 43.16, within the amount: all
//     43.16 free; taxable 1,000; W(1000) = 137.83 → 138.
//   - Nat, a meal allowance given as an amount alone, $100 (one unit: one
//     meal): 40.00 free; taxable 1,060; W(1060) = 0.3227 × 1060.99 −
//     185.1935 = 157.19 → 157.
//   - PAYG report, November 2026, Sydney: gross 1,135 + 1,043.16 + 1,100
//     = 3,278.16; tax exempt 120 + 43.16 + 40 = 203.16; taxable 3,075.00
//     (gross − exempt − pre-tax); PAYG 143 + 138 + 157 = 438. Gross to
//     net, Mel: gross 1,135.00, tax exempt 120.00, taxable 1,015.00.
//
// Before: withheld on in full: Mel W(1135) = 0.3227 × 1135.99 − 185.1935
// = 181.39 → 181; Max W(1043) = 151.70 → 152; Nat W(1100) = 170.09 →
// 170; the report's tax exempt column 0 (only tax exempt categories).
func TestAuditAUOvertimeMealsWithinTheReasonableAmount(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		meal := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime Meal Allowance", "rateUnit": "Fixed",
			"paymentSummaryClassification": "AllowanceMeals", "defaultSuperRate": 0}).Expect(t, 200).Map(t)["id"]))
		mel, max, nat := e.employee(t, "Mel", nil), e.employee(t, "Max", nil), e.employee(t, "Nat", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, mel, map[string]any{"payCategoryId": fmt.Sprint(meal), "units": 3, "rate": 45}).Expect(t, 200)
		e.earnings(t, P, max, map[string]any{"payCategoryId": fmt.Sprint(meal), "units": 2, "rate": 21.58}).Expect(t, 200)
		e.earnings(t, P, nat, map[string]any{"payCategoryId": fmt.Sprint(meal), "earnings": 100}).Expect(t, 200)
		want(t, "Mel", e.totals(t, P, mel), map[string]int64{"grossEarnings": 113500, "taxableEarnings": 101500, "paygWithheld": 14300, "superContribution": 12000})
		want(t, "Max", e.totals(t, P, max), map[string]int64{"grossEarnings": 104316, "taxableEarnings": 100000, "paygWithheld": 13800, "superContribution": 12000})
		want(t, "Nat", e.totals(t, P, nat), map[string]int64{"grossEarnings": 110000, "taxableEarnings": 106000, "paygWithheld": 15700})
		if got := e.figureValue(t, P, mel, "allowance.meals.free"); got != 120 {
			t.Errorf("Mel's allowance.meals.free %v, want 120.00", got)
		}
		s := payee(t, e.stpDoc(t, P), mel).IncomeStreams[0]
		var md payroll.Money
		for _, a := range s.Allowances {
			if a.Type == "MD" {
				md = md.Add(a.Amount)
			}
		}
		if !md.Equal(payroll.MustMoney("135")) || !s.Gross.Equal(payroll.MustMoney("1000")) || !s.TaxWithheld.Equal(payroll.MustMoney("143")) {
			t.Errorf("STP MD %s gross %s PAYGW %s, want 135.00, 1,000.00 and 143", md, s.Gross, s.TaxWithheld)
		}
		// (stpDoc finalises the run.)
		var rows []map[string]any
		e.Do("GET", e.B+"/report/payg?fromDate=2026-11-01T00:00:00&toDate=2026-11-30T00:00:00", e.Key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 1 {
			t.Fatalf("PAYG report rows %v, want one", rows)
		}
		want(t, "PAYG report", rows[0], map[string]int64{"grossEarnings": 327816, "taxExemptEarnings": 20316, "preTaxDeductions": 0,
			"taxableEarnings": 307500, "payg": 43800})
		var g2n []map[string]any
		e.Do("GET", e.B+"/report/grosstonet?fromDate=2026-11-01T00:00:00&toDate=2026-11-30T00:00:00", e.Key, nil).Expect(t, 200).JSON(t, &g2n)
		for _, r := range g2n {
			if int64(num(t, r["employeeId"])) == mel {
				want(t, "Mel's gross to net", r, map[string]int64{"totalGrossEarnings": 113500, "totalTaxExemptEarnings": 12000, "taxableEarnings": 101500, "payg": 14300})
			}
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, mel), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 1000, "totalAllowances": 135, "totalTaxWithheld": 143})
	})
}

// A non-excluded ETP past the whole-of-income cap in 2026-27 (Schedule
// 11; ITAA 1997 s 82-10: a payment in lieu of notice is a life benefit
// ETP that is not excluded, so its cap is the smaller of the ETP cap,
// $270,000 for 2026-27, and the whole-of-income cap, $180,000 less the
// income year's other taxable payments). Wes, a casual on $2,000 a week,
// born 1990 (preservation age 60, 37 at 30 June 2027), is paid the week
// ending 15 November 2026 (W(2000) = 0.32 × 2000.99 − 181.7319 = 458.59
// → 459), then dismissed on 22 November and paid that week and $200,000
// in lieu of notice (code O):
//   - whole-of-income cap 180,000 − 2,000 (earlier this year) − 2,000
//     (this pay's other taxable earnings) = 176,000 < 270,000;
//   - 176,000 × 32% = 56,320 + (200,000 − 176,000) × 47% = 11,280:
//     67,600; PAYG 459 + 67,600 = 68,059; gross 202,000;
//   - the ETP's own payment summary: code O, taxable 200,000, tax 67,600.
//
// Same figures before (the ETP cap is not the smaller one): pinned.
// The notice is OTE (SGR 2009/2; the default category is a superable ETP
// since paydepth56): SG 12% × (2,000 + 200,000) = 24,240.00, the year's
// base 204,000 under the 2026-27 maximum contribution base of $270,830.
func TestAuditAUETPPastTheWholeOfIncomeCap2026(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		wes := e.employee(t, "Wes", map[string]any{"employmentType": "Casual", "rate": 2000})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		want(t, "the week before", e.totals(t, P1, wes), map[string]int64{"grossEarnings": 200000, "paygWithheld": 45900})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": wes, "terminationReason": "Dismissal", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, wes, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 200000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, wes), map[string]int64{"grossEarnings": 20200000, "paygWithheld": 6805900, "superContribution": 2424000})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, wes), e.Key, nil).Expect(t, 200)
		e.etpSummary(t, 2027, wes, "O", 200000, 67600)
	})
}

// A genuine redundancy in 2026-27 split at the tax-free limit (ITAA 1997
// s 83-170; ATO key super rates and thresholds, ETPs, 2026-27: $13,598 +
// $6,801 for each completed year of service; au-reasonable-amounts.md).
// Rex and Lou, casuals on $1,000 a week, born 1990, both started on 5
// August 2019 and are made genuinely redundant on Sunday 22 November 2026:
// 7 completed years; limit 13,598 + 7 × 6,801 = 61,205.
//   - Rex is paid $80,000: Lump Sum D 61,205 (tax free) and 18,795 as an
//     ETP code R (excluded; under the preservation age 32% × 18,795 =
//     6,014.40 → 6,014). His long service leave accrued this week (the
//     casual LSL accrual, 40 h ÷ 60 = 0.6667 h × $25 = 16.67, no earlier
//     balance entered) is paid out with it, 32% on a genuine redundancy
//     (Schedule 7): 5.33 → 5. PAYG W(1000) 138 + 5 + 6,014 = 6,157;
//     gross 1,000 + 16.67 + 80,000 = 81,016.67.
//     Explain: lumpsumd.limit 61,205.00.
//   - Lou is paid the whole $80,000 as Lump Sum D: 18,795 above the limit
//     would go untaxed and be reported tax free; her pay is refused with a
//     warning naming the limit (61,205.00) and the excess (18,795.00).
//
// Before: nothing checked Lou's Lump Sum D: PAYG 138 (the whole 80,000
// tax free).
func TestAuditAUGenuineRedundancyTaxFreeLimit2026(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		casual := map[string]any{"employmentType": "Casual", "startDate": "2019-08-05T00:00:00"}
		rex, lou := e.employee(t, "Rex", casual), e.employee(t, "Lou", casual)
		P := e.run(t, "2026-11-22", "2026-11-25")
		lumpD, etp := fmt.Sprint(e.pay["Genuine Redundancy Tax-Free Amount (Lump Sum D)"]), fmt.Sprint(e.pay["Redundancy Payment (ETP)"])
		for _, emp := range []int64{rex, lou} {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": "Redundancy", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		}
		e.earnings(t, P, rex, map[string]any{"payCategoryId": lumpD, "earnings": 61205}, map[string]any{"payCategoryId": etp, "earnings": 18795}).Expect(t, 200)
		e.earnings(t, P, lou, map[string]any{"payCategoryId": lumpD, "earnings": 80000}).Expect(t, 200)
		want(t, "Rex", e.totals(t, P, rex), map[string]int64{"grossEarnings": 8101667, "paygWithheld": 615700})
		if got := e.figureValue(t, P, rex, "lumpsumd.limit"); got != 61205 {
			t.Errorf("Rex's lumpsumd.limit %v, want 61,205.00", got)
		}
		w, _ := e.totals(t, P, lou)["warning"].(string)
		if !strings.Contains(w, "61205.00") || !strings.Contains(w, "18795.00") {
			t.Errorf("Lou's warning %q, want one naming the limit 61205.00 and the excess 18795.00", w)
		}
	})
}
