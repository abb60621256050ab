package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/webhook/target"
)

// Delivery statuses (webhook_deliveries.status).
const (
	StatusPending   = "pending"
	StatusDelivered = "delivered"
	StatusFailed    = "failed"
	StatusCancelled = "cancelled"
)

// maxErrorText bounds the error text stored per attempt.
const maxErrorText = 500

// Worker sends due deliveries. Any number of workers, on one node or many,
// may run over one database: each attempt is claimed with a conditional
// UPDATE that sets a lease, so exactly one of them sends it. A worker that
// dies mid-send leaves the lease to expire and the attempt is made again
// (at least once). Set the fields before Run; tests shrink them.
//
// Sends run in a pool of Concurrency slots; a slot that frees is refilled
// at once, so one slow receiver holds at most PerRegistration slots and
// never delays deliveries to other registrations.
type Worker struct {
	svc    *Service
	Client *http.Client
	Log    *slog.Logger

	PollInterval    time.Duration // how often to look for due deliveries when idle
	HotInterval     time.Duration // how often to look right after a nudge (Service.Notify, Emit) ...
	HotWindow       time.Duration // ... for this long, so events committed just after the nudge go out at once
	Lease           time.Duration // how long a claim holds; must exceed the client timeout
	BatchSize       int           // most deliveries claimed per query
	Concurrency     int           // sends in flight at once on this worker
	PerRegistration int           // sends in flight at once per registration, over all workers
	RetryBase       time.Duration // delay after the first failed attempt; doubles per attempt
	RetryMax        time.Duration // cap on the delay
	MaxAttempts     int           // attempts before a delivery is marked failed
	PauseAfter      int           // consecutive failed attempts that pause a registration
	ProbeBase       time.Duration // first probe of a paused registration comes this long after the pause; doubles per failed probe
	ProbeMax        time.Duration // cap on the probe interval

	stmtsOnce sync.Once
	stmts     *stmts
}

// inTx runs fn in a write transaction with the worker's prepared statements.
func (w *Worker) inTx(ctx context.Context, fn func(q *store.Queries) error) error {
	w.stmtsOnce.Do(func() { w.stmts = newStmts(w.svc.DB.W) })
	return w.stmts.inTx(ctx, fn)
}

// NewWorker returns a worker with the production settings: poll every
// pollInterval (1s when zero), 128 sends at once, at most 16 per
// registration (one registration's lanes share each recording
// transaction, so its rate grows with them: 4 sustained about 1,000/s on
// PostgreSQL, its round trips per group being the limit), retry after 1, 2, 4, 8 ... minutes capped at an hour, fail
// a delivery after 8 attempts, pause a registration after 10 failed
// attempts in a row and probe it after 1, 2, 4 ... minutes capped at an
// hour.
func (s *Service) NewWorker(pollInterval time.Duration, log *slog.Logger) *Worker {
	if pollInterval <= 0 {
		pollInterval = time.Second
	}
	if log == nil {
		log = slog.Default()
	}
	return &Worker{svc: s, Client: target.Client(s.AllowPrivate), Log: log,
		PollInterval: pollInterval, HotInterval: 10 * time.Millisecond, HotWindow: 250 * time.Millisecond,
		Lease: 6 * target.Timeout, BatchSize: 100, Concurrency: 128, PerRegistration: 64,
		RetryBase: time.Minute, RetryMax: time.Hour, MaxAttempts: 8, PauseAfter: 10,
		ProbeBase: time.Minute, ProbeMax: time.Hour}
}

// Run delivers until ctx is cancelled. It claims due deliveries whenever a
// send slot is free and there is work: on start, when a send finishes (for
// that registration), when the service is nudged (then every HotInterval
// for HotWindow) and every PollInterval. Sends already under way when ctx
// is cancelled are finished and recorded, then Run returns nil.
func (w *Worker) Run(ctx context.Context) error {
	p := w.newPool()
	defer func() {
		p.close()
		if w.stmts != nil {
			w.stmts.close()
		}
	}()
	wake := w.svc.wake()
	if w.svc.DB.Dialect == db.Postgres {
		// Deliveries queued on any node wake this worker at their commit.
		lctx, cancel := context.WithCancel(ctx)
		var lwg sync.WaitGroup
		lwg.Go(func() { w.listen(lctx, w.svc.nudge) })
		defer func() {
			cancel()
			lwg.Wait()
		}()
	}
	timer := time.NewTimer(0)
	defer timer.Stop()
	var hotUntil time.Time
	look := true // look for every registration with due work (and due probes), not only the active ones
	for {
		wait := w.PollInterval
		if _, err := p.fill(ctx, look); err != nil && ctx.Err() == nil {
			w.Log.Error("webhook: claiming due deliveries failed", "err", err)
		} else if time.Now().Before(hotUntil) {
			wait = w.HotInterval
		}
		timer.Reset(wait)
		select {
		case <-ctx.Done():
			return nil
		case <-timer.C:
			look = true
		case <-wake:
			hotUntil, look = time.Now().Add(w.HotWindow), true
		case e := <-p.freed:
			p.finished(e)
			// A lane that found nothing more may have lost a race for
			// the row it wanted; a look (one read) sorts that out.
			look = !e.more
		}
	}
}

