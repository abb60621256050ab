package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Automatic pay runs: a periodic River job (the tick, on the leader node)
// looks at every pay schedule whose autoPayConfiguration is enabled and not
// paused, works out the latest period whose creation time has come, and
// queues its creation once (payrun_autopay_periods is the claim, in the
// transaction that queues the job). Periods missed while the service was
// down are not back-filled: only the latest due one is created.

type autoPayTickArgs struct{}

func (autoPayTickArgs) Kind() string { return "payrun_autopay_tick" }

// InsertOpts keeps one tick queued or running at a time however many
// nodes' leaders (or restarts) insert one.
func (autoPayTickArgs) InsertOpts() job.InsertOpts {
	return job.InsertOpts{MaxAttempts: 1, UniqueOpts: job.UniqueOpts{ByPeriod: time.Minute}}
}

type autoPayArgs struct {
	BusinessID    int64     `json:"businessId"`
	PayScheduleID int64     `json:"payScheduleId"`
	PeriodEnding  time.Time `json:"periodEnding"`
	DatePaid      time.Time `json:"datePaid"`
}

func (autoPayArgs) Kind() string { return "payrun_autopay" }

// AutoPayPeriod is one period of a schedule's automatic pay runs.
type AutoPayPeriod struct {
	PeriodEnding, DatePaid, CreateAt time.Time
}

