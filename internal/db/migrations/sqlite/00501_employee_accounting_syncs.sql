-- +goose Up
-- Requests to sync an employee to an accounting system (POST
-- E/synctoaccounting/xero, E/synctoqbo): who asked, when, for which
-- system, and what happened. This server holds no connection to any
-- accounting system, so status says the request was not sent.
CREATE TABLE employee_accounting_syncs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    target TEXT NOT NULL,
    status TEXT NOT NULL,
    message TEXT NOT NULL,
    requested_by TEXT NOT NULL,
    requested_at TIMESTAMP NOT NULL
);
CREATE INDEX employee_accounting_syncs_employee ON employee_accounting_syncs(business_id, employee_id, requested_at);

-- +goose Down
DROP TABLE employee_accounting_syncs;