// DeliverDue sends every delivery due now (by the service clock) that no
// other worker holds, probes paused registrations whose probe is due, and
// returns how many attempts it made. It returns once its sends are
// finished.
func (w *Worker) DeliverDue(ctx context.Context) (int, error) {
	p := w.newPool()
	var err error
	for ctx.Err() == nil {
		var n int
		if n, err = p.fill(ctx, true); err != nil {
			break
		}
		if p.inflight == 0 {
			if n == 0 {
				break // nothing in flight and nothing more to claim
			}
			continue
		}
		p.finished(<-p.freed) // a send finished: its slot (and maybe its registration's) is free
	}
	p.close()
	return int(p.attempts.Load()), err
}

// pool runs sends in at most Concurrency lanes, at most PerRegistration
// per registration. A lane sends one registration's deliveries one after
// another: the transaction that records an attempt also claims the
// registration's next due delivery, so a busy registration costs one
// transaction per delivery. A lane ends when its registration has nothing
// more due, is paused, or after laneBurst sends (so others get its slot).
// Only the goroutine that owns the pool (Run or DeliverDue) calls its
// methods.
//
// The pool keeps the registrations known to have more due work (active):
// one whose last claim filled what was asked, or whose lane ended at
// laneBurst, is claimed for again as soon as a slot frees, without
// looking at the others; one whose claim came back short is drained and
// found again by the next look.
type pool struct {
	w        *Worker
	wg       sync.WaitGroup
	freed    chan laneEnd // one per finished lane
	inflight int
	perReg   map[string]int // sends in flight per registration
	active   []string       // registrations with more due work, in claim order
	isActive map[string]bool
	attempts atomic.Int64
	rec      *recorder
}

func (w *Worker) newPool() *pool {
	return &pool{w: w, freed: make(chan laneEnd, w.concurrency()), perReg: map[string]int{}, isActive: map[string]bool{},
		rec: w.newRecorder()}
}

// close stops the pool's recorder once every lane has ended.
func (p *pool) close() {
	p.wg.Wait()
	p.rec.stop()
}

// laneEnd reports a finished lane: its registration, and whether it may
// have more due work.
type laneEnd struct {
	regID string
	more  bool
}

// laneBurst is how many deliveries a lane sends before it gives its slot
// back to the round robin.
const laneBurst = 32

func (w *Worker) concurrency() int     { return max(w.Concurrency, 1) }
func (w *Worker) perRegistration() int { return max(w.PerRegistration, 1) }

// job is one claimed delivery with its registration as read in the claim;
// probe marks the trial send to a registration paused by failures.
type job struct {
	d     store.WebhookDelivery
	reg   store.WebhookRegistration
	probe bool
}

func (p *pool) finished(e laneEnd) {
	p.inflight--
	if p.perReg[e.regID]--; p.perReg[e.regID] <= 0 {
		delete(p.perReg, e.regID)
	}
	if e.more {
		p.activate(e.regID)
	}
}

// reap counts finished sends without waiting.
func (p *pool) reap() {
	for {
		select {
		case r := <-p.freed:
			p.finished(r)
		default:
			return
		}
	}
}

func (p *pool) activate(regID string) {
	if !p.isActive[regID] {
		p.isActive[regID] = true
		p.active = append(p.active, regID)
	}
}

