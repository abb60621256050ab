-- Employee self-service (second part): the employee's own timesheet lines.

-- name: DeleteUnreviewedTimesheetLine :execrows
-- Self-service delete: conditional on the version the employee read and on
-- the line not being Approved or Processed, so a manager approving at the
-- same moment wins or loses as a whole (no row = 409).
DELETE FROM timesheet_lines
WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND version = $4 AND status NOT IN ('Approved', 'Processed');
