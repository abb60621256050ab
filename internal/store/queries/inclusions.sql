-- Recurring pay run inclusions of employees (E/deduction, E/employerliability,
-- E/additional-earnings, E/expense).

-- name: CreateInclusion :one
INSERT INTO employee_recurring_inclusions (business_id, employee_id, kind, category_id, name, calc_type, amount, units, from_date, expiry_date,
    maximum_amount_paid, total_amount_paid, notes, external_reference_id, source, location_id, super_rate, override_super_rate, paid_to,
    paid_to_account_id, payment_reference, preserved_earnings, preserved_earnings_amount, preserved_earnings_action, carry_forward_unpaid,
    carry_forward_unused_preserved, priority, tax_code, tax_rate, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $29)
RETURNING *;

-- name: UpdateInclusion :one
-- The running total is the pay runs' (AddInclusionPaid), never the client's.
UPDATE employee_recurring_inclusions SET category_id = $5, name = $6, calc_type = $7, amount = $8, units = $9, from_date = $10, expiry_date = $11,
    maximum_amount_paid = $12, notes = $13, external_reference_id = $14, source = $15, location_id = $16, super_rate = $17, override_super_rate = $18,
    paid_to = $19, paid_to_account_id = $20, payment_reference = $21, preserved_earnings = $22, preserved_earnings_amount = $23,
    preserved_earnings_action = $24, carry_forward_unpaid = $25, carry_forward_unused_preserved = $26, priority = $27, tax_code = $28, tax_rate = $29,
    updated_at = $30
WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND kind = $4
RETURNING *;

-- name: GetInclusion :one
SELECT * FROM employee_recurring_inclusions WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND kind = $4;

-- name: GetInclusionByExternalReference :one
SELECT * FROM employee_recurring_inclusions WHERE business_id = $1 AND employee_id = $2 AND kind = $3 AND external_reference_id = $4 AND external_reference_id <> '';

-- name: ListInclusions :many
SELECT * FROM employee_recurring_inclusions WHERE business_id = $1 AND employee_id = $2 AND kind = $3 ORDER BY id;

-- name: ListInclusionsByExternalReferences :many
-- POST B/employee/deduction: a business's inclusions of a kind with one of
-- the external reference ids (given as a '|'-delimited list: portable, no arrays).
SELECT * FROM employee_recurring_inclusions WHERE business_id = $1 AND kind = $2 AND external_reference_id <> ''
AND $3 LIKE '%|' || external_reference_id || '|%'
ORDER BY employee_id, id LIMIT 1000;

-- name: DeleteInclusion :execrows
DELETE FROM employee_recurring_inclusions WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND kind = $4;

-- name: AddInclusionPaid :one
-- A pay run adds what it paid; refused (no row) past the maximum.
UPDATE employee_recurring_inclusions SET total_amount_paid = total_amount_paid + $3, updated_at = $4
WHERE id = $1 AND business_id = $2 AND (maximum_amount_paid IS NULL OR total_amount_paid + $3 <= maximum_amount_paid)
RETURNING *;

-- name: ListApplicableInclusions :many
-- Every inclusion in force in a period for the employees with ids in
-- [$3, $4] (a pay run's employees; the caller keeps its own set): started
-- by the period's end, not expired before its start, maximum not reached.
SELECT * FROM employee_recurring_inclusions
WHERE business_id = $1 AND employee_id >= $2 AND employee_id <= $3 AND from_date <= $5
AND (expiry_date IS NULL OR expiry_date >= $4)
AND (maximum_amount_paid IS NULL OR total_amount_paid < maximum_amount_paid)
ORDER BY employee_id, kind, id;
