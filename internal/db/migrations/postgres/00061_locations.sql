-- +goose Up
-- locations holds the queryable members of each location record as typed
-- columns, so B/location lists filter, order and page in SQL (OData
-- compiled over a whitelist of these columns) instead of loading every
-- location of the business. The record (records.data) stays the source of
-- the wire document; this row is written in the same transaction by every
-- create and update, and goes with the record (ON DELETE CASCADE).
-- parent_id is NULL for a top-level location. Text compares byte-wise on
-- both engines (PostgreSQL: COLLATE "C"), as the in-memory OData path does.
CREATE TABLE locations (
    id BIGINT PRIMARY KEY REFERENCES records(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL,
    parent_id BIGINT,
    name TEXT COLLATE "C" NOT NULL,
    external_id TEXT COLLATE "C" NOT NULL,
    external_accounting_location_id TEXT COLLATE "C" NOT NULL,
    source TEXT COLLATE "C" NOT NULL,
    is_global BOOLEAN NOT NULL,
    is_rollup_reporting_location BOOLEAN NOT NULL,
    general_ledger_mapping_code TEXT COLLATE "C" NOT NULL,
    state TEXT COLLATE "C" NOT NULL,
    country TEXT COLLATE "C" NOT NULL
);
CREATE INDEX locations_business ON locations(business_id, id);
CREATE INDEX locations_business_name ON locations(business_id, name, id);
CREATE INDEX locations_business_parent ON locations(business_id, parent_id, id);
CREATE INDEX locations_business_external ON locations(business_id, external_id, id);
CREATE INDEX locations_business_state ON locations(business_id, state, id);
CREATE INDEX locations_business_country ON locations(business_id, country, id);

INSERT INTO locations (id, business_id, parent_id, name, external_id, external_accounting_location_id, source,
    is_global, is_rollup_reporting_location, general_ledger_mapping_code, state, country)
SELECT id, business_id, NULLIF((data::jsonb->>'parentId')::bigint, 0), name, external_id,
    COALESCE(data::jsonb->>'externalAccountingLocationId', ''), COALESCE(data::jsonb->>'source', ''),
    COALESCE((data::jsonb->>'isGlobal')::boolean, FALSE), COALESCE((data::jsonb->>'isRollupReportingLocation')::boolean, FALSE),
    COALESCE(data::jsonb->>'generalLedgerMappingCode', ''), COALESCE(data::jsonb->>'state', ''),
    COALESCE(data::jsonb->>'country', '')
FROM records WHERE kind = 'location';

-- +goose Down
DROP TABLE locations;
