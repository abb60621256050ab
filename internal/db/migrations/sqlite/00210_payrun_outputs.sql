-- +goose Up
-- What a pay run produces: journal exports and
-- approval requests. A journal is exported once per finalisation of a run
-- (unique index: of two concurrent exports one wins, the other is a 409);
-- an approval process is started once per kind while the run is a draft.
CREATE TABLE pay_run_journal_exports (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    pay_run_id BIGINT NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
    finalisation BIGINT NOT NULL, -- the run's finalised_count when exported
    journal_service TEXT NOT NULL, -- the business's journal service setting then ('' = none)
    journal_source TEXT NOT NULL,  -- its ExternalService name
    line_count BIGINT NOT NULL,
    debits BIGINT NOT NULL,
    credits BIGINT NOT NULL,
    actor TEXT NOT NULL,
    exported_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX pay_run_journal_exports_run ON pay_run_journal_exports(pay_run_id, finalisation);
CREATE INDEX pay_run_journal_exports_business ON pay_run_journal_exports(business_id, pay_run_id);

CREATE TABLE pay_run_approvals (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    pay_run_id BIGINT NOT NULL REFERENCES pay_runs(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,   -- Approval, PaymentApproval
    status TEXT NOT NULL, -- Pending
    run_version BIGINT NOT NULL, -- the run's version when the request started
    actor TEXT NOT NULL,
    started_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX pay_run_approvals_run_kind ON pay_run_approvals(pay_run_id, kind);

-- +goose Down
DROP TABLE pay_run_approvals;
DROP TABLE pay_run_journal_exports;
