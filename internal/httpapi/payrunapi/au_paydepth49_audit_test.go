package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth49: AU terminations spread over more than one pay run, leave
// paid out on termination, Schedule 5 edges and declarations, through the
// API a KeyPay client uses. W(x) is the Schedule 1 scale 2 weekly amount
// for 2026-27 (payroll-rules-2026-27.md 1.3): 0.3227 × (x + 0.99) −
// 185.1935 for 865 ≤ x < 1,282; 0.32 × (x + 0.99) − 181.7319 for x <
// 2,596; rounded to the dollar. Employees are $1,000 a week, born 1990
// (preservation age 60), unless said otherwise.

// laterRun is a weekly run that includes terminated employees (a run
// after a leaver's final pay, paying what was left over).
func (e *auEnv) laterRun(t *testing.T, ending, paid string) string {
	t.Helper()
	r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": ending + "T00:00:00",
		"datePaid": paid + "T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
	return fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
}

// A genuine redundancy paid over two runs (ITAA 1997 s 83-170: the
// tax-free part of a genuine redundancy payment is the base plus an amount
// for each completed year of service, one limit for the termination;
// 2026-27 $13,598 + $6,801, au-reasonable-amounts.md). Rex and Lou,
// casuals on $1,000 a week ($25 an hour for 40 hours), born 1990, both
// started on 5 August 2019 and are made genuinely redundant on Sunday 22
// November 2026: 7 completed years, limit 13,598 + 7 × 6,801 = 61,205.
//   - Final pay (week ending 22 November, paid the 25th): $40,000 of Lump
//     Sum D each (within the limit, not withheld from); the long service
//     leave accrued that week (casual accrual 40 h ÷ 60 = 0.6667 h × $25 =
//     16.67, NSW pro rata on a redundancy after 5 years) paid out at 32%
//     (Schedule 7, genuine redundancy): 5.33 → 5. PAYG W(1000) 138 + 5 =
//     143; gross 1,000 + 16.67 + 40,000 = 41,016.67.
//   - A run two weeks later pays the rest of the redundancy payment:
//     Rex 30,000 split at what is left of the limit, 61,205 − 40,000 =
//     21,205 Lump Sum D and 8,795 ETP code R (excluded; under the
//     preservation age, 32% × 8,795 = 2,814.40 → 2,814); PAYG 2,814,
//     gross 30,000. Explain: lumpsumd.limit 61,205.00.
//   - Lou's 30,000 all as Lump Sum D would take the termination's tax-free
//     part to 70,000: refused, the warning naming the limit (61205.00),
//     the 40000.00 paid before and the excess (8795.00); the run cannot be
//     finalised with her pay not worked out (409).
//
// Before: each pay was checked alone, so Lou's 30,000 passed as tax free
// (PAYG 0): 8,795 reported tax free and 2,814 not withheld.
func TestAuditAUGenuineRedundancyLumpSumDOverTwoRuns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		casual := map[string]any{"employmentType": "Casual", "startDate": "2019-08-05T00:00:00"}
		rex, lou := e.employee(t, "Rex", casual), e.employee(t, "Lou", casual)
		lumpD, etp := fmt.Sprint(e.pay["Genuine Redundancy Tax-Free Amount (Lump Sum D)"]), fmt.Sprint(e.pay["Redundancy Payment (ETP)"])
		P := e.run(t, "2026-11-22", "2026-11-25")
		for _, emp := range []int64{rex, lou} {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": "Redundancy", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
			e.earnings(t, P, emp, map[string]any{"payCategoryId": lumpD, "earnings": 40000}).Expect(t, 200)
			want(t, "final pay", e.totals(t, P, emp), map[string]int64{"grossEarnings": 4101667, "paygWithheld": 14300})
		}
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)

		P2 := e.laterRun(t, "2026-12-06", "2026-12-09")
		e.earnings(t, P2, rex, map[string]any{"payCategoryId": lumpD, "earnings": 21205}, map[string]any{"payCategoryId": etp, "earnings": 8795}).Expect(t, 200)
		e.earnings(t, P2, lou, map[string]any{"payCategoryId": lumpD, "earnings": 30000}).Expect(t, 200)
		want(t, "Rex's later pay", e.totals(t, P2, rex), map[string]int64{"grossEarnings": 3000000, "paygWithheld": 281400})
		if got := e.figureValue(t, P2, rex, "lumpsumd.limit"); got != 61205 {
			t.Errorf("Rex's lumpsumd.limit %v, want 61,205.00", got)
		}
		w, _ := e.totals(t, P2, lou)["warning"].(string)
		for _, s := range []string{"61205.00", "40000.00", "8795.00"} {
			if !strings.Contains(w, s) {
				t.Errorf("Lou's warning %q, want one naming %s", w, s)
			}
		}
		e.Do("POST", P2+"/finalise", e.Key, nil).Expect(t, 409)
	})
}

