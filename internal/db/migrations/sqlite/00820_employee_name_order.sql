-- +goose Up
-- The manager's employee pickers (B/manager/timesheet/employees and the
-- like) page active employees by surname, first name and id: with only
-- (business_id, surname, id) the database sorted every employee of the
-- business to find the first page.
CREATE INDEX employees_business_names ON employees(business_id, surname, first_name, id);

-- +goose Down
DROP INDEX employees_business_names;
