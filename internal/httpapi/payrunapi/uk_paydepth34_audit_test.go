package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth34: a UK audit round through the documents and year-end figures
// a bureau reads (P60 boxes, P45 part 1A, FPS year-to-date fields, EPS
// recoveries, payslip lines) and combinations of rules, 2026-27, paid
// through the API. Every figure is derived by hand from HMRC's tables
// (payroll-rules-2026-27.md §2: codes §2.1, NI thresholds §2.4 (monthly
// LEL 559, PT 1,048, ST 417, UEL 4,189), loans §2.5 (Plan 1 2,241.66,
// Plan 2 2,448.75, PGL 1,750.00 a month), QE band §2.6 (£520-£4,189 a
// month), statutory payments §2.7, NMW §2.8) and the tax table routines'
// arithmetic (docs/reference/uk-paye.md: 1257L free pay 1,048.26 a
// month; taxable pay floored to the pound), not from our output.

// pd34HMRC gives the business its PAYE references (the FPS needs them).
func pd34HMRC(t *testing.T, e *regionEnv, extra map[string]any) {
	t.Helper()
	body := map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456", "accountsOfficeReference": "123PX00123456",
		"rtiUserId": "ISV123", "rtiTestMode": true, "businessName": "Alice Ltd"}
	for k, v := range extra {
		body[k] = v
	}
	e.Do("PUT", e.B+"/hmrcsettings", e.Key, body).Expect(t, 200)
}

// pd34Plan is a pension plan of 5% employee (or 5% sacrificed) and 3%
// employer on qualifying earnings, net pay arrangement.
func pd34Plan(t *testing.T, e *regionEnv, name string, ee, sacrifice float64) int64 {
	t.Helper()
	scheme := int64(num(t, e.Do("POST", e.B+"/pensionscheme", e.Key, map[string]any{"name": "NEST " + name}).Expect(t, 200).Map(t)["id"]))
	return int64(num(t, e.Do("POST", fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), e.Key, map[string]any{"contributionPlanName": name,
		"calculateOnQualifyingEarnings": true, "pensionType": "NetPay", "employeeContribution": ee, "employerContribution": 3,
		"salarySacrifice": sacrifice}).Expect(t, 200).Map(t)["id"]))
}

func pd34Join(t *testing.T, e *regionEnv, emp, plan int64) {
	t.Helper()
	e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, emp), e.Key, map[string]any{"pensionSchemeContributionPlanId": plan,
		"startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
}

// pd34FPS is the FPS of a run, one employee's part.
func pd34FPS(t *testing.T, e *regionEnv, P string, emp int64) map[string]any {
	t.Helper()
	runID := num(t, e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t)["id"])
	fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": runID}).Expect(t, 200).Map(t)
	for _, x := range fps["employees"].([]any) {
		if m := x.(map[string]any); int64(num(t, m["employeeId"])) == emp {
			return m
		}
	}
	t.Fatalf("employee %d not on the FPS: %v", emp, fps)
	return nil
}

// pd34NIBand is the P60's NI band of a letter.
func pd34NIBand(t *testing.T, p60 map[string]any, letter string) map[string]any {
	t.Helper()
	bands, _ := p60["nationalInsurance"].([]any)
	for _, b := range bands {
		if m := b.(map[string]any); m["category"] == letter {
			return m
		}
	}
	t.Fatalf("no NI letter %s on the P60: %v", letter, p60["nationalInsurance"])
	return nil
}

