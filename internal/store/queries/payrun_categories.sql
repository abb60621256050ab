-- Earnings of finalised runs by pay category: NZ extra pays (IRD) and SG
-- additional wages (CPF) are told apart by their category's type.

-- name: EarningsByCategoryPaidBetween :many
-- Each employee's earnings by pay category in the finalised runs (other
-- than run pay_run_id) paid in [from_date, to_date].
SELECT l.employee_id, l.category_id, CAST(SUM(l.amount) AS BIGINT) AS amount
FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = sqlc.arg(business_id) AND r.status = 'Finalised' AND r.id <> sqlc.arg(pay_run_id)
    AND r.date_paid >= sqlc.arg(from_date) AND r.date_paid <= sqlc.arg(to_date) AND l.kind = 'earnings'
GROUP BY l.employee_id, l.category_id
ORDER BY l.employee_id, l.category_id;
