package payroll

import (
	"net/mail"
	"strings"
)

// ValidEmail reports whether s is a single plain email address
// ("name@example.com", no display name) with a dotted domain.
func ValidEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return strings.Contains(s[at+1:], ".")
}
