package payrun

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/store"
)

// Events the pay run emits (webhook names).
const (
	EventInitialised = "PayRunInitialised"
	EventFinalised   = "PayRunFinalised"
	EventDeleted     = "PayRunDeleted"
)

// Effect is a consequence of finalising a run that lives in another area
// (leave balances, timesheets, ...). Finalised runs in the finalise
// transaction, given the options the finalise was called with (the
// scheduled pay slip publication reads them); Unlocked in the unlock
// transaction, and Unlocked must undo
// exactly what Finalised did, so finalise -> unlock -> finalise leaves the
// state of one finalise. An error rolls the whole transition back.
type Effect interface {
	Finalised(ctx context.Context, q *store.Queries, run Run, opt FinaliseOptions) error
	Unlocked(ctx context.Context, q *store.Queries, run Run) error
}

// Service owns pay runs.
type Service struct {
	// Calculator is the calculation's database and the areas it reads
	// records through (business categories, leave, timesheets, UK
	// statutory leave): internal/payrun/pay.
	pay.Calculator
	Clock     payroll.Clock
	Schedules *payschedule.ScheduleCollections
	// Emit records a web hook event in the caller's transaction
	// (webhook.Service.Emit); nil = no events.
	Emit func(ctx context.Context, q *store.Queries, businessID int64, action string, data any) error
	// Effects run inside finalise and unlock, in order (unlock in reverse).
	Effects []Effect
	// Employees decides which employees a caller may see (E/payruntotals).
	Employees *employee.Service
	// ReadPaySlips reads a run's pay slips for Service.PaySlips
	// (internal/payrun/views, which imports this package, gives it at
	// wiring).
	ReadPaySlips func(ctx context.Context, biz business.Business, id, employeeID int64) (map[string]PaySlip, error)
	// Lodgement, when set, names the lodgement an Effect made of the run's
	// finalisation (internal/filing: its filing id; "" = not lodged), for
	// the finalise result's lodgePayRun and payRunLodgementJobId.
	Lodgement func(ctx context.Context, q *store.Queries, run Run) (string, error)
	// ChunkSize is how many employees create and recalculation take at a
	// time (0 = defaultChunkSize); a test of the chunk boundaries sets a
	// small one.
	ChunkSize int
}

// EventData is the data of the pay run events.
type EventData struct {
	PayRunID      int64  `json:"payRunId"`
	PayScheduleID int64  `json:"payScheduleId"`
	ExternalID    string `json:"externalId"`
	Employees     int64  `json:"numberOfEmployees"`
}

func (s *Service) EmitRun(ctx context.Context, q *store.Queries, run store.PayRun, action string, n int64) error {
	if s.Emit == nil {
		return nil
	}
	return s.Emit(ctx, q, run.BusinessID, action, EventData{PayRunID: run.ID, PayScheduleID: run.PayScheduleID, ExternalID: run.ExternalID, Employees: n})
}

