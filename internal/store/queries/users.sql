-- name: CreateUser :one
INSERT INTO users (username, username_key, display_name, email, time_zone, email_confirmed, api_only,
                   is_system_admin, brand_id, admin_of_brand, password_hash, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
RETURNING *;

-- name: GetUser :one
SELECT * FROM users WHERE id = $1;

-- name: GetUserByUsername :one
SELECT * FROM users WHERE username_key = $1;

-- name: ListUsersByEmail :many
SELECT * FROM users WHERE username_key = $1 OR LOWER(email) = $1 ORDER BY id;

-- name: CountSystemAdmins :one
SELECT COUNT(*) FROM users WHERE is_system_admin = TRUE;

-- name: UpdateUserEmailConfirmed :one
UPDATE users SET email_confirmed = $2, updated_at = $3 WHERE id = $1 RETURNING *;

-- name: SetUserPassword :exec
UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1;

-- name: SetUserSystemAdmin :exec
UPDATE users SET is_system_admin = $2, updated_at = $3 WHERE id = $1;

-- name: CreateAPIKey :one
INSERT INTO api_keys (user_id, key_hash, created_at) VALUES ($1, $2, $3) RETURNING *;

-- name: RevokeAPIKeysOfUser :exec
UPDATE api_keys SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL;

-- name: GetUserByAPIKeyHash :one
SELECT u.*, k.id AS api_key_id FROM api_keys k JOIN users u ON u.id = k.user_id
WHERE k.key_hash = $1 AND k.revoked_at IS NULL;

-- name: SetUserBrandAdmin :execrows
UPDATE users SET brand_id = $2, admin_of_brand = TRUE, updated_at = $3 WHERE username_key = $1;
