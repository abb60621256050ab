package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Audits of the year-level figures: the payment summary after a year with
// salary sacrifice, a bonus, back pay and a termination; leave loading in
// an ordinary run and on termination; the 53rd weekly pay outside the UK.
// W(x) is the 2026-27 Schedule 1 scale 2 weekly amount (payroll-rules-
// 2026-27.md 1.3): a × (x + 0.99) − b, rounded to the dollar.

// AU payment summary after salary sacrifice, a bonus, back pay and a
// termination with an ETP (Schedules 1, 5, 7 and 11; the payment summary
// boxes per docs/reference/au-pay-rules.md §6). Pat, $1,500 a week for 40
// hours ($37.50 an hour), sacrifices $100 a week to super:
//   - week 1 (paid 11 November 2026): taxable 1,400; W(1400) = 0.32 ×
//     1400.99 − 181.7319 = 266.58 → 267;
//   - week 2: a $1,000 bonus (Schedule 5 Method A over the year's 52
//     periods): 1,000 ÷ 52 = 19.23 → 19; W(1419) = 0.32 × 1419.99 −
//     181.7319 = 272.66 → 273; (273 − 267) × 52 = 312 (under 47% × 1,000
//     = 470): 267 + 312 = 579;
//   - week 3: $500 of back pay for this year (Method A): 500 ÷ 52 = 9.61
//     → 9; W(1409) = 0.32 × 1409.99 − 181.7319 = 269.46 → 269; (269 −
//     267) × 52 = 104: 267 + 104 = 371;
//   - week 4, resigns on Sunday 29 November: the annual leave accrued by
//     the four runs (NES 4 weeks a year: 40 × 4 ÷ 52 = 3.076923 h a week,
//     12.307692 h) is paid out, 12.307692 × 37.50 = 461.54, under
//     Schedule 7's marginal method: 461.54 ÷ 52 = 8.87 → 8; W(1408) =
//     0.32 × 1408.99 − 181.7319 = 269.14 → 269; (269 − 267) × 52 = 104;
//     a $3,000 payment in lieu of notice (ETP code O, 32% under the
//     preservation age: 960): 267 + 104 + 960 = 1,331.
//
// The summary: gross payments 4 × 1,400 + 1,000 + 500 + 461.54 =
// 7,561.54 → 7,561 (the sacrifice is not a gross payment; the unused leave
// of a normal termination, accrued after 17 August 1993, is); tax 267 +
// 579 + 371 + 1,331 = 2,548; reportable employer super contributions 4 ×
// 100 = 400; ETP taxable component 3,000 code O; no lump sums A, B, D, E.
// The super guarantee is 12% of the ordinary time earnings before the
// sacrifice (SGAA s 15A): 180 a week, and on the bonus (a bonus for
// ordinary hours is OTE, SGR 2009/2) 120 and the back pay of salary 60;
// not on the unused leave; on the payment in lieu of notice (an ETP for
// withholding but OTE, SGR 2009/2; the default category is a superable
// ETP since paydepth56) 12% × 3,000 = 360: week 4 180 + 360 = 540 (was
// 180), the year's base 4 × 1,500 + 1,000 + 500 + 3,000 far under the
// 2026-27 maximum contribution base of $270,830.
func TestAuditAUPaymentSummaryAfterAYear(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pat := e.employee(t, "Pat", map[string]any{"rate": 1500})
		weeks := []struct {
			ending, paid string
			extra        map[string]any
			payg, super  int64
		}{
			{"2026-11-08", "2026-11-11", nil, 26700, 18000},
			{"2026-11-15", "2026-11-18", map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 1000}, 57900, 30000},
			{"2026-11-22", "2026-11-25", map[string]any{"payCategoryId": fmt.Sprint(e.pay["Back Pay"]), "earnings": 500}, 37100, 24000},
			{"2026-11-29", "2026-12-02", map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 3000}, 133100, 54000},
		}
		for i, w := range weeks {
			P := e.run(t, w.ending, w.paid)
			if i == len(weeks)-1 {
				e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": pat, "terminationReason": "Resignation", "terminationDate": "2026-11-29T00:00:00"}).Expect(t, 200)
			}
			e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(pat): []any{
				map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Salary Sacrifice (Superannuation)"]), "amount": 100}}}}).Expect(t, 200)
			if w.extra != nil {
				e.earnings(t, P, pat, w.extra).Expect(t, 200)
			}
			// The fund is paid the SG and the sacrifice.
			want(t, "week ending "+w.ending, e.totals(t, P, pat), map[string]int64{"paygWithheld": w.payg, "superContribution": w.super + 10000})
			e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, pat), e.Key, nil).Expect(t, 200).Map(t)
		// The ETP has its own summary with the 960 withheld from it (32%).
		for k, v := range map[string]float64{"grossPayments": 7561, "totalTaxWithheld": 2548 - 960, "employerSuperContributions": 400, "taxableComponent": 0,
			"lumpSumA": 0, "lumpSumB": 0, "lumpSumD": 0, "lumpSumE": 0, "totalAllowances": 0} {
			if num(t, sum[k]) != v {
				t.Errorf("payment summary %s = %v, want %v", k, sum[k], v)
			}
		}
		e.etpSummary(t, 2027, pat, "O", 3000, 960)
		var list []map[string]any
		e.Do("GET", e.B+"/paymentsummary/2027", e.Key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 || num(t, list[0]["grossPayments"]) != 7561 || num(t, list[0]["totalTaxWithheld"]) != 2548-960 {
			t.Errorf("stored payment summaries %v", list)
		}
	})
}

