-- Year to date kept as running totals (pay_run_year_to_date): finalise adds
-- the run's figures to its tax year and quarter, unlock subtracts them
-- (internal/payrun/pay/ytd_running.go). Year and quarter are their first
-- days as yyyymmdd.

-- name: AddPayRunYearToDate :exec
-- Adds sign (1: finalised, -1: unlocked) times every employee figure of
-- the run to the employee's year and quarter (one statement; rows in
-- employee order, so two finalises touching the same employees lock them
-- in the same order).
INSERT INTO pay_run_year_to_date (business_id, employee_id, year_start, quarter_start, runs, gross, taxable, tax, net, pre_tax, post_tax, stsl,
    super_contribution, super_base, ni_employee, ni_employer, student_loan, kiwisaver_employee, acc_levy, cpf_employee, cpf_ow_subject, cpf_aw_subject)
SELECT e.business_id, e.employee_id, CAST(sqlc.arg(year_start) AS BIGINT), CAST(sqlc.arg(quarter_start) AS BIGINT), CAST(sqlc.arg(sign) AS BIGINT),
    CAST(sqlc.arg(sign) AS BIGINT) * e.gross, CAST(sqlc.arg(sign) AS BIGINT) * e.taxable, CAST(sqlc.arg(sign) AS BIGINT) * e.tax,
    CAST(sqlc.arg(sign) AS BIGINT) * e.net, CAST(sqlc.arg(sign) AS BIGINT) * e.pre_tax, CAST(sqlc.arg(sign) AS BIGINT) * e.post_tax,
    CAST(sqlc.arg(sign) AS BIGINT) * e.stsl, CAST(sqlc.arg(sign) AS BIGINT) * e.super_contribution, CAST(sqlc.arg(sign) AS BIGINT) * e.super_base,
    CAST(sqlc.arg(sign) AS BIGINT) * e.ni_employee, CAST(sqlc.arg(sign) AS BIGINT) * e.ni_employer, CAST(sqlc.arg(sign) AS BIGINT) * e.student_loan,
    CAST(sqlc.arg(sign) AS BIGINT) * e.kiwisaver_employee, CAST(sqlc.arg(sign) AS BIGINT) * e.acc_levy, CAST(sqlc.arg(sign) AS BIGINT) * e.cpf_employee,
    CAST(sqlc.arg(sign) AS BIGINT) * e.cpf_ow_subject, CAST(sqlc.arg(sign) AS BIGINT) * e.cpf_aw_subject
FROM pay_run_employees e
WHERE e.pay_run_id = sqlc.arg(pay_run_id) AND e.business_id = sqlc.arg(business_id)
ORDER BY e.employee_id
ON CONFLICT (business_id, year_start, employee_id, quarter_start) DO UPDATE SET runs = pay_run_year_to_date.runs + excluded.runs,
    gross = pay_run_year_to_date.gross + excluded.gross, taxable = pay_run_year_to_date.taxable + excluded.taxable,
    tax = pay_run_year_to_date.tax + excluded.tax, net = pay_run_year_to_date.net + excluded.net,
    pre_tax = pay_run_year_to_date.pre_tax + excluded.pre_tax, post_tax = pay_run_year_to_date.post_tax + excluded.post_tax,
    stsl = pay_run_year_to_date.stsl + excluded.stsl, super_contribution = pay_run_year_to_date.super_contribution + excluded.super_contribution,
    super_base = pay_run_year_to_date.super_base + excluded.super_base, ni_employee = pay_run_year_to_date.ni_employee + excluded.ni_employee,
    ni_employer = pay_run_year_to_date.ni_employer + excluded.ni_employer, student_loan = pay_run_year_to_date.student_loan + excluded.student_loan,
    kiwisaver_employee = pay_run_year_to_date.kiwisaver_employee + excluded.kiwisaver_employee,
    acc_levy = pay_run_year_to_date.acc_levy + excluded.acc_levy, cpf_employee = pay_run_year_to_date.cpf_employee + excluded.cpf_employee,
    cpf_ow_subject = pay_run_year_to_date.cpf_ow_subject + excluded.cpf_ow_subject,
    cpf_aw_subject = pay_run_year_to_date.cpf_aw_subject + excluded.cpf_aw_subject;

