package cli_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Every read-check-write over shared state, raced from two nodes (two apps
// with their own pools on one database: a PostgreSQL schema, or one SQLite
// file) round after round. Each case names the rule the check protects;
// after every round the rule must hold in the database, whichever request
// won. The cases:
//
//   - leave balance: two auto-approved requests that each fit a balance
//     that may not go negative, but not both (and a pending request's
//     hours raised against a new request);
//   - business access: two revocations of the business's two unrestricted
//     users (one must stay);
//   - kiosk PIN: wrong guesses in parallel (at most the allowance is
//     checked before the lock);
//   - super funds: two funds added at once (both kept, or one refused);
//   - pay rate template: deleted while an employee is assigned it;
//   - kiosk: deleted while an employee clocks on at it;
//   - UK subcontractor UTR: two subcontractors with one UTR;
//   - and the state transitions made safe earlier, checked the same way:
//     leave decisions, timesheet review, clocking on and off, expense
//     decisions, roster swaps.
//
// Finalise, unlock, recalculate and create of pay runs race in
// finalise_race_test.go, unique names in multinode_test.go.

// trials is how many rounds each case races: 100 (the bar), 10
// under -short. Under -race, 20: the README's command has raced every case
// 100 times for the database's interleavings, and the detector needs only
// the concurrent paths run, not the count (the file took ~300 s of CI's
// race step at 100).
func trials() int {
	switch {
	case testing.Short():
		return 10
	case raceDetector:
		return 20
	}
	return 100
}

// raceAll runs the requests at once (after a common start) and returns
// their statuses and bodies; a transport error fails the test.
func raceAll(t *testing.T, reqs ...func() (int, []byte, error)) ([]int, [][]byte) {
	t.Helper()
	st := make([]int, len(reqs))
	bodies := make([][]byte, len(reqs))
	errs := make([]error, len(reqs))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, fn := range reqs {
		wg.Go(func() {
			<-start
			st[i], bodies[i], errs[i] = fn()
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("racer %d: %v", i, err)
		}
	}
	return st, bodies
}

// expectStatuses fails unless every status is one of allowed (a 5xx or
// an unexpected 4xx is a bug, not a lost race).
func expectStatuses(t *testing.T, round int, st []int, bodies [][]byte, allowed ...int) {
	t.Helper()
	for i, s := range st {
		ok := false
		for _, a := range allowed {
			ok = ok || s == a
		}
		if !ok {
			t.Fatalf("round %d: racer %d answered %d %s (allowed %v)", round, i, s, bodies[i], allowed)
		}
	}
}

func count(st []int, status int) int {
	n := 0
	for _, s := range st {
		if s == status {
			n++
		}
	}
	return n
}

// raceEnv is one engine's two nodes and a business on them: nodes are the
// business owner's clients of each node, admins the system
// administrator's.
type raceEnv struct {
	nodes, admins [2]*apiClient
	d             *db.DB
	B             string
	biz           int64
}

func newRaceEnv(t *testing.T, e db.Dialect, region string) *raceEnv {
	t.Helper()
	a, b, d := nodesOn(t, e)
	admin := newAPIClient(a.URL, a.AdminKey)
	var user struct {
		APIKey string `json:"apiKey"`
	}
	admin.must(t, "POST", "/api/v2/user", map[string]any{"username": "owner@example.com", "displayName": "Owner", "email": "owner@example.com"}, &user)
	env := &raceEnv{nodes: [2]*apiClient{newAPIClient(a.URL, user.APIKey), newAPIClient(b.URL, user.APIKey)},
		admins: [2]*apiClient{admin, newAPIClient(b.URL, a.AdminKey)}, d: d}
	env.biz = env.nodes[0].id(t, "POST", "/api/v2/business?setupDefaultData=false", map[string]any{"name": "Race Co", "region": region})
	env.B = fmt.Sprintf("/api/v2/business/%d", env.biz)
	return env
}

// on returns the client of node k%2, so rounds alternate which node sends
// which request.
func (r *raceEnv) on(k int) *apiClient { return r.nodes[k%2] }

// adminOn is on for the system administrator.
func (r *raceEnv) adminOn(k int) *apiClient { return r.admins[k%2] }

func (r *raceEnv) employee(t *testing.T, first string) int64 {
	t.Helper()
	return r.nodes[0].id(t, "POST", r.B+"/employee/unstructured?matchType=None", map[string]any{"firstName": first, "surname": "Racer",
		"startDate": "2025-07-01T00:00:00", "hoursPerWeek": 38})
}

func scalar[T any](t *testing.T, d *db.DB, query string, args ...any) T {
	t.Helper()
	var v T
	if err := d.R.QueryRow(query, args...).Scan(&v); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return v
}

func TestTwoNodesRaceLeaveBalance(t *testing.T) {
	for _, e := range testkit.Engines() {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			r := newRaceEnv(t, e, "AU")
			c := r.nodes[0]
			unpaid := c.id(t, "POST", r.B+"/leavecategory", map[string]any{"name": "Unpaid Leave", "isBalanceUntracked": true})
			strict := c.id(t, "POST", r.B+"/leavecategory", map[string]any{"name": "Annual Strict", "preventNegativeBalanceUnpaidLeaveCategoryId": unpaid})
			emp := r.employee(t, "Lena")
			E := fmt.Sprintf("%s/employee/%d", r.B, emp)
			c.must(t, "POST", E+"/openingbalances", map[string]any{"leaveBalances": []any{map[string]any{"leaveCategoryId": strict, "amount": 40}}}, nil)
			ask := func(hours float64, auto bool) map[string]any {
				return map[string]any{"leaveCategoryId": strict, "fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-11T00:00:00",
					"hours": hours, "automaticallyApprove": auto}
			}
			committed := func() float64 {
				return float64(scalar[int64](t, r.d, `SELECT COALESCE(SUM(hours_e6), 0) FROM leave_requests
					WHERE employee_id = $1 AND leave_category_id = $2 AND status IN ('Pending', 'Approved')`, emp, strict)) / 1e6
			}
			cancelAll := func() {
				rows, err := r.d.R.Query(`SELECT id FROM leave_requests WHERE employee_id = $1 AND status IN ('Pending', 'Approved')`, emp)
				if err != nil {
					t.Fatal(err)
				}
				var ids []int64
				for rows.Next() {
					var id int64
					if err := rows.Scan(&id); err != nil {
						t.Fatal(err)
					}
					ids = append(ids, id)
				}
				rows.Close()
				for _, id := range ids {
					c.must(t, "DELETE", fmt.Sprintf("%s/leaverequest/%d", E, id), nil, nil)
				}
			}
			overdrawn := 0
			for k := range trials() {
				// Two auto-approved 30 h requests against 40 h.
				st, bodies := raceAll(t,
					func() (int, []byte, error) { return r.on(k).do("POST", E+"/leaverequest", ask(30, true)) },
					func() (int, []byte, error) { return r.on(k+1).do("POST", E+"/leaverequest", ask(30, true)) })
				expectStatuses(t, k, st, bodies, http.StatusOK, http.StatusBadRequest)
				if count(st, http.StatusOK) != 1 {
					t.Errorf("round %d: two 30 h requests against 40 h answered %v: %s | %s", k, st, bodies[0], bodies[1])
				}
				if committed() > 40 {
					overdrawn++
				}
				cancelAll()

				// A pending request raised to 30 h against a new 30 h request.
				var pending struct {
					ID int64 `json:"id"`
				}
				c.must(t, "POST", E+"/leaverequest", ask(5, false), &pending)
				st, bodies = raceAll(t,
					func() (int, []byte, error) {
						return r.on(k).do("PUT", fmt.Sprintf("%s/leaverequest/%d", E, pending.ID), map[string]any{"hours": 30})
					},
					func() (int, []byte, error) { return r.on(k+1).do("POST", E+"/leaverequest", ask(30, true)) })
				expectStatuses(t, k, st, bodies, http.StatusOK, http.StatusBadRequest)
				if committed() > 40 {
					overdrawn++
					t.Errorf("round %d: raise and create answered %v and committed %v h of 40", k, st, committed())
				}
				cancelAll()
			}
			if overdrawn > 0 {
				t.Fatalf("%d of %d rounds overdrew a balance that may not go negative", overdrawn, 2*trials())
			}
		})
	}
}