// AU leave loading in an ordinary run and on termination (Schedule 1 for
// loading on leave taken; Schedule 7 for the unused leave and its loading
// paid on a normal termination; neither is Lump Sum A, both are gross
// payments; SG on the loading of leave taken, not on the termination
// payout: SGR 2009/2). Lea, $1,000 a week for 40 hours ($25 an hour),
// annual leave with a 17.5% loading, 40 hours credited in week 1 (and
// its own accrual, 3.076923 hours a week):
//   - week 1: W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138;
//   - week 2, 16 hours of leave: 600 + 400 + loading 70 = 1,070; W(1070)
//     = 0.3227 × 1070.99 − 185.1935 = 160.41 → 160; SG 12% × 1,070 =
//     128.40;
//   - week 3, resigns on Sunday 22 November: balance 40 + 3 × 3.076923 −
//     16 = 33.230769 h × 25 = 830.77, loading 17.5% = 145.38: 976.15.
//     Schedule 7: 976.15 ÷ 52 = 18.77 → 18; W(1018) = 0.3227 × 1018.99 −
//     185.1935 = 143.63 → 144; 138 + (144 − 138) × 52 = 450. SG 120.
//
// The summary: gross payments 1,000 + 1,070 + 1,000 + 976.15 = 4,046.15
// → 4,046; tax 138 + 160 + 450 = 748; Lump Sum A 0.
func TestAuditAULeaveLoadingInThePaymentSummary(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		lea := e.employee(t, "Lea", nil)
		P := e.run(t, "2026-11-08", "2026-11-11")
		e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(lea): []any{
			map[string]any{"leaveCategoryId": al, "amount": 40}}}}).Expect(t, 200)
		want(t, "week 1", e.totals(t, P, lea), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800, "superContribution": 12000})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, lea), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-11-09T00:00:00", "toDate": "2026-11-10T00:00:00", "hours": 16, "automaticallyApprove": true}).Expect(t, 200)
		P = e.run(t, "2026-11-15", "2026-11-18")
		want(t, "week 2", e.totals(t, P, lea), map[string]int64{"grossEarnings": 107000, "paygWithheld": 16000, "superContribution": 12840})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		P = e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": lea, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, lea), map[string]int64{"grossEarnings": 100000 + 83077 + 14538, "paygWithheld": 45000, "superContribution": 12000})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, lea), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]float64{"grossPayments": 4046, "totalTaxWithheld": 748, "lumpSumA": 0} {
			if num(t, sum[k]) != v {
				t.Errorf("payment summary %s = %v, want %v", k, sum[k], v)
			}
		}
	})
}

