-- +goose Up
-- Recurring (standing) pay run inclusions of an employee: deductions,
-- employer liabilities, additional earnings and expenses (kind), each
-- against its category record, from a day, until an expiry day or a
-- maximum amount paid, with the running total pay runs add to. One table so
-- a pay run reads every inclusion of its employees for a period in one
-- statement. Amounts (and percentages of percentage types) in integer
-- minor units; units, super and tax rates as exact decimal text.
CREATE TABLE employee_recurring_inclusions (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    category_id BIGINT NOT NULL REFERENCES records(id),
    name TEXT NOT NULL,
    calc_type TEXT NOT NULL,
    amount BIGINT NOT NULL,
    units TEXT,
    from_date TIMESTAMPTZ NOT NULL,
    expiry_date TIMESTAMPTZ,
    maximum_amount_paid BIGINT,
    total_amount_paid BIGINT NOT NULL,
    notes TEXT NOT NULL,
    external_reference_id TEXT NOT NULL,
    source TEXT NOT NULL,
    location_id BIGINT REFERENCES records(id),
    super_rate TEXT,
    override_super_rate BOOLEAN NOT NULL,
    paid_to TEXT NOT NULL,
    paid_to_account_id BIGINT,
    payment_reference TEXT NOT NULL,
    preserved_earnings TEXT NOT NULL,
    preserved_earnings_amount BIGINT,
    preserved_earnings_action TEXT NOT NULL,
    carry_forward_unpaid BOOLEAN NOT NULL,
    carry_forward_unused_preserved BOOLEAN NOT NULL,
    priority INTEGER,
    tax_code TEXT NOT NULL,
    tax_rate TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX employee_recurring_inclusions_employee ON employee_recurring_inclusions(employee_id, kind, id);
CREATE INDEX employee_recurring_inclusions_business ON employee_recurring_inclusions(business_id, employee_id, kind);
CREATE INDEX employee_recurring_inclusions_category ON employee_recurring_inclusions(category_id);
CREATE INDEX employee_recurring_inclusions_location ON employee_recurring_inclusions(location_id);
CREATE UNIQUE INDEX employee_recurring_inclusions_external ON employee_recurring_inclusions(employee_id, kind, external_reference_id) WHERE external_reference_id <> '';
CREATE INDEX employee_recurring_inclusions_external_lookup ON employee_recurring_inclusions(business_id, kind, external_reference_id) WHERE external_reference_id <> '';

-- +goose Down
DROP TABLE employee_recurring_inclusions;
