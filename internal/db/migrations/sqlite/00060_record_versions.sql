-- +goose Up
-- version counts the writes of a record or settings document. An update is
-- conditional on the version it read (UPDATE ... WHERE version = $read),
-- so two concurrent read-modify-writes cannot both commit over the same
-- version: the loser re-reads and re-applies its change, on either engine.
ALTER TABLE records ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE business_settings ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE business_settings DROP COLUMN version;
ALTER TABLE records DROP COLUMN version;