// fill claims due work for the free slots and starts it. With look it
// first finds every registration with due work and takes due probes;
// otherwise it only claims for the active registrations. It returns how
// many sends it started.
func (p *pool) fill(ctx context.Context, look bool) (int, error) {
	w, started := p.w, 0
	p.reap()
	if look && p.inflight < w.concurrency() {
		ids, err := w.svc.DB.Queries().ListDueWebhookRegistrations(ctx, store.ListDueWebhookRegistrationsParams{
			Now: w.svc.Clock.Now(), MaxRegistrations: int32(max(w.BatchSize, 1))})
		if err != nil {
			return 0, err
		}
		for _, id := range ids {
			p.activate(id)
		}
	}
	// Round robin over the active registrations until the slots are full
	// or every one is drained or at its bound.
	for progress := true; progress && ctx.Err() == nil; {
		progress = false
		var keep []string
		for i, regID := range p.active {
			free := w.concurrency() - p.inflight
			want := min(free, w.perRegistration()-p.perReg[regID], max(w.BatchSize, 1))
			if free <= 0 {
				keep = append(keep, p.active[i:]...)
				break
			}
			if want <= 0 {
				keep = append(keep, regID) // at its bound: claimed again when one of its sends finishes
				continue
			}
			jobs, err := w.claimFor(ctx, regID, want)
			if err != nil {
				p.active = append(keep, p.active[i:]...)
				return started, err
			}
			for _, j := range jobs {
				p.start(ctx, j)
			}
			started += len(jobs)
			if len(jobs) == want {
				keep = append(keep, regID)
				progress = true
			} else {
				delete(p.isActive, regID)
			}
		}
		p.active = keep
	}
	if look && ctx.Err() == nil {
		probes, err := w.claimProbes(ctx, w.concurrency()-p.inflight)
		if err != nil {
			w.Log.Error("webhook: claiming probes failed", "err", err)
		}
		for _, j := range probes {
			p.start(ctx, j)
		}
		started += len(probes)
	}
	return started, nil
}

func (p *pool) start(ctx context.Context, j job) {
	slot := p.perReg[j.reg.ID]
	p.inflight++
	p.perReg[j.reg.ID]++
	p.wg.Go(func() {
		more := false
		defer func() { p.freed <- laneEnd{j.reg.ID, more} }()
		for n := 1; ; n++ {
			// Claim the next one only while running and within the burst.
			wantNext := ctx.Err() == nil && n < laneBurst
			next, sent, err := p.w.process(ctx, p.rec, j, wantNext, slot)
			if err != nil {
				p.w.Log.Error("webhook: delivery failed", "delivery", j.d.ID, "registration", j.d.RegistrationID, "err", err)
			}
			if sent {
				p.attempts.Add(1)
			}
			if next == nil {
				more = err == nil && !wantNext && ctx.Err() == nil
				return
			}
			j = *next
		}
	})
}

// claimFor leases up to n due deliveries of one registration, fewer when
// it is paused or gone, or has sends in flight on other nodes (the
// per-registration bound counts every node's leases). A lost race with
// another node's claim is not an error: that work is simply not ours.
func (w *Worker) claimFor(ctx context.Context, regID string, n int) ([]job, error) {
	now := w.svc.Clock.Now()
	var jobs []job
	err := w.inTx(ctx, func(q *store.Queries) error {
		jobs = nil
		// Count-then-claim is only a bound if claims of this registration
		// take turns: under READ COMMITTED two workers would both count the
		// same leases (seen: 6 in flight against a bound of 4).
		if _, err := q.LockWebhookRegistration(ctx, regID); err != nil {
			return err
		}
		reg, err := q.GetWebhookRegistrationByID(ctx, regID)
		if db.IsNoRows(err) || err == nil && reg.IsPaused {
			return nil
		} else if err != nil {
			return err
		}
		busy, err := q.CountLeasedWebhookDeliveries(ctx, store.CountLeasedWebhookDeliveriesParams{RegistrationID: regID, LeaseUntil: nullTime(now)})
		if err != nil {
			return err
		}
		n = min(n, w.perRegistration()-int(busy))
		if n <= 0 {
			return nil
		}
		rows, err := w.claimDue(ctx, q, regID, now, n, 0)
		for _, d := range rows {
			jobs = append(jobs, job{d: d, reg: reg})
		}
		return err
	})
	if retryable(err) {
		return nil, nil
	}
	return jobs, err
}

// errNoProbe rolls back a probe take that found nothing to send.
var errNoProbe = errors.New("webhook: nothing to probe")

