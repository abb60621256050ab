-- What a pay run produces (internal/payrun/outputs*.go): payments, bank
-- files, journals and their exports, warnings, approvals.

-- name: ListPayRunBankAccounts :many
-- The E/bankaccount accounts of every employee in a run (one statement).
SELECT a.* FROM employee_bank_accounts a
JOIN pay_run_employees r ON r.employee_id = a.employee_id AND r.pay_run_id = $1
WHERE a.business_id = $2
ORDER BY a.employee_id, a.id;

-- name: ListPayRunEmployeeDetails :many
-- The members of a run's employees that payslips, payments and warnings
-- print or check (one employee when employee_id is not 0), with the
-- classification of their employment agreement (payslips' showClassification).
SELECT e.id, e.external_id, e.first_name, e.surname, e.status, e.date_of_birth, e.start_date, e.end_date,
    e.tax_file_number, e.national_insurance_number, e.tax_code, e.tax_code_declaration_ird_number, e.tax_code_declaration_tax_code,
    e.national_registration_identity_number, e.national_registration_identity_expiry_date,
    e.residential_street_address, e.residential_address_line2, e.residential_suburb, e.residential_city, e.residential_state, e.residential_post_code,
    e.rate, e.rate_unit, e.hours_per_week, e.employment_type, e.date_tax_file_declaration_signed,
    e.bank_account1_account_number, e.bank_account1_account_name, e.bank_account1_allocated_percentage, e.bank_account1_fixed_amount,
    e.bank_account1_bsb, e.bank_account1_sort_code, e.bank_account1_roll_number, e.bank_account1_bank_swift, e.bank_account1_branch_code,
    e.bank_account2_account_number, e.bank_account2_account_name, e.bank_account2_allocated_percentage, e.bank_account2_fixed_amount,
    e.bank_account2_bsb, e.bank_account2_sort_code, e.bank_account2_roll_number, e.bank_account2_bank_swift, e.bank_account2_branch_code,
    e.bank_account3_account_number, e.bank_account3_account_name, e.bank_account3_allocated_percentage, e.bank_account3_fixed_amount,
    e.bank_account3_bsb, e.bank_account3_sort_code, e.bank_account3_roll_number, e.bank_account3_bank_swift, e.bank_account3_branch_code,
    e.email, e.pay_slip_notification_type, e.is_exempt_from_minimum_wage, CAST(COALESCE(ea.classification, '') AS TEXT) AS classification
FROM employees e
JOIN pay_run_employees r ON r.employee_id = e.id AND r.pay_run_id = sqlc.arg(pay_run_id)
LEFT JOIN employment_agreements ea ON ea.id = e.employment_agreement_id AND ea.business_id = e.business_id
WHERE e.business_id = sqlc.arg(business_id) AND (CAST(sqlc.arg(employee_id) AS BIGINT) = 0 OR e.id = CAST(sqlc.arg(employee_id) AS BIGINT))
ORDER BY e.id;

-- name: ListOverlappingDraftPayRuns :many
-- Other draft runs of the same schedule whose period overlaps [starting, ending].
SELECT id FROM pay_runs
WHERE business_id = $1 AND pay_schedule_id = $2 AND id <> $3 AND status = 'Draft'
    AND period_starting <= sqlc.arg(ending) AND period_ending >= sqlc.arg(starting)
ORDER BY id;

-- name: CreatePayRunJournalExport :one
INSERT INTO pay_run_journal_exports (business_id, pay_run_id, finalisation, journal_service, journal_source, line_count, debits, credits, actor, exported_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
RETURNING *;

-- name: GetPayRunJournalExport :one
SELECT * FROM pay_run_journal_exports WHERE pay_run_id = $1 AND finalisation = $2;

-- name: CreatePayRunApproval :one
INSERT INTO pay_run_approvals (business_id, pay_run_id, kind, status, run_version, actor, started_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING *;

-- name: ListPayRunApprovals :many
SELECT * FROM pay_run_approvals WHERE pay_run_id = $1 ORDER BY id;

-- name: ListPayRunDeductionDestinations :many
-- Where the standing deductions a run paid an employee went (Fair Work
-- Regulations r 3.46(1)(j): the fund or account a deduction was paid
-- into): each recurring deduction the run drew on (pay_run_sources), with
-- its category, destination and reference, and the employee's bank
-- account when it is paid to one.
SELECT i.id, i.category_id, i.paid_to, i.payment_reference,
    CAST(COALESCE(b.account_name, '') AS TEXT) AS account_name, CAST(COALESCE(b.bsb, '') AS TEXT) AS bsb,
    CAST(COALESCE(b.account_number, '') AS TEXT) AS account_number
FROM pay_run_sources s
JOIN employee_recurring_inclusions i ON i.id = s.source_id AND i.business_id = s.business_id AND i.employee_id = s.employee_id AND i.kind = 'deduction'
LEFT JOIN employee_bank_accounts b ON i.paid_to = 'BankAccount' AND b.id = i.paid_to_account_id AND b.employee_id = i.employee_id AND b.business_id = i.business_id
WHERE s.pay_run_id = sqlc.arg(pay_run_id) AND s.business_id = sqlc.arg(business_id) AND s.employee_id = sqlc.arg(employee_id) AND s.kind = 'inclusion'
ORDER BY i.id;
