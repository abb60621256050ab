-- Pay runs. Every write to a run's figures or lines first
-- touches the run with TouchDraftPayRun (a conditional single-statement
-- update), so a finalised run refuses the write and two writers of one run
-- serialise on its row.

-- name: CreatePayRun :one
INSERT INTO pay_runs (business_id, pay_schedule_id, frequency, period_starting, period_ending, date_paid, status,
    external_id, notation, adhoc, pay_slips_published, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, 'Draft', $7, '', $8, FALSE, $9, $9)
RETURNING *;

-- name: GetPayRun :one
SELECT * FROM pay_runs WHERE id = $1 AND business_id = $2;

-- name: GetPayRunByExternalID :one
SELECT * FROM pay_runs WHERE business_id = $1 AND external_id = $2 AND external_id <> '';

-- name: TouchDraftPayRun :one
UPDATE pay_runs SET version = version + 1, updated_at = $3
WHERE id = $1 AND business_id = $2 AND status = 'Draft'
RETURNING *;

-- name: FinalisePayRun :one
UPDATE pay_runs SET status = 'Finalised', version = version + 1, date_finalised = $3, updated_at = $3,
    date_paid = $4, pay_slips_published = $5, finalised_count = finalised_count + 1
WHERE id = $1 AND business_id = $2 AND status = 'Draft'
RETURNING *;

-- name: UnlockPayRun :one
UPDATE pay_runs SET status = 'Draft', version = version + 1, date_finalised = NULL, updated_at = $3, pay_slips_published = FALSE
WHERE id = $1 AND business_id = $2 AND status = 'Finalised'
RETURNING *;

-- name: SetPayRunNotation :one
UPDATE pay_runs SET notation = $3, version = version + 1, updated_at = $4
WHERE id = $1 AND business_id = $2 AND status = 'Draft'
RETURNING *;

-- name: DeleteDraftPayRun :execrows
DELETE FROM pay_runs WHERE id = $1 AND business_id = $2 AND status = 'Draft';

-- name: AddPayRunAudit :exec
INSERT INTO pay_run_audit (business_id, pay_run_id, action, comments, actor, created_at) VALUES ($1, $2, $3, $4, $5, $6);

-- name: ListPayRunAudit :many
SELECT * FROM pay_run_audit WHERE pay_run_id = $1 ORDER BY id;

-- name: ListPayScheduleEmployees :many
-- The employees a pay run of a schedule pays, with the members the
-- calculation reads (one query for the whole schedule).
SELECT id, external_id, first_name, surname, status, date_of_birth, start_date, end_date, employment_type,
    rate, rate_unit, hours_per_week, hours_per_day, primary_pay_category_id,
    tax_file_number, australian_resident, claim_tax_free_threshold, stsl_debt, has_approved_working_holiday_visa,
    medicare_levy_exemption, claim_medicare_levy_reduction, medicare_levy_reduction_spouse, medicare_levy_reduction_dependent_count,
    tax_code, tax_calculation_method, national_insurance_category, national_insurance_calculation_method,
    student_loan_type, has_student_loan, has_post_grad_loan, is_company_director,
    tax_code_declaration_tax_code, tax_code_declaration_student_loan, tax_code_declaration_esct_rate,
    kiwi_saver_employee_contribution, kiwi_saver_employer_contribution, kiwi_saver_enrollment_status,
    legal_status, obtained_residency_date, cpf_exempt, sdl_exempt, ethnicity, religion, self_help_group_fund,
    appointment_start_date, appointment_end_date, apply_full_cpf_rate, previous_employer_taxable_pay, previous_employer_tax_withheld, previous_employer_leaving_date, previous_employer_w1_m1, previous_employer_continue_student_loan_deductions,
    has_withholding_variation, tax_variation, automatically_apply_public_holiday_not_worked_earnings_lines, residential_state, residential_city, primary_location_id,
    seniors_tax_offset, other_tax_offset, medicare_levy_surcharge_withholding_tier
FROM employees
WHERE business_id = $1 AND pay_schedule_id = $2 AND (status = 'Active' OR (status = 'Terminated' AND CAST($3 AS BOOLEAN)))
ORDER BY id;

-- name: ListPayRunEmployeeIDs :many
SELECT employee_id FROM pay_run_employees WHERE pay_run_id = $1 ORDER BY employee_id;

-- name: CreatePayRunEmployee :one
INSERT INTO pay_run_employees (business_id, pay_run_id, employee_id, employee_name, employee_external_id, standard_earnings,
    total_hours_e4, gross, pre_tax, taxable, post_tax, tax, stsl, super_contribution, super_base, ni_employee, ni_employer,
    student_loan, postgrad_loan, kiwisaver_employee, kiwisaver_employer, esct, acc_levy, cpf_employee, cpf_employer,
    cpf_ow_subject, cpf_aw_subject, sdl, net, expenses, liabilities, notation, calc_error, class1a_nic, niable_pay)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
    $25, $26, $27, $28, $29, $30, $31, '', $32, $33, $34)