// Non-excluded ETPs of one termination paid in two runs of the same income
// year (Schedule 11; ITAA 1997 s 82-10(4): the whole-of-income cap is
// $180,000 less the income year's other taxable payments, which include
// an ETP paid earlier; s 82-10(3): the ETP cap, $270,000 in 2026-27, less
// the earlier ETPs of the year; a code O payment takes the smaller). Wes,
// a casual on $1,000 a week born 1990 (32% up to the cap, 47% above):
//   - week ending 15 November 2026: 1,000, PAYG W(1000) = 138;
//   - dismissed on Sunday 22 November, his final pay: 1,000 and a
//     $150,000 payment in lieu of notice (code O): cap 180,000 − 1,000 −
//     1,000 = 178,000 ≥ 150,000: 32% × 150,000 = 48,000; PAYG 48,138;
//   - a run two weeks later pays a further $50,000 (code O, through the
//     same category) agreed after he left: whole-of-income cap 180,000 −
//     (2,000 + 150,000) = 28,000, ETP cap 270,000 − 150,000 = 120,000;
//     28,000 × 32% = 8,960 + 22,000 × 47% = 10,340: PAYG 19,300.
func TestAuditAUETPsOverTwoRunsWholeOfIncomeCap(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		wes := e.employee(t, "Wes", map[string]any{"employmentType": "Casual"})
		pilon := fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"])
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		want(t, "the week before", e.totals(t, P1, wes), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": wes, "terminationReason": "Dismissal", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, wes, map[string]any{"payCategoryId": pilon, "earnings": 150000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, wes), map[string]int64{"grossEarnings": 15100000, "paygWithheld": 4813800})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		P2 := e.laterRun(t, "2026-12-06", "2026-12-09")
		e.earnings(t, P2, wes, map[string]any{"payCategoryId": pilon, "earnings": 50000}).Expect(t, 200)
		want(t, "the later ETP", e.totals(t, P2, wes), map[string]int64{"grossEarnings": 5000000, "paygWithheld": 1930000})
	})
}

// A Medicare levy variation declaration (NAT 0929) claiming the family
// reduction, in a year whose adjustment figures are not loaded. ATO
// Schedule 1 "Medicare levy adjustment" (2026 version): the adjustment
// starts at $538 a week on scale 2 and needs the weekly family threshold
// from $673; the 2026-27 family threshold and per-child amount were not
// found (payroll-rules-2026-27.md 1.4: "Medicare: nil"). Fam, $1,000 a
// week, claims the reduction with a spouse and two dependent children:
//   - week ending 22 November 2026: her pay is not worked out, the
//     warning names the missing Medicare levy adjustment parameters, and
//     the run cannot be finalised (409): the scale 2 amount without the
//     adjustment (138) would over-withhold, silently;
//   - week ending 14 June 2026 (2025-26, whose figures are loaded): the
//     adjustment is worked out (payg.medicare, 2025-26 figures as loaded,
//     payroll-rules.md 1.4: weekly family threshold (43,846 + 2 × 4,027)
//     ÷ 52 = 998.08, shading-out point 998.08 × 10% ÷ 8% = 1,247.60; x =
//     1,000.99 lies between them: 2% × 998.08 = 19.96 − (1,000.99 −
//     998.08) × 8% = 0.23 → 19.73 → 20, as the calc test
//     TestMedicareAdjustment's row for two children).
func TestAuditAUMedicareLevyVariationWithoutTheYearsFigures(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fam := e.employee(t, "Fam", map[string]any{"claimMedicareLevyReduction": true, "medicareLevyReductionSpouse": true,
			"medicareLevyReductionDependentCount": 2})
		P0 := e.run(t, "2026-06-14", "2026-06-17")
		if got := e.figureValue(t, P0, fam, "payg.medicare"); got != 20 {
			t.Errorf("2025-26 Medicare levy adjustment %v, want 20", got)
		}
		e.Do("POST", P0+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		w, _ := e.totals(t, P, fam)["warning"].(string)
		if !strings.Contains(w, "Medicare levy adjustment") || !strings.Contains(w, "family threshold") {
			t.Errorf("Fam's 2026-27 pay: warning %q, want one naming the missing Medicare levy adjustment figures", w)
		}
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 409)
	})
}

