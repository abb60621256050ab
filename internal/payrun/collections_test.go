package payrun

import (
	"testing"

	"github.com/payrolld/payrolld/internal/store"
)

func adj(kind, subtype string, amount int64) line {
	return line{PayRunLine: store.PayRunLine{Kind: kind, Subtype: subtype, Amount: amount}}
}

// The hooks compute calls for the collections it does not know: which
// figure each kind moves.
func TestCollectionHooks(t *testing.T) {
	cases := []struct {
		name string
		line line
		want figures // the change from zero figures
	}{
		{"salary sacrifice super: pre-tax and super", adj(KindSuperAdjustment, "SalarySacrifice", 5000), figures{preTax: 5000, super: 5000}},
		{"member voluntary super: post-tax and super", adj(KindSuperAdjustment, "MemberVoluntary", 1000), figures{postTax: 1000, super: 1000}},
		{"employer super: super only", adj(KindSuperAdjustment, "SuperGuarantee", 1234), figures{super: 1234}},
		{"negative super adjustment", adj(KindSuperAdjustment, "EmployerContribution", -200), figures{super: -200}},
		{"SDL adjustment", adj(KindSDLAdjustment, "", 125), figures{sdl: 125}},
		{"employee voluntary CPF is withheld", adj(KindVoluntaryCPF, "Employee", 1000), figures{cpfEE: 1000}},
		{"employer voluntary CPF", adj(KindVoluntaryCPF, "Employer", 700), figures{cpfER: 700}},
		{"leave carries no money", line{PayRunLine: store.PayRunLine{Kind: KindLeave, Subtype: "LeaveAccrued", Units: "2.92"}}, figures{}},
		{"benefits carry no money", adj(KindBenefit, "", 900), figures{}},
		{"HMRC adjustments carry no money", adj(KindHMRCAdjustment, "", 900), figures{}},
	}
	for _, c := range cases {
		var f figures
		collectionsBeforeTax([]line{c.line}, &f)
		collectionsAfterTax([]line{c.line}, &f)
		if f != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, f, c.want)
		}
	}
	// Pre-tax changes come before tax, the rest after: one hook moves
	// nothing the other one does.
	var before figures
	collectionsBeforeTax([]line{adj(KindSuperAdjustment, "SalarySacrifice", 5000), adj(KindSDLAdjustment, "", 1)}, &before)
	if before != (figures{preTax: 5000}) {
		t.Errorf("before tax: %+v", before)
	}
}

func TestCanonicalSubtype(t *testing.T) {
	for _, c := range []struct {
		kind, in, want string
		ok             bool
	}{
		{KindLeave, "", "LeaveAccrued", true},
		{KindLeave, "leavetaken", "LeaveTaken", true},
		{KindLeave, "Holiday", "", false},
		{KindSuperAdjustment, "", "SuperGuarantee", true},
		{KindSuperAdjustment, "SALARYSACRIFICE", "SalarySacrifice", true},
		{KindVoluntaryCPF, "", "Employee", true},
		{KindTaxAdjustment, "anything", "", true},
		{KindExpense, " GST ", "GST", true},
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