RETURNING id;

-- name: UpdatePayRunEmployeeFigures :execrows
UPDATE pay_run_employees SET total_hours_e4 = $3, gross = $4, pre_tax = $5, taxable = $6, post_tax = $7, tax = $8, stsl = $9,
    super_contribution = $10, super_base = $11, ni_employee = $12, ni_employer = $13, student_loan = $14, postgrad_loan = $15,
    kiwisaver_employee = $16, kiwisaver_employer = $17, esct = $18, acc_levy = $19, cpf_employee = $20, cpf_employer = $21,
    cpf_ow_subject = $22, cpf_aw_subject = $23, sdl = $24, net = $25, expenses = $26, liabilities = $27, calc_error = $28,
    standard_earnings = $29, class1a_nic = $30, niable_pay = $31, version = version + 1
WHERE pay_run_id = $1 AND employee_id = $2;

-- name: SetPayRunEmployeeNotation :execrows
UPDATE pay_run_employees SET notation = $3, version = version + 1 WHERE pay_run_id = $1 AND employee_id = $2;

-- name: DeletePayRunEmployee :execrows
DELETE FROM pay_run_employees WHERE pay_run_id = $1 AND employee_id = $2;

-- name: GetPayRunEmployee :one
SELECT * FROM pay_run_employees WHERE pay_run_id = $1 AND employee_id = $2;

-- name: ListPayRunEmployees :many
SELECT * FROM pay_run_employees WHERE pay_run_id = $1 ORDER BY employee_id;

-- name: PayRunTotals :one
SELECT COUNT(*) AS employees, CAST(COALESCE(SUM(total_hours_e4), 0) AS BIGINT) AS hours_e4, CAST(COALESCE(SUM(gross), 0) AS BIGINT) AS gross, CAST(COALESCE(SUM(net), 0) AS BIGINT) AS net
FROM pay_run_employees WHERE pay_run_id = $1;

-- name: CountIncompletePayRunEmployees :one
SELECT COUNT(*) FROM pay_run_employees WHERE pay_run_id = $1 AND calc_error <> '';

-- name: CreatePayRunLine :one
INSERT INTO pay_run_lines (business_id, pay_run_id, employee_id, kind, category_id, category_name, units, rate, amount,
    tax_exempt, notes, external_id, location_id, user_entered)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
RETURNING id;

-- name: ListPayRunLines :many
SELECT * FROM pay_run_lines WHERE pay_run_id = $1 ORDER BY employee_id, kind, id;

-- name: ListPayRunLinesOfKind :many
SELECT * FROM pay_run_lines WHERE pay_run_id = $1 AND kind = $2 ORDER BY employee_id, id;

-- name: ListPayRunLinesOfEmployee :many
SELECT * FROM pay_run_lines WHERE pay_run_id = $1 AND employee_id = $2 ORDER BY kind, id;

-- name: DeletePayRunLinesOfKind :execrows
DELETE FROM pay_run_lines WHERE pay_run_id = $1 AND employee_id = $2 AND kind = $3;

-- name: DeleteCalculatedPayRunLines :execrows
DELETE FROM pay_run_lines WHERE pay_run_id = $1 AND employee_id = $2 AND user_entered = FALSE;

-- name: DeletePayRunLinesOfEmployee :execrows
DELETE FROM pay_run_lines WHERE pay_run_id = $1 AND employee_id = $2;

-- name: DeletePayRunLine :execrows
DELETE FROM pay_run_lines WHERE pay_run_id = $1 AND id = $2 AND kind = $3;

-- name: GetPayRunLine :one
SELECT * FROM pay_run_lines WHERE pay_run_id = $1 AND id = $2;

-- name: PayRunYearToDate :many
-- Year-to-date of every employee of a business: the sums over its
-- finalised runs paid in [from, to], other than the run being calculated.
-- quarter_super_base counts only runs paid on or after quarter_from.
SELECT e.employee_id,
    CAST(SUM(e.gross) AS BIGINT) AS gross, CAST(SUM(e.taxable) AS BIGINT) AS taxable, CAST(SUM(e.tax) AS BIGINT) AS tax,
    CAST(SUM(e.net) AS BIGINT) AS net, CAST(SUM(e.pre_tax) AS BIGINT) AS pre_tax, CAST(SUM(e.post_tax) AS BIGINT) AS post_tax,
    CAST(SUM(e.stsl) AS BIGINT) AS stsl, CAST(SUM(e.super_contribution) AS BIGINT) AS super_contribution,
    CAST(SUM(e.super_base) AS BIGINT) AS super_base,
    CAST(SUM(CASE WHEN r.date_paid >= sqlc.arg(quarter_from) THEN e.super_base ELSE 0 END) AS BIGINT) AS quarter_super_base,
    CAST(SUM(e.ni_employee) AS BIGINT) AS ni_employee, CAST(SUM(e.ni_employer) AS BIGINT) AS ni_employer,
    CAST(SUM(e.student_loan) AS BIGINT) AS student_loan, CAST(SUM(e.kiwisaver_employee) AS BIGINT) AS kiwisaver_employee,
    CAST(SUM(e.acc_levy) AS BIGINT) AS acc_levy, CAST(SUM(e.cpf_employee) AS BIGINT) AS cpf_employee,
    CAST(SUM(e.cpf_ow_subject) AS BIGINT) AS cpf_ow_subject, CAST(SUM(e.cpf_aw_subject) AS BIGINT) AS cpf_aw_subject
