package payrunapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	payrunjobs "github.com/payrolld/payrolld/internal/payrun/jobs"
	"github.com/payrolld/payrolld/internal/testkit"
)

// startJobs runs the app's background jobs (River, web hook delivery)
// until the test ends.
func startJobs(t *testing.T, e *env) {
	ctx, cancel := context.WithCancel(context.Background())
	done := e.StartJobs(ctx)
	t.Cleanup(func() { cancel(); <-done })
}

// eventually polls cond every 100 ms for up to 30 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// receiver is a loopback HTTP server recording the JSON bodies POSTed to it.
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	bodies []map[string]any
	fail   int // answer 500 to this many requests first
}

func newReceiver(t *testing.T, fail int) *receiver {
	r := &receiver{fail: fail}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.fail > 0 {
			r.fail--
			w.WriteHeader(500)
			return
		}
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		r.bodies = append(r.bodies, m)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) got() []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]map[string]any(nil), r.bodies...)
}

func (e *env) status(t *testing.T, jobID string) map[string]any {
	return e.Do("GET", e.B+"/payrun/creationstatus/"+jobID, e.Key, nil).Expect(t, 200).Map(t)
}

func (e *env) waitJob(t *testing.T, jobID string) map[string]any {
	t.Helper()
	var st map[string]any
	eventually(t, "job "+jobID, func() bool {
		st = e.status(t, jobID)
		return st["status"] == payrunjobs.JobCompleted || st["status"] == payrunjobs.JobFailed
	})
	return st
}