// CreateRequest is PayRunCreateRequest.
type CreateRequest struct {
	PayScheduleID              int64            `json:"payScheduleId" required:"true"`
	PayPeriodEnding            payroll.DateTime `json:"payPeriodEnding" required:"true" doc:"last day of the pay period: a local date, yyyy-MM-ddT00:00:00"`
	DatePaid                   payroll.DateTime `json:"datePaid,omitempty" nullable:"true" doc:"payment date, a local date yyyy-MM-ddT00:00:00; it picks the tax year of the run"`
	TimesheetImportOption      string           `json:"timesheetImportOption,omitempty" enum:"None,ThisPayPeriod,AllOutstanding,CustomPeriod" doc:"which approved timesheet lines the run pays: None (default), ThisPayPeriod (lines starting in the pay period), AllOutstanding (every approved line up to the period's end), CustomPeriod (lines from timesheetImportFromDate to timesheetImportToDate). An hourly employee with imported lines is paid them instead of their standard hours; finalise marks them Processed, unlock returns them to Approved"`
	TimesheetImportFromDate    payroll.DateTime `json:"timesheetImportFromDate,omitempty" nullable:"true" doc:"first day of a CustomPeriod import"`
	TimesheetImportToDate      payroll.DateTime `json:"timesheetImportToDate,omitempty" nullable:"true" doc:"last day of a CustomPeriod import"`
	ExcludeLeaveRequests       bool             `json:"excludeLeaveRequests,omitempty" doc:"do not pay approved leave requests of the period (by default they are paid through the leave category's pay category and taken out of the standard hours)"`
	ExternalID                 string           `json:"externalId,omitempty" maxLength:"50"`
	CallbackURL                string           `json:"callbackUrl,omitempty" doc:"used by async creation only"`
	CreateWithEmptyPays        bool             `json:"createWithEmptyPays,omitempty" doc:"include the employees without their standard earnings"`
	Adhoc                      bool             `json:"adhoc,omitempty" doc:"an ad hoc run: no employees are included until added (P/employee/{employeeId})"`
	IncludeTerminatedEmployees bool             `json:"includeTerminatedEmployees,omitempty" doc:"also include employees who left before the period (a leaver whose end date falls in the period is always included: their final pay)"`
}

// RequestExample is a valid create body (the OpenAPI example): a period
// ending and payment date of a fortnightly schedule, local dates.
func (CreateRequest) RequestExample() any {
	return map[string]any{"payScheduleId": 1, "payPeriodEnding": "2026-12-13T00:00:00", "datePaid": "2026-12-16T00:00:00",
		"timesheetImportOption": "None"}
}

func (r *CreateRequest) Validate() error {
	var v payroll.Validation
	v.RequiredMembers(r) // payScheduleId, payPeriodEnding
	if r.PayScheduleID < 0 {
		v.Add("payScheduleId", "payScheduleId is required")
	}
	r.ExternalID = strings.TrimSpace(r.ExternalID)
	v.MaxLen("externalId", r.ExternalID, 50)
	switch r.TimesheetImportOption {
	case "":
		r.TimesheetImportOption = pay.TimesheetsNone
	case pay.TimesheetsNone, pay.TimesheetsThisPayPeriod, pay.TimesheetsAllOutstanding:
	case pay.TimesheetsCustomPeriod:
		switch {
		case r.TimesheetImportFromDate.IsZero():
			v.Add("timesheetImportFromDate", "timesheetImportFromDate is required with timesheetImportOption CustomPeriod")
		case r.TimesheetImportToDate.IsZero():
			v.Add("timesheetImportToDate", "timesheetImportToDate is required with timesheetImportOption CustomPeriod")
		case r.TimesheetImportToDate.Before(r.TimesheetImportFromDate.Time):
			v.Add("timesheetImportToDate", "timesheetImportToDate must not be before timesheetImportFromDate")
		}
	default:
		v.Add("timesheetImportOption", "timesheetImportOption must be None, ThisPayPeriod, AllOutstanding or CustomPeriod")
	}
	return v.Err()
}

