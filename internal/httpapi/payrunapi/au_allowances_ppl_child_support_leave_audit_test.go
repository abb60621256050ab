package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An audit of AU pay as a bureau's client sets it up (2026-27; W(x) is the
// Schedule 1 scale 2 weekly amount, payroll-rules-2026-27.md 1.3; SG 12%,
// 1.6). Each figure is derived in the comment from the named source.

// Scale 5 (full Medicare levy exemption) paid monthly: Mae, $62,400 a
// year, $5,200 a month. Schedule 1 monthly: 5,200 × 3 ÷ 13 = 1,200.00;
// scale 5 (x < 1,282): 0.3027 × 1200.99 − 185.1923 = 178.35 → 178; × 13
// ÷ 3 = 771.33 → 771. SG 12% × 5,200 = 624.00.
func TestAuditAUScale5Monthly(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		mo := e.schedule(t, "Monthly")
		mae := e.employee(t, "Mae", map[string]any{"paySchedule": "Monthly", "rate": 62400, "rateUnit": "Annually", "medicareLevyExemption": "Full"})
		M := e.runOn(t, mo, "2026-11-30", "2026-11-30")
		want(t, "Mae", e.totals(t, M, mae), map[string]int64{"grossEarnings": 520000, "paygWithheld": 77100, "superContribution": 62400})
	})
}

// A casual's 25% loading is ordinary time earnings (SGR 2009/2: casual
// loadings for ordinary hours are OTE) and taxed with the hours. Cas, a
// casual on $30 an hour, is paid 30 hours on the client's "Casual
// Ordinary Hours" category (25% loading, parent Ordinary Hours) by an
// earnings line of units without a rate: 30 × 30 × 1.25 = 1,125.00;
// W(1125) = 0.3227 × 1125.99 − 185.1935 = 178.16 → 178; SG 12% × 1,125
// = 135.00.
func TestAuditAUCasualLoadingIsOTE(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		cat := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Casual Ordinary Hours", "rateUnit": "Hourly",
			"parentId": e.pay["Ordinary Hours"], "rateLoadingPercent": 25, "defaultSuperRate": 12, "accruesLeave": false}).Expect(t, 200).Map(t)["id"]))
		cas := e.employee(t, "Cas", map[string]any{"employmentType": "Casual", "rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 0})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, cas, map[string]any{"payCategoryId": fmt.Sprint(cat), "units": 30}).Expect(t, 200)
		want(t, "Cas", e.totals(t, P, cas), map[string]int64{"grossEarnings": 112500, "paygWithheld": 17800, "superContribution": 13500})
	})
}

// A shift allowance and a first-aid allowance (ATO STP Phase 2 employer
// reporting guidelines: shift allowances are reported in gross; a first
// aid certificate allowance is a qualifications/certificates allowance,
// QN, au-stp-phase2.md), both OTE (SGR 2009/2) and withheld on with the
// pay (Schedule 1 "Allowances": added to normal earnings). Sia, $1,000 a
// week, $50 afternoon shift allowance (the client's category, Default
// classification) and $15 first-aid allowance
// (AllowanceQualificationsCertificates): gross 1,065.00; W(1065) = 0.3227
// × 1065.99 − 185.1935 = 158.80 → 159; SG 12% × 1,065 = 127.80; STP gross
// 1,050.00 and allowance QN 15.00.
func TestAuditAUShiftAndFirstAidAllowances(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		shift := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Afternoon Shift Allowance", "rateUnit": "Fixed",
			"defaultSuperRate": 12}).Expect(t, 200).Map(t)["id"]))
		aid := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "First Aid Allowance", "rateUnit": "Fixed",
			"paymentSummaryClassification": "AllowanceQualificationsCertificates", "defaultSuperRate": 12}).Expect(t, 200).Map(t)["id"]))
		sia := e.employee(t, "Sia", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, sia, map[string]any{"payCategoryId": fmt.Sprint(shift), "units": 1, "rate": 50},
			map[string]any{"payCategoryId": fmt.Sprint(aid), "units": 1, "rate": 15}).Expect(t, 200)
		want(t, "Sia", e.totals(t, P, sia), map[string]int64{"grossEarnings": 106500, "paygWithheld": 15900, "superContribution": 12780})
		s := payee(t, e.stpDoc(t, P), sia).IncomeStreams[0]
		var qn payroll.Money
		for _, a := range s.Allowances {
			if a.Type == "QN" {
				qn = qn.Add(a.Amount)
			}
		}
		if !s.Gross.Equal(payroll.MustMoney("1050")) || !qn.Equal(payroll.MustMoney("15")) {
			t.Errorf("STP gross %s, allowances %+v; want 1,050.00 and QN 15.00", s.Gross, s.Allowances)
		}
	})
}

