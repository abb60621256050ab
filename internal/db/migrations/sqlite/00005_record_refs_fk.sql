-- +goose Up
-- A reference must point at an existing record: a delete racing an insert
-- of a reference to the same record can no longer both commit. SQLite adds
-- a foreign key by rebuilding the table.
CREATE TABLE record_refs_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL,
    from_kind TEXT NOT NULL,
    from_id BIGINT NOT NULL,
    field TEXT NOT NULL,
    to_kind TEXT NOT NULL,
    to_id BIGINT NOT NULL REFERENCES records(id)
);
INSERT INTO record_refs_new (id, business_id, from_kind, from_id, field, to_kind, to_id)
    SELECT id, business_id, from_kind, from_id, field, to_kind, to_id FROM record_refs WHERE to_id IN (SELECT id FROM records);
DROP TABLE record_refs;
ALTER TABLE record_refs_new RENAME TO record_refs;
CREATE INDEX record_refs_to ON record_refs(to_id, to_kind);
CREATE INDEX record_refs_from ON record_refs(from_kind, from_id);

-- +goose Down
SELECT 1;
