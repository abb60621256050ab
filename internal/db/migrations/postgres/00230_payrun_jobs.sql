-- +goose Up
-- Pay run jobs: each asynchronous creation or recalculation is a
-- River job plus one row here, the status clients poll by its jobId (a
-- UUID, as PayRunJobModel has it) with the job's progress. Written in the
-- transaction that queues the River job, then by the worker.
CREATE TABLE payrun_jobs (
    id TEXT PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    pay_run_id BIGINT NOT NULL,
    external_id TEXT NOT NULL,
    additional_info TEXT NOT NULL,
    employees_done BIGINT NOT NULL,
    employees_total BIGINT NOT NULL,
    callback_url TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX payrun_jobs_business ON payrun_jobs(business_id, id);

-- payrun_autopay_periods: the periods an automatic pay run was queued for,
-- one row per schedule and period ending, so two nodes (or two ticks) never
-- queue the same period twice.
CREATE TABLE payrun_autopay_periods (
    business_id BIGINT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
    pay_schedule_id BIGINT NOT NULL,
    period_ending TIMESTAMP NOT NULL,
    queued_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (business_id, pay_schedule_id, period_ending)
);

-- The auto pay tick reads pay schedules of every business by kind.
CREATE INDEX records_kind ON records(kind, business_id, id);

-- +goose Down
DROP INDEX records_kind;
DROP TABLE payrun_autopay_periods;
DROP TABLE payrun_jobs;
