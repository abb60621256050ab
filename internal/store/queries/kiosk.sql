-- Kiosks, kiosk access and PINs, clocked shifts (internal/kiosk).

-- name: InsertKiosk :one
INSERT INTO kiosks (business_id, external_id, location_id, name, time_zone, iana_time_zone, settings, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
RETURNING *;

-- name: GetKiosk :one
SELECT * FROM kiosks WHERE id = $1 AND business_id = $2;

-- name: ListKiosks :many
SELECT * FROM kiosks WHERE business_id = $1 ORDER BY id;

-- name: UpdateKiosk :one
UPDATE kiosks SET external_id = $4, location_id = $5, name = $6, time_zone = $7, iana_time_zone = $8, settings = $9,
    updated_at = $10, version = version + 1
WHERE id = $1 AND business_id = $2 AND version = $3
RETURNING *;

-- name: DeleteKiosk :execrows
DELETE FROM kiosks WHERE id = $1 AND business_id = $2;

-- name: LockKiosk :execrows
-- Serialises deleting a kiosk with clocking on at it: both take the kiosk
-- row's lock first (PostgreSQL; SQLite serialises writers anyway), so a
-- delete counts the shifts opened before it and a clock-on after it finds
-- no kiosk. Leaves version alone. 0 rows = no such kiosk.
UPDATE kiosks SET version = version WHERE id = $1 AND business_id = $2;

-- name: CountOpenClockShiftsOfKiosk :one
SELECT COUNT(*) FROM clock_shifts WHERE kiosk_id = $1 AND status IN ('ClockedOn', 'OnBreak');

-- name: GetKioskEmployee :one
SELECT * FROM kiosk_employees WHERE employee_id = $1 AND business_id = $2;

-- name: SetKioskAccess :exec
INSERT INTO kiosk_employees (employee_id, business_id, has_access, pin_hash, pin_expired, failed_attempts, locked_until, updated_at)
VALUES ($1, $2, $3, '', FALSE, 0, NULL, $4)
ON CONFLICT (employee_id) DO UPDATE SET has_access = excluded.has_access, updated_at = excluded.updated_at,
    version = kiosk_employees.version + 1;

-- name: SetKioskPin :one
-- A new PIN clears the failure count and the lock; conditional on the
-- version read (a PIN changed meanwhile is a 409).
UPDATE kiosk_employees SET pin_hash = $4, pin_expired = FALSE, failed_attempts = 0, locked_until = NULL, updated_at = $5,
    version = version + 1
WHERE employee_id = $1 AND business_id = $2 AND version = $3
RETURNING version;

-- name: ReserveKioskPinAttempt :one
-- Counts a PIN attempt before the PIN is checked (a good PIN then clears
-- the count), in one statement, so concurrent guesses are counted in turn:
-- the guess that reaches the limit sets the lock, and no guess is checked
-- once it is set. No row = locked (locked_until after now, $5).
UPDATE kiosk_employees SET failed_attempts = failed_attempts + 1,
    locked_until = CASE WHEN failed_attempts + 1 >= $3 THEN $4 ELSE locked_until END,
    updated_at = $5, version = version + 1
WHERE employee_id = $1 AND business_id = $2 AND (locked_until IS NULL OR locked_until <= $5)
RETURNING failed_attempts;

-- name: KioskPinSucceeded :exec
UPDATE kiosk_employees SET failed_attempts = 0, locked_until = NULL, updated_at = $3, version = version + 1
WHERE employee_id = $1 AND business_id = $2 AND (failed_attempts <> 0 OR locked_until IS NOT NULL);

-- name: ExpireKioskPin :exec
UPDATE kiosk_employees SET pin_expired = TRUE, updated_at = $3, version = version + 1
WHERE employee_id = $1 AND business_id = $2;

-- name: InsertClockShift :one
INSERT INTO clock_shifts (business_id, employee_id, kiosk_id, location_id, work_type_id, classification_id, shift_condition_ids,
    dimension_value_ids, roster_shift_id, status, start_utc, start_local, end_utc, end_local, timesheet_line_id, source, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, NULL, $15, $16, $16)
RETURNING *;

-- name: GetOpenClockShift :one
SELECT * FROM clock_shifts WHERE employee_id = $1 AND business_id = $2 AND status IN ('ClockedOn', 'OnBreak');

-- name: GetClockShift :one
SELECT * FROM clock_shifts WHERE id = $1 AND business_id = $2;

-- name: GetLastClockShift :one
SELECT * FROM clock_shifts WHERE employee_id = $1 AND business_id = $2 ORDER BY start_utc DESC, id DESC LIMIT 1;

-- name: SetClockShiftStatus :one
-- Conditional on the status and version read: of two racing actions on
-- one shift exactly one moves it.
UPDATE clock_shifts SET status = $4, end_utc = $5, end_local = $6, timesheet_line_id = $7, updated_at = $8, version = version + 1
WHERE id = $1 AND business_id = $2 AND version = $3
RETURNING *;

-- name: InsertClockBreak :exec
INSERT INTO clock_breaks (business_id, shift_id, start_utc, start_local, end_utc, end_local, is_paid)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: EndClockBreak :one
UPDATE clock_breaks SET end_utc = $3, end_local = $4, is_paid = $5
WHERE shift_id = $1 AND business_id = $2 AND end_utc IS NULL
RETURNING id;

-- name: ListClockBreaks :many
SELECT * FROM clock_breaks WHERE shift_id = $1 ORDER BY start_utc, id;

-- name: InsertClockNote :one
INSERT INTO clock_notes (business_id, shift_id, employee_id, type, visibility, note, is_admin_initiated, is_read, created_by, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE, $8, $9)
RETURNING *;

-- name: DeleteClockNote :execrows
DELETE FROM clock_notes WHERE id = $1 AND shift_id = $2 AND business_id = $3;

-- name: SetClockNoteRead :execrows
UPDATE clock_notes SET is_read = $4 WHERE id = $1 AND shift_id = $2 AND business_id = $3;
