-- +goose Up
-- The address a notification was sent from: the business's payslip
-- settings name one (emailFrom) for the messages telling employees their
-- payslip is ready; '' is the server's configured sender.
ALTER TABLE notifications ADD COLUMN sender TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE notifications DROP COLUMN sender;
