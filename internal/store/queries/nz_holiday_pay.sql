-- The Holidays Act 2003 final pay (docs/reference/holiday-pay-on-termination.md).

-- name: EmployeeEarningsByCategoryEndedBetween :many
-- One employee's earnings per finalised run (other than one run) whose
-- period ended in [from_date, to_date], and per pay category, with the
-- run's period: gross earnings since an anniversary of employment (a
-- period straddling it is split by days), and the 12 months average
-- weekly earnings are taken over. Read through pay_run_employees_employee.
SELECT r.period_starting, r.period_ending, l.category_id, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_employees pe
JOIN pay_runs r ON r.id = pe.pay_run_id
JOIN pay_run_lines l ON l.pay_run_id = pe.pay_run_id AND l.employee_id = pe.employee_id AND l.kind = 'earnings'
WHERE pe.business_id = sqlc.arg(business_id) AND pe.employee_id = sqlc.arg(employee_id) AND r.status = 'Finalised'
    AND r.id <> sqlc.arg(pay_run_id) AND r.period_ending >= sqlc.arg(from_date) AND r.period_ending <= sqlc.arg(to_date)
GROUP BY r.id, r.period_starting, r.period_ending, l.category_id
ORDER BY r.id, l.category_id;

-- name: LastFinalisedPeriodEndingOn :one
-- The end of the employee's last finalised pay period (other than one run)
-- that ended on or before a date (no rows when none).
SELECT r.period_ending
FROM pay_run_employees pe
JOIN pay_runs r ON r.id = pe.pay_run_id
WHERE pe.business_id = sqlc.arg(business_id) AND pe.employee_id = sqlc.arg(employee_id) AND r.status = 'Finalised'
    AND r.id <> sqlc.arg(pay_run_id) AND r.period_ending <= sqlc.arg(on_date)
ORDER BY r.period_ending DESC
LIMIT 1;

-- name: LeaveTakenAfter :many
-- Hours of leave an employee has taken per leave category after a date
-- (positive), from the ledger.
SELECT leave_category_id, CAST(-SUM(hours_e6) AS BIGINT) AS hours_e6
FROM leave_ledger
WHERE business_id = $1 AND employee_id = $2 AND kind = 'Taken' AND entry_date > $3
GROUP BY leave_category_id
ORDER BY leave_category_id;
