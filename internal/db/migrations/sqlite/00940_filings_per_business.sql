-- +goose Up
-- Filings of a business's year rather than of one pay run (the AU STP
-- finalisation declaration, internal/filing) are kept with pay_run_id 0 and
-- numbered per business and kind; the uniqueness of a filing is therefore
-- per business (a pay run belongs to one business, so for a run's filings
-- the rule is the same as before).
DROP INDEX filings_run_finalisation;
CREATE UNIQUE INDEX filings_run_finalisation ON filings(business_id, pay_run_id, finalisation, kind);

-- +goose Down
DROP INDEX filings_run_finalisation;
CREATE UNIQUE INDEX filings_run_finalisation ON filings(pay_run_id, finalisation, kind);
