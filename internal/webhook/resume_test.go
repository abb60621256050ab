package webhook_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/webhook"
)

// failFirst answers fail to the first n requests and 200 afterwards (called
// under the receiver's lock).
func failFirst(n, fail int) func() int {
	seen := 0
	return func() int {
		seen++
		if seen <= n {
			return fail
		}
		return http.StatusOK
	}
}

// syncBuffer is a log sink safe for concurrent handlers.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// burst emits n events and returns their delivery ids in order.
func (f *fixture) burst(t *testing.T, regID string, n int) []string {
	t.Helper()
	for i := range n {
		f.emit(t, webhook.TimesheetCreated, map[string]any{"id": i})
	}
	var ids []string
	for _, del := range f.deliveries(t, regID) {
		ids = append(ids, del.ID)
	}
	if len(ids) != n {
		t.Fatalf("%d deliveries queued, want %d", len(ids), n)
	}
	return ids
}

// outage runs the first part of the scenario: a 15-event burst to a
// receiver whose first requests fail, until the registration pauses after
// 10 failures in a row. It returns the worker and the delivery ids.
func outage(t *testing.T, f *fixture, rcv *receiver, reg webhook.Registration) (*webhook.Worker, []string) {
	t.Helper()
	ids := f.burst(t, reg.ID, 15)
	w := f.svc.NewWorker(0, nil)
	w.PerRegistration = 1 // sends in order, so the pause comes exactly at the 10th failure
	if n := f.pass(t, w); n != 10 {
		t.Fatalf("%d attempts before the pause, want 10", n)
	}
	got, err := f.svc.Get(f.ctx, f.biz, reg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.IsPaused || !strings.Contains(got.PausedReason, "10 failed") {
		t.Fatalf("paused=%v reason %q, want paused after 10 failures", got.IsPaused, got.PausedReason)
	}
	for i, del := range f.deliveries(t, reg.ID) {
		wantAttempts := int32(1)
		if i >= 10 {
			wantAttempts = 0
		}
		if del.Status != webhook.StatusPending || del.Attempts != wantAttempts {
			t.Errorf("delivery %d: status %s attempts %d, want pending with %d", i+1, del.Status, del.Attempts, wantAttempts)
		}
	}
	// Still paused: nothing is sent, but new events are recorded.
	f.emit(t, webhook.TimesheetCreated, map[string]any{"id": "while paused"})
	if n := f.pass(t, w); n != 0 {
		t.Fatalf("paused registration got %d attempts", n)
	}
	dels := f.deliveries(t, reg.ID)
	if len(dels) != 16 || dels[15].Status != webhook.StatusPending {
		t.Fatalf("event emitted while paused not recorded (%d deliveries)", len(dels))
	}
	return w, append(ids, dels[15].ID)
}

// delivered checks every id was answered 2xx by the receiver once its
// outage was over and is stored as delivered.
func delivered(t *testing.T, f *fixture, rcv *receiver, regID string, ids []string) {
	t.Helper()
	ok := map[string]int{}
	for _, r := range rcv.requests() {
		if r.status/100 == 2 {
			ok[r.header.Get("webhook-id")]++
		}
	}
	for i, id := range ids {
		if ok[id] != 1 {
			t.Errorf("event %d (%s) received %d times after recovery, want 1", i+1, id, ok[id])
		}
	}
	for _, del := range f.deliveries(t, regID) {
		if del.Status != webhook.StatusDelivered {
			t.Errorf("delivery %s: status %s", del.ID, del.Status)
		}
	}
	got, err := f.svc.Get(f.ctx, f.biz, regID)
	if err != nil {
		t.Fatal(err)
	}
	if got.IsPaused || got.PausedReason != "" {
		t.Errorf("registration still paused (%q)", got.PausedReason)
	}
}

// A receiver failing its first 10 requests of a
// 15-event burst gets all 15 once its owner un-pauses it.
func TestWebhookOutageBurstResumedByUpdate(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		rcv := newReceiver(t, 0)
		rcv.status = failFirst(10, http.StatusInternalServerError)
		reg := f.register(t, rcv.URL)
		w, ids := outage(t, f, rcv, reg)
		var logs syncBuffer
		w.Log = slog.New(slog.NewTextHandler(&logs, nil))

		if _, err := f.svc.Update(f.ctx, f.biz, reg.ID, webhook.Input{URI: rcv.URL}); err != nil {
			t.Fatal(err)
		}
		// No clock advance: un-pausing makes the backed-off retries due now.
		if n := f.pass(t, w); n != 16 {
			t.Errorf("%d attempts after un-pausing, want 16", n)
		}
		delivered(t, f, rcv, reg.ID, ids)
		if len(rcv.requests()) != 26 {
			t.Errorf("receiver got %d requests, want 10 failed + 16", len(rcv.requests()))
		}
		if strings.Contains(logs.String(), "level=WARN") {
			t.Errorf("warnings after recovery:\n%s", logs.String())
		}
	})
}

