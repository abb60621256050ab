-- +goose Up
-- Leave: the ledger balances are summed from, the employee's
-- leave allowances and template assignment, leave requests and
-- unavailability. Hours are integer millionths of an hour (hours_e6) so
-- balances are exact SQL sums; units and rates of allowances are exact
-- decimal text.

-- leave_ledger: every movement of a balance. kind is Opening, Accrual,
-- Taken or Adjustment; source_kind/source_id say what wrote it (a pay
-- run, a manual opening balance); taken leave names its request.
CREATE TABLE leave_ledger (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    leave_category_id BIGINT NOT NULL,
    hours_e6 BIGINT NOT NULL,
    kind TEXT NOT NULL,
    source_kind TEXT NOT NULL,
    source_id BIGINT NOT NULL,
    leave_request_id BIGINT,
    entry_date TIMESTAMP NOT NULL,
    notes TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX leave_ledger_balance ON leave_ledger(business_id, employee_id, leave_category_id, entry_date);
CREATE INDEX leave_ledger_source ON leave_ledger(business_id, source_kind, source_id);
CREATE INDEX leave_ledger_request ON leave_ledger(leave_request_id) WHERE leave_request_id IS NOT NULL;

-- leave_allowances: how each leave category accrues for an employee
-- (AuLeaveAllowanceModel). template_id is the template it came from.
CREATE TABLE leave_allowances (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    leave_category_id BIGINT NOT NULL,
    units TEXT NOT NULL,
    unit_type TEXT NOT NULL,
    leave_unit_type TEXT NOT NULL,
    hours_per_year TEXT NOT NULL,
    automatically_accrues BOOLEAN NOT NULL,
    can_apply_for_leave BOOLEAN NOT NULL,
    leave_loading TEXT NOT NULL,
    accrual_rule TEXT NOT NULL,
    template_id BIGINT,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX leave_allowances_employee_category ON leave_allowances(employee_id, leave_category_id);
CREATE INDEX leave_allowances_business ON leave_allowances(business_id, employee_id);

-- leave_template_assignments: the leave allowance template an employee
-- follows (reapply rewrites their allowances from it).
CREATE TABLE leave_template_assignments (
    employee_id BIGINT PRIMARY KEY REFERENCES employees(id),
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    template_id BIGINT NOT NULL REFERENCES records(id),
    assigned_at TIMESTAMP NOT NULL
);
CREATE INDEX leave_template_assignments_template ON leave_template_assignments(business_id, template_id);

-- leave_requests: status is Pending, Approved, Rejected or Cancelled;
-- transitions are single conditional UPDATEs (the loser of a race sees
-- no row change and answers 409); version guards edits.
CREATE TABLE leave_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    leave_category_id BIGINT NOT NULL,
    from_date TIMESTAMP NOT NULL,
    to_date TIMESTAMP NOT NULL,
    hours_e6 BIGINT NOT NULL,
    notes TEXT NOT NULL,
    status TEXT NOT NULL,
    status_reason TEXT NOT NULL,
    attachment_id BIGINT,
    version BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX leave_requests_business_from ON leave_requests(business_id, from_date, id, to_date);
CREATE INDEX leave_requests_business_to ON leave_requests(business_id, to_date, id);
CREATE INDEX leave_requests_business_status_from ON leave_requests(business_id, status, from_date, id, to_date);
CREATE INDEX leave_requests_employee_from ON leave_requests(employee_id, from_date);
CREATE INDEX leave_requests_business_category ON leave_requests(business_id, leave_category_id, from_date);
CREATE INDEX leave_requests_business_category_to ON leave_requests(business_id, leave_category_id, to_date);

-- unavailabilities: when an employee cannot be rostered (UnavailabilityModel).
CREATE TABLE unavailabilities (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    from_date TIMESTAMP NOT NULL,
    to_date TIMESTAMP NOT NULL,
    end_date TIMESTAMP,
    reason TEXT NOT NULL,
    recurring BOOLEAN NOT NULL,
    recurring_day TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX unavailabilities_business_from ON unavailabilities(business_id, from_date, id);
CREATE INDEX unavailabilities_employee ON unavailabilities(employee_id, from_date);

-- +goose Down
DROP TABLE unavailabilities;
DROP TABLE leave_requests;
DROP TABLE leave_template_assignments;
DROP TABLE leave_allowances;
DROP TABLE leave_ledger;
