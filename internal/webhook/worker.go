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
	"io"
	"log/slog"
	"net/http"
	"strconv"
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
type Worker struct {
	svc    *Service
	Client *http.Client
	Log    *slog.Logger

	PollInterval time.Duration // how often to look for due deliveries
	Lease        time.Duration // how long a claim holds; must exceed the client timeout
	BatchSize    int           // due deliveries listed per query
	Concurrency  int           // sends in flight at once
	RetryBase    time.Duration // delay after the first failed attempt; doubles per attempt
	RetryMax     time.Duration // cap on the delay
	MaxAttempts  int           // attempts before a delivery is marked failed
	PauseAfter   int           // consecutive failed attempts that pause a registration
}

// NewWorker returns a worker with the production settings: poll every
// pollInterval (1s when zero), retry after 1, 2, 4, 8 ... minutes capped at
// an hour, fail a delivery after 8 attempts, pause a registration after 10
// failed attempts in a row.
func (s *Service) NewWorker(pollInterval time.Duration, log *slog.Logger) *Worker {
	if pollInterval <= 0 {
		pollInterval = time.Second
	}
	if log == nil {
		log = slog.Default()
	}
	return &Worker{svc: s, Client: newClient(s.AllowPrivate), Log: log,
		PollInterval: pollInterval, Lease: 6 * Timeout, BatchSize: 100, Concurrency: 8,
		RetryBase: time.Minute, RetryMax: time.Hour, MaxAttempts: 8, PauseAfter: 10}
}

// Run delivers until ctx is cancelled, looking for due deliveries every
// PollInterval and whenever the service is nudged (Service.Notify). Sends
// already under way when ctx is cancelled are finished and recorded, then
// Run returns nil.
func (w *Worker) Run(ctx context.Context) error {
	tick := time.NewTicker(w.PollInterval)
	defer tick.Stop()
	wake := w.svc.wake()
	for {
		if _, err := w.DeliverDue(ctx); err != nil && ctx.Err() == nil {
			w.Log.Error("webhook delivery pass failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		case <-wake:
		}
	}
}

// DeliverDue makes one pass: it sends every delivery due now (by the
// service clock) that no other worker holds, and returns how many attempts
// it made. It returns once its sends are finished.
func (w *Worker) DeliverDue(ctx context.Context) (int, error) {
	total := 0
	for ctx.Err() == nil {
		ids, err := w.svc.DB.Queries().ListDueWebhookDeliveries(ctx, store.ListDueWebhookDeliveriesParams{
			NextAttemptAt: w.svc.Clock.Now(), Limit: int32(w.BatchSize)})
		if err != nil {
			return total, err
		}
		n := w.deliverAll(ctx, ids)
		total += n
		// A short batch was everything due; a batch where every claim was
		// lost means other workers are on it.
		if len(ids) < w.BatchSize || n == 0 {
			break
		}
	}
	return total, nil
}

func (w *Worker) deliverAll(ctx context.Context, ids []string) int {
	var wg sync.WaitGroup
	var sent atomic.Int64
	sem := make(chan struct{}, max(w.Concurrency, 1))
	for _, id := range ids {
		select {
		case <-ctx.Done():
		case sem <- struct{}{}:
			wg.Go(func() {
				defer func() { <-sem }()
				if ctx.Err() != nil {
					return // cancelled while waiting for a slot
				}
				ok, err := w.deliver(ctx, id)
				if err != nil {
					w.Log.Error("webhook delivery failed", "delivery", id, "err", err)
				}
				if ok {
					sent.Add(1)
				}
			})
			continue
		}
		break
	}
	wg.Wait()
	return int(sent.Load())
}

// deliver claims one delivery and, when the claim wins, makes the attempt
// and records it. It reports whether an attempt was made.
func (w *Worker) deliver(ctx context.Context, id string) (bool, error) {
	now := w.svc.Clock.Now()
	var d store.WebhookDelivery
	err := w.svc.DB.InTx(ctx, func(q *store.Queries) (err error) {
		d, err = q.ClaimWebhookDelivery(ctx, store.ClaimWebhookDeliveryParams{
			ID: id, LeaseUntil: nullTime(now.Add(w.Lease)), UpdatedAt: now})
		return err
	})
	if db.IsNoRows(err) {
		return false, nil // another worker holds it, or it is no longer due
	} else if err != nil {
		return false, err
	}
	// The claim is ours: see it through even if ctx is cancelled now, so
	// the attempt is recorded and not repeated by another node.
	ctx = context.WithoutCancel(ctx)
	reg, err := w.svc.DB.Queries().GetWebhookRegistration(ctx, store.GetWebhookRegistrationParams{ID: d.RegistrationID, BusinessID: d.BusinessID})
	switch {
	case db.IsNoRows(err) || err == nil && reg.IsPaused:
		// Deleted or paused since the event was queued (the pause's own
		// cancellation raced with this row's insert).
		return false, w.close(ctx, d, StatusCancelled, "registration deleted or paused")
	case err != nil:
		return false, err
	case int(d.Attempts) > w.MaxAttempts:
		// Only reachable when leases expired on crashed workers.
		return false, w.close(ctx, d, StatusFailed, "attempts exhausted")
	}
	res := w.send(ctx, d, reg)
	return true, w.record(ctx, d, reg, res)
}

// close ends a claimed delivery without an attempt.
func (w *Worker) close(ctx context.Context, d store.WebhookDelivery, status, reason string) error {
	return w.svc.DB.InTx(ctx, func(q *store.Queries) error {
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

// record stores the attempt and its consequences in one transaction: the
// delivery's next state, and the registration's failure streak (pausing it
// and cancelling its queue when the streak reaches PauseAfter).
func (w *Worker) record(ctx context.Context, d store.WebhookDelivery, reg store.WebhookRegistration, res result) error {
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
	return w.svc.DB.InTx(ctx, func(q *store.Queries) error {
		if err := q.RecordWebhookAttempt(ctx, store.RecordWebhookAttemptParams{DeliveryID: d.ID, Attempt: d.Attempts,
			StartedAt: res.started, DurationMs: res.duration.Milliseconds(), StatusCode: int32(res.status), Error: errText}); err != nil {
			return err
		}
		n, err := q.FinishWebhookDelivery(ctx, store.FinishWebhookDeliveryParams{ID: d.ID, Status: status, NextAttemptAt: next,
			LastStatusCode: int32(res.status), LastError: errText, UpdatedAt: now, Attempts: d.Attempts})
		if err != nil || n == 0 {
			return err // n == 0: cancelled or re-claimed meanwhile; that side decides
		}
		if ok {
			return q.MarkWebhookSuccess(ctx, reg.ID)
		}
		r, err := q.MarkWebhookFailure(ctx, store.MarkWebhookFailureParams{PauseAfter: int32(w.PauseAfter), UpdatedAt: now, ID: reg.ID,
			Reason: truncate("paused after "+strconv.Itoa(w.PauseAfter)+" failed deliveries in a row; last: "+errText, maxErrorText)})
		if db.IsNoRows(err) || err == nil && !r.IsPaused {
			return nil
		} else if err != nil {
			return err
		}
		w.Log.Warn("webhook registration paused", "registration", reg.ID, "business", reg.BusinessID, "reason", r.PausedReason)
		return q.CancelPendingDeliveriesOfRegistration(ctx, store.CancelPendingDeliveriesOfRegistrationParams{RegistrationID: reg.ID, UpdatedAt: now})
	})
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
