-- Employee self-service users (E/access), onboarding and profile images.

-- name: ListEmployeeAccess :many
SELECT * FROM employee_access WHERE business_id = $1 AND employee_id = $2 ORDER BY id;

-- name: CreateEmployeeAccess :one
INSERT INTO employee_access (business_id, employee_id, user_id, name, email, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *;

-- name: UpdateEmployeeAccess :execrows
UPDATE employee_access SET user_id = $1, name = $2, email = $3, updated_at = $4
WHERE id = $5 AND business_id = $6 AND employee_id = $7;

-- name: DeleteEmployeeAccess :execrows
DELETE FROM employee_access WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: SetEmployeeSelfServiceUser :execrows
-- Mirrors the access row on the employee (the employee scope reads
-- employees.user_id to find an employee principal's own record).
UPDATE employees SET user_id = $1 WHERE id = $2 AND business_id = $3;

-- name: GetEmployeeAccessOfUser :one
-- Whether user_id is the self-service user of employee_id (and of which business).
SELECT * FROM employee_access WHERE user_id = $1 AND employee_id = $2;

-- name: ListEmployeesOfSelfServiceUser :many
-- The employees a user is the self-service user of, across businesses.
SELECT a.employee_id, a.business_id, e.first_name, e.surname, e.status, b.name AS business_name
FROM employee_access a
JOIN employees e ON e.id = a.employee_id
JOIN businesses b ON b.id = a.business_id
WHERE a.user_id = $1
ORDER BY a.business_id, a.employee_id;

-- name: CreateEmployeeOnboarding :exec
INSERT INTO employee_onboarding (employee_id, business_id, status, email, mobile, qualifications_required, emergency_contact_details_required, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8);

-- name: GetEmployeeOnboarding :one
SELECT * FROM employee_onboarding WHERE employee_id = $1 AND business_id = $2;

-- name: GetEmployeeProfileImage :one
SELECT * FROM employee_profile_images WHERE employee_id = $1 AND business_id = $2;

-- name: PutEmployeeProfileImage :exec
INSERT INTO employee_profile_images (employee_id, business_id, content_type, extension, width, height, content, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (employee_id) DO UPDATE SET content_type = excluded.content_type, extension = excluded.extension,
    width = excluded.width, height = excluded.height, content = excluded.content, updated_at = excluded.updated_at;

-- name: DeleteEmployeeProfileImage :execrows
DELETE FROM employee_profile_images WHERE employee_id = $1 AND business_id = $2;
