package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth52: SG year-end and leaver AW recalculation at the rates of the
// month the AW was paid, and an audit round. Every figure is derived by
// hand from the source named beside it, not from our output. CPF 2026
// (payroll-rules-2026-27.md §4.1-4.2: 55 and below 17% / 20%, total 37%;
// above 55 to 60 16% / 18%, total 34%; above 60 to 65 12.5% / 12.5%, total
// 25%; a band "X and below" includes the month of the X-th birthday,
// "above X" starts the month after; OW ceiling $8,000 a month, annual
// ceiling $102,000; the total rounded to the dollar, 50 cents up, the
// employee's share with its cents dropped, the employer's the
// difference). SDL 0.25% of the month's wages up to $4,500, at least $2.

// sgFinalise finalises run P.
func (e *regionEnv) sgFinalise(t *testing.T, P string) {
	t.Helper()
	e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
}

// A leaver's AW shortfall priced at the rates of the month the AW was
// paid. CPF Board FAQ "How do I calculate CPF contributions on Additional
// Wages (AW) when there is a change in Age Group during the year?"
// (cpf.gov.sg/employer/faq/employer-obligations/what-payments-attract-cpf-
// contributions/how-do-i-calculate-cpf-on-aw-due-to-change-in-age-group):
// "Any shortfall in CPF contributions on Additional Wages (AW) should
// follow the applicable rate for the month in which the AW were paid. The
// shortfall should be paid together with December's contributions or
// contributions for your employee's last month of employment"; CPF Board
// FAQ "How do I calculate CPF contributions on AW when an employee
// resigns?": the AW ceiling is recalculated on the actual OW to the last
// month of employment.
//
// Siti, a citizen born 20 May 1971 (55 in May 2026: 55 and below to May,
// above 55 to 60 from June), $9,000 a month since 2015.
//   - March, a $30,000 bonus: the AW ceiling on the estimated OW (January
//     and February 16,000 + March 8,000 + 9 × 8,000 for April to
//     December) = 102,000 − 96,000 = 6,000: CPF on 8,000 + 6,000 =
//     14,000 at 37% = 5,180, employee 20% = 2,800, employer 2,380.
//   - She resigns after July's pay, her last day Monday 31 August 2026.
//     August is her last month: actual OW 8 × 8,000 = 64,000, ceiling
//     38,000, so the whole 30,000 is subject: a shortfall of 24,000, at
//     March's rates: 37% × 24,000 = 8,880, employee 20% = 4,800. August's
//     own wages at August's: 34% × 8,000 = 2,720, employee 18% = 1,440.
//     August's CPF: total 11,600, employee 6,240, employer 5,360. Net
//     9,000 − 6,240 = 2,760.
//   - The August CPF file: OW 8,000.00, AW 24,000.00, CPF 11,600.00.
//
// Before: the shortfall at August's rates: 34% × 32,000 = 10,880, employee
// 18% = 5,760, employer 5,120: 720 short (employee 480, employer 240).
func TestAuditSGLeaverAWShortfallAtTheAWMonthsRates(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		siti := e.employee(t, "Siti", "Monthly", map[string]any{"rate": 9000, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"dateOfBirth": "1971-05-20T00:00:00", "startDate": "2015-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8012345J"})
		for _, day := range []string{"2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31"} {
			bonus := 0.0
			if day == "2026-03-31" {
				bonus = 30000
			}
			P := e.run(t, day, siti, bonus)
			if bonus > 0 {
				tot := e.totals(t, P, siti)
				expectAmount(t, "March CPF employee", tot["cpfEmployeeContributionAmount"], 2800)
				expectAmount(t, "March CPF employer", tot["cpfEmployerContributionAmount"], 2380)
			}
			e.sgFinalise(t, P)
		}
		e.leaveOn(t, siti, "2026-08-31")
		P := e.run(t, "2026-08-31", 0, 0)
		tot := e.totals(t, P, siti)
		expectAmount(t, "August gross", tot["grossEarnings"], 9000)
		expectAmount(t, "August CPF employee", tot["cpfEmployeeContributionAmount"], 6240)
		expectAmount(t, "August CPF employer", tot["cpfEmployerContributionAmount"], 5360)
		expectAmount(t, "August net", tot["netEarnings"], 2760)
		x := e.explainTerms(t, P, siti, "cpf.total")
		if x["AW of 2026-03 made subject to CPF at the year end (priced at the rates of the month it was paid)"] != 24000 ||
			x["total rate of 2026-03"] != 0.37 || x["employee rate of 2026-03"] != 0.2 {
			t.Errorf("cpf.total terms %v, want 24,000 of March's AW at 37%% / 20%%", x)
		}
		f := e.sgCPFFile(t, P, "2026-08")
		if dt := sgDetail(t, f, "S8012345J"); dt.Ordinary != 800000 || dt.Additional != 2400000 || dt.Amount != 1160000 {
			t.Errorf("August CPF detail %+v, want OW 800000, AW 2400000, CPF 1160000", dt)
		}
	})
}

