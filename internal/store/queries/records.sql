-- name: CreateRecord :one
INSERT INTO records (business_id, kind, parent_id, name, external_id, data, unique_key, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
RETURNING *;

-- name: GetRecord :one
SELECT * FROM records WHERE id = $1 AND business_id = $2 AND kind = $3;

-- name: ListRecords :many
SELECT * FROM records WHERE business_id = $1 AND kind = $2 ORDER BY id;

-- name: ListRecordsOfParent :many
SELECT * FROM records WHERE business_id = $1 AND kind = $2 AND parent_id = $3 ORDER BY id;

-- name: ListRecordsUpTo :many
-- At most $3 records: the in-memory list path is capped (record.MaxInMemory).
SELECT * FROM records WHERE business_id = $1 AND kind = $2 ORDER BY id LIMIT $3;

-- name: ListRecordsOfParentUpTo :many
SELECT * FROM records WHERE business_id = $1 AND kind = $2 AND parent_id = $3 ORDER BY id LIMIT $4;

-- name: ListRecordsByExternalID :many
SELECT * FROM records WHERE business_id = $1 AND kind = $2 AND external_id = $3 ORDER BY id;

-- name: ListRecordsByName :many
SELECT * FROM records WHERE business_id = $1 AND kind = $2 AND parent_id = $3 AND LOWER(name) = LOWER($4) ORDER BY id;

-- name: UpdateRecord :one
-- Conditional on the version the caller read: no row (sql.ErrNoRows) means
-- another writer got there first (or the record is gone); re-read and retry.
UPDATE records SET name = $4, external_id = $5, data = $6, unique_key = $7, updated_at = $8, version = version + 1
WHERE id = $1 AND business_id = $2 AND kind = $3 AND version = $9
RETURNING *;

-- name: DeleteRecord :execrows
DELETE FROM records WHERE id = $1 AND business_id = $2 AND kind = $3;

-- name: DeleteRecordsOfParent :exec
DELETE FROM records WHERE business_id = $1 AND kind = $2 AND parent_id = $3;

-- name: CreateRecordRef :exec
INSERT INTO record_refs (business_id, from_kind, from_id, field, to_kind, to_id)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: DeleteRecordRefsFrom :exec
DELETE FROM record_refs WHERE from_kind = $1 AND from_id = $2;

-- name: ListRecordRefsTo :many
SELECT from_kind, COUNT(*) AS n FROM record_refs WHERE to_id = $1 AND to_kind = $2 GROUP BY from_kind ORDER BY from_kind;

-- name: GetSetting :one
SELECT * FROM business_settings WHERE business_id = $1 AND kind = $2;

-- name: InsertSetting :execrows
-- The first save of a document; 0 rows means a concurrent first save won.
INSERT INTO business_settings (business_id, kind, data, updated_at, version) VALUES ($1, $2, $3, $4, 1)
ON CONFLICT (business_id, kind) DO NOTHING;

-- name: UpdateSetting :execrows
-- Conditional on the version the caller read; 0 rows means another writer
-- got there first (or the document was reset): re-read and retry.
UPDATE business_settings SET data = $3, updated_at = $4, version = version + 1
WHERE business_id = $1 AND kind = $2 AND version = $5;

-- name: DeleteSetting :exec
DELETE FROM business_settings WHERE business_id = $1 AND kind = $2;

-- name: ListSettingsLike :many
SELECT * FROM business_settings WHERE business_id = $1 AND kind LIKE $2 ORDER BY kind;
