-- +goose Up
-- The request rate limit shared by every node on PostgreSQL
-- (internal/ratelimit): one row per key (credential and business, or client
-- address and operation) holding the key's theoretical arrival time
-- (GCRA, the generic cell rate algorithm, which is a token bucket kept as
-- one number): the app-clock time, in microseconds, at which the key's
-- bucket would be full again. A take is one statement that moves it on;
-- granted is whether the last take got a token. Rows whose time has passed
-- (a full bucket, the same as no row) are deleted. SQLite nodes keep their
-- buckets in memory and leave this table empty.
CREATE TABLE rate_limit_buckets (
    bucket_key TEXT PRIMARY KEY,
    tat_us BIGINT NOT NULL,
    granted BOOLEAN NOT NULL
);
CREATE INDEX rate_limit_buckets_tat ON rate_limit_buckets (tat_us);
-- Buckets need no durability (after a crash every bucket is full, which is
-- where an idle one is anyway): unlogged, a take writes no WAL and commits
-- without waiting for a flush.
ALTER TABLE rate_limit_buckets SET UNLOGGED;

-- +goose Down
DROP TABLE rate_limit_buckets;
