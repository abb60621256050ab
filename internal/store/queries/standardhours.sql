-- Employees' standard hours (E/standardhours).

-- name: GetStandardHours :one
SELECT * FROM employee_standard_hours WHERE employee_id = $1 AND business_id = $2;

-- name: UpsertStandardHours :exec
INSERT INTO employee_standard_hours (employee_id, business_id, use_advanced_work_week, full_time_equivalent_hours, advanced_work_week_configuration, updated_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (employee_id) DO UPDATE SET use_advanced_work_week = excluded.use_advanced_work_week,
    full_time_equivalent_hours = excluded.full_time_equivalent_hours,
    advanced_work_week_configuration = excluded.advanced_work_week_configuration, updated_at = excluded.updated_at;

-- name: DeleteStandardWorkDays :exec
DELETE FROM employee_standard_work_days WHERE employee_id = $1 AND business_id = $2;

-- name: AddStandardWorkDay :one
INSERT INTO employee_standard_work_days (business_id, employee_id, week, day_of_week, start_time, end_time, break_start_time, break_end_time,
    location_id, work_type_id, hours, work_day_type)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
RETURNING id;

-- name: ListStandardWorkDays :many
SELECT * FROM employee_standard_work_days WHERE employee_id = $1 AND business_id = $2 ORDER BY week, day_of_week;
