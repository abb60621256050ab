package record

import (
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Small helpers the domain packages share.

// IDName is a {id, name} pair (a document's groups and locations).
type IDName struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Canonical finds s in list case-insensitively, or by its display name
// ("Full Time" for FullTime), and returns its spelling there.
func Canonical(list []string, s string) (string, bool) {
	return payroll.CanonicalEnum(list, s)
}

// isDigits reports whether s is one or more decimal digits.
func IsDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

func WithDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func Deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
