-- +goose Up
-- PostgreSQL only (see the PostgreSQL tree's 01080): PostgreSQL counts
-- timesheet lines as inserted deltas, merged by a periodic job, because
-- concurrent writers there would queue on counter rows. SQLite has one
-- writer at a time and keeps its counter rows (00901). This number is kept
-- so the two trees stay aligned.
SELECT 1;

-- +goose Down
SELECT 1;
