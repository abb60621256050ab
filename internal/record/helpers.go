package record

import (
	"strings"
)

// Small helpers the domain packages share.

// IDName is a {id, name} pair (a document's groups and locations).
type IDName struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// canonical finds s in list case-insensitively and returns its spelling there.
func Canonical(list []string, s string) (string, bool) {
	for _, e := range list {
		if strings.EqualFold(e, strings.TrimSpace(s)) {
			return e, true
		}
	}
	return "", false
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