// eachEngineNodes runs fn per engine (in parallel) on two fresh nodes and
// a business of region on them.
func eachEngineNodes(t *testing.T, region string, fn func(t *testing.T, r *raceEnv)) {
	for _, e := range testkit.Engines() {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			fn(t, newRaceEnv(t, e, region))
		})
	}
}

// The business must keep one user with unrestricted access: of two
// revocations of its two unrestricted users, one wins and one is a 409.
func TestTwoNodesRaceLastUnrestrictedUser(t *testing.T) {
	eachEngineNodes(t, "AU", func(t *testing.T, r *raceEnv) {
		sys := r.admins[0]
		sys.must(t, "POST", "/api/v2/user", map[string]any{"username": "second@example.com", "displayName": "Second", "email": "second@example.com"}, nil)
		emails := []string{"owner@example.com", "second@example.com"}
		unrestricted := func() int64 {
			return scalar[int64](t, r.d, `SELECT COUNT(*) FROM business_access WHERE business_id = $1 AND access_type = 'Unrestricted'`, r.biz)
		}
		for k := range trials() {
			for _, e := range emails { // both unrestricted again (as the system administrator)
				sys.must(t, "POST", r.B+"/access", map[string]any{"email": e, "accessType": "Unrestricted"}, nil)
			}
			st, bodies := raceAll(t,
				func() (int, []byte, error) { return r.adminOn(k).do("DELETE", r.B+"/access?email="+emails[0], nil) },
				func() (int, []byte, error) { return r.adminOn(k+1).do("DELETE", r.B+"/access?email="+emails[1], nil) })
			expectStatuses(t, k, st, bodies, http.StatusOK, http.StatusConflict)
			if n := unrestricted(); n != 1 || count(st, http.StatusOK) != 1 {
				t.Fatalf("round %d: revocations answered %v and left %d unrestricted users, want one 200 and one left: %s | %s", k, st, n, bodies[0], bodies[1])
			}
		}
	})
}

