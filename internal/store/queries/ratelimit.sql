-- The request rate limit shared by the nodes of one PostgreSQL database
-- (internal/ratelimit): a token bucket per key kept as its theoretical
-- arrival time (GCRA). A key may take a token when its time is at most
-- tolerance_us ahead of now (tolerance = (burst - 1) * interval); taking
-- one moves the time interval_us on from max(time, now). Times are
-- microseconds of the app clock.

-- name: TakeRateLimitToken :one
-- One statement: concurrent takes on one key, from any node, queue on the
-- row and each sees the time the one before left. A refused take leaves
-- the time alone; the caller waits tat_us - now - tolerance_us.
INSERT INTO rate_limit_buckets (bucket_key, tat_us, granted)
VALUES (sqlc.arg(bucket_key), CAST(sqlc.arg(now_us) AS BIGINT) + CAST(sqlc.arg(interval_us) AS BIGINT), TRUE)
ON CONFLICT (bucket_key) DO UPDATE SET
    tat_us = CASE
        WHEN rate_limit_buckets.tat_us - sqlc.arg(now_us) > sqlc.arg(tolerance_us) THEN rate_limit_buckets.tat_us
        WHEN rate_limit_buckets.tat_us > sqlc.arg(now_us) THEN rate_limit_buckets.tat_us + sqlc.arg(interval_us)
        ELSE excluded.tat_us END,
    granted = rate_limit_buckets.tat_us - sqlc.arg(now_us) <= sqlc.arg(tolerance_us)
RETURNING tat_us, granted;

-- name: DeleteIdleRateLimitBuckets :execrows
-- Buckets whose time has passed are full: the same as no row.
DELETE FROM rate_limit_buckets WHERE tat_us < sqlc.arg(now_us);
