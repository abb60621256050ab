-- The employee audit trail (employee.Service writes it with each change;
-- report.Service.EmployeeAudit reads it with a dynamic filter).

-- name: InsertEmployeeAudit :exec
INSERT INTO employee_audit (business_id, employee_id, at, section, field_name, old_value, new_value, user_name, channel)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);
