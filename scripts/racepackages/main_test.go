package main

import (
	"regexp"
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

// The API packages with a concurrent-request test are listed by their
// tests; those without one, and those already raced whole, are not.
func TestWithTestsListsThePackagesThatHaveOne(t *testing.T) {
	t.Chdir("../..")
	whole, err := find("internal")
	if err != nil {
		t.Fatal(err)
	}
	got, err := withTests(regexp.MustCompile("Race|Concurren|TwoNodes"), []string{"internal/httpapi", "internal/locations"}, whole)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"internal/httpapi/payrunapi", "internal/locations"} {
		if !slices.Contains(got, module+"/"+want) {
			t.Errorf("%s missing from %v", want, got)
		}
	}
	for _, not := range []string{"internal/httpapi", "internal/httpapi/reportapi"} {
		if slices.Contains(got, module+"/"+not) {
			t.Errorf("%s listed in %v", not, got)
		}
	}
}
