package main

import (
	"slices"
	"testing"
)

// The web hook worker and the command line's supervision start goroutines
// and must be raced; the pure tax calculation shares nothing and need not.
func TestFindReadsTheSource(t *testing.T) {
	t.Chdir("../..")
	got, err := find("internal")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"internal/webhook", "internal/cli", "internal/ratelimit"} {
		if !slices.Contains(got, module+"/"+want) {
			t.Errorf("%s missing from %v", want, got)
		}
	}
	if slices.Contains(got, module+"/internal/calc/au") {
		t.Errorf("internal/calc/au listed, but it starts no goroutine and imports no sync: %v", got)
	}
}
