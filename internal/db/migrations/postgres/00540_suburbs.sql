-- +goose Up
-- The suburb register behind the self-service address lookups
-- (internal/suburb). Rows with no business are the operator's gazetteer,
-- loaded with `payrolld admin import-suburbs`; rows of a business are the
-- suburbs its employees' addresses name, learned when a lookup runs. One
-- row per (business or none, country, name, state, postcode); search_name
-- is the name in capitals, what searches compare.
CREATE TABLE suburbs (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT REFERENCES businesses(id) ON DELETE CASCADE,
    country_id TEXT NOT NULL,
    name TEXT NOT NULL,
    state TEXT NOT NULL,
    postcode TEXT NOT NULL,
    search_name TEXT NOT NULL
);
CREATE UNIQUE INDEX suburbs_key ON suburbs (COALESCE(business_id, 0), country_id, search_name, state, postcode);
CREATE INDEX suburbs_search ON suburbs (country_id, search_name);

-- +goose Down
DROP TABLE suburbs;
