-- name: CreateWebhookRegistration :one
INSERT INTO webhook_registrations (id, business_id, uri, secret, description, is_paused, filters, headers, properties,
                                   consecutive_failures, paused_reason, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, '', $10, $10)
RETURNING *;

-- name: GetWebhookRegistration :one
SELECT * FROM webhook_registrations WHERE id = $1 AND business_id = $2;

-- name: ListWebhookRegistrations :many
SELECT * FROM webhook_registrations WHERE business_id = $1 ORDER BY created_at, id;

-- name: UpdateWebhookRegistration :one
UPDATE webhook_registrations SET uri = $3, secret = $4, description = $5, is_paused = $6, filters = $7, headers = $8,
    properties = $9, consecutive_failures = CASE WHEN $6 THEN consecutive_failures ELSE 0 END,
    paused_reason = CASE WHEN $6 THEN paused_reason ELSE '' END,
    probe_at = CASE WHEN $6 THEN probe_at ELSE NULL END,
    probe_failures = CASE WHEN $6 THEN probe_failures ELSE 0 END, updated_at = $10
WHERE id = $1 AND business_id = $2
RETURNING *;

-- name: DeleteWebhookRegistration :execrows
DELETE FROM webhook_registrations WHERE id = $1 AND business_id = $2;

-- name: DeleteAllWebhookRegistrations :execrows
DELETE FROM webhook_registrations WHERE business_id = $1;

-- name: CreateWebhookDelivery :exec
INSERT INTO webhook_deliveries (id, registration_id, business_id, action, notifications, status, attempts, next_attempt_at,
                                last_status_code, last_error, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, 0, '', $6, $6);

-- ListDueWebhookRegistrations returns registrations that are not paused
-- and have a due, unleased delivery.
-- name: ListDueWebhookRegistrations :many
SELECT DISTINCT d.registration_id FROM webhook_deliveries d JOIN webhook_registrations r ON r.id = d.registration_id
WHERE d.status = 'pending' AND d.next_attempt_at <= sqlc.arg(now)
  AND (d.lease_until IS NULL OR d.lease_until < sqlc.arg(now)) AND r.is_paused = FALSE
LIMIT sqlc.arg(max_registrations);

-- CountLeasedWebhookDeliveries counts a registration's deliveries in
-- flight on any node (the per-registration bound).
-- name: CountLeasedWebhookDeliveries :one
SELECT COUNT(*) FROM webhook_deliveries
WHERE registration_id = $1 AND status = 'pending' AND lease_until >= $2;

-- ClaimDueWebhookDeliveriesOf leases up to max_claims of a registration's
-- due deliveries, oldest due first. The conditions on the updated row are
-- checked again against its latest version when another node's claim got
-- there first (PostgreSQL re-checks them after the row lock; SQLite has one
-- writer), so each attempt is claimed once. Concurrent lanes of one
-- registration skip different numbers of rows so that on PostgreSQL they do
-- not all queue on the lock of the same oldest row. (status || '' keeps SQLite from
-- walking the due index over the whole backlog instead of looking up the
-- picked ids.)
-- name: ClaimDueWebhookDeliveriesOf :many
UPDATE webhook_deliveries SET lease_until = sqlc.arg(lease_until), attempts = attempts + 1, updated_at = sqlc.arg(now)
WHERE status || '' = 'pending' AND next_attempt_at <= sqlc.arg(now) AND (lease_until IS NULL OR lease_until < sqlc.arg(now))
  AND id IN (SELECT p.id FROM webhook_deliveries p
             WHERE p.registration_id = sqlc.arg(registration_id) AND p.status = 'pending' AND p.next_attempt_at <= sqlc.arg(now)
               AND (p.lease_until IS NULL OR p.lease_until < sqlc.arg(now))
             ORDER BY p.next_attempt_at, p.id
             LIMIT sqlc.arg(max_claims) OFFSET sqlc.arg(skip))
RETURNING *;

-- name: ListDueWebhookProbes :many
SELECT r.id FROM webhook_registrations r
WHERE r.is_paused = TRUE AND r.probe_at IS NOT NULL AND r.probe_at <= sqlc.arg(now)
  AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.registration_id = r.id AND d.status = 'pending'
              AND (d.lease_until IS NULL OR d.lease_until < sqlc.arg(now)))
ORDER BY r.probe_at, r.id
LIMIT sqlc.arg(max_probes);