// The P60 (HMRC, "P60 End of Year Certificate": pay and tax in this
// employment, NI per letter with earnings at the LEL, LEL to PT and PT to
// UEL and employee's contributions above the PT; student loan deductions
// in whole pounds) and the FPS year to date of two pension members over
// April and May 2026, read provisionally in the year (£3,000 a month,
// 1257L cumulative, category A, Plan 2):
//   - Nell, net pay arrangement, 5% of qualifying earnings: 5% × (3,000 −
//     520) = 124.00 a month off taxable pay, not off NI-able pay (HMRC
//     "Pension schemes: net pay arrangements"). Taxable 2,876 a month.
//     PAYE April 2,876 − 1,048.26 = 1,827.74 → 1,827 × 20% = 365.40; to
//     date May 5,752 − 2,096.52 = 3,655.48 → 3,655 × 20% = 731.00 (May
//     365.60). NI 8% × (3,000 − 1,048) = 156.16 a month, employer 15% ×
//     (3,000 − 417) = 387.45. Plan 2 on NI-able earnings 9% × (3,000 −
//     2,448.75) = 49.6125 → 49 a month.
//     P60: pay 5,752.00, tax 731.00; A: at LEL 2 × 559 = 1,118, LEL to
//     PT 2 × 489 = 978, PT to UEL 2 × 1,952 = 3,904, employee 312.32,
//     employer 774.90; student loan 98.
//     FPS May: taxable pay to date 5,752.00, tax 731.00, loans 98, NIable
//     gross to date 6,000.00.
//   - Sami, salary sacrifice of 5% of qualifying earnings (124.00 a month;
//     HMRC "Salary sacrifice for employers": the pay given up is neither
//     taxable pay nor NI-able earnings): pay 2,876 a month; PAYE as Nell
//     (731.00 to date); NI 8% × (2,876 − 1,048) = 146.24, employer 15% ×
//     (2,876 − 417) = 368.85; Plan 2 9% × (2,876 − 2,448.75) = 38.4525 →
//     38. P60: pay 5,752.00, tax 731.00, PT to UEL 3,656, employee 292.48,
//     employer 737.70, student loan 76. FPS NIable gross to date 5,752.00.
func TestAuditUKP60NetPayAndSacrificeWithPlan2(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pd34HMRC(t, e, nil)
		netPay, sacrifice := pd34Plan(t, e, "net pay", 5, 0), pd34Plan(t, e, "sacrifice", 0, 5)
		who := map[string]int64{}
		for name, plan := range map[string]int64{"Nell": netPay, "Sami": sacrifice} {
			who[name] = e.employee(t, name, "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
				"hasStudentLoan": true, "studentLoanType": "Plan2", "startDate": "2025-01-06T00:00:00", "gender": "Female"})
			pd34Join(t, e, who[name], plan)
		}
		var P string
		for _, day := range []string{"2026-04-30", "2026-05-31"} {
			P = e.run(t, day, 0, 0)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		for _, c := range []struct {
			name                                  string
			ptUEL, ee, er, sl, niableYTD, mayPAYE float64
		}{{"Nell", 3904, 312.32, 774.90, 98, 6000, 365.60}, {"Sami", 3656, 292.48, 737.70, 76, 5752, 365.60}} {
			emp := who[c.name]
			expectAmount(t, c.name+" May PAYE", e.totals(t, P, emp)["payeWithheld"], c.mayPAYE)
			p60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, emp), e.Key, nil).Expect(t, 200).Map(t)
			for k, v := range map[string]float64{"payInThisEmployment": 5752, "taxInThisEmployment": 731, "totalPayForYear": 5752,
				"totalTaxForYear": 731, "payInPreviousEmployments": 0, "studentLoanDeductions": c.sl, "postgraduateLoanDeductions": 0} {
				expectAmount(t, c.name+" P60 "+k, p60[k], v)
			}
			a := pd34NIBand(t, p60, "A")
			for k, v := range map[string]float64{"earningsAtLEL": 1118, "earningsAboveLELUpToPT": 978, "earningsAbovePTUpToUEL": c.ptUEL,
				"employeeContributions": c.ee, "employerContributions": c.er} {
				expectAmount(t, c.name+" P60 NI A "+k, a[k], v)
			}
			fps := pd34FPS(t, e, P, emp)
			td := fps["figuresToDate"].(map[string]any)
			expectAmount(t, c.name+" FPS taxable pay to date", td["taxablePay"], 5752)
			expectAmount(t, c.name+" FPS tax to date", td["totalTax"], 731)
			expectAmount(t, c.name+" FPS student loans to date", td["studentLoansTD"], c.sl)
			ni := fps["niLettersAndValues"].([]any)[0].(map[string]any)
			for k, v := range map[string]float64{"grossEarningsForNICsYTD": c.niableYTD, "atLELYTD": 1118, "lelToPTYTD": 978, "ptToUELYTD": c.ptUEL,
				"empeeContribnsYTD": c.ee, "totalEmpNICYTD": c.er} {
				expectAmount(t, c.name+" FPS "+k, ni[k], v)
			}
		}
	})
}

