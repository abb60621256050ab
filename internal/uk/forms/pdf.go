package forms

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
)

// pdfDoc is a simple form document: titled sections of label/value rows.
type pdfDoc struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
}

// newPDF starts a document with fixed metadata (stamp as creation date)
// so the same form renders to the same bytes, as payslips do.
func newPDF(title, author string, stamp time.Time) *pdfDoc {
	pdf := fpdf.New("P", "mm", "A4", "")
	stamp = payroll.DateOnly(stamp)
	pdf.SetCreationDate(stamp)
	pdf.SetModificationDate(stamp)
	pdf.SetCatalogSort(true)
	pdf.SetProducer("payrolld", true)
	pdf.SetCreator("payrolld", true)
	pdf.SetTitle(title, true)
	pdf.SetAuthor(author, true)
	pdf.SetMargins(15, 15, 15)
	pdf.SetAutoPageBreak(true, 15)
	return &pdfDoc{pdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor("")}
}

func (d *pdfDoc) heading(s string) {
	d.pdf.SetFont("Helvetica", "B", 16)
	d.pdf.CellFormat(180, 9, d.tr(s), "", 1, "L", false, 0, "")
	d.pdf.Ln(2)
}

func (d *pdfDoc) section(s string) {
	d.pdf.Ln(3)
	d.pdf.SetFont("Helvetica", "B", 11)
	d.pdf.SetFillColor(230, 230, 230)
	d.pdf.CellFormat(180, 7, d.tr(s), "", 1, "L", true, 0, "")
}

// notice is a boxed paragraph that wraps (a warning the reader must see).
func (d *pdfDoc) notice(s string) {
	d.pdf.Ln(2)
	d.pdf.SetFont("Helvetica", "B", 11)
	d.pdf.MultiCell(180, 6, d.tr(s), "1", "L", false)
}

func (d *pdfDoc) row(label, value string) {
	d.pdf.SetFont("Helvetica", "", 10)
	d.pdf.CellFormat(90, 6, d.tr(label), "B", 0, "L", false, 0, "")
	d.pdf.CellFormat(90, 6, d.tr(value), "B", 1, "R", false, 0, "")
}

func (d *pdfDoc) bytes() ([]byte, error) {
	var b bytes.Buffer
	if err := d.pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("render form: %w", err)
	}
	return b.Bytes(), nil
}

func gbp(m payroll.Money) string {
	return m.Display("£")
}

func (d *pdfDoc) employer(e Employer) {
	d.section("Employer")
	d.row("Name", e.Name)
	d.row("PAYE reference", e.PayeReference)
	d.row("Address", strings.Join(nonEmpty(e.AddressLine1, e.AddressLine2, e.Town, e.County, e.Postcode), ", "))
}

func (d *pdfDoc) employee(p Person) {
	d.section("Employee")
	d.row("National Insurance number", p.NationalInsuranceNumber)
	d.row("Name", strings.Join(nonEmpty(p.Title, p.FirstName, p.MiddleName, p.Surname), " "))
	d.row("Payroll ID", p.PayrollID)
	if p.DateOfBirth != nil {
		d.row("Date of birth", p.DateOfBirth.Time.Format("02/01/2006"))
	}
	d.row("Address", strings.Join(nonEmpty(p.AddressLine1, p.AddressLine2, p.Town, p.County, p.Postcode), ", "))
}

