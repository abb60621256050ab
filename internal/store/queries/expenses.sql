-- Expense requests (E/expenserequest, S/expense) and what pay runs read
-- of them.

-- name: CreateExpenseRequest :one
INSERT INTO expense_requests (business_id, employee_id, description, status, status_updated_by, status_update_notes, version, created_at, updated_at)
VALUES ($1, $2, $3, 'Pending', '', '', 1, $4, $4)
RETURNING id;

-- name: CreateExpenseRequestLine :exec
INSERT INTO expense_request_lines (business_id, request_id, position, expense_category_id, location_id, notes, tax_code, tax_rate, amount, date_incurred)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10);

-- name: DeleteExpenseRequestLines :exec
DELETE FROM expense_request_lines WHERE request_id = $1 AND business_id = $2;

-- name: GetExpenseRequest :one
SELECT er.id, er.employee_id, er.description, er.status, er.status_updated_by, er.status_update_notes,
       er.date_status_updated, er.pay_run_id, er.version, er.created_at, e.first_name, e.surname
FROM expense_requests er JOIN employees e ON e.id = er.employee_id
WHERE er.business_id = $1 AND er.employee_id = $2 AND er.id = $3;

-- name: ListExpenseRequestLines :many
-- The lines of an employee's expense requests with ids in $3..$4.
SELECT l.id, l.request_id, l.expense_category_id, r.name AS category_name, l.location_id,
       COALESCE(loc.name, '') AS location_name, l.notes, l.tax_code, l.tax_rate, l.amount, l.date_incurred
FROM expense_request_lines l
JOIN expense_requests er ON er.id = l.request_id
JOIN records r ON r.id = l.expense_category_id
LEFT JOIN locations loc ON loc.id = l.location_id
WHERE er.business_id = $1 AND er.employee_id = $2 AND l.request_id >= $3 AND l.request_id <= $4
ORDER BY l.request_id, l.position;

-- name: UpdateExpenseRequest :execrows
-- Only a Pending request is edited, and only the version read.
UPDATE expense_requests SET description = $4, version = version + 1, updated_at = $5
WHERE business_id = $1 AND employee_id = $2 AND id = $3 AND status = 'Pending' AND version = $6;

-- name: TransitionExpenseRequest :execrows
-- One state change, conditional on the state it leaves: the loser of a
-- race changes no row.
UPDATE expense_requests SET status = sqlc.arg(to_status), status_updated_by = sqlc.arg(by_user),
    status_update_notes = sqlc.arg(notes), date_status_updated = sqlc.arg(at), updated_at = sqlc.arg(at), version = version + 1
WHERE business_id = sqlc.arg(business_id) AND employee_id = sqlc.arg(employee_id) AND id = sqlc.arg(id) AND status = sqlc.arg(from_status);

-- name: DeleteExpenseRequest :execrows
-- A Processed request (paid) is kept.
DELETE FROM expense_requests WHERE business_id = $1 AND employee_id = $2 AND id = $3 AND status <> 'Processed';

-- name: ApprovedExpensesForPayRun :many
-- The lines of the Approved requests of employees $2..$3 whose every line
-- was incurred by $4 (the period's end): a request is paid whole.
SELECT er.id AS request_id, er.employee_id, l.expense_category_id, l.location_id, l.notes, l.tax_code, l.amount
FROM expense_requests er JOIN expense_request_lines l ON l.request_id = er.id
WHERE er.business_id = $1 AND er.status = 'Approved' AND er.employee_id >= $2 AND er.employee_id <= $3
  AND NOT EXISTS (SELECT 1 FROM expense_request_lines l2 WHERE l2.request_id = er.id AND l2.date_incurred > $4)
ORDER BY er.employee_id, er.id, l.position;

-- name: MarkExpenseRequestsProcessed :execrows
UPDATE expense_requests SET status = 'Processed', pay_run_id = $2, date_status_updated = $3, updated_at = $3, version = version + 1
WHERE expense_requests.business_id = $1 AND expense_requests.status = 'Approved'
  AND expense_requests.id IN (SELECT s.source_id FROM pay_run_sources s WHERE s.pay_run_id = $2 AND s.kind = 'expense');

-- name: CountPayRunExpenseSources :one
SELECT COUNT(*) FROM pay_run_sources WHERE pay_run_id = $1 AND kind = 'expense';

-- name: ReturnExpenseRequestsToApproved :exec
UPDATE expense_requests SET status = 'Approved', pay_run_id = NULL, date_status_updated = $3, updated_at = $3, version = version + 1
WHERE business_id = $1 AND pay_run_id = $2 AND status = 'Processed';

-- name: ExpensePaymentSummary :many
-- What the employee's processed requests paid per category: in all, and
-- since $3 (the start of the financial year).
SELECT l.expense_category_id, r.name AS category_name,
       CAST(SUM(l.amount) AS BIGINT) AS total_amount,
       CAST(SUM(CASE WHEN l.date_incurred >= $3 THEN l.amount ELSE 0 END) AS BIGINT) AS ytd_amount
FROM expense_requests er
JOIN expense_request_lines l ON l.request_id = er.id
JOIN records r ON r.id = l.expense_category_id
WHERE er.business_id = $1 AND er.employee_id = $2 AND er.status = 'Processed'
GROUP BY l.expense_category_id, r.name
ORDER BY r.name, l.expense_category_id;

-- name: GetBusinessLocationName :one
SELECT name FROM locations WHERE id = $1 AND business_id = $2;