// Without the owner: the probe finds the receiver up
// again (after one failed probe, at a growing interval) and the queue
// drains by itself.
func TestWebhookOutageBurstResumedByProbe(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		rcv := newReceiver(t, 0)
		rcv.status = failFirst(11, http.StatusServiceUnavailable) // the first probe fails too
		reg := f.register(t, rcv.URL)
		w, ids := outage(t, f, rcv, reg)
		var logs syncBuffer
		w.Log = slog.New(slog.NewTextHandler(&logs, nil))

		f.s.Clock.Advance(w.ProbeBase - time.Second)
		if n := f.pass(t, w); n != 0 {
			t.Fatalf("probed %d times before the probe was due", n)
		}
		f.s.Clock.Advance(time.Second)
		if n := f.pass(t, w); n != 1 {
			t.Fatalf("first probe: %d attempts, want 1", n)
		}
		if !strings.Contains(logs.String(), "probe=true") || !strings.Contains(logs.String(), "registration="+reg.ID) {
			t.Errorf("failed probe not logged:\n%s", logs.String())
		}
		// The next probe waits twice as long.
		f.s.Clock.Advance(2*w.ProbeBase - time.Second)
		if n := f.pass(t, w); n != 0 {
			t.Fatalf("second probe came early (%d attempts)", n)
		}
		f.s.Clock.Advance(time.Second)
		if n := f.pass(t, w); n != 16 {
			t.Errorf("second probe and the queue behind it: %d attempts, want 16", n)
		}
		delivered(t, f, rcv, reg.ID, ids)
		if !strings.Contains(logs.String(), "resumed") {
			t.Errorf("resume not logged:\n%s", logs.String())
		}
	})
}

// An event waiting on a paused registration is dropped only when its own
// attempts are spent (by probes), and then shows as failed with its last
// error; the registration stays paused and resumes on a later success.
func TestWebhookPausedEventFailsOnlyWhenItsBudgetIsSpent(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		rcv := newReceiver(t, http.StatusInternalServerError)
		reg := f.register(t, rcv.URL)
		f.burst(t, reg.ID, 2)
		w := f.svc.NewWorker(0, nil)
		w.PauseAfter, w.MaxAttempts, w.PerRegistration = 2, 3, 1
		if n := f.pass(t, w); n != 2 {
			t.Fatalf("%d attempts, want 2", n)
		}
		probes := 0
		for range 10 {
			f.s.Clock.Advance(w.ProbeMax)
			probes += f.pass(t, w)
		}
		if probes != 4 {
			t.Errorf("%d probes, want 4 (2 events x 2 attempts left)", probes)
		}
		for _, del := range f.deliveries(t, reg.ID) {
			atts := f.attempts(t, del.ID)
			if del.Status != webhook.StatusFailed || del.Attempts != 3 || len(atts) != 3 ||
				del.LastStatusCode != 500 || !strings.Contains(del.LastError, "500") {
				t.Errorf("delivery %s: status %s attempts %d (%d recorded) last %d %q, want failed after 3",
					del.ID, del.Status, del.Attempts, len(atts), del.LastStatusCode, del.LastError)
			}
		}
		if got, _ := f.svc.Get(f.ctx, f.biz, reg.ID); !got.IsPaused {
			t.Fatal("registration un-paused without a success")
		}
		// A new event is probed at the probe time; the receiver is back.
		rcv.status = func() int { return http.StatusOK }
		f.emit(t, webhook.EmployeeCreated, nil)
		f.s.Clock.Advance(w.ProbeMax)
		if n := f.pass(t, w); n != 1 {
			t.Errorf("%d attempts, want the probe", n)
		}
		if got, _ := f.svc.Get(f.ctx, f.biz, reg.ID); got.IsPaused {
			t.Error("successful probe did not resume the registration")
		}
	})
}

// A pause set by the owner is not probed away: only an update ends it.
func TestWebhookOwnerPauseIsNotProbed(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		rcv := newReceiver(t, http.StatusOK)
		reg, err := f.svc.Register(f.ctx, f.biz, webhook.Input{URI: rcv.URL, IsPaused: true})
		if err != nil {
			t.Fatal(err)
		}
		f.emit(t, webhook.EmployeeCreated, nil)
		w := f.svc.NewWorker(0, nil)
		f.s.Clock.Advance(24 * time.Hour)
		if n := f.pass(t, w); n != 0 {
			t.Fatalf("owner-paused registration got %d attempts", n)
		}
		if _, err := f.svc.Update(f.ctx, f.biz, reg.ID, webhook.Input{URI: rcv.URL}); err != nil {
			t.Fatal(err)
		}
		if n := f.pass(t, w); n != 1 {
			t.Fatalf("%d attempts after un-pausing, want 1", n)
		}
	})
}

