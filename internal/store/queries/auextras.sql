-- name: ListSuperAdjustments :many
SELECT * FROM employee_super_adjustments WHERE business_id = $1 AND employee_id = $2 ORDER BY id;

-- name: GetSuperAdjustment :one
SELECT * FROM employee_super_adjustments WHERE business_id = $1 AND employee_id = $2 AND id = $3;

-- name: CreateSuperAdjustment :one
-- A Fixed adjustment is paid when recorded: its total is its amount.
INSERT INTO employee_super_adjustments (business_id, employee_id, contribution_type, adjustment_type, amount, from_date, expiry_date,
    maximum_amount_paid, total_amount_paid, notes, version, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, $11)
RETURNING *;

-- name: UpdateSuperAdjustment :one
UPDATE employee_super_adjustments SET contribution_type = $4, adjustment_type = $5, amount = $6, from_date = $7, expiry_date = $8,
    maximum_amount_paid = $9, total_amount_paid = $10, notes = $11, version = version + 1, updated_at = $12
WHERE business_id = $1 AND employee_id = $2 AND id = $3
RETURNING *;

-- name: DeleteSuperAdjustment :execrows
DELETE FROM employee_super_adjustments WHERE business_id = $1 AND employee_id = $2 AND id = $3;
