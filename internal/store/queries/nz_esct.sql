-- NZ ESCT rate threshold amount from the previous tax year (internal/payrun/pay/nz_esct_prior_year.go).

-- name: NzEsctPriorYear :one
-- An employee's salary or wages plus gross employer KiwiSaver contributions
-- of the business's finalised runs paid in [year_from, year_to), how many
-- runs those are and how many of them had begun by year_begun (the
-- business ran their payroll from the start of that year); none for an
-- employee who started after year_from (not employed the whole year).
SELECT CAST(COUNT(*) AS BIGINT) AS runs,
    CAST(COALESCE(SUM(pe.gross + pe.kiwisaver_employer), 0) AS BIGINT) AS amount,
    CAST(COALESCE(SUM(CASE WHEN r.period_starting <= sqlc.arg(year_begun) THEN 1 ELSE 0 END), 0) AS BIGINT) AS from_start
FROM pay_runs r JOIN pay_run_employees pe ON pe.pay_run_id = r.id
    JOIN employees e ON e.id = pe.employee_id AND e.business_id = r.business_id
WHERE e.start_date IS NOT NULL AND e.start_date <= sqlc.arg(employed_by) AND r.business_id = sqlc.arg(business_id) AND pe.employee_id = sqlc.arg(employee_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid < sqlc.arg(year_to);

-- name: NzEsctFirstPay :one
-- The employer KiwiSaver contribution and ESCT of an employee's first pay
-- of the tax year in the business: the earliest finalised run paid in
-- [year_from, date_paid], other than run_id, with an employer contribution
-- of at least a dollar and ESCT (its rate stays the year's, IR spec
-- §5.21.5).
SELECT pe.kiwisaver_employer, pe.esct
FROM pay_runs r JOIN pay_run_employees pe ON pe.pay_run_id = r.id
WHERE r.business_id = sqlc.arg(business_id) AND pe.employee_id = sqlc.arg(employee_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(run_id)
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(date_paid) AND pe.kiwisaver_employer >= 100 AND pe.esct > 0
ORDER BY r.date_paid, r.id
LIMIT 1;
