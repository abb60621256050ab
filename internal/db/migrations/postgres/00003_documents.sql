-- +goose Up
-- documents: uploaded files (business documents; employee documents set
-- employee_id). The bytes live in the database so a backup of it is a
-- backup of everything. permissions is the typed JSON document of who may
-- see the file (visibility, employee groups, locations, acknowledgement).
CREATE TABLE documents (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT REFERENCES employees(id),
    friendly_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL,
    content BYTEA NOT NULL,
    permissions TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX documents_business ON documents(business_id, employee_id, id);

-- +goose Down
DROP TABLE documents;