FROM pay_run_employees e JOIN pay_runs r ON r.id = e.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(year_to)
GROUP BY e.employee_id
ORDER BY e.employee_id;

-- name: GetEmployeeForPay :one
-- One employee with the members the calculation reads (same columns as
-- ListPayScheduleEmployees).
SELECT id, external_id, first_name, surname, status, date_of_birth, start_date, end_date, employment_type,
    rate, rate_unit, hours_per_week, hours_per_day, primary_pay_category_id,
    tax_file_number, australian_resident, claim_tax_free_threshold, stsl_debt, has_approved_working_holiday_visa,
    medicare_levy_exemption, claim_medicare_levy_reduction, medicare_levy_reduction_spouse, medicare_levy_reduction_dependent_count,
    tax_code, tax_calculation_method, national_insurance_category, national_insurance_calculation_method,
    student_loan_type, has_student_loan, has_post_grad_loan, is_company_director,
    tax_code_declaration_tax_code, tax_code_declaration_student_loan, tax_code_declaration_esct_rate,
    kiwi_saver_employee_contribution, kiwi_saver_employer_contribution, kiwi_saver_enrollment_status,
    legal_status, obtained_residency_date, cpf_exempt, sdl_exempt, ethnicity, religion, self_help_group_fund,
    appointment_start_date, appointment_end_date, apply_full_cpf_rate, previous_employer_taxable_pay, previous_employer_tax_withheld, previous_employer_leaving_date, previous_employer_w1_m1, previous_employer_continue_student_loan_deductions,
    has_withholding_variation, tax_variation, automatically_apply_public_holiday_not_worked_earnings_lines, residential_state, residential_city, primary_location_id,
    seniors_tax_offset, other_tax_offset, medicare_levy_surcharge_withholding_tier
FROM employees WHERE business_id = $1 AND id = $2;

-- name: ListEmployeesForPayOfBusiness :many
-- Every employee of a business with the calculation's members (a whole
-- run's recalculation: one query, filtered to the run's employees in Go).
SELECT id, external_id, first_name, surname, status, date_of_birth, start_date, end_date, employment_type,
    rate, rate_unit, hours_per_week, hours_per_day, primary_pay_category_id,
    tax_file_number, australian_resident, claim_tax_free_threshold, stsl_debt, has_approved_working_holiday_visa,
    medicare_levy_exemption, claim_medicare_levy_reduction, medicare_levy_reduction_spouse, medicare_levy_reduction_dependent_count,
    tax_code, tax_calculation_method, national_insurance_category, national_insurance_calculation_method,
    student_loan_type, has_student_loan, has_post_grad_loan, is_company_director,
    tax_code_declaration_tax_code, tax_code_declaration_student_loan, tax_code_declaration_esct_rate,
    kiwi_saver_employee_contribution, kiwi_saver_employer_contribution, kiwi_saver_enrollment_status,
    legal_status, obtained_residency_date, cpf_exempt, sdl_exempt, ethnicity, religion, self_help_group_fund,
    appointment_start_date, appointment_end_date, apply_full_cpf_rate, previous_employer_taxable_pay, previous_employer_tax_withheld, previous_employer_leaving_date, previous_employer_w1_m1, previous_employer_continue_student_loan_deductions,
    has_withholding_variation, tax_variation, automatically_apply_public_holiday_not_worked_earnings_lines, residential_state, residential_city, primary_location_id,
    seniors_tax_offset, other_tax_offset, medicare_levy_surcharge_withholding_tier
FROM employees WHERE business_id = $1 ORDER BY id;

-- name: SetDraftPayRunDatePaid :execrows
UPDATE pay_runs SET date_paid = $3, version = version + 1 WHERE id = $1 AND business_id = $2 AND status = 'Draft';

-- name: DeleteCalculatedPayRunLinesOfRun :execrows
DELETE FROM pay_run_lines WHERE pay_run_id = $1 AND user_entered = FALSE;
