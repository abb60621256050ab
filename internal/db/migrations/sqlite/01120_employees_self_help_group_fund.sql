-- +goose Up
-- SG self-help group funds (CDAC, ECF, MBMF, SINDA): the fund or funds an
-- employee contributes to, or None for one who opted out of them all;
-- empty = by the employee's ethnicity and religion
-- (internal/calc/sg/shg.go, docs/reference/sg-self-help-group-funds.md).
ALTER TABLE employees ADD COLUMN self_help_group_fund TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE employees DROP COLUMN self_help_group_fund;
