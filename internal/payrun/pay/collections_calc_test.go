package pay

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
