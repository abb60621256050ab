-- +goose Up
-- Auto-enrolment state of a UK employee (internal/uk/autoenrol): what the
-- employer recorded (enrolled, opted in or out, postponed, forced); the
-- worker category (eligible jobholder, non-eligible jobholder, entitled
-- worker) is assessed on demand from age and the latest finalised pay, not
-- stored. One row per employee; updates conditional on version.
CREATE TABLE uk_employee_pensions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    enrolment_status TEXT NOT NULL,
    enrolment_date TIMESTAMP,
    opt_in_date TIMESTAMP,
    opt_out_date TIMESTAMP,
    postponement_end_date TIMESTAMP,
    forced BOOLEAN NOT NULL,
    notes TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_employee_pensions_employee ON uk_employee_pensions(employee_id);
CREATE INDEX uk_employee_pensions_business ON uk_employee_pensions(business_id, employee_id);

-- +goose Down
DROP TABLE uk_employee_pensions;
