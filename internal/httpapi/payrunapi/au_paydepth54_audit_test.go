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

// Death benefit ETPs to a dependant (code D) within and above the ETP cap
// (ATO Schedule 11, table A: a death benefit paid to a dependant of the
// deceased, nil withheld up to the ETP cap, 47% above it; the cap of a
// death benefit is the ETP cap alone, ITAA 1997 s 82-65; 2026-27 ETP cap
// $270,000, au-reasonable-amounts.md), with the final week's pay made
// after the death (ATO, "PAYG withholding for deceased employees": no
// withholding from salary, wages or unused leave paid after death). Dee
// and Dan, employed since 16 November 2026, die on Sunday 22 November
// 2026, the last day of the week paid on the 25th:
//   - salary 1,000; the week's annual leave 40 × 0.076923 = 3.0769 h ×
//     25 = 76.92 paid out; SG 12% × 1,000 = 120.00; nothing withheld
//     from either (paid after death);
//   - Dee, a $30,000 death benefit to her dependant (D): 0 withheld; gross
//     31,076.92; STP: one ETP code D, taxable 30,000.00, withheld 0;
//   - Dan, $300,000 to his dependant (D): cap 270,000 at 0%, 30,000 above
//     at 47% = 14,100; gross 301,076.92; STP: code D, taxable 300,000.00,
//     withheld 14,100.00.
//
// Already right (pinned; the N and T codes are pinned by
// TestAuditAUDeathBenefitNonDependantAndTrustee).
func TestAuditAUDeathBenefitToADependantWithinAndAboveTheCap(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		dep := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Death Benefit (Dependant)", "rateUnit": "Fixed",
			"paymentSummaryClassification": "EtpDeathBenefitCodeD", "defaultSuperRate": 0}).Expect(t, 200).Map(t)["id"]))
		dee := e.employee(t, "Dee", map[string]any{"startDate": "2026-11-16T00:00:00"})
		dan := e.employee(t, "Dan", map[string]any{"startDate": "2026-11-16T00:00:00"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		for emp, amount := range map[int64]int{dee: 30000, dan: 300000} {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": "Deceased", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
			e.earnings(t, P, emp, map[string]any{"payCategoryId": fmt.Sprint(dep), "earnings": amount}).Expect(t, 200)
		}
		want(t, "Dee", e.totals(t, P, dee), map[string]int64{"grossEarnings": 3107692, "paygWithheld": 0, "superContribution": 12000})
		want(t, "Dan", e.totals(t, P, dan), map[string]int64{"grossEarnings": 30107692, "paygWithheld": 1410000, "superContribution": 12000})
		if got := e.figureValue(t, P, dan, "payg.etp.D"); got != 14100 {
			t.Errorf("Dan's payg.etp.D %v, want 14,100", got)
		}
		e.matchesPaySlip(t, P, dan)
		doc := e.stpDoc(t, P) // finalises the run
		for emp, w := range map[int64][2]string{dee: {"30000", "0"}, dan: {"300000", "14100"}} {
			s := payee(t, doc, emp).IncomeStreams[0]
			if len(s.EmploymentTermination) != 1 || s.EmploymentTermination[0].Code != "D" ||
				!s.EmploymentTermination[0].TaxableComponent.Equal(payroll.MustMoney(w[0])) || !s.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney(w[1])) {
				t.Errorf("employee %d: STP ETPs %+v, want one code D, taxable %s, withheld %s", emp, s.EmploymentTermination, w[0], w[1])
			}
		}
	})
}

