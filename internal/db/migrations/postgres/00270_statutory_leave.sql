-- +goose Up
-- UK statutory leave (internal/uk/statutoryleave): periods of
-- SMP, SPP, SAP, ShPP, SPBP, SNCP and SSP leave. The weekly amounts are
-- not stored: they are computed from these facts, the rules of the year
-- and the employee's finalised pay history (average weekly earnings),
-- so unlocking a pay run never leaves a stale figure behind.
-- kind: smp, spp, sap, shpp, spbp, sncp or ssp. qualifying_date: the
-- baby's due date (smp, spp, shpp, sncp), the expected placement date
-- (sap, spp for adoption), the child's death (spbp); null for ssp.
-- match_date: the adopter's matching date (sap, spp adoption).
-- awe_override: average weekly earnings given (pence), null = computed.
-- qualifying_days: SSP's qualifying days of the week as a 7-letter mask
-- Sunday..Saturday ('0111110' = Monday to Friday); '' for other kinds.
CREATE TABLE statutory_leave_periods (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    start_date TIMESTAMP NOT NULL,
    end_date TIMESTAMP NOT NULL,
    qualifying_date TIMESTAMP,
    match_date TIMESTAMP,
    weeks_to_pay BIGINT,
    awe_override BIGINT,
    is_adoption BOOLEAN NOT NULL,
    paused BOOLEAN NOT NULL,
    qualifying_days TEXT NOT NULL,
    notes TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX statutory_leave_periods_employee ON statutory_leave_periods(business_id, employee_id, kind, start_date);
CREATE INDEX statutory_leave_periods_dates ON statutory_leave_periods(business_id, end_date, start_date);

-- statutory_leave_documents: employee documents (documents rows with the
-- leave's employee) attached to a period of leave as evidence (MATB1,
-- matching certificate, fit note).
CREATE TABLE statutory_leave_documents (
    leave_id BIGINT NOT NULL REFERENCES statutory_leave_periods(id) ON DELETE CASCADE,
    document_id BIGINT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (leave_id, document_id)
);
CREATE INDEX statutory_leave_documents_document ON statutory_leave_documents(document_id);

-- +goose Down
DROP TABLE statutory_leave_documents;
DROP TABLE statutory_leave_periods;
