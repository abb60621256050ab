package payrunapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth41: an AU audit round in 2026-27 through the paths a KeyPay
// client uses, the figures read back from what a bureau reads (totals,
// STP pay event, payment summary, warnings, leave balances). W(x) is the
// Schedule 1 scale 2 weekly amount (payroll-rules-2026-27.md 1.3):
// a × (x + 0.99) − b on whole dollars x, rounded to the dollar (x < 1,282:
// a 0.3227, b 185.1935; x < 2,596: a 0.32, b 181.7319; x ≥ 3,653: a 0.47,
// b 655.7704). Employees are $1,000 a week (40 hours, $25 an hour)
// unless said otherwise; SG 12% of OTE (payroll-rules-2026-27.md 1.6).

// carCategory creates a pay category classified AllowanceCar (STP type
// CD), no super of its own.
func (e *auEnv) carCategory(t *testing.T) int64 {
	return int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Car Allowance (per km)", "rateUnit": "Fixed",
		"paymentSummaryClassification": "AllowanceCar", "defaultSuperRate": 0}).Expect(t, 200).Map(t)["id"]))
}

// A car expense allowance paid per kilometre above the ATO rate. ATO,
// "Withholding for allowances" (ato.gov.au/businesses-and-organisations/
// hiring-and-paying-your-workers/payg-withholding/payments-you-need-to-
// withhold-from/payments-to-employees/allowances-and-reimbursements/
// withholding-for-allowances), table 1a, car expense allowance on a cents
// per kilometre basis: up to 5,000 business km at or below the ATO rate,
// no withholding; "payments made at a rate above the approved rate ...
// withhold from the amount which relates to the excess over the approved
// rate"; shown in full as allowance type CD; not OTE. The rate for
// 2026-27: 91c per km (Income Tax Assessment (Cents per Kilometre
// Deduction Rate for Car Expenses) Determination 2026, F2026L00785, s 6;
// it repeals the 2024 determination's 88c; au-reasonable-amounts.md).
//
// Cam drives 300 business km in the week ending 22 November 2026, paid at
// 95c (300 × 0.95 = 285.00):
//   - not withheld from: 300 × 0.91 = 273.00; taxable 1,000 + 285 − 273 =
//     1,012.00; W(1012) = 0.3227 × 1012.99 − 185.1935 = 141.70 → 142;
//   - gross 1,285.00; SG 12% × 1,000 = 120.00 (the allowance is not OTE);
//   - STP allowance CD 285.00, gross 1,000.00, PAYGW 142; payment summary
//     2027: gross payments 1,000, allowances 285 (the whole allowance, as
//     the table says: "show total allowance separately"), tax 142.
//   - (paydepth41 had 88c: 264.00 free, taxable 1,021, PAYG 145.)
//
// A flat car allowance (an amount, no kilometres) is withheld on in full
// (table 1a: a car allowance not paid per kilometre): Flo, $100 a week
// flat: taxable 1,100; W(1100) = 0.3227 × 1100.99 − 185.1935 = 170.09 →
// 170.
//
// Before: Cam's 285.00 was taxed in full: taxable 1,285, W(1285) = 0.32 ×
// 1285.99 − 181.7319 = 229.78 → 230.
func TestAuditAUCarAllowancePerKmAboveTheATORate(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		car := e.carCategory(t)
		cam, flo := e.employee(t, "Cam", nil), e.employee(t, "Flo", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, cam, map[string]any{"payCategoryId": fmt.Sprint(car), "units": 300, "rate": 0.95}).Expect(t, 200)
		e.earnings(t, P, flo, map[string]any{"payCategoryId": fmt.Sprint(car), "earnings": 100}).Expect(t, 200)
		want(t, "Cam", e.totals(t, P, cam), map[string]int64{"grossEarnings": 128500, "taxableEarnings": 101200, "paygWithheld": 14200, "superContribution": 12000})
		want(t, "Flo", e.totals(t, P, flo), map[string]int64{"grossEarnings": 110000, "taxableEarnings": 110000, "paygWithheld": 17000, "superContribution": 12000})
		pe := payee(t, e.stpDoc(t, P), cam)
		s := pe.IncomeStreams[0]
		var cd payroll.Money
		for _, a := range s.Allowances {
			if a.Type == "CD" {
				cd = cd.Add(a.Amount)
			}
		}
		if !cd.Equal(payroll.MustMoney("285")) {
			t.Errorf("STP allowance CD %s, want 285.00", cd)
		}
		if !s.Gross.Equal(payroll.MustMoney("1000")) || !s.TaxWithheld.Equal(payroll.MustMoney("142")) {
			t.Errorf("STP gross %s PAYGW %s, want 1,000.00 (allowances apart) and 142", s.Gross, s.TaxWithheld)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, cam), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 1000, "totalAllowances": 285, "totalTaxWithheld": 142})
	})
}