// Unused annual leave with its 17.5% loading paid on termination, on a
// resignation and on a genuine redundancy (Fair Work Act 2009 s 90(2): the
// balance paid as if taken; ATO Schedule 7: unused annual leave and leave
// loading accrued after 17 August 1993 on a normal termination by the
// marginal rate method — the payment ÷ 52, cents ignored, added to the
// normal gross earnings of a period, the difference in withholding × 52 —
// and on a genuine redundancy as Lump Sum A at 32%, cents disregarded; NAT
// 0046: post-1993 leave on a normal termination is in gross payments, on
// a genuine redundancy Lump Sum A type R; STP Phase 2 paid leave U / lump
// sum AR, au-stp-phase2.md). Annual Leave has a 17.5% loading. Lena
// (resigns) and Ray (made genuinely redundant), 76 hours of annual leave
// entered on the final pay for the week ending Sunday 22 November 2026,
// which accrues 3.07692 hours more:
//   - leave 79.07692 h × 25 = 1,976.92; loading 17.5% = 345.96; together
//     2,322.88; gross 1,000 + 2,322.88 = 3,322.88; SG 12% × 1,000 =
//     120.00 (unused leave paid on termination is not OTE);
//   - Lena: 2,322.88 ÷ 52 = 44.67 → 44; W(1,000) = 0.3227 × 1000.99 −
//     185.1935 = 137.83 → 138; W(1,044) = 0.3227 × 1044.99 − 185.1935 =
//     152.03 → 152; (152 − 138) × 52 = 728: PAYG 866. STP paid leave U
//     2,322.88, no lump sum; payment summary gross payments 3,322, no
//     Lump Sum A;
//   - Ray: 32% × 2,322.88 = 743.32 → 743: PAYG 881. STP lump sum AR
//     2,322.88; payment summary gross payments 1,000, Lump Sum A 2,322
//     type R.
func TestAuditAULeaveLoadingOnResignationAndRedundancy(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.leaveLoading(t, e.leave["Annual Leave"], 17.5)
		lena, ray := e.employee(t, "Lena", nil), e.employee(t, "Ray", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		for emp, reason := range map[int64]string{lena: "VoluntaryCessation", ray: "Redundancy"} {
			e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(emp): []any{
				map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 76}}}}).Expect(t, 200)
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": reason, "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		}
		want(t, "Lena", e.totals(t, P, lena), map[string]int64{"grossEarnings": 332288, "paygWithheld": 86600, "superContribution": 12000})
		want(t, "Ray", e.totals(t, P, ray), map[string]int64{"grossEarnings": 332288, "paygWithheld": 88100, "superContribution": 12000})
		e.matchesPaySlip(t, P, lena)
		doc := e.stpDoc(t, P) // finalises the run
		m := payroll.MustMoney
		if s := payee(t, doc, lena).IncomeStreams[0]; !s.Gross.Equal(m("1000")) || !typedAmount(s.PaidLeave, "U").Equal(m("2322.88")) || len(s.LumpSums) != 0 {
			t.Errorf("Lena's STP: gross %s, paid leave %+v, lump sums %+v; want 1,000.00, U 2,322.88, none", s.Gross, s.PaidLeave, s.LumpSums)
		}
		if s := payee(t, doc, ray).IncomeStreams[0]; !s.Gross.Equal(m("1000")) || !typedAmount(s.LumpSums, "AR").Equal(m("2322.88")) {
			t.Errorf("Ray's STP: gross %s, lump sums %+v; want 1,000.00, AR 2,322.88", s.Gross, s.LumpSums)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, lena), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "Lena's payment summary", sum, map[string]float64{"grossPayments": 3322, "lumpSumA": 0, "totalTaxWithheld": 866})
		sum = e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, ray), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "Ray's payment summary", sum, map[string]float64{"grossPayments": 1000, "lumpSumA": 2322, "totalTaxWithheld": 881})
		if sum["lumpSumAType"] != "R" {
			t.Errorf("Ray's Lump Sum A type %v, want R", sum["lumpSumAType"])
		}
	})
}

// A 53rd weekly pay in an income year: 2026-27 runs from Wednesday 1 July
// 2026 to Wednesday 30 June 2027, so a business paying on Wednesdays pays
// 53 weekly pays. ATO "Withholding for 27 fortnightly or 53 weekly pays in
// a year": the additional amounts are withheld only when the employee asks
// in writing (Schedule 14, an agreement to increase withholding; the
// latest table of them found is on 2015 rates, au-pay-rules.md §5), so the
// 53rd pay is withheld on as any other week: Wes, $1,000 a week, paid on
// Wednesday 30 June 2027 for the week ending Sunday 27 June: W(1,000) =
// 138; his written request is entered as a PAYG adjustment (here $50, the
// amount he asked for): 188. Already right (pinned).
func TestAuditAUFiftyThirdWeeklyPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		wes, ann := e.employee(t, "Wes", nil), e.employee(t, "Ann", nil)
		P := e.run(t, "2027-06-27", "2027-06-30")
		want(t, "the 53rd pay", e.totals(t, P, ann), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800})
		e.Do("POST", P+"/paygadjustments", e.Key, map[string]any{"paygAdjustments": map[string]any{fmt.Sprint(wes): []any{
			map[string]any{"amount": 50, "notes": "Schedule 14: 53rd pay, written request"}}}}).Expect(t, 200)
		want(t, "the 53rd pay with the request", e.totals(t, P, wes), map[string]int64{"grossEarnings": 100000, "paygWithheld": 18800})
	})
}

