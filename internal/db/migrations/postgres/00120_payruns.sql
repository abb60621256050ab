-- +goose Up
-- Pay runs: the run, one row per employee in it (every figure
-- in integer minor units; hours as exact decimal text) and the run's lines
-- (earnings, deductions, expenses, liabilities, leave accrued, tax
-- adjustments). A run is Draft until finalised; finalised runs are
-- immutable (every write checks status = 'Draft' in its statement) and
-- year-to-date figures are sums over the finalised runs.
CREATE TABLE pay_runs (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    pay_schedule_id BIGINT NOT NULL,
    frequency TEXT NOT NULL,
    period_starting TIMESTAMP NOT NULL,
    period_ending TIMESTAMP NOT NULL,
    date_paid TIMESTAMP NOT NULL,
    status TEXT NOT NULL,
    external_id TEXT NOT NULL,
    notation TEXT NOT NULL,
    adhoc BOOLEAN NOT NULL,
    pay_slips_published BOOLEAN NOT NULL,
    date_finalised TIMESTAMPTZ,
    finalised_count BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX pay_runs_business_external_id ON pay_runs(business_id, external_id) WHERE external_id <> '';
CREATE INDEX pay_runs_business ON pay_runs(business_id, id);
CREATE INDEX pay_runs_business_status_paid ON pay_runs(business_id, status, date_paid);
CREATE INDEX pay_runs_business_schedule ON pay_runs(business_id, pay_schedule_id, period_ending);

CREATE TABLE pay_run_employees (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL,
    pay_run_id BIGINT NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL,
    employee_name TEXT NOT NULL,
    employee_external_id TEXT NOT NULL,
    standard_earnings BOOLEAN NOT NULL,
    total_hours_e4 BIGINT NOT NULL, -- hours in ten-thousandths (exact, summable in SQL)
    gross BIGINT NOT NULL,
    pre_tax BIGINT NOT NULL,
    taxable BIGINT NOT NULL,
    post_tax BIGINT NOT NULL,
    tax BIGINT NOT NULL,
    stsl BIGINT NOT NULL,
    super_contribution BIGINT NOT NULL,
    super_base BIGINT NOT NULL,
    ni_employee BIGINT NOT NULL,
    ni_employer BIGINT NOT NULL,
    student_loan BIGINT NOT NULL,
    postgrad_loan BIGINT NOT NULL,
    kiwisaver_employee BIGINT NOT NULL,
    kiwisaver_employer BIGINT NOT NULL,
    esct BIGINT NOT NULL,
    acc_levy BIGINT NOT NULL,
    cpf_employee BIGINT NOT NULL,
    cpf_employer BIGINT NOT NULL,
    cpf_ow_subject BIGINT NOT NULL,
    cpf_aw_subject BIGINT NOT NULL,
    sdl BIGINT NOT NULL,
    net BIGINT NOT NULL,
    expenses BIGINT NOT NULL,
    liabilities BIGINT NOT NULL,
    notation TEXT NOT NULL,
    calc_error TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX pay_run_employees_run_employee ON pay_run_employees(pay_run_id, employee_id);
CREATE INDEX pay_run_employees_employee ON pay_run_employees(business_id, employee_id);

CREATE TABLE pay_run_lines (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL,
    pay_run_id BIGINT NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    category_id BIGINT NOT NULL,
    category_name TEXT NOT NULL,
    units TEXT NOT NULL,
    rate TEXT NOT NULL,
    amount BIGINT NOT NULL,
    tax_exempt BOOLEAN NOT NULL,
    notes TEXT NOT NULL,
    external_id TEXT NOT NULL,
    location_id BIGINT NOT NULL,
    user_entered BOOLEAN NOT NULL
);
CREATE INDEX pay_run_lines_run_kind ON pay_run_lines(pay_run_id, kind, employee_id, id);
CREATE INDEX pay_run_lines_run_employee ON pay_run_lines(pay_run_id, employee_id, kind);

-- Unlocks are an audited transition: who, when, why.
CREATE TABLE pay_run_audit (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL,
    pay_run_id BIGINT NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
    action TEXT NOT NULL,
    comments TEXT NOT NULL,
    actor TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX pay_run_audit_run ON pay_run_audit(pay_run_id, id);

-- +goose Down
DROP TABLE pay_run_audit;
DROP TABLE pay_run_lines;
DROP TABLE pay_run_employees;
DROP TABLE pay_runs;
