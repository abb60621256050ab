-- +goose Up
-- Each pay run keeps the totals its lists show (employees, hours, gross,
-- net), updated in the transaction of every write to its employees' figures
-- (create, recalculate, line edits, employees added or removed), so a page
-- of runs reads a page of rows instead of summing every payslip of every
-- run on the page.
ALTER TABLE pay_runs ADD COLUMN total_employees BIGINT NOT NULL DEFAULT 0;
ALTER TABLE pay_runs ADD COLUMN total_hours_e4 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE pay_runs ADD COLUMN total_gross BIGINT NOT NULL DEFAULT 0;
ALTER TABLE pay_runs ADD COLUMN total_net BIGINT NOT NULL DEFAULT 0;
UPDATE pay_runs SET
    total_employees = (SELECT COUNT(*) FROM pay_run_employees e WHERE e.pay_run_id = pay_runs.id),
    total_hours_e4 = (SELECT COALESCE(SUM(e.total_hours_e4), 0) FROM pay_run_employees e WHERE e.pay_run_id = pay_runs.id),
    total_gross = (SELECT COALESCE(SUM(e.gross), 0) FROM pay_run_employees e WHERE e.pay_run_id = pay_runs.id),
    total_net = (SELECT COALESCE(SUM(e.net), 0) FROM pay_run_employees e WHERE e.pay_run_id = pay_runs.id);

-- +goose Down
ALTER TABLE pay_runs DROP COLUMN total_net;
ALTER TABLE pay_runs DROP COLUMN total_gross;
ALTER TABLE pay_runs DROP COLUMN total_hours_e4;
ALTER TABLE pay_runs DROP COLUMN total_employees;
