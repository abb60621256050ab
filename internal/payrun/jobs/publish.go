package jobs

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/store"
)

// EventPaySlipsPublished is emitted when a finalised run's pay slips are
// published: in the finalise transaction (publishPaySlips Immediate) or by
// the scheduled job (Scheduled).
const EventPaySlipsPublished = "PaySlipsPublished"

type publishArgs struct {
	BusinessID int64 `json:"businessId"`
	PayRunID   int64 `json:"payRunId"`
	// FinalisedCount is the finalisation that scheduled the publication: an
	// unlock (and a later finalise) makes it stale, and it does nothing.
	FinalisedCount int64 `json:"finalisedCount"`
}

func (publishArgs) Kind() string { return "payrun_publish_payslips" }

// Finalised is the Effect: pay slips published in the finalise (Immediate)
// emit PaySlipsPublished there; Scheduled queues their publication at
// publishPaySlipsDateTime (a wall-clock time, taken as UTC; one in the
// past publishes at once) in the finalise transaction.
func (j *Jobs) Finalised(ctx context.Context, q *store.Queries, run payrun.Run, opt payrun.FinaliseOptions) error {
	if run.PaySlipsPublished {
		return j.emitPublished(ctx, q, run)
	}
	publish := opt.PublishPaySlips
	if publish == "" {
		publish = opt.PublishPaySlipsPreference
	}
	if publish != "Scheduled" {
		return nil
	}
	if opt.PublishPaySlipsDateTime.IsZero() {
		return payroll.Invalid("publishPaySlipsDateTime", "publishPaySlipsDateTime is required when publishPaySlips is Scheduled")
	}
	t := opt.PublishPaySlipsDateTime.Time
	at := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)
	return j.Queue.Insert(ctx, q, publishArgs{BusinessID: run.BusinessID, PayRunID: run.ID, FinalisedCount: run.FinalisedCount},
		&job.InsertOpts{ScheduledAt: at, MaxAttempts: jobAttempts})
}

// Unlocked has nothing to undo: unlock unpublishes the slips itself, and a
// pending scheduled publication sees the finalisation it belongs to is
// gone.
func (j *Jobs) Unlocked(context.Context, *store.Queries, payrun.Run) error { return nil }

func (j *Jobs) emitPublished(ctx context.Context, q *store.Queries, run payrun.Run) error {
	n, err := q.CountPayRunEmployeesOfRun(ctx, run.ID)
	if err != nil {
		return err
	}
	return j.S.EmitRun(ctx, q, run, EventPaySlipsPublished, n)
}

type publishWorker struct {
	job.WorkerDefaults[publishArgs]
	j *Jobs
}

// Work publishes the pay slips if the run is still in the finalisation
// that scheduled it, with the event, in one transaction.
func (w *publishWorker) Work(ctx context.Context, jb *job.Job[publishArgs]) error {
	a, j := jb.Args, w.j
	return j.S.DB.InTx(ctx, func(q *store.Queries) error {
		n, err := q.PublishFinalisedPayRunSlips(ctx, store.PublishFinalisedPayRunSlipsParams{ID: a.PayRunID, BusinessID: a.BusinessID,
			FinalisedCount: a.FinalisedCount, UpdatedAt: j.S.Clock.Now()})
		if err != nil || n == 0 {
			return err // stale (unlocked, deleted) or already published
		}
		run, err := q.GetPayRun(ctx, store.GetPayRunParams{ID: a.PayRunID, BusinessID: a.BusinessID})
		if err != nil {
			return err
		}
		return j.emitPublished(ctx, q, run)
	})
}
