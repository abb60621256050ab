package award

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// The shipped award library: one rule set per award, as data
// (library/<code>.json); docs/reference/awards.md gives every figure's
// source.
//
//go:embed library/*.json
var libraryFS embed.FS

var (
	libraryOnce sync.Once
	library     []*RuleSet
	libraryErr  error
)

// Library returns the shipped rule sets, by award code. They are shared:
// callers must not modify them.
func Library() ([]*RuleSet, error) {
	libraryOnce.Do(func() {
		entries, err := libraryFS.ReadDir("library")
		if err != nil {
			libraryErr = err
			return
		}
		for _, e := range entries {
			b, err := libraryFS.ReadFile("library/" + e.Name())
			if err != nil {
				libraryErr = err
				return
			}
			rs, err := ParseRuleSet(b)
			if err != nil {
				libraryErr = fmt.Errorf("%s: %w", e.Name(), err)
				return
			}
			library = append(library, rs)
		}
		sort.Slice(library, func(i, j int) bool { return library[i].Key < library[j].Key })
	})
	return library, libraryErr
}

// LibraryRuleSet returns the shipped rule set of an award code.
func LibraryRuleSet(code string) (*RuleSet, bool) {
	all, err := Library()
	if err != nil {
		return nil, false
	}
	for _, rs := range all {
		if strings.EqualFold(rs.Key, code) {
			return rs, true
		}
	}
	return nil, false
}

// LibraryJSON is the shipped JSON of an award code (what installing it
// stores).
func LibraryJSON(code string) ([]byte, bool) {
	b, err := libraryFS.ReadFile("library/" + strings.ToLower(code) + ".json")
	return b, err == nil
}
