package p11d

import (
	"fmt"
)

// CarPercentage is the appropriate percentage of a car (ITEPA 2003
// s.139, as amended by Finance Act 2020 for tax years 2022/23 to
// 2027/28) for tax year y (starting year), by approved CO2 emissions in
// g/km and, for 1-50 g/km, the zero-emission mileage. Diesel cars not
// meeting the RDE2 (Euro 6d) standard add 4 points. The maximum is 37%.
// 2025/26 and 2026/27 raise every band below the maximum by one point a
// year over 2022/23-2024/25.
func CarPercentage(y, co2, zeroEmissionMiles int, fuelType string) (int, error) {
	if y < 2022 || y > 2027 {
		return 0, fmt.Errorf("car benefit percentages are known for tax years 2022/23 to 2027/28, not %d", y)
	}
	bump := 0
	if y > 2024 {
		bump = y - 2024
	}
	var pct int
	switch {
	case co2 <= 0:
		pct = 2
	case co2 <= 50:
		switch m := zeroEmissionMiles; {
		case m >= 130:
			pct = 2
		case m >= 70:
			pct = 5
		case m >= 40:
			pct = 8
		case m >= 30:
			pct = 12
		default:
			pct = 14
		}
	default:
		pct = 15 + (co2-50)/5
	}
	pct += bump
	if fuelType == "Diesel" {
		pct += 4
	}
	return min(pct, 37), nil
}
