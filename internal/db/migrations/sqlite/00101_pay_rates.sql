-- +goose Up
-- Pay rate templates (B/payratetemplate): a rate per pay category; a
-- derived category (one with a parent) takes its parent's rate times its
-- loading unless the template supplies a rate. Names are unique per
-- business (case-insensitive); pay categories are records (FK: a category
-- a template uses cannot be deleted).
CREATE TABLE pay_rate_templates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    name TEXT NOT NULL,
    name_lower TEXT NOT NULL,
    external_id TEXT NOT NULL,
    source TEXT NOT NULL,
    primary_pay_category_id BIGINT NOT NULL REFERENCES records(id),
    super_threshold_amount BIGINT,
    maximum_quarterly_super_contributions_base BIGINT,
    version BIGINT NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX pay_rate_templates_name ON pay_rate_templates(business_id, name_lower);
CREATE INDEX pay_rate_templates_primary ON pay_rate_templates(primary_pay_category_id);

CREATE TABLE pay_rate_template_categories (
    template_id BIGINT NOT NULL REFERENCES pay_rate_templates(id) ON DELETE CASCADE,
    pay_category_id BIGINT NOT NULL REFERENCES records(id),
    position INTEGER NOT NULL,
    user_supplied_rate TEXT NOT NULL,
    standard_weekly_hours TEXT NOT NULL,
    super_rate TEXT,
    PRIMARY KEY (template_id, pay_category_id)
);
CREATE INDEX pay_rate_template_categories_category ON pay_rate_template_categories(pay_category_id);

-- Effective-dated changes of an employee's base rate (E/payrateschedule):
-- one per commencement day.
CREATE TABLE employee_pay_rate_schedules (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    rate TEXT NOT NULL,
    rate_unit TEXT NOT NULL,
    commencement_date TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX employee_pay_rate_schedules_day ON employee_pay_rate_schedules(employee_id, commencement_date);
CREATE INDEX employee_pay_rate_schedules_business ON employee_pay_rate_schedules(business_id, employee_id);

-- +goose Down
DROP TABLE employee_pay_rate_schedules;
DROP TABLE pay_rate_template_categories;
DROP TABLE pay_rate_templates;
