package webhook_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/webhook"
)

// receiver is an httptest web hook endpoint that records what it gets and
// answers with status().
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	got    []request
	status func() int
}

type request struct {
	header http.Header
	body   []byte
	status int // what the receiver answered
}

func newReceiver(t *testing.T, status int) *receiver {
	r := &receiver{status: func() int { return status }}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		st := r.status()
		r.got = append(r.got, request{req.Header.Clone(), b, st})
		r.mu.Unlock()
		w.WriteHeader(st)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) requests() []request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]request(nil), r.got...)
}

type fixture struct {
	s   *testkit.Server
	svc *webhook.Service
	d   *db.DB
	biz int64
	ctx context.Context
}

func newFixture(t *testing.T, d *db.DB, opts ...testkit.Options) *fixture {
	s := testkit.NewServer(t, d, opts...)
	return &fixture{s: s, svc: s.Webhooks, d: d, biz: s.NewBusiness(s.AdminKey, "Acme", "AU"), ctx: context.Background()}
}

func (f *fixture) register(t *testing.T, uri string, filters ...string) webhook.Registration {
	t.Helper()
	r, err := f.svc.Register(f.ctx, f.biz, webhook.Input{URI: uri, Filters: filters, Properties: map[string]any{"tenant": "acme"}})
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	return r
}

func (f *fixture) emit(t *testing.T, action string, data any) {
	t.Helper()
	if err := f.d.InTx(f.ctx, func(q *store.Queries) error { return f.svc.Emit(f.ctx, q, f.biz, action, data) }); err != nil {
		t.Fatalf("emit %s: %v", action, err)
	}
}

func (f *fixture) deliveries(t *testing.T, regID string) []store.WebhookDelivery {
	t.Helper()
	list, err := f.d.Queries().ListWebhookDeliveriesOfRegistration(f.ctx, regID)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func (f *fixture) attempts(t *testing.T, deliveryID string) []store.WebhookAttempt {
	t.Helper()
	list, err := f.d.Queries().ListWebhookAttempts(f.ctx, deliveryID)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func (f *fixture) pass(t *testing.T, w *webhook.Worker) int {
	t.Helper()
	n, err := w.DeliverDue(f.ctx)
	if err != nil {
		t.Fatalf("deliver: %v", err)
	}
	return n
}

// verify checks both signatures of a delivery request with secret.
func verify(t *testing.T, r request, secret string) {
	t.Helper()
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(r.body)
	if got, want := r.header.Get("ms-signature"), "sha256="+hex.EncodeToString(mac.Sum(nil)); got != want {
		t.Errorf("ms-signature %q, want %q", got, want)
	}
	id, ts := r.header.Get("webhook-id"), r.header.Get("webhook-timestamp")
	mac = hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(id + "." + ts + "." + string(r.body)))
	if got, want := r.header.Get("webhook-signature"), "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)); got != want {
		t.Errorf("webhook-signature %q, want %q", got, want)
	}
}

