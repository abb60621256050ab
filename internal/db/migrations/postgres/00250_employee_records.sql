-- +goose Up
-- Employee documents, qualifications and expense requests.
--
-- An employee document is a documents row with employee_id set (the bytes
-- stay in documents, one id space with the business documents, so the
-- self-service document ids need no prefix); employee_document_links says
-- what it is attached to: a qualification the employee holds, a leave
-- request, a timesheet line, an expense request. Attachments to records
-- that are deleted are unlinked (SET NULL) and stay the employee's
-- documents; a qualification's documents go with it (the service deletes
-- them).

-- employee_qualifications: a business qualification an employee holds,
-- at most once.
CREATE TABLE employee_qualifications (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    qualification_id BIGINT NOT NULL REFERENCES records(id),
    issue_date TIMESTAMP,
    expiry_date TIMESTAMP,
    reference_number TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX employee_qualifications_employee ON employee_qualifications(employee_id, qualification_id);
CREATE INDEX employee_qualifications_business ON employee_qualifications(business_id, employee_id, id);
CREATE INDEX employee_qualifications_qualification ON employee_qualifications(qualification_id);

-- expense_requests: status Pending, Approved, Declined, Cancelled or
-- Processed (paid by a finalised pay run, pay_run_id). Transitions are
-- single conditional UPDATEs (the loser of a race changes no row: 409);
-- version guards edits.
CREATE TABLE expense_requests (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    description TEXT COLLATE "C" NOT NULL,
    status TEXT COLLATE "C" NOT NULL,
    status_updated_by TEXT NOT NULL,
    status_update_notes TEXT NOT NULL,
    date_status_updated TIMESTAMPTZ,
    pay_run_id BIGINT,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX expense_requests_employee ON expense_requests(business_id, employee_id, id);
CREATE INDEX expense_requests_status ON expense_requests(business_id, status, employee_id);
CREATE INDEX expense_requests_pay_run ON expense_requests(pay_run_id) WHERE pay_run_id IS NOT NULL;

-- expense_request_lines: amount in minor units, tax rate as exact decimal
-- text (a percentage), date_incurred a local date.
CREATE TABLE expense_request_lines (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    request_id BIGINT NOT NULL REFERENCES expense_requests(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    expense_category_id BIGINT NOT NULL REFERENCES records(id),
    location_id BIGINT REFERENCES locations(id),
    notes TEXT NOT NULL,
    tax_code TEXT NOT NULL,
    tax_rate TEXT,
    amount BIGINT NOT NULL,
    date_incurred TIMESTAMP NOT NULL
);
CREATE INDEX expense_request_lines_request ON expense_request_lines(request_id, position);
CREATE INDEX expense_request_lines_category ON expense_request_lines(expense_category_id);
CREATE INDEX expense_request_lines_location ON expense_request_lines(location_id);

CREATE TABLE employee_document_links (
    document_id BIGINT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    employee_qualification_id BIGINT REFERENCES employee_qualifications(id),
    leave_request_id BIGINT REFERENCES leave_requests(id) ON DELETE SET NULL,
    timesheet_line_id BIGINT REFERENCES timesheet_lines(id) ON DELETE SET NULL,
    expense_request_id BIGINT REFERENCES expense_requests(id) ON DELETE SET NULL
);
CREATE INDEX employee_document_links_employee ON employee_document_links(business_id, employee_id, document_id);
CREATE INDEX employee_document_links_qualification ON employee_document_links(employee_qualification_id);
CREATE INDEX employee_document_links_leave ON employee_document_links(leave_request_id);
CREATE INDEX employee_document_links_timesheet ON employee_document_links(timesheet_line_id);
CREATE INDEX employee_document_links_expense ON employee_document_links(expense_request_id);

-- document_acknowledgements: an employee read a business document that
-- requires acknowledgement (ESS acknowledge), once.
CREATE TABLE document_acknowledgements (
    document_id BIGINT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    acknowledged_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (document_id, employee_id)
);
CREATE INDEX document_acknowledgements_employee ON document_acknowledgements(employee_id);

-- +goose Down
DROP TABLE document_acknowledgements;
DROP TABLE employee_document_links;
DROP TABLE expense_request_lines;
DROP TABLE expense_requests;
DROP TABLE employee_qualifications;
