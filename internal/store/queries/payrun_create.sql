-- A pay run's creation reads its schedule's employees a page at a time
-- (internal/payrun/service.go Create), so the process holds a page of
-- employees and their inputs, not the schedule's.

-- name: ListPayScheduleEmployeesAfter :many
-- The employees a pay run of a schedule pays with ids after after, in id
-- order, at most page of them (same columns as ListPayScheduleEmployees;
-- served by employees_business_schedule_id). A terminated employee whose
-- end date is on or after final_pay_from (the period's first day) is paid
-- their final pay in it without includeTerminatedEmployees.
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
WHERE business_id = sqlc.arg(business_id) AND pay_schedule_id = sqlc.arg(pay_schedule_id)
    AND (status = 'Active' OR (status = 'Terminated'
        AND (CAST(sqlc.arg(include_terminated) AS BOOLEAN) OR end_date >= sqlc.arg(final_pay_from))))
    AND id > sqlc.arg(after)
ORDER BY id
LIMIT sqlc.arg(page);
