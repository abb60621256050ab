package jobs

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	payrunout "github.com/payrolld/payrolld/internal/payrun/output"
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
	// SuppressNotifications: publish without telling the employees.
	SuppressNotifications bool `json:"suppressNotifications,omitempty"`
}

func (publishArgs) Kind() string { return "payrun_publish_payslips" }

// Finalised is the Effect: pay slips published in the finalise (Immediate)
// emit PaySlipsPublished there; Scheduled queues their publication at
// publishPaySlipsDateTime (a wall-clock time, taken as UTC; one in the
// past publishes at once) in the finalise transaction.
func (j *Jobs) Finalised(ctx context.Context, q *store.Queries, run payrun.Run, opt payrun.FinaliseOptions) error {
	if run.PaySlipsPublished {
		if err := j.emitPublished(ctx, q, run); err != nil {
			return err
		}
		return j.queueEmails(ctx, q, run, opt.SuppressNotifications)
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
	return j.Queue.Insert(ctx, q, publishArgs{BusinessID: run.BusinessID, PayRunID: run.ID, FinalisedCount: run.FinalisedCount,
		SuppressNotifications: opt.SuppressNotifications}, &job.InsertOpts{ScheduledAt: at, MaxAttempts: jobAttempts})
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
		if err := j.emitPublished(ctx, q, run); err != nil {
			return err
		}
		return j.queueEmails(ctx, q, run, a.SuppressNotifications)
	})
}

// emailArgs sends the emails of a run's published payslips.
type emailArgs struct {
	BusinessID     int64 `json:"businessId"`
	PayRunID       int64 `json:"payRunId"`
	FinalisedCount int64 `json:"finalisedCount"`
}

func (emailArgs) Kind() string { return "payrun_payslip_emails" }

// queueEmails queues the payslip emails in the transaction that publishes
// the slips, unless the finalise suppressed notifications or no sender is
// wired.
func (j *Jobs) queueEmails(ctx context.Context, q *store.Queries, run payrun.Run, suppress bool) error {
	if suppress || j.Notify == nil {
		return nil
	}
	return j.Queue.Insert(ctx, q, emailArgs{BusinessID: run.BusinessID, PayRunID: run.ID, FinalisedCount: run.FinalisedCount},
		&job.InsertOpts{MaxAttempts: jobAttempts})
}

type emailWorker struct {
	job.WorkerDefaults[emailArgs]
	j *Jobs
}

// Work tells each employee who asked for email that their payslip is
// ready (payrunout.PaySlipEmails: the payslip settings' emailFrom and
// emailBodyMessage). A run unlocked since, or no longer published, sends
// nothing. Delivery failures are recorded by notify, not retried.
func (w *emailWorker) Work(ctx context.Context, jb *job.Job[emailArgs]) error {
	a, j := jb.Args, w.j
	biz, err := j.business(ctx, a.BusinessID)
	if err != nil {
		return err
	}
	run, err := j.S.DB.Queries().GetPayRun(ctx, store.GetPayRunParams{ID: a.PayRunID, BusinessID: a.BusinessID})
	if db.IsNoRows(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if !run.PaySlipsPublished || run.FinalisedCount != a.FinalisedCount {
		return nil
	}
	mails, err := payrunout.NewOutputs(j.S).PaySlipEmails(ctx, biz, run.ID)
	if err != nil {
		return err
	}
	for _, m := range mails {
		j.Notify.SendFrom(ctx, "payslip", m.From, m.To, m.Subject, m.Body)
	}
	return nil
}
