-- +goose Up
-- UK year-end and RTI forms (internal/uk/forms, internal/uk/rti). The
-- figures of a P45, P60 or FPS are sums over finalised pay runs and are
-- not stored until an employer acts on them: a published P60 keeps the
-- document the employee was shown, an FPS keeps the XML generated under
-- its transaction id.
-- uk_p60_publications: one per employee and tax year (tax_year = the
-- starting year, 2026 = 2026/27); document is the P60 as published (JSON).
CREATE TABLE uk_p60_publications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    tax_year BIGINT NOT NULL,
    document TEXT NOT NULL,
    published_by TEXT NOT NULL,
    published_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_p60_publications_year_employee ON uk_p60_publications(business_id, tax_year, employee_id);
CREATE INDEX uk_p60_publications_employee ON uk_p60_publications(business_id, employee_id, tax_year);

-- uk_fps_submissions: each Full Payment Submission generated from a
-- finalised pay run; transaction_id names it in GET report/fps/xml.
CREATE TABLE uk_fps_submissions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    pay_run_id BIGINT NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
    transaction_id TEXT NOT NULL,
    tax_year BIGINT NOT NULL,
    employee_count BIGINT NOT NULL,
    total_pay BIGINT NOT NULL,
    total_tax BIGINT NOT NULL,
    total_ni_employee BIGINT NOT NULL,
    total_ni_employer BIGINT NOT NULL,
    xml TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_fps_submissions_transaction ON uk_fps_submissions(business_id, transaction_id);
CREATE INDEX uk_fps_submissions_run ON uk_fps_submissions(business_id, pay_run_id, id);

-- P45s due in a tax year: the business's leavers by leaving date.
CREATE INDEX employees_business_end_date ON employees(business_id, end_date) WHERE end_date IS NOT NULL;

-- +goose Down
DROP INDEX employees_business_end_date;
DROP TABLE uk_fps_submissions;
DROP TABLE uk_p60_publications;
