-- name: InsertLeaveEntry :exec
-- One movement of a leave balance (migration 00140).
INSERT INTO leave_ledger (business_id, employee_id, leave_category_id, hours_e6, kind, source_kind, source_id, leave_request_id, entry_date, notes, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11);

-- name: DeleteLeaveEntriesBySource :execrows
-- What one source (a pay run) wrote, so posting it again replaces it.
DELETE FROM leave_ledger WHERE business_id = $1 AND source_kind = $2 AND source_id = $3;

-- name: LeaveBalancesAsAt :many
-- Balance per leave category of an employee: the sum of the ledger up to
-- and including a date.
SELECT leave_category_id, CAST(SUM(hours_e6) AS BIGINT) AS hours_e6
FROM leave_ledger
WHERE business_id = $1 AND employee_id = $2 AND entry_date <= $3
GROUP BY leave_category_id;

-- name: LeaveBalance :one
-- The whole ledger balance of one category of one employee.
SELECT CAST(COALESCE(SUM(hours_e6), 0) AS BIGINT) AS hours_e6
FROM leave_ledger
WHERE business_id = $1 AND employee_id = $2 AND leave_category_id = $3;

-- name: CommittedLeaveHours :one
-- Hours of pending and approved requests of one category not yet paid
-- (taken in a pay run), other than one request: what a new request must
-- leave room for.
SELECT CAST(COALESCE(SUM(lr.hours_e6 + COALESCE((SELECT SUM(l.hours_e6) FROM leave_ledger l WHERE l.leave_request_id = lr.id AND l.kind = 'Taken'), 0)), 0) AS BIGINT) AS hours_e6
FROM leave_requests lr
WHERE lr.business_id = $1 AND lr.employee_id = $2 AND lr.leave_category_id = $3 AND lr.status IN ('Pending', 'Approved') AND lr.id <> $4;

-- name: ListLeaveAllowances :many
SELECT * FROM leave_allowances WHERE business_id = $1 AND employee_id = $2 ORDER BY leave_category_id;

-- name: ListLeaveAllowancesOfBusiness :many
SELECT * FROM leave_allowances WHERE business_id = $1 ORDER BY employee_id, leave_category_id;

-- name: DeleteLeaveAllowances :exec
DELETE FROM leave_allowances WHERE business_id = $1 AND employee_id = $2;

-- name: InsertLeaveAllowance :exec
INSERT INTO leave_allowances (business_id, employee_id, leave_category_id, units, unit_type, leave_unit_type, hours_per_year,
    automatically_accrues, can_apply_for_leave, leave_loading, accrual_rule, template_id, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13);

-- name: AssignLeaveTemplate :exec
INSERT INTO leave_template_assignments (employee_id, business_id, template_id, assigned_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (employee_id) DO UPDATE SET template_id = EXCLUDED.template_id, assigned_at = EXCLUDED.assigned_at;

-- name: GetLeaveTemplateAssignment :one
SELECT * FROM leave_template_assignments WHERE business_id = $1 AND employee_id = $2;

-- name: ListLeaveTemplateEmployees :many
SELECT employee_id FROM leave_template_assignments WHERE business_id = $1 AND template_id = $2 ORDER BY employee_id;

-- name: CountLeaveTemplateAssignments :one
SELECT COUNT(*) FROM leave_template_assignments WHERE business_id = $1 AND template_id = $2;

-- name: CreateLeaveRequest :one
INSERT INTO leave_requests (business_id, employee_id, leave_category_id, from_date, to_date, hours_e6, notes, status, status_reason,
    attachment_id, version, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '', $9, 1, $10, $10)
RETURNING id;

-- name: UpdateLeaveRequest :execrows
-- An edit of a pending request, conditional on the version read.
UPDATE leave_requests SET leave_category_id = $3, from_date = $4, to_date = $5, hours_e6 = $6, notes = $7, attachment_id = $8,
    version = version + 1, updated_at = $9
WHERE id = $1 AND business_id = $2 AND version = sqlc.arg(version) AND status = 'Pending';

-- name: TransitionLeaveRequest :execrows
-- A status change as one statement: it happens only from the expected
-- status, so of two racing managers exactly one changes the row.
UPDATE leave_requests SET status = sqlc.arg(to_status), status_reason = sqlc.arg(reason), version = version + 1, updated_at = sqlc.arg(updated_at)
WHERE id = sqlc.arg(id) AND business_id = sqlc.arg(business_id) AND status = sqlc.arg(from_status);

-- name: GetLeaveRequestRow :one
SELECT * FROM leave_requests WHERE id = $1 AND business_id = $2;

-- name: LeaveRequestHoursTaken :one
SELECT CAST(COALESCE(-SUM(hours_e6), 0) AS BIGINT) AS hours_e6 FROM leave_ledger WHERE leave_request_id = $1 AND kind = 'Taken';

-- name: CreateUnavailability :one
INSERT INTO unavailabilities (business_id, employee_id, from_date, to_date, end_date, reason, recurring, recurring_day, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
RETURNING *;

-- name: GetUnavailability :one
SELECT * FROM unavailabilities WHERE id = $1 AND business_id = $2;

-- name: UpdateUnavailability :execrows
UPDATE unavailabilities SET employee_id = $3, from_date = $4, to_date = $5, end_date = $6, reason = $7, recurring = $8, recurring_day = $9, updated_at = $10
WHERE id = $1 AND business_id = $2;

-- name: DeleteUnavailability :execrows
DELETE FROM unavailabilities WHERE id = $1 AND business_id = $2;

-- name: DeleteOpeningEntries :exec
DELETE FROM leave_ledger WHERE business_id = $1 AND employee_id = $2 AND leave_category_id = $3 AND kind = 'Opening';
