package webhook_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/webhook"
)

// Two nodes (separate pools, separate services, each running a worker) on
// one PostgreSQL database deliver a stream of events, each exactly once:
// their claims take rows with FOR UPDATE SKIP LOCKED and never the same
// one, and the per-registration bound on sends in flight (4 here) holds across
// both. Events are committed on both nodes while the workers run.
func TestWebhookTwoNodesDeliverEachOnceWithSkipLocked(t *testing.T) {
	dbs := twoPostgresNodes(t)
	ctx := context.Background()
	f := newFixture(t, dbs[0])
	other := &webhook.Service{DB: dbs[1], Clock: f.svc.Clock, AllowPrivate: f.svc.AllowPrivate}
	nodes := []*fixture{f, {s: f.s, svc: other, d: dbs[1], biz: f.biz, ctx: ctx}}

	const events = 300
	var inFlight, maxInFlight atomic.Int32
	var mu sync.Mutex
	seen := map[string]int{}
	all := make(chan struct{})
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := maxInFlight.Load(); n > m && !maxInFlight.CompareAndSwap(m, n); m = maxInFlight.Load() {
		}
		time.Sleep(time.Millisecond)
		mu.Lock()
		defer mu.Unlock()
		id := r.Header.Get("webhook-id")
		seen[id]++
		if len(seen) == events && seen[id] == 1 {
			close(all)
		}
	}))
	t.Cleanup(rcv.Close)
	reg := f.register(t, rcv.URL)

	wctx, stop := context.WithCancel(ctx)
	var workers sync.WaitGroup
	bound := 0
	for _, n := range nodes {
		w := n.svc.NewWorker(20*time.Millisecond, nil)
		w.PerRegistration = 4 // small enough for two nodes to exceed if the bound did not hold across them
		bound = w.PerRegistration
		workers.Go(func() {
			if err := w.Run(wctx); err != nil {
				t.Error(err)
			}
		})
	}
	var emitters sync.WaitGroup
	for i, n := range nodes {
		emitters.Go(func() {
			for k := i; k < events; k += len(nodes) {
				n.emit(t, webhook.TimesheetCreated, map[string]any{"seq": k})
			}
		})
	}
	emitters.Wait()
	select {
	case <-all:
	case <-time.After(60 * time.Second):
	}
	time.Sleep(200 * time.Millisecond) // a duplicate would show up now
	stop()
	workers.Wait()

	mu.Lock()
	defer mu.Unlock()
	if len(seen) != events {
		t.Errorf("%d distinct deliveries arrived, want %d", len(seen), events)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("delivery %s sent %d times", id, n)
		}
	}
	if m := maxInFlight.Load(); m > int32(bound) {
		t.Errorf("%d requests in flight at once for one registration over two nodes, bound is %d", m, bound)
	}
	for _, del := range f.deliveries(t, reg.ID) {
		if del.Status != webhook.StatusDelivered || del.Attempts != 1 || len(f.attempts(t, del.ID)) != 1 {
			t.Errorf("delivery %s: status %s, %d attempts, %d attempt rows", del.ID, del.Status, del.Attempts, len(f.attempts(t, del.ID)))
		}
	}
}

// twoPostgresNodes opens two connections (two nodes) to one fresh, migrated
// PostgreSQL database; the test is skipped without PostgreSQL.
func twoPostgresNodes(t *testing.T) [2]*db.DB {
	t.Helper()
	if os.Getenv(testkit.PostgresURLEnv) == "" {
		t.Skip(testkit.PostgresURLEnv + " not set")
	}
	url := testkit.FreshPostgresURL(t)
	var dbs [2]*db.DB
	for i := range dbs {
		d, err := db.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if _, err := d.Migrate(context.Background(), db.MigrateOptions{}); err != nil {
			t.Fatal(err)
		}
		dbs[i] = d
	}
	return dbs
}