// A code changed mid-year to a month 1 code (HMRC P6 notice; the P60
// shows the final code and whether it was operated on the week 1/month 1
// basis; the P60's pay and tax are the year's in this employment, the
// cumulative months and the month 1 month together):
//   - Cara, £3,000 a month, 1257L cumulative: April 3,000 − 1,048.26 =
//     1,951.74 → 1,951 × 20% = 390.20; May to date 6,000 − 2,096.52 =
//     3,903.48 → 3,903 × 20% = 780.60, May 390.40.
//   - From June 1100L M1: free pay 2 boxes of 416.67 + (100 × 10 + 9) ÷
//     12 = 84.0833 → 84.09: 917.43; 3,000 − 917.43 = 2,082.57 → 2,082 ×
//     20% = 416.40 (no refund or catch-up on the month 1 basis).
//   - P60 (provisional, June): code 1100L, week 1/month 1; pay 9,000.00;
//     tax 390.20 + 390.40 + 416.40 = 1,197.00. FPS June: tax code 1100L
//     with the non-cumulative indicator, tax to date 1,197.00.
//   - She leaves on 30 June: P45 code 1100L with the month 1 box, month 3.
//
// Before: the P60 and P45 showed the code "1100L M1" with week1Month1
// false (only taxCalculationMethod was read, not the code's M1 marker).
func TestAuditUKP60AfterAChangeToAMonth1Code(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pd34HMRC(t, e, nil)
		cara := e.employee(t, "Cara", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2025-01-06T00:00:00", "gender": "Female"})
		var P string
		for _, m := range []struct {
			day  string
			paye float64
		}{{"2026-04-30", 390.20}, {"2026-05-31", 390.40}, {"2026-06-30", 416.40}} {
			if m.day == "2026-06-30" {
				e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, cara), e.Key, map[string]any{"taxCode": "1100L M1"}).Expect(t, 200)
			}
			P = e.run(t, m.day, 0, 0)
			expectAmount(t, m.day+" PAYE", e.totals(t, P, cara)["payeWithheld"], m.paye)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		p60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, cara), e.Key, nil).Expect(t, 200).Map(t)
		if !strings.HasPrefix(fmt.Sprint(p60["taxCode"]), "1100L") || p60["week1Month1"] != true {
			t.Errorf("P60 code %v week1Month1 %v, want 1100L on the month 1 basis", p60["taxCode"], p60["week1Month1"])
		}
		expectAmount(t, "P60 pay", p60["payInThisEmployment"], 9000)
		expectAmount(t, "P60 tax", p60["taxInThisEmployment"], 1197)
		fps := pd34FPS(t, e, P, cara)
		tc := fps["payment"].(map[string]any)["taxCode"].(map[string]any)
		if tc["code"] != "1100L" || tc["basisNonCumulative"] != "yes" {
			t.Errorf("FPS tax code %v", tc)
		}
		expectAmount(t, "FPS tax to date", fps["figuresToDate"].(map[string]any)["totalTax"], 1197)
		// She leaves on 30 June: the P45 (part 1A box 6, "tax code at
		// leaving date", with the week 1/month 1 box) says the same.
		e.leaveOn(t, cara, "2026-06-30")
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, cara), e.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		if p45["taxCode"] != "1100L" || p45["week1Month1"] != true || num(t, p45["periodNumber"]) != 3 {
			t.Errorf("P45 %v", p45)
		}
	})
}