// autoPayStep returns the period ending k periods after first.
func autoPayStep(freq string, first time.Time, k int) (time.Time, bool) {
	months := 0
	switch freq {
	case "Weekly":
		return first.AddDate(0, 0, 7*k), true
	case "Fortnightly":
		return first.AddDate(0, 0, 14*k), true
	case "FourWeekly":
		return first.AddDate(0, 0, 28*k), true
	case "Monthly":
		months = 1
	case "Quarterly":
		months = 3
	case "Annually":
		months = 12
	default:
		return time.Time{}, false
	}
	// Month steps keep the day of the month, or the month's last day when
	// the first period ended on one (31 Jan -> 28 Feb -> 31 Mar).
	y, m, d := first.Date()
	last := time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day() == d
	target := time.Date(y, m+time.Month(months*k), 1, 0, 0, 0, 0, time.UTC)
	days := time.Date(target.Year(), target.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
	if last || d > days {
		d = days
	}
	return time.Date(target.Year(), target.Month(), d, 0, 0, 0, 0, time.UTC), true
}

// DueAutoPayPeriod is the latest period of the configuration whose
// creation time is at or before now, if any: period k ends k steps of the
// schedule's frequency after initialPayPeriodEnding, and is paid and
// created as much later than initialDatePaid and
// initialPayRunCreationDateTime (the period ending itself when that is not
// set); none after scheduledEndDate.
func DueAutoPayPeriod(freq string, a *payschedule.AutoPayConfiguration, now time.Time) (AutoPayPeriod, bool) {
	if a == nil || !a.Enabled || a.Paused || a.InitialPayPeriodEnding.IsZero() {
		return AutoPayPeriod{}, false
	}
	first := payroll.DateOnly(a.InitialPayPeriodEnding.Time)
	paid := first
	if !a.InitialDatePaid.IsZero() {
		paid = payroll.DateOnly(a.InitialDatePaid.Time)
	}
	create := first
	if !a.InitialPayRunCreationDateTime.IsZero() {
		c := a.InitialPayRunCreationDateTime.Time
		create = time.Date(c.Year(), c.Month(), c.Day(), c.Hour(), c.Minute(), c.Second(), 0, time.UTC)
	}
	var due AutoPayPeriod
	found := false
	for k := 0; k < 100000; k++ {
		end, ok := autoPayStep(freq, first, k)
		if !ok {
			return AutoPayPeriod{}, false
		}
		shift := end.Sub(first)
		p := AutoPayPeriod{PeriodEnding: end, DatePaid: paid.Add(shift), CreateAt: create.Add(shift)}
		if p.CreateAt.After(now) || !a.ScheduledEndDate.IsZero() && end.After(payroll.DateOnly(a.ScheduledEndDate.Time)) {
			break
		}
		due, found = p, true
	}
	return due, found
}

// AutoPayTick queues the automatic pay runs due at the app clock's now and
// returns how many it queued (the periodic job calls it; tests too).
func (j *Jobs) AutoPayTick(ctx context.Context) (queued int, err error) {
	defer payroll.Wrap(&err, "automatic pay runs")
	rows, err := j.S.DB.Queries().ListAutoPaySchedules(ctx, record.KindPaySchedule)
	if err != nil {
		return 0, err
	}
	now := j.S.Clock.Now()
	for _, r := range rows {
		var sched payschedule.PaySchedule
		if err := json.Unmarshal([]byte(r.Data), &sched); err != nil {
			j.Log.Warn("payrun: unreadable pay schedule skipped by auto pay", "business", r.BusinessID, "schedule", r.ID, "err", err)
			continue
		}
		p, ok := DueAutoPayPeriod(sched.Frequency, sched.AutoPayConfiguration, now)
		if !ok {
			continue
		}
		err := j.S.DB.InTx(ctx, func(q *store.Queries) error {
			n, err := q.ClaimAutoPayPeriod(ctx, store.ClaimAutoPayPeriodParams{BusinessID: r.BusinessID, PayScheduleID: r.ID,
				PeriodEnding: p.PeriodEnding, QueuedAt: now})
			if err != nil || n == 0 {
				return err
			}
			queued++
			return j.Queue.Insert(ctx, q, autoPayArgs{BusinessID: r.BusinessID, PayScheduleID: r.ID, PeriodEnding: p.PeriodEnding,
				DatePaid: p.DatePaid}, &job.InsertOpts{MaxAttempts: jobAttempts})
		})
		if err != nil {
			return queued, err
		}
	}
	return queued, nil
}

type autoPayTickWorker struct {
	job.WorkerDefaults[autoPayTickArgs]
	j *Jobs
}

func (w *autoPayTickWorker) Work(ctx context.Context, _ *job.Job[autoPayTickArgs]) error {
	n, err := w.j.AutoPayTick(ctx)
	if n > 0 {
		w.j.Log.Info("payrun: automatic pay runs queued", "count", n)
	}
	return err
}

type autoPayWorker struct {
	job.WorkerDefaults[autoPayArgs]
	j *Jobs
}

func (w *autoPayWorker) Timeout(*job.Job[autoPayArgs]) time.Duration { return 30 * time.Minute }

// Work creates the period's run (externalId "auto:<schedule>:<period
// ending>", so a retry finds it) and, when the configuration says so,
// finalises it with its publishing preference (Scheduled publishes at
// publishPaySlipsHour on the date paid). The configuration is read again
// now: a schedule paused or deleted since the period was queued is left.
func (w *autoPayWorker) Work(ctx context.Context, jb *job.Job[autoPayArgs]) error {
	a, j := jb.Args, w.j
	biz, err := j.business(ctx, a.BusinessID)
	if err != nil {
		return err
	}
	sched, err := j.S.Schedules.PaySchedules.Get(ctx, biz, 0, a.PayScheduleID)
	if payroll.KindOf(err) == payroll.KindNotFound {
		return job.Cancel(fmt.Errorf("pay schedule %d no longer exists", a.PayScheduleID))
	}
	if err != nil {
		return err
	}
	cfg := sched.AutoPayConfiguration
	if cfg == nil || !cfg.Enabled || cfg.Paused {
		return nil
	}
	run, err := j.S.Create(ctx, biz, payrun.CreateRequest{PayScheduleID: sched.ID, PayPeriodEnding: payroll.NewDateTime(a.PeriodEnding),
		DatePaid: payroll.NewDateTime(a.DatePaid), TimesheetImportOption: cfg.TimesheetImportOption,
		ExternalID: fmt.Sprintf("auto:%d:%s", sched.ID, a.PeriodEnding.Format("2006-01-02"))})
	if err != nil {
		if k := payroll.KindOf(err); k == payroll.KindInvalid || k == payroll.KindNotFound || k == payroll.KindConflict {
			return job.Cancel(err)
		}
		return err
	}
	if !cfg.Finalise || run.IsFinalised {
		return nil
	}
	opt := payrun.FinaliseOptions{PublishPaySlips: cfg.PublishPaySlips, ExportJournals: cfg.ExportJournals, LodgePayRun: cfg.LodgePayRun,
		SuppressNotifications: cfg.SuppressNotifications}
	if cfg.PublishPaySlips == "Scheduled" {
		opt.PublishPaySlipsDateTime = payroll.NewDateTime(a.DatePaid.Add(time.Duration(cfg.PublishPaySlipsHour) * time.Hour))
	}
	_, err = j.S.Finalise(ctx, biz, run.ID, opt)
	switch payroll.KindOf(err) {
	case payroll.KindConflict:
		// Finalised by an earlier attempt or a user, or an employee's pay
		// cannot be calculated: the draft waits for a person.
		j.Log.Warn("payrun: automatic pay run left in draft", "business", biz.ID, "payRun", run.ID, "err", err)
		return nil
	case payroll.KindInvalid, payroll.KindNotFound:
		return job.Cancel(err)
	}
	return err
}
