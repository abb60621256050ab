package bankaccount

import (
	"testing"

	"github.com/payrolld/payrolld/internal/payroll"
)

func TestAllocate(t *testing.T) {
	m := payroll.MustMoney
	pct := func(s string) *payroll.Rate { r := payroll.MustRate(s); return &r }
	amt := func(s string) *payroll.Money { x := m(s); return &x }
	cases := []struct {
		name        string
		net         string
		accts       []Account
		want        []string
		unallocated string
	}{
		// 1000 - 100 fixed = 900; 33.33% of 900 = 299.97; balance 600.03.
		{"fixed, percentage, balance", "1000", []Account{{AllocateBalance: true}, {FixedAmount: amt("100")}, {AllocatedPercentage: pct("33.33")}}, []string{"600.03", "100", "299.97"}, "0"},
		// fixed amounts exceed the pay: the first takes all, nothing left.
		{"fixed beyond net", "50", []Account{{FixedAmount: amt("100")}, {AllocatedPercentage: pct("50")}, {AllocateBalance: true}}, []string{"50", "0", "0"}, "0"},
		// 12.5% of 0.20 = 0.025, half up to 0.03.
		{"rounding half up", "0.20", []Account{{AllocatedPercentage: pct("12.5")}, {AllocateBalance: true}}, []string{"0.03", "0.17"}, "0"},
		// no balance account: 40% placed, 60% unallocated.
		{"no balance", "250", []Account{{AllocatedPercentage: pct("40")}}, []string{"100"}, "150"},
	}
	for _, c := range cases {
		pays, un := Allocate(m(c.net), c.accts)
		for i, p := range pays {
			if !p.Amount.Equal(m(c.want[i])) {
				t.Errorf("%s: account %d gets %s, want %s", c.name, i, p.Amount, c.want[i])
			}
		}
		if !un.Equal(m(c.unallocated)) {
			t.Errorf("%s: unallocated %s, want %s", c.name, un, c.unallocated)
		}
	}
}

func TestWarning(t *testing.T) {
	pct := func(s string) *payroll.Rate { r := payroll.MustRate(s); return &r }
	if Warning(nil) != nil || Warning([]Account{{AllocatedPercentage: pct("100")}}) != nil || Warning([]Account{{AllocatedPercentage: pct("30")}, {AllocateBalance: true}}) != nil {
		t.Fatal("complete allocations warned")
	}
	if Warning([]Account{{AllocatedPercentage: pct("30")}}) == nil || Warning([]Account{{AllocatedPercentage: pct("100")}, {AllocateBalance: true}}) == nil {
		t.Fatal("incomplete allocations did not warn")
	}
}