-- TakeWebhookProbe moves a due probe to probe_until (the claim's lease), so
-- one worker makes it; it affects no row when another took it first.
-- name: TakeWebhookProbe :execrows
UPDATE webhook_registrations SET probe_at = sqlc.arg(probe_until)
WHERE id = sqlc.arg(id) AND is_paused = TRUE AND probe_at IS NOT NULL AND probe_at <= sqlc.arg(now);

-- ClaimWebhookProbeDelivery leases the most overdue pending delivery of a
-- paused registration for its probe.
-- name: ClaimWebhookProbeDelivery :one
UPDATE webhook_deliveries SET lease_until = sqlc.arg(lease_until), attempts = attempts + 1, updated_at = sqlc.arg(now)
WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < sqlc.arg(now))
  AND id = (SELECT p.id FROM webhook_deliveries p
            WHERE p.registration_id = sqlc.arg(registration_id) AND p.status = 'pending'
              AND (p.lease_until IS NULL OR p.lease_until < sqlc.arg(now))
            ORDER BY p.next_attempt_at, p.id LIMIT 1)
RETURNING *;

-- FinishWebhookDelivery only applies while the caller still holds the claim
-- (same attempt, still pending): a cancelled delivery or one re-claimed after
-- an expired lease is not overwritten.
-- name: FinishWebhookDelivery :execrows
UPDATE webhook_deliveries SET status = $2, next_attempt_at = $3, lease_until = NULL, last_status_code = $4,
    last_error = $5, updated_at = $6
WHERE id = $1 AND attempts = $7 AND status = 'pending';

-- name: GetWebhookDelivery :one
SELECT * FROM webhook_deliveries WHERE id = $1;

-- name: ListWebhookDeliveriesOfRegistration :many
SELECT * FROM webhook_deliveries WHERE registration_id = $1 ORDER BY created_at, id;

-- name: RecordWebhookAttempt :exec
INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: ListWebhookAttempts :many
SELECT * FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt, id;

-- name: MarkWebhookSuccess :execrows
UPDATE webhook_registrations SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures <> 0;

-- MarkWebhookFailure counts a failed attempt; the one that makes the streak
-- reach pause_after pauses the registration and schedules its first probe.
-- name: MarkWebhookFailure :one
UPDATE webhook_registrations SET consecutive_failures = consecutive_failures + 1,
    is_paused = CASE WHEN consecutive_failures + 1 >= sqlc.arg(pause_after) THEN TRUE ELSE is_paused END,
    paused_reason = CASE WHEN is_paused = FALSE AND consecutive_failures + 1 >= sqlc.arg(pause_after) THEN sqlc.arg(reason) ELSE paused_reason END,
    probe_at = CASE WHEN is_paused = FALSE AND consecutive_failures + 1 >= sqlc.arg(pause_after) THEN sqlc.arg(probe_at) ELSE probe_at END,
    probe_failures = CASE WHEN is_paused = FALSE AND consecutive_failures + 1 >= sqlc.arg(pause_after) THEN 0 ELSE probe_failures END,
    updated_at = sqlc.arg(updated_at)
WHERE id = sqlc.arg(id)
RETURNING *;

-- RescheduleWebhookProbe records a failed probe and sets the next one.
-- name: RescheduleWebhookProbe :exec
UPDATE webhook_registrations SET probe_at = $2, probe_failures = probe_failures + 1, updated_at = $3
WHERE id = $1 AND is_paused = TRUE AND probe_at IS NOT NULL;

-- ResumeWebhookAfterSuccess un-pauses a registration the worker paused
-- (probe_at set) once an attempt to it succeeds; a pause set by the
-- owner (probe_at NULL) stays.
-- name: ResumeWebhookAfterSuccess :execrows
UPDATE webhook_registrations SET is_paused = FALSE, paused_reason = '', probe_at = NULL, probe_failures = 0,
    consecutive_failures = 0, updated_at = $2
WHERE id = $1 AND is_paused = TRUE AND probe_at IS NOT NULL;

-- ResumeWebhookDeliveries makes a resumed registration's pending
-- deliveries due now: their backoff was spent on an outage that is over.
-- name: ResumeWebhookDeliveries :exec
UPDATE webhook_deliveries SET next_attempt_at = $2, updated_at = $2
WHERE registration_id = $1 AND status = 'pending' AND next_attempt_at > $2;

-- name: CancelPendingDeliveriesOfRegistration :exec
UPDATE webhook_deliveries SET status = 'cancelled', updated_at = $2 WHERE registration_id = $1 AND status = 'pending';

-- name: CancelPendingDeliveriesOfBusiness :exec
UPDATE webhook_deliveries SET status = 'cancelled', updated_at = $2 WHERE business_id = $1 AND status = 'pending';

-- name: GetWebhookRegistrationByID :one
SELECT * FROM webhook_registrations WHERE id = $1;

-- LockWebhookRegistration takes the registration's row lock for the rest of
-- the transaction (a no-op update, portable to SQLite), so claims of one
-- registration from several workers or nodes count leases one at a time.
-- name: LockWebhookRegistration :execrows
UPDATE webhook_registrations SET id = id WHERE id = $1;
