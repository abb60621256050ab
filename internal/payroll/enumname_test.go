package payroll

import "testing"

func TestCanonicalEnum(t *testing.T) {
	list := []string{"FullTime", "PartTime", "Casual", "A_B", "AB"}
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"FullTime", "FullTime", true}, {"fulltime", "FullTime", true}, {"Full Time", "FullTime", true},
		{" full-time ", "FullTime", true}, {"part_time", "PartTime", true}, {"CASUAL", "Casual", true},
		{"Full Timer", "", false}, {"", "", false}, {"-", "", false},
		{"a_b", "A_B", true}, {"A B", "", false}, // exact names first; a shared key matches neither
	} {
		got, ok := CanonicalEnum(list, c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("CanonicalEnum(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