// A joiner part-way through a fortnight who leaves part-way through the
// next: annual leave accrues with the ordinary hours of each part period
// (Fair Work Act 2009 s 87(2): "accrues progressively during a year of
// service according to the employee's ordinary hours of work"; 4 weeks a
// year = 0.076923 h an hour, kept to four places; part periods by
// calendar days, part-period-pay.md) and the final period's accrual is in
// the balance paid out (s 90(2)). Joe, $52,000 a year ($2,000 a
// fortnight, 40 hours a week: $25 an hour), starts Wednesday 18 November
// 2026 and resigns Wednesday 2 December 2026:
//   - fortnight 9-22 November (5 of 14 days): 2,000 × 5 ÷ 14 = 714.29;
//     PAYG 714.29 ÷ 2 = 357 a week, under 362: nil; SG 12% = 85.71; leave
//     80 × 5 ÷ 14 × 0.076923 = 2.19780 → 2.1978 h;
//   - fortnight 23 November - 6 December (10 of 14 days): 2,000 × 10 ÷
//     14 = 1,428.57; leave 80 × 10 ÷ 14 × 0.076923 = 4.39560 → 4.3956 h;
//     paid out (2.1978 + 4.3956) 6.5934 h × 25 = 164.835 → 164.84;
//   - PAYG on the salary: 1,428.57 ÷ 2 = 714: 0.17 × 714.99 − 54.3473 =
//     67.20 → 67 × 2 = 134; Schedule 7 (normal termination, under $300):
//     164.84 ÷ 26 = 6.34 → 6 added to a whole period's 2,000: W(1,003) =
//     0.3227 × 1003.99 − 185.1935 = 138.79 → 139 × 2 = 278, less W(1,000)
//     = 138 × 2 = 276: 2 × 26 = 52, at most 32% × 164.84 = 52.75 → 52:
//     52; PAYG 186; gross 1,593.41; SG 12% × 1,428.57 = 171.43.
//
// Already right (pinned).
func TestAuditAUJoinerAndLeaverInPartFortnightsAccrueAndPayOut(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fortnightly := e.schedule(t, "Fortnightly")
		joe := e.employee(t, "Joe", map[string]any{"paySchedule": "Fortnightly", "rate": 52000, "rateUnit": "Annually", "startDate": "2026-11-18T00:00:00"})
		P1 := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		want(t, "first part fortnight", e.totals(t, P1, joe), map[string]int64{"grossEarnings": 71429, "paygWithheld": 0, "superContribution": 8571})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		if b := e.annualBalance(t, joe, "2026-11-22"); b != 2.1978 {
			t.Errorf("Joe's annual leave after the first part fortnight %v h, want 2.1978", b)
		}
		P := e.runOn(t, fortnightly, "2026-12-06", "2026-12-09")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": joe, "terminationReason": "VoluntaryCessation", "terminationDate": "2026-12-02T00:00:00"}).Expect(t, 200)
		want(t, "final part fortnight", e.totals(t, P, joe), map[string]int64{"grossEarnings": 159341, "paygWithheld": 18600, "superContribution": 17143})
		e.matchesPaySlip(t, P, joe)
	})
}

