-- Timesheet lines (internal/timesheet). Lists and IN-lists are composed in
-- internal/timesheet (odata.CompileSQL over a whitelist, ids bound).

-- name: InsertTimesheetLine :one
INSERT INTO timesheet_lines (business_id, employee_id, start_time, end_time, submitted_start, submitted_end,
    work_type_id, location_id, pay_category_id, leave_category_id, units, rate, comments, hidden_comments, status,
    external_id, unique_external_id, source, work_minutes, break_minutes, paid_break_minutes, shift_condition_ids,
    dimension_value_ids, reviewed_by, rejection_reason, submitted_by_user, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, '', $25, $26, $26)
RETURNING *;

-- name: InsertTimesheetBreak :exec
INSERT INTO timesheet_breaks (business_id, line_id, start_time, end_time, submitted_start, submitted_end, is_paid)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: GetTimesheetLine :one
SELECT * FROM timesheet_lines WHERE id = $1 AND business_id = $2;

-- name: ListTimesheetBreaks :many
SELECT * FROM timesheet_breaks WHERE line_id = $1 ORDER BY start_time, id;

-- name: DeleteTimesheetBreaks :exec
DELETE FROM timesheet_breaks WHERE line_id = $1;

-- name: UpdateTimesheetLine :one
-- Conditional on the version the caller read and on the line not being
-- Processed: no row = another writer got there first, or it is locked.
UPDATE timesheet_lines SET employee_id = $4, start_time = $5, end_time = $6, submitted_start = $7, submitted_end = $8,
    work_type_id = $9, location_id = $10, pay_category_id = $11, leave_category_id = $12, units = $13, rate = $14,
    comments = $15, hidden_comments = $16, status = $17, external_id = $18, unique_external_id = $19, source = $20,
    work_minutes = $21, break_minutes = $22, paid_break_minutes = $23, shift_condition_ids = $24, dimension_value_ids = $25,
    reviewed_by = $26, rejection_reason = $27, updated_at = $28, version = version + 1
WHERE id = $1 AND business_id = $2 AND version = $3 AND status <> 'Processed'
RETURNING *;

-- name: ReviewTimesheetLine :one
-- Approve or reject: one statement that only moves a line awaiting review
-- (Submitted or Missing), so of two reviewers racing exactly one wins.
UPDATE timesheet_lines SET status = $3, reviewed_by = $4, rejection_reason = $5, updated_at = $6, version = version + 1
WHERE id = $1 AND business_id = $2 AND status IN ('Submitted', 'Missing')
RETURNING *;

-- name: DeleteTimesheetLine :execrows
DELETE FROM timesheet_lines WHERE id = $1 AND business_id = $2 AND status <> 'Processed';

-- name: DeleteTimesheetLinesInRange :many
-- The employee's lines starting in [$3, $4) that a replace may remove
-- (Processed lines stay).
DELETE FROM timesheet_lines
WHERE business_id = $1 AND employee_id = $2 AND start_time >= $3 AND start_time < $4 AND status <> 'Processed'
RETURNING id, status, start_time, end_time, external_id;

-- name: CountTimesheetLinesWithExternalID :one
SELECT COUNT(*) FROM timesheet_lines WHERE business_id = $1 AND external_id = $2 AND id <> $3;

-- name: ReturnTimesheetLinesToApproved :execrows
-- Unlocking a pay run: its Processed lines become Approved again.
UPDATE timesheet_lines SET status = 'Approved', pay_run_id = NULL, updated_at = $3, version = version + 1
WHERE business_id = $1 AND pay_run_id = $2 AND status = 'Processed';

-- name: MarkPayRunTimesheetLinesProcessed :execrows
-- Finalising a pay run: the Approved lines it paid (its timesheet sources,
-- of the employees still in it) become Processed under it, in one
-- statement however many there are.
UPDATE timesheet_lines SET status = 'Processed', pay_run_id = sqlc.arg(pay_run_id), updated_at = sqlc.arg(updated_at), version = version + 1
WHERE timesheet_lines.business_id = sqlc.arg(business_id) AND timesheet_lines.status = 'Approved' AND timesheet_lines.id IN (
    SELECT s.source_id FROM pay_run_sources s JOIN pay_run_employees e ON e.pay_run_id = s.pay_run_id AND e.employee_id = s.employee_id
    WHERE s.pay_run_id = sqlc.arg(pay_run_id) AND s.kind = sqlc.arg(kind));

-- name: CountPayRunTimesheetSources :one
-- The lines MarkPayRunTimesheetLinesProcessed must move.
SELECT COUNT(DISTINCT s.source_id) FROM pay_run_sources s JOIN pay_run_employees e ON e.pay_run_id = s.pay_run_id AND e.employee_id = s.employee_id
WHERE s.pay_run_id = sqlc.arg(pay_run_id) AND s.kind = sqlc.arg(kind);

-- name: ListInterpretableTimesheetLines :many
-- An employee's lines of a rule set period that award rules interpret
-- (worked time: no units, no fixed rate, no leave), rejected ones aside.
SELECT * FROM timesheet_lines
WHERE business_id = $1 AND employee_id = $2 AND start_time >= sqlc.arg(from_time) AND start_time < sqlc.arg(before_time)
  AND status <> 'Rejected' AND units IS NULL AND rate IS NULL AND leave_category_id IS NULL
ORDER BY start_time, id;