// claimProbes takes up to n due probes of paused registrations: for each,
// it moves the registration's probe time past the lease (so no other
// worker probes it meanwhile) and claims its most overdue pending delivery,
// in one transaction.
func (w *Worker) claimProbes(ctx context.Context, n int) ([]job, error) {
	if n <= 0 {
		return nil, nil
	}
	now := w.svc.Clock.Now()
	ids, err := w.svc.DB.Queries().ListDueWebhookProbes(ctx, store.ListDueWebhookProbesParams{Now: nullTime(now), MaxProbes: int32(n)})
	if err != nil {
		return nil, err
	}
	var jobs []job
	for _, id := range ids {
		var j job
		err := w.inTx(ctx, func(q *store.Queries) error {
			n, err := q.TakeWebhookProbe(ctx, store.TakeWebhookProbeParams{ID: id, Now: nullTime(now), ProbeUntil: nullTime(now.Add(w.Lease))})
			if err != nil {
				return err
			} else if n == 0 {
				return errNoProbe
			}
			if j.reg, err = q.GetWebhookRegistrationByID(ctx, id); err != nil {
				return err
			}
			j.d, err = q.ClaimWebhookProbeDelivery(ctx, store.ClaimWebhookProbeDeliveryParams{RegistrationID: id, Now: now, LeaseUntil: nullTime(now.Add(w.Lease))})
			if db.IsNoRows(err) {
				return errNoProbe
			}
			return err
		})
		switch {
		case errors.Is(err, errNoProbe) || retryable(err):
		case err != nil:
			return jobs, err
		default:
			j.probe = true
			jobs = append(jobs, j)
		}
	}
	return jobs, nil
}

// retryable reports a PostgreSQL deadlock or serialization failure: two
// nodes' claims crossed, and the next look simply tries again.
func retryable(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "SQLSTATE 40P01") || strings.Contains(s, "SQLSTATE 40001")
}

// process sends one claimed delivery and records the attempt; with
// wantNext the same transaction claims the registration's next due
// delivery, returned for the lane to send. It reports whether an attempt
// was made.
func (w *Worker) process(ctx context.Context, rec *recorder, j job, wantNext bool, slot int) (next *job, sent bool, err error) {
	d := j.d
	// The claim is ours: see it through even if ctx is cancelled now, so
	// the attempt is recorded and not repeated by another node.
	ctx = context.WithoutCancel(ctx)
	if int(d.Attempts) > w.MaxAttempts {
		// Only reachable when leases expired on crashed workers.
		return nil, false, w.close(ctx, d, StatusFailed, "attempts exhausted")
	}
	res := w.send(ctx, d, j.reg)
	next, err = rec.record(ctx, j, res, wantNext, slot)
	return next, true, err
}

// close ends a claimed delivery without an attempt.
func (w *Worker) close(ctx context.Context, d store.WebhookDelivery, status, reason string) error {
	return w.inTx(ctx, func(q *store.Queries) error {
		_, err := q.FinishWebhookDelivery(ctx, store.FinishWebhookDeliveryParams{ID: d.ID, Status: status, NextAttemptAt: d.NextAttemptAt,
			LastStatusCode: d.LastStatusCode, LastError: reason, UpdatedAt: w.svc.Clock.Now(), Attempts: d.Attempts})
		return err
	})
}

// reserved headers are set by the worker; registration headers never
// replace them.
var reserved = map[string]bool{
	"Content-Type": true, "Content-Length": true, "Host": true, "Ms-Signature": true,
	"Webhook-Id": true, "Webhook-Timestamp": true, "Webhook-Signature": true,
}

// result is the outcome of one HTTP attempt.
type result struct {
	started  time.Time
	duration time.Duration
	status   int    // 0 when no response arrived
	err      string // "" on success
}

