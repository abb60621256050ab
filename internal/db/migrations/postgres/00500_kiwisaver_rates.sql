-- +goose Up
-- KiwiSaver contribution rates are percentages with decimals (3.5% from
-- 1 April 2026), stored as decimal text like the employee's other rates
-- (the "r" member kind); whole percentages carry over unchanged.
ALTER TABLE employees ALTER COLUMN kiwi_saver_employee_contribution TYPE TEXT USING CAST(kiwi_saver_employee_contribution AS TEXT);
ALTER TABLE employees ALTER COLUMN kiwi_saver_employer_contribution TYPE TEXT USING CAST(kiwi_saver_employer_contribution AS TEXT);

-- +goose Down
-- Back to whole percentages: a fraction rounds to the nearest percent.
ALTER TABLE employees ALTER COLUMN kiwi_saver_employee_contribution TYPE BIGINT USING CAST(ROUND(CAST(kiwi_saver_employee_contribution AS NUMERIC)) AS BIGINT);
ALTER TABLE employees ALTER COLUMN kiwi_saver_employer_contribution TYPE BIGINT USING CAST(ROUND(CAST(kiwi_saver_employer_contribution AS NUMERIC)) AS BIGINT);