// Create creates a pay run of a schedule for the period ending on
// payPeriodEnding with the schedule's current employees, each calculated.
// The same externalId again returns the existing run.
func (s *Service) Create(ctx context.Context, biz business.Business, req CreateRequest) (_ PayRunModel, err error) {
	defer payroll.Wrap(&err, "create pay run")
	if err := req.Validate(); err != nil {
		return PayRunModel{}, err
	}
	if err := s.CheckCreate(ctx, biz, req.PayScheduleID); err != nil {
		return PayRunModel{}, err
	}
	if err := pay.RegionCalculable(biz.Region); err != nil {
		return PayRunModel{}, err
	}
	q := s.DB.Queries()
	if req.ExternalID != "" {
		if r, err := q.GetPayRunByExternalID(ctx, store.GetPayRunByExternalIDParams{BusinessID: biz.ID, ExternalID: req.ExternalID}); err == nil {
			return RunModel(r), nil
		} else if !db.IsNoRows(err) {
			return PayRunModel{}, err
		}
	}
	sched, err := s.Schedules.PaySchedules.Get(ctx, biz, 0, req.PayScheduleID)
	if err != nil {
		if payroll.KindOf(err) == payroll.KindNotFound {
			return PayRunModel{}, payroll.Invalid("payScheduleId", "no pay schedule %d in this business", req.PayScheduleID)
		}
		return PayRunModel{}, err
	}
	if _, ok := pay.WeeksPerPeriod(sched.Frequency); !ok {
		return PayRunModel{}, payroll.Invalid("payScheduleId", "pay schedule %d is %s; pay runs are calculated for Weekly, Fortnightly, FourWeekly, Monthly, Quarterly and Annually schedules", sched.ID, sched.Frequency)
	}
	cats, err := s.LoadCategories(ctx, biz)
	if err != nil {
		return PayRunModel{}, err
	}
	end := payroll.DateOnly(req.PayPeriodEnding.Time)
	paid := end
	if !req.DatePaid.IsZero() {
		paid = payroll.DateOnly(req.DatePaid.Time)
	}
	if err := pay.RegionCalculableOn(biz.Region, paid); err != nil {
		return PayRunModel{}, err
	}
	now := s.Clock.Now()
	var out store.PayRun
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := q.CreatePayRun(ctx, store.CreatePayRunParams{BusinessID: biz.ID, PayScheduleID: sched.ID, Frequency: sched.Frequency,
			PeriodStarting: pay.PeriodStart(sched.Frequency, end), PeriodEnding: end, DatePaid: paid, ExternalID: req.ExternalID,
			Adhoc: req.Adhoc, CreatedAt: now})
		if err != nil {
			return err
		}
		out = run
		var tsFrom, tsTo sql.NullTime
		if req.TimesheetImportOption == pay.TimesheetsCustomPeriod {
			tsFrom, tsTo = sqlNullTime(payroll.DateOnly(req.TimesheetImportFromDate.Time)), sqlNullTime(payroll.DateOnly(req.TimesheetImportToDate.Time))
		}
		if err := q.SetPayRunOptions(ctx, store.SetPayRunOptionsParams{PayRunID: run.ID, BusinessID: biz.ID, TimesheetImportOption: req.TimesheetImportOption,
			TimesheetsFrom: tsFrom, TimesheetsTo: tsTo, ExcludeLeaveRequests: req.ExcludeLeaveRequests}); err != nil {
			return err
		}
		ytds, err := pay.YearToDate(ctx, q, biz, &run)
		if err != nil {
			return err
		}
		// The schedule's employees a page at a time (keyset on id): each
		// page's inputs (timesheets included) are read, its employees
		// calculated and written, and released before the next, so memory
		// does not grow with the run.
		w := s.NewWriter(q, biz.ID, run.ID)
		var n int64
		for after := int64(0); !req.Adhoc; {
			emps, err := q.ListPayScheduleEmployeesAfter(ctx, store.ListPayScheduleEmployeesAfterParams{BusinessID: biz.ID,
				PayScheduleID: nullID(sched.ID), IncludeTerminated: req.IncludeTerminatedEmployees, FinalPayFrom: sqlNullTime(run.PeriodStarting),
				After: after, Page: int32(s.chunkSize())})
			if err != nil {
				return err
			}
			if len(emps) == 0 {
				break
			}
			ids := make([]int64, len(emps))
			for i := range emps {
				ids[i] = emps[i].ID
			}
			if err := w.LoadInputs(ctx, biz, &run, ids); err != nil {
				return err
			}
			for i := range emps {
				e := (*pay.EmployeeRow)(&emps[i])
				if err := w.AddEmployee(ctx, biz.Region, &run, e, cats, !req.CreateWithEmptyPays, ytds[e.ID]); err != nil {
					return err
				}
			}
			if err := w.Flush(ctx); err != nil {
				return err
			}
			n += int64(len(emps))
			after = ids[len(ids)-1]
		}
		if err := w.Flush(ctx); err != nil {
			return err
		}
		return s.EmitRun(ctx, q, run, EventInitialised, n)
	})
	if err != nil {
		if req.ExternalID != "" && db.IsUniqueViolation(err) {
			// A concurrent create with the same externalId won: same run.
			r, gerr := s.DB.Queries().GetPayRunByExternalID(ctx, store.GetPayRunByExternalIDParams{BusinessID: biz.ID, ExternalID: req.ExternalID})
			if gerr == nil {
				return RunModel(r), nil
			}
		}
		return PayRunModel{}, err
	}
	return RunModel(out), nil
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