// Wrong kiosk PINs sent at once: each is counted before its hash is
// checked, so at most MaxPinFailures (5) of them are checked and the
// count stops at the lock, however many arrive together.
func TestTwoNodesRaceKioskPinGuesses(t *testing.T) {
	eachEngineNodes(t, "AU", func(t *testing.T, r *raceEnv) {
		c := r.nodes[0]
		emp := c.id(t, "POST", r.B+"/employee/unstructured?matchType=None", map[string]any{"firstName": "Pia", "surname": "Racer",
			"startDate": "2025-07-01T00:00:00", "emailAddress": "pia@example.com"})
		kiosk := c.id(t, "POST", r.B+"/kiosk", map[string]any{"name": "Door", "timeZone": "AUS Eastern Standard Time"})
		K := fmt.Sprintf("%s/kiosk/%d", r.B, kiosk)
		c.must(t, "POST", fmt.Sprintf("%s/employee/grantkioskaccess/%d", r.B, emp), nil, nil)
		const guesses = 12
		rounds := max(trials()/10, 3) // each round checks up to 12 argon2id hashes
		for k := range rounds {
			// A reset (a temporary PIN, the count and the lock cleared), then
			// the PIN the guesses miss.
			// Both hash a PIN: retried while the other engine's racers keep
			// the process's hashing slots busy (429).
			for _, step := range []struct {
				path string
				body map[string]any
			}{{K + "/emailreset", map[string]any{"employeeId": emp}}, {K + "/changepin", map[string]any{"employeeId": emp, "newPin": "2468"}}} {
				for try := 0; ; try++ {
					st, body, err := c.do("POST", step.path, step.body)
					if err != nil || (st != http.StatusOK && (st != http.StatusTooManyRequests || try == 20)) {
						t.Fatalf("POST %s: %d %s %v", step.path, st, body, err)
					}
					if st == http.StatusOK {
						break
					}
					time.Sleep(100 * time.Millisecond)
				}
			}
			reqs := make([]func() (int, []byte, error), guesses)
			for i := range reqs {
				reqs[i] = func() (int, []byte, error) {
					return r.on(k+i).do("POST", K+"/checkpin", map[string]any{"employeeId": emp, "pin": fmt.Sprintf("%04d", 1000+i)})
				}
			}
			st, bodies := raceAll(t, reqs...)
			// 429: the node was busy hashing and refused the guess before
			// counting it (the machine running the test may be loaded).
			expectStatuses(t, k, st, bodies, http.StatusBadRequest, http.StatusConflict, http.StatusTooManyRequests)
			counted := scalar[int64](t, r.d, `SELECT failed_attempts FROM kiosk_employees WHERE employee_id = $1`, emp)
			reached := int64(count(st, http.StatusBadRequest) + count(st, http.StatusConflict))
			wantCounted := min(reached, 5)
			wantWrong := min(wantCounted, 4) // the fifth wrong guess sets the lock and answers 409
			if wrong := int64(count(st, http.StatusBadRequest)); counted != wantCounted || wrong != wantWrong {
				t.Fatalf("round %d: %d wrong PINs at once (%d not refused as busy): %d counted and %d answered 'not correct'; want %d counted (at most the allowance of 5), %d answered",
					k, guesses, reached, counted, wrong, wantCounted, wantWrong)
			}
		}
	})
}

