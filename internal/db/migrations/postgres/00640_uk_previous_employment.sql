-- +goose Up
-- A UK new starter's previous employment in the tax year, from their P45
-- (the reference's UkUnstructuredEmployeeModel members previousEmployer*):
-- the taxable pay and tax to date there feed cumulative PAYE of the first
-- period here (amounts in integer minor units).
ALTER TABLE employees ADD COLUMN previous_employer_office_number TEXT NOT NULL DEFAULT '';
ALTER TABLE employees ADD COLUMN previous_employer_reference_number TEXT NOT NULL DEFAULT '';
ALTER TABLE employees ADD COLUMN previous_employer_taxable_pay BIGINT;
ALTER TABLE employees ADD COLUMN previous_employer_tax_withheld BIGINT;
ALTER TABLE employees ADD COLUMN previous_employer_leaving_date TIMESTAMP;
ALTER TABLE employees ADD COLUMN previous_employer_continue_student_loan_deductions BOOLEAN;
ALTER TABLE employees ADD COLUMN previous_employer_w1_m1 BOOLEAN;
ALTER TABLE employees ADD COLUMN previous_employer_tax_period_frequency TEXT NOT NULL DEFAULT '';
ALTER TABLE employees ADD COLUMN previous_employer_tax_period_number BIGINT;
ALTER TABLE employees ADD COLUMN previous_employer_tax_code TEXT NOT NULL DEFAULT '';
-- Directors appointed during a tax year, looked up by every UK pay run.
CREATE INDEX employees_business_director_appointment ON employees(business_id, appointment_start_date)
    WHERE is_company_director = 'true';

-- +goose Down
DROP INDEX employees_business_director_appointment;
ALTER TABLE employees DROP COLUMN previous_employer_tax_code;
ALTER TABLE employees DROP COLUMN previous_employer_tax_period_number;
ALTER TABLE employees DROP COLUMN previous_employer_tax_period_frequency;
ALTER TABLE employees DROP COLUMN previous_employer_w1_m1;
ALTER TABLE employees DROP COLUMN previous_employer_continue_student_loan_deductions;
ALTER TABLE employees DROP COLUMN previous_employer_leaving_date;
ALTER TABLE employees DROP COLUMN previous_employer_tax_withheld;
ALTER TABLE employees DROP COLUMN previous_employer_taxable_pay;
ALTER TABLE employees DROP COLUMN previous_employer_reference_number;
ALTER TABLE employees DROP COLUMN previous_employer_office_number;
