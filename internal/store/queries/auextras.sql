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

-- name: GetPaymentSummary :one
SELECT * FROM payment_summaries WHERE business_id = $1 AND employee_id = $2 AND financial_year = $3;

-- name: ListEmployeePaymentSummaries :many
SELECT * FROM payment_summaries WHERE business_id = $1 AND employee_id = $2 ORDER BY financial_year DESC;

-- name: CreatePaymentSummary :one
-- A racing generate of the same employee and year inserts nothing (no row: 409).
INSERT INTO payment_summaries (business_id, employee_id, financial_year, status, is_amended, gross, tax, super, pay_runs, date_generated, version,
    lump_sum_a, lump_sum_d, resc, etp_taxable, etp_tax_free, etp_code, lump_sum_b, lump_sum_e, lump_sum_a_type)
VALUES ($1, $2, $3, $4, FALSE, $5, $6, $7, $8, $9, 1, $10, $11, $12, $13, $14, $15, $16, $17, $18)
ON CONFLICT (business_id, employee_id, financial_year) DO NOTHING
RETURNING *;

-- name: RegeneratePaymentSummary :one
-- Replaces the figures of a summary that is not published, if nobody
-- changed it since it was read (version).
UPDATE payment_summaries SET status = 'Generated', is_amended = $4, gross = $5, tax = $6, super = $7, pay_runs = $8, date_generated = $9,
    lump_sum_a = $10, lump_sum_d = $11, resc = $12, etp_taxable = $13, etp_tax_free = $14, etp_code = $15, lump_sum_b = $16, lump_sum_e = $17,
    lump_sum_a_type = $18, version = version + 1
WHERE business_id = $1 AND id = $2 AND version = $3 AND status <> 'Published'
RETURNING *;

-- name: SetPaymentSummaryStatus :one
-- Moves a summary from status $4 to $5 if nobody changed it since it was
-- read (version $3).
UPDATE payment_summaries SET status = $5, version = version + 1
WHERE business_id = $1 AND id = $2 AND version = $3 AND status = $4
RETURNING *;

-- name: DeletePaymentSummaryAmounts :exec
DELETE FROM payment_summary_amounts WHERE business_id = $1 AND payment_summary_id = $2;

-- name: InsertPaymentSummaryAmount :exec
INSERT INTO payment_summary_amounts (payment_summary_id, business_id, kind, name, amount) VALUES ($1, $2, $3, $4, $5);

-- name: ListPaymentSummaryAmounts :many
-- A stored payment summary's allowances and union fees (by the primary key).
SELECT kind, name, amount FROM payment_summary_amounts WHERE payment_summary_id = $1 AND business_id = $2 ORDER BY kind, name;
