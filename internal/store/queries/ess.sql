-- Employee self-service: employees' self-managed super funds.

-- name: ListEmployeeSMSFs :many
SELECT * FROM employee_self_managed_super_funds WHERE business_id = $1 AND employee_id = $2 ORDER BY id;

-- name: GetEmployeeSMSF :one
SELECT * FROM employee_self_managed_super_funds WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: CreateEmployeeSMSF :one
INSERT INTO employee_self_managed_super_funds (business_id, employee_id, abn, fund_name, account_name, account_number, bsb,
    electronic_service_address, email, external_id, version, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, $11) RETURNING *;

-- name: UpdateEmployeeSMSF :execrows
-- Conditional on the version read: a concurrent update makes this one re-read.
UPDATE employee_self_managed_super_funds SET abn = $1, fund_name = $2, account_name = $3, account_number = $4, bsb = $5,
    electronic_service_address = $6, email = $7, external_id = $8, version = version + 1, updated_at = $9
WHERE id = $10 AND business_id = $11 AND employee_id = $12 AND version = $13;
