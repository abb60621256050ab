// Package jobs runs the pay run work that happens outside a request:
// asynchronous create and recalculate with their status and
// callbacks, auto pay of pay schedules, and publishing payslips on a
// schedule after finalise. It is one of the pay run service's Effects
// (NewJobs registers it; JobsOf finds it), so the core package
// internal/payrun never imports it.
package jobs

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/notify"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// Statuses of an asynchronous pay run job (PayRunJobStatusModel.status).
const (
	JobQueued    = "Queued"
	JobRunning   = "Running"
	JobCompleted = "Completed"
	JobFailed    = "Failed"
)

// Kinds of payrun_jobs rows.
const (
	jobKindCreate      = "Create"
	jobKindRecalculate = "Recalculate"
)

// jobAttempts bounds River's retries of a pay run job: a failure that is
// not the client's (the database went away) is tried this many times
// before the job is reported Failed.
const jobAttempts = 5

// Jobs runs the pay run work that does not fit a request on River:
// asynchronous creation and recalculation (status and progress in
// payrun_jobs, the result POSTed to callbackUrl), scheduled pay slip
// publishing (it is the Service's Effect that queues it in the finalise
// transaction) and automatic pay runs from a schedule's
// autoPayConfiguration. Build it with NewJobs while the app is built.
type Jobs struct {
	S          *payrun.Service
	Queue      *job.Client
	Businesses *business.Service
	Log        *slog.Logger
	// Outbound posts callbacks (webhook.Service.OutboundClient: the SSRF
	// guard at dial time); CheckTarget vets a callbackUrl when it is given.
	Outbound    *http.Client
	CheckTarget func(ctx context.Context, member, raw string) error
	// Notify sends the emails of published payslips (nil: none are sent).
	Notify *notify.Sender
}

// NewJobs registers the pay run workers on queue, the automatic pay run
// tick every autoPayEvery (0 = every minute), and returns the Jobs, which
// is also the Effect to add to s.Effects (pay slips published now or at
// the scheduled time).
func NewJobs(s *payrun.Service, queue *job.Client, biz *business.Service, outbound *http.Client,
	check func(ctx context.Context, member, raw string) error, log *slog.Logger, autoPayEvery time.Duration) *Jobs {
	j := &Jobs{S: s, Queue: queue, Businesses: biz, Log: log, Outbound: outbound, CheckTarget: check}
	job.Register(queue, job.Worker[createArgs](&createWorker{j: j}))
	job.Register(queue, job.Worker[recalcArgs](&recalcWorker{j: j}))
	job.Register(queue, job.Worker[callbackArgs](&callbackWorker{j: j}))
	job.Register(queue, job.Worker[publishArgs](&publishWorker{j: j}))
	job.Register(queue, job.Worker[emailArgs](&emailWorker{j: j}))
	job.Register(queue, job.Worker[autoPayTickArgs](&autoPayTickWorker{j: j}))
	job.Register(queue, job.Worker[autoPayArgs](&autoPayWorker{j: j}))
	if autoPayEvery <= 0 {
		autoPayEvery = time.Minute
	}
	job.Periodic(queue, "payrun_autopay_tick", autoPayEvery, func() job.Args { return autoPayTickArgs{} })
	return j
}

// JobsOf returns the Jobs among s's Effects (nil when none was added).
func JobsOf(s *payrun.Service) *Jobs {
	for _, e := range s.Effects {
		if j, ok := e.(*Jobs); ok {
			return j
		}
	}
	return nil
}

// JobModel is PayRunJobModel: what an asynchronous request answers.
type JobModel struct {
	PayRunID int64  `json:"payRunId" doc:"the run when it already exists (the same externalId again), else 0 until the job completes"`
	JobID    string `json:"jobId" format:"uuid"`
}

// JobStatus is PayRunJobStatusModel with the job's progress.
type JobStatus struct {
	PayRunID       int64  `json:"payRunId" doc:"0 until a creation completes"`
	Status         string `json:"status" enum:"Queued,Running,Completed,Failed"`
	ExternalID     string `json:"externalId"`
	AdditionalInfo string `json:"additionalInfo" doc:"why the job failed, or what it is doing"`
	JobID          string `json:"jobId" format:"uuid"`
	Kind           string `json:"kind" enum:"Create,Recalculate"`
	EmployeesDone  int64  `json:"employeesDone" doc:"employees calculated so far: the run is calculated in one transaction, so this is 0 until it commits, then employeesTotal"`
	EmployeesTotal int64  `json:"employeesTotal" doc:"employees the job calculates (known once it is Running)"`
}