func nonEmpty(s ...string) []string {
	out := s[:0:0]
	for _, x := range s {
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}

// renderP45s writes one page per P45 (details of employee leaving work).
func renderP45s(list []P45) ([]byte, error) {
	first := list[0]
	d := newPDF("P45 "+first.Data.TaxYear, first.Employer.Name, first.Data.LeavingDate.Time)
	for _, f := range list {
		d.pdf.AddPage()
		d.heading("P45 Details of employee leaving work")
		d.employer(f.Employer)
		d.employee(f.Employee)
		x := f.Data
		d.section("Leaving details, tax year " + x.TaxYear)
		d.row("Leaving date", x.LeavingDate.Time.Format("02/01/2006"))
		d.row("Tax code at leaving", x.TaxCode+w1(x.Week1Month1))
		d.row("Last entries: "+x.PeriodType+" number", fmt.Sprint(x.PeriodNumber))
		d.row("Total pay to date", gbp(x.TotalPayToDate))
		d.row("Total tax to date", gbp(x.TotalTaxToDate))
		d.row("Pay in this employment", gbp(x.PayInThisEmployment))
		d.row("Tax in this employment", gbp(x.TaxInThisEmployment))
		d.row("Student Loan deductions to continue", yn(x.StudentLoanDeductionsToContinue)+" ("+x.StudentLoanPlan+")")
		d.row("Postgraduate Loan deductions to continue", yn(x.PostgraduateLoanDeductionsToContinue))
	}
	return d.bytes()
}

// renderP60 writes the end of year certificate.
func renderP60(f P60) ([]byte, error) {
	_, end := taxYearEnd(f.FinancialYearEnding)
	d := newPDF("P60 "+f.TaxYear+" "+f.Employee.FirstName+" "+f.Employee.Surname, f.Employer.Name, end)
	d.pdf.AddPage()
	d.heading("P60 End of Year Certificate, tax year to 5 April " + fmt.Sprint(f.FinancialYearEnding))
	if f.IsProvisional {
		d.notice(fmt.Sprintf("PROVISIONAL: tax year %s has not ended. Pay and deductions to date; not an end of year certificate until after 5 April %d.",
			f.TaxYear, f.FinancialYearEnding))
	}
	d.employer(f.Employer)
	d.employee(f.Employee)
	d.section("Pay and Income Tax details")
	d.row("Previous employment(s): pay", gbp(f.PayInPreviousEmployments))
	d.row("Previous employment(s): tax", gbp(f.TaxInPreviousEmployments))
	d.row("This employment: pay", gbp(f.PayInThisEmployment))
	d.row("This employment: tax", gbp(f.TaxInThisEmployment))
	d.row("Total for year: pay", gbp(f.TotalPayForYear))
	d.row("Total for year: tax", gbp(f.TotalTaxForYear))
	d.row("Final tax code", f.TaxCode+w1(f.Week1Month1))
	for _, n := range f.NationalInsurance {
		d.section("National Insurance contributions, category " + n.Category)
		d.row("Earnings at the LEL", gbp(n.EarningsAtLEL))
		d.row("Earnings above the LEL up to and including the PT", gbp(n.EarningsAboveLELUpToPT))
		d.row("Earnings above the PT up to and including the UEL", gbp(n.EarningsAbovePTUpToUEL))
		d.row("Employee's contributions due on all earnings above the PT", gbp(n.EmployeeContributions))
	}
	d.section("Other details")
	d.row("Student Loan deductions (whole pounds)", gbp(f.StudentLoanDeductions))
	d.row("Postgraduate Loan deductions (whole pounds)", gbp(f.PostgraduateLoanDeductions))
	for _, sp := range f.StatutoryPayments {
		d.row("Statutory payments: "+sp.Type, gbp(sp.Amount))
	}
	return d.bytes()
}

func taxYearEnd(fye int) (time.Time, time.Time) {
	return time.Date(fye-1, time.April, 6, 0, 0, 0, 0, time.UTC), time.Date(fye, time.April, 5, 0, 0, 0, 0, time.UTC)
}

// Doc is the form document set-up for forms built in other packages (the
// P11D in internal/uk/p11d, the P32 in internal/uk/employerreturns): same fixed metadata, fonts and blocks, so
// those render deterministically too.
type Doc struct{ d *pdfDoc }

// NewDoc starts a document (stamp is its creation date).
func NewDoc(title, author string, stamp time.Time) Doc { return Doc{newPDF(title, author, stamp)} }

func (d Doc) Page()                   { d.d.pdf.AddPage() }
func (d Doc) Heading(s string)        { d.d.heading(s) }
func (d Doc) Section(s string)        { d.d.section(s) }
func (d Doc) Row(label, value string) { d.d.row(label, value) }
func (d Doc) Employer(e Employer)     { d.d.employer(e) }
func (d Doc) Employee(p Person)       { d.d.employee(p) }
func (d Doc) Bytes() ([]byte, error)  { return d.d.bytes() }

// GBP formats an amount as forms print it (£1,234.50).
func GBP(m payroll.Money) string { return gbp(m) }

// PersonOf is the employee block of a form.
func PersonOf(e employee.Employee) Person { return person(e) }

// EmployerOf is the employer block of a form (from the HMRC settings).
func (s *Service) EmployerOf(ctx context.Context, biz business.Business) (Employer, error) {
	return s.employer(ctx, biz)
}
