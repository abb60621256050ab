-- +goose Up
-- UK employer returns (internal/uk/employerreturns): the P32 Employer
-- Payment Record is computed from finalised pay runs; what is stored is
-- what the employer tells us on top of them, and the EPS submissions made.
-- uk_p32_entries: per tax year (starting year, 2026 = 2026/27) and tax
-- month (1 = 6 April to 5 May), kind 'opening' = figures of the year paid
-- outside payrolld (openingbalancesadjustments), kind 'adjustment' =
-- manual adjustments and the payment made to HMRC (PUT report/p32).
-- Amounts are pence.
CREATE TABLE uk_p32_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    tax_year BIGINT NOT NULL,
    tax_month BIGINT NOT NULL,
    kind TEXT NOT NULL,
    paye_tax BIGINT NOT NULL,
    student_loan BIGINT NOT NULL,
    postgrad_loan BIGINT NOT NULL,
    ni_employee BIGINT NOT NULL,
    ni_employer BIGINT NOT NULL,
    smp BIGINT NOT NULL,
    spp BIGINT NOT NULL,
    sap BIGINT NOT NULL,
    shpp BIGINT NOT NULL,
    spbp BIGINT NOT NULL,
    sncp BIGINT NOT NULL,
    pay_bill BIGINT NOT NULL,
    cis_suffered BIGINT NOT NULL,
    payment_made BIGINT NOT NULL,
    payment_date TIMESTAMP,
    note TEXT NOT NULL,
    updated_by TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX uk_p32_entries_month ON uk_p32_entries(business_id, tax_year, kind, tax_month);

-- uk_eps_submissions: each Employer Payment Summary generated; document is
-- the EPS as JSON, xml the message (nothing is sent to HMRC).
CREATE TABLE uk_eps_submissions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    tax_year BIGINT NOT NULL,
    tax_month BIGINT NOT NULL,
    final_submission BOOLEAN NOT NULL,
    no_payment BOOLEAN NOT NULL,
    document TEXT NOT NULL,
    xml TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX uk_eps_submissions_year ON uk_eps_submissions(business_id, tax_year, id);

-- +goose Down
DROP TABLE uk_eps_submissions;
DROP TABLE uk_p32_entries;