func (w *Worker) send(ctx context.Context, d store.WebhookDelivery, reg store.WebhookRegistration) result {
	res := result{started: w.svc.Clock.Now()}
	props := json.RawMessage(reg.Properties)
	if len(props) == 0 {
		props = json.RawMessage("{}")
	}
	body, err := marshal(struct {
		ID            string          `json:"Id"`
		Attempt       int32           `json:"Attempt"`
		Properties    json.RawMessage `json:"Properties"`
		Notifications json.RawMessage `json:"Notifications"`
	}{d.ID, d.Attempts, props, json.RawMessage(d.Notifications)})
	if err != nil {
		res.err = "encode body: " + err.Error()
		return res
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, reg.Uri, bytes.NewReader(body))
	if err != nil {
		res.err = err.Error()
		return res
	}
	headers := map[string]string{}
	_ = json.Unmarshal([]byte(reg.Headers), &headers)
	for k, v := range headers {
		if !reserved[http.CanonicalHeaderKey(k)] {
			req.Header.Set(k, v)
		}
	}
	ts := strconv.FormatInt(res.started.Unix(), 10)
	ms, std := sign(reg.Secret, d.ID, ts, body)
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	req.Header.Set("ms-signature", ms)
	req.Header.Set("webhook-id", d.ID)
	req.Header.Set("webhook-timestamp", ts)
	req.Header.Set("webhook-signature", std)
	if req.Header.Get("User-Agent") == "" {
		req.Header.Set("User-Agent", "payrolld-webhooks")
	}

	start := time.Now()
	resp, err := w.Client.Do(req)
	res.duration = time.Since(start)
	if err != nil {
		res.err = err.Error()
		return res
	}
	// Drain a little so the connection can be reused; the body is not kept.
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	res.status = resp.StatusCode
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		res.err = "HTTP " + resp.Status
	}
	return res
}

// sign returns the two signature header values over body:
//   - ms-signature (ASP.NET WebHooks): "sha256=" + hex HMAC-SHA256(body),
//   - webhook-signature (Standard Webhooks): "v1," + base64 HMAC-SHA256 of
//     "id.timestamp.body".
//
// Both are keyed with the UTF-8 bytes of the registration secret as the
// client sees it. Standard Webhooks libraries expect the key as
// "whsec_" + base64(key); receivers using one pass
// "whsec_" + base64(secret). Keying with the raw bytes keeps one secret
// valid for both schemes (our secrets are not base64 of anything).
func sign(secret, id, ts string, body []byte) (ms, std string) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	ms = "sha256=" + hex.EncodeToString(mac.Sum(nil))
	mac = hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(id + "." + ts + "."))
	mac.Write(body)
	std = "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return ms, std
}

// outcome is what recording an attempt did, for the logs.
type outcome struct {
	status    string    // the delivery's new status
	nextAt    time.Time // its next attempt when still pending
	nextProbe time.Time // set after a failed probe
	paused    bool      // this failure paused the registration
	pausedBy  store.WebhookRegistration
	resumed   bool // this success resumed the registration
	stale     bool // the claim was no longer ours (cancelled or re-claimed)
}

// recording is one finished send on its way into the database.
type recording struct {
	j        job
	res      result
	wantNext bool
	slot     int
	now      time.Time
	errText  string
	o        outcome
	next     *job
	err      error
	done     chan struct{}
}

func (w *Worker) newRecord(j job, res result, wantNext bool, slot int) *recording {
	now := w.svc.Clock.Now()
	r := &recording{j: j, res: res, wantNext: wantNext, slot: slot, now: now, errText: truncate(res.err, maxErrorText)}
	r.o = outcome{status: StatusDelivered, nextAt: j.d.NextAttemptAt}
	if res.err != "" {
		r.o.status = StatusFailed
		if int(j.d.Attempts) < w.MaxAttempts {
			r.o.status, r.o.nextAt = StatusPending, now.Add(w.backoff(int(j.d.Attempts)))
		}
	}
	return r
}

// recordTx stores an attempt and its consequences in q (a transaction,
// maybe shared with other recordings, see recorder): the delivery's next
// state, and the registration's failure streak (pausing it when the streak
// reaches PauseAfter, moving its probe out after a failed probe, resuming
// it after a success). With wantNext it also claims the registration's
// next due delivery for the lane.
func (w *Worker) recordTx(ctx context.Context, q *store.Queries, r *recording) error {
	r.next, r.o.paused, r.o.resumed, r.o.stale = nil, false, false, false
	if err := w.recordIn(ctx, q, r.j, r.res, r.errText, r.now, &r.o); err != nil {
		return err
	}
	if !r.wantNext || r.j.probe && !r.o.resumed {
		return nil // a paused registration gets one probe at a time
	}
	var err error
	r.next, err = w.claimNextIn(ctx, q, r.j.reg.ID, r.now, r.slot)
	return err
}

