-- +goose Up
-- unique_key holds the lower-cased name of records whose kind requires
-- unique names (NULL otherwise), so two concurrent creates of the same name
-- cannot both commit: the index decides, on either engine.
ALTER TABLE records ADD COLUMN unique_key TEXT;
CREATE UNIQUE INDEX records_unique_name ON records(business_id, kind, parent_id, unique_key);

-- +goose Down
DROP INDEX records_unique_name;
ALTER TABLE records DROP COLUMN unique_key;
