-- +goose Up
-- Report jobs (reports2): a report precomputed in the background for a big
-- business (POST B/report/leaveliability/preparation), read back by its
-- jobId. One row per job: the request, who asked (the rows are computed
-- with their scope, and only they read them back), progress, and the rows
-- once Complete (a typed JSON document: stored and returned, never
-- queried). Written in the transaction that queues the River job, then by
-- the worker.
CREATE TABLE report_jobs (
    id TEXT PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    request TEXT NOT NULL,
    principal TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    employees_done BIGINT NOT NULL,
    employees_total BIGINT NOT NULL,
    result TEXT NOT NULL,
    error TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX report_jobs_business ON report_jobs(business_id, id);

-- +goose Down
DROP TABLE report_jobs;
