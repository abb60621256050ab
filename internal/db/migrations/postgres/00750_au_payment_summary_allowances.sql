-- +goose Up
-- What an AU payment summary reports apart from gross payments, beyond
-- 00621's: Lump Sums B and E (cents), and the allowances and union or
-- professional association fees by the name of their category.
ALTER TABLE payment_summaries ADD COLUMN lump_sum_b BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_summaries ADD COLUMN lump_sum_e BIGINT NOT NULL DEFAULT 0;
CREATE TABLE payment_summary_amounts (
    payment_summary_id BIGINT NOT NULL REFERENCES payment_summaries(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (payment_summary_id, kind, name)
);

-- +goose Down
DROP TABLE payment_summary_amounts;
ALTER TABLE payment_summaries DROP COLUMN lump_sum_e;
ALTER TABLE payment_summaries DROP COLUMN lump_sum_b;