func TestWebhookEmitDelivers(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		rcv := newReceiver(t, http.StatusOK)
		emp := f.register(t, rcv.URL+"/emp", "employeecreated")
		all := f.register(t, rcv.URL+"/all")
		paused, err := f.svc.Register(f.ctx, f.biz, webhook.Input{URI: rcv.URL + "/paused", IsPaused: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.d.InTx(f.ctx, func(q *store.Queries) error { return f.svc.Emit(f.ctx, q, f.biz, "NoSuchEvent", nil) }); err == nil {
			t.Error("Emit accepted an unknown event")
		}
		type employee struct {
			ID        int    `json:"id"`
			FirstName string `json:"firstName"`
		}
		f.emit(t, webhook.EmployeeCreated, employee{7, "Ann <&>"})
		f.emit(t, webhook.PayRunDeleted, 42)
		// A paused registration keeps its events (it gets them when it
		// resumes) but is not sent to.
		if n := len(f.deliveries(t, emp.ID)) + len(f.deliveries(t, all.ID)) + len(f.deliveries(t, paused.ID)); n != 5 {
			t.Fatalf("%d deliveries queued, want 5 (emp: 1, all: 2, paused: 2)", n)
		}
		w := f.svc.NewWorker(0, nil)
		if n := f.pass(t, w); n != 3 {
			t.Fatalf("%d attempts, want 3", n)
		}
		for _, del := range f.deliveries(t, paused.ID) {
			if del.Status != webhook.StatusPending || del.Attempts != 0 {
				t.Errorf("paused registration's delivery %s: status %s attempts %d, want pending and untried", del.Action, del.Status, del.Attempts)
			}
		}
		secrets := map[string]string{} // delivery id -> secret of its registration
		for _, r := range []webhook.Registration{emp, all} {
			for _, del := range f.deliveries(t, r.ID) {
				secrets[del.ID] = r.Secret
			}
		}
		bodies := map[string]string{} // delivery id -> body
		for _, r := range rcv.requests() {
			if ct := r.header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			id := r.header.Get("webhook-id")
			bodies[id] = string(r.body)
			verify(t, r, secrets[id])
		}
		empDel := f.deliveries(t, emp.ID)[0]
		want := `{"Id":"` + empDel.ID + `","Attempt":1,"Properties":{"tenant":"acme"},"Notifications":[{"Action":"EmployeeCreated","firstName":"Ann <&>","id":7}]}`
		if got := bodies[empDel.ID]; got != want {
			t.Errorf("body\n got %s\nwant %s", got, want)
		}
		for _, del := range f.deliveries(t, all.ID) {
			if del.Status != webhook.StatusDelivered || del.Attempts != 1 {
				t.Errorf("delivery %s: status %s attempts %d", del.Action, del.Status, del.Attempts)
			}
			if del.Action == webhook.PayRunDeleted && !strings.Contains(bodies[del.ID], `"Notifications":[{"Action":"PayRunDeleted","Data":42}]`) {
				t.Errorf("non-object data: %s", bodies[del.ID])
			}
		}
		if n := f.pass(t, w); n != 0 {
			t.Errorf("second pass made %d attempts, want 0", n)
		}
	})
}

func TestWebhookRetriesWithGrowingDelays(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		rcv := newReceiver(t, http.StatusInternalServerError)
		reg := f.register(t, rcv.URL)
		f.emit(t, webhook.TimesheetApproved, map[string]any{"id": 1})
		w := f.svc.NewWorker(0, nil)
		w.MaxAttempts = 5
		var nexts []time.Time
		for i := 1; i <= w.MaxAttempts; i++ {
			if n := f.pass(t, w); n != 1 {
				t.Fatalf("pass %d made %d attempts, want 1", i, n)
			}
			del := f.deliveries(t, reg.ID)[0]
			if int(del.Attempts) != i || del.LastStatusCode != 500 {
				t.Fatalf("after pass %d: attempts %d, last status %d", i, del.Attempts, del.LastStatusCode)
			}
			if i < w.MaxAttempts {
				nexts = append(nexts, del.NextAttemptAt)
				if n := f.pass(t, w); n != 0 {
					t.Fatalf("retry %d sent before it was due", i)
				}
				f.s.Clock.Advance(del.NextAttemptAt.Sub(f.s.Clock.Now()))
			} else if del.Status != webhook.StatusFailed {
				t.Fatalf("after %d attempts: status %s, want failed", i, del.Status)
			}
		}
		// Delays after attempts 1..4: 1, 2, 4, 8 minutes.
		prev := f.deliveries(t, reg.ID)[0].CreatedAt
		for i, next := range nexts {
			started := f.attempts(t, f.deliveries(t, reg.ID)[0].ID)[i].StartedAt
			if gap, want := next.Sub(started), time.Minute<<i; gap != want {
				t.Errorf("delay after attempt %d = %s, want %s", i+1, gap, want)
			}
			if !next.After(prev) {
				t.Errorf("next attempt %d not after the previous", i+1)
			}
			prev = next
		}
		atts := f.attempts(t, f.deliveries(t, reg.ID)[0].ID)
		if len(atts) != w.MaxAttempts {
			t.Fatalf("%d attempts recorded, want %d", len(atts), w.MaxAttempts)
		}
		for i, a := range atts {
			if int(a.Attempt) != i+1 || a.StatusCode != 500 || !strings.Contains(a.Error, "500") {
				t.Errorf("attempt %d recorded as %+v", i+1, a)
			}
		}
		var bodyAttempts []int
		for _, r := range rcv.requests() {
			var env struct{ Attempt int }
			_ = json.Unmarshal(r.body, &env)
			bodyAttempts = append(bodyAttempts, env.Attempt)
		}
		if got := len(bodyAttempts); got != 5 || bodyAttempts[4] != 5 {
			t.Errorf("receiver saw attempts %v", bodyAttempts)
		}
		f.s.Clock.Advance(24 * time.Hour)
		if n := f.pass(t, w); n != 0 {
			t.Errorf("failed delivery retried (%d attempts)", n)
		}
	})
}

