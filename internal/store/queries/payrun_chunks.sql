-- Reads of a pay run's recalculation by chunk of employees:
-- a whole run is recalculated a range of employee ids at a time, so the
-- process holds one chunk's rows, not the run's (service.go recalcAll).

-- name: ListPayRunEmployeesInRange :many
SELECT * FROM pay_run_employees WHERE pay_run_id = sqlc.arg(pay_run_id) AND employee_id >= sqlc.arg(lo) AND employee_id <= sqlc.arg(hi) ORDER BY employee_id;

-- name: ListPayRunLinesInRange :many
SELECT * FROM pay_run_lines WHERE pay_run_id = sqlc.arg(pay_run_id) AND employee_id >= sqlc.arg(lo) AND employee_id <= sqlc.arg(hi) ORDER BY employee_id, kind, id;

-- name: ListEmployeesForPayInRange :many
-- The employees of a business with ids in [lo, hi] with the calculation's
-- members (same columns as GetEmployeeForPay).
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
FROM employees WHERE business_id = sqlc.arg(business_id) AND id >= sqlc.arg(lo) AND id <= sqlc.arg(hi) ORDER BY id;

-- name: ListPayRunEmployeesAfter :many
-- A run's employee rows after an employee id, in id order, with each
-- employee's date of birth (P/details reads a run this way, a page at a
-- time: an ordered index scan stopped by the LIMIT, one primary-key read
-- per row).
SELECT sqlc.embed(pe), e.date_of_birth FROM pay_run_employees pe JOIN employees e ON e.id = pe.employee_id
WHERE pe.pay_run_id = sqlc.arg(pay_run_id) AND pe.employee_id > sqlc.arg(after)
ORDER BY pe.employee_id LIMIT sqlc.arg(lim);
