package payslip

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/go-pdf/fpdf"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Options change how the PDF is written, not what it says.
type Options struct {
	Uncompressed bool // leave page content streams uncompressed (tests read the text)
}

// section titles that differ by region.
var (
	taxTitle = map[string]string{"AU": "Tax", "UK": "Tax and National Insurance", "NZ": "Tax and KiwiSaver",
		"SG": "Tax and CPF"}
	employerTitle = map[string]string{"AU": "Superannuation", "UK": "Employer contributions", "NZ": "Employer contributions",
		"SG": "Employer contributions"}
)

// Render writes the payslip as a PDF.
func Render(p Payslip) ([]byte, error) { return RenderOptions(p, Options{}) }

// RenderOptions is Render with options.
func RenderOptions(p Payslip, o Options) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	r := newRenderer(p, o)
	r.page()
	var b bytes.Buffer
	if err := r.pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("render payslip: %w", err)
	}
	return b.Bytes(), nil
}

const (
	margin   = 15.0
	pageW    = 210.0
	contentW = pageW - 2*margin
	rowH     = 5.0
)

type renderer struct {
	p   Payslip
	pdf *fpdf.Fpdf
	tr  func(string) string // UTF-8 to the core fonts' code page
	sym string
}

func newRenderer(p Payslip, o Options) *renderer {
	pdf := fpdf.New("P", "mm", "A4", "")
	// Fixed metadata: the same payslip renders to the same bytes.
	stamp := payroll.DateOnly(p.DatePaid)
	pdf.SetCreationDate(stamp)
	pdf.SetModificationDate(stamp)
	pdf.SetCatalogSort(true)
	pdf.SetProducer("payrolld", true)
	pdf.SetCreator("payrolld", true)
	pdf.SetTitle("Payslip "+p.Employee.Name+" "+p.DatePaid.Format("2006-01-02"), true)
	pdf.SetAuthor(p.Business.Name, true)
	pdf.SetCompression(!o.Uncompressed)
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(true, margin)
	return &renderer{p: p, pdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor(""), sym: symbol(p.Region)}
}

// money formats an amount with the currency symbol and thousands
// separators: $1,234.56, -$12.00.
func (r *renderer) money(m payroll.Money) string {
	return m.Display(r.sym)
}

// number prints units and rates with at least two and at most four
// decimals (38, 7.6, 32.4567 -> 38.00, 7.60, 32.4567).
func number(d string) string {
	whole, frac, _ := strings.Cut(d, ".")
	frac = strings.TrimRight(frac, "0")
	for len(frac) < 2 {
		frac += "0"
	}
	return whole + "." + frac
}

func (r *renderer) text(w, h float64, s, border, align string, fill bool) {
	r.pdf.CellFormat(w, h, r.tr(s), border, 0, align, fill, 0, "")
}

func (r *renderer) ln(h float64) { r.pdf.Ln(h) }