// The 5,000 km a year. Same ATO table: "Payments made by applying the
// approved (or a lower) rate to the number of kilometres travelled in
// excess of 5,000 business kilometres: Yes (from payments for the excess
// over 5,000 kilometres)". Kim is paid 80c a km (below the ATO rate):
//   - week ending 15 November, paid the 18th: 4,900 km × 0.80 = 3,920.00,
//     none withheld on (within rate and 5,000 km); taxable 1,000; W(1000)
//     = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138;
//   - week ending 22 November: 300 km × 0.80 = 240.00; 100 km left of the
//     year's 5,000: 100 × 0.80 = 80.00 not withheld on, 160.00 is; taxable
//     1,160; W(1160) = 0.3227 × 1160.99 − 185.1935 = 189.46 → 189.
//
// Before: W(4920) = 0.47 × 4920.99 − 655.7704 = 1,657.09 → 1,657 and
// W(1240) = 0.3227 × 1240.99 − 185.1935 = 215.28 → 215.
func TestAuditAUCarAllowanceBeyondFiveThousandKm(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		car := e.carCategory(t)
		kim := e.employee(t, "Kim", nil)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.earnings(t, P1, kim, map[string]any{"payCategoryId": fmt.Sprint(car), "units": 4900, "rate": 0.80}).Expect(t, 200)
		want(t, "first week", e.totals(t, P1, kim), map[string]int64{"grossEarnings": 492000, "taxableEarnings": 100000, "paygWithheld": 13800})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, kim, map[string]any{"payCategoryId": fmt.Sprint(car), "units": 300, "rate": 0.80}).Expect(t, 200)
		want(t, "second week", e.totals(t, P, kim), map[string]int64{"grossEarnings": 124000, "taxableEarnings": 116000, "paygWithheld": 18900})
	})
}

// A standing deduction of a percentage of OTE reads the same OTE as the
// super guarantee: an expense allowance expected to be spent is not OTE
// (SGR 2009/2; ATO "Withholding for allowances" table 1a: deductible
// expenses, "Part of OTE? No"; au-pay-rules.md §4). Ola, a 10%
// "PercentageOTE" union fees deduction, is paid a flat $100 car allowance
// and a $10 laundry allowance with her week:
//   - OTE 1,000; union fees 10% × 1,000 = 100.00; SG 120.00;
//   - taxable 1,110 (neither allowance paid per km); W(1110) = 0.3227 ×
//     1110.99 − 185.1935 = 173.32 → 173.
//
// Before: the deduction was 10% × 1,110 = 111.00.
func TestAuditAUPercentageOTEDeductionLeavesExpenseAllowancesOut(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		car := e.carCategory(t)
		laundry := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Laundry Allowance", "rateUnit": "Fixed",
			"paymentSummaryClassification": "AllowanceLaundry", "defaultSuperRate": 0}).Expect(t, 200).Map(t)["id"]))
		ola := e.employee(t, "Ola", nil)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, ola), e.Key, map[string]any{"deductionCategoryId": e.ded["Union Fees"],
			"amount": 10, "deductionType": "PercentageOTE", "fromDate": "2026-07-01T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, ola, map[string]any{"payCategoryId": fmt.Sprint(car), "earnings": 100},
			map[string]any{"payCategoryId": fmt.Sprint(laundry), "earnings": 10}).Expect(t, 200)
		want(t, "Ola", e.totals(t, P, ola), map[string]int64{"grossEarnings": 111000, "postTaxDeductions": 10000, "paygWithheld": 17300, "superContribution": 12000})
	})
}

