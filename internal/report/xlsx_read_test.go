package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/payrolld/payrolld/internal/payroll"
)

// A gross-to-net workbook opens in a spreadsheet program as an accountant
// expects (read back with excelize, an independent reader): the header
// frozen above the data, columns wide enough for their content, money in
// the business's currency format with exact values, dates as dates, and a
// totals row whose SUM formulas carry the exact totals.
func TestXLSXReadsBackAsASpreadsheet(t *testing.T) {
	t.Parallel()
	g := xlsxSample()[1] // 3,000 employees; Totals set by GrossToNetSheet
	dated := Sheet{Name: "Dated", Header: []string{"Employee", "Date Paid", "Recorded", "Amount"}, Totals: true, Rows: [][]any{
		{"Ann", payroll.NewDateTime(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)), payroll.NewDateTime(time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)), Money(-150)},
		{"Bob", payroll.DateTime{}, payroll.DateTime{}, Money(123456789)},
	}}
	data, err := XLSXIn("$", g, dated)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("excelize cannot open the workbook: %v", err)
	}
	defer f.Close()
	if got := f.GetSheetList(); len(got) != 2 || got[0] != "Gross To Net" || got[1] != "Dated" {
		t.Fatalf("sheets %v", got)
	}
	sh := "Gross To Net"
	panes, err := f.GetPanes(sh)
	if err != nil || !panes.Freeze || panes.YSplit != 1 || panes.TopLeftCell != "A2" {
		t.Errorf("panes %+v %v: want the header row frozen", panes, err)
	}
	header, err := f.GetRows(sh)
	if err != nil {
		t.Fatal(err)
	}
	if len(header) != 3002 { // header, 3,000 employees, totals
		t.Fatalf("%d rows, want 3,002", len(header))
	}
	col := map[string]string{}
	for i, h := range header[0] {
		name, _ := excelize.ColumnNumberToName(i + 1)
		col[h] = name
	}
	net := col["Net Earnings"]
	if net == "" {
		t.Fatalf("no Net Earnings column in %v", header[0])
	}
	// Column widths follow the content: the long header is not cut off,
	// a short column is not 60 wide.
	if w, _ := f.GetColWidth(sh, col["Total Post-tax Deductions"]); w < float64(len("Total Post-tax Deductions")) {
		t.Errorf("Total Post-tax Deductions is %.0f wide", w)
	}
	if w, _ := f.GetColWidth(sh, col["Employee Id"]); w > 20 {
		t.Errorf("Employee Id is %.0f wide", w)
	}
	// Money: exact values, the currency format.
	if v, _ := f.GetCellValue(sh, net+"2", excelize.Options{RawCellValue: true}); v != "780" {
		t.Errorf("first net earnings raw %q, want 780", v)
	}
	style, _ := f.GetCellStyle(sh, net+"2")
	st, err := f.GetStyle(style)
	if err != nil || st.CustomNumFmt == nil || *st.CustomNumFmt != `"$"#,##0.00;-"$"#,##0.00` {
		t.Errorf("net earnings format %+v %v", st, err)
	}
	if v, _ := f.GetCellValue(sh, net+"2"); v != "$780.00" {
		t.Errorf("net earnings shown as %q, want $780.00", v)
	}
	// Totals: the label, a SUM over the column, and the exact total
	// (sum of 78,000 + i cents for i < 3,000).
	last := "3002"
	if v, _ := f.GetCellValue(sh, "A"+last); v != "Total" {
		t.Errorf("totals row label %q", v)
	}
	if fm, _ := f.GetCellFormula(sh, net+last); fm != "SUM("+net+"2:"+net+"3001)" {
		t.Errorf("net earnings total formula %q", fm)
	}
	if v, _ := f.GetCellValue(sh, net+last, excelize.Options{RawCellValue: true}); v != "2384985" {
		t.Errorf("net earnings total %q, want 2384985 (= 3,000 × 780 + 0.01 × 4,498,500)", v)
	}
	// Dates are dates (serial numbers in a date format), negative money
	// keeps its sign, totals sum signed amounts exactly.
	if v, _ := f.GetCellValue("Dated", "B2", excelize.Options{RawCellValue: true}); v != "46346" {
		t.Errorf("date serial %q, want 46346 (20 Nov 2026)", v)
	}
	if v, _ := f.GetCellValue("Dated", "C2", excelize.Options{RawCellValue: true}); v != "46346.75" {
		t.Errorf("date-time serial %q, want 46346.75 (6 pm)", v)
	}
	for cell, numFmt := range map[string]int{"B2": 14, "C2": 22} {
		s, _ := f.GetCellStyle("Dated", cell)
		if st, err := f.GetStyle(s); err != nil || st.NumFmt != numFmt {
			t.Errorf("%s number format %+v, want built-in %d", cell, st, numFmt)
		}
	}
	if v, _ := f.GetCellValue("Dated", "D2"); v != "-$1.50" {
		t.Errorf("negative money shown as %q", v)
	}
	if v, _ := f.GetCellValue("Dated", "D4", excelize.Options{RawCellValue: true}); v != "1234566.39" {
		t.Errorf("dated total %q, want 1234566.39", v)
	}
	if v, _ := f.GetCellValue("Dated", "A4"); v != "Total" {
		t.Errorf("dated totals label %q", v)
	}
	if v, _ := f.GetCellValue("Dated", "B3"); v != "" {
		t.Errorf("an empty date is %q", v)
	}
	// Without a currency the format is plain two decimals.
	plain, _ := XLSX(dated)
	pf, err := excelize.OpenReader(bytes.NewReader(plain))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	if v, _ := pf.GetCellValue("Dated", "D3"); strings.Contains(v, "$") || v != "1,234,567.89" {
		t.Errorf("plain money shown as %q", v)
	}
}
