-- +goose Up
-- How an AU earnings line is withheld on when it is not pay of its period
-- (AuEarningsLineModel): Schedule 5 method (A, B2 or NotApplicable; ''
-- = the pay category decides), the pay periods a back payment, bonus or
-- commission is spread over ('' = the pay periods in a year), and the
-- financial year a Lump Sum E back payment accrued in (0 = none).
ALTER TABLE pay_run_lines ADD COLUMN lump_sum_method TEXT NOT NULL DEFAULT '';
ALTER TABLE pay_run_lines ADD COLUMN lump_sum_periods TEXT NOT NULL DEFAULT '';
ALTER TABLE pay_run_lines ADD COLUMN lump_sum_e_year BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE pay_run_lines DROP COLUMN lump_sum_e_year;
ALTER TABLE pay_run_lines DROP COLUMN lump_sum_periods;
ALTER TABLE pay_run_lines DROP COLUMN lump_sum_method;
