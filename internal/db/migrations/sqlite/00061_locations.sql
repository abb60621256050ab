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
    id INTEGER PRIMARY KEY REFERENCES records(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL,
    parent_id BIGINT,
    name TEXT NOT NULL,
    external_id TEXT NOT NULL,
    external_accounting_location_id TEXT NOT NULL,
    source TEXT NOT NULL,
    is_global BOOLEAN NOT NULL,
    is_rollup_reporting_location BOOLEAN NOT NULL,
    general_ledger_mapping_code TEXT NOT NULL,
    state TEXT NOT NULL,
    country TEXT NOT NULL
);
CREATE INDEX locations_business ON locations(business_id, id);
CREATE INDEX locations_business_name ON locations(business_id, name, id);
CREATE INDEX locations_business_parent ON locations(business_id, parent_id, id);
CREATE INDEX locations_business_external ON locations(business_id, external_id, id);
CREATE INDEX locations_business_state ON locations(business_id, state, id);
CREATE INDEX locations_business_country ON locations(business_id, country, id);

INSERT INTO locations (id, business_id, parent_id, name, external_id, external_accounting_location_id, source,
    is_global, is_rollup_reporting_location, general_ledger_mapping_code, state, country)
SELECT id, business_id, NULLIF(CAST(json_extract(data, '$.parentId') AS INTEGER), 0), name, external_id,
    COALESCE(json_extract(data, '$.externalAccountingLocationId'), ''), COALESCE(json_extract(data, '$.source'), ''),
    COALESCE(json_extract(data, '$.isGlobal'), 0), COALESCE(json_extract(data, '$.isRollupReportingLocation'), 0),
    COALESCE(json_extract(data, '$.generalLedgerMappingCode'), ''), COALESCE(json_extract(data, '$.state'), ''),
    COALESCE(json_extract(data, '$.country'), '')
FROM records WHERE kind = 'location';

-- +goose Down
DROP TABLE locations;