// Async creation: the job is queued with the request, worked by River, its
// status and progress readable by jobId, the result POSTed to callbackUrl
// (after the receiver's first failure, retried); a request River cannot
// complete ends Failed with the reason.
func TestAsyncCreate(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		ann := e.employee(t, "Ann", "Weekly", nil)
		e.employee(t, "Bob", "Weekly", map[string]any{"rate": 91300, "rateUnit": "Annually"})
		cb := newReceiver(t, 1) // fails the first callback: River retries it

		body := map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00", "callbackUrl": cb.URL + "/done"}
		res := e.Do("POST", B+"/payrun/async", key, body).Expect(t, 200).Map(t)
		jobID, _ := res["jobId"].(string)
		if len(jobID) != 36 || num(t, res["payRunId"]) != 0 {
			t.Fatalf("async answered %v", res)
		}
		// Queued in the request's transaction; nothing runs before the queue does.
		if st := e.status(t, jobID); st["status"] != payrunjobs.JobQueued || num(t, st["payRunId"]) != 0 || st["externalId"] != "job:"+jobID {
			t.Fatalf("status before the queue runs: %v", st)
		}
		startJobs(t, e)
		st := e.waitJob(t, jobID)
		runID := int64(num(t, st["payRunId"]))
		if st["status"] != payrunjobs.JobCompleted || runID == 0 || num(t, st["employeesDone"]) != 2 || num(t, st["employeesTotal"]) != 2 || st["kind"] != "Create" {
			t.Fatalf("completed status %v", st)
		}
		P := fmt.Sprintf("%s/payrun/%d", B, runID)
		run := e.Do("GET", P, key, nil).Expect(t, 200).Map(t)
		if run["payPeriodEnding"] != "2026-11-20T00:00:00" || run["externalId"] != "job:"+jobID {
			t.Fatalf("run %v", run)
		}
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, ann), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(ann)].(map[string]any)
		if num(t, tot["grossEarnings"]) != 1334.69 { // 38 h x 35.1234, as the sync create pays it
			t.Fatalf("totals %v", tot)
		}
		eventually(t, "the callback", func() bool { return len(cb.got()) == 1 })
		if c := cb.got()[0]; c["status"] != payrunjobs.JobCompleted || int64(num(t, c["payRunId"])) != runID || c["jobId"] != jobID {
			t.Fatalf("callback body %v", c)
		}

		// A schedule the calculation cannot pay (HalfMonthly) exists, so the
		// request is accepted and the job fails, saying why.
		half := int64(num(t, e.Do("POST", B+"/payschedule", key, map[string]any{"name": "Half", "frequency": "HalfMonthly"}).Expect(t, 200).Map(t)["id"]))
		res = e.Do("POST", B+"/payrun/async", key, map[string]any{"payScheduleId": half, "payPeriodEnding": "2026-11-15T00:00:00", "externalId": "H-1"}).Expect(t, 200).Map(t)
		st = e.waitJob(t, res["jobId"].(string))
		if st["status"] != payrunjobs.JobFailed || !strings.HasPrefix(st["additionalInfo"].(string), "payScheduleId:") || num(t, st["payRunId"]) != 0 || st["externalId"] != "H-1" {
			t.Fatalf("failed status %v", st)
		}

		// The same externalId again answers the existing run at once.
		res = e.Do("POST", B+"/payrun/async", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00", "externalId": "job:" + jobID}).Expect(t, 200).Map(t)
		if int64(num(t, res["payRunId"])) != runID {
			t.Fatalf("same externalId answered %v", res)
		}
		if st := e.waitJob(t, res["jobId"].(string)); int64(num(t, st["payRunId"])) != runID {
			t.Fatalf("same externalId job %v", st)
		}

		e.RunCases(t, []testkit.Case{
			{Name: "no schedule", Method: "POST", Path: B + "/payrun/async", Key: key, Body: map[string]any{"payPeriodEnding": "2026-11-20T00:00:00"}, Status: 400, Field: "payScheduleId"},
			{Name: "unknown schedule", Method: "POST", Path: B + "/payrun/async", Key: key, Body: map[string]any{"payScheduleId": 999999, "payPeriodEnding": "2026-11-20T00:00:00"}, Status: 400, Field: "payScheduleId"},
			{Name: "no period", Method: "POST", Path: B + "/payrun/async", Key: key, Body: map[string]any{"payScheduleId": e.weekly}, Status: 400, Field: "payPeriodEnding"},
			{Name: "callback not http", Method: "POST", Path: B + "/payrun/async", Key: key, Body: map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00", "callbackUrl": "ftp://example.com/x"}, Status: 400, Field: "callbackUrl"},
			{Name: "no key", Method: "POST", Path: B + "/payrun/async", Body: body, Status: 401},
			{Name: "other tenant creates", Method: "POST", Path: B + "/payrun/async", Key: e.OtherKey, Body: body, Status: 404},
			{Name: "status no key", Method: "GET", Path: B + "/payrun/creationstatus/" + jobID, Status: 401},
			{Name: "status of another tenant's job", Method: "GET", Path: e.OtherB + "/payrun/creationstatus/" + jobID, Key: e.OtherKey, Status: 404},
			{Name: "unknown job", Method: "GET", Path: B + "/payrun/creationstatus/00000000-0000-4000-8000-000000000000", Key: key, Status: 404},
		})
	})
}