func jobStatus(r store.PayrunJob) JobStatus {
	return JobStatus{PayRunID: r.PayRunID, Status: r.Status, ExternalID: r.ExternalID, AdditionalInfo: r.AdditionalInfo, JobID: r.ID,
		Kind: r.Kind, EmployeesDone: r.EmployeesDone, EmployeesTotal: r.EmployeesTotal}
}

// newJobID returns a random (version 4) UUID.
func newJobID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("crypto/rand: " + err.Error())
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// River job args. Each names the payrun_jobs row it reports to.
type createArgs struct {
	JobID      string               `json:"jobId"`
	BusinessID int64                `json:"businessId"`
	Request    payrun.CreateRequest `json:"request"`
}

func (createArgs) Kind() string { return "payrun_create" }

type recalcArgs struct {
	JobID      string `json:"jobId"`
	BusinessID int64  `json:"businessId"`
	PayRunID   int64  `json:"payRunId"`
}

func (recalcArgs) Kind() string { return "payrun_recalculate" }

type callbackArgs struct {
	JobID      string `json:"jobId"`
	BusinessID int64  `json:"businessId"`
}

func (callbackArgs) Kind() string { return "payrun_callback" }

// CreateAsync validates req, stores the job (status Queued) and queues the
// creation in the same transaction; the run is created by a worker on any
// node. A request without an externalId gets "job:<jobId>", so a retried
// job finds the run its earlier attempt created instead of creating
// another.
func (j *Jobs) CreateAsync(ctx context.Context, biz business.Business, req payrun.CreateRequest) (_ JobModel, err error) {
	defer payroll.Wrap(&err, "create pay run asynchronously")
	if err := req.Validate(); err != nil {
		return JobModel{}, err
	}
	paid := req.PayPeriodEnding.Time
	if !req.DatePaid.IsZero() {
		paid = req.DatePaid.Time
	}
	if err := pay.RegionCalculableOn(biz.Region, payroll.DateOnly(paid)); err != nil {
		return JobModel{}, err
	}
	req.CallbackURL = strings.TrimSpace(req.CallbackURL)
	if req.CallbackURL != "" {
		if len(req.CallbackURL) > 2000 {
			return JobModel{}, payroll.Invalid("callbackUrl", "callbackUrl must be at most 2000 characters")
		}
		if err := j.CheckTarget(ctx, "callbackUrl", req.CallbackURL); err != nil {
			return JobModel{}, err
		}
	}
	if err := j.S.CheckCreate(ctx, biz, req.PayScheduleID); err != nil {
		return JobModel{}, err
	}
	if _, err := j.S.Schedules.PaySchedules.Get(ctx, biz, 0, req.PayScheduleID); err != nil {
		if payroll.KindOf(err) == payroll.KindNotFound {
			return JobModel{}, payroll.Invalid("payScheduleId", "no pay schedule %d in this business", req.PayScheduleID)
		}
		return JobModel{}, err
	}
	id := newJobID()
	var existing int64
	if req.ExternalID == "" {
		req.ExternalID = "job:" + id
	} else if r, err := j.S.DB.Queries().GetPayRunByExternalID(ctx, store.GetPayRunByExternalIDParams{BusinessID: biz.ID, ExternalID: req.ExternalID}); err == nil {
		existing = r.ID // the job completes at once with this run
	} else if !db.IsNoRows(err) {
		return JobModel{}, err
	}
	now := j.S.Clock.Now()
	err = j.S.DB.InTx(ctx, func(q *store.Queries) error {
		if err := q.CreatePayRunJob(ctx, store.CreatePayRunJobParams{ID: id, BusinessID: biz.ID, Kind: jobKindCreate, PayRunID: existing,
			ExternalID: req.ExternalID, CallbackUrl: req.CallbackURL, CreatedAt: now}); err != nil {
			return err
		}
		return j.Queue.Insert(ctx, q, createArgs{JobID: id, BusinessID: biz.ID, Request: req}, &job.InsertOpts{MaxAttempts: jobAttempts})
	})
	return JobModel{PayRunID: existing, JobID: id}, err
}

