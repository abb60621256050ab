-- +goose Up
-- KiwiSaver contribution rates are percentages with decimals (3.5% from
-- 1 April 2026), stored as decimal text like the employee's other rates
-- (the "r" member kind); whole percentages carry over unchanged.
ALTER TABLE employees ADD COLUMN kiwi_saver_employee_contribution_rate TEXT;
ALTER TABLE employees ADD COLUMN kiwi_saver_employer_contribution_rate TEXT;
UPDATE employees SET kiwi_saver_employee_contribution_rate = CAST(kiwi_saver_employee_contribution AS TEXT)
    WHERE kiwi_saver_employee_contribution IS NOT NULL;
UPDATE employees SET kiwi_saver_employer_contribution_rate = CAST(kiwi_saver_employer_contribution AS TEXT)
    WHERE kiwi_saver_employer_contribution IS NOT NULL;
ALTER TABLE employees DROP COLUMN kiwi_saver_employee_contribution;
ALTER TABLE employees DROP COLUMN kiwi_saver_employer_contribution;
ALTER TABLE employees RENAME COLUMN kiwi_saver_employee_contribution_rate TO kiwi_saver_employee_contribution;
ALTER TABLE employees RENAME COLUMN kiwi_saver_employer_contribution_rate TO kiwi_saver_employer_contribution;

-- +goose Down
-- Back to whole percentages: a fraction rounds to the nearest percent.
ALTER TABLE employees ADD COLUMN kiwi_saver_employee_contribution_int BIGINT;
ALTER TABLE employees ADD COLUMN kiwi_saver_employer_contribution_int BIGINT;
UPDATE employees SET kiwi_saver_employee_contribution_int = CAST(ROUND(CAST(kiwi_saver_employee_contribution AS REAL)) AS INTEGER)
    WHERE kiwi_saver_employee_contribution IS NOT NULL;
UPDATE employees SET kiwi_saver_employer_contribution_int = CAST(ROUND(CAST(kiwi_saver_employer_contribution AS REAL)) AS INTEGER)
    WHERE kiwi_saver_employer_contribution IS NOT NULL;
ALTER TABLE employees DROP COLUMN kiwi_saver_employee_contribution;
ALTER TABLE employees DROP COLUMN kiwi_saver_employer_contribution;
ALTER TABLE employees RENAME COLUMN kiwi_saver_employee_contribution_int TO kiwi_saver_employee_contribution;
ALTER TABLE employees RENAME COLUMN kiwi_saver_employer_contribution_int TO kiwi_saver_employer_contribution;