func (r *renderer) page() {
	p, pdf := r.p, r.pdf
	pdf.AddPage()

	// Business (left) and the pay's dates (right).
	pdf.SetFont("Helvetica", "B", 15)
	r.text(110, 7, p.Business.Name, "", "L", false)
	pdf.SetFont("Helvetica", "B", 18)
	r.text(contentW-110, 7, "Payslip", "", "R", false)
	r.ln(8)
	pdf.SetFont("Helvetica", "", 9)
	left := append(append([]string{}, p.Business.Address...), p.Business.Reference)
	right := []string{
		"Pay period: " + p.PeriodStart.Format("2 Jan 2006") + " to " + p.PeriodEnd.Format("2 Jan 2006"),
		"Date paid: " + p.DatePaid.Format("2 Jan 2006"),
	}
	for i := 0; i < max(len(left), len(right)); i++ {
		r.text(110, 4.5, at(left, i), "", "L", false)
		r.text(contentW-110, 4.5, at(right, i), "", "R", false)
		r.ln(4.5)
	}
	r.ln(3)

	// Employee.
	pdf.SetFillColor(240, 243, 247)
	pdf.SetFont("Helvetica", "B", 11)
	r.text(contentW, 7, p.Employee.Name, "", "L", true)
	r.ln(7)
	pdf.SetFont("Helvetica", "", 9)
	for _, l := range append(append([]string{}, p.Employee.Address...), p.Employee.Reference) {
		if l != "" {
			r.text(contentW, 4.5, l, "", "L", false)
			r.ln(4.5)
		}
	}
	// Facts two to a line: label in bold, value after it; the labels'
	// column is as wide as the widest label (at least 28 mm, at most 45).
	pdf.SetFont("Helvetica", "B", 9)
	labelW := 28.0
	for _, f := range p.Facts {
		labelW = max(labelW, min(45, pdf.GetStringWidth(r.tr(f.Label+":"))+3))
	}
	for i, f := range p.Facts {
		pdf.SetFont("Helvetica", "B", 9)
		r.text(labelW, 4.5, f.Label+":", "", "L", false)
		pdf.SetFont("Helvetica", "", 9)
		r.text(contentW/2-labelW, 4.5, f.Value, "", "L", false)
		if i%2 == 1 || i == len(p.Facts)-1 {
			r.ln(4.5)
		}
	}
	r.ln(3)

	t := p.Totals()
	withUnits := false
	for _, l := range p.Earnings {
		withUnits = withUnits || l.Units != nil || l.Rate != nil || l.RateText != ""
	}
	if withUnits {
		r.table("Earnings", []string{"Description", "Units", "Rate", "Amount"}, []float64{90, 30, 30, 30}, lines(r, p.Earnings, true),
			"Gross earnings", r.money(t.Gross))
	} else {
		r.table("Earnings", []string{"Description", "Amount"}, []float64{150, 30}, lines(r, p.Earnings, false),
			"Gross earnings", r.money(t.Gross))
	}
	if len(p.Summary) > 0 {
		r.table("Summary", []string{"Description", "Amount"}, []float64{150, 30}, lines(r, p.Summary, false), "", "")
	}
	if len(p.Expenses) > 0 {
		r.table("Reimbursements", []string{"Description", "Amount"}, []float64{150, 30}, lines(r, p.Expenses, false),
			"Total reimbursements", r.money(t.Expenses))
	}
	if len(p.Deductions) > 0 {
		r.table("Deductions", []string{"Description", "Amount"}, []float64{150, 30}, lines(r, p.Deductions, false),
			"Total deductions", r.money(t.Deductions))
	}
	// Each statutory deduction is its own line; the total names them all
	// (not "tax": NI, KiwiSaver or CPF are not tax).
	title := taxTitle[p.Region]
	r.table(title, []string{"Description", "Amount"}, []float64{150, 30}, lines(r, p.Tax, false),
		"Total "+strings.ToLower(title[:1])+title[1:], r.money(t.Tax))

	// Net pay, the figure the employee looks for.
	pdf.SetFillColor(31, 78, 121)
	pdf.SetTextColor(255, 255, 255)
	pdf.SetFont("Helvetica", "B", 12)
	r.text(150, 9, "  Net pay", "", "L", true)
	r.text(30, 9, r.money(p.NetPay)+" ", "", "R", true)
	pdf.SetTextColor(0, 0, 0)
	r.ln(12)

	if len(p.BankPayments) > 0 {
		var rows [][]string
		for _, b := range p.BankPayments {
			rows = append(rows, []string{b.Account, b.Reference, r.money(b.Amount)})
		}
		r.table("Paid to", []string{"Account", "Reference", "Amount"}, []float64{90, 60, 30}, rows, "", "")
	}
	if len(p.Employer) > 0 {
		r.table(employerTitle[p.Region], []string{"Description", "Amount"}, []float64{150, 30}, lines(r, p.Employer, false),
			"Total employer contributions", r.money(t.Employer))
	}
	if len(p.YTD) > 0 {
		r.table("Year to date", []string{"Description", "Amount"}, []float64{150, 30}, lines(r, p.YTD, false), "", "")
	}
	if len(p.Leave) > 0 {
		var rows [][]string
		for _, l := range p.Leave {
			unit := l.Unit
			if unit == "" {
				unit = "Hours"
			}
			rows = append(rows, []string{l.Category + " (" + strings.ToLower(unit) + ")", number(l.Accrued.String()),
				number(l.Taken.String()), number(l.Balance.String())})
		}
		r.table("Leave", []string{"Category", "Accrued", "Taken", "Balance"}, []float64{90, 30, 30, 30}, rows, "", "")
	}
	for _, note := range append(append([]string{}, p.Footnotes...), p.Notation, p.Message) {
		if strings.TrimSpace(note) != "" {
			pdf.SetFont("Helvetica", "I", 9)
			pdf.MultiCell(contentW, 4.5, r.tr(note), "", "L", false)
			r.ln(2)
		}
	}
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}

