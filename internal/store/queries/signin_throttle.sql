-- Sign-in throttling (oauth.Service.SignIn): failed password attempts per
-- account and per client address. "now" comes from the app clock.

-- name: ListSignInLocks :many
SELECT scope, locked_until FROM signin_throttle
WHERE scope IN (sqlc.arg(account_scope), sqlc.arg(addr_scope)) AND locked_until > sqlc.arg(now);

-- name: CountSignInAttempt :one
-- Counts an attempt before its password is checked (a success clears the
-- account's count). The count restarts after a quiet window. Rows are
-- locked by the upsert, so concurrent attempts on one scope are counted in
-- turn on both engines and each sees the lock of the one before.
INSERT INTO signin_throttle (scope, failures, last_failure_at, locked_until)
VALUES (sqlc.arg(scope), 1, sqlc.arg(now), sqlc.arg(now))
ON CONFLICT (scope) DO UPDATE SET
    failures = CASE WHEN signin_throttle.last_failure_at < sqlc.arg(window_start) THEN 1 ELSE signin_throttle.failures + 1 END,
    last_failure_at = excluded.last_failure_at
RETURNING failures, locked_until;

-- name: LockSignIn :exec
UPDATE signin_throttle SET locked_until = sqlc.arg(locked_until)
WHERE scope = sqlc.arg(scope) AND failures = sqlc.arg(failures) AND locked_until < sqlc.arg(locked_until);

-- name: ClearSignInThrottle :exec
DELETE FROM signin_throttle WHERE scope = $1;

-- name: DeleteStaleSignInThrottle :exec
DELETE FROM signin_throttle WHERE last_failure_at < $1 AND locked_until < $1;
