package filing

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/sg/cpf"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/webhook"
)

// Service owns filings. It is also the pay run Effect that creates them
// (Finalised) — add it to payrun.Service.Effects.
type Service struct {
	DB    *db.DB
	Clock payroll.Clock
	// Emit records a web hook event in the caller's transaction
	// (webhook.Service.Emit); nil = none.
	Emit func(ctx context.Context, q *store.Queries, businessID int64, action string, data any) error
	// Jobs queues the transmission in the finalise transaction; nil =
	// filings stay Pending until Transmit is called.
	Jobs        *job.Client
	Transmitter Transmitter
	Calculator  *pay.Calculator
	Categories  *categories.CoreCollections
	AU          *au.AUCollections
}

type transmitArgs struct {
	BusinessID int64 `json:"businessId"`
	FilingID   int64 `json:"filingId"`
}

func (transmitArgs) Kind() string { return "filing_transmit" }

type transmitWorker struct {
	job.WorkerDefaults[transmitArgs]
	s *Service
}

func (w *transmitWorker) Work(ctx context.Context, j *job.Job[transmitArgs]) error {
	return w.s.Transmit(ctx, j.Args.BusinessID, j.Args.FilingID)
}

// Register registers the transmission worker on the queue (while the app
// is built) and keeps the queue for the Effect's inserts.
func (s *Service) Register(queue *job.Client) {
	s.Jobs = queue
	job.Register(queue, job.Worker[transmitArgs](&transmitWorker{s: s}))
}

// Finalised is the Effect: an AU run finalised with lodgePayRun gets an STP
// pay event; a run that was lodged before (finalised again after an unlock)
// gets an STP update event with the corrected year to date, whatever
// lodgePayRun says (the authority already holds the earlier figures).
func (s *Service) Finalised(ctx context.Context, q *store.Queries, run payrun.Run, opt payrun.FinaliseOptions) error {
	row, err := q.GetBusiness(ctx, run.BusinessID)
	if err != nil {
		return err
	}
	biz := business.FromRow(row)
	if biz.Region != "AU" {
		return nil // only AU STP is built (issue 26); other regions' lodgement is not this package's yet
	}
	kind := KindSTPPayEvent
	if _, err := q.LatestFilingOfRun(ctx, store.LatestFilingOfRunParams{BusinessID: biz.ID, PayRunID: run.ID}); err == nil {
		kind = KindSTPUpdateEvent
	} else if !db.IsNoRows(err) {
		return err
	} else if !opt.LodgePayRun {
		return nil
	}
	_, err = s.create(ctx, q, biz, run, kind)
	return err
}

// Lodgement is the id of the filing run's current finalisation made ("" =
// none): payrun.Service.Lodgement.
func (s *Service) Lodgement(ctx context.Context, q *store.Queries, run payrun.Run) (string, error) {
	f, err := q.LatestFilingOfRun(ctx, store.LatestFilingOfRunParams{BusinessID: run.BusinessID, PayRunID: run.ID})
	if db.IsNoRows(err) || (err == nil && f.Finalisation != run.FinalisedCount) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return fmt.Sprint(f.ID), nil
}

// Unlocked keeps the filings: what was sent stays on record; the next
// finalise reports the correction as an update event.
func (s *Service) Unlocked(context.Context, *store.Queries, payrun.Run) error { return nil }

// create builds the document and stores the filing Pending, with its event
// and the transmission job, in q's transaction.
func (s *Service) create(ctx context.Context, q *store.Queries, biz business.Business, run payrun.Run, kind string) (store.Filing, error) {
	in, err := s.input(ctx, q, biz, run)
	if err != nil {
		return store.Filing{}, err
	}
	in.EventType = stp.EventPay
	if kind == KindSTPUpdateEvent {
		in.EventType = stp.EventUpdate
	}
	in.SubmissionID = fmt.Sprintf("stp-%d-%d-%d", biz.ID, run.ID, run.FinalisedCount)
	doc, err := stp.Build(ctx, q, in)
	if err != nil {
		return store.Filing{}, err
	}
	return s.insert(ctx, q, biz, run.ID, run.FinalisedCount, kind, doc)
}

// insert validates an STP document against the note and stores it as a
// Pending filing, with its event and the transmission job, in q's
// transaction.
func (s *Service) insert(ctx context.Context, q *store.Queries, biz business.Business, runID, finalisation int64, kind string, doc stp.Document) (store.Filing, error) {
	if errs := stp.Validate(doc); len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = e.Error()
		}
		return store.Filing{}, payroll.Conflict("the %s does not satisfy docs/reference/au-stp-phase2.md: %s; nothing was lodged", kind, strings.Join(msgs, "; "))
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return store.Filing{}, err
	}
	return s.createPending(ctx, q, store.CreateFilingParams{BusinessID: biz.ID, PayRunID: runID, Finalisation: finalisation, Kind: kind,
		SubmissionID: doc.Payer.SubmissionID, Document: string(b)})
}

