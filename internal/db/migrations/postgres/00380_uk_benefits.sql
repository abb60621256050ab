-- +goose Up
-- UK benefits in kind and employee notices (internal/uk/p11d,
-- internal/uk/occupationalabsence, internal/uk/forms).
-- uk_employee_benefits: a benefit category (B/benefitcategory, which holds
-- the car's make, CO2 and fuel) provided to one employee from start_date
-- to end_date (E/benefit). Money in pence. The car members (list price,
-- optional accessories, capital contribution) are what a car's cash
-- equivalent needs beyond the category; cost is what the employer paid
-- for any other benefit.
CREATE TABLE uk_employee_benefits (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    benefit_category_id BIGINT NOT NULL,
    start_date TIMESTAMP NOT NULL,
    end_date TIMESTAMP,
    cost BIGINT NOT NULL,
    amount_made_good BIGINT NOT NULL,
    car_list_price BIGINT NOT NULL,
    car_accessories BIGINT NOT NULL,
    car_capital_contribution BIGINT NOT NULL,
    notes TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX uk_employee_benefits_employee ON uk_employee_benefits(business_id, employee_id, start_date);

-- uk_p11d_returns: the P11D return of a tax year (starting year) as built
-- by POST report/p11d (document: JSON), one per business and year,
-- replaced by a rebuild; published_at set by report/p11d/publish.
CREATE TABLE uk_p11d_returns (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    tax_year BIGINT NOT NULL,
    document TEXT NOT NULL,
    class1a_nic BIGINT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    published_by TEXT NOT NULL,
    published_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX uk_p11d_returns_year ON uk_p11d_returns(business_id, tax_year);

-- uk_p46car_ignored: P46(Car) rows (a car benefit made available or
-- withdrawn) the employer marked as not to be reported.
CREATE TABLE uk_p46car_ignored (
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    benefit_id BIGINT NOT NULL REFERENCES uk_employee_benefits(id) ON DELETE CASCADE,
    event TEXT NOT NULL,
    ignored_by TEXT NOT NULL,
    ignored_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (benefit_id, event)
);

-- uk_autoenrolment_notices: the statutory auto-enrolment notice given to
-- an employee (document: JSON of the assessment it was made from).
CREATE TABLE uk_autoenrolment_notices (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    notice_type TEXT NOT NULL,
    document TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    emailed_to TEXT NOT NULL,
    emailed_at TIMESTAMPTZ
);
CREATE INDEX uk_autoenrolment_notices_employee ON uk_autoenrolment_notices(business_id, employee_id, id);

-- uk_occupational_absences: periods of the employer's own (occupational)
-- sick, maternity ... pay scheme for an employee; pay_percentage in
-- hundredths of a percent (10000 = full pay). Periods of one employee do
-- not overlap (checked under the employee's record lock).
CREATE TABLE uk_occupational_absences (
    id BIGSERIAL PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    absence_type TEXT NOT NULL,
    from_date TIMESTAMP NOT NULL,
    to_date TIMESTAMP NOT NULL,
    pay_percentage BIGINT NOT NULL,
    notes TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX uk_occupational_absences_employee ON uk_occupational_absences(business_id, employee_id, from_date);

-- +goose Down
DROP TABLE uk_occupational_absences;
DROP TABLE uk_autoenrolment_notices;
DROP TABLE uk_p46car_ignored;
DROP TABLE uk_p11d_returns;
DROP TABLE uk_employee_benefits;
