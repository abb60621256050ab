-- +goose Up
-- The NI category letter a UK pay run calculated each employee's NI with:
-- P60, P45 and FPS figures are broken down by the letter of
-- each period, not the employee's letter today. NULL: not a UK run, or
-- calculated before the letter was kept (the forms then use the
-- employee's current letter).
ALTER TABLE pay_run_employees ADD COLUMN ni_category TEXT;

-- +goose Down
ALTER TABLE pay_run_employees DROP COLUMN ni_category;