func sqlNullTime(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: true} }

// load reads a run of the business (404 for another tenant's).
func (s *Service) Load(ctx context.Context, q *store.Queries, biz business.Business, id int64) (store.PayRun, error) {
	r, err := q.GetPayRun(ctx, store.GetPayRunParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return r, payroll.NotFound("pay run")
	}
	return r, err
}

// touch takes the run for a write: 404 when absent, 409 when finalised.
// The conditional update also serialises writers of the run on its row.
func (s *Service) Touch(ctx context.Context, q *store.Queries, biz business.Business, id int64) (store.PayRun, error) {
	r, err := q.TouchDraftPayRun(ctx, store.TouchDraftPayRunParams{ID: id, BusinessID: biz.ID, UpdatedAt: s.Clock.Now()})
	if db.IsNoRows(err) {
		if _, err := s.Load(ctx, q, biz, id); err != nil {
			return r, err
		}
		return r, payroll.Conflict("pay run %d is finalised: unlock it before changing it", id)
	}
	return r, err
}

// Get is GET P.
func (s *Service) Get(ctx context.Context, biz business.Business, id int64) (_ PayRunModel, err error) {
	defer payroll.Wrap(&err, "get pay run %d", id)
	r, err := s.Load(ctx, s.DB.Queries(), biz, id)
	return RunModel(r), err
}

// Summary is P/summary.
func (s *Service) Summary(ctx context.Context, biz business.Business, id int64) (_ PayRunSummaryModel, err error) {
	defer payroll.Wrap(&err, "pay run %d summary", id)
	q := s.DB.Queries()
	r, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return PayRunSummaryModel{}, err
	}
	return SummaryModel(r), nil
}

// SummaryModel is a run with its kept totals (pay_runs.total_*).
func SummaryModel(r store.PayRun) PayRunSummaryModel {
	return PayRunSummaryModel{PayRunModel: RunModel(r), TotalHours: HoursFromE4(r.TotalHoursE4), TotalNetWages: money(r.TotalNet),
		TotalGrossWages: money(r.TotalGross)}
}

// Delete deletes a draft run (409 when finalised).
func (s *Service) Delete(ctx context.Context, biz business.Business, id int64) (err error) {
	defer payroll.Wrap(&err, "delete pay run %d", id)
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		r, err := s.Touch(ctx, q, biz, id)
		if err != nil {
			return err
		}
		if _, err := q.DeleteDraftPayRun(ctx, store.DeleteDraftPayRunParams{ID: id, BusinessID: biz.ID}); err != nil {
			return err
		}
		return s.EmitRun(ctx, q, r, EventDeleted, r.TotalEmployees)
	})
}

// Recalculate recomputes every employee of a draft run.
func (s *Service) Recalculate(ctx context.Context, biz business.Business, id int64) (err error) {
	defer payroll.Wrap(&err, "recalculate pay run %d", id)
	cats, err := s.LoadCategories(ctx, biz)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		r, err := s.Touch(ctx, q, biz, id)
		if err != nil {
			return err
		}
		return s.recalcAll(ctx, q, biz, &r, cats, nil)
	})
}

// defaultChunkSize is how many employees a whole-run recalculation reads and
// computes at a time: memory is O(chunk), not O(run) (the
// run's lines, employee rows and inputs of 100,000 employees held at once
// made a 700 MB process). 500 keeps loadInputs' timesheet read an IN list
// of the chunk's ids (it reads the whole period beyond 500).
const defaultChunkSize = 500

