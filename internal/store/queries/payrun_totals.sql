-- A pay run's kept totals (pay_runs.total_*): every write that changes its
-- employees' figures adds the difference in the same transaction, so the
-- run lists read them from the run's row.

-- name: AddPayRunTotals :exec
UPDATE pay_runs SET total_employees = total_employees + sqlc.arg(employees), total_hours_e4 = total_hours_e4 + sqlc.arg(hours_e4),
    total_gross = total_gross + sqlc.arg(gross), total_net = total_net + sqlc.arg(net)
WHERE id = sqlc.arg(id);
