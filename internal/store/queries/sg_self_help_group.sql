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
