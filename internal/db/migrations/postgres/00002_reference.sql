-- +goose Up
-- records holds the business-scoped reference collections (work types,
-- pay categories, locations, ...). Columns hold what queries need; the
-- rest of each record is its typed document (a Go type with Validate).
CREATE TABLE records (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    kind TEXT NOT NULL,
    parent_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    external_id TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX records_business_kind ON records(business_id, kind, parent_id, id);
CREATE INDEX records_external ON records(business_id, kind, external_id);

-- record_refs: which row refers to which record, so a record in use cannot
-- be deleted (409) and references are checked to exist in the same business.
CREATE TABLE record_refs (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL,
    from_kind TEXT NOT NULL,
    from_id BIGINT NOT NULL,
    field TEXT NOT NULL,
    to_kind TEXT NOT NULL,
    to_id BIGINT NOT NULL
);
CREATE INDEX record_refs_to ON record_refs(to_id, to_kind);
CREATE INDEX record_refs_from ON record_refs(from_kind, from_id);

-- business_settings: one typed document per business and settings kind.
CREATE TABLE business_settings (
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (business_id, kind)
);

-- +goose Down
DROP TABLE business_settings;
DROP TABLE record_refs;
DROP TABLE records;
