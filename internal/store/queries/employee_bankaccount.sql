-- Employee bank accounts (E/bankaccount). Every statement names the
-- business and the employee, so an id of another tenant or employee
-- matches nothing.

-- name: LockEmployeeRecords :execrows
-- Serialises writers of one employee's records (bank accounts, super funds,
-- schedules, leave requests against a balance) whose rules span rows: on
-- PostgreSQL the no-op UPDATE holds the
-- employee row's lock until commit, on SQLite the write transaction is
-- already exclusive. It leaves the employee's version alone. 0 rows = the
-- employee is gone.
UPDATE employees SET version = version WHERE id = $1 AND business_id = $2;

-- name: CreateEmployeeBankAccount :one
INSERT INTO employee_bank_accounts (business_id, employee_id, account_type, bsb, account_name, account_number, roll_number,
    allocated_percentage, fixed_amount, allocate_balance, is_employee_editable, external_reference_id, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
RETURNING *;

-- name: UpdateEmployeeBankAccount :one
UPDATE employee_bank_accounts SET account_type = $4, bsb = $5, account_name = $6, account_number = $7, roll_number = $8,
    allocated_percentage = $9, fixed_amount = $10, allocate_balance = $11, is_employee_editable = $12, external_reference_id = $13, updated_at = $14
WHERE id = $1 AND business_id = $2 AND employee_id = $3
RETURNING *;

-- name: GetEmployeeBankAccount :one
SELECT * FROM employee_bank_accounts WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: ListEmployeeBankAccounts :many
SELECT * FROM employee_bank_accounts WHERE business_id = $1 AND employee_id = $2 ORDER BY id;

-- name: DeleteEmployeeBankAccount :execrows
DELETE FROM employee_bank_accounts WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: ListBankAccountsOnSchedule :many
-- Every bank account of the employees on a pay schedule (what a pay run
-- pays into), by employee then creation order, in one statement.
SELECT a.* FROM employee_bank_accounts a
JOIN employees e ON e.id = a.employee_id
WHERE e.business_id = $1 AND e.pay_schedule_id = $2 AND a.business_id = $1
ORDER BY a.employee_id, a.id;