// lines turns payslip lines into table rows (with units and rate columns
// when withUnits).
func lines(r *renderer, ls []Line, withUnits bool) [][]string {
	rows := make([][]string, 0, len(ls))
	for _, l := range ls {
		if !withUnits {
			rows = append(rows, []string{l.Description, r.money(l.Amount)})
			if l.Note != "" {
				rows = append(rows, []string{noteRow + l.Note, ""})
			}
			continue
		}
		units, rate := "", ""
		if l.Units != nil {
			units = number(l.Units.String())
		}
		if l.Rate != nil {
			rate = r.money(*l.Rate)
			if l.Rate.Cmp(l.Rate.Cents()) != 0 { // a rate with more than cents keeps its decimals
				rate = r.sym + number(l.Rate.String())
			}
		}
		if l.RateText != "" {
			rate = l.RateText
		}
		rows = append(rows, []string{l.Description, units, rate, r.money(l.Amount)})
		if l.Note != "" {
			rows = append(rows, []string{noteRow + l.Note, "", "", ""})
		}
	}
	return rows
}

// noteRow marks a table row as a line's note: printed indented in small
// italics under the line.
const noteRow = "\x00note:"

// table prints a titled table: a header row, the rows (the first column
// left-aligned, the others right-aligned) and an optional total row.
func (r *renderer) table(title string, head []string, widths []float64, rows [][]string, totalLabel, total string) {
	pdf := r.pdf
	// Keep a title with at least its header and first row.
	if pdf.GetY()+6+rowH*2 > 297-margin {
		pdf.AddPage()
	}
	pdf.SetFont("Helvetica", "B", 10)
	r.text(contentW, 6, title, "", "L", false)
	r.ln(6)
	pdf.SetFont("Helvetica", "B", 8.5)
	pdf.SetFillColor(230, 234, 240)
	for i, h := range head {
		r.text(widths[i], rowH, h, "B", align(i, head), true)
	}
	r.ln(rowH)
	pdf.SetFont("Helvetica", "", 9)
	for _, row := range rows {
		if note, ok := strings.CutPrefix(row[0], noteRow); ok {
			pdf.SetFont("Helvetica", "I", 7.5)
			r.text(contentW, 4, "    "+note, "", "L", false)
			r.ln(4)
			pdf.SetFont("Helvetica", "", 9)
			continue
		}
		for i, c := range row {
			r.text(widths[i], rowH, c, "", align(i, head), false)
		}
		r.ln(rowH)
	}
	if totalLabel != "" {
		pdf.SetFont("Helvetica", "B", 9)
		var w float64
		for _, x := range widths[:len(widths)-1] {
			w += x
		}
		r.text(w, rowH, totalLabel, "T", "L", false)
		r.text(widths[len(widths)-1], rowH, total, "T", "R", false)
		r.ln(rowH)
	}
	r.ln(2)
}

// align puts text columns left and figures right.
func align(col int, head []string) string {
	if col == 0 || head[col] == "Reference" {
		return "L"
	}
	return "R"
}

// symbol is the currency symbol of a region's payslips.
func symbol(region string) string {
	s, _ := payroll.CurrencySymbol(region)
	return s
}