func (s *Service) chunkSize() int {
	if s.ChunkSize > 0 {
		return s.ChunkSize
	}
	return defaultChunkSize
}

// recalcAll recomputes every employee of run, or those in only (inside
// the caller's write transaction, after touch). The employees are taken
// in chunks of chunkSize ids, in id order: each chunk's run rows,
// employee records, lines and inputs are read by id range, computed,
// written and released before the next. A handful of employees are read
// one by one instead. Year-to-date is read once for the run.
func (s *Service) recalcAll(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, cats *pay.Categories, only map[int64]bool) error {
	if only != nil && len(only) <= 20 {
		ids := make([]int64, 0, len(only))
		for id := range only {
			ids = append(ids, id)
		}
		slices.Sort(ids) // in id order, as the chunks: the lines' ids do not depend on the map's order
		for _, id := range ids {
			if err := s.recalcOne(ctx, q, biz, run, id, cats); err != nil {
				return err
			}
		}
		return nil
	}
	ids, err := q.ListPayRunEmployeeIDs(ctx, run.ID)
	if err != nil {
		return err
	}
	if only != nil {
		kept := ids[:0]
		for _, id := range ids {
			if only[id] {
				kept = append(kept, id)
			}
		}
		if len(kept) == len(ids) {
			only = nil // every employee of the run
		}
		ids = kept
	}
	ytds, err := pay.YearToDate(ctx, q, biz, run)
	if err != nil {
		return err
	}
	w := s.NewWriter(q, biz.ID, run.ID)
	if only == nil {
		// The whole run: its calculated lines and their sources go in one
		// statement each (the chunks below then read only the lines
		// entered by users).
		if _, err := q.DeleteCalculatedPayRunLinesOfRun(ctx, run.ID); err != nil {
			return err
		}
		if err := q.DeletePayRunSourcesOfRun(ctx, run.ID); err != nil {
			return err
		}
		w.CalculatedDeleted = true
	}
	for len(ids) > 0 {
		n := min(len(ids), s.chunkSize())
		if err := s.recalcChunk(ctx, q, w, biz, run, cats, ids[:n], only != nil, ytds); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return w.Flush(ctx)
}

// recalcChunk recomputes the run's employees ids (ascending) with w: one
// read by id range of their run rows, employee records and lines (filtered
// to ids when the recalculation is of some employees), then their inputs;
// the chunk's writes are flushed before returning.
func (s *Service) recalcChunk(ctx context.Context, q *store.Queries, w *pay.Writer, biz business.Business, run *store.PayRun, cats *pay.Categories,
	ids []int64, filter bool, ytds map[int64]*pay.YTD) error {
	lo, hi := ids[0], ids[len(ids)-1]
	rows, err := q.ListPayRunEmployeesInRange(ctx, store.ListPayRunEmployeesInRangeParams{PayRunID: run.ID, Lo: lo, Hi: hi})
	if err != nil {
		return err
	}
	if filter {
		want := make(map[int64]bool, len(ids))
		for _, id := range ids {
			want[id] = true
		}
		kept := rows[:0]
		for _, r := range rows {
			if want[r.EmployeeID] {
				kept = append(kept, r)
			}
		}
		rows = kept
	}
	emps, err := q.ListEmployeesForPayInRange(ctx, store.ListEmployeesForPayInRangeParams{BusinessID: biz.ID, Lo: lo, Hi: hi})
	if err != nil {
		return err
	}
	all, err := q.ListPayRunLinesInRange(ctx, store.ListPayRunLinesInRangeParams{PayRunID: run.ID, Lo: lo, Hi: hi})
	if err != nil {
		return err
	}
	if err := w.LoadInputs(ctx, biz, run, ids); err != nil {
		return err
	}
	// emps and all are ordered by employee id, as rows: walk them along.
	ei, li := 0, 0
	for i := range rows {
		id := rows[i].EmployeeID
		for ei < len(emps) && emps[ei].ID < id {
			ei++
		}
		e := &pay.EmployeeRow{ID: id} // deleted since: keep the lines, no standard pay
		if ei < len(emps) && emps[ei].ID == id {
			e = (*pay.EmployeeRow)(&emps[ei])
		}
		for li < len(all) && all[li].EmployeeID < id {
			li++
		}
		end := li
		for end < len(all) && all[end].EmployeeID == id {
			end++
		}
		if err := w.RecalcEmployee(ctx, biz.Region, run, e, &rows[i], all[li:end:end], cats, ytds[id]); err != nil {
			return err
		}
		li = end
	}
	return w.Flush(ctx)
}

// recalcOne recomputes one employee of run.
func (s *Service) recalcOne(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, employeeID int64, cats *pay.Categories) error {
	row, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
	if err != nil {
		return err
	}
	er, err := q.GetEmployeeForPay(ctx, store.GetEmployeeForPayParams{BusinessID: biz.ID, ID: employeeID})
	var e pay.EmployeeRow
	if err == nil {
		e = pay.EmployeeRow(er)
	} else if db.IsNoRows(err) {
		e = pay.EmployeeRow{ID: employeeID}
	} else {
		return err
	}
	lines, err := q.ListPayRunLinesOfEmployee(ctx, store.ListPayRunLinesOfEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
	if err != nil {
		return err
	}
	ytds, err := pay.YearToDate(ctx, q, biz, run)
	if err != nil {
		return err
	}
	w := s.NewWriter(q, biz.ID, run.ID)
	if err := w.LoadInputs(ctx, biz, run, []int64{employeeID}); err != nil {
		return err
	}
	if err := w.RecalcEmployee(ctx, biz.Region, run, &e, &row, lines, cats, ytds[employeeID]); err != nil {
		return err
	}
	return w.Flush(ctx)
}

// FinaliseOptions are the members of FinalisePayRunOptions this service
// acts on; the others are accepted.
type FinaliseOptions struct {
	PayRunID                  int64            `json:"payRunId,omitempty"`
	DatePaid                  payroll.DateTime `json:"datePaid,omitempty" nullable:"true" doc:"a new date paid recalculates the run for that date before finalising"`
	ExportJournals            bool             `json:"exportJournals,omitempty"`
	PublishPaySlips           string           `json:"publishPaySlips,omitempty" enum:"Manual,Immediate,Scheduled"`
	PublishPaySlipsPreference string           `json:"publishPaySlipsPreference,omitempty" enum:"Manual,Immediate,Scheduled"`
	PublishPaySlipsDateTime   payroll.DateTime `json:"publishPaySlipsDateTime,omitempty" nullable:"true"`
	SuppressNotifications     bool             `json:"suppressNotifications,omitempty"`
	LodgePayRun               bool             `json:"lodgePayRun,omitempty"`
	LodgePayRunInTestMode     bool             `json:"lodgePayRunInTestMode,omitempty"`
	SubmitToPensionSync       bool             `json:"submitToPensionSync,omitempty"`
	FinaliseAsAdmin           bool             `json:"finaliseAsAdmin,omitempty"`
}

// FinaliseResult is PayRunFinaliseResult.
type FinaliseResult struct {
	JournalExportResult        JournalExportResult `json:"journalExportResult"`
	JournalExportFailedMessage string              `json:"journalExportFailedMessage"`
	RemovedEmployees           []int64             `json:"removedEmployees"`
	Notifications              Notifications       `json:"notifications"`
	PaySlipsPublished          bool                `json:"paySlipsPublished"`
	PublishPreference          string              `json:"publishPreference" enum:"Manual,Immediate,Scheduled"`
	DatePaid                   payroll.DateTime    `json:"datePaid"`
	ExportJournalsPreference   bool                `json:"exportJournalsPreference"`
	ActiveEmployees            int64               `json:"activeEmployees"`
	PublishPaySlips            string              `json:"publishPaySlips" enum:"Manual,Immediate,Scheduled"`
	ExportJournals             string              `json:"exportJournals" enum:"Manual,Immediate,Scheduled"`
	LodgePayRun                string              `json:"lodgePayRun" enum:"Manual,Immediate,Scheduled"`
	RunReportPacks             string              `json:"runReportPacks" enum:"Manual,Immediate,Scheduled"`
	SubmitToPensionSync        string              `json:"submitToPensionSync" enum:"Manual,Immediate,Scheduled"`
	SuperPayments              []struct{}          `json:"superPayments"`
	IsFirstFinalisation        bool                `json:"isFirstFinalisation"`
	PayRunLodgementJobID       string              `json:"payRunLodgementJobId" doc:"the filing (B/filing/{filingId}) this finalisation lodged; empty when it lodged nothing"`
	// Report packs are not kept by this service: none selected, none run.
	AreReportPacksProcessed bool     `json:"areReportPacksProcessed"`
	SelectedReportPacks     []string `json:"selectedReportPacks"`
}

// JournalExportResult reports the journal export of a finalise: journals
// are not exported by this service (the journal area does it).
type JournalExportResult struct {
	Status                     string `json:"status" enum:"NotExported,Success,FailureUnknownError"`
	Message                    string `json:"message"`
	JournalSource              string `json:"journalSource" enum:"None,PayRunDefault"`
	JournalExternalReferenceID string `json:"journalExternalReferenceId"`
}

// Notifications counts the pay slip notifications a finalise sent.
type Notifications struct {
	TotalEmailNotificationsSent   int64              `json:"totalEmailNotificationsSent"`
	TotalSmsNotificationsSent     int64              `json:"totalSmsNotificationsSent"`
	Errors                        NotificationErrors `json:"errors"`
	HasPartiallySentNotifications bool               `json:"hasPartiallySentNotifications"`
}

// NotificationErrors is PayRunWarningResult: the pay slip notifications
// that could not be sent. Finalise only queues them in the outbox (whose
// deliveries are retried there), so it is always empty.
type NotificationErrors struct {
	WarningMessage string         `json:"warningMessage"`
	Warnings       []WarningModel `json:"warnings"`
	TemplateName   string         `json:"templateName"`
}

// Finalise makes a draft run final: one conditional statement (a second
// finalise, concurrent or not, is a 409), refused while an employee's pay
// could not be calculated, with the Effects and the PayRunFinalised event
// in the same transaction.
func (s *Service) Finalise(ctx context.Context, biz business.Business, id int64, opt FinaliseOptions) (_ FinaliseResult, err error) {
	defer payroll.Wrap(&err, "finalise pay run %d", id)
	if err := pay.RegionCalculable(biz.Region); err != nil {
		return FinaliseResult{}, err
	}
	publish := opt.PublishPaySlips
	if publish == "" {
		publish = opt.PublishPaySlipsPreference
	}
	if publish == "" {
		publish = "Manual"
	}
	var cats *pay.Categories
	if !opt.DatePaid.IsZero() {
		if cats, err = s.LoadCategories(ctx, biz); err != nil {
			return FinaliseResult{}, err
		}
	}
	var res FinaliseResult
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		cur, err := s.Load(ctx, q, biz, id)
		if err != nil {
			return err
		}
		paid := cur.DatePaid
		if !opt.DatePaid.IsZero() && !payroll.DateOnly(opt.DatePaid.Time).Equal(payroll.DateOnly(cur.DatePaid)) {
			// Another payment date can change the tax year and the
			// year-to-date: recalculate for it first.
			paid = payroll.DateOnly(opt.DatePaid.Time)
			n, err := q.SetDraftPayRunDatePaid(ctx, store.SetDraftPayRunDatePaidParams{ID: id, BusinessID: biz.ID, DatePaid: paid})
			if err != nil {
				return err
			}
			if n == 0 {
				return payroll.Conflict("pay run %d is already finalised", id)
			}
			r, err := s.Touch(ctx, q, biz, id)
			if err != nil {
				return err
			}
			if err := s.recalcAll(ctx, q, biz, &r, cats, nil); err != nil {
				return err
			}
		}
		now := s.Clock.Now() // one instant for the run's finalisation and its audit
		run, err := q.FinalisePayRun(ctx, store.FinalisePayRunParams{ID: id, BusinessID: biz.ID, DateFinalised: sqlNullTime(now),
			DatePaid: paid, PaySlipsPublished: publish == "Immediate"})
		if db.IsNoRows(err) {
			return payroll.Conflict("pay run %d is already finalised", id)
		}
		if err != nil {
			return err
		}
		if n, err := q.CountIncompletePayRunEmployees(ctx, run.ID); err != nil {
			return err
		} else if n > 0 {
			return payroll.Conflict("pay run %d has %d employee(s) whose pay could not be calculated (see P/totals warning); fix their details and recalculate", id, n)
		}
		if err := pay.PostYearToDate(ctx, q, biz.Region, run, 1); err != nil {
			return err
		}
		for _, e := range s.Effects {
			if err := e.Finalised(ctx, q, run, opt); err != nil {
				return err
			}
		}
		if err := q.AddPayRunAudit(ctx, store.AddPayRunAuditParams{BusinessID: biz.ID, PayRunID: run.ID, Action: "Finalised",
			Comments: "", Actor: Actor(ctx), CreatedAt: now}); err != nil {
			return err
		}
		res = FinaliseResult{JournalExportResult: JournalExportResult{Status: "NotExported", JournalSource: "None"}, RemovedEmployees: []int64{},
			SelectedReportPacks: []string{}, Notifications: Notifications{Errors: NotificationErrors{Warnings: []WarningModel{}}}, PaySlipsPublished: run.PaySlipsPublished, PublishPreference: publish,
			DatePaid: payroll.NewDateTime(run.DatePaid), ActiveEmployees: run.TotalEmployees, PublishPaySlips: publish,
			ExportJournals: "Manual", LodgePayRun: "Manual", RunReportPacks: "Manual", SubmitToPensionSync: "Manual",
			SuperPayments: []struct{}{}, IsFirstFinalisation: run.FinalisedCount == 1}
		if s.Lodgement != nil {
			id, err := s.Lodgement(ctx, q, run)
			if err != nil {
				return err
			}
			if id != "" {
				res.LodgePayRun, res.PayRunLodgementJobID = "Immediate", id
			}
		}
		return s.EmitRun(ctx, q, run, EventFinalised, run.TotalEmployees)
	})
	return res, err
}

