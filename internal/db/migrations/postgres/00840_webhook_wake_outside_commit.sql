-- +goose Up
-- The other nodes' web hook workers are woken by webhook.Service.Broadcast,
-- in a transaction of its own, instead of by this trigger in every
-- transaction that queues deliveries: a transaction that has notified
-- holds a database-wide lock from its commit until the commit is durable,
-- so the areas' writes that emit events committed one at a time.
DROP TRIGGER webhook_deliveries_queued ON webhook_deliveries;
DROP FUNCTION webhook_deliveries_queued();

-- +goose Down
-- +goose StatementBegin
CREATE FUNCTION webhook_deliveries_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payrolld_webhooks', current_schema());
  RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER webhook_deliveries_queued AFTER INSERT ON webhook_deliveries
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_deliveries_queued();
