-- +goose Up
-- Sibling locations (same parent; NULL = top level) have distinct names,
-- ignoring case: the unique index settles concurrent writers, which the
-- service's read-then-write check alone did not (concurrent
-- creates on two nodes stored duplicates). Duplicates already stored keep
-- the lowest id's name; the others get " (id)" appended, in the record's
-- document too, so the index can be built.
WITH dup AS (
    SELECT l.id FROM locations l
    WHERE EXISTS (SELECT 1 FROM locations o
                  WHERE o.business_id = l.business_id AND COALESCE(o.parent_id, 0) = COALESCE(l.parent_id, 0)
                    AND LOWER(o.name) = LOWER(l.name) AND o.id < l.id)
)
UPDATE records r SET name = r.name || ' (' || r.id || ')',
    data = jsonb_set(r.data::jsonb, '{name}', to_jsonb(r.name || ' (' || r.id || ')'))::text
FROM dup WHERE r.id = dup.id;
UPDATE locations l SET name = r.name FROM records r WHERE r.id = l.id AND l.name <> r.name;
CREATE UNIQUE INDEX locations_sibling_name ON locations(business_id, (COALESCE(parent_id, 0)), (LOWER(name)));

-- +goose Down
DROP INDEX locations_sibling_name;
