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
}

// NewWorker returns a worker with the production settings: poll every
// pollInterval (1s when zero), 128 sends at once, at most 4 per
// registration, retry after 1, 2, 4, 8 ... minutes capped at an hour, fail
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
	return &Worker{svc: s, Client: newClient(s.AllowPrivate), Log: log,
		PollInterval: pollInterval, HotInterval: 10 * time.Millisecond, HotWindow: 250 * time.Millisecond,
		Lease: 6 * Timeout, BatchSize: 100, Concurrency: 128, PerRegistration: 4,
		RetryBase: time.Minute, RetryMax: time.Hour, MaxAttempts: 8, PauseAfter: 10,
		ProbeBase: time.Minute, ProbeMax: time.Hour}
}

// Run delivers until ctx is cancelled. It claims due deliveries whenever a
// send slot is free and there is work: on start, when a send finishes, when
// the service is nudged (then every HotInterval for HotWindow) and every
// PollInterval. Sends already under way when ctx is cancelled are finished
// and recorded, then Run returns nil.
func (w *Worker) Run(ctx context.Context) error {
	p := w.newPool()
	defer p.wg.Wait()
	wake := w.svc.wake()
	timer := time.NewTimer(0)
	defer timer.Stop()
	var hotUntil time.Time
	probes := true // look for due probes on start, ticks and nudges, not after every send
	for {
		wait := w.PollInterval
		if _, err := p.fill(ctx, probes); err != nil && ctx.Err() == nil {
			w.Log.Error("webhook: claiming due deliveries failed", "err", err)
		} else if time.Now().Before(hotUntil) {
			wait = w.HotInterval
		}
		timer.Reset(wait)
		select {
		case <-ctx.Done():
			return nil
		case <-timer.C:
			probes = true
		case <-wake:
			hotUntil, probes = time.Now().Add(w.HotWindow), true
		case <-p.freed:
			p.inflight--
			probes = false
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
		<-p.freed // a send finished: its slot (and maybe its registration's) is free
		p.inflight--
	}
	p.wg.Wait()
	return int(p.attempts.Load()), err
}

// pool runs sends in at most Concurrency goroutines. Only the goroutine
// that owns the pool (Run or DeliverDue) calls its methods.
type pool struct {
	w        *Worker
	wg       sync.WaitGroup
	freed    chan struct{} // one value per finished send
	inflight int
	attempts atomic.Int64
}

func (w *Worker) newPool() *pool {
	return &pool{w: w, freed: make(chan struct{}, w.concurrency())}
}

func (w *Worker) concurrency() int { return max(w.Concurrency, 1) }

// job is one claimed delivery; probe marks the trial send to a registration
// paused by failures.
type job struct {
	d     store.WebhookDelivery
	probe bool
}

// fill claims due work for the free slots and starts it, until the slots
// are full or a claim comes back short. It returns how many sends it
// started.
func (p *pool) fill(ctx context.Context, probes bool) (int, error) {
	w, started := p.w, 0
	for ctx.Err() == nil {
		p.reap()
		free := w.concurrency() - p.inflight
		if free <= 0 {
			break
		}
		want := min(free, max(w.BatchSize, 1))
		jobs, err := w.claim(ctx, want)
		if err != nil {
			return started, err
		}
		short := len(jobs) < want
		if short && probes {
			more, err := w.claimProbes(ctx, free-len(jobs))
			if err != nil {
				w.Log.Error("webhook: claiming probes failed", "err", err)
			}
			jobs = append(jobs, more...)
		}
		for _, j := range jobs {
			p.start(ctx, j)
		}
		started += len(jobs)
		if short {
			break
		}
	}
	return started, nil
}

// reap counts finished sends without waiting.
func (p *pool) reap() {
	for {
		select {
		case <-p.freed:
			p.inflight--
		default:
			return
		}
	}
}

func (p *pool) start(ctx context.Context, j job) {
	p.inflight++
	p.wg.Go(func() {
		defer func() { p.freed <- struct{}{} }()
		sent, err := p.w.process(ctx, j)
		if err != nil {
			p.w.Log.Error("webhook: delivery failed", "delivery", j.d.ID, "registration", j.d.RegistrationID, "err", err)
		}
		if sent {
			p.attempts.Add(1)
		}
	})
}

// claim leases up to n due deliveries of registrations that are not
// paused. A lost race with another node's claim is not an error: that work
// is simply not ours.
func (w *Worker) claim(ctx context.Context, n int) ([]job, error) {
	now := w.svc.Clock.Now()
	var rows []store.WebhookDelivery
	err := w.svc.DB.InTx(ctx, func(q *store.Queries) (err error) {
		rows, err = q.ClaimDueWebhookDeliveries(ctx, store.ClaimDueWebhookDeliveriesParams{LeaseUntil: nullTime(now.Add(w.Lease)),
			Now: now, PerRegistration: int64(max(w.PerRegistration, 1)), MaxClaims: int32(n)})
		return err
	})
	if err != nil {
		if retryable(err) {
			return nil, nil
		}
		return nil, err
	}
	jobs := make([]job, len(rows))
	for i, d := range rows {
		jobs[i] = job{d: d}
	}
	return jobs, nil
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
		var d store.WebhookDelivery
		err := w.svc.DB.InTx(ctx, func(q *store.Queries) error {
			n, err := q.TakeWebhookProbe(ctx, store.TakeWebhookProbeParams{ID: id, Now: nullTime(now), ProbeUntil: nullTime(now.Add(w.Lease))})
			if err != nil {
				return err
			} else if n == 0 {
				return errNoProbe
			}
			d, err = q.ClaimWebhookProbeDelivery(ctx, store.ClaimWebhookProbeDeliveryParams{RegistrationID: id, Now: now, LeaseUntil: nullTime(now.Add(w.Lease))})
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
			jobs = append(jobs, job{d: d, probe: true})
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

// process sends one claimed delivery and records the attempt. It reports
// whether an attempt was made.
func (w *Worker) process(ctx context.Context, j job) (bool, error) {
	d := j.d
	// The claim is ours: see it through even if ctx is cancelled now, so
	// the attempt is recorded and not repeated by another node.
	ctx = context.WithoutCancel(ctx)
	reg, err := w.svc.DB.Queries().GetWebhookRegistration(ctx, store.GetWebhookRegistrationParams{ID: d.RegistrationID, BusinessID: d.BusinessID})
	switch {
	case db.IsNoRows(err):
		// Deleted since the event was queued (the delete's own
		// cancellation raced with this row's insert).
		return false, w.close(ctx, d, StatusCancelled, "registration deleted")
	case err != nil:
		return false, errors.Join(err, w.release(ctx, d))
	case reg.IsPaused && !j.probe:
		// Paused between claim and send: the delivery waits, its attempt
		// budget untouched.
		return false, w.release(ctx, d)
	case int(d.Attempts) > w.MaxAttempts:
		// Only reachable when leases expired on crashed workers.
		return false, w.close(ctx, d, StatusFailed, "attempts exhausted")
	}
	res := w.send(ctx, d, reg)
	return true, w.record(ctx, j, reg, res)
}

// close ends a claimed delivery without an attempt.
func (w *Worker) close(ctx context.Context, d store.WebhookDelivery, status, reason string) error {
	return w.svc.DB.InTx(ctx, func(q *store.Queries) error {
		_, err := q.FinishWebhookDelivery(ctx, store.FinishWebhookDeliveryParams{ID: d.ID, Status: status, NextAttemptAt: d.NextAttemptAt,
			LastStatusCode: d.LastStatusCode, LastError: reason, UpdatedAt: w.svc.Clock.Now(), Attempts: d.Attempts})
		return err
	})
}

// release gives a claim back without an attempt.
func (w *Worker) release(ctx context.Context, d store.WebhookDelivery) error {
	return w.svc.DB.InTx(ctx, func(q *store.Queries) error {
		return q.ReleaseWebhookDelivery(ctx, store.ReleaseWebhookDeliveryParams{ID: d.ID, Attempts: d.Attempts, UpdatedAt: w.svc.Clock.Now()})
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

// record stores the attempt and its consequences in one transaction: the
// delivery's next state, and the registration's failure streak (pausing it
// when the streak reaches PauseAfter, moving its probe out after a failed
// probe, resuming it after a success).
func (w *Worker) record(ctx context.Context, j job, reg store.WebhookRegistration, res result) error {
	d := j.d
	now := w.svc.Clock.Now()
	ok := res.err == ""
	status, next := StatusDelivered, d.NextAttemptAt
	if !ok {
		status = StatusFailed
		if int(d.Attempts) < w.MaxAttempts {
			status, next = StatusPending, now.Add(w.backoff(int(d.Attempts)))
		}
	}
	errText := truncate(res.err, maxErrorText)
	var nextProbe time.Time
	var paused store.WebhookRegistration
	resumed, stale := false, false
	err := w.svc.DB.InTx(ctx, func(q *store.Queries) error {
		if err := q.RecordWebhookAttempt(ctx, store.RecordWebhookAttemptParams{DeliveryID: d.ID, Attempt: d.Attempts,
			StartedAt: res.started, DurationMs: res.duration.Milliseconds(), StatusCode: int32(res.status), Error: errText}); err != nil {
			return err
		}
		n, err := q.FinishWebhookDelivery(ctx, store.FinishWebhookDeliveryParams{ID: d.ID, Status: status, NextAttemptAt: next,
			LastStatusCode: int32(res.status), LastError: errText, UpdatedAt: now, Attempts: d.Attempts})
		if err != nil || n == 0 {
			stale = n == 0
			return err // n == 0: cancelled or re-claimed meanwhile; that side decides
		}
		if ok {
			if err := q.MarkWebhookSuccess(ctx, reg.ID); err != nil {
				return err
			}
			n, err := q.ResumeWebhookAfterSuccess(ctx, store.ResumeWebhookAfterSuccessParams{ID: reg.ID, UpdatedAt: now})
			if err != nil || n == 0 {
				return err
			}
			resumed = true
			return q.ResumeWebhookDeliveries(ctx, store.ResumeWebhookDeliveriesParams{RegistrationID: reg.ID, NextAttemptAt: now})
		}
		if j.probe {
			nextProbe = now.Add(w.probeBackoff(int(reg.ProbeFailures) + 1))
			if err := q.RescheduleWebhookProbe(ctx, store.RescheduleWebhookProbeParams{ID: reg.ID, ProbeAt: nullTime(nextProbe), UpdatedAt: now}); err != nil {
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
		if !reg.IsPaused && r.IsPaused && r.ProbeAt.Valid && int(r.ConsecutiveFailures) == w.PauseAfter {
			paused = r
		}
		return nil
	})
	if err != nil || stale {
		return err
	}
	if !ok {
		args := []any{"registration", reg.ID, "business", reg.BusinessID, "delivery", d.ID, "action", d.Action,
			"attempt", d.Attempts, "status", res.status, "error", errText}
		switch {
		case status == StatusFailed:
			args = append(args, "next_attempt", "none: attempts spent, delivery failed")
		case reg.IsPaused && !j.probe || paused.ID != "":
			args = append(args, "next_attempt", next, "paused", true)
		default:
			args = append(args, "next_attempt", next)
		}
		if j.probe {
			args = append(args, "probe", true, "next_probe", nextProbe)
		}
		w.Log.Warn("webhook attempt failed", args...)
	}
	if paused.ID != "" {
		w.Log.Warn("webhook registration paused; its events are kept and it will be probed", "registration", reg.ID,
			"business", reg.BusinessID, "reason", paused.PausedReason, "next_probe", paused.ProbeAt.Time)
	}
	if resumed {
		w.Log.Info("webhook registration resumed after a successful delivery", "registration", reg.ID, "business", reg.BusinessID)
		w.svc.Notify()
	}
	return nil
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
