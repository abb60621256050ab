package p11d

import "testing"

// TestCarPercentage: appropriate percentages by ITEPA 2003 s.139 (the
// 2022/23-2024/25 table: 0 g/km 2%; 1-50 g/km by electric range 2/5/8/12/14%;
// 51-54 g/km 15%, +1 point per 5 g/km, 37% cap), one point higher in
// 2025/26 and two in 2026/27; diesel not meeting RDE2 +4 points.
func TestCarPercentage(t *testing.T) {
	for _, c := range []struct {
		year, co2, miles int
		fuel             string
		want             int
	}{
		{2024, 0, 0, "Electric", 2},
		{2025, 0, 0, "Electric", 3},
		{2026, 0, 0, "Electric", 4},
		{2025, 35, 135, "Other", 3},  // range 130+: 2% + 1
		{2025, 35, 35, "Other", 13},  // range 30-39: 12% + 1
		{2026, 45, 10, "Other", 16},  // range under 30: 14% + 2
		{2026, 51, 0, "Other", 17},   // 51-54: 15% + 2
		{2025, 112, 0, "Other", 28},  // 15 + 62/5 = 27% + 1
		{2025, 112, 0, "Diesel", 32}, // + 4 diesel supplement
		{2025, 112, 0, "DieselMeetingEuroStandards", 28},
		{2024, 160, 0, "Other", 37},
		{2026, 150, 0, "Other", 37}, // 15 + 20 + 2
		{2026, 140, 0, "Diesel", 37},
	} {
		got, err := CarPercentage(c.year, c.co2, c.miles, c.fuel)
		if err != nil || got != c.want {
			t.Errorf("CarPercentage(%d, %d g/km, %d miles, %s) = %d, %v; want %d", c.year, c.co2, c.miles, c.fuel, got, err, c.want)
		}
	}
	if _, err := CarPercentage(2021, 100, 0, "Other"); err == nil {
		t.Error("2021/22 has no table here")
	}
}
