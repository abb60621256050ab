-- +goose Up
-- signin_throttle: failed password sign-ins per account and per client
-- address, so the slowdown holds across nodes. scope is 'account:' + the
-- SHA-256 of the username key (unknown usernames are throttled alike, and
-- typed usernames are not kept in clear) or 'addr:' + the client address
-- (an IPv6 /64). locked_until <= now means not locked.
CREATE TABLE signin_throttle (
    scope TEXT PRIMARY KEY,
    failures BIGINT NOT NULL,
    last_failure_at TIMESTAMPTZ NOT NULL,
    locked_until TIMESTAMPTZ NOT NULL
);
CREATE INDEX signin_throttle_last_failure ON signin_throttle(last_failure_at);

-- +goose Down
DROP TABLE signin_throttle;