// A receiver that takes seconds per request holds at
// most PerRegistration sends and does not delay another registration's
// event, which goes out right after its commit (no poll: the worker's poll
// interval is an hour, Emit's nudge is what wakes it).
func TestWebhookSlowReceiverDoesNotDelayOthers(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		release := make(chan struct{})
		var inFlight, maxInFlight atomic.Int32
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for m := maxInFlight.Load(); n > m && !maxInFlight.CompareAndSwap(m, n); m = maxInFlight.Load() {
			}
			select {
			case <-release:
			case <-time.After(9 * time.Second):
			}
		}))
		t.Cleanup(slow.Close)
		arrived := make(chan time.Time, 1)
		fast := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			arrived <- time.Now()
		}))
		t.Cleanup(fast.Close)
		f.register(t, slow.URL, webhook.TimesheetCreated)
		f.register(t, fast.URL, webhook.EmployeeCreated)

		w := f.svc.NewWorker(time.Hour, nil)
		ctx, cancel := context.WithCancel(f.ctx)
		done := make(chan error, 1)
		go func() { done <- w.Run(ctx) }()
		defer func() {
			close(release)
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		}()

		for i := range w.PerRegistration + 4 { // more than the bound, so it must hold some back
			f.emit(t, webhook.TimesheetCreated, map[string]any{"id": i})
		}
		deadline := time.Now().Add(5 * time.Second)
		for inFlight.Load() < int32(w.PerRegistration) && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if n := inFlight.Load(); n != int32(w.PerRegistration) {
			t.Fatalf("slow receiver has %d requests in flight, want %d", n, w.PerRegistration)
		}
		start := time.Now()
		f.emit(t, webhook.EmployeeCreated, map[string]any{"id": 1})
		select {
		case at := <-arrived:
			lat := at.Sub(start)
			t.Logf("fast receiver's event arrived %s after commit, with the slow receiver holding %d requests", lat, inFlight.Load())
			if lat > time.Second {
				t.Errorf("fast receiver's event took %s", lat)
			}
		case <-time.After(3 * time.Second):
			t.Fatal("fast receiver's event waited for the slow receiver")
		}
		if m := maxInFlight.Load(); m > int32(w.PerRegistration) {
			t.Errorf("slow receiver had %d requests in flight at once, bound is %d", m, w.PerRegistration)
		}
	})
}

// The per-registration bound holds over several workers (nodes) sharing
// the database, and each attempt is still sent once.
func TestWebhookPerRegistrationBoundAcrossWorkers(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		var inFlight, maxInFlight atomic.Int32
		var mu sync.Mutex
		seen := map[string]int{}
		rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for m := maxInFlight.Load(); n > m && !maxInFlight.CompareAndSwap(m, n); m = maxInFlight.Load() {
			}
			mu.Lock()
			seen[r.Header.Get("webhook-id")]++
			mu.Unlock()
			time.Sleep(5 * time.Millisecond)
		}))
		t.Cleanup(rcv.Close)
		reg := f.register(t, rcv.URL)
		const events = 60
		err := f.d.InTx(f.ctx, func(q *store.Queries) error {
			for i := range events {
				if err := f.svc.Emit(f.ctx, q, f.biz, webhook.TimesheetCreated, map[string]any{"id": i}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		bound := 0
		for range 3 {
			w := f.svc.NewWorker(0, nil)
			w.BatchSize = 3
			w.PerRegistration = 4 // a bound three workers would exceed if it did not hold across them
			bound = w.PerRegistration
			wg.Go(func() {
				for range 3 {
					if _, err := w.DeliverDue(f.ctx); err != nil {
						t.Error(err)
					}
				}
			})
		}
		wg.Wait()
		if m := maxInFlight.Load(); m > int32(bound) {
			t.Errorf("%d requests in flight at once for one registration, bound is %d", m, bound)
		}
		if len(seen) != events {
			t.Errorf("%d distinct deliveries sent, want %d", len(seen), events)
		}
		for id, n := range seen {
			if n != 1 {
				t.Errorf("delivery %s sent %d times", id, n)
			}
		}
		for _, del := range f.deliveries(t, reg.ID) {
			if del.Status != webhook.StatusDelivered {
				t.Errorf("delivery %s: %s", del.ID, del.Status)
			}
		}
	})
}