// The December recalculation after a cut in salary, the bonus paid in an
// earlier age band (same CPF Board FAQs as above; "How do I calculate CPF
// contributions on AW paid before the end of the year/last month of
// employment?": the shortfall is paid with December's contributions).
// Ong, a citizen born 10 April 1966 (60 in April 2026: above 55 to 60 to
// April, above 60 to 65 from May), $8,000 a month; from July she works
// part time at $4,000.
//   - February, a $20,000 bonus: estimated OW 8,000 (January) + 8,000 + 10
//     × 8,000 = 96,000, ceiling 6,000: CPF on 14,000 at 34% = 4,760,
//     employee 18% = 2,520, employer 2,240.
//   - December: actual OW 6 × 8,000 + 6 × 4,000 = 72,000, ceiling 30,000:
//     the whole 20,000 is subject, 14,000 more, at February's rates: 34%
//     × 14,000 = 4,760, employee 18% = 2,520; December's 4,000 at 25% =
//     1,000, employee 12.5% = 500. December's CPF 5,760, employee 3,020,
//     employer 2,740; net 4,000 − 3,020 = 980.
//
// Before: 25% × 18,000 = 4,500, employee 2,250, employer 2,250.
func TestAuditSGDecemberAWShortfallAfterTurningSixty(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ong := e.employee(t, "Ong", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"dateOfBirth": "1966-04-10T00:00:00", "startDate": "2010-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8023456B"})
		for mo := 1; mo <= 11; mo++ {
			day := fmt.Sprintf("2026-%02d-%02d", mo, []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30}[mo-1])
			if mo == 7 {
				e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, ong), e.Key, map[string]any{"rate": 4000, "hoursPerWeek": 20}).Expect(t, 200)
			}
			bonus := 0.0
			if mo == 2 {
				bonus = 20000
			}
			P := e.run(t, day, ong, bonus)
			if mo == 2 {
				tot := e.totals(t, P, ong)
				expectAmount(t, "February CPF employee", tot["cpfEmployeeContributionAmount"], 2520)
				expectAmount(t, "February CPF employer", tot["cpfEmployerContributionAmount"], 2240)
			}
			if mo == 7 {
				expectAmount(t, "July gross", e.totals(t, P, ong)["grossEarnings"], 4000)
			}
			e.sgFinalise(t, P)
		}
		P := e.run(t, "2026-12-31", 0, 0)
		tot := e.totals(t, P, ong)
		expectAmount(t, "December CPF employee", tot["cpfEmployeeContributionAmount"], 3020)
		expectAmount(t, "December CPF employer", tot["cpfEmployerContributionAmount"], 2740)
		expectAmount(t, "December net", tot["netEarnings"], 980)
	})
}