// A leaver with a Plan 1 student loan and a postgraduate loan (P45 part
// 1A: leaving date, code and basis, month number of the last payment, pay
// and tax to date, "Student Loan deductions to continue" and "Postgraduate
// Loan deductions to continue" ticked; the FPS of the final payment
// carries the leaving date and the loans to date in whole pounds; HMRC
// "Student and Postgraduate Loans: employer guide" — deductions continue
// to the leaving date and are shown on the P45):
//   - Lou, £3,000 a month, 1257L cumulative, category A, leaves on 31 May
//     2026 (the end of his last monthly period, tax month 2).
//   - PAYE April 390.20, May 390.40 (as Cara above): to date 6,000.00 /
//     780.60. Plan 1: 9% × (3,000 − 2,241.66) = 68.2506 → 68 a month;
//     PGL: 6% × (3,000 − 1,750) = 75.00 a month. NI 156.16 a month.
//   - P45: month 2, not month 1 basis, 1257L, pay/tax to date 6,000.00 /
//     780.60 (no previous employment), SL and PGL to continue, plan 1.
//   - FPS May: leaving date 2026-05-31, not a payment after leaving;
//     student loans to date 136, postgraduate loans to date 150.
func TestAuditUKLeaverP45AndFPSWithBothLoans(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pd34HMRC(t, e, nil)
		lou := e.employee(t, "Lou", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"hasStudentLoan": true, "studentLoanType": "Plan1", "hasPostGradLoan": true, "startDate": "2025-01-06T00:00:00", "gender": "Male"})
		P := e.run(t, "2026-04-30", 0, 0)
		tot := e.totals(t, P, lou)
		expectAmount(t, "April Plan 1", tot["studentLoanAmount"], 68)
		expectAmount(t, "April PGL", tot["postGradLoanAmount"], 75)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.leaveOn(t, lou, "2026-05-31")
		P = e.run(t, "2026-05-31", 0, 0)
		tot = e.totals(t, P, lou)
		expectAmount(t, "May gross", tot["grossEarnings"], 3000)
		expectAmount(t, "May PAYE", tot["payeWithheld"], 390.40)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, lou), e.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		if p45["periodType"] != "Month" || num(t, p45["periodNumber"]) != 2 || p45["week1Month1"] != false || p45["taxCode"] != "1257L" ||
			p45["studentLoanDeductionsToContinue"] != true || p45["studentLoanPlan"] != "Plan1" || p45["postgraduateLoanDeductionsToContinue"] != true ||
			!strings.HasPrefix(fmt.Sprint(p45["leavingDate"]), "2026-05-31") {
			t.Errorf("P45 %v", p45)
		}
		for k, v := range map[string]float64{"totalPayToDate": 6000, "totalTaxToDate": 780.60, "payInThisEmployment": 6000, "taxInThisEmployment": 780.60} {
			expectAmount(t, "P45 "+k, p45[k], v)
		}
		fps := pd34FPS(t, e, P, lou)
		if fps["leavingDate"] != "2026-05-31" || fps["payment"].(map[string]any)["pmtAfterLeaving"] != "" {
			t.Errorf("FPS leaving date %v, after leaving %v", fps["leavingDate"], fps["payment"].(map[string]any)["pmtAfterLeaving"])
		}
		td := fps["figuresToDate"].(map[string]any)
		expectAmount(t, "FPS student loans to date", td["studentLoansTD"], 136)
		expectAmount(t, "FPS postgraduate loans to date", td["postGradLoansTD"], 150)
	})
}

