-- +goose Up
-- An employee's standard hours (E/standardhours) beyond the hours per
-- week and per day the employee row holds: the full-time equivalent and
-- the advanced work week (a pattern of days over one or more weeks).
CREATE TABLE employee_standard_hours (
    employee_id BIGINT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    use_advanced_work_week BOOLEAN NOT NULL,
    full_time_equivalent_hours TEXT,
    advanced_work_week_configuration TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE employee_standard_work_days (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    week INTEGER NOT NULL,
    day_of_week INTEGER NOT NULL,
    start_time TEXT NOT NULL,
    end_time TEXT NOT NULL,
    break_start_time TEXT NOT NULL,
    break_end_time TEXT NOT NULL,
    location_id BIGINT REFERENCES records(id),
    work_type_id BIGINT REFERENCES records(id),
    hours TEXT NOT NULL,
    work_day_type TEXT NOT NULL
);
CREATE UNIQUE INDEX employee_standard_work_days_day ON employee_standard_work_days(employee_id, week, day_of_week);
CREATE INDEX employee_standard_work_days_location ON employee_standard_work_days(location_id);
CREATE INDEX employee_standard_work_days_work_type ON employee_standard_work_days(work_type_id);

-- +goose Down
DROP TABLE employee_standard_work_days;
DROP TABLE employee_standard_hours;
