-- +goose Up
-- SQLite only (see the SQLite tree's 00901): SQLite keeps per-day counts of
-- timesheet lines for the list's itemCount because it counts a period's
-- 500,000 index entries in ~50 ms on one core. PostgreSQL counts them with
-- a parallel index-only scan within the list's goal, and counters updated
-- by triggers would make concurrent timesheet writers wait on (and, in
-- opposite orders, deadlock over) the same rows. This number is kept so
-- the two trees stay aligned.
SELECT 1;

-- +goose Down
SELECT 1;