// A Singapore permanent resident's CPF depends on the year of PR status
// (CPF Board, "CPF contributions for Singapore Permanent Residents
// (SPRs)": graduated employer and employee rates (G/G) in the 1st and 2nd
// years unless employer and employee jointly apply for full rates; full
// rates from the 3rd year; CPF Board, "How do I determine the year of my
// SPR status": the year runs from the month status was obtained;
// docs/reference/sg-sdl-and-spr-rates.md). June 2026, each $5,000 a
// month, born 1990 (55 and below):
//   - Lina, PR with no obtainedResidencyDate: the year is not known, so
//     her pay is not calculated; the warning names obtainedResidencyDate,
//     and the run cannot be finalised. Before: she was taken for a 3rd-year
//     SPR: 37% × 5,000 = 1,850, employee 1,000, employer 850, where a
//     1st-year SPR (G/G: 4% / 5%, 9%) pays 450, employee 250, employer 200.
//   - Mark, PR with no date but applyFullCpfRate (joint application, F/F):
//     the full rates whatever the year: 1,850, employee 1,000, employer
//     850.
//   - Nora, PR from 10 May 2025: June 2026 is 13 months on, the 2nd year
//     (the 1st ends with the month of the first anniversary, May 2026): G/G
//     9% / 15%, 24%: 1,200, employee 750, employer 450.
//   - Once Lina's date is recorded (1 March 2026, 1st year: 4% / 5%): 450,
//     employee 250, employer 200, and the run finalises.
func TestAuditSGPermanentResidentWithoutPRDateRefused(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		pr := func(name, nric string, m map[string]any) int64 {
			base := map[string]any{"rate": 5000, "rateUnit": "Monthly", "hoursPerWeek": 40, "legalStatus": "Permanent Resident",
				"dateOfBirth": "1990-01-15T00:00:00", "startDate": "2020-01-01T00:00:00", "nationalRegistrationIdentityNumber": nric}
			for k, v := range m {
				base[k] = v
			}
			return e.employee(t, name, "Monthly", base)
		}
		lina := pr("Lina", "S8012345J", nil)
		mark := pr("Mark", "S8023456B", map[string]any{"applyFullCpfRate": true})
		nora := pr("Nora", "S8034567D", map[string]any{"obtainedResidencyDate": "2025-05-10T00:00:00"})
		P := e.run(t, "2026-06-30", 0, 0)
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, lina), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(lina)].(map[string]any)
		if w, _ := tot["warning"].(string); !strings.Contains(w, "obtainedResidencyDate") {
			t.Errorf("Lina's pay: warning %q, want the PR date named (%v)", w, tot)
		}
		expectAmount(t, "Lina CPF employee", tot["cpfEmployeeContributionAmount"], 0)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 409)
		for _, c := range []struct {
			name   string
			emp    int64
			ee, er float64
		}{{"Mark", mark, 1000, 850}, {"Nora", nora, 750, 450}} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, lina), e.Key, map[string]any{"obtainedResidencyDate": "2026-03-01T00:00:00"}).Expect(t, 200)
		e.Do("POST", P+"/recalculate", e.Key, nil).Expect(t, 200)
		tot = e.totals(t, P, lina)
		expectAmount(t, "Lina CPF employee", tot["cpfEmployeeContributionAmount"], 250)
		expectAmount(t, "Lina CPF employer", tot["cpfEmployerContributionAmount"], 200)
		e.sgFinalise(t, P)
	})
}

// A joiner and a leaver part-way through November 2026, each with no-pay
// leave in the same month. MOM, "Salary for an incomplete month of work"
// (an employee who joins or leaves in the month, or takes no-pay leave):
// monthly gross rate of pay ÷ total working days in the month × total days
// actually worked; public holidays count as working days (MOM's
// example). November 2026, Monday to Friday: 2-6, 9-13 (Monday 9, the day
// after Deepavali, is the holiday in lieu), 16-20, 23-27 and 30: 21
// working days. Citizens born 1990 (37%, employee 20%).
//   - Farah, $3,000, joins Monday 16 November: 11 working days from the
//     16th, less 2 days of no-pay leave (Thursday 26, Friday 27): 9 worked.
//     3,000 × 9 ÷ 21 = 1,285.714 → 1,285.71. CPF 37% = 475.71 → 476,
//     employee 20% = 257.14 → 257, employer 219; SDL 0.25% = 3.214 → 3.21;
//     net 1,028.71.
//   - Gary, $4,200, last day Friday 13 November: 10 working days (2-13,
//     the holiday included), less 1 day of no-pay leave (Tuesday 3): 9
//     worked. 4,200 × 9 ÷ 21 = 1,800.00. CPF 37% = 666, employee 360,
//     employer 306; SDL 4.50; net 1,440.00.
func TestAuditSGJoinerAndLeaverWithNoPayLeaveInTheMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		unpaid := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Unpaid Leave", "leaveUnitType": "Hours",
			"leaveCategoryType": "Standard", "isBalanceUntracked": true}).Expect(t, 200).Map(t)["id"]))
		farah := e.employee(t, "Farah", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"dateOfBirth": "1990-02-02T00:00:00", "startDate": "2026-11-16T00:00:00", "nationalRegistrationIdentityNumber": "S8012345J"})
		gary := e.employee(t, "Gary", "Monthly", map[string]any{"rate": 4200, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"dateOfBirth": "1990-02-02T00:00:00", "startDate": "2019-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8023456B"})
		for _, emp := range []int64{farah, gary} {
			e.workWeek(t, emp, 5, false)
		}
		leave := func(emp int64, from, to string, hours float64) {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": unpaid,
				"fromDate": from + "T00:00:00", "toDate": to + "T00:00:00", "hours": hours, "automaticallyApprove": true}).Expect(t, 200)
		}
		leave(farah, "2026-11-26", "2026-11-27", 16)
		leave(gary, "2026-11-03", "2026-11-03", 8)
		e.leaveOn(t, gary, "2026-11-13")
		P := e.run(t, "2026-11-30", 0, 0)
		for _, c := range []struct {
			name                        string
			emp                         int64
			gross, ee, er, sdl, netWant float64
		}{{"Farah", farah, 1285.71, 257, 219, 3.21, 1028.71}, {"Gary", gary, 1800, 360, 306, 4.50, 1440}} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" gross", tot["grossEarnings"], c.gross)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
			expectAmount(t, c.name+" SDL", tot["sdlContributionAmount"], c.sdl)
			expectAmount(t, c.name+" net", tot["netEarnings"], c.netWant)
		}
	})
}

