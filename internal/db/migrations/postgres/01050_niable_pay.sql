-- +goose Up
-- UK: the gross each pay run employee's Class 1 NI was worked on (the
-- engine's NI-able pay of the period, after salary sacrifice, before the
-- NI thresholds; a termination award is not earnings, ITEPA 2003 s 403),
-- in minor units, written when the run calculates. The P60, the FPS and
-- the P32's apprenticeship levy pay bill read it. NULL: calculated before
-- this column existed (or outside the UK, where no NI is worked out).
ALTER TABLE pay_run_employees ADD COLUMN niable_pay BIGINT;

-- +goose Down
ALTER TABLE pay_run_employees DROP COLUMN niable_pay;
