package employee

import (
	"fmt"
	"testing"
)

// TestRecordDiff: a created record lists the members it has, an update
// the members it changed, a delete the members it had; identifiers and
// derived members are left out, account numbers masked, untagged models
// named by their Go members, and a record that is not a struct is one row.
func TestRecordDiff(t *testing.T) {
	type acct struct {
		ID            int64   `json:"id"`
		EmployeeID    int64   `json:"employeeId"`
		AccountNumber string  `json:"accountNumber"`
		Percentage    *int    `json:"allocatedPercentage"`
		Balance       bool    `json:"allocateBalance"`
		Hidden        string  `json:"-"`
		Rate          float64 // untagged: "rate"
	}
	sixty := 60
	a := acct{ID: 7, EmployeeID: 3, AccountNumber: "12345678", Percentage: &sixty, Hidden: "x"}
	b := a
	b.AccountNumber, b.Percentage, b.Rate = "87654321", nil, 1.5
	for _, c := range []struct {
		name          string
		before, after any
		want          string
	}{
		{"create", nil, a, "[{S k[7].accountNumber  *****678} {S k[7].allocatedPercentage  60}]"},
		{"update", &a, b, "[{S k[7].accountNumber *****678 *****321} {S k[7].allocatedPercentage 60 } {S k[7].rate 0 1.5}]"},
		{"delete", b, (*acct)(nil), "[{S k[7].accountNumber *****321 } {S k[7].rate 1.5 }]"},
		{"no change", a, &a, "[]"},
		{"not a struct", "old", "new", "[{S k[7] old new}]"},
		{"nothing", nil, nil, "[]"},
	} {
		got := recordDiff("S", "k", 7, c.before, c.after)
		if s := fmt.Sprint(got); s != c.want && !(c.want == "[]" && len(got) == 0) {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
	}
}