// report logs what a committed recording did.
func (w *Worker) report(r *recording) {
	d, reg, o := r.j.d, r.j.reg, r.o
	if o.stale {
		return
	}
	if r.res.err != "" {
		args := []any{"registration", reg.ID, "business", reg.BusinessID, "delivery", d.ID, "action", d.Action,
			"attempt", d.Attempts, "status", r.res.status, "error", r.errText}
		if o.status == StatusFailed {
			args = append(args, "next_attempt", "none: attempts spent, delivery failed")
		} else {
			args = append(args, "next_attempt", o.nextAt)
		}
		if r.j.probe {
			args = append(args, "probe", true, "next_probe", o.nextProbe)
		}
		w.Log.Warn("webhook attempt failed", args...)
	}
	if o.paused {
		w.Log.Warn("webhook registration paused; its events are kept and it will be probed", "registration", reg.ID,
			"business", reg.BusinessID, "reason", o.pausedBy.PausedReason, "next_probe", o.pausedBy.ProbeAt.Time)
	}
	if o.resumed {
		w.Log.Info("webhook registration resumed after a successful delivery", "registration", reg.ID, "business", reg.BusinessID)
		w.svc.Notify()
	}
}

// recorder records the attempts of a pool's lanes in shared transactions
// (group commit): a lane hands over its finished send and waits; one
// goroutine records every send handed over meanwhile, up to maxGroup, in
// one transaction. The transaction, not the send, limits a busy
// registration's rate (SQLite's single writer; PostgreSQL's round trips
// and commit flush), so sharing it multiplies throughput (backlog of 1,000
// to one receiver on SQLite: about 2.5x); latency does not grow, since a
// lane never waits for more than the transaction already under way. On
// PostgreSQL a group of successes is recorded with multi-row statements
// (pg.go).
type recorder struct {
	w    *Worker
	in   chan *recording
	quit chan struct{}
	done chan struct{}
}

// maxGroup bounds the recordings one transaction carries.
const maxGroup = 64

func (w *Worker) newRecorder() *recorder {
	r := &recorder{w: w, in: make(chan *recording), quit: make(chan struct{}), done: make(chan struct{})}
	go r.loop()
	return r
}

func (r *recorder) stop() {
	close(r.quit)
	<-r.done
}

// record hands a finished send to the recorder and waits for it to commit.
func (r *recorder) record(ctx context.Context, j job, res result, wantNext bool, slot int) (*job, error) {
	rec := r.w.newRecord(j, res, wantNext, slot)
	rec.done = make(chan struct{})
	r.in <- rec
	<-rec.done
	if rec.err != nil {
		return nil, rec.err
	}
	r.w.report(rec)
	return rec.next, nil
}

func (r *recorder) loop() {
	defer close(r.done)
	// The recordings' contexts are cancel-free (process): a claim is seen
	// through even while the worker stops.
	ctx := context.Background()
	for {
		var group []*recording
		select {
		case rec := <-r.in:
			group = append(group, rec)
		case <-r.quit:
			return
		}
	more:
		for len(group) < maxGroup {
			select {
			case rec := <-r.in:
				group = append(group, rec)
			default:
				break more
			}
		}
		r.commit(ctx, group)
		for _, rec := range group {
			close(rec.done)
		}
	}
}

