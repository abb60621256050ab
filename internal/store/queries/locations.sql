-- name: SaveLocationRow :exec
-- The typed columns of a location record (see migration 00061); written
-- with every create and update of the record.
INSERT INTO locations (id, business_id, parent_id, name, external_id, external_accounting_location_id, source,
    is_global, is_rollup_reporting_location, general_ledger_mapping_code, state, country)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
ON CONFLICT (id) DO UPDATE SET parent_id = EXCLUDED.parent_id, name = EXCLUDED.name, external_id = EXCLUDED.external_id,
    external_accounting_location_id = EXCLUDED.external_accounting_location_id, source = EXCLUDED.source,
    is_global = EXCLUDED.is_global, is_rollup_reporting_location = EXCLUDED.is_rollup_reporting_location,
    general_ledger_mapping_code = EXCLUDED.general_ledger_mapping_code, state = EXCLUDED.state, country = EXCLUDED.country;

-- name: ListLocationSiblingsNamed :many
-- Locations under the same parent (0 = top level) whose name matches,
-- ignoring (ASCII) case.
SELECT id FROM locations
WHERE business_id = $1 AND COALESCE(parent_id, 0) = $2 AND LOWER(name) = LOWER(sqlc.arg(name)) ORDER BY id;

-- name: ListLocationAncestors :many
-- The location and every location above it (id, parent, name), for cycle
-- checks and fully qualified names. UNION stops on a cycle.
WITH RECURSIVE chain(id, parent_id, name) AS (
    SELECT l.id, l.parent_id, l.name FROM locations l WHERE l.business_id = $1 AND l.id = $2
    UNION
    SELECT p.id, p.parent_id, p.name FROM locations p JOIN chain c ON p.id = c.parent_id WHERE p.business_id = $1
)
SELECT id, parent_id, name FROM chain;

-- name: ListLocationDescendants :many
-- Every location below one (the records, by id).
WITH RECURSIVE sub(id) AS (
    SELECT l.id FROM locations l WHERE l.business_id = $1 AND l.parent_id = $2
    UNION
    SELECT c.id FROM locations c JOIN sub s ON c.parent_id = s.id WHERE c.business_id = $1
)
SELECT r.* FROM records r JOIN sub ON r.id = sub.id ORDER BY r.id;

-- name: ListLocationTree :many
-- Every location of the business (id, parent, name): names for a large
-- batch at once.
SELECT id, parent_id, name FROM locations WHERE business_id = $1;
