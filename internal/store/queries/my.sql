-- name: GetMYStatutoryDetails :one
SELECT * FROM my_employee_statutory WHERE employee_id = $1 AND business_id = $2;

-- name: UpsertMYStatutoryDetails :exec
-- The whole record replaced (a PUT) in one statement; version counts the
-- changes.
INSERT INTO my_employee_statutory (employee_id, business_id, citizenship, identity_type, identity_number, passport_country,
    tax_number, tax_wife_code, epf_number, socso_number, tax_resident, marital_status, spouse_working, disabled, spouse_disabled,
    children_under_18, children_studying, children_higher_education, children_disabled, children_disabled_higher_education,
    shared_children_under_18, shared_children_studying, shared_children_higher_education, shared_children_disabled,
    shared_children_disabled_higher_education, epf_part, socso_category, eis_exempt, lindung24,
    monthly_zakat, monthly_tax_relief, monthly_benefits_in_kind, previous_employer_year, previous_remuneration, previous_epf,
    previous_pcb, previous_zakat, previous_tax_relief, version, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25,
    $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, 1, $39)
ON CONFLICT (employee_id) DO UPDATE SET citizenship = excluded.citizenship, identity_type = excluded.identity_type,
    identity_number = excluded.identity_number, passport_country = excluded.passport_country, tax_number = excluded.tax_number,
    tax_wife_code = excluded.tax_wife_code, epf_number = excluded.epf_number, socso_number = excluded.socso_number,
    tax_resident = excluded.tax_resident, marital_status = excluded.marital_status, spouse_working = excluded.spouse_working,
    disabled = excluded.disabled, spouse_disabled = excluded.spouse_disabled, children_under_18 = excluded.children_under_18,
    children_studying = excluded.children_studying, children_higher_education = excluded.children_higher_education,
    children_disabled = excluded.children_disabled, children_disabled_higher_education = excluded.children_disabled_higher_education,
    shared_children_under_18 = excluded.shared_children_under_18, shared_children_studying = excluded.shared_children_studying,
    shared_children_higher_education = excluded.shared_children_higher_education, shared_children_disabled = excluded.shared_children_disabled,
    shared_children_disabled_higher_education = excluded.shared_children_disabled_higher_education, epf_part = excluded.epf_part,
    socso_category = excluded.socso_category, eis_exempt = excluded.eis_exempt, lindung24 = excluded.lindung24,
    monthly_zakat = excluded.monthly_zakat, monthly_tax_relief = excluded.monthly_tax_relief,
    monthly_benefits_in_kind = excluded.monthly_benefits_in_kind, previous_employer_year = excluded.previous_employer_year,
    previous_remuneration = excluded.previous_remuneration, previous_epf = excluded.previous_epf, previous_pcb = excluded.previous_pcb,
    previous_zakat = excluded.previous_zakat, previous_tax_relief = excluded.previous_tax_relief,
    version = my_employee_statutory.version + 1, updated_at = excluded.updated_at
WHERE my_employee_statutory.business_id = excluded.business_id;

-- name: ListMYStatutoryDetails :many
-- Every Malaysian statutory record of a business (a pay run's writer reads
-- them once).
SELECT * FROM my_employee_statutory WHERE business_id = $1 ORDER BY employee_id;

-- name: MYYearToDate :many
-- Year-to-date of a business's employees from their finalised runs paid
-- in [year_from, year_to], other than the run being calculated: the PCB
-- formula's Y, K, Z and ΣLP (X is the runs' tax).
SELECT m.employee_id,
    CAST(SUM(m.pcb_remuneration) AS BIGINT) AS remuneration, CAST(SUM(m.epf_employee) AS BIGINT) AS epf,
    CAST(SUM(m.zakat) AS BIGINT) AS zakat, CAST(SUM(m.tax_relief) AS BIGINT) AS tax_relief,
    CAST(SUM(m.socso_employee) AS BIGINT) AS socso_employee, CAST(SUM(m.eis_employee) AS BIGINT) AS eis_employee,
    CAST(SUM(m.lindung24) AS BIGINT) AS lindung24, CAST(SUM(m.epf_employer) AS BIGINT) AS epf_employer
FROM my_pay_run_employees m JOIN pay_runs r ON r.id = m.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(year_to)
GROUP BY m.employee_id
ORDER BY m.employee_id;

-- name: UpsertMYPayRunEmployee :exec
INSERT INTO my_pay_run_employees (business_id, pay_run_id, employee_id, pcb_remuneration, pcb_additional, benefits_in_kind, zakat,
    tax_relief, epf_part, epf_wages, epf_employee, epf_employer, socso_category, socso_wages, socso_employee, socso_employer,
    eis_employee, eis_employer, lindung24, hrd_levy)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
ON CONFLICT (pay_run_id, employee_id) DO UPDATE SET pcb_remuneration = excluded.pcb_remuneration,
    pcb_additional = excluded.pcb_additional, benefits_in_kind = excluded.benefits_in_kind, zakat = excluded.zakat,
    tax_relief = excluded.tax_relief, epf_part = excluded.epf_part, epf_wages = excluded.epf_wages,
    epf_employee = excluded.epf_employee, epf_employer = excluded.epf_employer, socso_category = excluded.socso_category,
    socso_wages = excluded.socso_wages, socso_employee = excluded.socso_employee, socso_employer = excluded.socso_employer,
    eis_employee = excluded.eis_employee, eis_employer = excluded.eis_employer, lindung24 = excluded.lindung24,
    hrd_levy = excluded.hrd_levy;

-- name: DeleteMYPayRunEmployee :exec
DELETE FROM my_pay_run_employees WHERE pay_run_id = $1 AND employee_id = $2;

-- name: ListMYPayRunEmployees :many
-- The Malaysian figures of a run (employee_id 0: every employee). "+"
-- keeps SQLite (no statistics) from walking every row of the business
-- through my_pay_run_employees_employee and filtering by run.
SELECT * FROM my_pay_run_employees
WHERE pay_run_id = sqlc.arg(pay_run_id) AND +business_id = sqlc.arg(business_id)
    AND (CAST(sqlc.arg(employee_id) AS BIGINT) = 0 OR employee_id = CAST(sqlc.arg(employee_id) AS BIGINT))
ORDER BY employee_id;

-- name: ListMYEmployeePayRuns :many
-- The Malaysian figures of one employee's runs.
SELECT * FROM my_pay_run_employees
WHERE business_id = $1 AND employee_id = $2
ORDER BY pay_run_id;

-- name: MYRunTotals :one
-- A run's Malaysian totals (the journal), read by run ("+" as above).
SELECT CAST(COALESCE(SUM(zakat), 0) AS BIGINT) AS zakat, CAST(COALESCE(SUM(epf_employee), 0) AS BIGINT) AS epf_employee,
    CAST(COALESCE(SUM(epf_employer), 0) AS BIGINT) AS epf_employer, CAST(COALESCE(SUM(socso_employee), 0) AS BIGINT) AS socso_employee,
    CAST(COALESCE(SUM(socso_employer), 0) AS BIGINT) AS socso_employer, CAST(COALESCE(SUM(eis_employee), 0) AS BIGINT) AS eis_employee,
    CAST(COALESCE(SUM(eis_employer), 0) AS BIGINT) AS eis_employer, CAST(COALESCE(SUM(lindung24), 0) AS BIGINT) AS lindung24,
    CAST(COALESCE(SUM(hrd_levy), 0) AS BIGINT) AS hrd_levy
FROM my_pay_run_employees WHERE +business_id = $1 AND pay_run_id = $2;
