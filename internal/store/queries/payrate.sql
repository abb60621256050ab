-- Pay rate templates and employees' pay rate schedules.

-- name: CreatePayRateTemplate :one
INSERT INTO pay_rate_templates (business_id, name, name_lower, external_id, source, primary_pay_category_id,
    super_threshold_amount, maximum_quarterly_super_contributions_base, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
RETURNING *;

-- name: UpdatePayRateTemplate :one
UPDATE pay_rate_templates SET name = $3, name_lower = $4, external_id = $5, source = $6, primary_pay_category_id = $7,
    super_threshold_amount = $8, maximum_quarterly_super_contributions_base = $9, updated_at = $10, version = version + 1
WHERE id = $1 AND business_id = $2
RETURNING *;

-- name: GetPayRateTemplate :one
SELECT * FROM pay_rate_templates WHERE id = $1 AND business_id = $2;

-- name: GetPayRateTemplateByName :one
SELECT * FROM pay_rate_templates WHERE business_id = $1 AND name_lower = $2;

-- name: ListPayRateTemplates :many
SELECT * FROM pay_rate_templates WHERE business_id = $1 ORDER BY id;

-- name: DeletePayRateTemplate :execrows
DELETE FROM pay_rate_templates WHERE id = $1 AND business_id = $2;

-- name: DeletePayRateTemplateCategories :exec
DELETE FROM pay_rate_template_categories WHERE template_id = $1;

-- name: AddPayRateTemplateCategory :exec
INSERT INTO pay_rate_template_categories (template_id, pay_category_id, position, user_supplied_rate, standard_weekly_hours, super_rate)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: ListPayRateTemplateCategories :many
SELECT c.* FROM pay_rate_template_categories c JOIN pay_rate_templates t ON t.id = c.template_id
WHERE t.business_id = $1 ORDER BY c.template_id, c.position;

-- name: ListPayRateTemplateCategoriesOf :many
SELECT * FROM pay_rate_template_categories WHERE template_id = $1 ORDER BY position;

-- name: CountEmployeesOnPayRateTemplate :one
-- Employees name their template (payRateTemplate); one in use is not deleted.
SELECT COUNT(*) FROM employees WHERE business_id = $1 AND LOWER(pay_rate_template) = $2;

-- name: CreatePayRateSchedule :one
INSERT INTO employee_pay_rate_schedules (business_id, employee_id, rate, rate_unit, commencement_date, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $6)
RETURNING *;

-- name: UpdatePayRateSchedule :one
UPDATE employee_pay_rate_schedules SET rate = $4, rate_unit = $5, commencement_date = $6, updated_at = $7
WHERE id = $1 AND business_id = $2 AND employee_id = $3
RETURNING *;

-- name: GetPayRateSchedule :one
SELECT * FROM employee_pay_rate_schedules WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: ListPayRateSchedules :many
SELECT * FROM employee_pay_rate_schedules WHERE business_id = $1 AND employee_id = $2 ORDER BY commencement_date, id;

-- name: DeletePayRateSchedule :execrows
DELETE FROM employee_pay_rate_schedules WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: PayRateScheduleOn :one
-- The schedule entry in force on a day: the latest commencement on or before it.
SELECT * FROM employee_pay_rate_schedules WHERE business_id = $1 AND employee_id = $2 AND commencement_date <= $3
ORDER BY commencement_date DESC LIMIT 1;