// Unused long service leave of an employee who started before 18 August
// 1993, paid automatically on resignation: the payment is split by the
// period of service it is for (ITAA 1997 s 83-95; ATO, "Withholding from
// unused leave payments on termination of employment", unused long
// service leave, step 1: leave accrued in a period = the leave accrued ×
// days in the period ÷ days of the long service leave employment period;
// no leave used): the part for 16 August 1978 to 17 August 1993 is Lump
// Sum A (type T on a resignation) withheld at 32%, cents disregarded
// (step 3, table 6; ITAA 1997 s 83-85); the rest goes by the marginal
// method with the other unused leave (Schedule 7).
//   - Pat, full time, $1,200 a week (40 hours, $30 an hour), employed
//     since 1 March 1990, resigns on Sunday 22 November 2026 with 400
//     hours of long service leave entered on the final pay; the week
//     accrues 3.07692 hours of annual leave (92.31) and 0.6667 of long
//     service leave: 400.6667 × 30 = 12,020.00.
//   - Days of service 1 March 1990 – 22 November 2026: 13,416; to 17
//     August 1993: 1,266; from 18 August 1993: 12,150. Post-17/8/93 part
//     12,020 × 12,150 ÷ 13,416 = 10,885.7334 → 10,885.73 (rounded down:
//     a fraction goes to the earlier period, as the ATO's step 1 does
//     with fractions of days); pre-18/8/93 part 1,134.27.
//   - Lump Sum A: 32% × 1,134.27 = 362.97 → 362.
//   - Marginal: 92.31 + 10,885.73 = 10,978.04 ÷ 52 = 211.12 → 211; W(1,411)
//     = 0.32 × 1,411.99 − 181.7319 = 270.11 → 270; W(1,200) = 0.3227 ×
//     1,200.99 − 185.1935 = 202.37 → 202; (270 − 202) × 52 = 3,536.
//   - PAYG 202 + 362 + 3,536 = 4,100; gross 1,200 + 92.31 + 12,020 =
//     13,312.31; SG 12% × 1,200 = 144.00.
//   - Payment summary 2026-27: gross payments 1,200 + 92.31 + 10,885.73 =
//     12,178.04 → 12,178; Lump Sum A 1,134 type T; tax 4,100. STP lump
//     sum AT 1,134.27.
//   - Without a pay category classified LumpSumATypeT the termination is
//     refused (409) naming it, nothing stored.
//
// Before: the whole 12,020 went by the marginal method as post-1993
// leave: 12,112.31 ÷ 52 → 232, W(1,432) = 277, 75 × 52 = 3,900, PAYG
// 4,102, and all of it in gross payments (no Lump Sum A).
func TestAuditAULongServiceLeaveSplitForServiceBefore1993(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pat := e.employee(t, "Pat", map[string]any{"rate": 62400, "rateUnit": "Annually", "startDate": "1990-03-01T00:00:00", "dateOfBirth": "1962-05-06T00:00:00"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(pat): []any{
			map[string]any{"leaveCategoryId": e.leave["Long Service Leave"], "amount": 400}}}}).Expect(t, 200)
		terminate := map[string]any{"employeeId": pat, "terminationReason": "VoluntaryCessation", "terminationDate": "2026-11-22T00:00:00"}
		r := e.Do("POST", P+"/terminate", e.Key, terminate).Expect(t, 409)
		if !strings.Contains(string(r.Body), "LumpSumATypeT") {
			t.Errorf("termination without a Lump Sum A type T category: %s, want a refusal naming LumpSumATypeT", r.Body)
		}
		e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "LSL 16/8/78 - 17/8/93 (Lump Sum A)", "rateUnit": "Fixed",
			"paymentSummaryClassification": "LumpSumATypeT"}).Expect(t, 200)
		e.Do("POST", P+"/terminate", e.Key, terminate).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, pat), map[string]int64{"grossEarnings": 1331231, "paygWithheld": 410000, "superContribution": 14400})
		e.matchesPaySlip(t, P, pat)
		s := payee(t, e.stpDoc(t, P), pat).IncomeStreams[0] // finalises the run
		if got := typedAmount(s.LumpSums, "AT"); !got.Equal(payroll.MustMoney("1134.27")) {
			t.Errorf("STP lump sum AT %s, want 1,134.27 (%+v)", got, s.LumpSums)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, pat), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 12178, "lumpSumA": 1134, "totalTaxWithheld": 4100})
		if sum["lumpSumAType"] != "T" {
			t.Errorf("Lump Sum A type %v, want T", sum["lumpSumAType"])
		}
	})
}

