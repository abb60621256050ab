-- Employee qualifications (E/qualification): the business qualifications
-- an employee holds, once each.

-- name: UpsertEmployeeQualification :one
INSERT INTO employee_qualifications (business_id, employee_id, qualification_id, issue_date, expiry_date, reference_number, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
ON CONFLICT (employee_id, qualification_id) DO UPDATE SET
    issue_date = excluded.issue_date, expiry_date = excluded.expiry_date,
    reference_number = excluded.reference_number, updated_at = excluded.updated_at
RETURNING id;

-- name: CreateEmployeeQualification :one
INSERT INTO employee_qualifications (business_id, employee_id, qualification_id, issue_date, expiry_date, reference_number, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
RETURNING id;

-- name: ListEmployeeQualifications :many
SELECT eq.id, eq.qualification_id, r.name, eq.issue_date, eq.expiry_date, eq.reference_number
FROM employee_qualifications eq JOIN records r ON r.id = eq.qualification_id
WHERE eq.business_id = $1 AND eq.employee_id = $2
ORDER BY eq.id;

-- name: DeleteEmployeeQualification :execrows
DELETE FROM employee_qualifications WHERE business_id = $1 AND employee_id = $2 AND id = $3;
