-- SG CPF of the month across several runs (internal/payrun/pay/sg_cpf_month.go).

-- name: SgCpfMonthEarlierRuns :many
-- Each employee's CPF shares and wages subject to CPF in the business's
-- finalised runs other than pay_run_id paid in [month_from, to_date] (the
-- same runs the year to date counts in the month): CPF is due on the
-- month's total wages, so a later run of the month charges the month's
-- CPF less what these runs charged.
SELECT pe.employee_id, CAST(SUM(pe.cpf_employee) AS BIGINT) AS cpf_employee, CAST(SUM(pe.cpf_employer) AS BIGINT) AS cpf_employer,
    CAST(SUM(pe.cpf_ow_subject) AS BIGINT) AS cpf_ow_subject, CAST(SUM(pe.cpf_aw_subject) AS BIGINT) AS cpf_aw_subject
FROM pay_run_employees pe JOIN pay_runs r ON r.id = pe.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(month_from) AND r.date_paid <= sqlc.arg(to_date)
GROUP BY pe.employee_id
ORDER BY pe.employee_id;
