-- +goose Up
-- A reference must point at an existing record: a delete racing an insert
-- of a reference to the same record can no longer both commit.
DELETE FROM record_refs WHERE to_id NOT IN (SELECT id FROM records);
ALTER TABLE record_refs ADD CONSTRAINT record_refs_to_fk FOREIGN KEY (to_id) REFERENCES records(id);

-- +goose Down
ALTER TABLE record_refs DROP CONSTRAINT record_refs_to_fk;
