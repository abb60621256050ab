package filing_test

import (
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestIRASAISRefused: the IRAS AIS return is not built (its layout was not
// found, docs/reference/sg-iras-ais.md); the operation checks the request,
// then refuses with a 409 that names the note, and stores nothing.
func TestIRASAISRefused(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "SG")
		F := b.B + "/filing/irasais"
		_, auB := b.AddBusiness("Alice AU", "AU")
		for _, c := range []struct {
			name, path, who string
			body            map[string]any
			status          int
			field           string
		}{
			{"before 2000", F, b.Key, map[string]any{"basisYear": 1999}, 400, "basisYear"},
			{"a year not started (the test clock is 2026)", F, b.Key, map[string]any{"basisYear": 2027}, 400, "basisYear"},
			{"another region", auB + "/filing/irasais", b.Key, map[string]any{"basisYear": 2026}, 400, "region"},
			{"another tenant", F, b.OtherKey, map[string]any{"basisYear": 2026}, 404, ""},
			{"the return itself", F, b.Key, map[string]any{"basisYear": 2026}, 409, ""},
		} {
			r := b.Do("POST", c.path, c.who, c.body)
			testkit.ExpectProblem(t, r, c.status, c.field)
			if c.name == "the return itself" && !strings.Contains(string(r.Body), "docs/reference/sg-iras-ais.md") {
				t.Errorf("the refusal does not name the note: %s", r.Body)
			}
		}
		var p filing.Page
		b.Do("GET", b.B+"/filing", b.Key, nil).Expect(t, 200).JSON(t, &p)
		if p.ItemCount != 0 {
			t.Fatalf("stored %+v", p)
		}
	})
}
