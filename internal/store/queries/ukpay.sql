-- UK pay-run rules: what a UK pay run reads to reduce
-- salary for statutory leave and top it up from occupational schemes, and
-- the NI letter it calculated each employee with.

-- name: ListOccupationalAbsencesInPeriod :many
-- Every occupational absence period of the business overlapping a pay
-- period, for the employees in [employee_lo, employee_hi].
SELECT * FROM uk_occupational_absences
WHERE business_id = $1 AND to_date >= sqlc.arg(from_date) AND from_date <= sqlc.arg(to_date)
    AND employee_id >= sqlc.arg(employee_lo) AND employee_id <= sqlc.arg(employee_hi)
ORDER BY employee_id, from_date, id;

-- name: ListAdvancedWorkDaysOfBusiness :many
-- The advanced work week days of the business's employees who use one
-- (their standard work days).
SELECT d.employee_id, d.week, d.day_of_week, d.hours, d.start_time, d.end_time, d.work_day_type
FROM employee_standard_work_days d JOIN employee_standard_hours h ON h.employee_id = d.employee_id
WHERE d.business_id = $1 AND h.business_id = $1 AND h.use_advanced_work_week
ORDER BY d.employee_id, d.week, d.day_of_week;

-- name: SetPayRunEmployeeNICategory :exec
-- The NI letter a UK pay run calculated the employee with.
UPDATE pay_run_employees SET ni_category = $3 WHERE pay_run_id = $1 AND employee_id = $2;

-- name: UKDirectorsNIablePay :many
-- Each finalised payment of the tax year so far ([year_from, year_to], not
-- the run being calculated) to a company director of a business, with the
-- pay its NI was worked on (niable_pay: after salary sacrifice, without a
-- termination award; gross for a row calculated before that was kept), the
-- NI and the director's appointment: a director's NI earnings and NI to
-- date are the sums over their earnings period
-- (internal/payrun/pay/uk_employee.go). A directorship that ended keeps its
-- earnings period to the end of that tax year, whether or not the flag was
-- cleared (ukDirector).
SELECT e.employee_id, r.date_paid, m.appointment_start_date, CAST(COALESCE(e.niable_pay, e.gross) AS BIGINT) AS niable,
    e.ni_employee, e.ni_employer
-- CROSS JOIN makes SQLite (no statistics) start from the directors (the
-- partial index employees_business_directors) and find their payslips by
-- employee; it walked every payslip of the business instead (520,000 at
-- 10,000 employees by week 52). PostgreSQL plans it as an inner join.
FROM employees m
CROSS JOIN pay_run_employees e
CROSS JOIN pay_runs r
WHERE e.business_id = m.business_id AND e.employee_id = m.id AND r.id = e.pay_run_id
    AND m.business_id = sqlc.arg(business_id) AND (LOWER(m.is_company_director) = 'true' OR m.appointment_end_date IS NOT NULL)
    AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(year_from) AND r.date_paid <= sqlc.arg(year_to)
ORDER BY e.employee_id, r.date_paid;

-- name: UkPensionToDate :one
-- The employee's and employer's workplace pension contributions of the
-- finalised pay runs paid in [date_from, date_to), the employee's less the
-- contributions refunded to a jobholder who opted out of auto-enrolment
-- (never a member: Pensions Act 2008 s 8(2)(b); internal/uk/yeartodate).
SELECT CAST(COALESCE(SUM(p.employee_amount), 0) - (
        SELECT COALESCE(SUM(l.amount), 0) FROM pay_run_lines l JOIN pay_runs lr ON lr.id = l.pay_run_id
        WHERE l.business_id = sqlc.arg(business_id) AND lr.business_id = sqlc.arg(business_id) AND l.employee_id = sqlc.arg(employee_id)
            AND lr.status = 'Finalised' AND lr.date_paid >= sqlc.arg(date_from) AND lr.date_paid < sqlc.arg(date_to)
            AND l.subtype IN ('UKPension.OptOutRefund', 'UKPension.OptOutRefundSacrifice')) AS BIGINT) AS employee,
    CAST(COALESCE(SUM(p.employer_amount), 0) AS BIGINT) AS employer
FROM uk_pay_run_pensions p JOIN pay_runs r ON r.id = p.pay_run_id
WHERE p.business_id = sqlc.arg(business_id) AND r.business_id = sqlc.arg(business_id) AND p.employee_id = sqlc.arg(employee_id)
    AND r.status = 'Finalised' AND r.date_paid >= sqlc.arg(date_from) AND r.date_paid < sqlc.arg(date_to);
