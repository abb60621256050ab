package payrunapi_test

import (
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Each region's payslip PDF prints what that region's payslip rules ask
// for, each item read from the PDF's text, and its first page renders to a
// PNG that is not blank (pdftoppm): AU Fair Work Regulations 2009 r 3.46;
// UK Employment Rights Act 1996 s 8 and the tax code, NI number and letter,
// tax period and PAYE reference UK payslips carry; NZ Employment Relations
// Act 2000 s 130 and Holidays Act 2003 s 81 as far as a payslip carries
// them (docs/reference/nz-pay-records.md); SG Employment Act s 96 and MOM's
// itemised payslip items (docs/reference/sg-itemised-payslips.md). Each
// statutory deduction is its own named line, never summed into "tax"
// alone. The payslip settings each case sets are followed.
func TestPayslipPDFStatutoryItems(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		for _, tc := range []struct {
			region, freq, ending string
			extra                map[string]any
			settings             map[string]any
			prepare              func(t *testing.T, B, P string, emp int64) // run-entered lines before finalising
			want, absent         []string
		}{
			// r 3.46(1): (a) employer's name, (b) employee's name, (c) the
			// period, (d) the date of payment, (e) gross and net, (f) a
			// salaried employee's annual salary (95,000 / 12 = 7,916.67 a
			// month, printed as the amount of the salary line), (i) the
			// super amount and the fund's name; PAYG named.
			{region: "AU", freq: "Monthly", ending: "2026-11-30T00:00:00",
				extra: map[string]any{"rate": 95000, "rateUnit": "Annually"},
				want: []string{"Alice AU", "Uma Vector", "Payslip", "Pay period: 1 Nov 2026 to 30 Nov 2026", "Date paid: 30 Nov 2026",
					"Annual salary: $95,000.00", "Ordinary Hours $7,916.67", "Gross earnings $7,916.67",
					"Superannuation paid to AustralianSuper (member 1)", "PAYG withholding", "Total tax", "Net pay",
					"Year to date"},
				// The salary is printed as the salary, not "1.00 x" a period's pay.
				absent: []string{"1.00 $7,916.67", "1 High St", "no fund on record"}},
			// ERA 1996 s 8(2): (a) gross, (b) each deduction and its
			// purpose (PAYE and NI by name), (c) net, (d) how the net is
			// paid ("Paid to" the account), (e) the hours where pay varies
			// with time worked (the hourly rate and units); with the tax
			// code, NI number and letter and the tax period (November 2026
			// is month 8 of the tax year starting 6 April). Tax code BR
			// taxes all pay at the basic rate: 38 hours a week is
			// 38 x 52 / 12 = 164.6667 hours a month, x 30.00 = 4,940.00, and
			// 20% of it is PAYE 988.00.
			{region: "UK", freq: "Monthly", ending: "2026-11-30T00:00:00",
				extra:    map[string]any{"taxCode": "BR", "nationalInsuranceCategory": "A", "nationalInsuranceNumber": "AB123456C"},
				settings: map[string]any{"showEmployeeAddress": true, "showEmployeeId": true, "paySlipMessage": "Questions? payroll@alice.example"},
				want: []string{"Alice UK", "Uma Vector", "Tax code: BR", "NI number: AB123456C", "NI letter: A", "Tax period: Month 8",
					"Hourly rate: £30.00", "Units Rate Amount", "Ordinary Hours 164.6667 £30.00 £4,940.00", "1 High St", "London",
					"Gross earnings £4,940.00", "PAYE £988.00", "Employee National Insurance",
					"Total tax and National Insurance", "Net pay", "Paid to", "Sort code 12-34-56", "Questions? payroll@alice.example"}},
			// ERA s 130(1)(g)-(h): the hours worked in the period and the
			// wages and how they were calculated: a fortnight of 38-hour
			// weeks is 76 hours at $30 = $2,280.00; Holidays Act s 81(2)(b)
			// the start date; PAYE, student loan (tax code M SL),
			// KiwiSaver (4% of 2,280.00 = 91.20) and ESCT each by name;
			// the tax code and IRD number.
			{region: "NZ", freq: "Fortnightly", ending: "2026-11-27T00:00:00",
				extra: map[string]any{"taxCodeDeclaration_TaxCode": "M SL", "taxCodeDeclaration_IrdNumber": "49091850",
					"kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 4, "kiwiSaver_EmployerContribution": 3.5},
				settings: map[string]any{"showYtdTotals": false, "showLeaveAccruals": false},
				want: []string{"Alice NZ", "Uma Vector", "Tax code: M SL", "IRD number: 49091850", "Hours worked: 76.00",
					"Employment start date: 1 Jan 2024", "Ordinary Hours 76.00 $30.00 $2,280.00", "PAYE", "Student loan",
					"KiwiSaver employee $91.20", "KiwiSaver employer", "ESCT", "Total tax and KiwiSaver", "Net pay"},
				absent: []string{"Year to date", "Leave"}},
			// MOM's items: (1) employer and (2) employee full names, (3) date
			// of payment, (4) basic salary with the rate and hours, (5) the
			// salary period, (6) allowances (transport $100.00), (7) other
			// additional payments (a $500.00 bonus), (8) deductions (CPF
			// employee by name, with their total), (9) overtime hours (4)
			// and (10) overtime pay (4 x $45.00 = $180.00), (12) net pay;
			// the mode of payment (a bank account) and the employer's CPF.
			// CPF (a citizen aged 46, wages 4,940 + 100 + 180 + 500 =
			// 5,720.00): total 37% = 2,116.40, rounded to the dollar 2,116;
			// the employee's 20% = 1,144.00; the employer's the rest, 972.00.
			{region: "SG", freq: "Monthly", ending: "2026-11-30T00:00:00",
				extra: map[string]any{"nationalRegistrationIdentityNumber": "S1234567D", "legalStatus": "Citizen"},
				prepare: func(t *testing.T, B, P string, emp int64) {
					cat := func(name, unit, kind string) string {
						return fmt.Sprint(int64(num(t, b.Do("POST", B+"/paycategory", b.Key, map[string]any{"name": name, "rateUnit": unit,
							"payCategoryType": kind}).Expect(t, 200).Map(t)["id"])))
					}
					transport, overtime, bonus := cat("Transport allowance", "Fixed", "Allowance"), cat("Overtime 1.5x", "Hourly", "Overtime"),
						cat("Bonus", "Fixed", "Bonus")
					b.Do("POST", P+"/earningslines", b.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(emp): []any{
						map[string]any{"payCategoryId": transport, "units": 1, "rate": 100},
						map[string]any{"payCategoryId": overtime, "units": 4, "rate": 45},
						map[string]any{"payCategoryId": bonus, "units": 1, "rate": 500},
					}}}).Expect(t, 200)
				},
				want: []string{"Alice SG", "Uma Vector", "NRIC/FIN: S1234567D", "Date paid: 30 Nov 2026", "Pay period: 1 Nov 2026 to 30 Nov 2026",
					"Hourly rate: S$30.00", "Basic salary", "Total allowances S$100.00", "Overtime pay (4.00 overtime hours) S$180.00",
					"Overtime hours: 4.00", "Other additional payments S$500.00", "Total deductions (CPF employee included) S$1,144.00", "CPF employee S$1,144.00",
					"Total tax and CPF", "Net pay", "Mode of payment: Bank transfer", "CPF employer S$972.00"}},
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
				if tc.prepare != nil {
					tc.prepare(t, B, P, emp)
				}
				b.Do("POST", P+"/finalise", b.Key, nil).Expect(t, 200)
				pdf := b.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, emp), b.Key, nil).Expect(t, 200).Body
				text := testkit.PDFText(t, pdf)
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
				renderedPage(t, pdf)
			})
		}
	})
}

