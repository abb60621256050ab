package cli_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// nodesOn starts two apps, each with its own connection pool, on one fresh
// database of engine e: a PostgreSQL schema, or a SQLite file both open
// (WAL lets two writers' pools share it; each takes the write lock with
// BEGIN IMMEDIATE). It returns them with a handle to read the database.
func nodesOn(t *testing.T, e db.Dialect) (a, b *testkit.Server, read *db.DB) {
	t.Helper()
	ctx := context.Background()
	dsn := filepath.Join(t.TempDir(), "race.db")
	if e == db.Postgres {
		dsn = testkit.FreshPostgresURL(t)
	}
	var nodes [2]*testkit.Server
	var dbs [2]*db.DB
	for i := range nodes {
		d, err := db.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if i == 0 {
			if _, err := d.Migrate(ctx, db.MigrateOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		dbs[i] = d
		nodes[i] = testkit.NewServer(t, d)
	}
	return nodes[0], nodes[1], dbs[0]
}

// race sends two requests at once (after a common start) and returns
// their statuses and bodies.
func race(t *testing.T, one, two func() (int, []byte, error)) (int, int, [2][]byte) {
	t.Helper()
	var st [2]int
	var body [2][]byte
	var errs [2]error
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, fn := range []func() (int, []byte, error){one, two} {
		wg.Go(func() {
			<-start
			st[i], body[i], errs[i] = fn()
		})
	}
	close(start)
	wg.Wait()
	for i := range errs {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if st[i] != http.StatusOK && st[i] != http.StatusConflict {
			t.Fatalf("racer %d answered %d %s", i, st[i], body[i])
		}
	}
	return st[0], st[1], body
}

// Two nodes (two apps with their own pools on one database)
// race over the same pay run, round after round. Of two finalises exactly
// one is a 200 and the other a 409; unlock against finalise and approval
// against finalise end in a state one of the two serial orders gives; two
// creations with one externalId make one run; a recalculation against a
// finalise leaves the finalised figures of the order that happened (new
// pay rate iff the recalculation answered 200). After every race the run's
// effects (state, audit, leave ledger, web hook events, published pay
// slips, recurring deduction totals, pay history) are there exactly once
// per successful finalise. On PostgreSQL, and on SQLite where both nodes
// share the file.
func TestTwoNodesRaceFinalise(t *testing.T) {
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.Copy(io.Discard, r.Body) }))
	t.Cleanup(hook.Close)
	for _, e := range testkit.Engines() {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			a, b, d := nodesOn(t, e)
			f := newFinaliseFixture(t, a.URL, a.AdminKey, 4, hook.URL)
			nodes := [2]*apiClient{f.c, newAPIClient(b.URL, f.c.key)}
			outcomes := map[string]int{}
			for k := range rounds {
				// Alternate which node sends which request.
				x, y := nodes[k%2], nodes[1-k%2]

				// Two creations with one externalId: one run, both answers it.
				s1, s2, bodies := race(t, func() (int, []byte, error) { return x.do("POST", f.B+"/payrun", f.createBody(k)) },
					func() (int, []byte, error) { return y.do("POST", f.B+"/payrun", f.createBody(k)) })
				if s1 != 200 || s2 != 200 {
					t.Fatalf("round %d: creations with one externalId answered %d and %d, want 200 twice: %s | %s", k, s1, s2, bodies[0], bodies[1])
				}
				var runs [2]struct {
					ID int64 `json:"id"`
				}
				for i := range runs {
					if err := json.Unmarshal(bodies[i], &runs[i]); err != nil {
						t.Fatal(err)
					}
				}
				var n, run int64
				if err := d.R.QueryRow(`SELECT COUNT(*), MIN(id) FROM pay_runs WHERE business_id = $1 AND external_id = $2`, f.biz, fmt.Sprintf("RUN-%d", k)).Scan(&n, &run); err != nil {
					t.Fatal(err)
				}
				if n != 1 || runs[0].ID != run || runs[1].ID != run {
					t.Fatalf("round %d: creations with one externalId answered runs %d and %d; %d stored (first %d)", k, runs[0].ID, runs[1].ID, n, run)
				}
				P := fmt.Sprintf("%s/payrun/%d", f.B, run)
				post := func(c *apiClient, path string, body any) func() (int, []byte, error) {
					return func() (int, []byte, error) { return c.do("POST", P+path, body) }
				}
				var finalised, unlocked int64

				// Recalculation against finalise of the draft, after the
				// first employee's rate changed from the period's start: the
				// finalise always succeeds, and the finalised figures are the
				// new rate's exactly when the recalculation came first (38 h
				// at the rate; never a recalculation that answered 200 but
				// whose figures the finalised run lacks).
				emp := f.employees[0]
				oldRate, newRate := 30+k, 31+k // the fixture's first employee starts at 30
				start := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*k).Format("2006-01-02T15:04:05")
				f.c.must(t, "POST", fmt.Sprintf("%s/employee/%d/payrateschedule", f.B, emp), map[string]any{"rate": newRate, "rateUnit": "Hourly",
					"commencementDate": start}, nil)
				s1, s2, _ = race(t, post(x, "/recalculate", nil), post(y, "/finalise", finaliseBody))
				if s2 != 200 {
					t.Fatalf("round %d: finalise of a draft racing a recalculation answered %d", k, s2)
				}
				finalised++
				f.checkRun(t, d, run, finalised, unlocked)
				var tot struct {
					PayRunTotals map[string]struct {
						GrossEarnings float64 `json:"grossEarnings"`
					} `json:"payRunTotals"`
				}
				f.c.must(t, "GET", fmt.Sprintf("%s/totals/%d", P, emp), nil, &tot)
				want := map[int]float64{200: float64(38 * newRate), 409: float64(38 * oldRate)}[s1]
				if got := tot.PayRunTotals[fmt.Sprint(emp)].GrossEarnings; got != want {
					t.Fatalf("round %d: recalculation answered %d, finalised gross %v, want %v", k, s1, got, want)
				}
				outcomes[map[int]string{200: "recalculation then finalise", 409: "finalise, recalculation refused"}[s1]]++
				f.c.must(t, "POST", P+"/unlock", map[string]any{"comments": "again"}, nil)
				unlocked++

				// Finalise against finalise: one 200, one 409.
				s1, s2, _ = race(t, post(x, "/finalise", finaliseBody), post(y, "/finalise", finaliseBody))
				if s1+s2 != 200+409 {
					t.Fatalf("round %d: two finalises answered %d and %d, want one 200 and one 409", k, s1, s2)
				}
				finalised++
				f.checkRun(t, d, run, finalised, unlocked)

				// Unlock against finalise of the finalised run: the unlock
				// always succeeds; the finalise succeeds only after it.
				s1, s2, _ = race(t, post(x, "/unlock", map[string]any{"comments": "race"}), post(y, "/finalise", finaliseBody))
				if s1 != 200 {
					t.Fatalf("round %d: unlock of a finalised run racing a finalise answered %d", k, s1)
				}
				unlocked++
				if s2 == 200 {
					finalised++
					outcomes["unlock then finalise"]++
				} else {
					outcomes["finalise refused, then unlock"]++
				}
				f.checkRun(t, d, run, finalised, unlocked)
				if finalised > unlocked {
					f.c.must(t, "POST", P+"/unlock", map[string]any{"comments": "again"}, nil)
					unlocked++
				}

				// Approval start against finalise of the draft: the finalise
				// always succeeds; the approval is stored only if it came first.
				s1, s2, _ = race(t, post(x, "/approval/start", nil), post(y, "/finalise", finaliseBody))
				if s2 != 200 {
					t.Fatalf("round %d: finalise of a draft racing an approval start answered %d", k, s2)
				}
				finalised++
				eff := f.checkRun(t, d, run, finalised, unlocked)
				if want := map[int]int64{200: 1, 409: 0}[s1]; eff.approvals != want {
					t.Fatalf("round %d: approval start answered %d but %d approvals are stored", k, s1, eff.approvals)
				}
				outcomes[map[int]string{200: "approval then finalise", 409: "finalise, approval refused"}[s1]]++
				f.checkTotals(t, k+1)
			}
			t.Logf("%d rounds on %s: %v", rounds, e, outcomes)
		})
	}
}