// Two super funds added at once to an employee with one: both land (in
// slots 2 and 3) or one is refused; never does one overwrite the other.
func TestTwoNodesRaceSuperFundSlots(t *testing.T) {
	eachEngineNodes(t, "AU", func(t *testing.T, r *raceEnv) {
		c := r.nodes[0]
		emp := c.id(t, "POST", r.B+"/employee/unstructured?matchType=None", map[string]any{"firstName": "Sam", "surname": "Racer",
			"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "1"})
		S := fmt.Sprintf("%s/employee/%d/superfund", r.B, emp)
		fund := func(member string) map[string]any {
			return map[string]any{"productCode": "AUS0001AU", "fundName": "AustralianSuper", "memberNumber": member, "allocatedPercentage": 10}
		}
		for k := range trials() {
			st, bodies := raceAll(t,
				func() (int, []byte, error) { return r.on(k).do("POST", S, fund(fmt.Sprintf("A%d", k))) },
				func() (int, []byte, error) { return r.on(k+1).do("POST", S, fund(fmt.Sprintf("B%d", k))) })
			expectStatuses(t, k, st, bodies, http.StatusOK, http.StatusConflict)
			var funds []struct {
				ID           int64  `json:"id"`
				MemberNumber string `json:"memberNumber"`
			}
			c.must(t, "GET", S, nil, &funds)
			if len(funds) != 1+count(st, http.StatusOK) {
				t.Fatalf("round %d: adds answered %v but the employee has %d funds %+v: an add was lost", k, st, len(funds), funds)
			}
			for _, f := range funds {
				if f.ID != 1 {
					c.must(t, "DELETE", fmt.Sprintf("%s/%d", S, f.ID), nil, nil)
				}
			}
		}
	})
}

// A kiosk deleted while an employee clocks on at it: the delete sees the
// open shift (409) or the clock-on finds no kiosk (404), never both 200.
func TestTwoNodesRaceKioskDeleteAndClockOn(t *testing.T) {
	eachEngineNodes(t, "AU", func(t *testing.T, r *raceEnv) {
		c := r.nodes[0]
		emp := r.employee(t, "Kit")
		c.must(t, "POST", fmt.Sprintf("%s/employee/grantkioskaccess/%d", r.B, emp), nil, nil)
		for k := range trials() {
			kiosk := c.id(t, "POST", r.B+"/kiosk", map[string]any{"name": fmt.Sprintf("Kiosk %d", k), "timeZone": "AUS Eastern Standard Time"})
			K := fmt.Sprintf("%s/kiosk/%d", r.B, kiosk)
			st, bodies := raceAll(t,
				func() (int, []byte, error) { return r.on(k).do("DELETE", K, nil) },
				func() (int, []byte, error) {
					return r.on(k+1).do("POST", K+"/clockon", map[string]any{"employeeId": emp})
				})
			expectStatuses(t, k, st, bodies, http.StatusOK, http.StatusConflict, http.StatusNotFound)
			if st[0] == http.StatusOK && st[1] == http.StatusOK {
				t.Fatalf("round %d: the kiosk was deleted while an employee clocked on at it: %s | %s", k, bodies[0], bodies[1])
			}
			orphans := scalar[int64](t, r.d, `SELECT COUNT(*) FROM clock_shifts WHERE employee_id = $1 AND kiosk_id IS NULL AND status IN ('ClockedOn', 'OnBreak')`, emp)
			if orphans != 0 {
				t.Fatalf("round %d: %d open shifts lost their kiosk", k, orphans)
			}
			if st[1] == http.StatusOK { // clock off again, then the kiosk may go
				c.must(t, "POST", K+"/discard", map[string]any{"employeeId": emp}, nil)
			}
		}
	})
}

// Rules a kind checks against its other records: two locations made each
// other's parent at once (a cycle), and two UK subcontractors with one UTR.
func TestTwoNodesRaceRecordRules(t *testing.T) {
	eachEngineNodes(t, "UK", func(t *testing.T, r *raceEnv) {
		c := r.nodes[0]
		for k := range trials() {
			a := c.id(t, "POST", r.B+"/location", map[string]any{"name": fmt.Sprintf("A%d", k)})
			b := c.id(t, "POST", r.B+"/location", map[string]any{"name": fmt.Sprintf("B%d", k)})
			st, bodies := raceAll(t,
				func() (int, []byte, error) {
					return r.on(k).do("PUT", fmt.Sprintf("%s/location/%d", r.B, a), map[string]any{"name": fmt.Sprintf("A%d", k), "parentId": b})
				},
				func() (int, []byte, error) {
					return r.on(k+1).do("PUT", fmt.Sprintf("%s/location/%d", r.B, b), map[string]any{"name": fmt.Sprintf("B%d", k), "parentId": a})
				})
			expectStatuses(t, k, st, bodies, http.StatusOK, http.StatusBadRequest)
			if count(st, http.StatusOK) != 1 {
				t.Fatalf("round %d: making two locations each other's parent answered %v: %s | %s", k, st, bodies[0], bodies[1])
			}

			utr := fmt.Sprintf("9%09d", k)
			sub := func(name string) map[string]any {
				return map[string]any{"businessType": "Company", "tradingName": name, "uniqueTaxpayerReference": utr}
			}
			st, bodies = raceAll(t,
				func() (int, []byte, error) { return r.on(k).do("POST", r.B+"/subcontractor", sub("One")) },
				func() (int, []byte, error) { return r.on(k+1).do("POST", r.B+"/subcontractor", sub("Two")) })
			expectStatuses(t, k, st, bodies, http.StatusOK, http.StatusConflict)
			if n := scalar[int64](t, r.d, `SELECT COUNT(*) FROM records WHERE business_id = $1 AND kind = 'subcontractor' AND external_id = $2`, r.biz, utr); n != 1 || count(st, http.StatusOK) != 1 {
				t.Fatalf("round %d: two subcontractors with UTR %s answered %v and stored %d", k, utr, st, n)
			}
		}
	})
}

// The state transitions made safe by conditional statements and unique
// indexes, raced the same way: one clock-on of an employee (unique open
// shift), one clock-off (one timesheet line), one decision of a leave
// request and of a timesheet line.
func TestTwoNodesRaceStateTransitions(t *testing.T) {
	eachEngineNodes(t, "AU", func(t *testing.T, r *raceEnv) {
		c := r.nodes[0]
		emp := r.employee(t, "Tia")
		E := fmt.Sprintf("%s/employee/%d", r.B, emp)
		kiosk := c.id(t, "POST", r.B+"/kiosk", map[string]any{"name": "Gate", "timeZone": "AUS Eastern Standard Time"})
		K := fmt.Sprintf("%s/kiosk/%d", r.B, kiosk)
		c.must(t, "POST", fmt.Sprintf("%s/employee/grantkioskaccess/%d", r.B, emp), nil, nil)
		leaveCat := c.id(t, "POST", r.B+"/leavecategory", map[string]any{"name": "Annual"})
		// The nodes' clocks stand at 09:00 UTC: shifts start two hours
		// before and end now.
		const clockedOn = "2026-11-02T07:00:00Z"
		one := func(k int, what string, st []int, bodies [][]byte) {
			t.Helper()
			expectStatuses(t, k, st, bodies, http.StatusOK, http.StatusConflict)
			if count(st, http.StatusOK) != 1 {
				t.Fatalf("round %d: %s answered %v: %s | %s", k, what, st, bodies[0], bodies[1])
			}
		}
		for k := range trials() {
			st, bodies := raceAll(t,
				func() (int, []byte, error) {
					return r.on(k).do("POST", K+"/clockon", map[string]any{"employeeId": emp, "recordedTimeUtc": clockedOn})
				},
				func() (int, []byte, error) {
					return r.on(k+1).do("POST", K+"/clockon", map[string]any{"employeeId": emp, "recordedTimeUtc": clockedOn})
				})
			one(k, "two clock-ons", st, bodies)
			lines := func() int64 {
				return scalar[int64](t, r.d, `SELECT COUNT(*) FROM timesheet_lines WHERE employee_id = $1`, emp)
			}
			before := lines()
			st, bodies = raceAll(t,
				func() (int, []byte, error) {
					return r.on(k).do("POST", K+"/clockoff", map[string]any{"employeeId": emp})
				},
				func() (int, []byte, error) {
					return r.on(k+1).do("POST", K+"/clockoff", map[string]any{"employeeId": emp})
				})
			one(k, "two clock-offs", st, bodies)
			if n := lines() - before; n != 1 {
				t.Fatalf("round %d: two clock-offs wrote %d timesheet lines", k, n)
			}

			req := c.id(t, "POST", E+"/leaverequest", map[string]any{"leaveCategoryId": leaveCat, "fromDate": "2026-12-07", "toDate": "2026-12-07", "hours": 1})
			R := fmt.Sprintf("%s/leaverequest/%d", E, req)
			st, bodies = raceAll(t,
				func() (int, []byte, error) { return r.on(k).do("POST", R+"/approve", nil) },
				func() (int, []byte, error) { return r.on(k+1).do("POST", R+"/decline", map[string]any{"reason": "no"}) })
			one(k, "approve and decline of a leave request", st, bodies)

			line := c.id(t, "POST", r.B+"/timesheet", map[string]any{"employeeId": emp, "startTime": "2026-11-03T09:00:00", "endTime": "2026-11-03T10:00:00"})
			T := fmt.Sprintf("%s/manager/%d/timesheet/%d", r.B, emp, line)
			st, bodies = raceAll(t,
				func() (int, []byte, error) { return r.on(k).do("POST", T+"/approve", nil) },
				func() (int, []byte, error) { return r.on(k+1).do("POST", T+"/reject", map[string]any{"reason": "no"}) })
			one(k, "approve and reject of a timesheet line", st, bodies)
		}
	})
}
