-- Report jobs (internal/report/leavereport/jobs.go): reports precomputed in
-- the background, read back by jobId.

-- name: CreateReportJob :exec
INSERT INTO report_jobs (id, business_id, kind, status, request, principal, user_id, employees_done, employees_total, result, error, created_at, updated_at)
VALUES ($1, $2, $3, 'Queued', $4, $5, $6, 0, 0, '', '', $7, $7);

-- name: GetReportJob :one
SELECT * FROM report_jobs WHERE id = $1 AND business_id = $2;

-- name: StartReportJob :execrows
-- The worker took the job (again, after a retry); a finished job is left
-- alone.
UPDATE report_jobs SET status = 'Running', employees_total = $3, employees_done = 0, updated_at = $4
WHERE id = $1 AND business_id = $2 AND status IN ('Queued', 'Running');

-- name: ReportJobProgress :exec
UPDATE report_jobs SET employees_done = $3, updated_at = $4
WHERE id = $1 AND business_id = $2 AND status = 'Running';

-- name: FinishReportJob :execrows
-- The job's outcome, once: only a job still Queued or Running finishes.
UPDATE report_jobs SET status = $3, result = $4, error = $5, employees_done = $6, updated_at = $7
WHERE id = $1 AND business_id = $2 AND status IN ('Queued', 'Running');
