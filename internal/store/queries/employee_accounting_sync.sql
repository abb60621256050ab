-- Sync-to-accounting requests (employee.Service.SyncToAccounting).

-- name: InsertEmployeeAccountingSync :one
INSERT INTO employee_accounting_syncs (business_id, employee_id, target, status, message, requested_by, requested_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING *;

-- name: ListEmployeesOnPayRateTemplate :many
-- The employees whose rates a pay rate template gives (their audit trail
-- records a change to the template).
SELECT id, user_id FROM employees WHERE business_id = $1 AND LOWER(pay_rate_template) = $2 ORDER BY id;
