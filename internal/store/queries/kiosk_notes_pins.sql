-- Shift notes with authors and per-reader read state, PIN resets
-- (internal/kiosk).

-- name: InsertShiftNote :one
INSERT INTO clock_notes (business_id, shift_id, employee_id, type, visibility, note, is_admin_initiated, is_read, created_by, created_at, author)
VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE, $8, $9, $10)
RETURNING id;

-- name: GetShiftNoteAuthor :one
SELECT author FROM clock_notes WHERE id = $1 AND shift_id = $2 AND business_id = $3;

-- name: DeleteShiftNote :execrows
-- Only the author's own note (the caller checks first to tell 404 from 403).
DELETE FROM clock_notes WHERE id = $1 AND shift_id = $2 AND business_id = $3 AND author = $4;

-- name: ListShiftNoteIDs :many
SELECT id FROM clock_notes WHERE shift_id = $1 AND business_id = $2 ORDER BY id;

-- name: MarkShiftNoteRead :exec
INSERT INTO clock_note_reads (note_id, reader, business_id, read_at) VALUES ($1, $2, $3, $4)
ON CONFLICT (note_id, reader) DO NOTHING;

-- name: MarkShiftNoteUnread :exec
DELETE FROM clock_note_reads WHERE note_id = $1 AND reader = $2 AND business_id = $3;

-- name: ResetKioskPin :one
-- A reset sets a temporary PIN that is expired at once (the next changepin
-- needs no old PIN) and clears the failure count and the lock.
UPDATE kiosk_employees SET pin_hash = $3, pin_expired = TRUE, failed_attempts = 0, locked_until = NULL, updated_at = $4,
    version = version + 1
WHERE employee_id = $1 AND business_id = $2 AND has_access
RETURNING version;

-- name: LockKioskEmployee :one
-- Takes the employee's kiosk row lock for the rest of the transaction
-- (PostgreSQL; SQLite serialises writers anyway), so of two racing
-- addshifts of one employee the second sees the first's shift (409).
-- Leaves version alone: a PIN change racing it is not a conflict.
UPDATE kiosk_employees SET updated_at = $3 WHERE employee_id = $1 AND business_id = $2
RETURNING employee_id;
