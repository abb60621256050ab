package payslip

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

var m = payroll.MustMoney

func rate(s string) *payroll.Rate   { r := payroll.MustRate(s); return &r }
func money(s string) *payroll.Money { v := payroll.MustMoney(s); return &v }

// auPayslip is a fortnight's pay: 76 h × $38.50 = 2,926.00 + 4 h overtime
// × $57.75 = 231.00, gross 3,157.00; salary sacrifice 100.00, union fees
// 25.50, PAYG 512.00; net 3,157.00 − 125.50 − 512.00 = 2,519.50, paid to
// two accounts.
func auPayslip() Payslip {
	d := func(day int) time.Time { return time.Date(2026, 7, day, 0, 0, 0, 0, time.UTC) }
	return Payslip{
		Region:      "AU",
		Business:    Party{Name: "Acme Widgets Pty Ltd", Address: []string{"1 George Street", "Sydney NSW 2000"}, Reference: "ABN 51 824 753 556"},
		Employee:    Party{Name: "Zoë Nguyen", Address: []string{"12 Smith Street", "Fitzroy VIC 3065"}, Reference: "Employee ID 1042"},
		PeriodStart: d(1), PeriodEnd: d(14), DatePaid: d(16),
		Earnings: []Line{
			{Description: "Ordinary hours", Units: rate("76"), Rate: money("38.50"), Amount: m("2926.00")},
			{Description: "Overtime 1.5x", Units: rate("4"), Rate: money("57.75"), Amount: m("231.00")},
		},
		Deductions: []Line{{Description: "Salary sacrifice (super)", Amount: m("100.00")}, {Description: "Union fees", Amount: m("25.50")}},
		Tax:        []Line{{Description: "PAYG withholding", Amount: m("512.00")}},
		Employer:   []Line{{Description: "Superannuation guarantee 12%", Amount: m("378.84")}},
		NetPay:     m("2519.50"),
		BankPayments: []BankPayment{
			{Account: "BSB 062-000 Acct ****5678", Reference: "Acme pay", Amount: m("2019.50")},
			{Account: "BSB 082-001 Acct ****4321", Reference: "Savings", Amount: m("500.00")},
		},
		YTD: []Line{{Description: "Gross earnings", Amount: m("6314.00")}, {Description: "PAYG withholding", Amount: m("1024.00")},
			{Description: "Net pay", Amount: m("5039.00")}, {Description: "Superannuation", Amount: m("757.68")}},
		Leave:    []Leave{{Category: "Annual leave", Unit: "Hours", Accrued: payroll.MustRate("5.8462"), Taken: payroll.MustRate("0"), Balance: payroll.MustRate("92.4")}},
		Notation: "Includes overtime for the stocktake.",
		Message:  "Questions about your pay? payroll@acme.example",
	}
}

// ukPayslip: salary 2,500.00; PAYE 290.40, employee NI 76.16, student
// loan 45.00, pension 125.00; net 2,500 − 536.56 = 1,963.44.
func ukPayslip() Payslip {
	p := auPayslip()
	p.Region = "UK"
	p.Business = Party{Name: "Acme Widgets Ltd", Address: []string{"10 High Street", "Leeds LS1 4AP"}, Reference: "PAYE ref 123/AB45678"}
	p.Employee = Party{Name: "Siân O'Connor", Reference: "NI number QQ123456C, tax code 1257L"}
	p.Earnings = []Line{{Description: "Salary", Amount: m("2500.00")}}
	p.Deductions = []Line{{Description: "Pension (employee 5%)", Amount: m("125.00")}}
	p.Tax = []Line{{Description: "PAYE income tax", Amount: m("290.40")}, {Description: "Employee NI", Amount: m("76.16")},
		{Description: "Student loan Plan 2", Amount: m("45.00")}}
	p.Employer = []Line{{Description: "Employer NI", Amount: m("289.50")}, {Description: "Employer pension 3%", Amount: m("75.00")}}
	p.NetPay = m("1963.44")
	p.BankPayments = []BankPayment{{Account: "Sort code 40-47-84 Acct ****2490", Reference: "ACME SALARY", Amount: m("1963.44")}}
	return p
}