// The 53rd weekly pay of a year outside the UK is withheld from as any
// other week (docs/reference/extra-pay-day-years.md):
//   - AU: 2026-27 has 53 Wednesdays (1 July 2026 and 30 June 2027 are
//     both Wednesdays). The ATO's additional amounts for a 53rd pay are
//     withheld only at the payee's written request (ATO, "Withholding for
//     27 fortnightly or 53 weekly pays in a year"; its table is based on
//     2015 rates), so the 53rd pay of $1,000 withholds W(1000) = 138 like
//     the others; SG 12% = 120.
//   - NZ: 2026-27 (1 April 2026 - 31 March 2027) has 53 Wednesdays. IR340
//     is per period, on the period's pay annualised over 52 weeks whatever
//     the year's count: $1,000 × 52 = 52,000: 10.5% × 15,600 + 17.5% ×
//     36,400 = 8,008 ÷ 52 = 154.00; ACC earners' levy 1.75% × 1,000 =
//     17.50.
func TestAuditAUWeek53(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		au := newAUEnv(t, d)
		amy := au.employee(t, "Amy", nil)
		P := au.run(t, "2027-06-27", "2027-06-30")
		want(t, "AU pay 53", au.totals(t, P, amy), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800, "superContribution": 12000})
	})
}

// The NZ half of TestAuditAUWeek53 (its comment derives the figures).
func TestAuditNZWeek53(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		nz := newRegionEnv(t, d, "NZ", "Weekly")
		ned := nz.employee(t, "Ned", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2025-01-06T00:00:00"})
		r := nz.Do("POST", nz.B+"/payrun", nz.Key, map[string]any{"payScheduleId": nz.schedule, "payPeriodEnding": "2027-03-28T00:00:00",
			"datePaid": "2027-03-31T00:00:00"}).Expect(t, 200).Map(t)
		tot := nz.totals(t, fmt.Sprintf("%s/payrun/%d", nz.B, int64(num(t, r["id"]))), ned)
		expectAmount(t, "NZ pay 53 gross", tot["grossEarnings"], 1000)
		expectAmount(t, "NZ pay 53 PAYE", tot["payeWithheld"], 154)
		expectAmount(t, "NZ pay 53 ACC levy", tot["accLevyAmount"], 17.50)
	})
}

// AU salary sacrifice to a benefit other than super (a novated car lease,
// the default "Salary Sacrifice (Other Benefits)" category): the salary
// given up is not ordinary time earnings, and only an amount sacrificed
// to super stays in the SG base (SGAA s 15A's "sacrificed ordinary time
// earnings amount" is one the employer contributes to a complying fund;
// ATO, "Salary sacrificing super – information for employers": the base
// is OTE plus "any amounts which would have been OTE, had they not been
// salary sacrificed into a complying super fund"). Nat, $1,500 a week,
// sacrifices $300 a week for a car: taxable 1,200, W(1200) = 0.3227 ×
// 1200.99 − 185.1935 = 202.37 → 202; SG 12% × (1,500 − 300) = 144.00
// (before: 180.00, on the salary she gave up).
//
// A standing sacrifice to super (a recurring deduction of the employee,
// not one entered on the run) is paid to the fund like a run's: Sue,
// $1,500 a week, $200 a week: SG 12% × 1,500 = 180 + 200 = 380.00
// (before: 180.00, the $200 deducted and never remitted).
func TestAuditAUSacrificeToOtherBenefitsAndStandingSacrifice(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		nat := e.employee(t, "Nat", map[string]any{"rate": 1500})
		sue := e.employee(t, "Sue", map[string]any{"rate": 1500})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, sue), e.Key, map[string]any{"name": "Super sacrifice",
			"deductionCategoryId": e.ded["Salary Sacrifice (Superannuation)"], "amount": 200, "deductionType": "Fixed", "fromDate": "2026-07-01T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(nat): []any{
			map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Salary Sacrifice (Other Benefits)"]), "amount": 300}}}}).Expect(t, 200)
		want(t, "Nat", e.totals(t, P, nat), map[string]int64{"grossEarnings": 150000, "taxableEarnings": 120000, "paygWithheld": 20200,
			"superContribution": 14400, "netEarnings": 150000 - 30000 - 20200})
		want(t, "Sue", e.totals(t, P, sue), map[string]int64{"grossEarnings": 150000, "taxableEarnings": 130000, "superContribution": 38000})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		det := e.Do("GET", P+"/details", e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].([]any)
		for _, x := range det {
			r := x.(map[string]any)
			if int64(num(t, r["employeeId"])) == sue {
				want(t, "Sue's details", r, map[string]int64{"salarySacrificeSuperAmount": 20000, "superPaymentsTotal": 38000})
			}
		}
	})
}