// createPending stores a new filing Pending, emits its event and queues its
// transmission, in q's transaction.
func (s *Service) createPending(ctx context.Context, q *store.Queries, p store.CreateFilingParams) (store.Filing, error) {
	p.State, p.CreatedAt = StatePending, s.Clock.Now()
	f, err := q.CreateFiling(ctx, p)
	if err != nil {
		return store.Filing{}, err
	}
	if err := s.emit(ctx, q, f); err != nil {
		return store.Filing{}, err
	}
	if s.Jobs != nil {
		return f, s.Jobs.Insert(ctx, q, transmitArgs{BusinessID: f.BusinessID, FilingID: f.ID}, &job.InsertOpts{MaxAttempts: 10})
	}
	return f, nil
}

// FinaliseYearRequest is the STP finalisation declaration asked for: the
// income year (the calendar year it starts in: 2025 = 1 July 2025 to 30
// June 2026) and the employees (none = every employee paid in the year).
type FinaliseYearRequest struct {
	FinancialYear int     `json:"financialYear" doc:"the income year to finalise, as the calendar year it starts in (2025 = 1 July 2025 to 30 June 2026)"`
	EmployeeIDs   []int64 `json:"employeeIds,omitempty" doc:"the employees to finalise; empty = every employee paid by a finalised pay run of the year"`
}

// FinaliseYear makes the STP finalisation declaration of an AU business's
// income year: an update event with the selected payees' year to date and
// the final event indicator set, stored Pending as kind STP finalisation
// with its event and transmission job. A business of another region, a
// year not started, an employee not paid in the year or a payee the note
// cannot report is refused and nothing is stored.
func (s *Service) FinaliseYear(ctx context.Context, biz business.Business, r FinaliseYearRequest) (_ Filing, err error) {
	defer payroll.Wrap(&err, "STP finalisation")
	if biz.Region != "AU" {
		return Filing{}, record.RegionError("STP finalisation declarations", []string{"AU"}, biz)
	}
	now := s.Clock.Now()
	if err := stp.FinalisableYear(r.FinancialYear, now); err != nil {
		return Filing{}, err
	}
	var f store.Filing
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		_, to := stp.IncomeYear(r.FinancialYear)
		in, err := s.input(ctx, q, biz, store.PayRun{BusinessID: biz.ID, DatePaid: to, PeriodEnding: to})
		if err != nil {
			return err
		}
		n, err := q.NextBusinessFilingNumber(ctx, store.NextBusinessFilingNumberParams{BusinessID: biz.ID, Kind: KindSTPFinalisation})
		if err != nil {
			return err
		}
		in.SubmissionID = fmt.Sprintf("stp-final-%d-%d-%d", biz.ID, r.FinancialYear, n)
		doc, err := stp.BuildFinalisation(ctx, q, in, r.FinancialYear, r.EmployeeIDs)
		if err != nil {
			return err
		}
		f, err = s.insert(ctx, q, biz, 0, n, KindSTPFinalisation, doc)
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("another STP finalisation of this business was made at the same time; try again")
		}
		return err
	})
	if err != nil {
		return Filing{}, err
	}
	return model(f), nil
}

// CreateCPFSubmission builds the CPF contribution submission file of a
// month of an SG business (internal/sg/cpf, from its finalised runs paid
// in the month) and stores it Pending as a filing of kind CPF contribution
// submission, with its FilingStateChanged event and transmission job. A
// request the file cannot be built for stores nothing.
func (s *Service) CreateCPFSubmission(ctx context.Context, biz business.Business, r cpf.SubmissionRequest) (_ Filing, err error) {
	defer payroll.Wrap(&err, "CPF contribution submission")
	var f store.Filing
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		file, err := cpf.Month(ctx, q, biz, r, s.Clock.Now())
		if err != nil {
			return err
		}
		// Each submission of a month needs an advice code the month's earlier
		// ones did not use (docs/reference/sg-cpf-submission.md).
		used, err := q.CountFilingsWithSubmissionID(ctx, store.CountFilingsWithSubmissionIDParams{BusinessID: biz.ID, Kind: KindCPFSubmission, SubmissionID: file.Name})
		if err != nil {
			return err
		}
		if used > 0 {
			return payroll.Conflict("advice code %s was already used for %s under CSN %s (%s); use another; nothing was filed", r.AdviceCode, r.Month, strings.ToUpper(r.CSN), file.Name)
		}
		n, err := q.NextBusinessFilingNumber(ctx, store.NextBusinessFilingNumberParams{BusinessID: biz.ID, Kind: KindCPFSubmission})
		if err != nil {
			return err
		}
		f, err = s.createPending(ctx, q, store.CreateFilingParams{BusinessID: biz.ID, PayRunID: 0, Finalisation: n, Kind: KindCPFSubmission,
			SubmissionID: file.Name, Document: file.Text})
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("another CPF contribution submission of this business was made at the same time; try again")
		}
		return err
	})
	if err != nil {
		return Filing{}, err
	}
	return model(f), nil
}