// An ETP for a termination an ETP was already paid for in an earlier
// income year is reported as code S (a code R payment) or P (a code O
// payment) (ATO, Schedule 11, "ETP reporting": "S — This is a code R
// payment. You made one of the following payments to your employee in a
// previous income year for the same termination: a code R payment, a code
// O payment, a transitional termination payment"); its ETP cap is reduced
// by the earlier year's ETPs for the same termination (ITAA 1997 s
// 82-10(3)). Sam, a casual on $1,000 a week born 1990 (32% up to the cap,
// 47% above), made genuinely redundant on Sunday 14 June 2026:
//   - final pay (paid 17 June 2026, 2025-26): a $100,000 redundancy
//     payment (code R): 32% × 100,000 = 32,000 (under the 2025-26 cap of
//     $260,000);
//   - a run paid 8 July 2026 (2026-27) pays $200,000 more through the same
//     code R category: code S; ETP cap 270,000 − 100,000 = 170,000:
//     170,000 × 32% = 54,400 + 30,000 × 47% = 14,100: 68,500.
//   - STP pay event of that run: one ETP, code S, taxable 200,000.00,
//     withheld 68,500.00; the 2026-27 ETP payment summary: code S, taxable
//     200,000, tax 68,500.
//
// Before: the withholding was the same (the cap was already reduced), but
// the payment was reported as code R.
func TestAuditAUETPSameTerminationNextIncomeYearIsCodeS(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		sam := e.employee(t, "Sam", map[string]any{"employmentType": "Casual"})
		etp := fmt.Sprint(e.pay["Redundancy Payment (ETP)"])
		P := e.run(t, "2026-06-14", "2026-06-17")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": sam, "terminationReason": "Redundancy", "terminationDate": "2026-06-14T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, sam, map[string]any{"payCategoryId": etp, "earnings": 100000}).Expect(t, 200)
		if got := e.figureValue(t, P, sam, "payg.etp.R"); got != 32000 {
			t.Errorf("2025-26 ETP withholding %v, want 32,000", got)
		}
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		P2 := e.laterRun(t, "2026-07-05", "2026-07-08")
		e.earnings(t, P2, sam, map[string]any{"payCategoryId": etp, "earnings": 200000}).Expect(t, 200)
		want(t, "the next year's ETP", e.totals(t, P2, sam), map[string]int64{"grossEarnings": 20000000, "paygWithheld": 6850000})
		if got := e.figureValue(t, P2, sam, "payg.etp.S"); got != 68500 {
			t.Errorf("payg.etp.S %v, want 68,500", got)
		}
		s := payee(t, e.stpDoc(t, P2), sam).IncomeStreams[0] // finalises the run
		if len(s.EmploymentTermination) != 1 || s.EmploymentTermination[0].Code != "S" ||
			!s.EmploymentTermination[0].TaxableComponent.Equal(payroll.MustMoney("200000")) || !s.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("68500")) {
			t.Errorf("STP ETPs %+v, want one code S, taxable 200,000.00, withheld 68,500.00", s.EmploymentTermination)
		}
		e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, sam), e.Key, nil).Expect(t, 200)
		var list []map[string]any
		e.Do("GET", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, sam), e.Key, nil).Expect(t, 200).JSON(t, &list)
		found := false
		for _, x := range list {
			if x["paymentSummaryType"] == "EmployeeTerminationPayment" {
				found = true
				dollars(t, "ETP payment summary", x, map[string]float64{"taxableComponent": 200000, "totalTaxWithheld": 68500})
				if x["etpCode"] != "S" {
					t.Errorf("ETP payment summary code %v, want S", x["etpCode"])
				}
			}
		}
		if !found {
			t.Errorf("no ETP payment summary in %v", list)
		}
	})
}

