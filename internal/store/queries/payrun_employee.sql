-- name: ListEmployeePayRunTotals :many
-- An employee's totals in every finalised run of the business, latest
-- paid first (E/payruntotals). Served by pay_run_employees_employee.
SELECT sqlc.embed(r), sqlc.embed(e)
FROM pay_run_employees e JOIN pay_runs r ON r.id = e.pay_run_id
WHERE e.business_id = $1 AND e.employee_id = $2 AND r.status = 'Finalised'
ORDER BY r.date_paid DESC, r.id DESC;
