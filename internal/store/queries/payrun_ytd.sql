-- Year to date kept as running totals (employee_year_to_date): finalise
-- adds the run's figures to its employee's tax year, unlock subtracts them
-- (internal/payrun/pay/ytd_running.go). year_start is the year's first day
-- as yyyymmdd; the super base is also kept per calendar quarter, in the
-- slot TaxYear's quarter falls in (0 holds the year's first day).

-- name: AddPayRunYearToDate :exec
-- Adds sign (1: finalised, -1: unlocked) times every employee figure of
-- the run to the employee's year, the super base also to quarter slot
-- (one statement; rows in employee order, so two finalises touching the
-- same employees lock them in the same order).
INSERT INTO employee_year_to_date (business_id, year_start, employee_id, runs, gross, taxable, tax, net, pre_tax, post_tax, stsl,
    super_contribution, super_base, super_base_q0, super_base_q1, super_base_q2, super_base_q3, super_base_q4, ni_employee, ni_employer,
    student_loan, kiwisaver_employee, acc_levy, cpf_employee, cpf_ow_subject, cpf_aw_subject)
SELECT e.business_id, CAST(sqlc.arg(year_start) AS BIGINT), e.employee_id, CAST(sqlc.arg(sign) AS BIGINT),
    CAST(sqlc.arg(sign) AS BIGINT) * e.gross, CAST(sqlc.arg(sign) AS BIGINT) * e.taxable, CAST(sqlc.arg(sign) AS BIGINT) * e.tax,
    CAST(sqlc.arg(sign) AS BIGINT) * e.net, CAST(sqlc.arg(sign) AS BIGINT) * e.pre_tax, CAST(sqlc.arg(sign) AS BIGINT) * e.post_tax,
    CAST(sqlc.arg(sign) AS BIGINT) * e.stsl, CAST(sqlc.arg(sign) AS BIGINT) * e.super_contribution,
    CAST(sqlc.arg(sign) AS BIGINT) * e.super_base,
    CASE WHEN CAST(sqlc.arg(slot) AS BIGINT) = 0 THEN CAST(sqlc.arg(sign) AS BIGINT) * e.super_base ELSE 0 END,
    CASE WHEN CAST(sqlc.arg(slot) AS BIGINT) = 1 THEN CAST(sqlc.arg(sign) AS BIGINT) * e.super_base ELSE 0 END,
    CASE WHEN CAST(sqlc.arg(slot) AS BIGINT) = 2 THEN CAST(sqlc.arg(sign) AS BIGINT) * e.super_base ELSE 0 END,
    CASE WHEN CAST(sqlc.arg(slot) AS BIGINT) = 3 THEN CAST(sqlc.arg(sign) AS BIGINT) * e.super_base ELSE 0 END,
    CASE WHEN CAST(sqlc.arg(slot) AS BIGINT) = 4 THEN CAST(sqlc.arg(sign) AS BIGINT) * e.super_base ELSE 0 END,
    CAST(sqlc.arg(sign) AS BIGINT) * e.ni_employee, CAST(sqlc.arg(sign) AS BIGINT) * e.ni_employer,
    CAST(sqlc.arg(sign) AS BIGINT) * e.student_loan, CAST(sqlc.arg(sign) AS BIGINT) * e.kiwisaver_employee,
    CAST(sqlc.arg(sign) AS BIGINT) * e.acc_levy, CAST(sqlc.arg(sign) AS BIGINT) * e.cpf_employee,
    CAST(sqlc.arg(sign) AS BIGINT) * e.cpf_ow_subject, CAST(sqlc.arg(sign) AS BIGINT) * e.cpf_aw_subject
FROM pay_run_employees e
-- "+" keeps SQLite (no statistics) from walking every payslip of the
-- business through pay_run_employees_employee and filtering by run: the
-- week-52 finalise read 520,000 rows for 10,000 (bench/payrun -weeks 52).
WHERE e.pay_run_id = sqlc.arg(pay_run_id) AND +e.business_id = sqlc.arg(business_id)
ORDER BY e.employee_id
ON CONFLICT (business_id, year_start, employee_id) DO UPDATE SET runs = employee_year_to_date.runs + excluded.runs,
    gross = employee_year_to_date.gross + excluded.gross, taxable = employee_year_to_date.taxable + excluded.taxable,
    tax = employee_year_to_date.tax + excluded.tax, net = employee_year_to_date.net + excluded.net,
    pre_tax = employee_year_to_date.pre_tax + excluded.pre_tax, post_tax = employee_year_to_date.post_tax + excluded.post_tax,
    stsl = employee_year_to_date.stsl + excluded.stsl,
    super_contribution = employee_year_to_date.super_contribution + excluded.super_contribution,
    super_base = employee_year_to_date.super_base + excluded.super_base,
    super_base_q0 = employee_year_to_date.super_base_q0 + excluded.super_base_q0,
    super_base_q1 = employee_year_to_date.super_base_q1 + excluded.super_base_q1,
    super_base_q2 = employee_year_to_date.super_base_q2 + excluded.super_base_q2,
    super_base_q3 = employee_year_to_date.super_base_q3 + excluded.super_base_q3,
    super_base_q4 = employee_year_to_date.super_base_q4 + excluded.super_base_q4,
    ni_employee = employee_year_to_date.ni_employee + excluded.ni_employee,
    ni_employer = employee_year_to_date.ni_employer + excluded.ni_employer,
    student_loan = employee_year_to_date.student_loan + excluded.student_loan,
    kiwisaver_employee = employee_year_to_date.kiwisaver_employee + excluded.kiwisaver_employee,
    acc_levy = employee_year_to_date.acc_levy + excluded.acc_levy,
    cpf_employee = employee_year_to_date.cpf_employee + excluded.cpf_employee,
    cpf_ow_subject = employee_year_to_date.cpf_ow_subject + excluded.cpf_ow_subject,
    cpf_aw_subject = employee_year_to_date.cpf_aw_subject + excluded.cpf_aw_subject;

