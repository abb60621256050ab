-- +goose Up
-- version counts the writes of a business's own row (name, external id and
-- the details document several settings endpoints share), so an update
-- that read the row writes only if nobody else wrote it since; the loser
-- re-reads and re-applies its change (business.Service.Change).
ALTER TABLE businesses ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE businesses DROP COLUMN version;
