package payrun

import (
	"slices"
	"testing"
)

// allocate splits to the cent half up, the remainder on the last non-zero
// weight, so the shares always add up to the total.
func TestAllocate(t *testing.T) {
	for _, c := range []struct {
		total   int64
		weights []int64
		want    []int64
	}{
		{28125, []int64{133469, 10000}, []int64{26165, 1960}}, // 281.25 x 1,334.69 / 1,434.69 = 261.6466 -> 261.65
		{28125, []int64{10000, 133469}, []int64{1960, 26165}}, // 281.25 x 100 / 1,434.69 = 19.6034 -> 19.60
		{16016, []int64{133469, 0}, []int64{16016, 0}},        // one weighted line takes it all
		{100, []int64{1, 1, 1}, []int64{33, 33, 34}},          // 33.33 each, the last the rest
		{1, []int64{1, 1}, []int64{1, 0}},                     // 0.5 rounds half up
		{500, []int64{0, 0}, []int64{0, 0}},                   // nothing to share over
		{-300, []int64{1, 2}, []int64{-100, -200}},            // a negative figure shares the same way
	} {
		if got := allocate(c.total, c.weights); !slices.Equal(got, c.want) {
			t.Errorf("allocate(%d, %v) = %v, want %v", c.total, c.weights, got, c.want)
		}
	}
}
