-- +goose Up
-- PostgreSQL wakes other nodes' web hook workers with a trigger that
-- NOTIFYs at commit (same-numbered migration there). SQLite serves one
-- node: Emit wakes that node's worker in process, so there is nothing to
-- add here; the number is kept so both trees stay at the same version.
SELECT 1;

-- +goose Down
SELECT 1;
