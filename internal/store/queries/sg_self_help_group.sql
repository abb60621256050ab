-- SG self-help group funds (internal/payrun/pay/sg_shg.go, internal/sg/cpf).

-- name: SgCpfMonthSelfHelpGroupLines :many
-- The self-help group fund deductions of the business's finalised runs
-- paid in [month_from, month_to), by employee and fund (the line subtype
-- SelfHelpGroup.<fund>), for the CPF submission.
SELECT l.employee_id, l.subtype, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(month_from) AND r.date_paid < sqlc.arg(month_to)
    AND l.kind = 'deduction' AND l.subtype LIKE 'SelfHelpGroup.%'
GROUP BY l.employee_id, l.subtype
ORDER BY l.employee_id, l.subtype;

-- name: SgMonthWagesAndSelfHelpGroup :many
-- Each employee's earnings (subtype '') and self-help group fund
-- deductions (subtype SelfHelpGroup.<fund>) in the business's finalised
-- runs other than pay_run_id paid in [month_from, month_to): the funds
-- are monthly contributions on the month's total wages, so a second run
-- paid in the month tops up to the month's band (sg_shg.go).
SELECT l.employee_id, CAST(CASE WHEN l.kind = 'earnings' THEN '' ELSE l.subtype END AS TEXT) AS subtype,
    CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(month_from) AND r.date_paid < sqlc.arg(month_to)
    AND (l.kind = 'earnings' OR (l.kind = 'deduction' AND l.subtype LIKE 'SelfHelpGroup.%'))
GROUP BY l.employee_id, CASE WHEN l.kind = 'earnings' THEN '' ELSE l.subtype END
ORDER BY l.employee_id, 2;

-- name: SgCommissionLinesPaidBetween :many
-- SG: each employee's earnings lines that say how many months they are
-- paid for (lump_sum_periods, other than '' and '1') in the finalised runs
-- other than pay_run_id paid in [from_date, to_date], by category and
-- periods: a commission for more than a month is an additional wage
-- (internal/payrun/pay/sg_cpf.go).
SELECT l.employee_id, l.category_id, l.lump_sum_periods, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(from_date) AND r.date_paid <= sqlc.arg(to_date) AND l.kind = 'earnings'
    AND l.lump_sum_periods <> '' AND l.lump_sum_periods <> '1'
GROUP BY l.employee_id, l.category_id, l.lump_sum_periods
ORDER BY l.employee_id, l.category_id, l.lump_sum_periods;
