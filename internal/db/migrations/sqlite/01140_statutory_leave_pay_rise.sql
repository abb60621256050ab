-- +goose Up
-- SMP after a pay rise (SMP (General) Regulations 1986 reg 21(7); HMRC
-- SPM172200; docs/reference/uk-smp-pay-rise.md): a rise of
-- pay_rise_bp hundredths of a percent effective from pay_rise_from, which
-- falls between the start of the relevant period and the end of the
-- maternity leave, is applied to the relevant period's earnings paid for
-- periods before it; null = no rise.
ALTER TABLE statutory_leave_periods ADD COLUMN pay_rise_bp BIGINT;
ALTER TABLE statutory_leave_periods ADD COLUMN pay_rise_from TIMESTAMP;

-- +goose Down
ALTER TABLE statutory_leave_periods DROP COLUMN pay_rise_from;
ALTER TABLE statutory_leave_periods DROP COLUMN pay_rise_bp;
