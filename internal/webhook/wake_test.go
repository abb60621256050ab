package webhook_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/webhook"
)

// EmitEach queues what Emit would for each element (the same
// notifications, to the same registrations, in the caller's transaction),
// across statement chunks; a rolled-back transaction queues nothing.
func TestWebhookEmitEachQueuesLikeEmit(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		rcv := newReceiver(t, http.StatusOK)
		ts := f.register(t, rcv.URL+"/ts", webhook.TimesheetCreated)
		all := f.register(t, rcv.URL+"/all")
		emp := f.register(t, rcv.URL+"/emp", webhook.EmployeeCreated)
		const n = 450 // more than two statements' worth of rows per registration
		data := make([]any, n)
		for i := range data {
			data[i] = map[string]any{"seq": i}
		}
		if err := d.InTx(f.ctx, func(q *store.Queries) error {
			return f.svc.EmitEach(f.ctx, q, f.biz, webhook.TimesheetCreated, data)
		}); err != nil {
			t.Fatal(err)
		}
		rollback := fmt.Errorf("rolled back")
		if err := d.InTx(f.ctx, func(q *store.Queries) error {
			if err := f.svc.EmitEach(f.ctx, q, f.biz, webhook.TimesheetCreated, data[:3]); err != nil {
				return err
			}
			return rollback
		}); err != rollback {
			t.Fatalf("rolled-back EmitEach: %v", err)
		}
		if err := d.InTx(f.ctx, func(q *store.Queries) error {
			return f.svc.EmitEach(f.ctx, q, f.biz, "NoSuchEvent", data[:1])
		}); err == nil {
			t.Error("EmitEach accepted an unknown event")
		}
		for _, r := range []webhook.Registration{ts, all} {
			dels := f.deliveries(t, r.ID)
			if len(dels) != n {
				t.Fatalf("registration %s: %d deliveries, want %d", r.URI, len(dels), n)
			}
			seen := map[string]bool{}
			for _, del := range dels {
				if del.Status != webhook.StatusPending || del.Attempts != 0 || del.Action != webhook.TimesheetCreated || del.BusinessID != f.biz {
					t.Fatalf("delivery %+v", del)
				}
				seen[del.Notifications] = true
			}
			for i := range n {
				if want := fmt.Sprintf(`[{"Action":"TimesheetCreated","seq":%d}]`, i); !seen[want] {
					t.Fatalf("registration %s has no delivery %s", r.URI, want)
				}
			}
		}
		if got := len(f.deliveries(t, emp.ID)); got != 0 {
			t.Errorf("a registration filtering on another event got %d deliveries", got)
		}
		if got := f.pass(t, f.svc.NewWorker(0, nil)); got != 2*n {
			t.Errorf("%d attempts, want %d", got, 2*n)
		}
	})
}

// On PostgreSQL a delivery queued on one node wakes the other node's
// worker (the emitting node's Broadcast), not at its next poll: here the
// poll is an hour, and the emitting node runs no worker of its own.
func TestWebhookOtherNodeWakesOnCommit(t *testing.T) {
	dbs := twoPostgresNodes(t)
	ctx := context.Background()
	f := newFixture(t, dbs[0])
	arrived := make(chan time.Time, 10)
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { arrived <- time.Now() }))
	t.Cleanup(rcv.Close)
	f.register(t, rcv.URL)
	other := &webhook.Service{DB: dbs[1], Clock: f.svc.Clock, AllowPrivate: f.svc.AllowPrivate}
	w := other.NewWorker(time.Hour, nil)
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	told := make(chan error, 1)
	go func() { told <- f.svc.Broadcast(wctx, slog.New(slog.DiscardHandler)) }()
	t.Cleanup(func() { stop(); <-done; <-told })
	time.Sleep(500 * time.Millisecond) // the worker's first look and its LISTEN
	for i := range 3 {
		f.emit(t, webhook.TimesheetCreated, map[string]any{"seq": i})
		committed := time.Now()
		select {
		case at := <-arrived:
			t.Logf("event %d delivered by the other node %v after commit", i, at.Sub(committed).Round(time.Millisecond))
		case <-time.After(10 * time.Second):
			t.Fatalf("event %d: the other node's worker was not woken by the commit", i)
		}
	}
}