// A bonus and overtime in one run: the bonus (for ordinary hours) is OTE,
// overtime is not (SGR 2009/2); the bonus is withheld on by Schedule 5
// method B(ii) (au-pay-rules.md §1), the overtime with the period's pay.
// Ben, $1,000 a week ($25 an hour), 4 hours of "Overtime 1.5x" by units
// (4 × 25 × 1.5 = 150.00) and a $200 bonus: gross 1,350.00; normal
// earnings 1,150: W(1150) = 0.3227 × 1150.99 − 185.1935 = 186.23 → 186;
// bonus ÷ 52 = 3.85, W(1153.85) on whole dollars = 0.3227 × 1153.99 −
// 185.1935 = 187.20 → 187; (187 − 186) × 52 = 52 (under 47% × 200):
// PAYG 186 + 52 = 238. SG 12% × (1,000 + 200) = 144.00.
func TestAuditAUBonusAndOvertimeSuper(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ben := e.employee(t, "Ben", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, ben, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Overtime 1.5x"]), "units": 4},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "units": 1, "rate": 200}).Expect(t, 200)
		want(t, "Ben", e.totals(t, P, ben), map[string]int64{"grossEarnings": 135000, "paygWithheld": 23800, "superContribution": 14400})
	})
}

// Union fees deducted after tax (STP deduction type F, au-stp-phase2.md):
// they reduce net pay, not taxable pay, PAYG or SG. Uma, $1,000 a week,
// $12.50 union fees: taxable 1,000.00; W(1000) = 0.3227 × 1000.99 −
// 185.1935 = 137.83 → 138; SG 120.00; net 1,000 − 138 − 12.50 = 849.50;
// STP deductions F 12.50.
func TestAuditAUUnionFeesAfterTax(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		uma := e.employee(t, "Uma", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(uma): []any{
			map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Union Fees"]), "amount": 12.5}}}}).Expect(t, 200)
		want(t, "Uma", e.totals(t, P, uma), map[string]int64{"grossEarnings": 100000, "taxableEarnings": 100000, "paygWithheld": 13800,
			"superContribution": 12000, "netEarnings": 84950})
		p := payee(t, e.stpDoc(t, P), uma)
		if len(p.Deductions) != 1 || p.Deductions[0].Type != "F" || !p.Deductions[0].Amount.Equal(payroll.MustMoney("12.5")) {
			t.Errorf("STP deductions %+v, want F 12.50", p.Deductions)
		}
	})
}

// A child support garnishee under s 72A of the Child Support
// (Registration and Collection) Act 1988 is deducted in full: the
// protected earnings amount does not apply to s 72A notices (Services
// Australia, "Protected Earnings Amount when deducting child support";
// ATO DSP "Services Australia – Protected Earnings Amount 2026"). After
// tax: Gus, $1,000 a week, a $500 garnishee: taxable 1,000; PAYG 138; net
// 1,000 − 138 − 500 = 362.00 (below any protected earnings amount, which
// does not apply); STP deduction G 500.00.
func TestAuditAUChildSupportGarnisheeInFull(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		gus := e.employee(t, "Gus", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(gus): []any{
			map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Child Support Garnishee"]), "amount": 500}}}}).Expect(t, 200)
		want(t, "Gus", e.totals(t, P, gus), map[string]int64{"taxableEarnings": 100000, "paygWithheld": 13800, "netEarnings": 36200})
		p := payee(t, e.stpDoc(t, P), gus)
		if len(p.Deductions) != 1 || p.Deductions[0].Type != "G" || !p.Deductions[0].Amount.Equal(payroll.MustMoney("500")) {
			t.Errorf("STP deductions %+v, want G 500.00", p.Deductions)
		}
	})
}

