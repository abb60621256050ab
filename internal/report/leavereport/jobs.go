package leavereport

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/store"
)

// Prepared reports: the leave liability of a big business computed by a
// River job (queued in the transaction that stores the job's row), in
// chunks of employees with its progress recorded after each, and read back
// by its jobId by the user who asked.

// Report job states (LongRunningJobStatus).
const (
	JobQueued   = "Queued"
	JobRunning  = "Running"
	JobComplete = "Complete"
	JobFailed   = "Failed"
)

const (
	kindLeaveLiability = "LeaveLiability"
	jobAttempts        = 5
	// jobChunk is how many employees one statement values; progress is
	// recorded after each chunk.
	jobChunk = 500
)

// PreparationStatus is ReportLeaveLiabilityPreparationResponse with the job's
// progress.
type PreparationStatus struct {
	JobID          string `json:"jobId" format:"uuid"`
	Status         string `json:"status" enum:"Queued,Running,Complete,Failed,Cancelled"`
	EmployeesDone  int64  `json:"employeesDone" doc:"employees valued so far"`
	EmployeesTotal int64  `json:"employeesTotal" doc:"employees the job values (known once Running)"`
	Error          string `json:"error" doc:"why the job failed"`
}

// Jobs runs the prepared reports. Build it with NewJobs while the app is
// built (it registers the worker).
type Jobs struct {
	S          *Service
	Queue      *job.Client
	Businesses *business.Service
}

// NewJobs registers the report workers on queue and returns them with
// the leave report service over rs (j.S), which answers prepared reports.
func NewJobs(rs *report.Service, queue *job.Client, biz *business.Service) *Jobs {
	s := &Service{Service: rs}
	j := &Jobs{S: s, Queue: queue, Businesses: biz}
	job.Register(queue, job.Worker[liabilityArgs](&liabilityWorker{j: j}))
	s.Jobs = j
	return j
}

type liabilityArgs struct {
	JobID      string `json:"jobId"`
	BusinessID int64  `json:"businessId"`
}

func (liabilityArgs) Kind() string { return "report_leave_liability" }

// storedPrincipal is who asked, kept to compute the rows with their scope
// (re-authorised when the job runs).
type storedPrincipal struct {
	UserID   int64                 `json:"userId"`
	Username string                `json:"username"`
	Kind     payroll.PrincipalKind `json:"kind"`
	BrandID  int64                 `json:"brandId"`
}

// PrepareLeaveLiability validates lq and queues its computation; the
// as-at day is fixed now (today when not given).
func (j *Jobs) PrepareLeaveLiability(ctx context.Context, biz business.Business, p *payroll.Principal, lq LeaveLiabilityQuery) (_ PreparationStatus, err error) {
	defer payroll.Wrap(&err, "prepare the leave liability report of business %d", biz.ID)
	if p == nil {
		return PreparationStatus{}, payroll.Invalid("jobId", "a prepared report needs a user")
	}
	if err := lq.Validate(); err != nil {
		return PreparationStatus{}, err
	}
	if lq.PayRunID != 0 {
		if _, err := j.S.finalisedPaid(ctx, biz, lq.PayRunID); err != nil {
			return PreparationStatus{}, err
		}
	} else if lq.AsAt.IsZero() {
		lq.AsAt = payroll.DateOnly(j.S.Clock.Now())
	}
	req, err := json.Marshal(lq)
	if err != nil {
		return PreparationStatus{}, err
	}
	who, err := json.Marshal(storedPrincipal{UserID: p.UserID, Username: p.Username, Kind: p.Kind, BrandID: p.BrandID})
	if err != nil {
		return PreparationStatus{}, err
	}
	id := newJobID()
	err = j.S.DB.InTx(ctx, func(q *store.Queries) error {
		if err := q.CreateReportJob(ctx, store.CreateReportJobParams{ID: id, BusinessID: biz.ID, Kind: kindLeaveLiability, Request: string(req),
			Principal: string(who), UserID: p.UserID, CreatedAt: j.S.Clock.Now()}); err != nil {
			return err
		}
		return j.Queue.Insert(ctx, q, liabilityArgs{JobID: id, BusinessID: biz.ID}, &job.InsertOpts{MaxAttempts: jobAttempts})
	})
	return PreparationStatus{JobID: id, Status: JobQueued}, err
}