// AISRequest is the IRAS AIS return asked for: the basis year (the
// calendar year the income was earned; the year of assessment is the next).
type AISRequest struct {
	BasisYear int `json:"basisYear" doc:"the basis year of the return (the calendar year the income was earned), e.g. 2026 for YA 2027"`
}

// CreateIRASAIS would build the IRAS Auto-Inclusion Scheme return (IR8A
// with Appendix 8A) of a basis year. It is refused: the return's layout
// (records, fields, lengths, income codes) is not in hand
// (docs/reference/sg-iras-ais.md, "Not found"), and nothing is guessed or
// stored. The request is still checked (400 for a bad basis year or a
// business of another region) so a client learns what it will need.
func (s *Service) CreateIRASAIS(_ context.Context, biz business.Business, r AISRequest) (Filing, error) {
	if r.BasisYear < 2000 || r.BasisYear >= s.Clock.Now().Year()+1 {
		return Filing{}, payroll.Invalid("basisYear", "basisYear must be a calendar year from 2000 that has started (the year the income was earned)")
	}
	if biz.Region != "SG" {
		return Filing{}, record.RegionError("IRAS AIS returns", []string{"SG"}, biz)
	}
	return Filing{}, payroll.Conflict("the IRAS AIS return (IR8A with Appendix 8A) of basis year %d cannot be built: IRAS's AIS file and API "+
		"specifications (record layouts, field lengths, income codes) were not available to this service (docs/reference/sg-iras-ais.md); "+
		"nothing was filed", r.BasisYear)
}

// input gathers what stp.Build reads beyond the store.
func (s *Service) input(ctx context.Context, q *store.Queries, biz business.Business, run payrun.Run) (stp.Input, error) {
	reg, err := s.AU.StpRegistration.GetInTx(ctx, q, biz, "")
	if err != nil {
		return stp.Input{}, err
	}
	pays, err := s.Categories.PayCategories.List(ctx, biz, 0)
	if err != nil {
		return stp.Input{}, err
	}
	deds, err := s.Categories.DeductionCategories.List(ctx, biz, 0)
	if err != nil {
		return stp.Input{}, err
	}
	leaves, err := s.Categories.LeaveCategories.List(ctx, biz, 0)
	if err != nil {
		return stp.Input{}, err
	}
	cats, err := s.Calculator.LoadCategories(ctx, biz)
	if err != nil {
		return stp.Input{}, err
	}
	return stp.Input{Business: biz, Registration: reg, Run: run, PayCategories: pays, DeductionCategories: deds, LeaveCategories: leaves,
		OTE: cats.OTE, ETPWithheld: func(ctx context.Context, runID, employeeID int64) (map[string]payroll.Money, error) {
			return pay.ETPWithheld(ctx, q, biz, cats, runID, employeeID) // a run's Schedule 11 figures, recomputed
		}, Now: s.Clock.Now()}, nil
}

func (s *Service) emit(ctx context.Context, q *store.Queries, f store.Filing) error {
	if s.Emit == nil {
		return nil
	}
	return s.Emit(ctx, q, f.BusinessID, webhook.FilingStateChanged, StateEvent{FilingID: f.ID, PayRunID: f.PayRunID, Kind: f.Kind, State: f.State, Error: f.Error})
}

// Transmit hands a Pending filing to the Transmitter and records it
// Submitted with its event (the job's work; a filing no longer Pending is
// left alone).
func (s *Service) Transmit(ctx context.Context, bizID, id int64) error {
	f, err := s.DB.Queries().GetFiling(ctx, store.GetFilingParams{BusinessID: bizID, ID: id})
	if err != nil {
		if db.IsNoRows(err) {
			return nil
		}
		return err
	}
	if f.State != StatePending {
		return nil
	}
	if s.Transmitter == nil {
		return fmt.Errorf("filing %d: no transmitter configured", id)
	}
	if err := s.Transmitter.Transmit(ctx, model(f), []byte(f.Document)); err != nil {
		return err
	}
	_, err = s.move(ctx, bizID, id, StatePending, StateSubmitted, "")
	return err
}