// commit records group in one transaction, retried on a PostgreSQL
// deadlock or serialization failure; if it still fails, each recording is
// made on its own so one bad row does not fail the others.
func (r *recorder) commit(ctx context.Context, group []*recording) {
	var err error
	if r.w.batchable(group) {
		for try := 0; try == 0 || retryable(err) && try < 5; try++ {
			err = r.w.inTx(ctx, func(q *store.Queries) error { return r.w.recordBatchTx(ctx, q, group) })
		}
		if err == nil {
			return
		}
		r.w.Log.Warn("webhook: recording a group of deliveries failed; recording them one by one", "err", err)
	}
	for try := 0; try == 0 || retryable(err) && try < 5; try++ {
		err = r.w.inTx(ctx, func(q *store.Queries) error {
			for _, rec := range group {
				if err := r.w.recordTx(ctx, q, rec); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err == nil || len(group) == 1 {
		for _, rec := range group {
			rec.err = err
		}
		return
	}
	for _, rec := range group {
		for try := 0; try == 0 || retryable(rec.err) && try < 5; try++ {
			rec.err = r.w.inTx(ctx, func(q *store.Queries) error { return r.w.recordTx(ctx, q, rec) })
		}
	}
}

// recordIn stores an attempt and its consequences (see record) in q.
func (w *Worker) recordIn(ctx context.Context, q *store.Queries, j job, res result, errText string, now time.Time, o *outcome) error {
	d, reg := j.d, j.reg
	if err := q.RecordWebhookAttempt(ctx, store.RecordWebhookAttemptParams{DeliveryID: d.ID, Attempt: d.Attempts,
		StartedAt: res.started, DurationMs: res.duration.Milliseconds(), StatusCode: int32(res.status), Error: errText}); err != nil {
		return err
	}
	n, err := q.FinishWebhookDelivery(ctx, store.FinishWebhookDeliveryParams{ID: d.ID, Status: o.status, NextAttemptAt: o.nextAt,
		LastStatusCode: int32(res.status), LastError: errText, UpdatedAt: now, Attempts: d.Attempts})
	if err != nil || n == 0 {
		o.stale = n == 0
		return err // n == 0: cancelled or re-claimed meanwhile; that side decides
	}
	if res.err == "" {
		n, err := q.MarkWebhookSuccess(ctx, reg.ID)
		if err != nil || n == 0 && !j.probe && !reg.IsPaused {
			return err // the usual case: no failure streak, not paused
		}
		// After failures: a registration the worker paused (maybe while
		// this send was in flight) resumes.
		n, err = q.ResumeWebhookAfterSuccess(ctx, store.ResumeWebhookAfterSuccessParams{ID: reg.ID, UpdatedAt: now})
		if err != nil || n == 0 {
			return err
		}
		o.resumed = true
		return q.ResumeWebhookDeliveries(ctx, store.ResumeWebhookDeliveriesParams{RegistrationID: reg.ID, NextAttemptAt: now})
	}
	if j.probe {
		o.nextProbe = now.Add(w.probeBackoff(int(reg.ProbeFailures) + 1))
		if err := q.RescheduleWebhookProbe(ctx, store.RescheduleWebhookProbeParams{ID: reg.ID, ProbeAt: nullTime(o.nextProbe), UpdatedAt: now}); err != nil {
			return err
		}
	}
	r, err := q.MarkWebhookFailure(ctx, store.MarkWebhookFailureParams{PauseAfter: int32(w.PauseAfter), UpdatedAt: now, ID: reg.ID,
		ProbeAt: nullTime(now.Add(w.probeBackoff(0))),
		Reason:  truncate("paused after "+strconv.Itoa(w.PauseAfter)+" failed deliveries in a row; last: "+errText, maxErrorText)})
	if db.IsNoRows(err) {
		return nil
	} else if err != nil {
		return err
	}
	if r.IsPaused && r.ProbeAt.Valid && int(r.ConsecutiveFailures) == w.PauseAfter {
		o.paused, o.pausedBy = true, r
	}
	return nil
}

// claimNextIn claims the registration's next due delivery in q for the
// lane that just recorded one, unless the registration is paused or gone.
// Lane slot s takes the (s+1)th oldest due delivery, or the oldest when
// there are fewer (or another node's claim took it).
func (w *Worker) claimNextIn(ctx context.Context, q *store.Queries, regID string, now time.Time, slot int) (*job, error) {
	reg, err := q.GetWebhookRegistrationByID(ctx, regID)
	if db.IsNoRows(err) || err == nil && reg.IsPaused {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	skips := []int{slot, 0}
	if w.svc.DB.Dialect == db.Postgres {
		skips = []int{0} // SKIP LOCKED: rows other lanes hold are passed over anyway
	}
	for _, skip := range skips {
		rows, err := w.claimDue(ctx, q, regID, now, 1, skip)
		if err != nil {
			return nil, err
		}
		if len(rows) > 0 {
			return &job{d: rows[0], reg: reg}, nil
		}
		if skip == 0 {
			break
		}
	}
	return nil, nil
}

// backoff is the delay after failed attempt n (1-based): RetryBase doubled
// n-1 times, capped at RetryMax.
func (w *Worker) backoff(n int) time.Duration {
	d := w.RetryBase
	for i := 1; i < n && d < w.RetryMax; i++ {
		d *= 2
	}
	return min(d, w.RetryMax)
}

// probeBackoff is the delay before probe n+1 of a paused registration
// after n failed probes: ProbeBase doubled n times, capped at ProbeMax.
func (w *Worker) probeBackoff(n int) time.Duration {
	d := max(w.ProbeBase, time.Millisecond)
	for i := 0; i < n && d < w.ProbeMax; i++ {
		d *= 2
	}
	return min(d, max(w.ProbeMax, w.ProbeBase))
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func nullTime(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: true} }
