package payroll

import "strings"

// EnumKey is the spelling-insensitive form of an enum name: lower case,
// without spaces, hyphens and underscores, so a display name ("Full Time",
// "full-time") finds its value ("FullTime"). Clients of the public API send
// the display names its screens and CSV exports show.
func EnumKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range strings.TrimSpace(s) {
		switch r {
		case ' ', '-', '_':
			continue
		}
		b.WriteString(strings.ToLower(string(r)))
	}
	return b.String()
}

// CanonicalEnum finds s in list by exact case-insensitive match first, then
// by EnumKey; a key two values share matches neither (no guess).
func CanonicalEnum(list []string, s string) (string, bool) {
	t := strings.TrimSpace(s)
	for _, e := range list {
		if strings.EqualFold(e, t) {
			return e, true
		}
	}
	k := EnumKey(t)
	if k == "" {
		return "", false
	}
	found, n := "", 0
	for _, e := range list {
		if EnumKey(e) == k {
			found, n = e, n+1
		}
	}
	if n != 1 {
		return "", false
	}
	return found, true
}
