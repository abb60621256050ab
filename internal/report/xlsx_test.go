package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// xlsxSample is a workbook exercising every kind of cell, and a
// gross-to-net sheet of 3,000 employees (several times the writer's 64 KB
// buffer and deflate's window, so how the worksheet is cut into writes
// would show in the bytes if it mattered).
func xlsxSample() []Sheet {
	cells := Sheet{Name: "Cells: all [kinds]", Header: []string{"text", "date", "no date", "int64", "int", "money", "rate", "bool", "none"},
		Rows: [][]any{
			{"Smith & <Sons> \"Ltd\"\x01", payroll.NewDateTime(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)), payroll.DateTime{}, int64(-42), 7,
				Money(123456), Hours(381234), true, nil},
			{"", payroll.DateTime{}, payroll.DateTime{}, int64(0), 0, Money(-5), Hours(0), false, nil},
		}}
	rows := make([]GrossToNet, 3000)
	for i := range rows {
		g := &rows[i]
		g.EmployeeID, g.FirstName, g.Surname, g.ExternalID = int64(i+1), fmt.Sprintf("First%d", i%10), fmt.Sprintf("Surname%d", i), fmt.Sprintf("EXT%d", i)
		g.PrimaryLocation, g.TotalHours = "Head office", Hours(int64(380000+i))
		g.GrossEarnings = map[string]payroll.Money{"Ordinary Hours": Money(int64(100000 + 37*i))}
		if i%3 == 0 {
			g.GrossEarnings["Bonus"] = Money(int64(5000 + i))
		}
		g.PreTaxDeductions, g.PostTaxDeductions, g.Expenses = map[string]payroll.Money{}, map[string]payroll.Money{"Union fees": Money(1250)}, map[string]payroll.Money{}
		if i%3 == 1 {
			g.PreTaxDeductions["Salary sacrifice super"] = Money(int64(2000 + i))
		}
		if i%500 == 0 {
			g.Expenses["Travel"] = Money(9900)
		}
		g.TotalGrossEarnings, g.TaxableEarnings, g.Payg, g.NetEarnings = Money(int64(100000+37*i)), Money(int64(98000+37*i)), Money(int64(20000+i)), Money(int64(78000+i))
		g.Sgc, g.BankPayments, g.TotalGrossPlusSuper = Money(int64(12000+i)), Money(int64(78000+i)), Money(int64(112000+37*i))
	}
	return []Sheet{cells, GrossToNetSheet(rows)}
}

// TestXLSXBytesUnchanged: the same sheets always give the same bytes
// (fixed part times, rows streamed in order): want is the SHA-256 of the
// sample as this writer writes it, and changes only with the format.
func TestXLSXBytesUnchanged(t *testing.T) {
	t.Parallel()
	const want = "1a50f043475e20aeb10e9540d6ee60cc136b4562a5b8c959e5804faaa13b789c"
	data, err := XLSX(xlsxSample()...)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("xlsx sample: sha256 %s (%d bytes), want %s", got, len(data), want)
	}
}

// TestXLSXEachAsRows: a sheet whose rows come from Each (reusing one
// slice of cells) is the same workbook as the sheet with those rows in
// Rows, and rows in both are numbered on from Rows.
func TestXLSXEachAsRows(t *testing.T) {
	t.Parallel()
	g := xlsxSample()[1]
	var rows [][]any
	if err := g.Each(func(cells []any) error {
		rows = append(rows, append([]any(nil), cells...))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3000 {
		t.Fatalf("Each gave %d rows, want 3000", len(rows))
	}
	streamed, err := XLSX(g)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := XLSX(Sheet{Name: g.Name, Header: g.Header, Totals: g.Totals, Rows: rows})
	if err != nil {
		t.Fatal(err)
	}
	if string(streamed) != string(whole) {
		t.Fatalf("streamed sheet differs from the same rows in Rows (%d vs %d bytes)", len(streamed), len(whole))
	}
	split, err := XLSX(Sheet{Name: g.Name, Header: g.Header, Totals: g.Totals, Rows: rows[:1000], Each: func(yield func([]any) error) error {
		for _, r := range rows[1000:] {
			if err := yield(r); err != nil {
				return err
			}
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if string(split) != string(whole) {
		t.Fatal("rows split between Rows and Each differ from the same rows in Rows")
	}
	// A cell the writer cannot write fails the workbook, from Each too.
	if _, err := XLSX(Sheet{Name: "bad", Each: func(yield func([]any) error) error { return yield([]any{1.5}) }}); err == nil {
		t.Fatal("a float64 cell was accepted")
	}
}
