-- UK statutory leave (internal/uk/statutoryleave): periods of leave, the
-- documents attached to them, and the pay history and pay run lines the
-- calculation reads.

-- name: CreateStatutoryLeave :one
INSERT INTO statutory_leave_periods (business_id, employee_id, kind, start_date, end_date, qualifying_date, match_date,
    weeks_to_pay, awe_override, is_adoption, paused, qualifying_days, notes, created_at, updated_at, pay_rise_bp, pay_rise_from)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, FALSE, $11, $12, $13, $13, $14, $15)
RETURNING *;

-- name: GetStatutoryLeave :one
SELECT * FROM statutory_leave_periods WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND kind = $4;

-- name: ListStatutoryLeaves :many
-- An employee's periods of one kind overlapping [from, to], oldest first.
SELECT * FROM statutory_leave_periods
WHERE business_id = $1 AND employee_id = $2 AND kind = $3 AND end_date >= sqlc.arg(from_date) AND start_date <= sqlc.arg(to_date)
ORDER BY start_date, id;

-- name: ListStatutoryLeavesInPeriod :many
-- Every period of the business overlapping a pay period, for the
-- employees in [employee_lo, employee_hi] (a pay run's batch).
SELECT * FROM statutory_leave_periods
WHERE business_id = $1 AND end_date >= sqlc.arg(from_date) AND start_date <= sqlc.arg(to_date)
    AND employee_id >= sqlc.arg(employee_lo) AND employee_id <= sqlc.arg(employee_hi)
ORDER BY employee_id, start_date, id;

-- name: DeleteStatutoryLeave :execrows
DELETE FROM statutory_leave_periods WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND kind = $4;

-- name: SetStatutoryLeavePaused :one
-- One statement: of two writers the later simply wins with its value.
UPDATE statutory_leave_periods SET paused = $5, updated_at = $6, version = version + 1
WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND kind = $4
RETURNING *;

-- name: GetEmployeeDocumentInfo :one
SELECT id, friendly_name, content_type, size, created_at FROM documents
WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: LinkStatutoryLeaveDocument :execrows
INSERT INTO statutory_leave_documents (leave_id, document_id, business_id, created_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (leave_id, document_id) DO NOTHING;

-- name: UnlinkStatutoryLeaveDocument :execrows
DELETE FROM statutory_leave_documents WHERE leave_id = $1 AND document_id = $2 AND business_id = $3;

-- name: ListStatutoryLeaveDocuments :many
SELECT d.id, d.friendly_name, d.content_type, d.size, d.created_at, l.created_at AS linked_at
FROM statutory_leave_documents l JOIN documents d ON d.id = l.document_id
WHERE l.leave_id = $1 AND l.business_id = $2
ORDER BY l.created_at, d.id;

-- name: EmployeePayHistory :many
-- The employee's finalised pay runs paid in (after, upto]: the relevant
-- period of average weekly earnings is read from them. The earnings are
-- those for Class 1 NI (niable_pay: after salary sacrifice, without a
-- termination award; gross for a row calculated before it was kept): the
-- SMP and SSP regulations' "gross earnings" (SMP (General) Regs 1986 reg
-- 20(2), SSP (General) Regs 1982 reg 19) are the earnings Class 1 is
-- worked on, so pay given up by a salary sacrifice is not counted.
SELECT r.id, r.date_paid, r.frequency, r.period_starting, r.period_ending, CAST(COALESCE(e.niable_pay, e.gross) AS BIGINT) AS earnings
FROM pay_run_employees e JOIN pay_runs r ON r.id = e.pay_run_id
WHERE e.business_id = $1 AND e.employee_id = $2 AND r.status = 'Finalised'
    AND r.date_paid > sqlc.arg(after) AND r.date_paid <= sqlc.arg(upto)
ORDER BY r.date_paid, r.id;

-- name: StatutoryPayLines :many
-- The statutory pay lines of an employee in the business's pay runs whose
-- external id starts with prefix ('statutoryleave:smp:12:').
SELECT l.pay_run_id, r.status, l.external_id, l.amount, l.units
FROM pay_runs r JOIN pay_run_lines l ON l.pay_run_id = r.id
WHERE r.business_id = $1 AND l.employee_id = $2 AND l.kind = 'earnings' AND l.external_id LIKE sqlc.arg(prefix)
ORDER BY r.date_paid, l.id;

-- name: StatutoryPayLinesOfRun :many
SELECT l.external_id, l.amount, l.units, l.rate, l.notes, l.category_name
FROM pay_run_lines l
WHERE l.pay_run_id = $1 AND l.employee_id = $2 AND l.kind = 'earnings' AND l.external_id LIKE sqlc.arg(prefix)
ORDER BY l.id;

-- name: SetStatutoryLeaveEarnings :one
-- A period's average weekly earnings inputs after a pay rise learnt late
-- (SMP (General) Regulations 1986 reg 21(7)): the override and the pay
-- rise, one statement (of two writers the later wins with its values).
UPDATE statutory_leave_periods SET awe_override = $5, pay_rise_bp = $6, pay_rise_from = $7, updated_at = $8, version = version + 1
WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND kind = $4
RETURNING *;