-- name: DeleteEmptyYearToDate :exec
-- Drops the rows of a year that no finalised run counts any more (after
-- an unlock).
DELETE FROM employee_year_to_date
WHERE business_id = sqlc.arg(business_id) AND year_start = sqlc.arg(year_start) AND runs = 0;

-- name: KeptYearToDate :many
-- The kept sums of every employee's tax year starting year_start, in
-- employee order (the key's order: nothing to sort), the super base of
-- quarter slot slot (and the quarters after it, which only runs dated
-- after the one being calculated fill) as quarter_super_base.
SELECT employee_id, runs, gross, taxable, tax, net, pre_tax, post_tax, stsl, super_contribution, super_base, ni_employee, ni_employer,
    student_loan, kiwisaver_employee, acc_levy, cpf_employee, cpf_ow_subject, cpf_aw_subject,
    CAST(CASE CAST(sqlc.arg(slot) AS BIGINT) WHEN 0 THEN super_base_q0 + super_base_q1 + super_base_q2 + super_base_q3 + super_base_q4
        WHEN 1 THEN super_base_q1 + super_base_q2 + super_base_q3 + super_base_q4 WHEN 2 THEN super_base_q2 + super_base_q3 + super_base_q4
        WHEN 3 THEN super_base_q3 + super_base_q4 ELSE super_base_q4 END AS BIGINT) AS quarter_super_base
FROM employee_year_to_date
WHERE business_id = sqlc.arg(business_id) AND year_start = sqlc.arg(year_start)
ORDER BY employee_id;

-- name: YearToDateNotBefore :many
-- What KeptYearToDate's sums hold that a run's year to date must not:
-- the finalised runs of the tax year paid after year_to, and the run
-- pay_run_id itself (usually none: only a run dated before runs already
-- finalised, or a finalised run's own pay slips, has any), per employee,
-- quarter_super_base counting those paid on or after quarter_from.
SELECT e.employee_id, CAST(COUNT(*) AS BIGINT) AS runs,
    CAST(SUM(e.gross) AS BIGINT) AS gross, CAST(SUM(e.taxable) AS BIGINT) AS taxable, CAST(SUM(e.tax) AS BIGINT) AS tax,
    CAST(SUM(e.net) AS BIGINT) AS net, CAST(SUM(e.pre_tax) AS BIGINT) AS pre_tax, CAST(SUM(e.post_tax) AS BIGINT) AS post_tax,
    CAST(SUM(e.stsl) AS BIGINT) AS stsl, CAST(SUM(e.super_contribution) AS BIGINT) AS super_contribution,
    CAST(SUM(e.super_base) AS BIGINT) AS super_base, CAST(SUM(e.ni_employee) AS BIGINT) AS ni_employee,
    CAST(SUM(e.ni_employer) AS BIGINT) AS ni_employer, CAST(SUM(e.student_loan) AS BIGINT) AS student_loan,
    CAST(SUM(e.kiwisaver_employee) AS BIGINT) AS kiwisaver_employee, CAST(SUM(e.acc_levy) AS BIGINT) AS acc_levy,
    CAST(SUM(e.cpf_employee) AS BIGINT) AS cpf_employee, CAST(SUM(e.cpf_ow_subject) AS BIGINT) AS cpf_ow_subject,
    CAST(SUM(e.cpf_aw_subject) AS BIGINT) AS cpf_aw_subject,
    CAST(SUM(CASE WHEN r.date_paid >= sqlc.arg(quarter_from) THEN e.super_base ELSE 0 END) AS BIGINT) AS quarter_super_base
FROM pay_runs r JOIN pay_run_employees e ON e.pay_run_id = r.id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.date_paid >= sqlc.arg(year_from)
    AND r.date_paid < sqlc.arg(next_year_from) AND (r.date_paid > sqlc.arg(year_to) OR r.id = sqlc.arg(pay_run_id))
GROUP BY e.employee_id
ORDER BY e.employee_id;
