-- Documents (admin reference group). Business documents have no employee;
-- lists and metadata reads never load the bytes.

-- name: CreateDocument :one
INSERT INTO documents (business_id, employee_id, friendly_name, content_type, size, content, permissions, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
RETURNING id, business_id, employee_id, friendly_name, content_type, size, permissions, created_at, updated_at;

-- name: ListBusinessDocuments :many
SELECT id, business_id, employee_id, friendly_name, content_type, size, permissions, created_at, updated_at
FROM documents WHERE business_id = $1 AND employee_id IS NULL ORDER BY id;

-- name: GetBusinessDocument :one
SELECT id, business_id, employee_id, friendly_name, content_type, size, permissions, created_at, updated_at
FROM documents WHERE id = $1 AND business_id = $2 AND employee_id IS NULL;

-- name: GetBusinessDocumentContent :one
SELECT friendly_name, content_type, content FROM documents
WHERE id = $1 AND business_id = $2 AND employee_id IS NULL;

-- name: UpdateBusinessDocumentPermissions :one
UPDATE documents SET permissions = $3, updated_at = $4
WHERE id = $1 AND business_id = $2 AND employee_id IS NULL
RETURNING id, business_id, employee_id, friendly_name, content_type, size, permissions, created_at, updated_at;

-- name: DeleteBusinessDocument :execrows
DELETE FROM documents WHERE id = $1 AND business_id = $2 AND employee_id IS NULL;
