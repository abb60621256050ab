-- SG: what the business's other finalised runs of a calendar month (or of
-- the year before it) paid and charged, read by one reader
-- (internal/payrun/pay/sg_cpf_month.go) for CPF, the SDL and the
-- self-help group funds, which are all due on the month's total wages.
-- Every finalised run paid in the month counts, whatever order the runs
-- were finalised in.

-- name: SgMonthRuns :many
-- Each employee's CPF shares, wages subject to CPF and SDL in the
-- business's finalised runs other than pay_run_id paid in [month_from,
-- month_to); the ytd_ columns are the part of the runs paid on or before
-- ytd_to (the runs the year to date counts: the rest of the month is not
-- in it).
SELECT pe.employee_id, CAST(SUM(pe.cpf_employee) AS BIGINT) AS cpf_employee, CAST(SUM(pe.cpf_employer) AS BIGINT) AS cpf_employer,
    CAST(SUM(pe.cpf_ow_subject) AS BIGINT) AS cpf_ow_subject, CAST(SUM(pe.cpf_aw_subject) AS BIGINT) AS cpf_aw_subject,
    CAST(SUM(pe.sdl) AS BIGINT) AS sdl,
    CAST(SUM(CASE WHEN r.date_paid <= sqlc.arg(ytd_to) THEN pe.cpf_ow_subject ELSE 0 END) AS BIGINT) AS ytd_ow_subject,
    CAST(SUM(CASE WHEN r.date_paid <= sqlc.arg(ytd_to) THEN pe.cpf_aw_subject ELSE 0 END) AS BIGINT) AS ytd_aw_subject
FROM pay_run_employees pe JOIN pay_runs r ON r.id = pe.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(month_from) AND r.date_paid < sqlc.arg(month_to)
GROUP BY pe.employee_id
ORDER BY pe.employee_id;

-- name: SgEarningsPaidIn :many
-- Each employee's earnings by pay category and months paid for
-- (lump_sum_periods) in the business's finalised runs other than
-- pay_run_id paid in [from_date, to_date): the reader classes them as
-- ordinary or additional wages.
SELECT l.employee_id, l.category_id, l.lump_sum_periods, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(from_date) AND r.date_paid < sqlc.arg(to_date) AND l.kind = 'earnings'
GROUP BY l.employee_id, l.category_id, l.lump_sum_periods
ORDER BY l.employee_id, l.category_id, l.lump_sum_periods;

-- name: SgSelfHelpGroupPaidIn :many
-- Each employee's self-help group fund deductions (subtype
-- SelfHelpGroup.<fund>) in the business's finalised runs other than
-- pay_run_id paid in [month_from, month_to).
SELECT l.employee_id, l.subtype, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(month_from) AND r.date_paid < sqlc.arg(month_to)
    AND l.kind = 'deduction' AND l.subtype LIKE 'SelfHelpGroup.%'
GROUP BY l.employee_id, l.subtype
ORDER BY l.employee_id, l.subtype;
