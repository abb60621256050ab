-- +goose Up
-- UK employee records (internal/uk/hmrcadjustment, internal/uk/ni).
--
-- Standing HMRC adjustments: an amount every pay run paid on or after
-- from_date (and before expiry_date) carries as an HMRC adjustment line,
-- until maximum_amount_paid is reached. What has been paid is not stored
-- here: it is the sum of the adjustment's lines in finalised runs
-- (external id 'hmrcadj:<id>'), so unlocking a run needs no reversal.
CREATE TABLE uk_hmrc_adjustments (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    amount BIGINT NOT NULL,
    notes TEXT NOT NULL,
    from_date TIMESTAMP NOT NULL,
    expiry_date TIMESTAMP,
    maximum_amount_paid BIGINT,
    external_reference_id TEXT NOT NULL,
    source TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX uk_hmrc_adjustments_employee ON uk_hmrc_adjustments(business_id, employee_id, id);
CREATE UNIQUE INDEX uk_hmrc_adjustments_external ON uk_hmrc_adjustments(employee_id, external_reference_id) WHERE external_reference_id <> '';

-- National Insurance category history: the category letter in force from
-- effective_from (a day) until the next record's day. A pay run uses the
-- record in force on its payment date; an employee without records is
-- calculated on their own nationalInsuranceCategory.
CREATE TABLE uk_ni_records (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    category TEXT NOT NULL,
    effective_from TIMESTAMP NOT NULL,
    notes TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX uk_ni_records_day ON uk_ni_records(employee_id, effective_from);
CREATE INDEX uk_ni_records_business ON uk_ni_records(business_id, employee_id, effective_from);

-- NI back calculations: employee and employer NI recomputed for the
-- finalised periods of a tax year under a corrected category, the
-- differences (pence, signed) applied by the next pay run as adjustment
-- lines (external id 'nibc:<id>:ee' / ':er'). periods is the
-- per-period detail as JSON, only stored and returned. One back
-- calculation per employee is pending at a time (checked under the
-- employee's write lock): it is applied once a finalised run has its lines.
CREATE TABLE uk_ni_back_calculations (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    category TEXT NOT NULL,
    tax_year TEXT NOT NULL,
    from_date TIMESTAMP NOT NULL,
    to_date TIMESTAMP NOT NULL,
    employee_ni_recorded BIGINT NOT NULL,
    employer_ni_recorded BIGINT NOT NULL,
    employee_ni_recalculated BIGINT NOT NULL,
    employer_ni_recalculated BIGINT NOT NULL,
    periods TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX uk_ni_back_calculations_employee ON uk_ni_back_calculations(business_id, employee_id, id);

-- +goose Down
DROP TABLE uk_ni_back_calculations;
DROP TABLE uk_ni_records;
DROP TABLE uk_hmrc_adjustments;