// The 12-month rule's edges (ITAA 1997 s 82-130(1)(b), (4); ATO "The
// 12-month rule"; Schedule 11 for delayed termination payments,
// au-pay-rules.md §3). All leave on Sunday 28 September 2025 (final pay 1
// October 2025); a run paid Wednesday 25 November 2026 pays:
//   - Ivy, ill health (invalidity), born 3 March 1960, $10,000 through the
//     code R category: invalidity is not among s 82-130(4)'s exceptions
//     (genuine redundancy, early retirement scheme), so a delayed
//     termination payment: 32% × 10,000 = 3,200 (before: an ETP at 17%,
//     1,700);
//   - Nat, dismissed, no TFN (000000000), $10,000.50 in lieu of notice:
//     47% × 10,000.50 = 4,700.24 → 4,700 (cents ignored), as an ETP would
//     have been (the withholding is the same; the reporting is that of
//     Dot's in TestAuditAUTerminationPaymentMoreThanTwelveMonthsLate);
//   - Dora, who died, a $10,000 death benefit to her dependant (code D)
//     paid now: not an ETP either, and how a late death benefit is
//     withheld on was not found: refused — her pay is not worked out, the
//     warning names the 12 months, and the run cannot be finalised (409).
func TestAuditAULateTerminationPaymentsInvalidityNoTFNAndDeathBenefit(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		dep := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Death Benefit (Dependant)", "rateUnit": "Fixed",
			"paymentSummaryClassification": "EtpDeathBenefitCodeD", "defaultSuperRate": 0}).Expect(t, 200).Map(t)["id"]))
		ivy := e.employee(t, "Ivy", map[string]any{"dateOfBirth": "1960-03-03T00:00:00"})
		nat := e.employee(t, "Nat", map[string]any{"taxFileNumber": "000000000"})
		dora := e.employee(t, "Dora", nil)
		P0 := e.run(t, "2025-09-28", "2025-10-01")
		for emp, reason := range map[int64]string{ivy: "IllHealth", nat: "Dismissal", dora: "Deceased"} {
			e.Do("POST", P0+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": reason, "terminationDate": "2025-09-28T00:00:00"}).Expect(t, 200)
		}
		e.Do("POST", P0+"/finalise", e.Key, nil).Expect(t, 200)

		P := e.laterRun(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, ivy, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Redundancy Payment (ETP)"]), "earnings": 10000}).Expect(t, 200)
		e.earnings(t, P, nat, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 10000.50}).Expect(t, 200)
		e.earnings(t, P, dora, map[string]any{"payCategoryId": fmt.Sprint(dep), "earnings": 10000}).Expect(t, 200)
		want(t, "Ivy", e.totals(t, P, ivy), map[string]int64{"grossEarnings": 1000000, "paygWithheld": 320000})
		want(t, "Nat", e.totals(t, P, nat), map[string]int64{"grossEarnings": 1000050, "paygWithheld": 470000})
		if got := e.figureValue(t, P, ivy, "payg.delayedtermination"); got != 3200 {
			t.Errorf("Ivy's payg.delayedtermination %v, want 3,200", got)
		}
		w, _ := e.totals(t, P, dora)["warning"].(string)
		if !strings.Contains(w, "12 months") || !strings.Contains(w, "82-130") {
			t.Errorf("Dora's warning %q, want one naming the 12 months of s 82-130", w)
		}
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 409)
	})
}

// Unused personal (sick) leave paid out on termination under an
// agreement that pays it: an ETP of code O (ATO Schedule 11, "ETP
// reporting": O — "payment for unused sick leave"; ATO "Payments that are
// ETPs": unused sick leave), 32% up to the whole-of-income cap under the
// preservation age; the NES leave with it by Schedule 7. Personal/Carer's
// Leave is set to be paid out on termination as an ETP (payoutAsETP, not
// excluded from termination payout). Sid, born 1990, resigns on Sunday
// 22 November 2026 with 38 hours of personal leave entered on his final
// pay; the week accrues 40 × 0.038462 = 1.53848 → 1.5385 hours of it and
// 3.07692 of annual leave:
//   - personal leave 39.5385 h × 25 = 988.46 through "Unused Leave Paid as
//     ETP": 32% × 988.46 = 316.31 → 316 (cap 180,000 − 1,076.92 left);
//   - annual leave 3.07692 × 25 = 76.92 by Schedule 7: 76.92 ÷ 52 → 1;
//     W(1,001) = 0.3227 × 1001.99 − 185.1935 = 138.15 → 138, less W(1,000)
//     = 138: nil;
//   - PAYG 138 + 316 = 454; gross 2,065.38; SG 120.00. STP: one ETP, code
//     O, taxable 988.46, withheld 316.00; payment summary 2027: gross
//     payments 1,076, tax 138, and an ETP summary code O, taxable 988, tax
//     316.
//
// Already right (pinned).
func TestAuditAUUnusedSickLeavePaidAsAnETP(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pl := e.leave["Personal/Carer's Leave"]
		var cat map[string]any
		e.Do("GET", fmt.Sprintf("%s/leavecategory/%d", e.B, pl), e.Key, nil).Expect(t, 200).JSON(t, &cat)
		cat["payoutAsETP"], cat["excludeFromTerminationPayout"] = true, false
		e.Do("PUT", fmt.Sprintf("%s/leavecategory/%d", e.B, pl), e.Key, cat).Expect(t, 200)
		sid := e.employee(t, "Sid", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(sid): []any{
			map[string]any{"leaveCategoryId": pl, "amount": 38}}}}).Expect(t, 200)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": sid, "terminationReason": "VoluntaryCessation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, sid), map[string]int64{"grossEarnings": 206538, "paygWithheld": 45400, "superContribution": 12000})
		if got := e.figureValue(t, P, sid, "payg.etp.O"); got != 316 {
			t.Errorf("payg.etp.O %v, want 316", got)
		}
		e.matchesPaySlip(t, P, sid)
		s := payee(t, e.stpDoc(t, P), sid).IncomeStreams[0] // finalises the run
		if len(s.EmploymentTermination) != 1 || s.EmploymentTermination[0].Code != "O" ||
			!s.EmploymentTermination[0].TaxableComponent.Equal(payroll.MustMoney("988.46")) || !s.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("316")) {
			t.Errorf("STP ETPs %+v, want one code O, taxable 988.46, withheld 316.00", s.EmploymentTermination)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, sid), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 1076, "totalTaxWithheld": 138})
		e.etpSummary(t, 2027, sid, "O", 988, 316)
	})
}

