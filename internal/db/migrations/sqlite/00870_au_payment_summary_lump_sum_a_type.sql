-- +goose Up
-- The Lump Sum A type of an AU payment summary: R (genuine redundancy,
-- invalidity, early retirement scheme) or T (any other termination, e.g.
-- leave accrued before 18 August 1993); '' when the summary has no Lump
-- Sum A, or was generated before this column (read as R, the answer then).
ALTER TABLE payment_summaries ADD COLUMN lump_sum_a_type TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE payment_summaries DROP COLUMN lump_sum_a_type;
