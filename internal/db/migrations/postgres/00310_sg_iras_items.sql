-- +goose Up
-- IRAS items of one employee (SG: E/benefitsinkind,
-- E/gainsorprofitsemployeeshareplan, E/incomefromoverseassubjecttotaxremission,
-- E/incometaxbornebyemployer, E/lumpsum): leaf records an employer keeps
-- for the employee's annual return, stored and returned. kind names the
-- item; basis_period (the year the income was earned) is a column so a
-- year's items are found without reading documents; the rest of the item
-- is its typed document (internal/sg/iras).
CREATE TABLE sg_iras_items (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    basis_period BIGINT NOT NULL,
    document TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sg_iras_items_employee ON sg_iras_items(business_id, employee_id, kind, id);

-- +goose Down
DROP TABLE sg_iras_items;