// job reads a job of biz that p asked for (404 for anyone else).
func (j *Jobs) job(ctx context.Context, biz business.Business, p *payroll.Principal, id string) (store.ReportJob, error) {
	r, err := j.S.DB.Queries().GetReportJob(ctx, store.GetReportJobParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) || err == nil && (p == nil || r.UserID != p.UserID) {
		return store.ReportJob{}, payroll.NotFound("report job " + id)
	}
	return r, err
}

// Status is a prepared report's state and progress.
func (j *Jobs) Status(ctx context.Context, biz business.Business, p *payroll.Principal, id string) (_ PreparationStatus, err error) {
	defer payroll.Wrap(&err, "report job %s", id)
	r, err := j.job(ctx, biz, p, id)
	if err != nil {
		return PreparationStatus{}, err
	}
	return PreparationStatus{JobID: r.ID, Status: r.Status, EmployeesDone: r.EmployeesDone, EmployeesTotal: r.EmployeesTotal, Error: r.Error}, nil
}

// LeaveLiabilityResult is a completed job's rows (409 while it runs or
// when it failed).
func (j *Jobs) LeaveLiabilityResult(ctx context.Context, biz business.Business, p *payroll.Principal, id string) (_ []LeaveLiability, err error) {
	defer payroll.Wrap(&err, "report job %s", id)
	r, err := j.job(ctx, biz, p, id)
	if err != nil {
		return nil, err
	}
	switch r.Status {
	case JobComplete:
	case JobFailed:
		return nil, payroll.Conflict("report job %s failed: %s", id, r.Error)
	default:
		return nil, payroll.Conflict("report job %s is %s (%d of %d employees): ask again when it is Complete", id, r.Status, r.EmployeesDone, r.EmployeesTotal)
	}
	out := []LeaveLiability{}
	if err := json.Unmarshal([]byte(r.Result), &out); err != nil {
		return nil, err
	}
	return out, nil
}

// finalisedPaid is the date paid of a finalised run of biz (404 else).
func (s *Service) finalisedPaid(ctx context.Context, biz business.Business, runID int64) (time.Time, error) {
	var paid time.Time
	err := s.DB.R.QueryRowContext(ctx, "SELECT date_paid FROM pay_runs WHERE business_id = $1 AND id = $2 AND status = $3",
		biz.ID, runID, "Finalised").Scan(&paid)
	if err == sql.ErrNoRows {
		return paid, payroll.NotFound(fmt.Sprintf("finalised pay run %d", runID))
	}
	return paid, err
}

type liabilityWorker struct {
	job.WorkerDefaults[liabilityArgs]
	j *Jobs
}

func (w *liabilityWorker) Work(ctx context.Context, jb *job.Job[liabilityArgs]) error {
	j, a := w.j, jb.Args
	r, err := j.S.DB.Queries().GetReportJob(ctx, store.GetReportJobParams{ID: a.JobID, BusinessID: a.BusinessID})
	if db.IsNoRows(err) {
		return job.Cancel(fmt.Errorf("report job %s no longer exists", a.JobID))
	}
	if err != nil {
		return err
	}
	rows, done, err := j.compute(ctx, r)
	if err != nil {
		// The client's errors (access gone, run unlocked) and the last
		// attempt fail the job; others are retried.
		switch payroll.KindOf(err) {
		case payroll.KindInvalid, payroll.KindNotFound, payroll.KindConflict, payroll.KindForbidden:
		default:
			if jb.Attempt < jb.MaxAttempts {
				return err
			}
		}
		return j.finish(ctx, r, JobFailed, "", errText(err), done)
	}
	data, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	return j.finish(ctx, r, JobComplete, string(data), "", done)
}