// The same split on a genuine redundancy (ITAA 1997 s 83-95; ATO,
// "Withholding from unused leave payments on termination of employment",
// step 3, table 5): the long service leave for service from 16 August 1978
// and unused annual leave are Lump Sum A type R, 32%, cents disregarded;
// the pre-16 August 1978 part is Lump Sum B, 5% of it at marginal rates.
//   - Gus, full time, $1,200 a week ($30 an hour), employed since 1 March
//     1976, made genuinely redundant on Sunday 22 November 2026 with 400
//     hours of long service leave entered on the final pay (+ 0.6667 the
//     week accrues: 12,020.00) and the week's 3.07692 hours of annual
//     leave (92.31).
//   - Days 18,529: 898 before 16 August 1978, 5,481 to 17 August 1993,
//     12,150 after: 12,020 × 12,150 ÷ 18,529 = 7,881.86; × 5,481 ÷ 18,529
//     = 3,555.59; the rest 582.55 is Lump Sum B.
//   - Lump Sum A: 92.31 + 7,881.86 + 3,555.59 = 11,529.76 × 32% =
//     3,689.52 → 3,689. Lump Sum B: 5% × 582.55 = 29.13 ÷ 52 → 0: nothing.
//   - PAYG W(1,200) 202 + 3,689 = 3,891; gross 13,312.31. Payment
//     summary: Lump Sum A 11,529 type R, Lump Sum B 582.
//
// Before: all 12,112.31 as Lump Sum A at 32% = 3,875: PAYG 4,077, no Lump
// Sum B.
func TestAuditAULongServiceLeaveSplitOnGenuineRedundancy(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "LSL before 16/8/78 (Lump Sum B)", "rateUnit": "Fixed",
			"paymentSummaryClassification": "LumpSumB"}).Expect(t, 200)
		gus := e.employee(t, "Gus", map[string]any{"rate": 62400, "rateUnit": "Annually", "startDate": "1976-03-01T00:00:00", "dateOfBirth": "1958-04-05T00:00:00"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(gus): []any{
			map[string]any{"leaveCategoryId": e.leave["Long Service Leave"], "amount": 400}}}}).Expect(t, 200)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": gus, "terminationReason": "Redundancy", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, gus), map[string]int64{"grossEarnings": 1331231, "paygWithheld": 389100, "superContribution": 14400})
		e.matchesPaySlip(t, P, gus)
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, gus), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 1200, "lumpSumA": 11529, "lumpSumB": 582, "totalTaxWithheld": 3891})
		if sum["lumpSumAType"] != "R" {
			t.Errorf("Lump Sum A type %v, want R", sum["lumpSumAType"])
		}
	})
}
