package payrun

import (
	"testing"

	"github.com/payrolld/payrolld/internal/payrun/pay"
)

func TestCanonicalSubtype(t *testing.T) {
	for _, c := range []struct {
		kind, in, want string
		ok             bool
	}{
		{pay.KindLeave, "", "LeaveAccrued", true},
		{pay.KindLeave, "leavetaken", "LeaveTaken", true},
		{pay.KindLeave, "Holiday", "", false},
		{pay.KindSuperAdjustment, "", "SuperGuarantee", true},
		{pay.KindSuperAdjustment, "SALARYSACRIFICE", "SalarySacrifice", true},
		{pay.KindVoluntaryCPF, "", "Employee", true},
		{pay.KindTaxAdjustment, "anything", "", true},
		{pay.KindExpense, " GST ", "GST", true},
	} {
		got, ok := canonicalSubtype(c.kind, c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("canonicalSubtype(%s, %q) = %q, %v; want %q, %v", c.kind, c.in, got, ok, c.want, c.ok)
		}
	}
}

// solveGross on step functions shaped like rounded tax.
func TestSolveGross(t *testing.T) {
	// 10% tax taken in whole dollars (rounded down) on each whole dollar:
	// net is reachable to the cent.
	dollarTax := func(g int64) int64 { return g - (g/100)*10 }
	// A net that jumps two cents a cent: odd targets are unreachable.
	double := func(g int64) int64 { return 2 * g }
	// Tax jumps by a dollar at 1,000.00: nets from 900.00 to 999.99 are
	// reached twice; the smaller gross wins.
	jump := func(g int64) int64 {
		if g >= 100000 {
			return g - 100
		}
		return g
	}
	for _, c := range []struct {
		name   string
		net    func(int64) int64
		target int64
		want   int64
	}{
		{"exact", dollarTax, 90000, 99990},
		{"exact mid-dollar", dollarTax, 90055, 100055},
		{"unreachable: smallest above", double, 5, 3},
		{"reached twice: smaller gross", jump, 99950, 99950},
		{"only after the jump", jump, 100000, 100100},
	} {
		got, err := solveGross(c.net, c.target)
		if err != nil || got != c.want {
			t.Errorf("%s: %d, %v; want %d", c.name, got, err, c.want)
		}
		if c.net(got) < c.target {
			t.Errorf("%s: net %d below target", c.name, c.net(got))
		}
	}
}
