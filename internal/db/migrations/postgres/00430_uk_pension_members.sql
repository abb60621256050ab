-- +goose Up
-- Membership of a UK employee in a workplace pension scheme (internal/uk/
-- pensionmember): the contribution plan (its scheme is the plan's parent
-- record), the employee's and employer's percentages when they differ from
-- the plan's ('' = the plan's), and the dates contributions run between.
-- One membership per employee; updates conditional on version.
CREATE TABLE uk_pension_members (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    plan_id BIGINT NOT NULL,
    employee_rate TEXT NOT NULL,
    employer_rate TEXT NOT NULL,
    start_date TIMESTAMP NOT NULL,
    end_date TIMESTAMP,
    version BIGINT NOT NULL DEFAULT 1,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_pension_members_employee ON uk_pension_members(employee_id);
CREATE INDEX uk_pension_members_business ON uk_pension_members(business_id, employee_id);

-- The pension contributions of a pay run's employee (minor units), as the
-- calculation made them: pensionable pay, the contribution base
-- (qualifying earnings or pensionable pay), the employee's contribution
-- taken from pay (net pay: gross; relief at source: 80% of gross; salary
-- sacrifice: the pay given up), its gross and the employer's.
CREATE TABLE uk_pay_run_pensions (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    pay_run_id BIGINT NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL,
    scheme_id BIGINT NOT NULL,
    scheme_name TEXT NOT NULL,
    plan_id BIGINT NOT NULL,
    plan_name TEXT NOT NULL,
    arrangement TEXT NOT NULL,
    basis TEXT NOT NULL,
    pensionable_pay BIGINT NOT NULL,
    contribution_base BIGINT NOT NULL,
    employee_amount BIGINT NOT NULL,
    employee_gross BIGINT NOT NULL,
    employer_amount BIGINT NOT NULL
);
CREATE UNIQUE INDEX uk_pay_run_pensions_employee ON uk_pay_run_pensions(pay_run_id, employee_id);
CREATE INDEX uk_pay_run_pensions_business ON uk_pay_run_pensions(business_id, scheme_id);

-- +goose Down
DROP TABLE uk_pay_run_pensions;
DROP TABLE uk_pension_members;