// Government Parental Leave Pay paid through payroll (Paid Parental Leave
// Act 2010): salary or wages for PAYG withholding (withheld on as normal
// earnings), not ordinary time earnings, no SG (SGR 2009/2; ATO "Paid
// parental leave": employers are not required to pay super on it), STP
// paid leave type P. Pam, $1,000 a week, is on unpaid leave for the week
// of 16-20 November 2026 (40 hours) and paid $900.00 of Parental Leave Pay
// through the client's category "Parental Leave Pay" (Fixed,
// LeavePaidParentalLeave, no super rate given): gross 900.00; W(900) =
// 0.3227 × 900.99 − 185.1935 = 105.56 → 106; SG 0; STP gross 0 and paid
// leave P 900.00.
func TestAuditAUGovernmentParentalLeavePay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ppl := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Parental Leave Pay", "rateUnit": "Fixed",
			"paymentSummaryClassification": "LeavePaidParentalLeave"}).Expect(t, 200).Map(t)["id"]))
		pam := e.employee(t, "Pam", nil)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, pam), e.Key, map[string]any{"leaveCategoryId": e.leave["Unpaid Leave"],
			"fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-20T00:00:00", "hours": 40, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, pam, map[string]any{"payCategoryId": fmt.Sprint(ppl), "units": 1, "rate": 900}).Expect(t, 200)
		want(t, "Pam", e.totals(t, P, pam), map[string]int64{"grossEarnings": 90000, "paygWithheld": 10600, "superContribution": 0})
		s := payee(t, e.stpDoc(t, P), pam).IncomeStreams[0]
		if !s.Gross.IsZero() || !typedAmount(s.PaidLeave, "P").Equal(payroll.MustMoney("900")) {
			t.Errorf("STP gross %s, paid leave %+v; want 0 and P 900.00", s.Gross, s.PaidLeave)
		}
	})
}

// Annual leave over a public holiday: a public holiday that falls during
// a period of paid annual leave is not taken as annual leave (Fair Work
// Act 2009 s 89(1)); the employee is paid for it as a public holiday
// (s 116). Hal, $1,000 a week for 40 hours (8 a day, NSW), asks for annual
// leave Monday 21 to Friday 25 December 2026 without giving hours: the
// request is 4 days × 8 = 32 hours (Christmas Day, Friday 25, is a public
// holiday); the week pays 32 × 25 = 800.00 of annual leave + 17.5% loading
// 140.00 + 8 hours of ordinary pay 200.00 = 1,140.00; W(1140) = 0.3227 ×
// 1140.99 − 185.1935 = 183.00 → 183; the balance falls by 32 hours.
func TestAuditAUAnnualLeaveOverAPublicHoliday(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		hal := e.employee(t, "Hal", nil)
		r := e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, hal), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-12-21T00:00:00", "toDate": "2026-12-25T00:00:00", "automaticallyApprove": true}).Expect(t, 200).Map(t)
		if h := num(t, r["totalHours"]); h != 32 {
			t.Errorf("leave request hours %v, want 32: %v", h, r)
		}
		P := e.run(t, "2026-12-27", "2026-12-30")
		want(t, "Hal", e.totals(t, P, hal), map[string]int64{"grossEarnings": 114000, "paygWithheld": 18300})
	})
}

// Annual leave with loading for a monthly salaried employee: Mia, $78,000
// a year for 38 hours a week, paid monthly ($6,500.00), takes 38 hours of
// annual leave (17.5% loading) 16-20 November 2026. The hourly rate is the
// month's pay over its standard hours: 6,500 ÷ (38 × 52 ÷ 12 = 164.6667)
// = 39.4737 (78,000 ÷ 1,976); 38 hours = 1,500.00 of the salary paid as
// leave, loading 17.5% × 1,500 = 262.50; gross 6,762.50. Monthly PAYG:
// 6,762.50 × 3 ÷ 13 = 1,560.58 → 1,560; 0.32 × 1560.99 − 181.7319 =
// 317.78 → 318; × 13 ÷ 3 = 1,378.00. SG: annual leave loading is OTE
// (SGR 2009/2, not referable to lost overtime): 12% × 6,762.50 = 811.50.
func TestAuditAUMonthlySalaryAnnualLeaveLoading(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		mo := e.schedule(t, "Monthly")
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		mia := e.employee(t, "Mia", map[string]any{"paySchedule": "Monthly", "rate": 78000, "rateUnit": "Annually", "hoursPerWeek": 38})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, mia), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-20T00:00:00", "hours": 38, "automaticallyApprove": true}).Expect(t, 200)
		M := e.runOn(t, mo, "2026-11-30", "2026-11-30")
		want(t, "Mia", e.totals(t, M, mia), map[string]int64{"grossEarnings": 676250, "paygWithheld": 137800, "superContribution": 81150})
	})
}