// SMP recovered on the EPS and P32, at the standard rate and with Small
// Employers' Relief (SSCBA 1992 s 167 and the Statutory Maternity Pay
// (Compensation of Employers) Regulations 1994: an employer recovers 92%
// of SMP paid; a small employer — Class 1 NICs of the qualifying tax year
// at most £45,000, claimed by the employer — recovers 100% plus 8.5% NIC
// compensation, 108.5%; HMRC EPS guidance "SMP recovered" and "NIC
// compensation on SMP", year to date), with the Employment Allowance
// set against employer NI (NICs Act 2014 s 1; £10,500 for 2026-27):
//   - Mia, on maternity leave from Wednesday 1 July 2026, AWE £700, 1257L
//     M1: SMP weeks 1-6 at 90% × 700 = 630.00 a week; July's 31 days
//     630 × 31 ÷ 7 = 2,790.00, no salary.
//   - PAYE 2,790 − 1,048.26 = 1,741.74 → 1,741 × 20% = 348.20; NI 8% ×
//     (2,790 − 1,048) = 139.36; employer 15% × (2,790 − 417) = 355.95.
//   - Standard (Employment Allowance claimed): EPS tax month
//     4 (6 July - 5 August) SMP recovered 92% × 2,790 = 2,566.80, NIC
//     compensation nil; P32 month 4 employment allowance 355.95 (all the
//     month's employer NI, well inside £10,500); due 348.20 + 139.36 +
//     355.95 − 2,566.80 − 355.95 = −2,079.24.
//   - The employer then claims Small Employers' Relief: the EPS again
//     recovers 2,790.00 with NIC compensation 8.5% × 2,790 = 237.15. The
//     FPS year to date SMP
//     2,790.00 and the P60's statutory payments SMP 2,790.00.
func TestAuditUKEPSSMPRecoveryStandardAndSmallEmployer(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pd34HMRC(t, e, nil)
		e.Do("PUT", e.B+"/hmrcsettings/employmentallowance?financialYearEnding=2027", e.Key, map[string]any{"claimEmploymentAllowance": true,
			"stateAidRulesDoNotApply": true}).Expect(t, 200)
		mia := e.employee(t, "Mia", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L M1", "nationalInsuranceCategory": "A",
			"gender": "Female", "startDate": "2024-01-01T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/smp", e.B, mia), e.Key, map[string]any{"startDate": "2026-07-01T00:00:00",
			"endDate": "2027-03-30T00:00:00", "babyDueDate": "2026-07-22T00:00:00", "averageWeeklyEarningsOverride": 700}).Expect(t, 200)
		P := e.run(t, "2026-07-31", 0, 0)
		tot := e.totals(t, P, mia)
		expectAmount(t, "SMP month gross", tot["grossEarnings"], 2790)
		expectAmount(t, "PAYE", tot["payeWithheld"], 348.20)
		expectAmount(t, "NI", tot["employeeNationalInsuranceContribution"], 139.36)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 355.95)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		eps := func(what string, rec, comp float64) {
			t.Helper()
			got := e.Do("POST", e.B+"/report/eps", e.Key, map[string]any{"taxYear": "2026/27", "taxMonth": 4}).Expect(t, 200).Map(t)
			r := got["recoverableAmountsYTD"].(map[string]any)
			expectAmount(t, what+" EPS SMP recovered", r["smpRecovered"], rec)
			expectAmount(t, what+" EPS NIC compensation on SMP", r["nicCompensationOnSMP"], comp)
			if got["employmentAllowanceIndicator"] != true {
				t.Errorf("%s EPS employment allowance indicator %v", what, got["employmentAllowanceIndicator"])
			}
		}
		eps("standard", 2566.80, 0)
		p32 := e.Do("GET", e.B+"/report/p32?taxYear=2026/27", e.Key, nil).Expect(t, 200).Map(t)
		m4 := p32["months"].([]any)[3].(map[string]any)
		expectAmount(t, "P32 month 4 employment allowance", m4["employmentAllowance"], 355.95)
		expectAmount(t, "P32 month 4 recovered", m4["statutoryPaymentsRecovered"], 2566.80)
		expectAmount(t, "P32 month 4 due", m4["totalDue"], -2079.24)
		// The employer then claims Small Employers' Relief (its Class 1
		// NICs of the qualifying tax year were under £45,000).
		pd34HMRC(t, e, map[string]any{"claimSmallEmployersRelief": true})
		eps("small employer", 2790, 237.15)
		expectAmount(t, "FPS SMP to date", pd34FPS(t, e, P, mia)["figuresToDate"].(map[string]any)["smpytd"], 2790)
		p60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, mia), e.Key, nil).Expect(t, 200).Map(t)
		found := false
		for _, s := range p60["statutoryPayments"].([]any) {
			if m := s.(map[string]any); m["type"] == "SMP" {
				found = true
				expectAmount(t, "P60 SMP", m["amount"], 2790)
			}
		}
		if !found {
			t.Errorf("P60 statutory payments %v, want SMP 2,790.00", p60["statutoryPayments"])
		}
	})
}