// Async recalculation reads the employee's current pay, reports through
// creationstatus, and is refused for finalised and unknown runs.
func TestAsyncRecalculate(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		ann := e.employee(t, "Ann", "Weekly", nil)
		run := e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00"}).Expect(t, 200).Map(t)
		runID := int64(num(t, run["id"]))
		P := fmt.Sprintf("%s/payrun/%d", B, runID)
		// A new rate after the run was created: 38 h x 40 = 1520 once recalculated.
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", B, ann), key, map[string]any{"rate": 40}).Expect(t, 200)
		gross := func() float64 {
			tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, ann), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(ann)].(map[string]any)
			return num(t, tot["grossEarnings"])
		}
		if g := gross(); g != 1334.69 {
			t.Fatalf("gross before %v", g)
		}
		var jobID string
		e.Do("POST", P+"/recalculate/async", key, nil).Expect(t, 200).JSON(t, &jobID)
		startJobs(t, e)
		st := e.waitJob(t, jobID)
		if st["status"] != payrunjobs.JobCompleted || int64(num(t, st["payRunId"])) != runID || st["kind"] != "Recalculate" || num(t, st["employeesDone"]) != 1 {
			t.Fatalf("recalculation status %v", st)
		}
		if g := gross(); g != 1520 {
			t.Fatalf("gross after the recalculation %v, want 1520", g)
		}
		e.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			{Name: "finalised", Method: "POST", Path: P + "/recalculate/async", Key: key, Status: 409},
			{Name: "unknown run", Method: "POST", Path: B + "/payrun/999999/recalculate/async", Key: key, Status: 404},
			{Name: "other tenant", Method: "POST", Path: fmt.Sprintf("%s/payrun/%d/recalculate/async", e.OtherB, runID), Key: e.OtherKey, Status: 404},
			{Name: "no key", Method: "POST", Path: P + "/recalculate/async", Status: 401},
		})
	})
}

// Scheduled publishing: finalise queues the publication at the time asked
// for; the pay slips stay unpublished until then, are published by the job
// with the PaySlipsPublished web hook event, and an unlock in between makes
// the publication stale. Immediate publishes with the event at once.
func TestScheduledPaySlipPublishing(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		e.employee(t, "Ann", "Weekly", nil)
		hooks := newReceiver(t, 0)
		e.Do("POST", B+"/webhookregistrations", key, map[string]any{"webHookUri": hooks.URL + "/h", "filters": []string{"PaySlipsPublished"}}).Expect(t, 200)
		newRun := func(end string) string {
			r := e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": end}).Expect(t, 200).Map(t)
			return fmt.Sprintf("%s/payrun/%d", B, int64(num(t, r["id"])))
		}
		published := func(P string) bool {
			return e.Do("GET", P, key, nil).Expect(t, 200).Map(t)["paySlipsPublished"] == true
		}

		P1, P2, P3 := newRun("2026-11-06T00:00:00"), newRun("2026-11-13T00:00:00"), newRun("2026-11-20T00:00:00")
		testkit.ExpectProblem(t, e.Do("POST", P1+"/finalise", key, map[string]any{"publishPaySlips": "Scheduled"}), 400, "publishPaySlipsDateTime")
		if e.Do("GET", P1, key, nil).Expect(t, 200).Map(t)["isFinalised"] != false {
			t.Fatal("a refused finalise finalised the run")
		}

		// River schedules by the real clock: a few seconds from now.
		at := time.Now().UTC().Add(4 * time.Second).Truncate(time.Second)
		when := at.Format("2006-01-02T15:04:05")
		fin := e.Do("POST", P1+"/finalise", key, map[string]any{"publishPaySlips": "Scheduled", "publishPaySlipsDateTime": when}).Expect(t, 200).Map(t)
		if fin["paySlipsPublished"] != false || fin["publishPaySlips"] != "Scheduled" {
			t.Fatalf("finalise %v", fin)
		}
		// P2: scheduled too, then unlocked and finalised without publishing.
		e.Do("POST", P2+"/finalise", key, map[string]any{"publishPaySlips": "Scheduled", "publishPaySlipsDateTime": when}).Expect(t, 200)
		e.Do("POST", P2+"/unlock", key, map[string]any{"comments": "redo"}).Expect(t, 200)
		e.Do("POST", P2+"/finalise", key, map[string]any{"publishPaySlips": "Manual"}).Expect(t, 200)
		startJobs(t, e)
		time.Sleep(time.Until(at) - 500*time.Millisecond)
		if published(P1) {
			t.Fatal("pay slips published before their time")
		}
		eventually(t, "the scheduled publication", func() bool { return published(P1) })
		if time.Now().Before(at) {
			t.Fatalf("published at %v, before %v", time.Now().UTC(), at)
		}
		eventually(t, "the PaySlipsPublished event", func() bool { return len(hooks.got()) == 1 })
		time.Sleep(2 * time.Second) // River runs due jobs within a poll: P2's would have run by now
		if published(P2) {
			t.Fatal("a publication scheduled before an unlock published the re-finalised run")
		}

		// Immediate: the event with the finalise.
		e.Do("POST", P3+"/finalise", key, map[string]any{"publishPaySlips": "Immediate"}).Expect(t, 200)
		eventually(t, "the second PaySlipsPublished event", func() bool { return len(hooks.got()) == 2 })
		var runs []int64
		for _, h := range hooks.got() {
			n := h["Notifications"].([]any)[0].(map[string]any)
			if n["Action"] != "PaySlipsPublished" {
				t.Fatalf("event %v", n)
			}
			runs = append(runs, int64(num(t, n["payRunId"])))
		}
		if fmt.Sprintf("%s/payrun/%d", B, runs[0]) != P1 || fmt.Sprintf("%s/payrun/%d", B, runs[1]) != P3 {
			t.Fatalf("events for runs %v", runs)
		}
	})
}

