-- Self-service satisfaction survey and mobile device tokens.

-- name: UpsertEssSatisfaction :exec
-- One answer per employee and week: a second one replaces the first.
INSERT INTO ess_satisfaction (business_id, employee_id, week_start_date, value, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $5)
ON CONFLICT (employee_id, week_start_date) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at;

-- name: ListEssSatisfaction :many
-- The employee's answers with the week in [from, to], oldest first.
SELECT week_start_date, value FROM ess_satisfaction
WHERE business_id = $1 AND employee_id = $2 AND week_start_date >= $3 AND week_start_date <= $4
ORDER BY week_start_date
LIMIT 1000;

-- name: UpsertEssDeviceToken :exec
-- Registering a token again (by anyone) makes it the caller's.
INSERT INTO ess_device_tokens (user_id, platform, token, created_at, updated_at)
VALUES ($1, $2, $3, $4, $4)
ON CONFLICT (platform, token) DO UPDATE SET user_id = excluded.user_id, updated_at = excluded.updated_at;

-- name: DeleteEssDeviceToken :execrows
DELETE FROM ess_device_tokens WHERE user_id = $1 AND platform = $2 AND token = $3;

-- name: ListEssDeviceTokens :many
SELECT platform, token FROM ess_device_tokens WHERE user_id = $1 ORDER BY id;
