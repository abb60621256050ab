package payroll

import "strings"

// tfnPlaceholders are the codes the ATO lets payers report instead of a
// TFN (not quoted, applied for, under 18, pensioner).
var tfnPlaceholders = map[string]bool{"000000000": true, "111111111": true, "333333333": true, "444444444": true}

// ValidTFN applies the tax file number check digit (weights
// 1,4,3,7,5,8,6,9,10; the sum divides by 11) to a 9-digit TFN, spaces
// allowed; the ATO's placeholder codes pass.
func ValidTFN(s string) bool {
	d := strings.ReplaceAll(s, " ", "")
	if len(d) != 9 {
		return false
	}
	for _, r := range d {
		if r < '0' || r > '9' {
			return false
		}
	}
	if tfnPlaceholders[d] {
		return true
	}
	sum := 0
	for i, w := range []int{1, 4, 3, 7, 5, 8, 6, 9, 10} {
		sum += int(d[i]-'0') * w
	}
	return sum%11 == 0
}
