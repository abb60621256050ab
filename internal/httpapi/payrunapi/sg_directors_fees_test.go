package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SG director's fees: whether CPF is due depends on whether the fee is
// wages under the CPF Act (s 2: remuneration "due or granted to a person
// in respect of his employment"); the CPF Board's rule was not found
// (docs/reference/sg-cpf-aw-ceiling.md, "Director's fees"), so a line of a
// pay category classified DirectorsFees is refused with a message naming
// what is missing, and the run cannot be finalised. Before: the fee took
// CPF as an ordinary wage without a word (Dan is 56: 34% × 2,000 = 680,
// employee 18% = 360, employer 320).
func TestSGDirectorsFeesRefused(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		fee := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Director's fee", "rateUnit": "Fixed",
			"paymentSummaryClassification": "DirectorsFees"}).Expect(t, 200).Map(t)["id"]))
		dan := e.employee(t, "Dan", "Monthly", map[string]any{"rate": 0, "rateUnit": "Monthly", "hoursPerWeek": 0,
			"dateOfBirth": "1970-03-03T00:00:00", "startDate": "2020-01-01T00:00:00"})
		P := e.sgRunPaidOn(t, "2026-11-30", "2026-11-30")
		e.pay(t, P, dan, fee, 2000)
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, dan), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(dan)].(map[string]any)
		if w, _ := tot["warning"].(string); !strings.Contains(w, "director's fees") || !strings.Contains(w, "CPF") {
			t.Errorf("Dan's pay: warning %q, want the director's fees refusal (%v)", w, tot)
		}
		expectAmount(t, "Dan CPF employee", tot["cpfEmployeeContributionAmount"], 0)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 409)
	})
}