// Annual leave cashed out below 4 weeks' balance: Fair Work Act 2009
// s 93(3) (award/agreement terms: "paid annual leave must not be cashed out
// if the cashing out would result in the employee's remaining accrued
// entitlement to paid annual leave being less than 4 weeks"; each
// cashing out by a separate written agreement) and s 94 (award-free
// employees, the same conditions). A pay-run warning, not a refusal.
// Ada and Ben (40 hours a week: 4 weeks = 160 hours) each cash out 38
// hours in the week ending 22 November 2026 through "Annual Leave Cash
// Out" (deriving from "Annual Leave Taken", LeaveCashOutOfLeaveInService):
//   - Ada held 180 h entered the week before + that week's accrual 40 ×
//     0.076923 = 3.0769 h, + this week's 3.0769 h − 38 = 148.1538 h:
//     under 160, warned;
//   - Ben held 200 h: 168.1538 h left, no warning.
//
// Before: no warning.
func TestAuditAUAnnualLeaveCashOutUnderFourWeeksWarns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		co := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Annual Leave Cash Out", "rateUnit": "Hourly",
			"parentId": e.pay["Annual Leave Taken"], "paymentSummaryClassification": "LeaveCashOutOfLeaveInService", "accruesLeave": false}).Expect(t, 200).Map(t)["id"]))
		ada, ben := e.employee(t, "Ada", nil), e.employee(t, "Ben", nil)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{
			fmt.Sprint(ada): []any{map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 180}},
			fmt.Sprint(ben): []any{map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 200}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		for _, id := range []int64{ada, ben} {
			e.earnings(t, P, id, map[string]any{"payCategoryId": fmt.Sprint(co), "units": 38, "rate": 25}).Expect(t, 200)
		}
		check := func(when string) {
			t.Helper()
			var warns []map[string]any
			e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
			var adaWarned, benWarned bool
			for _, w := range warns {
				s := fmt.Sprint(w["warning"])
				if !strings.Contains(s, "4 weeks") {
					continue
				}
				switch int64(num(t, w["employeeId"])) {
				case ada:
					adaWarned = strings.Contains(s, "148.1538 hours")
				case ben:
					benWarned = true
				}
			}
			if !adaWarned || benWarned {
				t.Errorf("%s: Ada warned %v (want 148.1538 hours left), Ben warned %v (want none): %v", when, adaWarned, benWarned, warns)
			}
		}
		check("draft")
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		check("finalised")
		if b := e.annualBalance(t, ada, "2026-11-22"); b != 148.1538 {
			t.Errorf("Ada's annual leave balance %v h, want 148.1538", b)
		}
	})
}

// A foreign resident with a study and training support loan. Schedule 3
// (foreign residents, payroll-rules-2026-27.md 1.3: x < 2,596: a 0.30,
// b 0.30) and Schedule 8 (1.5: the "tax-free threshold claimed or foreign
// resident" column: 1,337 ≤ x < 2,494: 0.15 x − 200.5615): a foreign
// resident with a loan repays it and is withheld on for it. Fen, $2,000 a
// week:
//   - Schedule 1 scale 3: 0.30 × 2000.99 − 0.30 = 600.00 → 600;
//   - Schedule 8: 0.15 × 2000.99 − 200.5615 = 99.59 → 100;
//   - SG 12% × 2,000 = 240.00.
func TestAuditAUForeignResidentWithAStudyLoan(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fen := e.employee(t, "Fen", map[string]any{"rate": 2000, "australianResident": false, "claimTaxFreeThreshold": false, "stslDebt": true})
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "Fen", e.totals(t, P, fen), map[string]int64{"grossEarnings": 200000, "paygWithheld": 60000, "helpWithheld": 10000, "superContribution": 24000})
	})
}

// A foreign resident resigns with unused annual leave (ATO Schedule 7,
// NAT 3351, normal termination, leave accrued after 17 August 1993: the
// marginal method on the tax table the employee is on, here scale 3; the
// payment ÷ 52, cents disregarded, added to normal earnings, the
// difference × 52; au-pay-rules.md §2). Fay, a foreign resident, $1,500 a
// week (40 hours, $37.50 an hour), holds 40 hours entered the week ending
// 15 November 2026 and resigns on Sunday 22 November (form-encoded, as a
// generated client sends it):
//   - balance 40 + 2 × 40 × 0.076923 (3.0769 each week) = 46.1538 h ×
//     37.50 = 1,730.77 (not OTE);
//   - normal: W3(1500) = 0.30 × 1500.99 − 0.30 = 450.00 → 450;
//   - leave: 1,730.77 ÷ 52 = 33.28 → 33; W3(1533) = 0.30 × 1533.99 −
//     0.30 = 459.90 → 460; (460 − 450) × 52 = 520;
//   - PAYG 970; SG 12% × 1,500 = 180.00.
func TestAuditAUForeignResidentResignsWithUnusedLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fay := e.employee(t, "Fay", map[string]any{"rate": 1500, "australianResident": false, "claimTaxFreeThreshold": false})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(fay): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.form(t, P+"/terminate", url.Values{"employeeId": {fmt.Sprint(fay)}, "terminationReason": {"Resignation"},
			"terminationDate": {"2026-11-22T00:00:00"}}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, fay), map[string]int64{"grossEarnings": 150000 + 173077, "paygWithheld": 97000, "superContribution": 18000})
		// The STP pay event reports her as a foreign resident: tax
		// treatment code FFXXXX (category F, option F, no study loan, no
		// Medicare levy variations; au-stp-phase2.md [TTN]). It was
		// refused with 409 before.
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		if len(doc.Payees) != 1 || doc.Payees[0].TaxTreatmentCode != "FFXXXX" {
			t.Errorf("STP payees %+v, want one with tax treatment code FFXXXX", doc.Payees)
		}
	})
}

