-- Filings to tax authorities (internal/filing) and the year-to-date the AU
-- STP pay event reports (internal/au/stp).

-- name: CreateFiling :one
INSERT INTO filings (business_id, pay_run_id, finalisation, kind, state, submission_id, document, error, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, '', $8, $8)
RETURNING *;

-- name: GetFiling :one
SELECT * FROM filings WHERE business_id = $1 AND id = $2;

-- name: LatestFilingOfRun :one
-- The run's last filing (a re-finalised lodged run is reported as an
-- update event).
SELECT * FROM filings WHERE business_id = $1 AND pay_run_id = $2 ORDER BY id DESC LIMIT 1;

-- name: SetFilingState :one
-- Moves a filing from one state to the next (a filing not in from_state is
-- left alone: no rows).
UPDATE filings SET state = sqlc.arg(to_state), error = sqlc.arg(error), version = version + 1, updated_at = sqlc.arg(updated_at)
WHERE business_id = sqlc.arg(business_id) AND id = sqlc.arg(id) AND state = sqlc.arg(from_state)
RETURNING *;

-- name: ListFilings :many
-- A business's filings, newest first, optionally of one pay run, kind or
-- state (0 / '' = any).
SELECT * FROM filings
WHERE business_id = sqlc.arg(business_id)
    AND (CAST(sqlc.arg(pay_run_id) AS BIGINT) = 0 OR pay_run_id = CAST(sqlc.arg(pay_run_id) AS BIGINT))
    AND (CAST(sqlc.arg(kind) AS TEXT) = '' OR kind = CAST(sqlc.arg(kind) AS TEXT))
    AND (CAST(sqlc.arg(state) AS TEXT) = '' OR state = CAST(sqlc.arg(state) AS TEXT))
ORDER BY id DESC
LIMIT sqlc.arg(lim) OFFSET sqlc.arg(off);

-- name: CountFilings :one
SELECT COUNT(*) FROM filings
WHERE business_id = sqlc.arg(business_id)
    AND (CAST(sqlc.arg(pay_run_id) AS BIGINT) = 0 OR pay_run_id = CAST(sqlc.arg(pay_run_id) AS BIGINT))
    AND (CAST(sqlc.arg(kind) AS TEXT) = '' OR kind = CAST(sqlc.arg(kind) AS TEXT))
    AND (CAST(sqlc.arg(state) AS TEXT) = '' OR state = CAST(sqlc.arg(state) AS TEXT));

-- name: StpYearToDateLines :many
-- Year to date of the employees of run pay_run_id by line kind, category and
-- subtype: the finalised runs of the business paid in [year_from, date_paid].
SELECT l.employee_id, l.kind, l.category_id, l.subtype, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(date_paid)
    AND l.kind IN ('earnings', 'deduction', 'superadjustment')
    AND l.employee_id IN (SELECT p.employee_id FROM pay_run_employees p WHERE p.pay_run_id = sqlc.arg(pay_run_id))
GROUP BY l.employee_id, l.kind, l.category_id, l.subtype
ORDER BY l.employee_id, l.kind, l.category_id, l.subtype;

-- name: StpYearToDateTotals :many
-- The same runs' employee totals.
SELECT e.employee_id, CAST(SUM(e.gross) AS BIGINT) AS gross, CAST(SUM(e.tax) AS BIGINT) AS tax,
    CAST(SUM(e.super_contribution) AS BIGINT) AS super_contribution, CAST(SUM(e.pre_tax) AS BIGINT) AS pre_tax
FROM pay_run_employees e JOIN pay_runs r ON r.id = e.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(date_paid)
    AND e.employee_id IN (SELECT p.employee_id FROM pay_run_employees p WHERE p.pay_run_id = sqlc.arg(pay_run_id))
GROUP BY e.employee_id
ORDER BY e.employee_id;

