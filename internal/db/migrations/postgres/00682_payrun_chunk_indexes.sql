-- +goose Up
-- A pay run is created a page of its schedule's employees at a time (keyset
-- on id within the schedule) and imports each page's approved timesheet
-- lines by employee id range, so neither read grows with the run.
CREATE INDEX employees_business_schedule_id ON employees(business_id, pay_schedule_id, id);
DROP INDEX employees_business_schedule;
CREATE INDEX timesheet_lines_business_status_employee ON timesheet_lines(business_id, status, employee_id, start_time);

-- +goose Down
DROP INDEX timesheet_lines_business_status_employee;
CREATE INDEX employees_business_schedule ON employees(business_id, pay_schedule_id);
DROP INDEX employees_business_schedule_id;