func TestRenderIsDeterministic(t *testing.T) {
	t.Parallel()
	for _, p := range []Payslip{auPayslip(), ukPayslip()} {
		a, err := Render(p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Render(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: two renders of one payslip differ", p.Region)
		}
		if !bytes.HasPrefix(a, []byte("%PDF-")) || !bytes.Contains(a, []byte("/CreationDate (D:20260716000000)")) {
			t.Errorf("%s: not a PDF with the fixed creation date", p.Region)
		}
		// A different figure is a different file (the test can fail).
		p.NetPay, p.Tax[0].Amount = p.NetPay.Sub(m("1")), p.Tax[0].Amount.Add(m("1"))
		p.BankPayments[0].Amount = p.BankPayments[0].Amount.Sub(m("1"))
		c, err := Render(p)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(a, c) {
			t.Errorf("%s: changing the tax did not change the PDF", p.Region)
		}
	}
}

// TestRenderLongPayslip: more lines than a page holds flow onto the next
// page, still deterministic.
func TestRenderLongPayslip(t *testing.T) {
	t.Parallel()
	p := auPayslip()
	for i := 0; i < 60; i++ {
		p.Earnings = append(p.Earnings, Line{Description: "Shift allowance", Units: rate("1"), Rate: money("10.125"), Amount: m("10.13")})
		p.NetPay = p.NetPay.Add(m("10.13"))
		p.BankPayments[0].Amount = p.BankPayments[0].Amount.Add(m("10.13"))
	}
	a, err := RenderOptions(p, Options{Uncompressed: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := RenderOptions(p, Options{Uncompressed: true})
	if !bytes.Equal(a, b) {
		t.Fatal("two renders differ")
	}
	if pages := bytes.Count(a, []byte("/Type /Page")) - bytes.Count(a, []byte("/Type /Pages")); pages < 2 {
		t.Errorf("%d page: 60 more lines should flow onto a second", pages)
	}
	if !bytes.Contains(a, []byte("($10.125)")) || !bytes.Contains(a, []byte("($3,764.80)")) {
		t.Error("a rate with more than cents keeps its decimals; gross 3,157.00 + 60 x 10.13 = 3,764.80")
	}
}

// TestRenderContainsFigures reads the uncompressed content streams: every
// figure is drawn as text.
func TestRenderContainsFigures(t *testing.T) {
	t.Parallel()
	pdf, err := RenderOptions(auPayslip(), Options{Uncompressed: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Acme Widgets Pty Ltd", "ABN 51 824 753 556", "Payslip", "Pay period: 1 Jul 2026 to 14 Jul 2026",
		"Date paid: 16 Jul 2026", "Ordinary hours", "76.00", "$38.50", "$2,926.00", "$231.00", "Gross earnings", "$3,157.00",
		"Union fees", "$25.50", "Total deductions", "$125.50", "PAYG withholding", "$512.00", "Net pay", "$2,519.50",
		"BSB 062-000 Acct ****5678", "$2,019.50", "Superannuation guarantee 12%", "$378.84", "Year to date", "$6,314.00",
		"Annual leave \\(hours\\)", "5.8462", "92.40", "Includes overtime for the stocktake."} {
		if !bytes.Contains(pdf, []byte("("+want+")")) && !bytes.Contains(pdf, []byte(want)) {
			t.Errorf("the PDF does not show %q", want)
		}
	}
	// The employee's name is in the PDF's code page (ë is 0xEB in cp1252).
	if !bytes.Contains(pdf, []byte("Zo\xebNguyen")) && !bytes.Contains(pdf, []byte("Zo\xeb Nguyen")) {
		t.Error("the employee's accented name is not in the PDF")
	}
	uk, err := RenderOptions(ukPayslip(), Options{Uncompressed: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\xa31,963.44", "Tax and National Insurance", "Employer NI", "\xa3289.50", "Employer contributions"} {
		if !bytes.Contains(uk, []byte(want)) {
			t.Errorf("the UK payslip does not show %q", want)
		}
	}
}

// TestRenderPDFTools checks the PDF with poppler: its text extracts with
// the figures and page 1 rasterises to a picture that is not blank.
func TestRenderPDFTools(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm not installed (apt-get install poppler-utils): the PDF is not rasterised")
	}
	pdf, err := Render(auPayslip())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "payslip.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	for _, want := range []string{"Zoë Nguyen", "$2,519.50", "$3,157.00", "PAYG withholding", "$512.00", "Annual leave (hours)"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("pdftotext does not find %q in:\n%s", want, out)
		}
	}
	if err := exec.Command("pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", in, filepath.Join(dir, "page")).Run(); err != nil {
		t.Fatalf("pdftoppm: %v", err)
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
	b := img.Bounds()
	if b.Dx() < 400 || b.Dy() < 600 {
		t.Fatalf("page 1 is %v, want an A4 page at 60 dpi", b)
	}
	if dark := darkShare(img); dark < 0.01 || dark > 0.5 {
		t.Errorf("page 1 has %.3f of its pixels dark: blank or garbled", dark)
	}
}

// darkShare is the fraction of pixels that are clearly not white.
func darkShare(img image.Image) float64 {
	b := img.Bounds()
	var dark, all int
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if (r+g+bl)/3 < 0xC000 {
				dark++
			}
			all++
		}
	}
	return float64(dark) / float64(all)
}

func TestRenderRefusesInconsistentPayslips(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		edit   func(*Payslip)
		member string
	}{
		{"net pay off by a cent", func(p *Payslip) { p.NetPay = p.NetPay.Add(m("0.01")) }, "netPay"},
		{"bank payments short", func(p *Payslip) { p.BankPayments[1].Amount = m("499.99") }, "bankPayments"},
		{"no employee", func(p *Payslip) { p.Employee.Name = "" }, "employee.name"},
		{"region", func(p *Payslip) { p.Region = "MY" }, "region"},
		{"period backwards", func(p *Payslip) { p.PeriodEnd = p.PeriodStart.AddDate(0, 0, -1) }, "periodEnd"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := auPayslip()
			c.edit(&p)
			_, err := Render(p)
			var pe *payroll.Error
			if !errors.As(err, &pe) || pe.Kind != payroll.KindInvalid || pe.Fields[c.member] == nil {
				t.Fatalf("err = %v, want invalid %s", err, c.member)
			}
		})
	}
}

