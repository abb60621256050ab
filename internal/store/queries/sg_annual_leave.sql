-- name: LeaveAccruedBetween :many
-- Hours of leave accrued per leave category of an employee after one date
-- and up to and including another, from the ledger (Accrual entries
-- only: opening balances and adjustments are left out).
SELECT leave_category_id, CAST(SUM(hours_e6) AS BIGINT) AS hours_e6
FROM leave_ledger
WHERE business_id = $1 AND employee_id = $2 AND kind = 'Accrual' AND entry_date > sqlc.arg(after_date) AND entry_date <= sqlc.arg(to_date)
GROUP BY leave_category_id
ORDER BY leave_category_id;

-- name: LeaveOpeningBetween :one
-- How many opening balance entries one leave category of an employee has
-- dated after one date and up to and including another.
SELECT COUNT(*) FROM leave_ledger
WHERE business_id = $1 AND employee_id = $2 AND leave_category_id = $3 AND kind = 'Opening' AND entry_date > sqlc.arg(after_date) AND entry_date <= sqlc.arg(to_date);
