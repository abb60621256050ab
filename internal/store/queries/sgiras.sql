-- IRAS items of SG employees (internal/sg/iras).

-- name: ListSGIrasItems :many
SELECT * FROM sg_iras_items WHERE business_id = $1 AND employee_id = $2 AND kind = $3 ORDER BY basis_period, id;

-- name: GetSGIrasItem :one
SELECT * FROM sg_iras_items WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND kind = $4;

-- name: CreateSGIrasItem :one
INSERT INTO sg_iras_items (business_id, employee_id, kind, basis_period, document, version, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, 1, $6, $6) RETURNING *;

-- name: UpdateSGIrasItem :execrows
-- Conditional on the version read: a concurrent update makes this one re-read.
UPDATE sg_iras_items SET basis_period = $1, document = $2, version = version + 1, updated_at = $3
WHERE id = $4 AND business_id = $5 AND employee_id = $6 AND kind = $7 AND version = $8;

-- name: DeleteSGIrasItem :execrows
DELETE FROM sg_iras_items WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND kind = $4;
