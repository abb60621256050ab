-- +goose Up
-- UK employer Class 1A NICs on a termination award's excess over £30,000
-- (ITEPA 2003 s 403; HMRC NIM13203: paid and reported in real time), per
-- pay run employee, in minor units (internal/payrun/pay, ukTerminationAwards).
ALTER TABLE pay_run_employees ADD COLUMN class1a_nic BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE pay_run_employees DROP COLUMN class1a_nic;
