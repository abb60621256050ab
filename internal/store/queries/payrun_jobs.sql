-- Pay run jobs (internal/payrun/async*.go): the status rows of
-- asynchronous creations and recalculations, scheduled pay slip
-- publishing and automatic pay runs.

-- name: CreatePayRunJob :exec
INSERT INTO payrun_jobs (id, business_id, kind, status, pay_run_id, external_id, additional_info,
    employees_done, employees_total, callback_url, created_at, updated_at)
VALUES ($1, $2, $3, 'Queued', $4, $5, '', 0, 0, $6, $7, $7);

-- name: GetPayRunJob :one
SELECT * FROM payrun_jobs WHERE id = $1 AND business_id = $2;

-- name: StartPayRunJob :execrows
-- The worker took the job (again, after a retry): Running with the number
-- of employees it will calculate. A finished job is left alone.
UPDATE payrun_jobs SET status = 'Running', employees_total = $3, employees_done = 0, updated_at = $4
WHERE id = $1 AND business_id = $2 AND status IN ('Queued', 'Running');

-- name: FinishPayRunJob :one
-- The job's outcome; only a job still Running (or Queued) can finish, once.
UPDATE payrun_jobs SET status = $3, pay_run_id = $4, additional_info = $5, employees_done = $6, employees_total = $7,
    external_id = $8, updated_at = $9
WHERE id = $1 AND business_id = $2 AND status IN ('Queued', 'Running')
RETURNING *;

-- name: CountPayScheduleEmployees :one
-- How many employees a creation will calculate (ListPayScheduleEmployees'
-- filter), the total of its progress.
SELECT COUNT(*) FROM employees
WHERE business_id = sqlc.arg(business_id) AND pay_schedule_id = sqlc.arg(pay_schedule_id)
    AND (status = 'Active' OR (status = 'Terminated'
        AND (CAST(sqlc.arg(include_terminated) AS BOOLEAN) OR end_date >= sqlc.arg(final_pay_from))));

-- name: CountPayRunEmployeesOfRun :one
SELECT COUNT(*) FROM pay_run_employees WHERE pay_run_id = $1;

-- name: PublishFinalisedPayRunSlips :execrows
-- Publishes a finalised run's pay slips, only while it is still the
-- finalisation that asked for it (an unlock or a later finalise makes the
-- scheduled publication stale) and only once.
UPDATE pay_runs SET pay_slips_published = TRUE, version = version + 1, updated_at = $4
WHERE id = $1 AND business_id = $2 AND status = 'Finalised' AND finalised_count = $3 AND pay_slips_published = FALSE;

-- name: ListAutoPaySchedules :many
-- Pay schedules whose document has auto pay enabled (a prefilter on the
-- stored JSON; the caller decodes and checks each).
SELECT business_id, id, data FROM records
WHERE kind = $1 AND data LIKE '%"autoPayConfiguration":{"enabled":true%'
ORDER BY business_id, id;

-- name: ClaimAutoPayPeriod :execrows
-- Queues one period of a schedule's automatic pay runs at most once.
INSERT INTO payrun_autopay_periods (business_id, pay_schedule_id, period_ending, queued_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (business_id, pay_schedule_id, period_ending) DO NOTHING;
