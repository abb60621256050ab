package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
)

// This file is the fixture of the finalise race and crash tests
// (finalise_race_test.go, finalise_kill_test.go): a plain HTTP client, so
// the same code drives an in-process server and a payrolld process, an AU
// business whose finalise has every kind of effect, and the check that a
// run's effects are all there exactly as often as it was finalised.

// apiClient calls one server with one API key.
type apiClient struct {
	url, key string
	hc       *http.Client
}

func newAPIClient(url, key string) *apiClient {
	return &apiClient{url: url, key: key, hc: &http.Client{Timeout: 60 * time.Second}}
}

// do sends body as JSON and returns the status and the body; err is a
// transport error (a killed server).
func (c *apiClient) do(method, path string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, c.url+path, rd)
	if err != nil {
		return 0, nil, err
	}
	req.SetBasicAuth(c.key, "")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	return res.StatusCode, out, err
}

// must is do that fails the test unless the answer is 200, decoding the
// body into out (when not nil).
func (c *apiClient) must(t testing.TB, method, path string, body, out any) {
	t.Helper()
	st, raw, err := c.do(method, path, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if st != http.StatusOK {
		t.Fatalf("%s %s: %d %s", method, path, st, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, raw)
		}
	}
}

func (c *apiClient) id(t testing.TB, method, path string, body any) int64 {
	t.Helper()
	var r struct {
		ID int64 `json:"id"`
	}
	c.must(t, method, path, body, &r)
	if r.ID == 0 {
		t.Fatalf("%s %s: no id", method, path)
	}
	return r.ID
}

// finaliseFixture is an AU business with a weekly schedule whose employees
// accrue annual leave on their ordinary hours; the first few also have a
// recurring union fee (a running total finalise adds to), and a web hook
// registration receives every event. So a finalise writes the run's state
// and audit, leave ledger entries, inclusion totals, and the
// PayRunFinalised, LeaveEntitlementBalanceUpdated and PaySlipsPublished
// events.
type finaliseFixture struct {
	c          *apiClient
	biz        int64
	B          string
	weekly     int64
	employees  []int64
	deductions map[int64]int64 // employee -> recurring deduction
}

const unionFee = 12.5

