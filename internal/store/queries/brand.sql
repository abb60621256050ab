-- name: CreateBrand :one
INSERT INTO brands (name, created_at) VALUES ($1, $2) RETURNING *;

-- name: GetBrand :one
SELECT * FROM brands WHERE id = $1;

-- name: ListBrands :many
SELECT * FROM brands ORDER BY id;

-- name: CreateWhiteLabel :one
INSERT INTO white_labels (brand_id, name, created_at) VALUES ($1, $2, $3) RETURNING *;

-- name: GetWhiteLabel :one
SELECT * FROM white_labels WHERE id = $1;

-- name: ListWhiteLabels :many
SELECT * FROM white_labels ORDER BY id;

-- name: ListWhiteLabelsOfBrand :many
SELECT * FROM white_labels WHERE brand_id = $1 ORDER BY id;

-- name: ListUsersWithAccessToBusinesses :many
SELECT a.business_id, u.id AS user_id, u.email, u.username FROM business_access a JOIN users u ON u.id = a.user_id
WHERE a.business_id IN (SELECT b.id FROM businesses b WHERE b.brand_id = $1 OR b.white_label_id = $2)
ORDER BY a.business_id, u.id;

-- name: DetachUsersFromBusiness :exec
DELETE FROM business_access WHERE business_id = $1;
