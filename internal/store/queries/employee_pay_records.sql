-- Opening balances, recurring tax adjustments and earnings line splits
-- of an employee.

-- name: GetOpeningBalances :one
SELECT * FROM employee_opening_balances WHERE business_id = $1 AND employee_id = $2;

-- name: ListOpeningBalanceLines :many
SELECT * FROM employee_opening_balance_lines WHERE business_id = $1 AND employee_id = $2 ORDER BY kind, position;

-- name: UpsertOpeningBalances :one
-- Replaces the employee's set (the caller holds the employee's lock);
-- version counts the replacements.
INSERT INTO employee_opening_balances (business_id, employee_id, financial_year, total_hours, gross_earnings, payg_withholding,
    method_b2_payg_withholding, sfss, help, super_contribution, employer_contribution, non_resc_employer_contribution,
    pre_tax_deductions, post_tax_deductions, location_id, version, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 1, $16, $16)
ON CONFLICT (employee_id) DO UPDATE SET financial_year = excluded.financial_year, total_hours = excluded.total_hours,
    gross_earnings = excluded.gross_earnings, payg_withholding = excluded.payg_withholding,
    method_b2_payg_withholding = excluded.method_b2_payg_withholding, sfss = excluded.sfss, help = excluded.help,
    super_contribution = excluded.super_contribution, employer_contribution = excluded.employer_contribution,
    non_resc_employer_contribution = excluded.non_resc_employer_contribution, pre_tax_deductions = excluded.pre_tax_deductions,
    post_tax_deductions = excluded.post_tax_deductions, location_id = excluded.location_id,
    version = employee_opening_balances.version + 1, updated_at = excluded.updated_at
RETURNING *;

-- name: DeleteOpeningBalanceLines :exec
DELETE FROM employee_opening_balance_lines WHERE business_id = $1 AND employee_id = $2;

-- name: InsertOpeningBalanceLine :exec
INSERT INTO employee_opening_balance_lines (business_id, employee_id, kind, position, category_id, name, amount, quantity,
    pay_category_type, unit_type, is_resc, tax_exempt, is_member_voluntary, etp_type, tax_free_component, taxable_component,
    tax_withheld, is_amended, payment_date, generate_payment_summary)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20);

-- name: OpeningBalancesOfYear :many
-- The opening balances of a financial year of the employees with ids in
-- [$3, $4] (the caller keeps its own set): what a pay run's year-to-date
-- adds.
SELECT employee_id, gross_earnings, payg_withholding, method_b2_payg_withholding, sfss, help, super_contribution,
    pre_tax_deductions, post_tax_deductions
FROM employee_opening_balances
WHERE business_id = $1 AND financial_year = $2 AND employee_id >= $3 AND employee_id <= $4
ORDER BY employee_id;

-- name: ListTaxAdjustments :many
SELECT * FROM employee_recurring_tax_adjustments WHERE business_id = $1 AND employee_id = $2 ORDER BY id;

-- name: GetTaxAdjustment :one
SELECT * FROM employee_recurring_tax_adjustments WHERE business_id = $1 AND employee_id = $2 AND id = $3;

-- name: CreateTaxAdjustment :one
INSERT INTO employee_recurring_tax_adjustments (business_id, employee_id, adjustment_type, amount, from_date, expiry_date,
    maximum_amount_paid, total_amount_paid, notes, version, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, 1, $9, $9)
RETURNING *;

-- name: UpdateTaxAdjustment :one
-- Replaces an adjustment, keeping its running total: refused (no row)
-- when the new maximum is below what has been withheld.
UPDATE employee_recurring_tax_adjustments SET adjustment_type = $4, amount = $5, from_date = $6, expiry_date = $7,
    maximum_amount_paid = $8, notes = $9, version = version + 1, updated_at = $10
WHERE business_id = $1 AND employee_id = $2 AND id = $3
    AND (CAST($8 AS BIGINT) IS NULL OR total_amount_paid <= CAST($8 AS BIGINT))
RETURNING *;

-- name: DeleteTaxAdjustment :execrows
DELETE FROM employee_recurring_tax_adjustments WHERE business_id = $1 AND employee_id = $2 AND id = $3;

