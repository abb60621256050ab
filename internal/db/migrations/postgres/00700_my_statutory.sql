-- +goose Up
-- A Malaysian employee's statutory details (internal/my/statutorydetails,
-- E/statutorydetails): identity and registration numbers for the returns
-- (CP39, EA, EPF, SOCSO), what the PCB/MTD calculation reads (residence,
-- marital status, spouse, disability, children by kind, claimed in full or
-- shared), the contribution overrides (EPF part, SOCSO category, EIS
-- exemption, LINDUNG 24 Jam participation), standing monthly amounts
-- (zakat deducted from pay, Form TP1 deductions, benefits in kind) and a
-- previous employer's Form TP3 amounts for one year. Amounts in minor
-- units; updates conditional on version.
CREATE TABLE my_employee_statutory (
    employee_id BIGINT PRIMARY KEY REFERENCES employees(id) ON DELETE CASCADE,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    citizenship TEXT NOT NULL,
    identity_type TEXT NOT NULL,
    identity_number TEXT NOT NULL,
    passport_country TEXT NOT NULL,
    tax_number TEXT NOT NULL,
    tax_wife_code INTEGER NOT NULL,
    epf_number TEXT NOT NULL,
    socso_number TEXT NOT NULL,
    tax_resident BOOLEAN NOT NULL,
    marital_status TEXT NOT NULL,
    spouse_working BOOLEAN NOT NULL,
    disabled BOOLEAN NOT NULL,
    spouse_disabled BOOLEAN NOT NULL,
    children_under_18 INTEGER NOT NULL,
    children_studying INTEGER NOT NULL,
    children_higher_education INTEGER NOT NULL,
    children_disabled INTEGER NOT NULL,
    children_disabled_higher_education INTEGER NOT NULL,
    shared_children_under_18 INTEGER NOT NULL,
    shared_children_studying INTEGER NOT NULL,
    shared_children_higher_education INTEGER NOT NULL,
    shared_children_disabled INTEGER NOT NULL,
    shared_children_disabled_higher_education INTEGER NOT NULL,
    epf_part TEXT NOT NULL,
    socso_category TEXT NOT NULL,
    eis_exempt BOOLEAN NOT NULL,
    lindung24 TEXT NOT NULL,
    monthly_zakat BIGINT NOT NULL,
    monthly_tax_relief BIGINT NOT NULL,
    monthly_benefits_in_kind BIGINT NOT NULL,
    previous_employer_year INTEGER NOT NULL,
    previous_remuneration BIGINT NOT NULL,
    previous_epf BIGINT NOT NULL,
    previous_pcb BIGINT NOT NULL,
    previous_zakat BIGINT NOT NULL,
    previous_tax_relief BIGINT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX my_employee_statutory_business ON my_employee_statutory(business_id, employee_id);

-- The Malaysian figures of a pay run's employee (minor units), as the
-- calculation made them: the PCB remuneration (Y1 + Yt with benefits in
-- kind) and its additional part, the zakat and Form TP1 deductions
-- relieved, EPF wages and shares with the Third Schedule part, SOCSO/EIS
-- wages and shares with the SOCSO category, LINDUNG 24 Jam and the HRD
-- levy. PCB itself is the row's tax. Gone with the employee's row.
CREATE TABLE my_pay_run_employees (
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    pay_run_id BIGINT NOT NULL,
    employee_id BIGINT NOT NULL,
    pcb_remuneration BIGINT NOT NULL,
    pcb_additional BIGINT NOT NULL,
    benefits_in_kind BIGINT NOT NULL,
    zakat BIGINT NOT NULL,
    tax_relief BIGINT NOT NULL,
    epf_part TEXT NOT NULL,
    epf_wages BIGINT NOT NULL,
    epf_employee BIGINT NOT NULL,
    epf_employer BIGINT NOT NULL,
    socso_category TEXT NOT NULL,
    socso_wages BIGINT NOT NULL,
    socso_employee BIGINT NOT NULL,
    socso_employer BIGINT NOT NULL,
    eis_employee BIGINT NOT NULL,
    eis_employer BIGINT NOT NULL,
    lindung24 BIGINT NOT NULL,
    hrd_levy BIGINT NOT NULL,
    PRIMARY KEY (pay_run_id, employee_id),
    FOREIGN KEY (pay_run_id, employee_id) REFERENCES pay_run_employees(pay_run_id, employee_id) ON DELETE CASCADE
);
CREATE INDEX my_pay_run_employees_employee ON my_pay_run_employees(business_id, employee_id);

-- +goose Down
DROP TABLE my_pay_run_employees;
DROP TABLE my_employee_statutory;