// Government-paid maternity leave: the employer keeps paying the salary
// and claims it back from the Government with the CPF it paid on it (MSF,
// "Explanatory notes for reimbursement of Government-Paid Maternity Leave
// (for employers)", 2018: the employer who has paid the employee her gross
// rate of pay for the leave is reimbursed "for such payment and for any
// CPF contribution the employer has made under the Central Provident Fund
// Act in respect of that payment which is not recoverable from the wages
// of the female employee"; Child Development Co-Savings Regulations: the
// claim is (monthly gross rate of pay + the employer's CPF) × 12 × days ÷
// 365). So the pay for the leave is the month's ordinary wages and CPF is
// due on it as on any salary; the reimbursement is outside the pay run.
// Aisha, a citizen born 1992, $4,000 a month, Monday to Friday, on
// maternity leave for the whole of November 2026 (21 working days, 168
// hours), the leave category deducting the hours from her salary and
// paying them through a "Maternity Leave Pay" category (an ordinary
// category): gross 4,000.00 (the salary less 168 hours at the hourly rate
// plus the same paid as leave); CPF 37% = 1,480, employee 800, employer
// 680; SDL 0.25% × 4,000 = 10.00; net 3,200.00. The CPF file: OW 4,000.00.
func TestAuditSGGovernmentPaidMaternityLeaveAttractsCPF(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		pay := e.sgCategory(t, "Maternity Leave Pay", "Standard")
		maternity := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Maternity Leave", "leaveUnitType": "Hours",
			"leaveCategoryType": "Standard", "isBalanceUntracked": true, "deductFromPrimaryPayCategory": true,
			"transferToPayCategoryId": pay}).Expect(t, 200).Map(t)["id"]))
		aisha := e.employee(t, "Aisha", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"dateOfBirth": "1992-07-07T00:00:00", "startDate": "2020-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8045678F"})
		e.workWeek(t, aisha, 5, false)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, aisha), e.Key, map[string]any{"leaveCategoryId": maternity,
			"fromDate": "2026-11-02T00:00:00", "toDate": "2026-11-30T00:00:00", "hours": 168, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-11-30", 0, 0)
		tot := e.totals(t, P, aisha)
		expectAmount(t, "gross", tot["grossEarnings"], 4000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 800)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 680)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 10)
		expectAmount(t, "net", tot["netEarnings"], 3200)
		f := e.sgCPFFile(t, P, "2026-11")
		if dt := sgDetail(t, f, "S8045678F"); dt.Ordinary != 400000 || dt.Additional != 0 || dt.Amount != 148000 {
			t.Errorf("November CPF detail %+v, want OW 400000, AW 0, CPF 148000", dt)
		}
	})
}

