package p11d

import (
	"fmt"
)

// CarPercentage is the appropriate percentage of a car (ITEPA 2003
// s.139, as amended by Finance Act 2020 and the Autumn Statement 2022 for
// tax years 2022/23 to 2027/28) for tax year y (starting year), by approved
// CO2 emissions in g/km and, for 1-50 g/km, the zero-emission mileage.
//
// The 2022/23-2024/25 table is the base: 0 g/km 2%; 1-50 g/km by range
// 2/5/8/12/14%; 51-54 g/km 15%, one point more per 5 g/km, 37% at most.
// From 2025/26 cars under 75 g/km rise one point a year (to 5% for
// electric cars in 2027/28 and 21% at most for the other ultra-low-emission
// bands); every other band rises one point in 2025/26 only and is then
// frozen (HMRC 480 Appendix 2; e.g. 75-79 g/km is 20%, 21%, 21%, 21% in
// 2024/25-2027/28). Diesel cars not meeting the RDE2 (Euro 6d) standard add
// 4 points. The maximum is 37%.
func CarPercentage(y, co2, zeroEmissionMiles int, fuelType string) (int, error) {
	if y < 2022 || y > 2027 {
		return 0, fmt.Errorf("car benefit percentages are known for tax years 2022/23 to 2027/28, not %d", y)
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
	if rise := y - 2024; rise > 0 {
		if co2 < 75 {
			pct = min(pct+rise, 21)
		} else {
			pct++
		}
	}
	if fuelType == "Diesel" {
		pct += 4
	}
	return min(pct, 37), nil
}
