-- +goose Up
-- What an AU payment summary reports apart from gross payments (cents):
-- Lump Sum A (unused leave at 32%), Lump Sum D (the tax-free part of a
-- genuine redundancy), reportable employer super contributions (salary
-- sacrificed super), and the year's ETPs (taxable and tax-free components,
-- the code of the last one).
ALTER TABLE payment_summaries ADD COLUMN lump_sum_a BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_summaries ADD COLUMN lump_sum_d BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_summaries ADD COLUMN resc BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_summaries ADD COLUMN etp_taxable BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_summaries ADD COLUMN etp_tax_free BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_summaries ADD COLUMN etp_code TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE payment_summaries DROP COLUMN etp_code;
ALTER TABLE payment_summaries DROP COLUMN etp_tax_free;
ALTER TABLE payment_summaries DROP COLUMN etp_taxable;
ALTER TABLE payment_summaries DROP COLUMN resc;
ALTER TABLE payment_summaries DROP COLUMN lump_sum_d;
ALTER TABLE payment_summaries DROP COLUMN lump_sum_a;
