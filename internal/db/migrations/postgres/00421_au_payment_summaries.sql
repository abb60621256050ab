-- +goose Up
-- AU payment summaries (B/paymentsummary/{financialYearEnding}): one per
-- employee and financial year (the year it ends in), the year totals of
-- the finalised pay runs (money in cents) frozen when generated.
-- status: Generated -> Published (POST) -> Unpublished (DELETE) ->
-- Generated again (PUT, is_amended); PUT regenerates only what is not
-- Published. Transitions are conditional on version (one racer wins).
CREATE TABLE payment_summaries (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id),
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    financial_year BIGINT NOT NULL,
    status TEXT NOT NULL,
    is_amended BOOLEAN NOT NULL,
    gross BIGINT NOT NULL,
    tax BIGINT NOT NULL,
    super BIGINT NOT NULL,
    pay_runs BIGINT NOT NULL,
    date_generated TIMESTAMPTZ NOT NULL,
    version BIGINT NOT NULL
);
CREATE UNIQUE INDEX payment_summaries_employee_year ON payment_summaries(business_id, employee_id, financial_year);
CREATE INDEX payment_summaries_year ON payment_summaries(business_id, financial_year, employee_id);

-- +goose Down
DROP TABLE payment_summaries;