// RecalculateAsync queues the recalculation of a draft run (404 absent,
// 409 finalised, checked now and again when the job runs).
func (j *Jobs) RecalculateAsync(ctx context.Context, biz business.Business, runID int64) (_ JobModel, err error) {
	defer payroll.Wrap(&err, "recalculate pay run %d asynchronously", runID)
	r, err := j.S.Load(ctx, j.S.DB.Queries(), biz, runID)
	if err != nil {
		return JobModel{}, err
	}
	if r.Status != payrun.StatusDraft {
		return JobModel{}, payroll.Conflict("pay run %d is finalised: unlock it before changing it", runID)
	}
	id := newJobID()
	now := j.S.Clock.Now()
	err = j.S.DB.InTx(ctx, func(q *store.Queries) error {
		if err := q.CreatePayRunJob(ctx, store.CreatePayRunJobParams{ID: id, BusinessID: biz.ID, Kind: jobKindRecalculate, PayRunID: runID,
			ExternalID: r.ExternalID, CreatedAt: now}); err != nil {
			return err
		}
		return j.Queue.Insert(ctx, q, recalcArgs{JobID: id, BusinessID: biz.ID, PayRunID: runID}, &job.InsertOpts{MaxAttempts: jobAttempts})
	})
	return JobModel{PayRunID: runID, JobID: id}, err
}

