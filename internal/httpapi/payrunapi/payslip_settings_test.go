package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestPayslipSettingsOnAndOff: each payslip setting of B/payslip
// (AuEditBusinessPaySlipApiModel) changes the payslip PDF as its name
// says, and only when on (docs/reference/payslip-settings.md). The PDF is
// rendered on request, so one finalised run serves every case; each case
// saves the settings, reads the PDF's text and checks what the setting
// prints when on and that it is absent when off.
//
// The run: an AU employee on an annual salary of $95,000 paid monthly
// (November 2026: 95,000 / 12 = $7,916.67 a month), with two run-entered
// earnings lines, "Travel allowance" $50 (notes "Site visit", at location
// "Parramatta") and then "Meal allowance" $20, and the employment
// agreement "Retail Employee Level 1 - Full time (MA000004)" of the
// installed General Retail Industry Award, whose classification is
// "Retail Employee Level 1" (internal/award/library/ma000004.json).
func TestPayslipSettingsOnAndOff(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		B := b.B
		P, emp, _ := regionRun(t, b, B, "AU", "Monthly", "2026-11-30T00:00:00", map[string]any{"rate": 95000, "rateUnit": "Annually"})
		cat := func(name string) int64 {
			return int64(num(t, b.Do("POST", B+"/paycategory", b.Key, map[string]any{"name": name, "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"]))
		}
		travel, meal := cat("Travel allowance"), cat("Meal allowance")
		loc := int64(num(t, b.Do("POST", B+"/location", b.Key, map[string]any{"name": "Parramatta"}).Expect(t, 200).Map(t)["id"]))
		b.Do("POST", P+"/earningslines", b.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(emp): []any{
			map[string]any{"payCategoryId": fmt.Sprint(travel), "units": 1, "rate": 50, "notes": "Site visit", "locationId": fmt.Sprint(loc)},
			map[string]any{"payCategoryId": fmt.Sprint(meal), "units": 1, "rate": 20},
		}}}).Expect(t, 200)
		b.Do("POST", P+"/finalise", b.Key, nil).Expect(t, 200)

		// The employee's employment agreement (after the run: the pay
		// stays as calculated; the payslip reads the employee as they are).
		b.Do("PUT", B+"/award/4/install", b.Key, nil).Expect(t, 200)
		var agreements []struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		}
		b.Do("GET", B+"/employmentagreement", b.Key, nil).Expect(t, 200).JSON(t, &agreements)
		var agreement int64
		for _, a := range agreements {
			if a.Name == "Retail Employee Level 1 - Full time (MA000004)" {
				agreement = a.ID
			}
		}
		if agreement == 0 {
			t.Fatalf("no full-time level 1 agreement among %+v", agreements)
		}
		b.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", B, emp), b.Key, map[string]any{"employmentAgreementId": agreement}).Expect(t, 200)

		// The JSON pay slip keeps every line's notes and location whatever
		// the settings say (it is the data; the settings shape the printed
		// payslip).
		var slip struct {
			EarningsLines []struct {
				PayCategoryName, Notes, LocationName string
			} `json:"earningsLines"`
		}
		b.Do("GET", fmt.Sprintf("%s/payslips/%d", P, emp), b.Key, nil).Expect(t, 200).JSON(t, &slip)
		found := false
		for _, l := range slip.EarningsLines {
			if l.PayCategoryName == "Travel allowance" {
				found = l.Notes == "Site visit" && l.LocationName == "Parramatta"
			}
		}
		if !found {
			t.Errorf("the JSON pay slip's travel line lacks its notes or location: %+v", slip.EarningsLines)
		}

		pdf := func(settings map[string]any) string {
			t.Helper()
			b.Do("POST", B+"/payslip", b.Key, settings).Expect(t, 200)
			text := testkit.PDFText(t, b.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, emp), b.Key, nil).Expect(t, 200).Body)
			return strings.Join(strings.Fields(text), " ")
		}
		if pdf(map[string]any{}) == "" {
			return // pdftotext is not installed (CI installs it)
		}
		// before says a is printed before b.
		before := func(text, a, b string) bool {
			i, j := strings.Index(text, a), strings.Index(text, b)
			return i >= 0 && j >= 0 && i < j
		}
		for _, tc := range []struct {
			setting string
			on, off map[string]any
			check   func(text string, on bool) bool
		}{
			{setting: "showClassification", on: map[string]any{"showClassification": true}, off: map[string]any{"showClassification": false},
				check: func(text string, on bool) bool {
					return strings.Contains(text, "Classification: Retail Employee Level 1") == on
				}},
			// The annual rate on the salary line: $95,000.00 p.a. (the
			// employee's rate); the header's "Annual salary" fact is printed
			// either way (r 3.46(1)(f)).
			{setting: "showRateForAnnualEarnings", on: map[string]any{"showRateForAnnualEarnings": true}, off: map[string]any{"showRateForAnnualEarnings": false},
				check: func(text string, on bool) bool {
					return strings.Contains(text, "$95,000.00 p.a.") == on && strings.Contains(text, "Annual salary: $95,000.00")
				}},
			{setting: "showLineNotes", on: map[string]any{"showLineNotes": true}, off: map[string]any{"showLineNotes": false},
				check: func(text string, on bool) bool {
					return strings.Contains(text, "Site visit") == on && !strings.Contains(text, "Location: Parramatta")
				}},
			{setting: "showLocationInLineNotes", on: map[string]any{"showLineNotes": true, "showLocationInLineNotes": true},
				off: map[string]any{"showLineNotes": true, "showLocationInLineNotes": false},
				check: func(text string, on bool) bool {
					return strings.Contains(text, "Site visit; Location: Parramatta") == on && strings.Contains(text, "Site visit")
				}},
			// Alphabetised: Meal allowance, Ordinary Hours, Travel
			// allowance; otherwise the run's order (travel entered first).
			{setting: "alphabetisePayCategories", on: map[string]any{"alphabetisePayCategories": true}, off: map[string]any{"alphabetisePayCategories": false},
				check: func(text string, on bool) bool {
					if on {
						return before(text, "Meal allowance", "Ordinary Hours") && before(text, "Ordinary Hours", "Travel allowance")
					}
					return before(text, "Travel allowance", "Meal allowance")
				}},
			{setting: "superContributionProcessingFrequencyTextOption", on: map[string]any{"superContributionProcessingFrequencyTextOption": "Quarterly"},
				off: map[string]any{"superContributionProcessingFrequencyTextOption": "None"},
				check: func(text string, on bool) bool {
					return strings.Contains(text, "Superannuation is paid to your fund quarterly.") == on && !strings.Contains(text, "monthly.")
				}},
			{setting: "superContributionProcessingFrequencyTextOption Monthly", on: map[string]any{"superContributionProcessingFrequencyTextOption": "Monthly"},
				off: map[string]any{"superContributionProcessingFrequencyTextOption": "None"},
				check: func(text string, on bool) bool {
					return strings.Contains(text, "Superannuation is paid to your fund monthly.") == on
				}},
			// The employee started on 1 January 2024 (baseMembers) and has
			// not left.
			{setting: "showEmployeeStartEndDates", on: map[string]any{"showEmployeeStartEndDates": true}, off: map[string]any{"showEmployeeStartEndDates": false},
				check: func(text string, on bool) bool {
					return strings.Contains(text, "Employment start date: 1 Jan 2024") == on && !strings.Contains(text, "Employment end date")
				}},
			{setting: "showEmployeeId", on: map[string]any{"showEmployeeId": true}, off: map[string]any{"showEmployeeId": false},
				check: func(text string, on bool) bool { return strings.Contains(text, fmt.Sprintf("Employee %d", emp)) == on }},
			{setting: "paySlipMessage", on: map[string]any{"paySlipMessage": "Call payroll on 1800 000 000"}, off: map[string]any{"paySlipMessage": ""},
				check: func(text string, on bool) bool { return strings.Contains(text, "Call payroll on 1800 000 000") == on }},
		} {
			for _, on := range []bool{true, false} {
				s := tc.off
				if on {
					s = tc.on
				}
				if text := pdf(s); !tc.check(text, on) {
					t.Errorf("%s on=%v: the payslip reads\n%s", tc.setting, on, text)
				}
			}
		}
	})
}