// SMP with occupational maternity pay topping it up to full pay, and the
// pension on both (SMP and OMP are both earnings: for PAYE and NI, ITEPA
// 2003 s 660 / SSCBA s 4(1)(b) for SMP; for auto-enrolment qualifying
// earnings, Pensions Act 2008 s 13(3)(e) names statutory maternity pay):
//   - Ola, £39,000 a year (3,250.00 a month), 37.5 hours Monday-Friday,
//     1257L M1, A, net pay pension 5% / 3% of qualifying earnings; on
//     maternity leave all November 2026 with AWE £700: SMP 2,700.00 (as
//     Mia above); the employer's scheme pays full pay for the month: OMP
//     3,250.00 − 2,700.00 = 550.00. Gross 3,250.00.
//   - Pension: 5% × (3,250 − 520) = 136.50, employer 3% = 81.90.
//   - PAYE (3,250 − 136.50) − 1,048.26 = 2,065.24 → 2,065 × 20% = 413.00;
//     NI 8% × (3,250 − 1,048) = 176.16; employer 15% × (3,250 − 417) =
//     424.95. Net 3,250 − 136.50 − 413.00 − 176.16 = 2,524.34.
//   - The payslip shows SMP 2,700.00 and the top-up 550.00 as lines.
func TestAuditUKSMPWithOccupationalTopUpAndPension(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		plan := pd34Plan(t, e, "net pay", 5, 0)
		ola := e.employee(t, "Ola", "Monthly", map[string]any{"rate": 39000, "rateUnit": "Annually", "hoursPerWeek": 37.5, "taxCode": "1257L M1",
			"nationalInsuranceCategory": "A", "gender": "Female", "startDate": "2024-01-01T00:00:00"})
		pd34Join(t, e, ola, plan)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/smp", e.B, ola), e.Key, map[string]any{"startDate": "2026-11-01T00:00:00",
			"endDate": "2027-07-31T00:00:00", "babyDueDate": "2026-11-22T00:00:00", "averageWeeklyEarningsOverride": 700}).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/occupationalabsence", e.B, ola), e.Key, map[string]any{"absenceType": "Maternity",
			"fromDate": "2026-11-01T00:00:00", "toDate": "2026-11-30T00:00:00", "payPercentage": 100}).Expect(t, 200)
		P := e.run(t, "2026-11-30", 0, 0)
		tot := e.totals(t, P, ola)
		for k, v := range map[string]float64{"grossEarnings": 3250, "employeePensionContribution": 136.50, "employerPensionContribution": 81.90,
			"payeWithheld": 413, "employeeNationalInsuranceContribution": 176.16, "employerNationalInsuranceContribution": 424.95, "netEarnings": 2524.34} {
			expectAmount(t, k, tot[k], v)
		}
		slip := string(e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, ola), e.Key, nil).Expect(t, 200).Body)
		if !strings.Contains(slip, "2700") || !strings.Contains(slip, "550") {
			t.Errorf("payslip without the SMP 2,700.00 and top-up 550.00 lines: %s", slip)
		}
	})
}

