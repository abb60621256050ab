-- +goose Up
-- What a pay run read from its employees' records: the options
-- it was created with (timesheet import, leave requests excluded), kept so
-- a recalculation reads the same inputs, and the sources each calculated
-- line came from (leave requests paid, timesheet lines paid, recurring
-- inclusions paid), which finalise posts to leave, timesheets and the
-- inclusions' running totals, and unlock takes back.
CREATE TABLE pay_run_options (
    pay_run_id BIGINT PRIMARY KEY REFERENCES pay_runs(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL,
    timesheet_import_option TEXT NOT NULL,
    timesheets_from TIMESTAMP,
    timesheets_to TIMESTAMP,
    exclude_leave_requests BOOLEAN NOT NULL
);

-- kind: 'leave' (source_id = leave request, hours taken), 'timesheet'
-- (source_id = timesheet line), 'inclusion' (source_id = recurring
-- inclusion, amount paid). Rows are calculated: they are replaced with the
-- calculated lines of their employee.
CREATE TABLE pay_run_sources (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    pay_run_id BIGINT NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    source_id BIGINT NOT NULL,
    leave_category_id BIGINT NOT NULL,
    hours_e6 BIGINT NOT NULL,
    amount BIGINT NOT NULL
);
CREATE INDEX pay_run_sources_run_kind ON pay_run_sources(pay_run_id, kind, employee_id);
CREATE INDEX pay_run_sources_run_employee ON pay_run_sources(pay_run_id, employee_id);
CREATE INDEX pay_run_sources_source ON pay_run_sources(kind, source_id);

-- +goose Down
DROP TABLE pay_run_sources;
DROP TABLE pay_run_options;
