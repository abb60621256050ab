-- +goose Up
-- Wake every node's web hook worker when deliveries are queued: a NOTIFY
-- is delivered at commit (never for a rolled-back insert), once per
-- transaction, to the connection each worker keeps listening
-- (webhook.Worker.Run). Without it another node only sees the event at its
-- next poll. The payload is the schema, so nodes of another schema in the
-- same database ignore it.
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

-- +goose Down
DROP TRIGGER webhook_deliveries_queued ON webhook_deliveries;
DROP FUNCTION webhook_deliveries_queued();