// BenchmarkRender renders one payslip PDF.
func BenchmarkRender(b *testing.B) {
	p := auPayslip()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRenderNotesRateTextSummaryFootnotes: a line's note is printed under
// it, a rate text replaces the rate column's figure, the summary is its
// own table and footnotes come before the notation and message.
func TestRenderNotesRateTextSummaryFootnotes(t *testing.T) {
	t.Parallel()
	p := auPayslip()
	p.Earnings[0].Note = "Stocktake; Location: Fitzroy"
	p.Earnings = append(p.Earnings, Line{Description: "Salary", RateText: "$95,000.00 p.a.", Amount: m("0")})
	p.Summary = []Line{{Description: "Basic salary", Amount: m("2926.00")}, {Description: "Overtime pay (4.00 overtime hours)", Amount: m("231.00")}}
	p.Footnotes = []string{"Superannuation is paid to your fund quarterly."}
	pdf, err := RenderOptions(p, Options{Uncompressed: true})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "payslip.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed (apt-get install poppler-utils)")
	}
	out, err := exec.Command("pdftotext", "-layout", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	text := strings.Join(strings.Fields(string(out)), " ")
	for _, want := range []string{"Ordinary hours 76.00 $38.50 $2,926.00 Stocktake; Location: Fitzroy Overtime 1.5x",
		"Salary $95,000.00 p.a. $0.00", "Summary Description Amount Basic salary $2,926.00 Overtime pay (4.00 overtime hours) $231.00",
		"Superannuation is paid to your fund quarterly. Includes overtime for the stocktake. Questions about your pay?"} {
		if !strings.Contains(text, want) {
			t.Errorf("the payslip lacks %q:\n%s", want, out)
		}
	}
}
