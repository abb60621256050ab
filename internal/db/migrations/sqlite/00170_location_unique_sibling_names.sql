-- +goose Up
-- Sibling locations (same parent; NULL = top level) have distinct names,
-- ignoring case: the unique index settles concurrent writers, which the
-- service's read-then-write check alone did not (concurrent
-- creates on two nodes stored duplicates). Duplicates already stored keep
-- the lowest id's name; the others get " (id)" appended, in the record's
-- document too, so the index can be built.
UPDATE records SET name = name || ' (' || id || ')',
    data = json_set(data, '$.name', name || ' (' || id || ')')
WHERE id IN (SELECT l.id FROM locations l
             WHERE EXISTS (SELECT 1 FROM locations o
                           WHERE o.business_id = l.business_id AND COALESCE(o.parent_id, 0) = COALESCE(l.parent_id, 0)
                             AND LOWER(o.name) = LOWER(l.name) AND o.id < l.id));
UPDATE locations SET name = (SELECT r.name FROM records r WHERE r.id = locations.id)
WHERE name <> (SELECT r.name FROM records r WHERE r.id = locations.id);
CREATE UNIQUE INDEX locations_sibling_name ON locations(business_id, COALESCE(parent_id, 0), LOWER(name));

-- +goose Down
DROP INDEX locations_sibling_name;
