package ukapi_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestUKFormsP45AndP60: two finalised weekly runs of £500 for an employee
// on 1257L week 1/month 1, then the P45 after they leave (box 7, the
// totals to date, empty on week 1/month 1: HMRC's P45 "Complete only if
// tax code is cumulative"; docs/reference/uk-p45.md) and the P60s of
// 2026/27. Expected figures from payroll-rules-2026-27.md: weekly free pay
// of 1257L £241.90 (12,579 ÷ 52), taxable £258 (rounded down) at 20% =
// £51.60 a week; NI A 8% on £500 − PT £242 = £20.64; NI bands per week:
// LEL £129, LEL to PT £113, PT to UEL £258.
func TestUKFormsP45AndP60(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		U := fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.emp)
		e.Do("PUT", U, key, map[string]any{"taxCalculationMethod": "NonCumulative", "studentLoanType": "Plan2",
			"nationalInsuranceNumber": "AB123456C", "payrollId": "W-17"}).Expect(t, 200)
		for _, day := range []string{"2026-07-01", "2026-07-08"} {
			run := e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": day + "T00:00:00", "datePaid": day + "T00:00:00"}).Expect(t, 200).Map(t)["id"]
			e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run), key, nil).Expect(t, 200)
		}
		// A draft run is not counted.
		e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-07-15T00:00:00", "datePaid": "2026-07-15T00:00:00"}).Expect(t, 200)
		F := e.E + "/hmrcforms"

		// Not a leaver yet: no P45.
		testkit.ExpectProblem(t, e.Do("GET", F+"/p45", key, nil), 409, "")
		e.Do("PUT", U, key, map[string]any{"endDate": "2026-07-10T00:00:00", "terminationReason": "VoluntaryCessation"}).Expect(t, 200)

		p45 := e.Do("GET", F+"/p45", key, nil).Expect(t, 200).Map(t)
		data := p45["data"].(map[string]any)
		want := map[string]any{"taxYear": "2026/27", "leavingDate": "2026-07-10T00:00:00", "taxCode": "1257L", "week1Month1": true,
			"periodType": "Week", "periodNumber": 14.0, "payInThisEmployment": 1000.0, "taxInThisEmployment": 103.2, "totalPayToDate": nil,
			"totalTaxToDate": nil, "studentLoanDeductionsToContinue": true, "studentLoanPlan": "Plan2", "postgraduateLoanDeductionsToContinue": false,
			"payRunsCounted": 2.0}
		for k, v := range want {
			if data[k] != v {
				t.Errorf("p45 %s = %v, want %v", k, data[k], v)
			}
		}
		if emp := p45["employee"].(map[string]any); emp["nationalInsuranceNumber"] != "AB123456C" || emp["payrollId"] != "W-17" || emp["surname"] != "Leave" {
			t.Errorf("p45 employee %v", emp)
		}
		if d2 := e.Do("GET", F+"/p45data", key, nil).Expect(t, 200).Map(t); d2["taxInThisEmployment"] != 103.2 || d2["periodNumber"] != 14.0 {
			t.Errorf("p45data %v", d2)
		}
		pdf := e.Do("GET", F+"/p45download", key, nil).Expect(t, 200)
		if !bytes.HasPrefix(pdf.Body, []byte("%PDF")) || pdf.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("p45 pdf: %q %q", pdf.Header.Get("Content-Type"), pdf.Body[:min(10, len(pdf.Body))])
		}
		if again := e.Do("GET", F+"/p45download", key, nil).Expect(t, 200); !bytes.Equal(again.Body, pdf.Body) {
			t.Error("P45 PDF is not deterministic")
		}
		// HMRC's parts and numbered boxes: Part 1A for the employee (boxes
		// 1-13), Parts 2 and 3 for the new employer (boxes 1-7). The code
		// was operated week 1/month 1, so box 6 has its X and box 7 is
		// empty: the only £1,000.00 is box 8, this employment's pay.
		if text := testkit.PDFText(t, pdf.Body); text != "" {
			flat := strings.Join(strings.Fields(text), " ")
			for _, w := range []string{"P45 Part 1A Details of employee leaving work", "Copy for employee", "P45 Part 2", "Copy for new employer", "P45 Part 3",
				"2 Employee's National Insurance number AB123456C", "4 Leaving date (DD MM YYYY) 10 07 2026", "5 Student Loan deductions to continue Y",
				"6 Tax code at leaving date 1257L", "Week 1/month 1 X", "8 This employment: total pay £1,000.00", "Total tax £103.20", "9 Works number/Payroll number W-17",
				"11 Date of birth (DD MM YYYY) 03 02 1990"} {
				if !strings.Contains(flat, w) {
					t.Errorf("P45 PDF lacks %q:\n%s", w, text)
				}
			}
			if n := strings.Count(flat, "£1,000.00"); n != 1 {
				t.Errorf("£1,000.00 appears %d times: box 7 must be empty with week 1/month 1:\n%s", n, text)
			}
		}
		testkit.ExpectProblem(t, e.Do("POST", F+"/mailp45", key, map[string]any{}), 400, "emailAddress")
		testkit.ExpectProblem(t, e.Do("POST", F+"/mailp45", key, map[string]any{"emailAddress": "not-an-address"}), 400, "emailAddress")
		if m := e.Do("POST", F+"/mailp45", key, map[string]any{"emailAddress": "mary@example.com"}).Expect(t, 200).Map(t); m["recipient"] != "mary@example.com" || num(t, m["notificationId"]) == 0 {
			t.Errorf("mailp45 %v", m)
		}

		// The business's P45 report: Mary is the one leaver of 2026/27.
		rep := e.Do("GET", e.B+"/report/p45?taxYear=2026/27", key, nil).Expect(t, 200)
		var list []map[string]any
		rep.JSON(t, &list)
		if len(list) != 1 || list[0]["employee"].(map[string]any)["employeeId"] != float64(e.emp) {
			t.Fatalf("report p45 %v", list)
		}
		e.Do("GET", e.B+"/report/p45?taxYear=2020", key, nil).Expect(t, 200)
		if b := e.Do("GET", e.B+"/report/p45/pdf?taxYear=2026", key, nil).Expect(t, 200).Body; !bytes.HasPrefix(b, []byte("%PDF")) {
			t.Fatal("report p45 pdf")
		}
		testkit.ExpectProblem(t, e.Do("GET", e.B+"/report/p45/pdf?taxYear=2020", key, nil), 404, "")
		testkit.ExpectProblem(t, e.Do("GET", e.B+"/report/p45?taxYear=20x6", key, nil), 400, "taxYear")

		// Mary left on 10 July 2026, before 5 April 2027: no P60 for
		// 2026/27 (GOV.UK "Give employees a P60": to all employees working
		// for you on the last day of the tax year, 5 April; a leaver had a
		// P45). Her P60 is refused saying so, the year's list and her forms
		// leave it out, and naming her for publishing is refused.
		left := e.Do("GET", F+"/p60/2027", key, nil)
		testkit.ExpectProblem(t, left, 409, "")
		if b := string(left.Body); !strings.Contains(b, "left on 2026-07-10") || !strings.Contains(b, "P45") {
			t.Errorf("leaver's P60: %s", b)
		}
		testkit.ExpectProblem(t, e.Do("GET", F+"/p60download/2027", key, nil), 409, "")
		var leftList []map[string]any
		e.Do("GET", e.B+"/report/p60/list?financialYearEnding=2027", key, nil).Expect(t, 200).JSON(t, &leftList)
		if len(leftList) != 1 || leftList[0]["employeeId"] != float64(e.other) {
			t.Errorf("p60 list with Mary gone %v", leftList)
		}
		var leftForms []map[string]any
		e.Do("GET", F, key, nil).Expect(t, 200).JSON(t, &leftForms)
		if len(leftForms) != 1 || leftForms[0]["formType"] != "P45" {
			t.Errorf("hmrcforms of a leaver %v", leftForms)
		}
		testkit.ExpectProblem(t, e.Do("POST", e.B+"/report/p60/publish", key, map[string]any{"financialYearEnding": 2027, "employeeIds": []int64{e.emp}}), 400, "employeeIds")
		// Her leaving date moved to 5 April 2027, the year's last day: she
		// was working for you that day, so she gets a P60 (and still a P45).
		e.Do("PUT", U, key, map[string]any{"endDate": "2027-04-05T00:00:00", "terminationReason": "VoluntaryCessation"}).Expect(t, 200)

		// P60 of 2026/27 (financial year ending 2027).
		p60 := e.Do("GET", F+"/p60/2027", key, nil).Expect(t, 200).Map(t)
		// Before 6 April 2027 it is the year to date, marked provisional.
		if p60["payInThisEmployment"] != 1000.0 || p60["totalTaxForYear"] != 103.2 || p60["isPublished"] != false || p60["taxYear"] != "2026/27" ||
			p60["isProvisional"] != true {
			t.Errorf("p60 %v", p60)
		}
		ni := p60["nationalInsurance"].([]any)
		if len(ni) != 1 {
			t.Fatalf("p60 ni %v", ni)
		}
		wantNI := map[string]any{"category": "A", "earningsAtLEL": 258.0, "earningsAboveLELUpToPT": 226.0, "earningsAbovePTUpToUEL": 516.0,
			"employeeContributions": 41.28, "employerContributions": 121.2}
		for k, v := range wantNI {
			if got := ni[0].(map[string]any)[k]; got != v {
				t.Errorf("p60 NI %s = %v, want %v", k, got, v)
			}
		}
		if r := e.Do("GET", fmt.Sprintf("%s/report/p60/%d?financialYearEnding=2027", e.B, e.emp), key, nil).Expect(t, 200).Map(t); r["totalPayForYear"] != 1000.0 {
			t.Errorf("report p60 %v", r)
		}
		var sums []map[string]any
		e.Do("GET", e.B+"/report/p60/list?financialYearEnding=2027", key, nil).Expect(t, 200).JSON(t, &sums)
		if len(sums) != 2 || sums[0]["isPublished"] != false {
			t.Fatalf("p60 list %v", sums)
		}
		// Publishing waits for the end of the tax year.
		testkit.ExpectProblem(t, e.Do("POST", e.B+"/report/p60/publish", key, map[string]any{"financialYearEnding": 2027}), 409, "")
		e.Clock.Advance(time.Date(2027, 4, 10, 9, 0, 0, 0, time.UTC).Sub(e.Clock.Now()))
		testkit.ExpectProblem(t, e.Do("POST", e.B+"/report/p60/publish", key, map[string]any{"financialYearEnding": 2027, "employeeIds": []int64{e.theirs}}), 404, "")
		var pub []map[string]any
		e.Do("POST", e.B+"/report/p60/publish", key, map[string]any{"financialYearEnding": 2027, "employeeIds": []int64{e.emp}}).Expect(t, 200).JSON(t, &pub)
		if len(pub) != 1 || pub[0]["isPublished"] != true || num(t, pub[0]["id"]) == 0 {
			t.Fatalf("publish %v", pub)
		}
		notice := int64(num(t, pub[0]["id"]))
		var states []map[string]any
		e.Do("POST", e.B+"/report/p60/ispublished", key, map[string]any{"financialYearEnding": 2027}).Expect(t, 200).JSON(t, &states)
		if len(states) != 2 || states[0]["isPublished"] == states[1]["isPublished"] {
			t.Fatalf("ispublished %v", states)
		}
		var fl []map[string]any
		e.Do("GET", F, key, nil).Expect(t, 200).JSON(t, &fl)
		if len(fl) != 2 || fl[0]["formType"] != "P45" || fl[1]["formType"] != "P60" || fl[1]["id"] != float64(notice) || fl[1]["financialYearEnding"] != 2027.0 {
			t.Fatalf("hmrcforms %v", fl)
		}
		if b := e.Do("GET", F+"/p60download/2027", key, nil).Expect(t, 200).Body; !bytes.HasPrefix(b, []byte("%PDF")) {
			t.Fatal("p60 pdf")
		}
		if p60 := e.Do("GET", F+"/p60/2027", key, nil).Expect(t, 200).Map(t); p60["isProvisional"] != false {
			t.Errorf("P60 after the year ended: isProvisional = %v", p60["isProvisional"])
		}
		if m := e.Do("POST", fmt.Sprintf("%s/p60notify/%d/2027", F, notice), key, map[string]any{"emailAddress": "mary@example.com"}).Expect(t, 200).Map(t); m["recipient"] != "mary@example.com" {
			t.Errorf("p60notify %v", m)
		}

		AU, auB := e.AddBusiness("Alice AU", "AU")
		_ = AU
		e.RunCases(t, []testkit.Case{
			{Name: "p60 notify unknown notice", Method: "POST", Path: fmt.Sprintf("%s/p60notify/%d/2027", F, notice+1000), Key: key, Body: map[string]any{"emailAddress": "m@example.com"}, Status: 404},
			{Name: "p60 notify other year", Method: "POST", Path: fmt.Sprintf("%s/p60notify/%d/2026", F, notice), Key: key, Body: map[string]any{"emailAddress": "m@example.com"}, Status: 404},
			{Name: "p60 bad year", Method: "GET", Path: F + "/p60/1800", Key: key, Status: 400, Field: "financialYearEnding"},
			{Name: "p60 list needs a year", Method: "GET", Path: e.B + "/report/p60/list", Key: key, Status: 400, Field: "financialYearEnding"},
			{Name: "p45 other tenant", Method: "GET", Path: F + "/p45", Key: e.OtherKey, Status: 404},
			{Name: "p45 of bob's employee", Method: "GET", Path: e.EO + "/hmrcforms/p45", Key: key, Status: 404},
			{Name: "p60 of bob's employee", Method: "GET", Path: fmt.Sprintf("%s/report/p60/%d?financialYearEnding=2027", e.B, e.theirs), Key: key, Status: 404},
			{Name: "forms anonymous", Method: "GET", Path: F, Status: 401},
			{Name: "publish anonymous", Method: "POST", Path: e.B + "/report/p60/publish", Body: map[string]any{"financialYearEnding": 2027}, Status: 401},
			{Name: "p45 report outside the UK", Method: "GET", Path: auB + "/report/p45", Key: key, Status: 400},
			{Name: "p60 list outside the UK", Method: "GET", Path: auB + "/report/p60/list?financialYearEnding=2027", Key: key, Status: 400},
		})
	})
}
