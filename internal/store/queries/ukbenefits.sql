-- UK benefits in kind (internal/uk/p11d), auto-enrolment notices
-- (internal/uk/forms) and occupational absence
-- (internal/uk/occupationalabsence).

-- name: ListUKEmployeeBenefits :many
-- One employee's benefits (employee_id <> 0) or all the business's, by start.
SELECT * FROM uk_employee_benefits
WHERE business_id = sqlc.arg(business_id) AND (CAST(sqlc.arg(employee_id) AS BIGINT) = 0 OR employee_id = sqlc.arg(employee_id))
ORDER BY employee_id, start_date, id;

-- name: ListUKEmployeeBenefitsInPeriod :many
-- The business's benefits provided on any day of [period_from, period_to].
SELECT * FROM uk_employee_benefits
WHERE business_id = sqlc.arg(business_id) AND start_date <= sqlc.arg(period_to)
    AND (end_date IS NULL OR end_date >= sqlc.arg(period_from))
ORDER BY employee_id, start_date, id;

-- name: GetUKEmployeeBenefit :one
SELECT * FROM uk_employee_benefits WHERE business_id = $1 AND employee_id = $2 AND id = $3;

-- name: CreateUKEmployeeBenefit :one
INSERT INTO uk_employee_benefits (business_id, employee_id, benefit_category_id, start_date, end_date, cost, amount_made_good,
    car_list_price, car_accessories, car_capital_contribution, notes, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
RETURNING *;

-- name: UpdateUKEmployeeBenefit :one
UPDATE uk_employee_benefits SET benefit_category_id = $4, start_date = $5, end_date = $6, cost = $7, amount_made_good = $8,
    car_list_price = $9, car_accessories = $10, car_capital_contribution = $11, notes = $12, updated_at = $13
WHERE business_id = $1 AND employee_id = $2 AND id = $3
RETURNING *;

-- name: DeleteUKEmployeeBenefit :execrows
DELETE FROM uk_employee_benefits WHERE business_id = $1 AND employee_id = $2 AND id = $3;

-- name: UKPayrolledBenefits :many
-- Benefits payrolled through finalised pay runs (P/benefits lines) paid in
-- [year_from, year_to), by category, with the run and its date paid.
SELECT l.employee_id, l.category_id, l.amount, l.pay_run_id, r.date_paid
FROM pay_runs r JOIN pay_run_lines l ON l.pay_run_id = r.id
WHERE r.business_id = sqlc.arg(business_id) AND l.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid < sqlc.arg(year_to) AND l.kind = 'benefit'
ORDER BY l.employee_id, l.id;

-- name: UpsertP11DReturn :one
INSERT INTO uk_p11d_returns (business_id, tax_year, document, class1a_nic, created_by, created_at, published_by, published_at)
VALUES ($1, $2, $3, $4, $5, $6, '', NULL)
ON CONFLICT (business_id, tax_year) DO UPDATE
    SET document = excluded.document, class1a_nic = excluded.class1a_nic, created_by = excluded.created_by,
        created_at = excluded.created_at, published_by = '', published_at = NULL
RETURNING *;

-- name: GetP11DReturn :one
SELECT * FROM uk_p11d_returns WHERE business_id = $1 AND tax_year = $2;

-- name: PublishP11DReturn :one
UPDATE uk_p11d_returns SET published_by = $3, published_at = $4
WHERE business_id = $1 AND tax_year = $2
RETURNING *;

-- name: ListP46CarIgnored :many
SELECT i.benefit_id, i.event FROM uk_p46car_ignored i WHERE i.business_id = $1;

-- name: IgnoreP46CarRow :exec
INSERT INTO uk_p46car_ignored (business_id, benefit_id, event, ignored_by, ignored_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (benefit_id, event) DO NOTHING;

-- name: GetUKEmployeeBenefitOfBusiness :one
SELECT * FROM uk_employee_benefits WHERE business_id = $1 AND id = $2;

-- name: CreateAutoEnrolmentNotice :one
INSERT INTO uk_autoenrolment_notices (business_id, employee_id, notice_type, document, created_by, created_at, emailed_to, emailed_at)
VALUES ($1, $2, $3, $4, $5, $6, '', NULL)
RETURNING *;

-- name: GetAutoEnrolmentNotice :one
SELECT * FROM uk_autoenrolment_notices WHERE business_id = $1 AND employee_id = $2 AND id = $3;

-- name: MarkAutoEnrolmentNoticeEmailed :one
UPDATE uk_autoenrolment_notices SET emailed_to = $4, emailed_at = $5
WHERE business_id = $1 AND employee_id = $2 AND id = $3
RETURNING *;

-- name: ListOccupationalAbsences :many
SELECT * FROM uk_occupational_absences WHERE business_id = $1 AND employee_id = $2 ORDER BY from_date, id;

-- name: CreateOccupationalAbsence :one
INSERT INTO uk_occupational_absences (business_id, employee_id, absence_type, from_date, to_date, pay_percentage, notes, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
RETURNING *;

-- name: UpdateOccupationalAbsence :one
UPDATE uk_occupational_absences SET absence_type = $4, from_date = $5, to_date = $6, pay_percentage = $7, notes = $8,
    updated_at = $9, version = version + 1
WHERE business_id = $1 AND employee_id = $2 AND id = $3
RETURNING *;
