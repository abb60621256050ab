package p11d

import "testing"

// TestCarPercentage: appropriate percentages by ITEPA 2003 s.139 (the
// 2022/23-2024/25 table: 0 g/km 2%; 1-50 g/km by electric range 2/5/8/12/14%;
// 51-54 g/km 15%, +1 point per 5 g/km, 37% cap); from 2025/26 bands under
// 75 g/km one point higher a year (21% at most), the others one point
// higher from 2025/26 and then frozen; diesel not meeting RDE2 +4 points.
// Expected values are HMRC's published ready reckoner columns (480
// Appendix 2; 2025/26-2027/28 as fleet tax tables print them).
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
		{2026, 150, 0, "Other", 36},  // 150-154: 35% in 2024/25, +1 in 2025/26, frozen
		{2026, 140, 0, "Diesel", 37}, // 34% + 4, capped
		{2026, 70, 0, "Other", 21},   // 70-74: 19% + 2
		{2026, 75, 0, "Other", 21},   // 75-79: 20% + 1, frozen
		{2026, 82, 0, "Other", 22},   // 80-84: 21% + 1, frozen
		{2027, 0, 0, "Electric", 5},
		{2027, 45, 135, "Other", 5}, // range 130+: 2% + 3
		{2027, 45, 10, "Other", 17}, // range under 30: 14% + 3
		{2027, 72, 0, "Other", 21},  // 70-74: 19% + 3, capped at 21%
		{2027, 67, 0, "Other", 21},  // 65-69: 18% + 3
		{2027, 100, 0, "Other", 26}, // 100-104: 25% + 1, frozen
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