func TestWebhookFailingReceiverIsPaused(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		rcv := newReceiver(t, http.StatusBadGateway)
		reg := f.register(t, rcv.URL)
		w := f.svc.NewWorker(0, nil)
		w.PauseAfter, w.Concurrency = 3, 1
		w.ProbeBase = 48 * time.Hour // only the update resumes it here; probes have their own tests
		f.emit(t, webhook.EmployeeUpdated, nil)
		for range 3 {
			f.pass(t, w)
			if len(f.deliveries(t, reg.ID)) == 1 {
				f.emit(t, webhook.EmployeeUpdated, nil) // a second one waits in the queue
			}
			f.s.Clock.Advance(time.Hour)
		}
		got, err := f.svc.Get(f.ctx, f.biz, reg.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !got.IsPaused || !strings.Contains(got.PausedReason, "3 failed") {
			t.Fatalf("registration paused=%v reason=%q, want paused after 3 failures", got.IsPaused, got.PausedReason)
		}
		// Pausing keeps the queue: both deliveries wait with attempts left.
		for _, del := range f.deliveries(t, reg.ID) {
			if del.Status != webhook.StatusPending || del.LastStatusCode != http.StatusBadGateway {
				t.Errorf("delivery %s status %s last %d, want pending after a 502", del.ID, del.Status, del.LastStatusCode)
			}
		}
		sent := len(rcv.requests())
		f.emit(t, webhook.EmployeeUpdated, nil)
		f.s.Clock.Advance(time.Hour)
		if n := f.pass(t, w); n != 0 || len(rcv.requests()) != sent {
			t.Errorf("paused registration still receives events (%d attempts)", n)
		}
		if n := len(f.deliveries(t, reg.ID)); n != 3 {
			t.Errorf("%d deliveries, want 3: events for a paused registration are recorded", n)
		}
		// Un-pausing resets the streak and sends everything that waited.
		if _, err := f.svc.Update(f.ctx, f.biz, reg.ID, webhook.Input{URI: rcv.URL}); err != nil {
			t.Fatal(err)
		}
		rcv.status = func() int { return http.StatusNoContent }
		f.emit(t, webhook.EmployeeUpdated, nil)
		if n := f.pass(t, w); n != 4 {
			t.Errorf("after resume %d attempts, want 4 (3 waiting + 1 new)", n)
		}
		for _, del := range f.deliveries(t, reg.ID) {
			if del.Status != webhook.StatusDelivered {
				t.Errorf("delivery %s status %s after resume", del.ID, del.Status)
			}
		}
	})
}