// compute values the job's employees chunk by chunk, recording progress.
func (j *Jobs) compute(ctx context.Context, r store.ReportJob) ([]LeaveLiability, int64, error) {
	var who storedPrincipal
	var lq LeaveLiabilityQuery
	if err := json.Unmarshal([]byte(r.Principal), &who); err != nil {
		return nil, 0, err
	}
	if err := json.Unmarshal([]byte(r.Request), &lq); err != nil {
		return nil, 0, err
	}
	p := &payroll.Principal{UserID: who.UserID, Username: who.Username, Kind: who.Kind, BrandID: who.BrandID}
	acc, err := j.Businesses.Authorize(ctx, p, r.BusinessID)
	if err != nil {
		return nil, 0, err
	}
	biz := acc.Business
	ctx = payroll.WithPrincipal(business.WithAccess(ctx, acc), p)
	var b report.Args
	where, err := j.S.EmployeeScope(ctx, biz, p, report.Filter{LocationID: lq.LocationID, EmployingEntityID: lq.EmployingEntityID}, &b)
	if err != nil {
		return nil, 0, err
	}
	var ids []int64
	err = j.S.Query(ctx, "SELECT e.id FROM employees e"+where+" ORDER BY e.id", b.Values, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
		return nil
	})

	if err != nil {
		return nil, 0, err
	}
	now := j.S.Clock.Now
	var started int64
	if err := j.S.DB.InTx(ctx, func(q *store.Queries) (err error) {
		started, err = q.StartReportJob(ctx, store.StartReportJobParams{ID: r.ID, BusinessID: r.BusinessID, EmployeesTotal: int64(len(ids)), UpdatedAt: now()})
		return err
	}); err != nil || started == 0 {
		return nil, 0, err
	}
	out := []LeaveLiability{}
	var after int64
	for i := 0; i < len(ids); i += jobChunk {
		chunk := ids[i:min(i+jobChunk, len(ids))]
		q := lq
		q.idAfter, q.idUpTo = after, chunk[len(chunk)-1]
		rows, err := j.S.LeaveLiability(ctx, biz, p, q)
		if err != nil {
			return nil, int64(i), err
		}
		out = append(out, rows...)
		after = q.idUpTo
		done := int64(i + len(chunk))
		if err := j.S.DB.InTx(ctx, func(q *store.Queries) error {
			return q.ReportJobProgress(ctx, store.ReportJobProgressParams{ID: r.ID, BusinessID: r.BusinessID, EmployeesDone: done, UpdatedAt: now()})
		}); err != nil {
			return nil, done, err
		}
	}
	// The report's order across chunks.
	report.SortStable(out, func(a, b LeaveLiability) bool {
		if a.Surname != b.Surname {
			return a.Surname < b.Surname
		}
		if a.FirstName != b.FirstName {
			return a.FirstName < b.FirstName
		}
		if a.EmployeeID != b.EmployeeID {
			return a.EmployeeID < b.EmployeeID
		}
		return a.categoryID < b.categoryID
	})

	return out, int64(len(ids)), nil
}

func (j *Jobs) finish(ctx context.Context, r store.ReportJob, status, result, msg string, done int64) error {
	return j.S.DB.InTx(ctx, func(q *store.Queries) error {
		_, err := q.FinishReportJob(ctx, store.FinishReportJobParams{ID: r.ID, BusinessID: r.BusinessID, Status: status, Result: result, Error: msg,
			EmployeesDone: done, UpdatedAt: j.S.Clock.Now()})
		return err
	})
}

func errText(err error) string {
	if e, ok := err.(*payroll.Error); ok {
		if e.Field != "" {
			return e.Field + ": " + e.Message
		}
		return e.Message
	}
	return err.Error()
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
