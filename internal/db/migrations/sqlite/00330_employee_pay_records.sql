-- +goose Up
-- Opening balances of an employee (E/openingbalances, AU): what was paid
-- in a financial year before the employee's first pay run here. One set
-- per employee, replaced whole by each POST (version counts the
-- replacements). The year-to-date a pay run and its payslips read adds
-- the set of the run's financial year (financial_year = the year it
-- starts in). Amounts in integer minor units, hours as exact decimal text.
CREATE TABLE employee_opening_balances (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    financial_year INTEGER NOT NULL,
    total_hours TEXT NOT NULL,
    gross_earnings BIGINT NOT NULL,
    payg_withholding BIGINT NOT NULL,
    method_b2_payg_withholding BIGINT NOT NULL,
    sfss BIGINT NOT NULL,
    help BIGINT NOT NULL,
    super_contribution BIGINT NOT NULL,
    employer_contribution BIGINT NOT NULL,
    non_resc_employer_contribution BIGINT NOT NULL,
    pre_tax_deductions BIGINT NOT NULL,
    post_tax_deductions BIGINT NOT NULL,
    location_id BIGINT REFERENCES records(id),
    version BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX employee_opening_balances_employee ON employee_opening_balances(employee_id);
CREATE INDEX employee_opening_balances_year ON employee_opening_balances(business_id, financial_year, employee_id);
CREATE INDEX employee_opening_balances_location ON employee_opening_balances(location_id);

-- The lines of a set: earnings by pay category, deductions, leave
-- balances, employer liabilities and ETPs (kind), in the order given.
-- category_id names the pay, deduction, leave or liability category (no
-- foreign key: the name is kept, and a category deleted later leaves the
-- history as it was entered). quantity is a leave balance's amount.
CREATE TABLE employee_opening_balance_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    position INTEGER NOT NULL,
    category_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    amount BIGINT NOT NULL,
    quantity TEXT NOT NULL,
    pay_category_type TEXT NOT NULL,
    unit_type TEXT NOT NULL,
    is_resc BOOLEAN NOT NULL,
    tax_exempt BOOLEAN NOT NULL,
    is_member_voluntary BOOLEAN NOT NULL,
    etp_type TEXT NOT NULL,
    tax_free_component BIGINT NOT NULL,
    taxable_component BIGINT NOT NULL,
    tax_withheld BIGINT NOT NULL,
    is_amended BOOLEAN NOT NULL,
    payment_date TIMESTAMP,
    generate_payment_summary BOOLEAN NOT NULL
);
CREATE INDEX employee_opening_balance_lines_employee ON employee_opening_balance_lines(employee_id, kind, position);
CREATE INDEX employee_opening_balance_lines_business ON employee_opening_balance_lines(business_id, employee_id);

-- Recurring PAYG tax adjustments of an employee (E/taxadjustment, AU): an
-- extra amount withheld each pay run, fixed or a percentage of gross or
-- taxable earnings (amount then in hundredths of a percent), from a day
-- until an expiry day or a maximum amount withheld, with the running
-- total finalised pay runs add to (unlock takes it back).
CREATE TABLE employee_recurring_tax_adjustments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    adjustment_type TEXT NOT NULL,
    amount BIGINT NOT NULL,
    from_date TIMESTAMP NOT NULL,
    expiry_date TIMESTAMP,
    maximum_amount_paid BIGINT,
    total_amount_paid BIGINT NOT NULL,
    notes TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX employee_recurring_tax_adjustments_employee ON employee_recurring_tax_adjustments(business_id, employee_id, id);

-- Earnings line splits of an employee (E/earningslinesplit): the share of
-- each earnings line a pay run books to a location. Percentages as exact
-- decimal text, totalling 100 (checked by the service under the
-- employee's lock).
CREATE TABLE employee_earnings_line_splits (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    location_id BIGINT NOT NULL REFERENCES records(id),
    allocated_percentage TEXT NOT NULL,
    allocate_balance BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX employee_earnings_line_splits_location ON employee_earnings_line_splits(employee_id, location_id);
CREATE INDEX employee_earnings_line_splits_business ON employee_earnings_line_splits(business_id, employee_id);
CREATE INDEX employee_earnings_line_splits_location_ref ON employee_earnings_line_splits(location_id);

-- Earnings line splits by reporting dimension values
-- (E/earningslinesplit/dimension): each split names one value per
-- dimension (the rows of employee_dimension_split_values).
CREATE TABLE employee_dimension_splits (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    allocated_percentage TEXT NOT NULL,
    allocate_balance BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX employee_dimension_splits_employee ON employee_dimension_splits(business_id, employee_id, id);
CREATE TABLE employee_dimension_split_values (
    split_id BIGINT NOT NULL REFERENCES employee_dimension_splits(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    dimension_id BIGINT NOT NULL,
    dimension_value_id BIGINT NOT NULL REFERENCES records(id),
    PRIMARY KEY (split_id, dimension_id)
);
CREATE UNIQUE INDEX employee_dimension_split_values_value ON employee_dimension_split_values(employee_id, dimension_value_id, split_id);
CREATE INDEX employee_dimension_split_values_ref ON employee_dimension_split_values(dimension_value_id);

-- +goose Down
DROP TABLE employee_dimension_split_values;
DROP TABLE employee_dimension_splits;
DROP TABLE employee_earnings_line_splits;
DROP TABLE employee_recurring_tax_adjustments;
DROP TABLE employee_opening_balance_lines;
DROP TABLE employee_opening_balances;
