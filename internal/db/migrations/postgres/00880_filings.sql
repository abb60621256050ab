-- +goose Up
-- Filings: what was reported to a tax authority for a pay run (AU STP pay
-- and update events; internal/filing). One row per finalisation of a run that
-- is lodged: kind, state (Pending -> Submitted -> Accepted | Rejected), the
-- document as built in the finalise transaction (kept: it is what was sent),
-- and the error the transmitter or the authority gave. pay_run_id has no
-- foreign key: a filing outlives the draft an unlock may leave behind.
CREATE TABLE filings (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    pay_run_id BIGINT NOT NULL,
    finalisation BIGINT NOT NULL,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    submission_id TEXT NOT NULL,
    document TEXT NOT NULL,
    error TEXT NOT NULL DEFAULT '',
    version BIGINT NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX filings_run_finalisation ON filings(pay_run_id, finalisation, kind);
CREATE INDEX filings_business ON filings(business_id, id);
CREATE INDEX filings_business_run ON filings(business_id, pay_run_id, id);

-- +goose Down
DROP TABLE filings;
