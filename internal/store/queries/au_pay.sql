-- name: CreatePayRunLineLumpSum :one
-- A user's earnings line with its AU lump sum members (and a subtype).
INSERT INTO pay_run_lines (business_id, pay_run_id, employee_id, kind, category_id, category_name, units, rate, amount,
    tax_exempt, notes, external_id, location_id, user_entered, subtype, leave_request_id, lump_sum_method, lump_sum_periods, lump_sum_e_year)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
RETURNING id;

-- name: EmployeeEarningsByCategorySince :many
-- An employee's earnings per pay category and payment date in the
-- finalised runs paid from a date to another (other than one run), split
-- at a date (the start of the income year): what earlier termination
-- payments reduce the ETP caps by (the date tells a delayed termination
-- payment, which does not). Read through pay_run_employees_employee.
SELECT l.category_id, r.date_paid, CAST(r.date_paid >= sqlc.arg(split_at) AS BOOLEAN) AS after_split, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_employees pe
JOIN pay_runs r ON r.id = pe.pay_run_id
JOIN pay_run_lines l ON l.pay_run_id = pe.pay_run_id AND l.employee_id = pe.employee_id AND l.kind = 'earnings'
WHERE pe.business_id = sqlc.arg(business_id) AND pe.employee_id = sqlc.arg(employee_id) AND r.status = 'Finalised'
    AND r.id <> sqlc.arg(pay_run_id) AND r.date_paid >= sqlc.arg(paid_from) AND r.date_paid <= sqlc.arg(paid_to)
GROUP BY l.category_id, r.date_paid, CAST(r.date_paid >= sqlc.arg(split_at) AS BOOLEAN)
ORDER BY r.date_paid, l.category_id;

-- name: EmployeeEarningsUnitsSince :many
-- The units of an employee's earnings lines in the finalised runs paid from
-- a date to another (other than one run): the kilometres of per-kilometre
-- car allowances paid earlier in the income year. Read through
-- pay_run_employees_employee.
SELECT l.category_id, l.units
FROM pay_run_employees pe
JOIN pay_runs r ON r.id = pe.pay_run_id
JOIN pay_run_lines l ON l.pay_run_id = pe.pay_run_id AND l.employee_id = pe.employee_id AND l.kind = 'earnings'
WHERE pe.business_id = sqlc.arg(business_id) AND pe.employee_id = sqlc.arg(employee_id) AND r.status = 'Finalised'
    AND r.id <> sqlc.arg(pay_run_id) AND r.date_paid >= sqlc.arg(paid_from) AND r.date_paid <= sqlc.arg(paid_to)
ORDER BY l.id;

-- name: GetEmployeeTerminationReason :one
SELECT termination_reason FROM employees WHERE business_id = $1 AND id = $2;

-- name: EmployeeLineTotalsOfFinalisedRuns :many
-- An employee's finalised runs' lines summed by run, kind, category and
-- subtype (what a payment summary breaks gross payments into; the run
-- finds an ETP's own withholding).
SELECT r.id AS pay_run_id, r.date_paid, l.kind, l.category_id, l.subtype, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_employees pe
JOIN pay_runs r ON r.id = pe.pay_run_id
JOIN pay_run_lines l ON l.pay_run_id = pe.pay_run_id AND l.employee_id = pe.employee_id
WHERE pe.business_id = $1 AND pe.employee_id = $2 AND r.status = 'Finalised' AND l.kind IN ('earnings', 'deduction', 'superadjustment')
GROUP BY r.id, r.date_paid, l.kind, l.category_id, l.subtype;
