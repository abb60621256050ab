-- Notes on employees (E/notes).

-- name: CreateEmployeeNote :one
INSERT INTO employee_notes (business_id, employee_id, author, note, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *;

-- name: ListEmployeeNotes :many
-- Newest first, paged.
SELECT * FROM employee_notes WHERE business_id = $1 AND employee_id = $2 ORDER BY id DESC LIMIT $3 OFFSET $4;
