package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Each region's payslip PDF prints what that region's payslip rules ask
// for (AU Fair Work Regulations 2009 r 3.46; UK Employment Rights Act 1996
// s 8 and the tax code, NI number and letter, tax period and PAYE
// reference UK payslips carry; NZ tax code and IRD number; SG Employment
// Act s 96 items), and follows the business's payslip settings.
func TestPayslipPDFStatutoryItems(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		for _, tc := range []struct {
			region, freq, ending string
			extra                map[string]any
			settings             map[string]any
			want, absent         []string
		}{
			{region: "AU", freq: "Monthly", ending: "2026-11-30T00:00:00",
				extra: map[string]any{"rate": 95000, "rateUnit": "Annually"},
				want: []string{"Payslip", "Pay period: 1 Nov 2026 to 30 Nov 2026", "Date paid:", "Annual salary: $95,000.00",
					// r 3.46(1)(i): the super amount and the fund's name.
					"Superannuation paid to AustralianSuper (member 1)", "PAYG withholding", "Total tax", "Net pay",
					"Year to date"},
				// The salary is printed as the salary, not "1.00 x" a period's pay.
				absent: []string{"1.00 $7,916.67", "1 High St", "no fund on record"}},
			{region: "UK", freq: "Monthly", ending: "2026-11-30T00:00:00",
				extra:    map[string]any{"taxCode": "1257L", "nationalInsuranceCategory": "A", "nationalInsuranceNumber": "AB123456C"},
				settings: map[string]any{"showEmployeeAddress": true, "showEmployeeId": true, "paySlipMessage": "Questions? payroll@alice.example"},
				want: []string{"Tax code: 1257L", "NI number: AB123456C", "NI letter: A", "Tax period: Month 8", "Hourly rate: £30.00",
					"1 High St", "London", "Employee National Insurance", "Total tax and National Insurance", "Questions? payroll@alice.example"}},
			{region: "NZ", freq: "Fortnightly", ending: "2026-11-27T00:00:00",
				extra:    map[string]any{"taxCodeDeclaration_TaxCode": "M", "taxCodeDeclaration_IrdNumber": "49091850"},
				settings: map[string]any{"showYtdTotals": false, "showLeaveAccruals": false},
				want:     []string{"Tax code: M", "IRD number: 49091850", "Total tax and KiwiSaver"},
				absent:   []string{"Year to date", "Leave"}},
			{region: "SG", freq: "Monthly", ending: "2026-11-30T00:00:00",
				extra: map[string]any{"nationalRegistrationIdentityNumber": "S1234567D", "legalStatus": "Citizen"},
				want:  []string{"NRIC/FIN: S1234567D", "CPF employee", "Total tax and CPF", "Net pay"}},
		} {
			t.Run(tc.region, func(t *testing.T) {
				B := b.B
				if tc.region != "AU" {
					_, B = b.AddBusiness("Alice "+tc.region, tc.region)
				}
				if tc.settings != nil {
					b.Do("POST", B+"/payslip", b.Key, tc.settings).Expect(t, 200)
				}
				P, emp, _ := regionRun(t, b, B, tc.region, tc.freq, tc.ending, tc.extra)
				b.Do("POST", P+"/finalise", b.Key, nil).Expect(t, 200)
				text := testkit.PDFText(t, b.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, emp), b.Key, nil).Expect(t, 200).Body)
				if text == "" {
					return // pdftotext is not installed (CI installs it)
				}
				flat := strings.Join(strings.Fields(text), " ")
				for _, w := range tc.want {
					if !strings.Contains(flat, w) {
						t.Errorf("%s payslip lacks %q:\n%s", tc.region, w, text)
					}
				}
				for _, w := range tc.absent {
					if strings.Contains(flat, w) {
						t.Errorf("%s payslip has %q:\n%s", tc.region, w, text)
					}
				}
			})
		}
	})
}

// TestPayslipPDFDeductionDestinations: Fair Work Regulations 2009 r
// 3.46(1)(j), a payslip names the fund or account a deduction was paid
// into: a standing deduction paid into the employee's bank account prints
// the account's name, BSB and the last four digits of its number with the
// payment reference; one paid to the tax office says so; a deduction
// entered on the run has no recorded destination and prints none.
func TestPayslipPDFDeductionDestinations(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		B := b.B
		id := func(path string, body map[string]any) int64 {
			r := b.Do("POST", B+path, b.Key, body).Expect(t, 200).Map(t)
			if res, ok := r["result"].(map[string]any); ok {
				r = res // E/bankaccount answers {result, validationWarning}
			}
			if r["id"] == nil {
				t.Fatalf("POST %s: %v", path, r)
			}
			return int64(num(t, r["id"]))
		}
		id("/paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"})
		id("/location", map[string]any{"name": "Head office"})
		sched := id("/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
		union := id("/deductioncategory", map[string]any{"name": "Union fees"})
		savings := id("/deductioncategory", map[string]any{"name": "Savings plan"})
		child := id("/deductioncategory", map[string]any{"name": "Child support"})
		m := baseMembers("AU", "Uma", "Weekly")
		m["rate"], m["rateUnit"] = 30, "Hourly"
		emp := id("/employee/unstructured?matchType=None", m)
		E := fmt.Sprintf("/employee/%d", emp)
		acct := id(E+"/bankaccount", map[string]any{"bsb": "062-000", "accountName": "Uma Savings", "accountNumber": "98765432", "allocateBalance": true})
		id(E+"/deduction", map[string]any{"name": "Savings", "deductionCategoryId": savings, "amount": 50, "deductionType": "Fixed",
			"paidTo": "BankAccount", "paidToAccountId": acct, "paymentReference": "SAV-7", "fromDate": "2026-01-01T00:00:00"})
		id(E+"/deduction", map[string]any{"name": "Child support", "deductionCategoryId": child, "amount": 20, "deductionType": "Fixed",
			"paidTo": "TaxOffice", "fromDate": "2026-01-01T00:00:00"})
		run := id("/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-27T00:00:00"})
		P := fmt.Sprintf("%s/payrun/%d", B, run)
		b.Do("POST", P+"/deductions", b.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(emp): []map[string]any{
			{"deductionCategoryId": union, "amount": 12.5}}}}).Expect(t, 200)
		b.Do("POST", P+"/finalise", b.Key, nil).Expect(t, 200)
		text := testkit.PDFText(t, b.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, emp), b.Key, nil).Expect(t, 200).Body)
		if text == "" {
			return // pdftotext is not installed (CI installs it)
		}
		flat := strings.Join(strings.Fields(text), " ")
		for _, w := range []string{"Savings plan - paid to Uma Savings (BSB 062-000, account ...5432), reference SAV-7",
			"Child support - paid to the tax office", "Union fees"} {
			if !strings.Contains(flat, w) {
				t.Errorf("payslip lacks %q:\n%s", w, text)
			}
		}
		if strings.Contains(flat, "Union fees - paid") || strings.Contains(flat, "98765432") {
			t.Errorf("a run-entered deduction got a destination, or the whole account number is printed:\n%s", text)
		}
	})
}