func Actor(ctx context.Context) string {
	if p := payroll.PrincipalFrom(ctx); p != nil {
		return fmt.Sprint(p.UserID)
	}
	return ""
}

// Unlock returns a finalised run to draft (audited with the comments),
// undoing the Effects in reverse order in the same transaction.
func (s *Service) Unlock(ctx context.Context, biz business.Business, id int64, comments string) (err error) {
	defer payroll.Wrap(&err, "unlock pay run %d", id)
	if len(comments) > 1000 {
		return payroll.Invalid("comments", "comments must be at most 1000 characters")
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := q.UnlockPayRun(ctx, store.UnlockPayRunParams{ID: id, BusinessID: biz.ID, UpdatedAt: s.Clock.Now()})
		if db.IsNoRows(err) {
			if _, err := s.Load(ctx, q, biz, id); err != nil {
				return err
			}
			return payroll.Conflict("pay run %d is not finalised", id)
		}
		if err != nil {
			return err
		}
		for i := len(s.Effects) - 1; i >= 0; i-- {
			if err := s.Effects[i].Unlocked(ctx, q, run); err != nil {
				return err
			}
		}
		if err := pay.PostYearToDate(ctx, q, biz.Region, run, -1); err != nil {
			return err
		}
		return q.AddPayRunAudit(ctx, store.AddPayRunAuditParams{BusinessID: biz.ID, PayRunID: run.ID, Action: "Unlocked",
			Comments: comments, Actor: Actor(ctx), CreatedAt: s.Clock.Now()})
	})
}
