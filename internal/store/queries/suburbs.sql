-- The suburb register (internal/suburb): the operator's gazetteer (no
-- business) and the suburbs each business's employee addresses name.
-- prefix arguments are LIKE patterns in capitals with '\' escaping.

-- name: HasSuburbsToLearn :one
-- Whether an address saved since the last lookup named a suburb
-- (suburbs_to_learn, filled by triggers on employees: migration 00890).
SELECT EXISTS (SELECT 1 FROM suburbs_to_learn WHERE business_id = sqlc.arg(business_id));

-- name: ListSuburbsToLearn :many
SELECT id, country, name, state, postcode FROM suburbs_to_learn
WHERE business_id = sqlc.arg(business_id)
ORDER BY id
LIMIT sqlc.arg(lim);

-- name: LearnSuburb :exec
-- Adds a suburb an address of the business names (an existing one is kept).
INSERT INTO suburbs (business_id, country_id, name, state, postcode, search_name)
VALUES (sqlc.arg(business_id), sqlc.arg(country_id), sqlc.arg(name), sqlc.arg(state), sqlc.arg(postcode), UPPER(sqlc.arg(name)))
ON CONFLICT DO NOTHING;

-- name: DeleteSuburbToLearn :exec
DELETE FROM suburbs_to_learn WHERE id = sqlc.arg(id);

-- name: SearchSuburbs :many
-- A page of the suburbs of a country the business sees whose name or
-- postcode starts with prefix, by name, state and postcode.
SELECT s.* FROM suburbs s
WHERE (s.business_id IS NULL OR (s.business_id = CAST(sqlc.arg(business_id) AS BIGINT) AND NOT EXISTS (SELECT 1 FROM suburbs g
       WHERE g.business_id IS NULL AND g.country_id = s.country_id AND g.search_name = s.search_name AND g.state = s.state AND g.postcode = s.postcode)))
  AND s.country_id = sqlc.arg(country_id)
  AND (s.search_name LIKE CAST(sqlc.arg(prefix) AS TEXT) ESCAPE '\' OR s.postcode LIKE CAST(sqlc.arg(prefix) AS TEXT) ESCAPE '\')
ORDER BY s.search_name, s.state, s.postcode, s.id
LIMIT sqlc.arg(lim) OFFSET sqlc.arg(off);

-- name: CountSuburbs :one
SELECT COUNT(*) FROM suburbs s
WHERE (s.business_id IS NULL OR (s.business_id = CAST(sqlc.arg(business_id) AS BIGINT) AND NOT EXISTS (SELECT 1 FROM suburbs g
       WHERE g.business_id IS NULL AND g.country_id = s.country_id AND g.search_name = s.search_name AND g.state = s.state AND g.postcode = s.postcode)))
  AND s.country_id = sqlc.arg(country_id)
  AND (s.search_name LIKE CAST(sqlc.arg(prefix) AS TEXT) ESCAPE '\' OR s.postcode LIKE CAST(sqlc.arg(prefix) AS TEXT) ESCAPE '\');

-- name: MatchSuburb :one
-- The suburb named exactly name (any case) that the business sees, with
-- the state and postcode when given ('' = any), the gazetteer's first.
SELECT * FROM suburbs
WHERE (business_id IS NULL OR business_id = CAST(sqlc.arg(business_id) AS BIGINT)) AND country_id = sqlc.arg(country_id)
  AND search_name = sqlc.arg(search_name)
  AND (CAST(sqlc.arg(state) AS TEXT) = '' OR UPPER(state) = sqlc.arg(state))
  AND (CAST(sqlc.arg(postcode) AS TEXT) = '' OR postcode = sqlc.arg(postcode))
ORDER BY business_id IS NOT NULL, state, postcode, id
LIMIT 1;

-- name: GetSuburb :one
SELECT * FROM suburbs
WHERE id = sqlc.arg(id) AND (business_id IS NULL OR business_id = CAST(sqlc.arg(business_id) AS BIGINT));

-- name: ImportSuburb :execrows
INSERT INTO suburbs (business_id, country_id, name, state, postcode, search_name)
VALUES (NULL, sqlc.arg(country_id), sqlc.arg(name), sqlc.arg(state), sqlc.arg(postcode), UPPER(sqlc.arg(name)))
ON CONFLICT DO NOTHING;