-- name: ListApplicableTaxAdjustments :many
-- The adjustments in force in a period of the employees with ids in
-- [$2, $3]: started by the period's end ($5), not expired before its start
-- ($4), maximum not reached.
SELECT * FROM employee_recurring_tax_adjustments
WHERE business_id = $1 AND employee_id >= $2 AND employee_id <= $3 AND from_date <= $5
    AND (expiry_date IS NULL OR expiry_date >= $4)
    AND (maximum_amount_paid IS NULL OR total_amount_paid < maximum_amount_paid)
ORDER BY employee_id, id;

-- name: AddPayRunTaxAdjustmentsPaid :execrows
-- Finalise adds what a run withheld of each recurring tax adjustment to
-- its running total ($2 = 1), unlock takes it back ($2 = -1).
UPDATE employee_recurring_tax_adjustments SET total_amount_paid = total_amount_paid + $2 * (
    SELECT COALESCE(SUM(s.amount), 0) FROM pay_run_sources s
    JOIN pay_run_employees e ON e.pay_run_id = s.pay_run_id AND e.employee_id = s.employee_id
    WHERE s.pay_run_id = $1 AND s.kind = 'taxadjustment' AND s.source_id = employee_recurring_tax_adjustments.id),
    updated_at = $3
WHERE id IN (SELECT s.source_id FROM pay_run_sources s WHERE s.pay_run_id = $1 AND s.kind = 'taxadjustment');

-- name: CountTaxAdjustmentsOverMaximum :one
SELECT COUNT(*) FROM employee_recurring_tax_adjustments a
WHERE a.id IN (SELECT s.source_id FROM pay_run_sources s WHERE s.pay_run_id = $1 AND s.kind = 'taxadjustment')
    AND a.maximum_amount_paid IS NOT NULL AND a.total_amount_paid > a.maximum_amount_paid;

-- name: ListEarningsLineSplits :many
SELECT s.*, r.name AS location_name FROM employee_earnings_line_splits s JOIN records r ON r.id = s.location_id
WHERE s.business_id = $1 AND s.employee_id = $2 ORDER BY s.id;

-- name: CreateEarningsLineSplit :exec
INSERT INTO employee_earnings_line_splits (business_id, employee_id, location_id, allocated_percentage, allocate_balance, created_at)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: UpdateEarningsLineSplit :execrows
UPDATE employee_earnings_line_splits SET allocated_percentage = $4, allocate_balance = $5
WHERE business_id = $1 AND employee_id = $2 AND location_id = $3;

-- name: DeleteEarningsLineSplit :execrows
DELETE FROM employee_earnings_line_splits WHERE business_id = $1 AND employee_id = $2 AND location_id = $3;

-- name: ListEarningsLineSplitsOfRange :many
-- Every location split of the employees with ids in [$2, $3], for a pay
-- run (the caller keeps its own set).
SELECT s.employee_id, s.location_id, s.allocated_percentage, s.allocate_balance, r.name AS location_name
FROM employee_earnings_line_splits s JOIN records r ON r.id = s.location_id
WHERE s.business_id = $1 AND s.employee_id >= $2 AND s.employee_id <= $3
ORDER BY s.employee_id, s.id;

-- name: ListDimensionSplits :many
SELECT * FROM employee_dimension_splits WHERE business_id = $1 AND employee_id = $2 ORDER BY id;

-- name: ListDimensionSplitValues :many
SELECT v.split_id, v.dimension_id, v.dimension_value_id, r.name AS value_name
FROM employee_dimension_split_values v JOIN records r ON r.id = v.dimension_value_id
WHERE v.employee_id = $1 ORDER BY v.split_id, v.dimension_id;

-- name: CreateDimensionSplit :one
INSERT INTO employee_dimension_splits (business_id, employee_id, allocated_percentage, allocate_balance, created_at)
VALUES ($1, $2, $3, $4, $5) RETURNING id;

-- name: CreateDimensionSplitValue :exec
INSERT INTO employee_dimension_split_values (split_id, employee_id, dimension_id, dimension_value_id) VALUES ($1, $2, $3, $4);

-- name: DeleteDimensionSplits :exec
DELETE FROM employee_dimension_splits WHERE business_id = $1 AND employee_id = $2;

-- name: DeleteDimensionSplit :execrows
DELETE FROM employee_dimension_splits WHERE business_id = $1 AND employee_id = $2 AND id = $3;