// A payment in lieu of notice is an ETP for withholding (ATO Schedule 11,
// code O: "payment in lieu of notice") and ordinary time earnings for the
// super guarantee: SGR 2009/2 para 38 (as quoted by TaxEd, "payments in
// lieu of notice are considered ordinary time earnings"; Lexology, Kemp
// Strang and WorkplaceInfo on the 2009 ruling; ATO edited advice
// 1012633408634: a payment in lieu of notice under an agreement is OTE).
// The reference's pay category type for it is a "superable" ETP
// (EtpSuperableTypeOTaxable). Nell, $1,000 a week, born 1990, dismissed
// on Sunday 22 November 2026 and paid 4 weeks' notice, $4,000, through a
// category of that type:
//   - PAYG: W(1,000) = 138; the week's annual leave 3.07692 h × 25 =
//     76.92 by Schedule 7: ÷ 52 → 1, W(1,001) = 138: nil; the ETP 32% ×
//     4,000 = 1,280 (whole-of-income cap far above): 1,418;
//   - SG 12% × (1,000 + 4,000) = 600.00 (before: 120.00, the ETP left out
//     of the base); STP OTE 5,000.00; the ETP reported as code O, taxable
//     4,000.00, withheld 1,280.00.
func TestAuditAUPaymentInLieuOfNoticeThroughASuperableETPIsOTE(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pilon := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Payment in Lieu of Notice (superable ETP)", "rateUnit": "Fixed",
			"payCategoryType": "EtpSuperableTypeOTaxable", "paymentSummaryClassification": "EtpLifeBenefitCodeO"}).Expect(t, 200).Map(t)["id"]))
		nell := e.employee(t, "Nell", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nell, "terminationReason": "Dismissal", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, nell, map[string]any{"payCategoryId": fmt.Sprint(pilon), "earnings": 4000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, nell), map[string]int64{"grossEarnings": 507692, "paygWithheld": 141800, "superContribution": 60000})
		e.matchesPaySlip(t, P, nell)
		pe := payee(t, e.stpDoc(t, P), nell) // finalises the run
		if s := pe.IncomeStreams[0]; len(s.EmploymentTermination) != 1 || s.EmploymentTermination[0].Code != "O" ||
			!s.EmploymentTermination[0].TaxableComponent.Equal(payroll.MustMoney("4000")) || !s.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("1280")) {
			t.Errorf("STP ETPs %+v, want one code O, taxable 4,000.00, withheld 1,280.00", s.EmploymentTermination)
		}
		if !pe.SuperEntitlement.OrdinaryTimeEarnings.Equal(payroll.MustMoney("5000")) {
			t.Errorf("STP OTE %s, want 5,000.00", pe.SuperEntitlement.OrdinaryTimeEarnings)
		}
	})
}
