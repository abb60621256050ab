-- +goose Up
-- The readiness probe (db.Writable) asks for the write lock with a write
-- that changes no row of this table: a database file that cannot be
-- written refuses it.
CREATE TABLE write_probe (
    id BIGINT PRIMARY KEY
);

-- +goose Down
DROP TABLE write_probe;
