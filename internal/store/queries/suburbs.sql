-- The suburb register (internal/suburb): the operator's gazetteer (no
-- business) and the suburbs each business's employee addresses name.
-- prefix arguments are LIKE patterns in capitals with '\' escaping.

-- name: LearnSuburbs :exec
-- Adds the suburbs of the business's employees' residential and postal
-- addresses whose names start with prefix, in the country asked for: an
-- address naming it by code or name, or naming no country when it is the
-- business's own (home).
INSERT INTO suburbs (business_id, country_id, name, state, postcode, search_name)
SELECT e.business_id, CAST(sqlc.arg(country_id) AS TEXT), TRIM(e.residential_suburb), TRIM(e.residential_state), TRIM(e.residential_post_code), UPPER(TRIM(e.residential_suburb))
FROM employees e
WHERE e.business_id = sqlc.arg(business_id) AND TRIM(e.residential_suburb) <> '' AND UPPER(TRIM(e.residential_suburb)) LIKE CAST(sqlc.arg(prefix) AS TEXT) ESCAPE '\'
  AND COALESCE(e.residential_address_is_overseas, FALSE) = FALSE
  AND (UPPER(TRIM(e.residential_country)) IN (sqlc.arg(country_id), sqlc.arg(country_name)) OR (CAST(sqlc.arg(home) AS BOOLEAN) AND TRIM(e.residential_country) = ''))
UNION
SELECT e.business_id, CAST(sqlc.arg(country_id) AS TEXT), TRIM(e.postal_suburb), TRIM(e.postal_state), TRIM(e.postal_post_code), UPPER(TRIM(e.postal_suburb))
FROM employees e
WHERE e.business_id = sqlc.arg(business_id) AND TRIM(e.postal_suburb) <> '' AND UPPER(TRIM(e.postal_suburb)) LIKE CAST(sqlc.arg(prefix) AS TEXT) ESCAPE '\'
  AND (UPPER(TRIM(e.postal_country)) IN (sqlc.arg(country_id), sqlc.arg(country_name)) OR (CAST(sqlc.arg(home) AS BOOLEAN) AND TRIM(e.postal_country) = ''))
ON CONFLICT DO NOTHING;

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