func TestWebhookConcurrentWorkersDeliverOnce(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		rcv := newReceiver(t, http.StatusOK)
		reg := f.register(t, rcv.URL)
		const events = 40
		for i := range events {
			f.emit(t, webhook.TimesheetCreated, map[string]any{"id": i})
		}
		w1, w2 := f.svc.NewWorker(0, nil), f.svc.NewWorker(0, nil)
		w1.BatchSize, w2.BatchSize = 7, 7 // several list/claim rounds racing
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i, w := range []*webhook.Worker{w1, w2} {
			wg.Go(func() {
				for range 3 {
					n, err := w.DeliverDue(f.ctx)
					if err != nil {
						t.Error(err)
					}
					counts[i] += n
				}
			})
		}
		wg.Wait()
		seen := map[string]int{}
		for _, r := range rcv.requests() {
			seen[r.header.Get("webhook-id")]++
		}
		for id, n := range seen {
			if n != 1 {
				t.Errorf("delivery %s sent %d times", id, n)
			}
		}
		if len(seen) != events || counts[0]+counts[1] != events {
			t.Errorf("%d distinct deliveries sent, workers report %v; want %d in all", len(seen), counts, events)
		}
		for _, del := range f.deliveries(t, reg.ID) {
			if del.Status != webhook.StatusDelivered || del.Attempts != 1 || len(f.attempts(t, del.ID)) != 1 {
				t.Errorf("delivery %s: status %s attempts %d", del.ID, del.Status, del.Attempts)
			}
		}
	})
}

// A registration whose name later resolves to a private address (or was
// stored before the rule) is refused by the dialer, not just at register.
func TestWebhookDialerRefusesPrivateAddresses(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, testkit.Options{Config: func(c *config.Config) { c.WebhookAllowPrivate = false }})
		rcv := newReceiver(t, http.StatusOK)
		if _, err := f.svc.Register(f.ctx, f.biz, webhook.Input{URI: rcv.URL}); err == nil {
			t.Fatal("loopback target accepted at registration")
		}
		now := f.s.Clock.Now()
		err := d.InTx(f.ctx, func(q *store.Queries) error {
			_, err := q.CreateWebhookRegistration(f.ctx, store.CreateWebhookRegistrationParams{ID: "0123456789abcdef0123456789abcdef",
				BusinessID: f.biz, Uri: rcv.URL, Secret: strings.Repeat("s", 32), Filters: `["*"]`, Headers: `{}`, Properties: `{}`, CreatedAt: now})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		f.emit(t, webhook.EmployeeCreated, nil)
		f.pass(t, f.svc.NewWorker(0, nil))
		if n := len(rcv.requests()); n != 0 {
			t.Fatalf("receiver on loopback got %d requests", n)
		}
		del := f.deliveries(t, "0123456789abcdef0123456789abcdef")[0]
		atts := f.attempts(t, del.ID)
		if len(atts) != 1 || atts[0].StatusCode != 0 || !strings.Contains(atts[0].Error, "loopback, private") {
			t.Fatalf("attempts %+v, want one refused by the dialer", atts)
		}
		if del.Status != webhook.StatusPending || !del.NextAttemptAt.After(now) {
			t.Errorf("refused attempt not scheduled for retry: %+v", del)
		}
	})
}

func TestWebhookWorkerRunWakesAndStopsGracefully(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		arrived := make(chan struct{}, 1)
		release := make(chan struct{})
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			arrived <- struct{}{}
			<-release
		}))
		t.Cleanup(slow.Close)
		reg := f.register(t, slow.URL)
		w := f.svc.NewWorker(time.Hour, nil) // only a nudge can wake it in time
		ctx, cancel := context.WithCancel(f.ctx)
		done := make(chan error, 1)
		go func() { done <- w.Run(ctx) }()
		f.emit(t, webhook.PayRunFinalised, nil)
		f.svc.Notify()
		select {
		case <-arrived:
		case <-time.After(10 * time.Second):
			t.Fatal("nudged worker did not deliver")
		}
		cancel() // while the send is in flight
		time.Sleep(50 * time.Millisecond)
		close(release)
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run returned %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("Run did not return after cancel")
		}
		del := f.deliveries(t, reg.ID)[0]
		if del.Status != webhook.StatusDelivered || len(f.attempts(t, del.ID)) != 1 {
			t.Errorf("in-flight send not finished on shutdown: status %s", del.Status)
		}
	})
}
