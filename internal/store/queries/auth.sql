-- Web sign-in sessions (cookie), one-time links, OAuth2 clients, codes and
-- tokens, notifications and account recovery. Secrets are stored as
-- SHA-256 hashes only; "now" always comes from the app clock.

-- name: CreateWebSession :exec
INSERT INTO web_sessions (token_hash, user_id, business_id, employee_id, expires_at, created_at)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: GetWebSession :one
SELECT * FROM web_sessions WHERE token_hash = $1 AND expires_at > $2;

-- name: DeleteWebSession :exec
DELETE FROM web_sessions WHERE token_hash = $1;

-- name: DeleteWebSessionsOfUser :exec
DELETE FROM web_sessions WHERE user_id = $1;

-- name: CreateSSOToken :exec
INSERT INTO sso_tokens (token_hash, purpose, user_id, business_id, employee_id, target_url, navigation, expires_at, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: GetSSOToken :one
SELECT * FROM sso_tokens
WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3;

-- name: UseSSOToken :one
UPDATE sso_tokens SET used_at = $3
WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
RETURNING *;

-- name: CreateOAuthClient :one
INSERT INTO oauth_clients (client_id, secret_hash, name, redirect_uri, created_at)
VALUES ($1, $2, $3, $4, $5) RETURNING *;

-- name: GetOAuthClient :one
SELECT * FROM oauth_clients WHERE client_id = $1;

-- name: ListOAuthClients :many
SELECT * FROM oauth_clients ORDER BY id;

-- name: CreateOAuthCode :exec
INSERT INTO oauth_codes (code_hash, family_id, client_id, user_id, redirect_uri, code_challenge, code_challenge_method, expires_at, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: GetOAuthCode :one
SELECT * FROM oauth_codes WHERE code_hash = $1;

-- name: UseOAuthCode :one
UPDATE oauth_codes SET used_at = $2
WHERE code_hash = $1 AND used_at IS NULL
RETURNING *;

-- name: CreateOAuthToken :one
INSERT INTO oauth_tokens (family_id, client_id, user_id, access_hash, refresh_hash, access_expires_at, refresh_expires_at, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING *;

-- name: GetOAuthTokenByAccess :one
SELECT t.family_id, u.id AS user_id, u.username, u.is_system_admin, u.brand_id, u.admin_of_brand
FROM oauth_tokens t JOIN users u ON u.id = t.user_id
WHERE t.access_hash = $1 AND t.revoked_at IS NULL AND t.access_expires_at > $2;

-- name: FindOAuthToken :one
SELECT * FROM oauth_tokens WHERE access_hash = sqlc.arg(token_hash) OR refresh_hash = sqlc.arg(token_hash);

-- name: GetOAuthTokenByRefresh :one
SELECT * FROM oauth_tokens WHERE refresh_hash = $1;

-- name: RotateOAuthToken :execrows
UPDATE oauth_tokens SET rotated_at = $2 WHERE id = $1 AND rotated_at IS NULL AND revoked_at IS NULL;

-- name: RevokeOAuthFamily :exec
UPDATE oauth_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL;

-- name: RevokeOAuthTokensOfUser :exec
UPDATE oauth_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL;

-- name: CreateNotification :one
INSERT INTO notifications (kind, recipient, subject, body, created_at, sent_at, error, sender)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING *;

-- name: ListNotificationsTo :many
SELECT * FROM notifications WHERE recipient = $1 ORDER BY id;

-- name: CreateRecoveryAttempt :one
INSERT INTO account_recovery_attempts (email, brand_id, user_id, notification_id, created_at)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: ListRecoveryAttempts :many
SELECT * FROM account_recovery_attempts WHERE email = $1 ORDER BY id;

-- name: ListBrandsOfUser :many
-- The brands a user belongs to: its own brand, and the brands of the
-- businesses it has access to or is an employee of.
SELECT br.id, br.name FROM brands br
WHERE br.id IN (
    SELECT u.brand_id FROM users u WHERE u.id = sqlc.arg(user_id) AND u.brand_id IS NOT NULL
    UNION
    SELECT b.brand_id FROM businesses b JOIN business_access a ON a.business_id = b.id
    WHERE a.user_id = sqlc.arg(user_id) AND b.brand_id IS NOT NULL AND b.cancelled_at IS NULL
    UNION
    SELECT b.brand_id FROM businesses b JOIN employees e ON e.business_id = b.id
    WHERE e.user_id = sqlc.arg(user_id) AND b.brand_id IS NOT NULL AND b.cancelled_at IS NULL
)
ORDER BY br.id;

