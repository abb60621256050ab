-- What pay runs read from employee records and what they record of it
-- (migration 00200).

-- name: SetPayRunOptions :exec
INSERT INTO pay_run_options (pay_run_id, business_id, timesheet_import_option, timesheets_from, timesheets_to, exclude_leave_requests)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: GetPayRunOptions :one
SELECT * FROM pay_run_options WHERE pay_run_id = $1;

-- name: ListPayRateSchedulesInRange :many
-- Every pay rate change of the business's employees with ids in [$2, $3]
-- commencing by $4 (a pay run's period end): the caller keeps those in
-- force in its period.
SELECT employee_id, rate, rate_unit, commencement_date FROM employee_pay_rate_schedules
WHERE business_id = $1 AND employee_id >= $2 AND employee_id <= $3 AND commencement_date <= $4
ORDER BY employee_id, commencement_date;

-- name: ListLeaveAllowancesInRange :many
SELECT * FROM leave_allowances
WHERE business_id = $1 AND employee_id >= $2 AND employee_id <= $3 AND automatically_accrues
ORDER BY employee_id, leave_category_id;

-- name: DeletePayRunSourcesOfRun :exec
DELETE FROM pay_run_sources WHERE pay_run_id = $1;

-- name: DeletePayRunSourcesOfEmployee :exec
DELETE FROM pay_run_sources WHERE pay_run_id = $1 AND employee_id = $2;

-- name: ListPayRunSourcesOfKind :many
-- The sources of a run's employees (an employee removed from the run
-- since is left out).
SELECT s.* FROM pay_run_sources s
JOIN pay_run_employees e ON e.pay_run_id = s.pay_run_id AND e.employee_id = s.employee_id
WHERE s.pay_run_id = $1 AND s.kind = $2
ORDER BY s.employee_id, s.id;

-- name: AddPayRunInclusionsPaid :execrows
-- Finalise adds what the run paid of each recurring inclusion to its
-- running total ($2 = 1), unlock takes it back ($2 = -1): one statement.
UPDATE employee_recurring_inclusions SET total_amount_paid = total_amount_paid + $2 * (
    SELECT COALESCE(SUM(s.amount), 0) FROM pay_run_sources s
    JOIN pay_run_employees e ON e.pay_run_id = s.pay_run_id AND e.employee_id = s.employee_id
    WHERE s.pay_run_id = $1 AND s.kind = 'inclusion' AND s.source_id = employee_recurring_inclusions.id),
    updated_at = $3
WHERE id IN (SELECT s.source_id FROM pay_run_sources s WHERE s.pay_run_id = $1 AND s.kind = 'inclusion');

-- name: CountInclusionsOverMaximum :one
-- Inclusions of a run whose running total passed their maximum (a
-- concurrent run paid them too): finalise refuses.
SELECT COUNT(*) FROM employee_recurring_inclusions i
WHERE i.id IN (SELECT s.source_id FROM pay_run_sources s WHERE s.pay_run_id = $1 AND s.kind = 'inclusion')
AND i.maximum_amount_paid IS NOT NULL AND i.total_amount_paid > i.maximum_amount_paid;

-- name: CountPayRunLeaveEmployees :one
-- Employees whose leave a run posted (before unlock takes it back).
SELECT COUNT(DISTINCT employee_id) FROM leave_ledger WHERE business_id = $1 AND source_kind = 'PayRun' AND source_id = $2;
