-- +goose Up
-- Year to date kept as one row per business, employee and tax year
-- (internal/payrun/pay/ytd_running.go). pay_run_year_to_date kept a row per
-- calendar quarter, only so that the current quarter's super base could be
-- told apart; a create late in the year then read and grouped four rows per
-- employee (a week-52 create cost 1.4x a week-1 create at 10k employees).
-- Here the quarters' super bases are five columns of the year's row
-- (super_base_q0 is the calendar quarter holding the year's first day; a UK
-- year starting 6 April touches five), so every create reads one row per
-- employee whatever the week.
CREATE TABLE employee_year_to_date (
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    year_start BIGINT NOT NULL,
    employee_id BIGINT NOT NULL,
    runs BIGINT NOT NULL,
    gross BIGINT NOT NULL,
    taxable BIGINT NOT NULL,
    tax BIGINT NOT NULL,
    net BIGINT NOT NULL,
    pre_tax BIGINT NOT NULL,
    post_tax BIGINT NOT NULL,
    stsl BIGINT NOT NULL,
    super_contribution BIGINT NOT NULL,
    super_base BIGINT NOT NULL,
    super_base_q0 BIGINT NOT NULL,
    super_base_q1 BIGINT NOT NULL,
    super_base_q2 BIGINT NOT NULL,
    super_base_q3 BIGINT NOT NULL,
    super_base_q4 BIGINT NOT NULL,
    ni_employee BIGINT NOT NULL,
    ni_employer BIGINT NOT NULL,
    student_loan BIGINT NOT NULL,
    kiwisaver_employee BIGINT NOT NULL,
    acc_levy BIGINT NOT NULL,
    cpf_employee BIGINT NOT NULL,
    cpf_ow_subject BIGINT NOT NULL,
    cpf_aw_subject BIGINT NOT NULL,
    PRIMARY KEY (business_id, year_start, employee_id)
) WITHOUT ROWID;

-- The quarterly rows folded into their year; a quarter's slot counts the
-- calendar quarters from the one holding the year's first day (keys are
-- yyyymmdd).
INSERT INTO employee_year_to_date (business_id, year_start, employee_id, runs, gross, taxable, tax, net, pre_tax, post_tax, stsl,
    super_contribution, super_base, super_base_q0, super_base_q1, super_base_q2, super_base_q3, super_base_q4,
    ni_employee, ni_employer, student_loan, kiwisaver_employee, acc_levy, cpf_employee, cpf_ow_subject, cpf_aw_subject)
SELECT business_id, year_start, employee_id, SUM(runs), SUM(gross), SUM(taxable), SUM(tax), SUM(net), SUM(pre_tax), SUM(post_tax), SUM(stsl),
    SUM(super_contribution), SUM(super_base),
    SUM(CASE WHEN slot = 0 THEN super_base ELSE 0 END), SUM(CASE WHEN slot = 1 THEN super_base ELSE 0 END),
    SUM(CASE WHEN slot = 2 THEN super_base ELSE 0 END), SUM(CASE WHEN slot = 3 THEN super_base ELSE 0 END),
    SUM(CASE WHEN slot = 4 THEN super_base ELSE 0 END),
    SUM(ni_employee), SUM(ni_employer), SUM(student_loan), SUM(kiwisaver_employee), SUM(acc_levy), SUM(cpf_employee),
    SUM(cpf_ow_subject), SUM(cpf_aw_subject)
FROM (
    SELECT y.*, ((quarter_start / 10000) * 12 + (quarter_start / 100) % 100
        - ((year_start / 10000) * 12 + ((year_start / 100) % 100 - 1) / 3 * 3 + 1)) / 3 AS slot
    FROM pay_run_year_to_date y
) y
GROUP BY business_id, year_start, employee_id;

DROP TABLE pay_run_year_to_date;

-- +goose Down
-- The quarterly rows again, re-summed from the finalised runs as 00681 made them.
CREATE TABLE pay_run_year_to_date (
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    employee_id BIGINT NOT NULL,
    year_start BIGINT NOT NULL,
    quarter_start BIGINT NOT NULL,
    runs BIGINT NOT NULL,
    gross BIGINT NOT NULL,
    taxable BIGINT NOT NULL,
    tax BIGINT NOT NULL,
    net BIGINT NOT NULL,
    pre_tax BIGINT NOT NULL,
    post_tax BIGINT NOT NULL,
    stsl BIGINT NOT NULL,
    super_contribution BIGINT NOT NULL,
    super_base BIGINT NOT NULL,
    ni_employee BIGINT NOT NULL,
    ni_employer BIGINT NOT NULL,
    student_loan BIGINT NOT NULL,
    kiwisaver_employee BIGINT NOT NULL,
    acc_levy BIGINT NOT NULL,
    cpf_employee BIGINT NOT NULL,
    cpf_ow_subject BIGINT NOT NULL,
    cpf_aw_subject BIGINT NOT NULL,
    PRIMARY KEY (business_id, year_start, employee_id, quarter_start)
);

-- The finalised runs so far, bucketed as pay.TaxYear does: the tax year
-- starts on 1 July (AU), 6 April (UK), 1 April (NZ), 1 January (others).
INSERT INTO pay_run_year_to_date (business_id, employee_id, year_start, quarter_start, runs, gross, taxable, tax, net, pre_tax, post_tax, stsl, super_contribution,
    super_base, ni_employee, ni_employer, student_loan, kiwisaver_employee, acc_levy, cpf_employee, cpf_ow_subject, cpf_aw_subject)
SELECT business_id, employee_id, year_start, quarter_start, COUNT(*), SUM(e.gross), SUM(e.taxable), SUM(e.tax), SUM(e.net), SUM(e.pre_tax), SUM(e.post_tax), SUM(e.stsl),
    SUM(e.super_contribution), SUM(e.super_base), SUM(e.ni_employee), SUM(e.ni_employer), SUM(e.student_loan), SUM(e.kiwisaver_employee),
    SUM(e.acc_levy), SUM(e.cpf_employee), SUM(e.cpf_ow_subject), SUM(e.cpf_aw_subject)
FROM (
    SELECT e.*, (CASE WHEN md >= start_md THEN y ELSE y - 1 END) * 10000 + start_md AS year_start,
        y * 10000 + ((m - 1) / 3 * 3 + 1) * 100 + 1 AS quarter_start
    FROM (
        SELECT e.*, CAST(strftime('%Y', r.date_paid) AS INTEGER) AS y, CAST(strftime('%m', r.date_paid) AS INTEGER) AS m,
            CAST(strftime('%m%d', r.date_paid) AS INTEGER) AS md,
            CASE b.region WHEN 'AU' THEN 701 WHEN 'UK' THEN 406 WHEN 'NZ' THEN 401 ELSE 101 END AS start_md
        FROM pay_run_employees e JOIN pay_runs r ON r.id = e.pay_run_id JOIN businesses b ON b.id = r.business_id
        WHERE r.status = 'Finalised'
    ) e
) e
GROUP BY business_id, employee_id, year_start, quarter_start;

DROP TABLE employee_year_to_date;