// Automatic pay runs: the tick queues the latest period whose creation
// time has come, once however often it runs, and the job creates and
// finalises the run as the schedule's autoPayConfiguration says.
func TestAutoPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		// The app clock is 2026-11-02 09:00: the period ending 2026-10-30 was
		// due at 2026-10-30 08:00, the next (2026-11-06) is not yet.
		sched := int64(num(t, e.Do("POST", B+"/payschedule", key, map[string]any{"name": "Auto weekly", "frequency": "Weekly",
			"autoPayConfiguration": map[string]any{"enabled": true, "initialPayPeriodEnding": "2026-10-16T00:00:00", "initialDatePaid": "2026-10-19T00:00:00",
				"initialPayRunCreationDateTime": "2026-10-16T08:00:00", "finalise": true, "publishPaySlips": "Immediate"}}).Expect(t, 200).Map(t)["id"]))
		e.Do("POST", B+"/payschedule", key, map[string]any{"name": "Paused", "frequency": "Weekly",
			"autoPayConfiguration": map[string]any{"enabled": true, "paused": true, "initialPayPeriodEnding": "2026-10-16T00:00:00", "initialDatePaid": "2026-10-19T00:00:00"}}).Expect(t, 200)
		ann := e.employee(t, "Ann", "Auto weekly", nil)

		j := payrunjobs.JobsOf(e.PayRuns)
		ctx := context.Background()
		for i, want := range []int{1, 0} {
			if n, err := j.AutoPayTick(ctx); err != nil || n != want {
				t.Fatalf("tick %d queued %d (%v), want %d", i, n, err, want)
			}
		}
		startJobs(t, e)
		var runs []map[string]any
		eventually(t, "the automatic pay run", func() bool {
			e.Do("GET", B+"/payrun?$filter=payScheduleId%20eq%20"+fmt.Sprint(sched), key, nil).Expect(t, 200).JSON(t, &runs)
			return len(runs) == 1 && runs[0]["isFinalised"] == true
		})
		r := runs[0]
		if r["payPeriodEnding"] != "2026-10-30T00:00:00" || r["datePaid"] != "2026-11-02T00:00:00" || r["paySlipsPublished"] != true ||
			r["externalId"] != fmt.Sprintf("auto:%d:2026-10-30", sched) {
			t.Fatalf("automatic run %v", r)
		}
		P := fmt.Sprintf("%s/payrun/%d", B, int64(num(t, r["id"])))
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, ann), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(ann)].(map[string]any)
		if num(t, tot["grossEarnings"]) != 1334.69 {
			t.Fatalf("automatic run totals %v", tot)
		}
		var all []map[string]any
		e.Do("GET", B+"/payrun", key, nil).Expect(t, 200).JSON(t, &all)
		if len(all) != 1 {
			t.Fatalf("the paused schedule ran too: %v", all)
		}
	})
}
