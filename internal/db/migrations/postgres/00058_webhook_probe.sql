-- +goose Up
-- A registration paused by failures keeps its queue and is probed: at
-- probe_at one of its pending deliveries is tried; success resumes it,
-- failure moves probe_at out (probe_failures counts them for the backoff).
-- probe_at is NULL for a registration that is not paused or was paused by
-- its owner (only an update resumes those).
ALTER TABLE webhook_registrations ADD COLUMN probe_at TIMESTAMPTZ;
ALTER TABLE webhook_registrations ADD COLUMN probe_failures INTEGER NOT NULL DEFAULT 0;
-- Registrations the worker paused before this migration get probed too
-- (a non-empty paused_reason is only ever set by the worker).
UPDATE webhook_registrations SET probe_at = updated_at WHERE is_paused = TRUE AND paused_reason <> '';
-- The worker claims the oldest due deliveries of one registration at a
-- time and counts its leased ones (the per-registration bound): index
-- range scans over pending rows only, whatever the backlog.
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(registration_id, next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries(registration_id, lease_until) WHERE status = 'pending';

-- +goose Down
DROP INDEX webhook_deliveries_leased;
DROP INDEX webhook_deliveries_pending;
ALTER TABLE webhook_registrations DROP COLUMN probe_failures;
ALTER TABLE webhook_registrations DROP COLUMN probe_at;