-- name: DeleteEmptyYearToDate :exec
-- Drops the rows of a year and quarter that no finalised run counts any
-- more (after an unlock).
DELETE FROM pay_run_year_to_date
WHERE business_id = sqlc.arg(business_id) AND year_start = sqlc.arg(year_start) AND quarter_start = sqlc.arg(quarter_start) AND runs = 0;

-- name: KeptYearToDate :many
-- The same answer as PayRunYearToDate from the running totals: the kept
-- sums of the tax year starting year_from (key year_start), less the
-- finalised runs of that year paid after year_to and the run pay_run_id
-- itself (usually none: only a run dated before runs already finalised, or
-- a finalised run's own pay slips, has any). quarter_from must be the
-- first day of a calendar quarter (key quarter_start).
SELECT employee_id,
    CAST(SUM(gross) AS BIGINT) AS gross, CAST(SUM(taxable) AS BIGINT) AS taxable, CAST(SUM(tax) AS BIGINT) AS tax,
    CAST(SUM(net) AS BIGINT) AS net, CAST(SUM(pre_tax) AS BIGINT) AS pre_tax, CAST(SUM(post_tax) AS BIGINT) AS post_tax,
    CAST(SUM(stsl) AS BIGINT) AS stsl, CAST(SUM(super_contribution) AS BIGINT) AS super_contribution,
    CAST(SUM(super_base) AS BIGINT) AS super_base, CAST(SUM(quarter_super_base) AS BIGINT) AS quarter_super_base,
    CAST(SUM(ni_employee) AS BIGINT) AS ni_employee, CAST(SUM(ni_employer) AS BIGINT) AS ni_employer,
    CAST(SUM(student_loan) AS BIGINT) AS student_loan, CAST(SUM(kiwisaver_employee) AS BIGINT) AS kiwisaver_employee,
    CAST(SUM(acc_levy) AS BIGINT) AS acc_levy, CAST(SUM(cpf_employee) AS BIGINT) AS cpf_employee,
    CAST(SUM(cpf_ow_subject) AS BIGINT) AS cpf_ow_subject, CAST(SUM(cpf_aw_subject) AS BIGINT) AS cpf_aw_subject
FROM (
    SELECT y.employee_id, y.runs, y.gross, y.taxable, y.tax, y.net, y.pre_tax, y.post_tax, y.stsl, y.super_contribution, y.super_base,
        CASE WHEN y.quarter_start >= sqlc.arg(quarter_start) THEN y.super_base ELSE 0 END AS quarter_super_base,
        y.ni_employee, y.ni_employer, y.student_loan, y.kiwisaver_employee, y.acc_levy, y.cpf_employee, y.cpf_ow_subject, y.cpf_aw_subject
    FROM pay_run_year_to_date y
    WHERE y.business_id = sqlc.arg(business_id) AND y.year_start = sqlc.arg(year_start)
    UNION ALL
    SELECT e.employee_id, -1, -e.gross, -e.taxable, -e.tax, -e.net, -e.pre_tax, -e.post_tax, -e.stsl, -e.super_contribution, -e.super_base,
        CASE WHEN r.date_paid >= sqlc.arg(quarter_from) THEN -e.super_base ELSE 0 END,
        -e.ni_employee, -e.ni_employer, -e.student_loan, -e.kiwisaver_employee, -e.acc_levy, -e.cpf_employee, -e.cpf_ow_subject, -e.cpf_aw_subject
    FROM pay_runs r JOIN pay_run_employees e ON e.pay_run_id = r.id
    WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.date_paid >= sqlc.arg(year_from)
        AND r.date_paid < sqlc.arg(next_year_from) AND (r.date_paid > sqlc.arg(year_to) OR r.id = sqlc.arg(pay_run_id))
) t
GROUP BY employee_id
HAVING SUM(runs) > 0
ORDER BY employee_id;