-- name: StpPayees :many
-- The employees of a run with what the pay event reports of them (the
-- termination reason the run gave, else the employee record's).
SELECT e.id, e.external_id, e.first_name, e.surname, e.date_of_birth, e.start_date, e.end_date, e.employment_type,
    e.tax_file_number, e.australian_resident, e.claim_tax_free_threshold, e.stsl_debt, e.has_approved_working_holiday_visa,
    e.is_seasonal_worker, e.medicare_levy_exemption, e.claim_medicare_levy_reduction, e.medicare_levy_reduction_spouse,
    e.medicare_levy_reduction_dependent_count, e.medicare_levy_surcharge_withholding_tier, e.tax_category, e.single_touch_payroll,
    CAST(CASE WHEN p.termination_reason <> '' THEN p.termination_reason ELSE e.termination_reason END AS TEXT) AS termination_reason
FROM pay_run_employees p JOIN employees e ON e.id = p.employee_id
WHERE p.pay_run_id = sqlc.arg(pay_run_id) AND e.business_id = sqlc.arg(business_id)
ORDER BY e.id;

-- name: NextBusinessFilingNumber :one
-- The number of the next filing of kind that belongs to the business's year
-- rather than to a pay run (pay_run_id 0): 1 for the first.
SELECT CAST(COALESCE(MAX(finalisation), 0) + 1 AS BIGINT) AS next
FROM filings WHERE business_id = $1 AND pay_run_id = 0 AND kind = $2;

-- name: StpYearPayees :many
-- The employees of the business paid by a finalised run in [year_from,
-- year_to] with what the finalisation declaration reports of them (the same
-- columns as StpPayees; the termination reason is the employee record's).
SELECT e.id, e.external_id, e.first_name, e.surname, e.date_of_birth, e.start_date, e.end_date, e.employment_type,
    e.tax_file_number, e.australian_resident, e.claim_tax_free_threshold, e.stsl_debt, e.has_approved_working_holiday_visa,
    e.is_seasonal_worker, e.medicare_levy_exemption, e.claim_medicare_levy_reduction, e.medicare_levy_reduction_spouse,
    e.medicare_levy_reduction_dependent_count, e.medicare_levy_surcharge_withholding_tier, e.tax_category, e.single_touch_payroll,
    CAST(e.termination_reason AS TEXT) AS termination_reason
FROM employees e
WHERE e.business_id = sqlc.arg(business_id) AND e.id IN (
    SELECT p.employee_id FROM pay_run_employees p JOIN pay_runs r ON r.id = p.pay_run_id
    WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
        AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(year_to))
ORDER BY e.id;

-- name: StpYearLines :many
-- The year's totals by line kind, category and subtype of every employee
-- paid by the business's finalised runs in [year_from, year_to] (the same
-- columns as StpYearToDateLines).
SELECT l.employee_id, l.kind, l.category_id, l.subtype, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(year_to)
    AND l.kind IN ('earnings', 'deduction', 'superadjustment')
GROUP BY l.employee_id, l.kind, l.category_id, l.subtype
ORDER BY l.employee_id, l.kind, l.category_id, l.subtype;

-- name: StpYearTotals :many
-- The same runs' employee totals (the same columns as StpYearToDateTotals).
SELECT e.employee_id, CAST(SUM(e.gross) AS BIGINT) AS gross, CAST(SUM(e.tax) AS BIGINT) AS tax,
    CAST(SUM(e.super_contribution) AS BIGINT) AS super_contribution, CAST(SUM(e.pre_tax) AS BIGINT) AS pre_tax
FROM pay_run_employees e JOIN pay_runs r ON r.id = e.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(year_to)
GROUP BY e.employee_id
ORDER BY e.employee_id;

-- name: SgCpfMonthEmployees :many
-- The month's CPF figures of each employee of the business's finalised
-- runs paid in [month_from, month_to) (internal/sg/cpf): shares, wages
-- subject to CPF and the SDL.
SELECT e.id, e.national_registration_identity_number AS nric, e.first_name, e.surname, e.start_date, e.end_date,
    CAST(SUM(pe.cpf_employee) AS BIGINT) AS cpf_employee, CAST(SUM(pe.cpf_employer) AS BIGINT) AS cpf_employer,
    CAST(SUM(pe.cpf_ow_subject) AS BIGINT) AS ordinary_wages, CAST(SUM(pe.cpf_aw_subject) AS BIGINT) AS additional_wages,
    CAST(SUM(pe.sdl) AS BIGINT) AS sdl
FROM pay_runs r JOIN pay_run_employees pe ON pe.pay_run_id = r.id JOIN employees e ON e.id = pe.employee_id AND e.business_id = r.business_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(month_from) AND r.date_paid < sqlc.arg(month_to)
GROUP BY e.id, e.national_registration_identity_number, e.first_name, e.surname, e.start_date, e.end_date
ORDER BY e.id;

-- name: SgCpfMonthVoluntaryLines :one
-- How many voluntary CPF lines the same runs have.
SELECT COUNT(*) FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(month_from) AND r.date_paid < sqlc.arg(month_to) AND l.kind = 'voluntarycpf';

-- name: CountFilingsWithSubmissionID :one
-- How many filings of kind the business has under a submission id (a CPF
-- submission's file name: CSN, month and advice code).
SELECT COUNT(*) FROM filings WHERE business_id = $1 AND kind = $2 AND submission_id = $3;

-- name: StpYearEarningsByRun :many
-- The earnings lines of the business's finalised runs paid in [year_from,
-- date_paid] by employee, run and category, with the run's payment date:
-- an STP event's ETP records are per payment date and code.
SELECT l.employee_id, l.pay_run_id, r.date_paid, l.category_id, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised'
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(date_paid)
    AND l.kind = 'earnings'
GROUP BY l.employee_id, l.pay_run_id, r.date_paid, l.category_id
ORDER BY l.employee_id, r.date_paid, l.pay_run_id, l.category_id;
