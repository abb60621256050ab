package webhook

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
)

// The PostgreSQL delivery path. Two things differ from the portable one
// (the sqlc queries in store/queries/webhook.sql, which SQLite runs):
//
//   - claims lock the rows they pick with FOR UPDATE SKIP LOCKED, so
//     lanes and nodes claiming one registration at once each take
//     different rows instead of queueing on the lock of the oldest one
//     (and never claim one row twice);
//   - a group of successful sends is recorded with one statement (attempt
//     rows inserted, deliveries finished, failure streaks reset, for the
//     whole group) and the group's lanes claim their next deliveries with
//     one statement per registration, in one transaction: a few round
//     trips and one commit for the group instead of seven round trips and
//     a commit per send.
//
// Both statements use PostgreSQL-only syntax (SKIP LOCKED, unnest of array
// parameters, data-modifying WITH), so they live here rather than in the
// engine-neutral sqlc file.

// pgClaimDue leases up to $4 due deliveries of registration $3, oldest due
// first, skipping rows another transaction holds. The pick is a
// materialised WITH: as a sub-select of the UPDATE, PostgreSQL may run it
// again while re-checking a concurrently updated row and lease more rows
// than the LIMIT (seen in the tests). The rows it returns are locked by
// this transaction, so the UPDATE applies to each.
const pgClaimDue = `WITH picked AS MATERIALIZED (
  SELECT p.id FROM webhook_deliveries p
  WHERE p.registration_id = $3 AND p.status = 'pending' AND p.next_attempt_at <= $2
    AND (p.lease_until IS NULL OR p.lease_until < $2)
  ORDER BY p.next_attempt_at, p.id
  LIMIT $4 FOR UPDATE SKIP LOCKED
)
UPDATE webhook_deliveries d SET lease_until = $1, attempts = d.attempts + 1, updated_at = $2
FROM picked WHERE d.id = picked.id
RETURNING d.id, d.registration_id, d.business_id, d.action, d.notifications, d.status, d.attempts, d.next_attempt_at,
          d.lease_until, d.last_status_code, d.last_error, d.created_at, d.updated_at`

// pgClaimNext is pgClaimDue for lanes that just recorded a send: it
// claims only while registration $3 is not paused and returns the
// registration's current row beside each delivery, so a group's next
// claims cost one round trip per registration (not a read and a claim).
const pgClaimNext = `WITH reg AS MATERIALIZED (
  SELECT * FROM webhook_registrations WHERE id = $3 AND NOT is_paused
), picked AS MATERIALIZED (
  SELECT p.id FROM webhook_deliveries p
  WHERE p.registration_id = $3 AND EXISTS (SELECT 1 FROM reg) AND p.status = 'pending' AND p.next_attempt_at <= $2
    AND (p.lease_until IS NULL OR p.lease_until < $2)
  ORDER BY p.next_attempt_at, p.id
  LIMIT $4 FOR UPDATE OF p SKIP LOCKED
)
UPDATE webhook_deliveries d SET lease_until = $1, attempts = d.attempts + 1, updated_at = $2
FROM picked, reg WHERE d.id = picked.id
RETURNING d.id, d.registration_id, d.business_id, d.action, d.notifications, d.status, d.attempts, d.next_attempt_at,
          d.lease_until, d.last_status_code, d.last_error, d.created_at, d.updated_at,
          reg.id, reg.business_id, reg.uri, reg.secret, reg.description, reg.is_paused, reg.filters, reg.headers,
          reg.properties, reg.consecutive_failures, reg.paused_reason, reg.created_at, reg.updated_at, reg.probe_at,
          reg.probe_failures`

// pgRecordDelivered records successful attempts: $1..$5 are parallel
// arrays (delivery id, attempt number, start, duration, HTTP status), $6
// the time. A delivery whose claim is no longer ours (cancelled, or
// re-claimed after its lease expired) gets its attempt row but is not
// overwritten, as FinishWebhookDelivery does. It returns ('d', id) per
// delivery it finished and ('r', id) per registration whose failure streak
// it reset (those may have been paused meanwhile: the caller resumes them).
//
// It also turns synchronous_commit off for its transaction (set_config in
// u, which the INSERT always reads): the commit returns without waiting
// for the WAL flush. What a server crash can then lose is the last fraction
// of a second of delivery records, never an event: those deliveries are
// still pending under a lease and are sent again when it expires, which
// delivery at least once allows. On a loaded machine the flush wait was
// the largest part of a group's time (stream of 1,000: 238 -> 715 events/s
// with it off for the whole bench).
const pgRecordDelivered = `WITH u AS (
  SELECT u.* FROM unnest($1::text[], $2::int[], $3::timestamptz[], $4::bigint[], $5::int[])
    AS u(id, attempt, started_at, duration_ms, status_code),
    (SELECT set_config('synchronous_commit', 'off', true)) AS cfg
), a AS (
  INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error)
  SELECT id, attempt, started_at, duration_ms, status_code, '' FROM u
), f AS (
  UPDATE webhook_deliveries d SET status = 'delivered', lease_until = NULL, last_status_code = u.status_code,
         last_error = '', updated_at = $6
  FROM u WHERE d.id = u.id AND d.attempts = u.attempt AND d.status = 'pending'
  RETURNING d.id, d.registration_id
), s AS (
  UPDATE webhook_registrations r SET consecutive_failures = 0
  WHERE r.id IN (SELECT registration_id FROM f) AND r.consecutive_failures <> 0
  RETURNING r.id
)
SELECT 'd', id FROM f UNION ALL SELECT 'r', id FROM s`

