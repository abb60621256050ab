-- +goose Up
-- Self-managed super funds of one employee (AU: E/selfmanagedsuperfund and
-- ESS S/selfmanagedsuperfund), beside the business's own
-- (B/selfmanagedsuperfund, a record kind). One fund per ABN per employee.
CREATE TABLE employee_self_managed_super_funds (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    abn TEXT NOT NULL,
    fund_name TEXT NOT NULL,
    account_name TEXT NOT NULL,
    account_number TEXT NOT NULL,
    bsb TEXT NOT NULL,
    electronic_service_address TEXT NOT NULL,
    email TEXT NOT NULL,
    external_id TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX employee_smsf_abn ON employee_self_managed_super_funds(employee_id, abn);
CREATE INDEX employee_smsf_business ON employee_self_managed_super_funds(business_id, employee_id, id);

-- +goose Down
DROP TABLE employee_self_managed_super_funds;
