-- name: CreateBusiness :one
INSERT INTO businesses (name, region, external_id, brand_id, white_label_id, details, is_template, created_by, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, FALSE, $7, $8, $8)
RETURNING *;

-- name: GetBusiness :one
SELECT * FROM businesses WHERE id = $1 AND cancelled_at IS NULL;

-- name: UpdateBusiness :one
UPDATE businesses SET name = $2, external_id = $3, details = $4, updated_at = $5, version = version + 1
WHERE id = $1 AND cancelled_at IS NULL
RETURNING *;

-- name: UpdateBusinessIfVersion :one
-- Conditional on the version the caller read: no row means another writer
-- got there first (or the business was cancelled); re-read and retry.
UPDATE businesses SET name = $2, external_id = $3, details = $4, updated_at = $5, version = version + 1
WHERE id = $1 AND cancelled_at IS NULL AND version = $6
RETURNING *;

-- name: CancelBusiness :execrows
UPDATE businesses SET cancelled_at = $2, updated_at = $2 WHERE id = $1 AND cancelled_at IS NULL;

-- name: ListAllBusinesses :many
SELECT * FROM businesses WHERE cancelled_at IS NULL ORDER BY id;

-- name: ListBusinessesOfBrand :many
SELECT * FROM businesses WHERE brand_id = $1 AND cancelled_at IS NULL ORDER BY id;

-- name: ListBusinessesOfUser :many
SELECT b.* FROM businesses b JOIN business_access a ON a.business_id = b.id
WHERE a.user_id = $1 AND b.cancelled_at IS NULL ORDER BY b.id;

-- name: ListBusinessesOfBrandIncludingCancelled :many
SELECT * FROM businesses WHERE brand_id = $1 ORDER BY id;

-- name: ListBusinessesOfWhiteLabel :many
SELECT * FROM businesses WHERE white_label_id = $1 ORDER BY id;

-- name: LockBusiness :execrows
-- Serialises the writes of a business whose rules span rows (someone keeps
-- unrestricted access; records whose kind checks them against the others,
-- record.Collection.Check): on PostgreSQL the no-op UPDATE holds the
-- business row's lock until commit, so the next writer reads after the
-- previous one committed; on SQLite the write transaction is already
-- exclusive. It leaves the version alone. 0 rows = no such business.
UPDATE businesses SET version = version WHERE id = $1;

-- name: UpsertBusinessAccess :one
INSERT INTO business_access (business_id, user_id, access_type, restrictions, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $5)
ON CONFLICT (business_id, user_id) DO UPDATE SET access_type = EXCLUDED.access_type,
    restrictions = EXCLUDED.restrictions, updated_at = EXCLUDED.updated_at
RETURNING *;

-- name: GetBusinessWithAccess :one
-- Authorize's one read for every business-scoped request: the business
-- and the user's access to it in the same round trip (no access: NULLs).
SELECT sqlc.embed(b), a.access_type, a.restrictions
FROM businesses b LEFT JOIN business_access a ON a.business_id = b.id AND a.user_id = sqlc.arg(user_id)
WHERE b.id = sqlc.arg(id) AND b.cancelled_at IS NULL;

-- name: GetBusinessAccess :one
SELECT * FROM business_access WHERE business_id = $1 AND user_id = $2;

-- name: DeleteBusinessAccess :execrows
DELETE FROM business_access WHERE business_id = $1 AND user_id = $2;

-- name: DeleteAllAccessOfBusiness :exec
DELETE FROM business_access WHERE business_id = $1;

-- name: ListBusinessAccess :many
SELECT a.*, u.username, u.display_name, u.email AS user_email FROM business_access a JOIN users u ON u.id = a.user_id
WHERE a.business_id = $1 ORDER BY a.id;

-- name: CountEmployeesByStatus :many
SELECT business_id, status, COUNT(*) AS n FROM employees
WHERE business_id IN (SELECT id FROM businesses WHERE brand_id = $1 OR white_label_id = $2)
GROUP BY business_id, status;

-- name: GetEmployee :one
SELECT * FROM employees WHERE id = $1 AND business_id = $2;

-- name: CreateEmployeeMinimal :one
INSERT INTO employees (business_id, first_name, surname, email, status, external_id, user_id, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
RETURNING *;

-- name: TerminateEmployeesOfBusiness :exec
UPDATE employees SET status = 'Terminated', updated_at = $2 WHERE business_id = $1;

-- name: SetBusinessTemplate :execrows
UPDATE businesses SET is_template = $2, updated_at = $3 WHERE id = $1 AND cancelled_at IS NULL;

-- name: ListBusinessTemplatesOfBrand :many
SELECT * FROM businesses WHERE brand_id = $1 AND is_template = TRUE AND cancelled_at IS NULL ORDER BY id;

-- name: GetBusinessByExternalID :many
SELECT * FROM businesses WHERE external_id = $1 AND cancelled_at IS NULL ORDER BY id;