// newFinaliseFixture creates a user (as the system administrator adminKey)
// and the business with n employees through the API; hook receives the
// web hook events.
func newFinaliseFixture(t testing.TB, url, adminKey string, n int, hook string) *finaliseFixture {
	t.Helper()
	admin := newAPIClient(url, adminKey)
	var user struct {
		APIKey string `json:"apiKey"`
	}
	admin.must(t, "POST", "/api/v2/user", map[string]any{"username": "race@example.com", "displayName": "Race", "email": "race@example.com"}, &user)
	c := newAPIClient(url, user.APIKey)
	f := &finaliseFixture{c: c, deductions: map[int64]int64{}}
	f.biz = c.id(t, "POST", "/api/v2/business?setupDefaultData=false", map[string]any{"name": "Finalise Co", "region": "AU"})
	f.B = fmt.Sprintf("/api/v2/business/%d", f.biz)
	f.weekly = c.id(t, "POST", f.B+"/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
	c.id(t, "POST", f.B+"/paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly", "accruesLeave": true})
	// 4 weeks a year of 52 weeks of 38 hours: 0.076923 h per hour worked.
	c.id(t, "POST", f.B+"/leavecategory", map[string]any{"name": "Annual Leave", "units": 0.076923, "unitType": "HoursPerHourWorked", "automaticallyAccrues": true})
	union := c.id(t, "POST", f.B+"/deductioncategory", map[string]any{"name": "Union fees"})
	c.id(t, "POST", f.B+"/location", map[string]any{"name": "Sydney"})
	c.must(t, "POST", f.B+"/webhookregistrations", map[string]any{"webHookUri": hook}, nil)
	for i := range n {
		first := fmt.Sprintf("Emp%03d", i)
		var emp struct {
			ID     int64  `json:"id"`
			Status string `json:"status"`
		}
		c.must(t, "POST", f.B+"/employee/unstructured?matchType=None", map[string]any{"firstName": first, "surname": "Race",
			"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "FullTime",
			"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours",
			"rate": 30 + i%20, "rateUnit": "Hourly", "hoursPerWeek": 38, "residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney",
			"residentialState": "NSW", "residentialPostCode": "2000", "bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678",
			"bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100, "primaryLocation": "Sydney",
			"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}, &emp)
		if emp.Status != "Active" {
			t.Fatalf("employee %s is %s", first, emp.Status)
		}
		e := emp.ID
		f.employees = append(f.employees, e)
		if i < 3 {
			f.deductions[e] = c.id(t, "POST", fmt.Sprintf("%s/employee/%d/deduction", f.B, e), map[string]any{"name": "Union", "deductionCategoryId": union,
				"amount": unionFee, "deductionType": "Fixed", "fromDate": "2026-01-01T00:00:00"})
		}
	}
	return f
}

// week is the period ending of the k-th run: Fridays from 27 November
// 2026 (after the employees are created: their pay rates and schedules
// are effective from then).
func week(k int) string {
	return time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*k).Format("2006-01-02T15:04:05")
}

// createRun creates the k-th run (externalId RUN-k) and returns its id.
func (f *finaliseFixture) createRun(t testing.TB, k int) int64 {
	t.Helper()
	return f.c.id(t, "POST", f.B+"/payrun", f.createBody(k))
}

func (f *finaliseFixture) createBody(k int) map[string]any {
	return map[string]any{"payScheduleId": f.weekly, "payPeriodEnding": week(k), "externalId": fmt.Sprintf("RUN-%d", k)}
}

var finaliseBody = map[string]any{"publishPaySlips": "Immediate"}

// runEffects is what the database holds of one run's finalisations.
type runEffects struct {
	status                      string
	finalisedCount              int64
	published                   bool
	auditFinalised, auditUnlock int64
	finalisedEvents             int64 // PayRunFinalised
	publishedEvents             int64 // PaySlipsPublished
	leaveEvents                 int64 // LeaveEntitlementBalanceUpdated (finalise and unlock)
	ledger                      int64 // leave ledger entries the run posted
	approvals                   int64
}

// effectsOf reads them (the event rows name the run in their JSON).
func effectsOf(t testing.TB, d *db.DB, runID int64) runEffects {
	t.Helper()
	ctx := context.Background()
	var e runEffects
	row := d.R.QueryRowContext(ctx, `SELECT status, finalised_count, pay_slips_published FROM pay_runs WHERE id = $1`, runID)
	if err := row.Scan(&e.status, &e.finalisedCount, &e.published); err != nil {
		t.Fatalf("pay run %d: %v", runID, err)
	}
	count := func(dst *int64, query string, args ...any) {
		if err := d.R.QueryRowContext(ctx, query, args...).Scan(dst); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
	}
	count(&e.auditFinalised, `SELECT COUNT(*) FROM pay_run_audit WHERE pay_run_id = $1 AND action = 'Finalised'`, runID)
	count(&e.auditUnlock, `SELECT COUNT(*) FROM pay_run_audit WHERE pay_run_id = $1 AND action = 'Unlocked'`, runID)
	event := fmt.Sprintf(`SELECT COUNT(*) FROM webhook_deliveries WHERE action = $1 AND (LOWER(notifications) LIKE '%%"payrunid":%d,%%' OR LOWER(notifications) LIKE '%%"payrunid":%d}%%')`, runID, runID)
	count(&e.finalisedEvents, event, "PayRunFinalised")
	count(&e.publishedEvents, event, "PaySlipsPublished")
	count(&e.leaveEvents, event, "LeaveEntitlementBalanceUpdated")
	count(&e.ledger, `SELECT COUNT(*) FROM leave_ledger WHERE source_kind = 'PayRun' AND source_id = $1`, runID)
	count(&e.approvals, `SELECT COUNT(*) FROM pay_run_approvals WHERE pay_run_id = $1`, runID)
	return e
}

// checkRun fails unless the run's effects are those of finalised
// finalisations and unlocked unlocks (in turn: finalised ends finalised
// iff finalised = unlocked + 1): every event once per finalisation, the
// leave ledger entries of every employee while finalised and none while
// not.
func (f *finaliseFixture) checkRun(t testing.TB, d *db.DB, runID int64, finalised, unlocked int64) runEffects {
	t.Helper()
	e := effectsOf(t, d, runID)
	isFinal := finalised == unlocked+1
	if finalised != unlocked && !isFinal {
		t.Fatalf("run %d: %d finalisations and %d unlocks cannot both have succeeded", runID, finalised, unlocked)
	}
	wantStatus, wantLedger := "Draft", int64(0)
	if isFinal {
		wantStatus, wantLedger = "Finalised", int64(len(f.employees))
	}
	if e.status != wantStatus || e.finalisedCount != finalised || e.published != isFinal || e.auditFinalised != finalised || e.auditUnlock != unlocked ||
		e.finalisedEvents != finalised || e.publishedEvents != finalised || e.leaveEvents != finalised+unlocked || e.ledger != wantLedger {
		t.Fatalf("run %d after %d finalisations and %d unlocks: %+v; want status %s, ledger %d, every count of finalisations %d",
			runID, finalised, unlocked, e, wantStatus, wantLedger, finalised)
	}
	return e
}

// checkTotals fails unless the year-to-date of the business counts exactly
// the finalised runs: every employee's pay history (GET
// B/employee/{id}/payruntotals) lists them, and each recurring union fee
// has been paid once per finalised run.
func (f *finaliseFixture) checkTotals(t testing.TB, finalisedRuns int) {
	t.Helper()
	for _, e := range []int64{f.employees[0], f.employees[len(f.employees)-1]} {
		var history []map[string]any
		f.c.must(t, "GET", fmt.Sprintf("%s/employee/%d/payruntotals", f.B, e), nil, &history)
		if len(history) != finalisedRuns {
			t.Fatalf("employee %d pay history has %d runs, want the %d finalised", e, len(history), finalisedRuns)
		}
	}
	for e, ded := range f.deductions {
		var d struct {
			TotalAmountPaid float64 `json:"totalAmountPaid"`
		}
		f.c.must(t, "GET", fmt.Sprintf("%s/employee/%d/deduction/%d", f.B, e, ded), nil, &d)
		if want := unionFee * float64(finalisedRuns); d.TotalAmountPaid != want {
			t.Fatalf("employee %d union fee paid %v, want %v (%d finalised runs)", e, d.TotalAmountPaid, want, finalisedRuns)
		}
	}
}
