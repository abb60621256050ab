-- UK reference area: the employees a 52-week holiday pay import can name
-- (by id or external id) and its template lists.

-- name: UKListEmployeesOfBusiness :many
SELECT * FROM employees WHERE business_id = $1 ORDER BY id;
