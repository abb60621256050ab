package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The FPS after a student loan stop notice and after a director resigns
// (docs/reference/uk-rti.md, "Stop notices and former directors"):
//   - Stu, Plan 2, £3,000 a month: April loan 9% × (3,000 − 29,385 ÷ 12 =
//     2,448.75) = 49.61 → 49 (whole pounds). A stop notice (SL2) is then
//     recorded (hasStudentLoan false, the plan kept). GOV.UK "Student loan
//     and postgraduate loan repayment guidance for employers": stop the
//     deductions and remove the borrower's plan type indicator; so May's
//     FPS has no StudentLoanRecovered (plan type empty, 0 recovered) while
//     its StudentLoansTD still reports the 49 deducted in April. When he
//     leaves after the stop notice, the P45's box 5 ("continue student
//     loan deductions") is left blank (same guidance, "Employee leaves").
//   - Dot, director since 2019, annual earnings period (AN), £3,000 a
//     month, resigns on 30 April and stays as an employee (flag cleared,
//     appointmentEndDate set). SSCR 2001 reg 8(3), NIM12024: her NI stays
//     on the director's annual earnings period to 5 April 2027, so May's NI
//     is 8% × (6,000 − 12,570)⁺ = 0 (an employee's would be 8% × (3,000 −
//     1,048) = 156.16) and May's FPS still says DirectorsNIC AN, which is
//     how HMRC knows the year's NI is on an annual period.
//   - Eve, whose directorship ended on 31 March 2026 (last tax year), is an
//     ordinary employee in 2026-27: no DirectorsNIC (NIM12024).
func TestUKFPSAfterStopNoticeAndDirectorResignation(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		person := func(first string, extra map[string]any) int64 {
			m := map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
				"startDate": "2019-05-01T00:00:00", "gender": "Female", "dateOfBirth": "1985-02-03T00:00:00"}
			for k, v := range extra {
				m[k] = v
			}
			return e.employee(t, first, "Monthly", m)
		}
		stu := person("Stu", map[string]any{"hasStudentLoan": true, "studentLoanType": "Plan2"})
		dot := person("Dot", map[string]any{"isCompanyDirector": "true", "appointmentStartDate": "2019-05-01T00:00:00", "nationalInsuranceCalculationMethod": "Cumulative"})
		eve := person("Eve", map[string]any{"isCompanyDirector": "false", "appointmentStartDate": "2019-05-01T00:00:00", "appointmentEndDate": "2026-03-31T00:00:00"})

		apr := e.run(t, "2026-04-30", 0, 0)
		expectAmount(t, "April student loan", e.totals(t, apr, stu)["studentLoanAmount"], 49)
		e.Do("POST", apr+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, stu), e.Key, map[string]any{"hasStudentLoan": false}).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, dot), e.Key, map[string]any{"isCompanyDirector": "false",
			"appointmentEndDate": "2026-04-30T00:00:00"}).Expect(t, 200)

		may := e.run(t, "2026-05-31", 0, 0)
		expectAmount(t, "May student loan", e.totals(t, may, stu)["studentLoanAmount"], 0)
		expectAmount(t, "May director NI", e.totals(t, may, dot)["employeeNationalInsuranceContribution"], 0)
		e.Do("POST", may+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": runOf(t, may)}).Expect(t, 200).Map(t)
		byID := map[int64]map[string]any{}
		for _, x := range fps["employees"].([]any) {
			emp := x.(map[string]any)
			byID[int64(num(t, emp["employeeId"]))] = emp
		}
		s := byID[stu]
		pay, ytd := s["payment"].(map[string]any), s["figuresToDate"].(map[string]any)
		if pay["studentLoanPlan"] != "" || num(t, pay["studentLoanRecovered"]) != 0 || ytd["studentLoansTD"] == nil || num(t, ytd["studentLoansTD"]) != 49 {
			t.Errorf("Stu's FPS after the stop notice: plan %q recovered %v, year to date %v (want no plan, 0, 49)",
				pay["studentLoanPlan"], pay["studentLoanRecovered"], ytd["studentLoansTD"])
		}
		for _, c := range []struct {
			who  int64
			name string
			want string
		}{{dot, "Dot (resigned 30 April)", "AN"}, {eve, "Eve (resigned last tax year)", ""}} {
			if got := byID[c.who]["directorsNIC"]; got != c.want {
				t.Errorf("%s: directorsNIC %q, want %q", c.name, got, c.want)
			}
		}

		e.leaveOn(t, stu, "2026-05-31")
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, stu), e.Key, nil).Expect(t, 200).Map(t)
		data, _ := p45["data"].(map[string]any)
		if data == nil {
			data = p45
		}
		if data["studentLoanDeductionsToContinue"] != false {
			t.Errorf("P45 box 5 after a stop notice: %v", data["studentLoanDeductionsToContinue"])
		}
	})
}

// A new starter's P45 with box 5 ticked ("continue student loan
// deductions", previousEmployerContinueStudentLoanDeductions): HMRC
// CSLM10011, deductions start from the next pay day on the plan the
// employee gives. Nia starts on 1 May 2026 on £3,000 a month with Plan 2:
// May loan 9% × (3,000 − 2,448.75) = 49.61 → 49. Noa's P45 says the same
// but no plan is recorded: HMRC's manual names Plan 1 as the default and
// the 2026-27 rules name Plan 5, so her pay is not worked out and the run
// says studentLoanType is missing (before: nothing deducted, no word).
//
// isExemptFromMinimumWage (a worker not entitled to the NMW, GOV.UK "The
// National Minimum Wage and Living Wage: who is not entitled"): Max and
// Min, 30, £10.00 an hour from May 2026 (the rate for 21 and over is
// £12.71 from 1 April 2026): Max gets the BelowMinimumWage warning, Min,
// recorded as exempt, does not.
func TestUKNewStarterP45StudentLoanAndMinimumWageExemption(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		starter := func(first string, extra map[string]any) int64 {
			m := map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
				"startDate": "2026-05-01T00:00:00", "dateOfBirth": "1996-02-03T00:00:00", "previousEmployerContinueStudentLoanDeductions": true}
			for k, v := range extra {
				m[k] = v
			}
			return e.employee(t, first, "Monthly", m)
		}
		nia := starter("Nia", map[string]any{"studentLoanType": "Plan2"})
		noa := starter("Noa", nil)
		hourly := map[string]any{"rate": 10, "rateUnit": "Hourly", "hoursPerWeek": 20, "previousEmployerContinueStudentLoanDeductions": false}
		max := starter("Max", hourly)
		hourly["isExemptFromMinimumWage"] = "true"
		min := starter("Min", hourly)

		P := e.run(t, "2026-05-31", 0, 0)
		expectAmount(t, "Nia's May student loan", e.totals(t, P, nia)["studentLoanAmount"], 49)
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, noa), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(noa)].(map[string]any)
		if w, _ := tot["warning"].(string); !strings.Contains(w, "studentLoanType") {
			t.Errorf("Noa (P45 box 5, no plan): warning %q, totals %v", w, tot)
		}

		var warns []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		below := map[int64]bool{}
		for _, w := range warns {
			if w["warningType"] == "BelowMinimumWage" {
				below[int64(num(t, w["employeeId"]))] = true
			}
		}
		if !below[max] || below[min] {
			t.Errorf("minimum wage warnings: Max %v (want true), Min (exempt) %v (want false): %v", below[max], below[min], warns)
		}
	})
}