// The same leave in a category like the SG default "Maternity Leave"
// (internal/categories/defaults.go: no pay category, deductFromPrimaryPay
// Category false, "the salary continues"; created here through the API
// with the member sent false): nothing is deducted and nothing paid
// beside the salary, so the month's pay is the salary as it stands, the
// employer paying the gross rate of pay for the leave (MSF notes above).
// Aisha as above: gross 4,000.00; CPF on OW 4,000 at 37% (age 55 and
// below, payroll-rules-2026-27.md §4) = 1,480, employee 20% = 800,
// employer 680; SDL 0.25% × 4,000 = 10.00; net 3,200.00; the CPF file's
// OW 4,000.00. The payslip lists the 168 hours taken. Before paydepth53
// the pay run ignored deductFromPrimaryPayCategory and treated leave
// without a pay category as unpaid: gross 0.00.
func TestAuditSGSalaryContinuesDuringDefaultMaternityLeave(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		maternity := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Maternity Leave", "leaveUnitType": "Hours",
			"unitType": "Days", "leaveCategoryType": "Standard", "isBalanceUntracked": true, "excludeFromTerminationPayout": true,
			"deductFromPrimaryPayCategory": false}).Expect(t, 200).Map(t)["id"]))
		aisha := e.employee(t, "Aisha", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"dateOfBirth": "1992-07-07T00:00:00", "startDate": "2020-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8045678F"})
		e.workWeek(t, aisha, 5, false)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, aisha), e.Key, map[string]any{"leaveCategoryId": maternity,
			"fromDate": "2026-11-02T00:00:00", "toDate": "2026-11-30T00:00:00", "hours": 168, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-11-30", 0, 0)
		tot := e.totals(t, P, aisha)
		expectAmount(t, "gross", tot["grossEarnings"], 4000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 800)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 680)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 10)
		expectAmount(t, "net", tot["netEarnings"], 3200)
		if got, ok := slipLeave(t, e.Bundle, P, aisha, "leaveTaken", "Maternity Leave"); !ok || got != 168 {
			t.Errorf("payslip lists %v hours of Maternity Leave taken (listed %v), want 168", got, ok)
		}
		f := e.sgCPFFile(t, P, "2026-11")
		if dt := sgDetail(t, f, "S8045678F"); dt.Ordinary != 400000 || dt.Additional != 0 || dt.Amount != 148000 {
			t.Errorf("November CPF detail %+v, want OW 400000, AW 0, CPF 148000", dt)
		}
	})
}

// The year-end shortfall of an SPR whose year of PR status turned after
// the AW month: priced at the rates of the month the AW was paid (CPF
// Board FAQ, change in age group: "Any shortfall in CPF contributions on
// AW should follow the applicable rate for the month in which the AW were
// paid"; the SPR year picks the rate table as the age band does, CPF
// Board, "How do I determine the year of my SPR status";
// docs/reference/sg-sdl-and-spr-rates.md). Hui, PR from 10 January 2025
// (January 2026 is the 12th month: still the 1st year, G/G 4% / 5%, total
// 9%; the 2nd year from February 2026: 9% / 15%, total 24%), born 1990,
// $8,000 a month, $4,000 from July.
//   - January, a $20,000 bonus: estimated OW 8,000 + 11 × 8,000 = 96,000,
//     ceiling 6,000: CPF on 14,000 at 9% = 1,260, employee 5% = 700,
//     employer 560.
//   - December: actual OW 6 × 8,000 + 6 × 4,000 = 72,000, ceiling 30,000:
//     14,000 more of the bonus at January's 9% = 1,260, employee 5% = 700;
//     December's 4,000 at 24% = 960, employee 15% = 600. CPF 2,220,
//     employee 1,300, employer 920; net 2,700.
//
// Before: 24% × 18,000 = 4,320, employee 2,700, employer 1,620.
func TestAuditSGPermanentResidentAWShortfallAtTheFirstYearRates(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		hui := e.employee(t, "Hui", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Monthly", "hoursPerWeek": 40, "legalStatus": "Permanent Resident",
			"obtainedResidencyDate": "2025-01-10T00:00:00", "dateOfBirth": "1990-03-03T00:00:00", "startDate": "2020-01-01T00:00:00",
			"nationalRegistrationIdentityNumber": "S8034567D"})
		for mo := 1; mo <= 11; mo++ {
			day := fmt.Sprintf("2026-%02d-%02d", mo, []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30}[mo-1])
			if mo == 7 {
				e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, hui), e.Key, map[string]any{"rate": 4000, "hoursPerWeek": 20}).Expect(t, 200)
			}
			bonus := 0.0
			if mo == 1 {
				bonus = 20000
			}
			P := e.run(t, day, hui, bonus)
			if mo == 1 {
				tot := e.totals(t, P, hui)
				expectAmount(t, "January CPF employee", tot["cpfEmployeeContributionAmount"], 700)
				expectAmount(t, "January CPF employer", tot["cpfEmployerContributionAmount"], 560)
			}
			e.sgFinalise(t, P)
		}
		P := e.run(t, "2026-12-31", 0, 0)
		tot := e.totals(t, P, hui)
		expectAmount(t, "December CPF employee", tot["cpfEmployeeContributionAmount"], 1300)
		expectAmount(t, "December CPF employer", tot["cpfEmployerContributionAmount"], 920)
		expectAmount(t, "December net", tot["netEarnings"], 2700)
		if x := e.explainTerms(t, P, hui, "cpf.total"); x["total rate of 2026-01"] != 0.09 || x["employee rate of 2026-01"] != 0.05 {
			t.Errorf("cpf.total terms %v, want January's 1st-year rates 9%% / 5%%", x)
		}
	})
}
