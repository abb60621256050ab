package payroll

// ValidABN applies the Australian Business Number checksum: subtract 1 from
// the first digit, weight the digits 10,1,3,5,...,19, and the sum must
// divide by 89. Spaces are allowed between digits.
func ValidABN(s string) bool {
	digits := make([]int, 0, 11)
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits = append(digits, int(r-'0'))
		case r == ' ':
		default:
			return false
		}
	}
	if len(digits) != 11 {
		return false
	}
	weights := [11]int{10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19}
	digits[0]--
	sum := 0
	for i, d := range digits {
		sum += d * weights[i]
	}
	return sum%89 == 0
}
