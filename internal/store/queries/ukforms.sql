-- UK forms (internal/uk/forms) and RTI (internal/uk/rti): the year's
-- figures are read from finalised pay runs; published P60s and generated
-- FPS submissions are stored.

-- name: UKFormsYearRuns :many
-- Every finalised pay of the business's employees (or of one employee
-- when employee_id <> 0) paid in [year_from, year_to), oldest first:
-- year-to-date figures and the NI bands of each period are built from it
-- (niable_pay: the gross NI was worked on, NULL for runs calculated before
-- it was stored: forms.YearNIablePay).
SELECT e.employee_id, e.pay_run_id, r.date_paid, r.frequency, r.period_starting, r.period_ending,
    e.gross, e.taxable, e.tax, e.ni_employee, e.ni_employer, e.student_loan, e.postgrad_loan, e.net, e.ni_category, e.class1a_nic,
    e.niable_pay
FROM pay_run_employees e JOIN pay_runs r ON r.id = e.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND e.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid < sqlc.arg(year_to)
    AND (CAST(sqlc.arg(employee_id) AS BIGINT) = 0 OR e.employee_id = sqlc.arg(employee_id))
ORDER BY e.employee_id, r.date_paid, r.id;

-- name: UKFormsStatutoryPay :many
-- The statutory pay lines (SMP, SPP, ...: external ids 'statutoryleave:<kind>:...')
-- of finalised runs paid in [year_from, year_to), one employee or all.
SELECT l.employee_id, l.pay_run_id, l.external_id, l.amount
FROM pay_runs r JOIN pay_run_lines l ON l.pay_run_id = r.id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid < sqlc.arg(year_to)
    AND l.kind = 'earnings' AND l.external_id LIKE 'statutoryleave:%'
    AND (CAST(sqlc.arg(employee_id) AS BIGINT) = 0 OR l.employee_id = sqlc.arg(employee_id))
ORDER BY l.employee_id, l.id;

-- name: UKFormsLeavers :many
-- Employees of the business who left in [year_from, year_to) (P45s due).
SELECT id FROM employees
WHERE business_id = sqlc.arg(business_id) AND end_date IS NOT NULL
    AND end_date >= sqlc.arg(year_from) AND end_date < sqlc.arg(year_to)
ORDER BY id;

-- name: UpsertP60Publication :one
INSERT INTO uk_p60_publications (business_id, employee_id, tax_year, document, published_by, published_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (business_id, tax_year, employee_id) DO UPDATE
    SET document = excluded.document, published_by = excluded.published_by, published_at = excluded.published_at
RETURNING *;

-- name: GetP60Publication :one
SELECT * FROM uk_p60_publications WHERE business_id = $1 AND employee_id = $2 AND tax_year = $3;

-- name: ListP60PublicationsOfYear :many
SELECT * FROM uk_p60_publications WHERE business_id = $1 AND tax_year = $2 ORDER BY employee_id;

-- name: ListP60PublicationsOfEmployee :many
SELECT * FROM uk_p60_publications WHERE business_id = $1 AND employee_id = $2 ORDER BY tax_year DESC;

-- name: CreateFPSSubmission :one
INSERT INTO uk_fps_submissions (business_id, pay_run_id, transaction_id, tax_year, employee_count, total_pay, total_tax,
    total_ni_employee, total_ni_employer, xml, created_by, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
RETURNING *;

-- name: GetFPSSubmission :one
SELECT * FROM uk_fps_submissions WHERE business_id = $1 AND transaction_id = $2;

-- name: GetUKFormsPayRun :one
SELECT id, business_id, frequency, period_starting, period_ending, date_paid, status
FROM pay_runs WHERE business_id = $1 AND id = $2;

-- name: UKFormsYearEarnings :many
-- The earnings lines of finalised runs paid in [year_from, year_to) summed
-- by employee, run and pay category, one employee or all: the forms tell
-- apart earnings that are not NI-able (a termination award) by category.
SELECT l.employee_id, l.pay_run_id, l.category_id, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_runs r JOIN pay_run_lines l ON l.pay_run_id = r.id
WHERE r.business_id = sqlc.arg(business_id) AND l.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid < sqlc.arg(year_to)
    AND l.kind = 'earnings'
    AND (CAST(sqlc.arg(employee_id) AS BIGINT) = 0 OR l.employee_id = sqlc.arg(employee_id))
GROUP BY l.employee_id, l.pay_run_id, l.category_id
ORDER BY l.employee_id, l.pay_run_id, l.category_id;

-- name: UKFormsYearPensions :many
-- The employee's workplace pension contributions of each finalised pay run
-- paid in [year_from, year_to), one employee or all, by how they are
-- relieved (the FPS items "employee pension contributions paid under a net
-- pay arrangement" and "... not paid under a net pay arrangement", relief
-- at source: docs/reference/uk-rti.md): the amount deducted from pay
-- (uk_pay_run_pensions.employee_amount; 80% of the gross under relief at
-- source), less an opt-out refund paid in the run (a taxable refund line
-- for a net pay arrangement, a tax-exempt one for relief at source;
-- internal/payrun/pay/uk_pension_optout.go). Salary sacrifice is the
-- employer's contribution and is in neither.
SELECT CAST(x.employee_id AS BIGINT) AS employee_id, CAST(x.pay_run_id AS BIGINT) AS pay_run_id,
    CAST(SUM(x.net_pay) AS BIGINT) AS net_pay, CAST(SUM(x.not_net_pay) AS BIGINT) AS not_net_pay
FROM (
    SELECT p.employee_id, p.pay_run_id,
        CASE WHEN p.arrangement = 'NetPay' THEN p.employee_amount ELSE 0 END AS net_pay,
        CASE WHEN p.arrangement = 'ReliefAtSource' THEN p.employee_amount ELSE 0 END AS not_net_pay
    FROM uk_pay_run_pensions p JOIN pay_runs r ON r.id = p.pay_run_id
    WHERE p.business_id = sqlc.arg(business_id) AND r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
        AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid < sqlc.arg(year_to)
        AND (CAST(sqlc.arg(employee_id) AS BIGINT) = 0 OR p.employee_id = sqlc.arg(employee_id))
    UNION ALL
    SELECT l.employee_id, l.pay_run_id,
        CASE WHEN l.tax_exempt THEN 0 ELSE -l.amount END AS net_pay,
        CASE WHEN l.tax_exempt THEN -l.amount ELSE 0 END AS not_net_pay
    FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
    WHERE l.business_id = sqlc.arg(business_id) AND r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
        AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid < sqlc.arg(year_to)
        AND l.subtype = 'UKPension.OptOutRefund'
        AND (CAST(sqlc.arg(employee_id) AS BIGINT) = 0 OR l.employee_id = sqlc.arg(employee_id))
) x
GROUP BY x.employee_id, x.pay_run_id
ORDER BY x.employee_id, x.pay_run_id;