// An irregular-hours worker's holiday entitlement paid out on leaving
// (Working Time Regulations 1998 reg 15B, leave years from 1 April 2024:
// 12.07% of the hours worked in each pay period; reg 14: leave accrued
// and untaken at termination is paid in lieu at the worker's rate;
// docs/reference/uk-holiday-irregular-hours.md):
//   - Ivy, a casual at £15 an hour, BR, A, weekly; week to 15 November
//     2026 works 20 hours (300.00) and accrues 20 × 12.07% = 2.414 hours;
//     week to 22 November works 10 hours (150.00), accrues 1.207 hours,
//     and leaves on 22 November, having taken none.
//   - Paid on termination: (2.414 + 1.207) × 15 = 3.621 × 15 = 54.315 →
//     54.32; final gross 150.00 + 54.32 = 204.32; NI nil (under the PT
//     of 242).
func TestAuditUKIrregularHoursLeaverHolidayPaidOut(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", e.B+path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		worked := id("/paycategory", map[string]any{"name": "Hours Worked", "rateUnit": "Hourly", "accruesLeave": true})
		id("/leavecategory", map[string]any{"name": "Holiday (Irregular Hours)", "units": 0.1207, "unitType": "HoursPerHourWorked",
			"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": true})
		ivy := e.employee(t, "Ivy", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "employmentType": "Casual", "taxCode": "BR",
			"nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00"})
		approvedTimesheet(t, e.Bundle, e.B, ivy, worked, "2026-11-09T08:00:00", "2026-11-09T18:00:00")
		approvedTimesheet(t, e.Bundle, e.B, ivy, worked, "2026-11-10T08:00:00", "2026-11-10T18:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-15", "2026-11-15")
		expectAmount(t, "week 1 gross", e.totals(t, P, ivy)["grossEarnings"], 300)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		approvedTimesheet(t, e.Bundle, e.B, ivy, worked, "2026-11-16T08:00:00", "2026-11-16T18:00:00")
		P = timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-22", "2026-11-22")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ivy, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, ivy), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(ivy)].([]any)
		paid := 0.0
		for _, l := range lines {
			if m := l.(map[string]any); strings.HasSuffix(fmt.Sprint(m["payCategoryName"]), "paid on termination") {
				paid += num(t, m["earnings"])
				expectAmount(t, "hours paid on termination", m["units"], 3.621)
			}
		}
		expectAmount(t, "holiday paid on termination", paid, 54.32)
		tot := e.totals(t, P, ivy)
		expectAmount(t, "final gross", tot["grossEarnings"], 204.32)
		expectAmount(t, "final NI", tot["employeeNationalInsuranceContribution"], 0)
	})
}

// The minimum wage check of a salaried worker in a month with SSP (NMW
// Regulations 2015 reg 10: statutory sick pay is not pay for the NMW;
// the hours of absence are not hours of work): Sia, £27,000 a year (27,000
// ÷ 2,080 = 12.98 an hour, above £12.71), 40 hours Monday-Friday, 8 a
// day, sick Monday 11 - Friday 15 May 2026 without company sick pay. The
// salary for the 16 of 21 working days she worked is above the rate for
// the 173.33 − 40 = 133.33 hours worked (pay for the days worked at her
// salary's rate is 12.98 an hour whatever the split), so no
// BelowMinimumWage warning may be given for the month: the SSP lowers
// her gross but neither is pay nor adds hours.
func TestAuditUKMinimumWageMonthWithSickPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		sia := e.employee(t, "Sia", "Monthly", map[string]any{"rate": 27000, "rateUnit": "Annually", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCode": "1257L", "nationalInsuranceCategory": "A", "dateOfBirth": "1990-01-01T00:00:00", "startDate": "2025-01-06T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/ssp", e.B, sia), e.Key, map[string]any{"startDate": "2026-05-11T00:00:00",
			"endDate": "2026-05-15T00:00:00", "averageWeeklyEarningsOverride": 519.23}).Expect(t, 200)
		P := e.run(t, "2026-05-31", 0, 0)
		if g := num(t, e.totals(t, P, sia)["grossEarnings"]); g >= 2250 {
			t.Errorf("gross %v: the sick week should not be paid as salary", g)
		}
		var warns []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		for _, w := range warns {
			if w["warningType"] == "BelowMinimumWage" && int64(num(t, w["employeeId"])) == sia {
				t.Errorf("warned in a month with SSP: %v", w["warning"])
			}
		}
	})
}