// Schedule 5 Method A for back pay on fortnightly and monthly runs, over
// the pay periods it relates to (ATO Schedule 5, NAT 3348, "Working out
// the withholding amount", step 3: a back payment for a defined period
// shorter than 12 months is divided by the pay periods it relates to;
// au-pay-rules.md §1). Back pay of ordinary hours is OTE (SGR 2009/2).
//
// Fia, $52,000 a year paid fortnightly ($2,000), a $1,500 back payment of
// a rise backdated five fortnights (lumpSumNumberOfPayPeriods 5, sent
// form-encoded):
//  1. 2,000; 2. W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138, × 2
//     = 276; 3. 1,500 ÷ 5 = 300; 4. 2,300; 5. W(1150) = 0.3227 × 1150.99 −
//     185.1935 = 186.23 → 186, × 2 = 372; 6. 96; 7. 96 × 5 = 480 (under
//     47% × 1,500 = 705): PAYG 756; SG 12% × 3,500 = 420.00.
//
// Mia, $78,000 a year paid monthly ($6,500), $900 back pay over three
// months:
//  1. 6,500 → × 3 ÷ 13 = 1,500; W(1500) = 0.32 × 1500.99 − 181.7319 =
//     298.58 → 299; × 13 ÷ 3 = 1,295.67 → 1,296;
//  3. 900 ÷ 3 = 300; 4. 6,800 → × 3 ÷ 13 = 1,569.23 → 1,569; 0.32 ×
//     1569.99 − 181.7319 = 320.66 → 321; × 13 ÷ 3 = 1,391;
//  6. 95; 7. 95 × 3 = 285 (under 47% × 900 = 423): PAYG 1,581; SG 12% ×
//     7,400 = 888.00.
func TestAuditAUBackPayOverItsPeriodsFortnightlyAndMonthly(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fn, mo := e.schedule(t, "Fortnightly"), e.schedule(t, "Monthly")
		fia := e.employee(t, "Fia", map[string]any{"paySchedule": "Fortnightly", "rate": 52000, "rateUnit": "Annually"})
		mia := e.employee(t, "Mia", map[string]any{"paySchedule": "Monthly", "rate": 78000, "rateUnit": "Annually"})
		P := e.runOn(t, fn, "2026-11-22", "2026-11-25")
		k := fmt.Sprintf("earningsLines.%d", fia)
		e.form(t, P+"/earningslines", url.Values{k + "[0].payCategoryId": {fmt.Sprint(e.pay["Back Pay"])}, k + "[0].earnings": {"1500"},
			k + "[0].lumpSumNumberOfPayPeriods": {"5"}}).Expect(t, 200)
		want(t, "fortnightly back pay", e.totals(t, P, fia), map[string]int64{"grossEarnings": 350000, "paygWithheld": 75600, "superContribution": 42000})
		M := e.runOn(t, mo, "2026-11-30", "2026-11-30")
		e.earnings(t, M, mia, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Back Pay"]), "earnings": 900, "lumpSumNumberOfPayPeriods": 3}).Expect(t, 200)
		want(t, "monthly back pay", e.totals(t, M, mia), map[string]int64{"grossEarnings": 740000, "paygWithheld": 158100, "superContribution": 88800})
	})
}

// No tax-free threshold, a study and training support loan and a bonus
// for the year (ATO Schedule 5 Method A, au-pay-rules.md §1: steps 2 and
// 5 are Schedule 1 with the Schedule 8 component; Schedule 1 scale 1 and
// Schedule 8's no-TFT column, payroll-rules-2026-27.md 1.3 and 1.5). Ned,
// $1,000 a week, a $5,200 bonus (Bonus, 52 periods):
//  2. scale 1: 0.32 × 1000.99 − 71.6508 = 248.67 → 249; STSL 0.15 ×
//     1000.99 − 148.0615 = 2.09 → 2;
//  3. 5,200 ÷ 52 = 100; 4. 1,100;
//  5. scale 1: 0.32 × 1100.99 − 71.6508 = 280.67 → 281; STSL 0.15 ×
//     1100.99 − 148.0615 = 17.09 → 17;
//     6.-7. Schedule 1 (281 − 249) × 52 = 1,664; Schedule 8 (17 − 2) × 52 =
//     780; together 2,444, at the 47% limit (47% × 5,200 = 2,444), not
//     over it;
//     - PAYG 249 + 1,664 = 1,913, the loan 2 + 780 = 782; SG 12% × 6,200 =
//     744.00 (a bonus for ordinary hours is OTE, SGR 2009/2).
func TestAuditAUNoThresholdStudyLoanAndABonus(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ned := e.employee(t, "Ned", map[string]any{"claimTaxFreeThreshold": false, "stslDebt": true})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, ned, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 5200}).Expect(t, 200)
		want(t, "Ned", e.totals(t, P, ned), map[string]int64{"grossEarnings": 620000, "paygWithheld": 191300, "helpWithheld": 78200, "superContribution": 74400})
	})
}
