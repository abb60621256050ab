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

// renderP45s writes each P45 in HMRC's three parts, a page each, with
// HMRC's numbered boxes (docs/reference/uk-p45.md): Part 1A, the copy for
// the employee (boxes 1 to 13); Part 2 and Part 3, for the new employer
// (boxes 1 to 7; the rest of Part 3 is the new employer's to complete).
// HMRC receives the leaving date on the FPS, so there is no Part 1.
func renderP45s(list []P45) ([]byte, error) {
	first := list[0]
	d := newPDF("P45 "+first.Data.TaxYear, first.Employer.Name, first.Data.LeavingDate.Time)
	for _, f := range list {
		d.p45Part("P45 Part 1A", "Copy for employee", f, true)
		d.p45Part("P45 Part 2", "Copy for new employer", f, false)
		d.p45Part("P45 Part 3", "New employee details: for completion by the new employer", f, false)
		d.notice("Part 3: boxes 1 to 7 are copied from Part 2. The new employer completes the rest of Part 3 " +
			"(their PAYE reference, the date the new employment started and the new employee's details) on their own payroll record.")
	}
	return d.bytes()
}

// p45Part is one part of a P45: boxes 1 to 7, and on Part 1A boxes 8 to 13.
func (d *pdfDoc) p45Part(title, sub string, f P45, employeeCopy bool) {
	x, p, er := f.Data, f.Employee, f.Employer
	d.pdf.AddPage()
	d.heading(title + " Details of employee leaving work")
	d.pdf.SetFont("Helvetica", "", 10)
	d.pdf.CellFormat(180, 6, d.tr(sub+" (tax year "+x.TaxYear+")"), "", 1, "L", false, 0, "")
	office, ref, _ := strings.Cut(er.PayeReference, "/")
	d.row("1 Employer PAYE reference: office number / reference number", office+" / "+ref)
	d.row("2 Employee's National Insurance number", p.NationalInsuranceNumber)
	d.row("3 Title", strings.ToUpper(p.Title))
	d.row("   Surname or family name", p.Surname)
	d.row("   First name(s)", strings.Join(nonEmpty(p.FirstName, p.MiddleName), " "))
	d.row("4 Leaving date (DD MM YYYY)", x.LeavingDate.Time.Format("02 01 2006"))
	d.row("5 Student Loan deductions to continue", yesNo(x.StudentLoanDeductionsToContinue, "Y", ""))
	d.row("   Postgraduate Loan deductions to continue", yesNo(x.PostgraduateLoanDeductionsToContinue, "Y", ""))
	d.row("6 Tax code at leaving date", x.TaxCode)
	d.row("   Week 1/month 1", yesNo(x.Week1Month1, "X", ""))
	// Box 7 only when the code was cumulative: with an X at box 6 it is
	// left empty, as the form says.
	week, month, pay, tax := "", "", "", ""
	if !x.Week1Month1 && x.TotalPayToDate != nil && x.TotalTaxToDate != nil {
		if x.PeriodType == "Week" {
			week = fmt.Sprint(x.PeriodNumber)
		} else {
			month = fmt.Sprint(x.PeriodNumber)
		}
		pay, tax = gbp(*x.TotalPayToDate), gbp(*x.TotalTaxToDate)
	}
	d.row("7 Last entries: week number", week)
	d.row("   Month number", month)
	d.row("   Total pay to date", pay)
	d.row("   Total tax to date", tax)
	if !employeeCopy {
		return
	}
	d.row("8 This employment: total pay", gbp(x.PayInThisEmployment))
	d.row("   Total tax", gbp(x.TaxInThisEmployment))
	d.row("9 Works number/Payroll number", p.PayrollID)
	gender := ""
	switch strings.ToUpper(p.Gender) {
	case "M", "MALE":
		gender = "Male"
	case "F", "FEMALE":
		gender = "Female"
	}
	d.row("10 Gender", gender)
	dob := ""
	if p.DateOfBirth != nil {
		dob = p.DateOfBirth.Time.Format("02 01 2006")
	}
	d.row("11 Date of birth (DD MM YYYY)", dob)
	d.row("12 Employee's private address", strings.Join(nonEmpty(p.AddressLine1, p.AddressLine2, p.Town, p.County, p.Postcode), ", "))
	d.row("13 Employer name and address", strings.Join(nonEmpty(er.Name, er.AddressLine1, er.AddressLine2, er.Town, er.County, er.Postcode), ", "))
	d.row("   I certify that the details in items 1 to 11 are correct. Date", x.LeavingDate.Time.Format("02 01 2006"))
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
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
func (d Doc) LandscapePage()          { d.d.pdf.AddPageFormat("L", d.d.pdf.GetPageSizeStr("A4")) }
func (d Doc) Heading(s string)        { d.d.heading(s) }
func (d Doc) Section(s string)        { d.d.section(s) }
func (d Doc) Row(label, value string) { d.d.row(label, value) }
func (d Doc) Employer(e Employer)     { d.d.employer(e) }
func (d Doc) Employee(p Person)       { d.d.employee(p) }
func (d Doc) Bytes() ([]byte, error)  { return d.d.bytes() }

// Table draws a ruled table: a shaded header whose labels wrap within
// their columns, then rows whose first column is left-aligned text and
// the rest right-aligned figures; the last row is bold when boldLast
// (totals). widths are in millimetres.
func (d Doc) Table(widths []float64, header []string, rows [][]string, boldLast bool) {
	pdf, tr := d.d.pdf, d.d.tr
	const line = 3.6
	pdf.Ln(3)
	pdf.SetFont("Helvetica", "B", 6.5)
	pdf.SetFillColor(230, 230, 230)
	lines := 1
	for i, h := range header {
		lines = max(lines, len(pdf.SplitText(tr(h), widths[i]-1)))
	}
	x0, y := pdf.GetX(), pdf.GetY()
	x := x0
	for i, h := range header {
		pdf.Rect(x, y, widths[i], float64(lines)*line+1, "FD")
		pdf.SetXY(x, y+0.5)
		pdf.MultiCell(widths[i], line, tr(h), "", "C", false)
		x += widths[i]
	}
	pdf.SetXY(x0, y+float64(lines)*line+1)
	for r, row := range rows {
		style := ""
		if boldLast && r == len(rows)-1 {
			style = "B"
		}
		pdf.SetFont("Helvetica", style, 7.5)
		for i, c := range row {
			align := "R"
			if i == 0 {
				align = "L"
			}
			pdf.CellFormat(widths[i], 5.5, tr(c), "1", 0, align, false, 0, "")
		}
		pdf.Ln(-1)
	}
}

// Note writes a paragraph in small type.
func (d Doc) Note(s string) {
	d.d.pdf.Ln(2)
	d.d.pdf.SetFont("Helvetica", "", 8)
	d.d.pdf.MultiCell(0, 4, d.d.tr(s), "", "L", false)
}

// GBP formats an amount as forms print it (£1,234.50).
func GBP(m payroll.Money) string { return gbp(m) }

// PersonOf is the employee block of a form.
func PersonOf(e employee.Employee) Person { return person(e) }

// EmployerOf is the employer block of a form (from the HMRC settings).
func (s *Service) EmployerOf(ctx context.Context, biz business.Business) (Employer, error) {
	return s.employer(ctx, biz)
}
