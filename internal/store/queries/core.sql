-- name: ListEmployeesForGroupMatching :many
-- The employees an employee group's filters are evaluated against (core
-- reference group): everyone not terminated.
SELECT id, first_name, surname, external_id, status FROM employees
WHERE business_id = $1 AND status <> 'Terminated'
ORDER BY id;
