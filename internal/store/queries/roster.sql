-- Roster shifts and shift swaps (internal/roster). Lists and IN-lists are
-- composed in internal/roster (filters and the restricted user's scope
-- bound as parameters).

-- name: InsertRosterShift :one
INSERT INTO roster_shifts (business_id, employee_id, location_id, work_type_id, classification_id, classification_name,
    role_id, role_name, role_class_name, role_colour, start_time, end_time, notes, qualification_ids, published, date_published,
    accepted, declined_by, decline_reason, token, stub_note, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, FALSE, NULL, '', $17, '', $18, $18)
RETURNING *;

-- name: GetRosterShift :one
SELECT * FROM roster_shifts WHERE id = $1 AND business_id = $2;

-- name: UpdateRosterShift :one
-- Conditional on the version read: no row = changed meanwhile (409).
-- Reassigning the shift to another employee clears its acceptance.
UPDATE roster_shifts SET employee_id = $4, location_id = $5, work_type_id = $6, classification_id = $7, classification_name = $8,
    role_id = $9, role_name = $10, role_class_name = $11, role_colour = $12, start_time = $13, end_time = $14, notes = $15,
    qualification_ids = $16, published = $17, date_published = $18, accepted = $19, updated_at = $20, version = version + 1
WHERE id = $1 AND business_id = $2 AND version = $3
RETURNING *;

-- name: InsertRosterShiftBreak :exec
INSERT INTO roster_shift_breaks (business_id, shift_id, start_time, end_time, is_paid) VALUES ($1, $2, $3, $4, $5);

-- name: DeleteRosterShiftBreaks :exec
DELETE FROM roster_shift_breaks WHERE shift_id = $1;

-- name: ListRosterShiftBreaks :many
SELECT * FROM roster_shift_breaks WHERE shift_id = $1 ORDER BY start_time, id;

-- name: AcceptRosterShift :one
-- Only a published, not yet accepted shift of this employee moves: of two
-- racing answers exactly one wins.
UPDATE roster_shifts SET accepted = TRUE, updated_at = $4, version = version + 1
WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND published = TRUE AND accepted = FALSE
RETURNING id;

-- name: DeclineRosterShift :one
-- A declined shift goes back to the unassigned pool, keeping who declined
-- it and why.
UPDATE roster_shifts SET employee_id = NULL, accepted = FALSE, declined_by = $3, decline_reason = $4, updated_at = $5, version = version + 1
WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND published = TRUE AND accepted = FALSE
RETURNING id;

-- name: StubRosterShift :one
-- A shift is turned into a timesheet line once.
UPDATE roster_shifts SET timesheet_line_id = $3, stub_note = $4, updated_at = $5, version = version + 1
WHERE id = $1 AND business_id = $2 AND timesheet_line_id IS NULL
RETURNING id;

-- name: InsertRosterShiftSwap :one
INSERT INTO roster_shift_swaps (business_id, shift_id, from_employee_id, to_employee_id, note, status, rejected_reason, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, 'Proposed', '', $6, $6)
RETURNING *;

-- name: GetOpenRosterShiftSwap :one
SELECT * FROM roster_shift_swaps WHERE shift_id = $1 AND business_id = $2 AND status = 'Proposed';

-- name: CloseRosterShiftSwap :one
-- Proposed -> Accepted | Declined | Cancelled, once.
UPDATE roster_shift_swaps SET status = $3, rejected_reason = $4, updated_at = $5
WHERE id = $1 AND business_id = $2 AND status = 'Proposed'
RETURNING *;

-- name: TransferRosterShift :one
-- An accepted swap gives the shift to the other employee (accepted: they
-- agreed to it), conditional on it still being the proposer's.
UPDATE roster_shifts SET employee_id = $4, accepted = TRUE, updated_at = $5, version = version + 1
WHERE id = $1 AND business_id = $2 AND employee_id = $3
RETURNING id;