// pgClaim runs pgClaimDue in q's transaction.
func pgClaim(ctx context.Context, q *store.Queries, regID string, now, leaseUntil time.Time, n int) ([]store.WebhookDelivery, error) {
	tx := q.Tx()
	if tx == nil {
		return nil, fmt.Errorf("webhook: claim outside a transaction")
	}
	rows, err := tx.QueryContext(ctx, pgClaimDue, leaseUntil, now, regID, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.WebhookDelivery
	for rows.Next() {
		var d store.WebhookDelivery
		if err := rows.Scan(&d.ID, &d.RegistrationID, &d.BusinessID, &d.Action, &d.Notifications, &d.Status, &d.Attempts,
			&d.NextAttemptAt, &d.LeaseUntil, &d.LastStatusCode, &d.LastError, &d.CreatedAt, &d.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// claimDue leases up to n due deliveries of a registration in q: on
// PostgreSQL with SKIP LOCKED, elsewhere with the portable claim (lane
// slot skip rows, see ClaimDueWebhookDeliveriesOf).
func (w *Worker) claimDue(ctx context.Context, q *store.Queries, regID string, now time.Time, n, skip int) ([]store.WebhookDelivery, error) {
	if w.svc.DB.Dialect == db.Postgres {
		return pgClaim(ctx, q, regID, now, now.Add(w.Lease), n)
	}
	return q.ClaimDueWebhookDeliveriesOf(ctx, store.ClaimDueWebhookDeliveriesOfParams{RegistrationID: regID,
		LeaseUntil: nullTime(now.Add(w.Lease)), Now: now, MaxClaims: int32(n), Skip: int32(skip)})
}

// batchable reports whether group can take the PostgreSQL multi-row path:
// every send succeeded, none was a probe, and no registration was paused
// when its delivery was claimed (the rest goes through recordTx).
func (w *Worker) batchable(group []*recording) bool {
	if w.svc.DB.Dialect != db.Postgres {
		return false
	}
	for _, r := range group {
		if r.res.err != "" || r.j.probe || r.j.reg.IsPaused {
			return false
		}
	}
	return true
}

// recordBatchTx records group (batchable) in q, PostgreSQL's transaction:
// one statement for every attempt, then, per registration, one claim for
// all its lanes that want their next delivery.
func (w *Worker) recordBatchTx(ctx context.Context, q *store.Queries, group []*recording) error {
	tx := q.Tx()
	if tx == nil {
		return fmt.Errorf("webhook: record outside a transaction")
	}
	n := len(group)
	ids, attempts, started, durations, codes := make([]string, n), make([]int32, n), make([]time.Time, n), make([]int64, n), make([]int32, n)
	for i, r := range group {
		r.next, r.o.paused, r.o.resumed, r.o.stale = nil, false, false, true
		ids[i], attempts[i], started[i] = r.j.d.ID, r.j.d.Attempts, r.res.started
		durations[i], codes[i] = r.res.duration.Milliseconds(), int32(r.res.status)
	}
	now := group[0].now
	rows, err := tx.QueryContext(ctx, pgRecordDelivered, ids, attempts, started, durations, codes, now)
	if err != nil {
		return err
	}
	finished, reset := map[string]bool{}, map[string]bool{}
	for rows.Next() {
		var kind, id string
		if err := rows.Scan(&kind, &id); err != nil {
			rows.Close()
			return err
		}
		if kind == "d" {
			finished[id] = true
		} else {
			reset[id] = true
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	// Lanes that want more, by registration, in the group's order.
	want := map[string][]*recording{}
	var regs []string
	for _, r := range group {
		r.o.stale = !finished[r.j.d.ID]
		if r.o.stale {
			continue
		}
		regID := r.j.reg.ID
		if reset[regID] {
			// A streak was broken: a registration the worker paused while
			// these sends were in flight resumes (as recordIn does).
			delete(reset, regID)
			n, err := q.ResumeWebhookAfterSuccess(ctx, store.ResumeWebhookAfterSuccessParams{ID: regID, UpdatedAt: now})
			if err != nil {
				return err
			}
			if n > 0 {
				r.o.resumed = true
				if err := q.ResumeWebhookDeliveries(ctx, store.ResumeWebhookDeliveriesParams{RegistrationID: regID, NextAttemptAt: now}); err != nil {
					return err
				}
			}
		}
		if r.wantNext {
			if want[regID] == nil {
				regs = append(regs, regID)
			}
			want[regID] = append(want[regID], r)
		}
	}
	for _, regID := range regs {
		lanes := want[regID]
		claimed, err := pgClaimWithRegistration(ctx, tx, regID, now, now.Add(w.Lease), len(lanes))
		if err != nil {
			return err
		}
		for i := range claimed[:min(len(claimed), len(lanes))] {
			lanes[i].next = &claimed[i]
		}
	}
	return nil
}

// pgClaimWithRegistration runs pgClaimNext in tx.
func pgClaimWithRegistration(ctx context.Context, tx *sql.Tx, regID string, now, leaseUntil time.Time, n int) ([]job, error) {
	rows, err := tx.QueryContext(ctx, pgClaimNext, leaseUntil, now, regID, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []job
	for rows.Next() {
		var j job
		d, r := &j.d, &j.reg
		if err := rows.Scan(&d.ID, &d.RegistrationID, &d.BusinessID, &d.Action, &d.Notifications, &d.Status, &d.Attempts,
			&d.NextAttemptAt, &d.LeaseUntil, &d.LastStatusCode, &d.LastError, &d.CreatedAt, &d.UpdatedAt,
			&r.ID, &r.BusinessID, &r.Uri, &r.Secret, &r.Description, &r.IsPaused, &r.Filters, &r.Headers, &r.Properties,
			&r.ConsecutiveFailures, &r.PausedReason, &r.CreatedAt, &r.UpdatedAt, &r.ProbeAt, &r.ProbeFailures); err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

// wakeChannel is the channel Broadcast notifies when deliveries were
// queued; its payload is the schema the rows went into.
const wakeChannel = "payrolld_webhooks"

// broadcastEvery bounds how often one node notifies: the requests of the
// deliveries queued meanwhile are one notification.
const broadcastEvery = 20 * time.Millisecond

// Broadcast wakes the web hook workers of the other nodes sharing this
// PostgreSQL database when this node queues deliveries (Service.Notify),
// until ctx ends; on SQLite (one node) there is no other node and it
// returns at once.
//
// The NOTIFY is sent in a transaction of its own, at most every
// broadcastEvery, not by the transaction that queues the deliveries: a
// transaction that has notified holds a database-wide lock from its commit
// until the commit is durable, so transactions that each queue an event (an
// area's writes) commit one at a time: on 2 cores, 1,191 such commits/s
// with the trigger of migration 00740 that notified in each, 1,809/s
// since 00840 dropped it (bench/webhookload, backlog scenario). The
// notification may arrive before the queueing transaction commits: a woken
// worker looks again every HotInterval for HotWindow, as the emitting
// node's own worker does after its in-process nudge.
func (s *Service) Broadcast(ctx context.Context, log *slog.Logger) error {
	if s.DB.Dialect != db.Postgres {
		return nil
	}
	tell := s.tell()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tell:
		}
		if _, err := s.DB.W.ExecContext(ctx, "SELECT pg_notify($1, current_schema())", wakeChannel); err != nil && ctx.Err() == nil {
			// The other nodes find the deliveries at their next poll.
			log.Warn("webhook: waking the other nodes failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(broadcastEvery):
		}
	}
}

// listen keeps one connection of the pool listening on wakeChannel until
// ctx ends and calls wake for every notification of this schema: a
// delivery queued on any node wakes this node's worker at commit instead
// of at its next poll. A lost connection is replaced with backoff (the
// poll still finds the work meanwhile). The connection never goes back to
// the pool: it leaves marked bad, so its LISTEN ends with it.
func (w *Worker) listen(ctx context.Context, wake func()) {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		start := time.Now()
		err := w.listenOnce(ctx, wake)
		if ctx.Err() != nil {
			return
		}
		if time.Since(start) > time.Minute {
			backoff = 100 * time.Millisecond
		}
		w.Log.Warn("webhook: listening for queued deliveries failed; polling until it is back", "err", err, "retry_in", backoff)
		wake() // anything queued meanwhile
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 30*time.Second)
	}
}

func (w *Worker) listenOnce(ctx context.Context, wake func()) error {
	conn, err := w.svc.DB.W.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	var schema string
	if err := conn.QueryRowContext(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		return err
	}
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(interface{ Conn() *pgx.Conn })
		if !ok {
			return fmt.Errorf("webhook: driver connection %T cannot listen", dc)
		}
		pc := sc.Conn()
		if _, err := pc.Exec(ctx, "LISTEN "+wakeChannel); err != nil {
			return errors.Join(err, driver.ErrBadConn)
		}
		wake() // what was queued before the LISTEN took effect
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				return errors.Join(err, driver.ErrBadConn)
			}
			if n.Payload == schema {
				wake()
			}
		}
	})
}
