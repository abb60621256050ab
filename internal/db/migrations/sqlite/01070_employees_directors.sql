-- +goose Up
-- Every UK pay run reads the business's company directors (their NI
-- earnings period and NI-able pay to date, internal/payrun/pay/uk_employee.go):
-- a partial index of the directors and former directors (the query's own
-- condition), so that is not a walk of every employee.
CREATE INDEX employees_business_directors ON employees(business_id, id)
    WHERE LOWER(is_company_director) = 'true' OR appointment_end_date IS NOT NULL;

-- +goose Down
DROP INDEX employees_business_directors;
