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
    paused_reason = CASE WHEN $6 THEN paused_reason ELSE '' END, updated_at = $10
WHERE id = $1 AND business_id = $2
RETURNING *;

-- name: DeleteWebhookRegistration :execrows
DELETE FROM webhook_registrations WHERE id = $1 AND business_id = $2;

-- name: DeleteAllWebhookRegistrations :execrows
DELETE FROM webhook_registrations WHERE business_id = $1;

-- name: ListActiveWebhookRegistrations :many
SELECT * FROM webhook_registrations WHERE business_id = $1 AND is_paused = FALSE ORDER BY id;

-- name: CreateWebhookDelivery :exec
INSERT INTO webhook_deliveries (id, registration_id, business_id, action, notifications, status, attempts, next_attempt_at,
                                last_status_code, last_error, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, 0, '', $6, $6);

-- name: ListDueWebhookDeliveries :many
SELECT id FROM webhook_deliveries
WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until < $1)
ORDER BY next_attempt_at, id
LIMIT $2;

-- name: ClaimWebhookDelivery :one
UPDATE webhook_deliveries SET lease_until = $2, attempts = attempts + 1, updated_at = $3
WHERE id = $1 AND status = 'pending' AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until < $3)
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

-- name: MarkWebhookSuccess :exec
UPDATE webhook_registrations SET consecutive_failures = 0 WHERE id = $1;

-- name: MarkWebhookFailure :one
UPDATE webhook_registrations SET consecutive_failures = consecutive_failures + 1,
    is_paused = CASE WHEN consecutive_failures + 1 >= sqlc.arg(pause_after) THEN TRUE ELSE is_paused END,
    paused_reason = CASE WHEN consecutive_failures + 1 >= sqlc.arg(pause_after) THEN sqlc.arg(reason) ELSE paused_reason END,
    updated_at = sqlc.arg(updated_at)
WHERE id = sqlc.arg(id)
RETURNING *;

-- name: CancelPendingDeliveriesOfRegistration :exec
UPDATE webhook_deliveries SET status = 'cancelled', updated_at = $2 WHERE registration_id = $1 AND status = 'pending';

-- name: CancelPendingDeliveriesOfBusiness :exec
UPDATE webhook_deliveries SET status = 'cancelled', updated_at = $2 WHERE business_id = $1 AND status = 'pending';