// SPP arrears after back pay of the relevant period raises the AWE (the
// Statutory Paternity Pay and Statutory Adoption Pay (General) Regulations
// 2002 reg 40(7): back pay for the relevant period awarded after it
// counts as paid in it; SSCBA 1992 s 171ZE: SPP is the lower of the flat
// rate, £194.32 for 2026-27, and 90% of AWE), paid as SMP's arrears are
// (docs/reference/uk-smp-pay-rise.md):
//   - Pip, £200 a week, AWE 200.00 (override), paternity leave Sunday 5 -
//     Saturday 18 July 2026: week 1 at 90% × 200 = 180.00 (below the flat
//     rate), paid by the run to 11 July and finalised.
//   - Back pay lifts the AWE to 240.00: 90% = 216.00, so the rate is the
//     flat 194.32. The run to 18 July pays week 2, 194.32, and week 1's
//     arrears 194.32 − 180.00 = 14.32: gross 208.64; FPS SPP to date
//     180.00 + 194.32 + 14.32 = 388.64.
//   - A payRisePercent (SMP's reg 21(7) only) and a lower AWE are refused.
func TestAuditUKSPPArrearsAfterBackPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		pd34HMRC(t, e, nil)
		pip := e.employee(t, "Pip", "Weekly", map[string]any{"rate": 200, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2025-01-06T00:00:00", "gender": "Male"})
		SL := fmt.Sprintf("%s/employee/%d/statutoryleave/", e.B, pip)
		spp := int64(num(t, e.Do("POST", SL+"spp", e.Key, map[string]any{"startDate": "2026-07-05T00:00:00", "endDate": "2026-07-18T00:00:00",
			"babyDueDate": "2026-07-01T00:00:00", "averageWeeklyEarningsOverride": 200}).Expect(t, 200).Map(t)["id"]))
		P := e.run(t, "2026-07-11", 0, 0)
		expectAmount(t, "week 1 SPP", e.totals(t, P, pip)["grossEarnings"], 180)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		U := fmt.Sprintf("%sspp/%d/earnings", SL, spp)
		testkit.ExpectProblem(t, e.Do("PUT", U, e.Key, map[string]any{"payRisePercent": 20, "payRiseEffectiveDate": "2026-07-01T00:00:00"}), 400, "payRisePercent")
		e.Do("PUT", U, e.Key, map[string]any{"averageWeeklyEarningsOverride": 150}).Expect(t, 400)
		got := e.Do("PUT", U, e.Key, map[string]any{"averageWeeklyEarningsOverride": 240}).Expect(t, 200).Map(t)
		expectAmount(t, "stored AWE", got["averageWeeklyEarnings"], 240)
		P = e.run(t, "2026-07-18", 0, 0)
		expectAmount(t, "week 2 gross with arrears", e.totals(t, P, pip)["grossEarnings"], 208.64)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		expectAmount(t, "FPS SPP to date", pd34FPS(t, e, P, pip)["figuresToDate"].(map[string]any)["sppytd"], 388.64)
	})
}