// SG has no upper age limit (SGAA s 27(1)(a) repealed from 1 July 2017
// for those 70 and over; Treasury Laws Amendment (2017 Measures No. 1)):
// Ola, born 1950 (76), $1,000 a week: SG 12% × 1,000 = 120.00; PAYG 138.
func TestAuditAUSuperForAnEmployeeOver75(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ola := e.employee(t, "Ola", map[string]any{"dateOfBirth": "1950-03-04T00:00:00"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "Ola", e.totals(t, P, ola), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800, "superContribution": 12000})
	})
}

// A child support deduction under a s 45 notice (STP type D) may not leave
// the employee less than the protected earnings amount after tax and the
// deduction (Child Support (Registration and Collection) Act 1988 s 46;
// Services Australia: the weekly PEA is 75% of the maximum fortnightly
// basic rate of JobSeeker Payment, partnered, no children, set each 1
// January: $514.50 for 2024, the latest figure found). The 2026 figure is
// not in the rules, so the pay of Cy, $1,000 a week with a $300 deduction
// (net 1,000 − 138 − 300 = 562.00, which a 2026 PEA above $562 would cut)
// is refused with a message naming the missing amount, by a run deduction
// and by a standing one alike; the garnishee above is not.
func TestAuditAUChildSupportDeductionNeedsTheProtectedEarningsAmount(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		cy := e.employee(t, "Cy", nil)
		di := e.employee(t, "Di", nil)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, di), e.Key, map[string]any{"deductionCategoryId": e.ded["Child Support Deduction"],
			"amount": 300, "deductionType": "Fixed", "fromDate": "2026-07-01T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(cy): []any{
			map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Child Support Deduction"]), "amount": 300}}}}).Expect(t, 200)
		for who, emp := range map[string]int64{"Cy (run deduction)": cy, "Di (standing deduction)": di} {
			w, _ := e.totals(t, P, emp)["warning"].(string)
			if !strings.Contains(w, "protected earnings amount") || !strings.Contains(w, "2026") {
				t.Errorf("%s: warning %q, want the missing 2026 protected earnings amount named", who, w)
			}
		}
	})
}

// Unpaid leave of one day for a salaried employee and personal leave of a
// part-timer paid by standard hours. Una, $1,000 a week for 40 hours, takes
// Wednesday 18 November 2026 as unpaid leave (8 hours): 1,000 − 8 × 25 =
// 800.00; W(800) = 0.179 × 800.99 − 60.8377 = 82.54 → 83; SG 12% × 800 =
// 96.00. Pat, part time, $30 an hour for 24 hours a week, takes 8 hours
// of personal/carer's leave the same day: 16 × 30 = 480.00 of ordinary
// hours + 8 × 30 = 240.00 of personal leave = 720.00 (unchanged; NES
// s 99, the base rate for the ordinary hours); W(720) = 0.17 × 720.99 −
// 54.3473 = 68.22 → 68; SG 12% × 720 = 86.40.
func TestAuditAUUnpaidDayAndPartTimePersonalLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		una := e.employee(t, "Una", nil)
		pat := e.employee(t, "Pat", map[string]any{"employmentType": "PartTime", "rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 24})
		for emp, cat := range map[int64]int64{una: e.leave["Unpaid Leave"], pat: e.leave["Personal/Carer's Leave"]} {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": cat,
				"fromDate": "2026-11-18T00:00:00", "toDate": "2026-11-18T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "Una", e.totals(t, P, una), map[string]int64{"grossEarnings": 80000, "paygWithheld": 8300, "superContribution": 9600})
		want(t, "Pat", e.totals(t, P, pat), map[string]int64{"grossEarnings": 72000, "paygWithheld": 6800, "superContribution": 8640})
	})
}
