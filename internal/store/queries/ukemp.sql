-- UK employee records (internal/uk/hmrcadjustment, internal/uk/ni):
-- standing HMRC adjustments, NI category history and NI back
-- calculations, and what pay runs read of them.

-- name: CreateUKHmrcAdjustment :one
INSERT INTO uk_hmrc_adjustments (business_id, employee_id, amount, notes, from_date, expiry_date, maximum_amount_paid,
    external_reference_id, source, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
RETURNING *;

-- name: ListUKHmrcAdjustments :many
-- An employee's standing HMRC adjustments with what finalised runs paid
-- of each (their lines' external id names the adjustment).
SELECT a.*, CAST(COALESCE((SELECT SUM(l.amount) FROM pay_run_employees pe
        JOIN pay_runs r ON r.id = pe.pay_run_id
        JOIN pay_run_lines l ON l.pay_run_id = pe.pay_run_id AND l.employee_id = pe.employee_id AND l.kind = 'hmrcadjustment'
    WHERE pe.business_id = a.business_id AND pe.employee_id = a.employee_id AND r.status = 'Finalised'
        AND l.external_id = 'hmrcadj:' || CAST(a.id AS TEXT)), 0) AS BIGINT) AS total_paid
FROM uk_hmrc_adjustments a
WHERE a.business_id = $1 AND a.employee_id = $2 AND (CAST(sqlc.arg(id) AS BIGINT) = 0 OR a.id = CAST(sqlc.arg(id) AS BIGINT))
    AND (CAST(sqlc.arg(external_reference_id) AS TEXT) = '' OR a.external_reference_id = CAST(sqlc.arg(external_reference_id) AS TEXT))
ORDER BY a.id;

-- name: DeleteUKHmrcAdjustment :execrows
DELETE FROM uk_hmrc_adjustments WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: ListUKHmrcAdjustmentsForRun :many
-- The standing adjustments of a business applicable to a pay period
-- (from on or before its end, not expired before its start), with what
-- finalised runs other than this one paid of each.
SELECT a.*, CAST(COALESCE((SELECT SUM(l.amount) FROM pay_run_employees pe
        JOIN pay_runs r ON r.id = pe.pay_run_id
        JOIN pay_run_lines l ON l.pay_run_id = pe.pay_run_id AND l.employee_id = pe.employee_id AND l.kind = 'hmrcadjustment'
    WHERE pe.business_id = a.business_id AND pe.employee_id = a.employee_id AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
        AND l.external_id = 'hmrcadj:' || CAST(a.id AS TEXT)), 0) AS BIGINT) AS total_paid
FROM uk_hmrc_adjustments a
WHERE a.business_id = $1 AND a.from_date <= sqlc.arg(period_end) AND (a.expiry_date IS NULL OR a.expiry_date >= sqlc.arg(period_start))
ORDER BY a.employee_id, a.id;

-- name: CreateUKNIRecord :one
INSERT INTO uk_ni_records (business_id, employee_id, category, effective_from, notes, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $6)
RETURNING *;

-- name: ListUKNIRecords :many
SELECT * FROM uk_ni_records WHERE business_id = $1 AND employee_id = $2 ORDER BY effective_from, id;

-- name: GetUKNIRecord :one
SELECT * FROM uk_ni_records WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: UpdateUKNIRecord :one
-- Conditional on the version read: of two writers the later gets no row (409).
UPDATE uk_ni_records SET category = $4, effective_from = $5, notes = $6, updated_at = $7, version = version + 1
WHERE id = $1 AND business_id = $2 AND employee_id = $3 AND version = sqlc.arg(version)
RETURNING *;

-- name: ListUKNIRecordsForRun :many
-- Every employee's record in force on a payment date: the latest from
-- on or before it.
SELECT n.employee_id, n.category FROM uk_ni_records n
WHERE n.business_id = $1 AND n.effective_from = (SELECT MAX(m.effective_from) FROM uk_ni_records m
    WHERE m.employee_id = n.employee_id AND m.effective_from <= sqlc.arg(date_paid))
ORDER BY n.employee_id;

-- name: UKFinalisedPeriods :many
-- The employee's finalised pay runs paid in [from, to] with the figures
-- a back calculation recomputes NI from (niable_pay: the pay NI was
-- worked on, NULL for a row calculated before it was kept).
SELECT r.id AS pay_run_id, r.date_paid, r.period_starting, r.period_ending, r.frequency,
    pe.gross, pe.taxable, pe.pre_tax, pe.ni_employee, pe.ni_employer, pe.niable_pay
FROM pay_run_employees pe JOIN pay_runs r ON r.id = pe.pay_run_id
WHERE pe.business_id = $1 AND pe.employee_id = $2 AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(from_date) AND r.date_paid <= sqlc.arg(to_date)
ORDER BY r.date_paid, r.id;

-- name: CreateUKNIBackCalculation :one
INSERT INTO uk_ni_back_calculations (business_id, employee_id, category, tax_year, from_date, to_date,
    employee_ni_recorded, employer_ni_recorded, employee_ni_recalculated, employer_ni_recalculated, periods, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
RETURNING *;

-- name: ListUKNIBackCalculations :many
-- An employee's back calculations, latest first, with the finalised run
-- that applied each (0 while pending).
SELECT b.*, CAST(COALESCE((SELECT MIN(r.id) FROM pay_run_employees pe
        JOIN pay_runs r ON r.id = pe.pay_run_id
        JOIN pay_run_lines l ON l.pay_run_id = pe.pay_run_id AND l.employee_id = pe.employee_id
    WHERE pe.business_id = b.business_id AND pe.employee_id = b.employee_id AND r.status = 'Finalised'
        AND l.kind IN ('niemployeeadjustment', 'niemployeradjustment')
        AND l.external_id IN ('nibc:' || CAST(b.id AS TEXT) || ':ee', 'nibc:' || CAST(b.id AS TEXT) || ':er')), 0) AS BIGINT) AS applied_pay_run_id
FROM uk_ni_back_calculations b
WHERE b.business_id = $1 AND b.employee_id = $2
ORDER BY b.id DESC;

-- name: DeleteUKNIBackCalculation :execrows
DELETE FROM uk_ni_back_calculations WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: ListUKNIBackCalculationsForRun :many
-- The back calculations of a business no finalised run other than this
-- one has applied.
SELECT b.* FROM uk_ni_back_calculations b
WHERE b.business_id = $1 AND NOT EXISTS (SELECT 1 FROM pay_run_employees pe
        JOIN pay_runs r ON r.id = pe.pay_run_id
        JOIN pay_run_lines l ON l.pay_run_id = pe.pay_run_id AND l.employee_id = pe.employee_id
    WHERE pe.business_id = b.business_id AND pe.employee_id = b.employee_id AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
        AND l.kind IN ('niemployeeadjustment', 'niemployeradjustment')
        AND l.external_id IN ('nibc:' || CAST(b.id AS TEXT) || ':ee', 'nibc:' || CAST(b.id AS TEXT) || ':er'))
ORDER BY b.employee_id, b.id;

-- name: GetUKEmployeePension :one
SELECT * FROM uk_employee_pensions WHERE business_id = $1 AND employee_id = $2;

-- name: CreateUKEmployeePension :one
-- The first write of an employee's state; a racing first write loses on
-- the unique index (409).
INSERT INTO uk_employee_pensions (business_id, employee_id, enrolment_status, enrolment_date, opt_in_date, opt_out_date,
    postponement_end_date, forced, notes, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
RETURNING *;

-- name: UpdateUKEmployeePension :one
-- Conditional on the version read (no row: another writer won, 409).
UPDATE uk_employee_pensions SET enrolment_status = $3, enrolment_date = $4, opt_in_date = $5, opt_out_date = $6,
    postponement_end_date = $7, forced = $8, notes = $9, updated_at = $10, version = version + 1
WHERE business_id = $1 AND employee_id = $2 AND version = sqlc.arg(version)
RETURNING *;

-- name: UKLatestFinalisedPay :many
-- The employee's latest finalised pay run on or before a day, with the
-- pay the auto-enrolment assessment reads.
SELECT r.id AS pay_run_id, r.date_paid, r.frequency, pe.gross, pe.taxable, pe.pre_tax
FROM pay_run_employees pe JOIN pay_runs r ON r.id = pe.pay_run_id
WHERE pe.business_id = $1 AND pe.employee_id = $2 AND r.status = 'Finalised' AND r.date_paid <= sqlc.arg(upto)
ORDER BY r.date_paid DESC, r.id DESC
LIMIT 1;