// renderedPage rasterises the PDF's first page with pdftoppm (poppler)
// and fails when it is not an A4 page or is blank or garbled: the payslip
// a person opens, not only its text. With PAYSLIP_PNG_DIR set, each page
// is also kept there for a person to look at.
func renderedPage(t *testing.T, pdf []byte) {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Log("pdftoppm not installed (apt-get install poppler-utils): the PDF is not rasterised")
		return
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "payslip.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", "-singlefile", in, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	if keep := os.Getenv("PAYSLIP_PNG_DIR"); keep != "" { // for a person to look at
		if data, err := os.ReadFile(filepath.Join(dir, "page.png")); err == nil {
			_ = os.WriteFile(filepath.Join(keep, strings.ReplaceAll(t.Name(), "/", "_")+".png"), data, 0o644)
		}
	}
	f, err := os.Open(filepath.Join(dir, "page.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	bounds := img.Bounds()
	// A4 at 50 dpi: 210 mm x 297 mm = 413 x 585 pixels.
	if bounds.Dx() < 400 || bounds.Dy() < 570 || bounds.Dy() < bounds.Dx() {
		t.Fatalf("page 1 is %v, want a portrait A4 page at 50 dpi", bounds)
	}
	var dark, all int
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if (r+g+bl)/3 < 0xC000 {
				dark++
			}
			all++
		}
	}
	if share := float64(dark) / float64(all); share < 0.01 || share > 0.5 {
		t.Errorf("page 1 has %.3f of its pixels dark: blank or garbled", share)
	}
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