// SetState records the authority's answer on a filing of biz: Submitted to
// Accepted or Rejected (with its error), with the event. A move the filing
// cannot make is a 409.
func (s *Service) SetState(ctx context.Context, biz business.Business, id int64, to, errText string) (_ Filing, err error) {
	defer payroll.Wrap(&err, "filing %d", id)
	f, err := s.Get(ctx, biz, id)
	if err != nil {
		return Filing{}, err
	}
	ok := false
	for _, t := range transitions[f.State] {
		ok = ok || t == to
	}
	if !ok {
		return Filing{}, payroll.Conflict("filing %d is %s and cannot become %s", id, f.State, to)
	}
	row, err := s.move(ctx, biz.ID, id, f.State, to, errText)
	if db.IsNoRows(err) {
		return Filing{}, payroll.Conflict("filing %d changed state meanwhile", id)
	}
	return model(row), err
}

func (s *Service) move(ctx context.Context, bizID, id int64, from, to, errText string) (f store.Filing, err error) {
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		f, err = q.SetFilingState(ctx, store.SetFilingStateParams{ToState: to, Error: errText, UpdatedAt: s.Clock.Now(), BusinessID: bizID, ID: id, FromState: from})
		if err != nil {
			return err
		}
		return s.emit(ctx, q, f)
	})
	return f, err
}

// Get is a filing of biz (another business's is not found).
func (s *Service) Get(ctx context.Context, biz business.Business, id int64) (Filing, error) {
	f, err := s.row(ctx, biz, id)
	if err != nil {
		return Filing{}, err
	}
	return model(f), nil
}

// Document is a filing of biz and the document it sent (or will send),
// from one read of its row.
func (s *Service) Document(ctx context.Context, biz business.Business, id int64) (Filing, Document, error) {
	f, err := s.row(ctx, biz, id)
	if err != nil {
		return Filing{}, nil, err
	}
	return model(f), Document(f.Document), nil
}

// row is filing id of biz (another business's is not found).
func (s *Service) row(ctx context.Context, biz business.Business, id int64) (store.Filing, error) {
	f, err := s.DB.Queries().GetFiling(ctx, store.GetFilingParams{BusinessID: biz.ID, ID: id})
	if db.IsNoRows(err) {
		return store.Filing{}, payroll.NotFound("filing")
	}
	return f, err
}

// RunList is the filings of pay run runID of biz (a run of another
// business, or none, is not found).
func (s *Service) RunList(ctx context.Context, biz business.Business, runID int64, page, pageSize int) (Page, error) {
	if _, err := s.DB.Queries().GetPayRun(ctx, store.GetPayRunParams{ID: runID, BusinessID: biz.ID}); db.IsNoRows(err) {
		return Page{}, payroll.NotFound("pay run")
	} else if err != nil {
		return Page{}, err
	}
	return s.List(ctx, biz, ListRequest{PayRunID: runID, Page: page, PageSize: pageSize})
}

// ListRequest filters and pages the list (zero values: any, page 1, 100).
type ListRequest struct {
	PayRunID    int64
	Kind, State string
	Page        int
	PageSize    int
}

// List is the business's filings, newest first, filtered and paged in SQL.
func (s *Service) List(ctx context.Context, biz business.Business, r ListRequest) (_ Page, err error) {
	defer payroll.Wrap(&err, "list filings")
	if r.Page == 0 {
		r.Page = 1
	}
	if r.PageSize == 0 {
		r.PageSize = 100
	}
	v := &payroll.Validation{}
	if r.Page < 1 {
		v.Add("page", "page must be 1 or more")
	}
	if r.PageSize < 1 || r.PageSize > 100 {
		v.Add("pageSize", "pageSize must be between 1 and 100")
	}
	if r.Kind != "" && !slices.Contains(kinds, r.Kind) {
		v.Add("kind", "kind must be one of: %s", strings.Join(kinds, ", "))
	}
	if r.State != "" && r.State != StatePending && r.State != StateSubmitted && r.State != StateAccepted && r.State != StateRejected {
		v.Add("state", "state must be one of: Pending, Submitted, Accepted, Rejected")
	}
	if err := v.Err(); err != nil {
		return Page{}, err
	}
	q := s.DB.Queries()
	n, err := q.CountFilings(ctx, store.CountFilingsParams{BusinessID: biz.ID, PayRunID: r.PayRunID, Kind: r.Kind, State: r.State})
	if err != nil {
		return Page{}, err
	}
	rows, err := q.ListFilings(ctx, store.ListFilingsParams{BusinessID: biz.ID, PayRunID: r.PayRunID, Kind: r.Kind, State: r.State,
		Lim: int32(r.PageSize), Off: int32((r.Page - 1) * r.PageSize)})
	if err != nil {
		return Page{}, err
	}
	p := Page{CurrentPage: r.Page, PageSize: r.PageSize, PageCount: int((n + int64(r.PageSize) - 1) / int64(r.PageSize)), ItemCount: n, Items: []Filing{}}
	for _, f := range rows {
		p.Items = append(p.Items, model(f))
	}
	return p, nil
}
