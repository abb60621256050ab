-- +goose Up
-- The employee audit trail (GET B/report/employeeaudit): one row per
-- member of an employee that a create or update changed, written in the
-- transaction of the change. Values are the wire values as text
-- (identifiers masked); section groups members as the report's
-- EmployeeAuditSection enum does.
CREATE TABLE employee_audit (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    at TIMESTAMP NOT NULL,
    section TEXT NOT NULL,
    field_name TEXT NOT NULL,
    old_value TEXT NOT NULL,
    new_value TEXT NOT NULL,
    user_name TEXT NOT NULL,
    channel TEXT NOT NULL
);
CREATE INDEX employee_audit_business ON employee_audit(business_id, at);
CREATE INDEX employee_audit_employee ON employee_audit(employee_id, at);

-- +goose Down
DROP TABLE employee_audit;
