package calc

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Gross is the exact sum of the lines in any order.
func TestGrossIsExactSum(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		cents := rapid.SliceOfN(rapid.Int64Range(-1_000_000_00, 1_000_000_00), 0, 20).Draw(t, "cents")
		in := Input{}
		var want int64
		for _, c := range cents {
			in.Earnings = append(in.Earnings, Earning{Amount: payroll.MoneyFromMinor(c)})
			want += c
		}
		if got := in.Gross().MinorUnits(); got != want {
			t.Fatalf("gross %d, want %d", got, want)
		}
	})
}
