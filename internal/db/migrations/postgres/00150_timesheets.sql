-- +goose Up
-- Timesheet lines: one row per worked shift or unit entry, its
-- breaks as child rows. Durations are stored in whole minutes when the line
-- is written so lists and pay runs sum them in SQL; units and rates are
-- exact decimal text. version makes edits conditional (lost-update safe);
-- state transitions are single conditional statements.
CREATE TABLE timesheet_lines (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id),
    start_time TIMESTAMPTZ NOT NULL,
    end_time TIMESTAMPTZ NOT NULL,
    submitted_start TIMESTAMPTZ,
    submitted_end TIMESTAMPTZ,
    work_type_id BIGINT REFERENCES records(id),
    location_id BIGINT REFERENCES records(id),
    pay_category_id BIGINT REFERENCES records(id),
    leave_category_id BIGINT REFERENCES records(id),
    units TEXT,
    rate TEXT,
    comments TEXT COLLATE "C" NOT NULL,
    hidden_comments TEXT COLLATE "C" NOT NULL,
    status TEXT COLLATE "C" NOT NULL,
    pay_run_id BIGINT,
    external_id TEXT COLLATE "C" NOT NULL,
    unique_external_id TEXT,
    source TEXT COLLATE "C" NOT NULL,
    work_minutes BIGINT NOT NULL,
    break_minutes BIGINT NOT NULL,
    paid_break_minutes BIGINT NOT NULL,
    shift_condition_ids TEXT NOT NULL,
    dimension_value_ids TEXT NOT NULL,
    reviewed_by TEXT NOT NULL,
    rejection_reason TEXT NOT NULL,
    submitted_by_user TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
-- Lists: business + date range, optionally one location / employee /
-- status. Location and employee ids are global, so (location_id,
-- start_time) serves "this location this week" and the foreign key checks
-- of deleting a location; likewise for employees.
CREATE INDEX timesheet_lines_business_start ON timesheet_lines(business_id, start_time, id);
CREATE INDEX timesheet_lines_location_start ON timesheet_lines(location_id, start_time);
CREATE INDEX timesheet_lines_employee_start ON timesheet_lines(employee_id, start_time);
CREATE INDEX timesheet_lines_business_status ON timesheet_lines(business_id, status, start_time);
CREATE INDEX timesheet_lines_work_type ON timesheet_lines(work_type_id);
CREATE INDEX timesheet_lines_pay_category ON timesheet_lines(pay_category_id);
CREATE INDEX timesheet_lines_leave_category ON timesheet_lines(leave_category_id);
CREATE INDEX timesheet_lines_pay_run ON timesheet_lines(business_id, pay_run_id) WHERE pay_run_id IS NOT NULL;
CREATE INDEX timesheet_lines_external ON timesheet_lines(business_id, external_id) WHERE external_id <> '';
-- External ids are unique when the writer asks (enforceUniqueExternalId).
CREATE UNIQUE INDEX timesheet_lines_unique_external ON timesheet_lines(business_id, unique_external_id) WHERE unique_external_id IS NOT NULL;

CREATE TABLE timesheet_breaks (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    line_id BIGINT NOT NULL REFERENCES timesheet_lines(id) ON DELETE CASCADE,
    start_time TIMESTAMPTZ NOT NULL,
    end_time TIMESTAMPTZ NOT NULL,
    submitted_start TIMESTAMPTZ,
    submitted_end TIMESTAMPTZ,
    is_paid BOOLEAN NOT NULL
);
CREATE INDEX timesheet_breaks_line ON timesheet_breaks(line_id, start_time);

-- +goose Down
DROP TABLE timesheet_breaks;
DROP TABLE timesheet_lines;
