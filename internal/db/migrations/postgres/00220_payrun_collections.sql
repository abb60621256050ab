-- +goose Up
-- Pay run collections and run-level actions: a line's subtype
-- (leave accrual type, super contribution type, voluntary CPF payer,
-- expense tax code) and the leave request a leave line applies (0: none),
-- an employee's termination in the run, and the run's UI unlock switch.
ALTER TABLE pay_run_lines ADD COLUMN subtype TEXT NOT NULL DEFAULT '';
ALTER TABLE pay_run_lines ADD COLUMN leave_request_id BIGINT NOT NULL DEFAULT 0;
CREATE INDEX pay_run_lines_leave_request ON pay_run_lines(pay_run_id, leave_request_id) WHERE leave_request_id <> 0;
ALTER TABLE pay_run_employees ADD COLUMN termination_date TIMESTAMP;
ALTER TABLE pay_run_employees ADD COLUMN termination_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE pay_runs ADD COLUMN ui_unlock_enabled BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE pay_runs DROP COLUMN ui_unlock_enabled;
ALTER TABLE pay_run_employees DROP COLUMN termination_reason;
ALTER TABLE pay_run_employees DROP COLUMN termination_date;
DROP INDEX pay_run_lines_leave_request;
ALTER TABLE pay_run_lines DROP COLUMN leave_request_id;
ALTER TABLE pay_run_lines DROP COLUMN subtype;