// Status is GET B/payrun/creationstatus/{jobId}: any job of the business
// (404 for another tenant's or an unknown id).
func (j *Jobs) Status(ctx context.Context, biz business.Business, jobID string) (_ JobStatus, err error) {
	defer payroll.Wrap(&err, "pay run job %s", jobID)
	r, err := j.S.DB.Queries().GetPayRunJob(ctx, store.GetPayRunJobParams{ID: strings.ToLower(strings.TrimSpace(jobID)), BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return JobStatus{}, payroll.NotFound("pay run job")
	}
	return jobStatus(r), err
}

// business loads a job's business (no principal: the job acts for the
// user who queued it, who was authorised then). Gone = cancel the job.
func (j *Jobs) business(ctx context.Context, id int64) (business.Business, error) {
	a, err := j.Businesses.Authorize(ctx, &payroll.Principal{Kind: payroll.PrincipalSystemAdmin}, id)
	if payroll.KindOf(err) == payroll.KindNotFound {
		return business.Business{}, job.Cancel(fmt.Errorf("business %d no longer exists", id))
	}
	return a.Business, err
}

// start marks the job Running with its total; false when it has already
// finished (a duplicate delivery of the River job).
func (j *Jobs) start(ctx context.Context, id string, bizID, total int64) (bool, error) {
	var n int64
	err := j.S.DB.InTx(ctx, func(q *store.Queries) (err error) {
		n, err = q.StartPayRunJob(ctx, store.StartPayRunJobParams{ID: id, BusinessID: bizID, EmployeesTotal: total, UpdatedAt: j.S.Clock.Now()})
		return err
	})
	return n == 1, err
}

// outcome decides what a failed attempt means: the client's mistake (or
// the last attempt) finishes the job Failed; anything else is retried.
func outcome(err error, attempt, maxAttempts int) (failed bool) {
	switch payroll.KindOf(err) {
	case payroll.KindInvalid, payroll.KindNotFound, payroll.KindConflict:
		return true
	}
	return attempt >= maxAttempts
}

// finish records the job's outcome and, in the same transaction, queues
// the callback when the job has a callbackUrl.
func (j *Jobs) finish(ctx context.Context, id string, bizID int64, status string, runID int64, info string, done, total int64, ext string) error {
	return j.S.DB.InTx(ctx, func(q *store.Queries) error {
		r, err := q.FinishPayRunJob(ctx, store.FinishPayRunJobParams{ID: id, BusinessID: bizID, Status: status, PayRunID: runID,
			AdditionalInfo: info, EmployeesDone: done, EmployeesTotal: total, ExternalID: ext, UpdatedAt: j.S.Clock.Now()})
		if db.IsNoRows(err) {
			return nil // finished by an earlier delivery
		}
		if err != nil {
			return err
		}
		if r.CallbackUrl == "" {
			return nil
		}
		return j.Queue.Insert(ctx, q, callbackArgs{JobID: id, BusinessID: bizID}, &job.InsertOpts{MaxAttempts: jobAttempts})
	})
}

func errInfo(err error) string {
	if e, ok := err.(*payroll.Error); ok {
		if e.Field != "" {
			return e.Field + ": " + e.Message
		}
		return e.Message
	}
	return err.Error()
}

type createWorker struct {
	job.WorkerDefaults[createArgs]
	j *Jobs
}

func (w *createWorker) Timeout(*job.Job[createArgs]) time.Duration { return 30 * time.Minute }

func (w *createWorker) Work(ctx context.Context, jb *job.Job[createArgs]) error {
	a, j := jb.Args, w.j
	biz, err := j.business(ctx, a.BusinessID)
	if err != nil {
		return err
	}
	var total int64
	if !a.Request.Adhoc {
		// Leavers whose end date falls in the period are paid their final
		// pay (the period's first day from the schedule's frequency; an
		// unknown schedule fails in Create, so the count does not matter).
		end := payroll.DateOnly(a.Request.PayPeriodEnding.Time)
		from := end
		if sched, err := j.S.Schedules.PaySchedules.Get(ctx, biz, 0, a.Request.PayScheduleID); err == nil {
			from = pay.PeriodStart(sched.Frequency, end)
		}
		if total, err = j.S.DB.Queries().CountPayScheduleEmployees(ctx, store.CountPayScheduleEmployeesParams{BusinessID: biz.ID,
			PayScheduleID:     sql.NullInt64{Int64: a.Request.PayScheduleID, Valid: a.Request.PayScheduleID != 0},
			IncludeTerminated: a.Request.IncludeTerminatedEmployees, FinalPayFrom: sql.NullTime{Time: from, Valid: true}}); err != nil {
			return err
		}
	}
	if ok, err := j.start(ctx, a.JobID, biz.ID, total); err != nil || !ok {
		return err
	}
	run, err := j.S.Create(ctx, biz, a.Request)
	if err != nil {
		if outcome(err, jb.Attempt, jb.MaxAttempts) {
			return j.finish(ctx, a.JobID, biz.ID, JobFailed, 0, errInfo(err), 0, total, a.Request.ExternalID)
		}
		return err
	}
	n, err := j.S.DB.Queries().CountPayRunEmployeesOfRun(ctx, run.ID)
	if err != nil {
		return err
	}
	return j.finish(ctx, a.JobID, biz.ID, JobCompleted, run.ID, "", n, n, run.ExternalID)
}

type recalcWorker struct {
	job.WorkerDefaults[recalcArgs]
	j *Jobs
}

func (w *recalcWorker) Timeout(*job.Job[recalcArgs]) time.Duration { return 30 * time.Minute }

func (w *recalcWorker) Work(ctx context.Context, jb *job.Job[recalcArgs]) error {
	a, j := jb.Args, w.j
	biz, err := j.business(ctx, a.BusinessID)
	if err != nil {
		return err
	}
	total, err := j.S.DB.Queries().CountPayRunEmployeesOfRun(ctx, a.PayRunID)
	if err != nil {
		return err
	}
	if ok, err := j.start(ctx, a.JobID, biz.ID, total); err != nil || !ok {
		return err
	}
	ext := ""
	if r, err := j.S.Get(ctx, biz, a.PayRunID); err == nil {
		ext = r.ExternalID
	}
	if err := j.S.Recalculate(ctx, biz, a.PayRunID); err != nil {
		if outcome(err, jb.Attempt, jb.MaxAttempts) {
			return j.finish(ctx, a.JobID, biz.ID, JobFailed, a.PayRunID, errInfo(err), 0, total, ext)
		}
		return err
	}
	return j.finish(ctx, a.JobID, biz.ID, JobCompleted, a.PayRunID, "", total, total, ext)
}

// callbackWorker POSTs a finished job's status (PayRunJobStatusModel as
// JSON) to its callbackUrl; a non-2xx answer or no answer is retried with
// River's backoff, up to jobAttempts times.
type callbackWorker struct {
	job.WorkerDefaults[callbackArgs]
	j *Jobs
}

func (w *callbackWorker) Work(ctx context.Context, jb *job.Job[callbackArgs]) error {
	j := w.j
	r, err := j.S.DB.Queries().GetPayRunJob(ctx, store.GetPayRunJobParams{ID: jb.Args.JobID, BusinessID: jb.Args.BusinessID})
	if db.IsNoRows(err) {
		return job.Cancel(fmt.Errorf("pay run job %s no longer exists", jb.Args.JobID))
	}
	if err != nil {
		return err
	}
	body, err := json.Marshal(jobStatus(r))
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.CallbackUrl, bytes.NewReader(body))
	if err != nil {
		return job.Cancel(err) // not a URL any more: nothing to retry
	}
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	res, err := j.Outbound.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("callback %s answered %d", r.CallbackUrl, res.StatusCode)
	}
	return nil
}
