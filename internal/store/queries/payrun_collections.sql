-- Pay run collections and run-level actions. Every write here
-- runs after TouchDraftPayRun in the same transaction (a finalised run
-- refuses it), except SetPayRunUIUnlockState, which applies to finalised
-- runs only and says so in its statement.

-- name: CreatePayRunLineWithSubtype :one
INSERT INTO pay_run_lines (business_id, pay_run_id, employee_id, kind, category_id, category_name, units, rate, amount,
    tax_exempt, notes, external_id, location_id, user_entered, subtype, leave_request_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
RETURNING id;

-- name: SetPayRunEmployeeTermination :execrows
UPDATE pay_run_employees SET termination_date = $3, termination_reason = $4, version = version + 1
WHERE pay_run_id = $1 AND employee_id = $2;

-- name: TerminateEmployeeInPayRun :one
-- The employee's own record: terminated on the date for the reason, in
-- one conditional statement (an already terminated employee is no row).
UPDATE employees SET end_date = $3, termination_reason = $4, status = 'Terminated', updated_at = $5, version = version + 1
WHERE id = $1 AND business_id = $2 AND status <> 'Terminated'
RETURNING id, external_id, first_name, surname;

-- name: SetPayRunUIUnlockState :execrows
UPDATE pay_runs SET ui_unlock_enabled = $3, version = version + 1, updated_at = $4
WHERE id = $1 AND business_id = $2 AND status = 'Finalised';

-- name: GetPayRunEmployeeByID :one
SELECT * FROM pay_run_employees WHERE pay_run_id = $1 AND id = $2;

-- name: GetLeaveRequestToApply :one
-- A leave request of the business with the hours already paid for it
-- (Taken entries of the leave ledger are negative), for P/bulkapplyleaverequests.
SELECT lr.id, lr.employee_id, lr.leave_category_id, lr.from_date, lr.to_date, lr.hours_e6, lr.status,
    CAST(COALESCE((SELECT -SUM(l.hours_e6) FROM leave_ledger l WHERE l.leave_request_id = lr.id AND l.kind = 'Taken'), 0) AS BIGINT) AS applied_e6
FROM leave_requests lr
WHERE lr.business_id = $1 AND lr.id = $2;

-- name: DeletePayRunLeaveRequestLines :execrows
DELETE FROM pay_run_lines WHERE pay_run_id = $1 AND leave_request_id = $2;
