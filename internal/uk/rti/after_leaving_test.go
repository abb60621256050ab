package rti

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/forms"
)

// TestFPSPaymentAfterLeaving: Lee, on 1257L, left on 15 October 2026 and
// is paid £1,000 in the November run (period 1-30 November, paid 30
// November 2026, month 8). HMRC's FPS has the "payment after leaving"
// indicator Payment/PmtAfterLeaving, written "yes", between
// PeriodsCovered and HoursWorked, and allowed only with the employment's
// LeavingDate (HMRC business rule 7847); the tax code operated is 0T on
// the month 1 basis (GOV.UK, "Employee leaving"), written as the code 0T
// with BasisNonCumulative="yes" (docs/reference/uk-rti.md). Her October
// final pay (period 1-31 October, leaving date inside it) is not a
// payment after leaving and keeps 1257L cumulative.
func TestFPSPaymentAfterLeaving(t *testing.T) {
	d := func(s string) time.Time { v, _ := time.Parse("2006-01-02", s); return v }
	e := employee.Employee{ID: 7}
	e.FirstName, e.Surname, e.Gender, e.TaxCode = "Lee", "Test", "F", "1257L"
	e.DateOfBirth, e.StartDate, e.EndDate = payroll.NewDateTime(d("1990-02-03")), payroll.NewDateTime(d("2020-01-06")), payroll.NewDateTime(d("2026-10-15"))
	t0 := &forms.Totals{Taxable: 2200000, Tax: 300000, Statutory: map[string]int64{}}
	for _, c := range []struct {
		name, from, paid string
		after            bool
	}{
		{"final pay in the leaving month", "2026-10-01", "2026-10-31", false},
		{"paid after leaving", "2026-11-01", "2026-11-30", true},
	} {
		r := store.UKFormsYearRunsRow{EmployeeID: 7, PayRunID: 2, DatePaid: d(c.paid), Frequency: "Monthly", PeriodStarting: d(c.from),
			PeriodEnding: d(c.paid), Gross: 100000, Taxable: 100000, Tax: 20000, Net: 80000}
		emp, err := employeeOf(e, r, 0, t0, fpsPension{}, "M1", d("2026-04-06"), false)
		if err != nil {
			t.Fatal(err)
		}
		got := emp.Payment
		if c.after != (got.PmtAfterLeaving == "yes") || emp.LeavingDate != "2026-10-15" {
			t.Errorf("%s: PmtAfterLeaving %q, leaving date %q", c.name, got.PmtAfterLeaving, emp.LeavingDate)
		}
		wantCode, wantBasis := "1257L", ""
		if c.after {
			wantCode, wantBasis = "0T", "yes"
		}
		if got.TaxCode.Code != wantCode || got.TaxCode.NonCumulative != wantBasis {
			t.Errorf("%s: tax code %+v, want %s basis %q", c.name, got.TaxCode, wantCode, wantBasis)
		}
		f := FPS{TransactionID: "T1", Namespace: namespaces[2026], PeriodEnd: "2027-04-05", OfficeNo: "123", PayeRef: "AB456", AORef: "123PX00123456",
			RelatedTaxYear: "26-27", Employees: []FPSEmployee{emp}}
		doc, _, err := f.message(Sender{ID: "ISV123", Now: d(c.paid)})
		if err != nil {
			t.Fatal(err)
		}
		if err := ValidateFPS(doc); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if c.after {
			if !regexp.MustCompile(`<PeriodsCovered>1</PeriodsCovered>\s*<PmtAfterLeaving>yes</PmtAfterLeaving>\s*<HoursWorked>`).Match(doc) {
				t.Errorf("%s: the indicator is not between PeriodsCovered and HoursWorked", c.name)
			}
			// Rule 7847: without the leaving date the indicator is refused.
			bad := strings.Replace(string(doc), "<LeavingDate>2026-10-15</LeavingDate>", "", 1)
			if err := ValidateFPS([]byte(bad)); err == nil || !strings.Contains(err.Error(), "7847") {
				t.Errorf("%s: without a leaving date: %v, want rule 7847", c.name, err)
			}
		}
	}
}
