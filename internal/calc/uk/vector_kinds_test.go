package uk

import (
	"testing"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Employer NI rows (none in the sample files; the arithmetic of
// rules-2026-27 §6 and HMRC's NIC data) and the other kinds' edge forms.
func TestCheckVectorKinds(t *testing.T) {
	e := New().(calc.VectorChecker)
	for _, c := range []struct {
		region, period, code, gross, want string
	}{
		{"UK", "weekly;p=1;NI-employer;2026-27", "NI-cat-A", "1000", "135.60"},
		{"UK", "monthly;p=1;NI-employer;2026-27", "NI-cat-A", "5000", "687.45"},
		{"UK", "weekly;p=1;NI-employer;2026-27", "NI-cat-A", "129", "4.95"},
		{"UK", "weekly;NI-employer", "NI-cat-A", "96.04", "0.01"}, // below LEL, above ST (rules §2.4)
		{"UK", "weekly;p=1;NI-employer", "NI-cat-M", "1000", "4.95"},
		{"UK", "weekly;p=1;NI-employer", "NI-cat-F", "1000", "77.85"}, // 15% × (1000 − 481)
		{"UK", "weekly;p=1;NI-employee", "NI-cat-X", "1000", "0"},
		{"UK", "monthly;student-loan;2026-27", "plan2", "3000", "49"},
		{"UK", "monthly;student-loan;2026-27", "plan5", "3000", "82"},
		{"UK", "monthly;student-loan", "pgl", "3000", "75"}, // 6% × 1250
		{"UK", "monthly;student-loan;2026-27", "postgrad", "3000", "75"},
		{"UK", "weekly;student-loan;2026-27", "Postgrad", "600", "11"}, // 6% × (600 − 403.84) = 11.77
		{"UK", "monthly;postgrad;2026-27", "PGL-6%", "3000", "75"},
		{"UK-rUK", "weekly;p=1;basis=W1M1;2026-27", "1257L", "1000", "158.20"},
		{"UK-SCT", "weekly;p=1;basis=W1M1;2026-27", "S1257L", "1000", "188.77"},
		{"UK-SCT", "weekly;p=2;basis=cumulative;pay_to_date=2000;tax_to_date_before=500", "NT", "1000", "-500.00"},
	} {
		got, rule, err := e.CheckVector(calc.Vector{Region: c.region, Period: c.period, Code: c.code, Gross: m(c.gross)})
		if err != nil {
			t.Errorf("%s %s: %v", c.period, c.code, err)
			continue
		}
		if !got.Equal(m(c.want)) || rule == nil {
			t.Errorf("%s %s %s: got %s (%v), want %s", c.period, c.code, c.gross, got, rule, c.want)
		}
	}
}

// Unknown row kinds and malformed rows are errors, never skipped.
func TestCheckVectorErrors(t *testing.T) {
	e := New().(calc.VectorChecker)
	for _, v := range []calc.Vector{
		{Region: "UK", Period: "weekly;p=1;NI-director", Code: "NI-cat-A"},
		{Region: "UK", Period: "weekly", Code: "NI-cat-A"},
		{Region: "UK", Period: "daily;p=1;NI-employee", Code: "NI-cat-A"},
		{Region: "UK", Period: "weekly;p=1;NI-employee", Code: "NI-cat-Q"},
		{Region: "UK", Period: "weekly;p=1;NI-employee", Code: "cat-A"},
		{Region: "UK", Period: "weekly;p=1;NI-employee;2027-28", Code: "NI-cat-A"},
		{Region: "UK", Period: "weekly;p=1;NI-employee;2025-26;2026-27", Code: "NI-cat-A"},
		{Region: "UK", Period: "weekly;p=1;NI-employee;student-loan", Code: "NI-cat-A"},
		{Region: "UK-rUK", Period: "weekly;p=1;NI-employee", Code: "NI-cat-A"},
		{Region: "UK", Period: "weekly;student-loan", Code: "plan3"},
		{Region: "UK", Period: "weekly;postgrad", Code: "plan2"},
		{Region: "UK", Period: "weekly;student-loan", Code: "plan5"}, // no Plan 5 in 2025-26
		{Region: "UK", Period: "weekly;p=1;basis=W1M1", Code: "1257L"},
		{Region: "UK-SCT", Period: "weekly;p=1;basis=W1M1", Code: "1257L"},
		{Region: "UK-rUK", Period: "weekly;p=1;basis=W1M1", Code: "D2"},
		{Region: "UK-rUK", Period: "weekly;p=1;basis=cumulative", Code: "1257L"},
		{Region: "UK-rUK", Period: "weekly;basis=W1M1", Code: "1257L"},
		{Region: "UK-rUK", Period: "weekly;p=1;basis=W1M1;pay_to_date=5", Code: "1257L"},
		{Region: "UK-rUK", Period: "weekly;p=1;basis=annual", Code: "1257L"},
		{Region: "UK-rUK", Period: "weekly;p=54;basis=cumulative;pay_to_date=1;tax_to_date_before=0", Code: "1257L"},
		{Region: "UK-rUK", Period: "weekly;p=x;basis=W1M1", Code: "1257L"},
		{Region: "UK", Period: "weekly;p=1;NI-employee;pay_to_date=1", Code: "NI-cat-A"},
		{Region: "UK", Period: "weekly;p=1;NI-employee", Code: "NI-cat-A", Gross: payroll.MustMoney("1e12")},
	} {
		if got, _, err := e.CheckVector(v); err == nil {
			t.Errorf("%s %s %s: got %s, want an error", v.Region, v.Period, v.Code, got)
		}
	}
}
