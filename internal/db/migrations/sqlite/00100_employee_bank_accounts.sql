-- +goose Up
-- An employee's bank accounts (E/bankaccount): where net pay goes. Each
-- account takes a fixed amount, a percentage, or the balance (at most one
-- balance account per employee: a unique index). Amounts in integer minor
-- units, percentages as exact decimal text. Rows go with the employee.
CREATE TABLE employee_bank_accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    account_type TEXT NOT NULL,
    bsb TEXT NOT NULL,
    account_name TEXT NOT NULL,
    account_number TEXT NOT NULL,
    roll_number TEXT NOT NULL,
    allocated_percentage TEXT,
    fixed_amount BIGINT,
    allocate_balance BOOLEAN NOT NULL,
    is_employee_editable BOOLEAN NOT NULL,
    external_reference_id TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX employee_bank_accounts_employee ON employee_bank_accounts(employee_id, id);
CREATE INDEX employee_bank_accounts_business ON employee_bank_accounts(business_id, employee_id, id);
CREATE UNIQUE INDEX employee_bank_accounts_one_balance ON employee_bank_accounts(employee_id) WHERE allocate_balance;

-- +goose Down
DROP TABLE employee_bank_accounts;
