package leave

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Request statuses.
const (
	StatusPending   = "Pending"
	StatusApproved  = "Approved"
	StatusRejected  = "Rejected"
	StatusCancelled = "Cancelled"
)

// Events a leave request emits (webhook names, reference §8).
const (
	EventRequestCreated   = "LeaveRequestCreated"
	EventRequestUpdated   = "LeaveRequestUpdated"
	EventRequestApproved  = "LeaveRequestApproved"
	EventRequestDeclined  = "LeaveRequestDeclined"
	EventRequestCancelled = "LeaveRequestCancelled"
)

// KindRequest names leave requests in record_refs (a request keeps its
// leave category from being deleted).
const KindRequest = "leave_request"

// Request is a leave request as answered (HourLeaveRequestResponseModel);
// it is also the data of the leave request events.
type Request struct {
	ID              int64            `json:"id"`
	EmployeeID      int64            `json:"employeeId"`
	Employee        string           `json:"employee"`
	LeaveCategoryID int64            `json:"leaveCategoryId"`
	LeaveCategory   string           `json:"leaveCategory"`
	FromDate        payroll.DateTime `json:"fromDate"`
	ToDate          payroll.DateTime `json:"toDate"`
	Notes           string           `json:"notes"`
	Status          string           `json:"status" enum:"Pending,Approved,Rejected,Cancelled"`
	TotalHours      payroll.Rate     `json:"totalHours"`
	HoursApplied    payroll.Rate     `json:"hoursApplied" doc:"hours paid by pay runs so far"`
	AttachmentID    *int64           `json:"attachmentId" nullable:"true"`
	// Not members of the business shape (the manager shape shows them).
	StatusReason string    `json:"-"` // why it was declined
	RequestedAt  time.Time `json:"-"` // when it was made

	version int64
}

// RequestInput is a leave request as sent (HourLeaveRequestModel). Hours
// omitted are estimated from the employee's standard hours, skipping
// weekends and public holidays.
type RequestInput struct {
	ID                           int64            `json:"id"`
	EmployeeID                   int64            `json:"employeeId"`
	LeaveCategoryID              int64            `json:"leaveCategoryId" required:"true"`
	FromDate                     payroll.DateTime `json:"fromDate" required:"true" doc:"first day of leave: a local date, yyyy-MM-ddT00:00:00"`
	ToDate                       payroll.DateTime `json:"toDate" required:"true" doc:"last day of leave: a local date, yyyy-MM-ddT00:00:00"`
	Hours                        *payroll.Rate    `json:"hours" nullable:"true" doc:"hours of leave, a decimal number of hours (7.6 = 7 h 36 min); omitted: estimated from the employee's standard hours"`
	Notes                        string           `json:"notes" maxLength:"1000"`
	AutomaticallyApprove         bool             `json:"automaticallyApprove"`
	RequireNotesForLeaveRequests bool             `json:"requireNotesForLeaveRequests"`
}

// RequestExample is a valid create body (the OpenAPI example): the
// dates are local days; hours, omitted, are estimated.
func (RequestInput) RequestExample() any {
	return map[string]any{"leaveCategoryId": 1, "fromDate": "2026-12-21T00:00:00", "toDate": "2026-12-23T00:00:00", "notes": "Family visit"}
}

// RequestSelect reads requests with their employee's and category's
// names and the hours pay runs have applied (taken ledger entries).
const requestSelect = `SELECT lr.id, lr.employee_id, e.first_name, e.surname, lr.leave_category_id, COALESCE(r.name, ''),
	lr.from_date, lr.to_date, lr.notes, lr.status, lr.hours_e6,
	CAST(COALESCE((SELECT -SUM(l.hours_e6) FROM leave_ledger l WHERE l.leave_request_id = lr.id AND l.kind = 'Taken'), 0) AS BIGINT),
	lr.attachment_id, lr.version, lr.status_reason, lr.created_at
	FROM leave_requests lr JOIN employees e ON e.id = lr.employee_id LEFT JOIN records r ON r.id = lr.leave_category_id `

func scanRequests(rows *sql.Rows) ([]Request, error) {
	defer rows.Close()
	out := []Request{}
	for rows.Next() {
		var x Request
		var first, surname string
		var from, to time.Time
		var h, applied int64
		var att sql.NullInt64
		if err := rows.Scan(&x.ID, &x.EmployeeID, &first, &surname, &x.LeaveCategoryID, &x.LeaveCategory, &from, &to, &x.Notes, &x.Status,
			&h, &applied, &att, &x.version, &x.StatusReason, &x.RequestedAt); err != nil {
			return nil, err
		}
		x.Employee = strings.TrimSpace(first + " " + surname)
		x.FromDate, x.ToDate = payroll.NewDateTime(from), payroll.NewDateTime(to)
		x.TotalHours, x.HoursApplied = hoursOf(h), hoursOf(applied)
		if att.Valid {
			x.AttachmentID = &att.Int64
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

// loadRequest reads one request of an employee through q.
func loadRequest(ctx context.Context, q *store.Queries, bizID, employeeID, id int64) (Request, error) {
	rows, err := q.Query(ctx, requestSelect+"WHERE lr.id = $1 AND lr.business_id = $2 AND lr.employee_id = $3", id, bizID, employeeID)
	if err != nil {
		return Request{}, err
	}
	list, err := scanRequests(rows)
	if err != nil {
		return Request{}, err
	}
	if len(list) == 0 {
		return Request{}, payroll.NotFound("leave request")
	}
	return list[0], nil
}

// EmployeeRequests lists an employee's leave requests, newest first.
func (s *Service) EmployeeRequests(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []Request, err error) {
	defer payroll.Wrap(&err, "leave requests of employee %d", employeeID)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	rows, err := s.DB.Queries().Query(ctx, requestSelect+"WHERE lr.business_id = $1 AND lr.employee_id = $2 ORDER BY lr.from_date DESC, lr.id DESC", biz.ID, employeeID)
	if err != nil {
		return nil, err
	}
	return scanRequests(rows)
}

// GetRequest is one leave request of an employee.
func (s *Service) GetRequest(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ Request, err error) {
	defer payroll.Wrap(&err, "get leave request %d", id)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return Request{}, err
	}
	return loadRequest(ctx, s.DB.Queries(), biz.ID, employeeID, id)
}

// checked is a validated request ready to store.
type checked struct {
	cat      categories.LeaveCategory
	from, to time.Time
	hours    int64
}

// check validates in for employee emp (selfID = the request being
// updated, 0 for a new one): the category, the dates, notes, the hours
// (estimated when omitted) and the balance rule of the category.
func (s *Service) check(ctx context.Context, q *store.Queries, biz business.Business, emp employee.Employee, in *RequestInput, selfID int64) (checked, error) {
	var v payroll.Validation
	v.RequiredMembers(in) // leaveCategoryId, fromDate, toDate
	if in.LeaveCategoryID < 0 {
		v.Add("leaveCategoryId", "leaveCategoryId is required")
	}
	in.Notes = strings.TrimSpace(in.Notes)
	v.MaxLen("notes", in.Notes, 1000)
	if err := v.Err(); err != nil {
		return checked{}, err
	}
	c := checked{from: payroll.DateOnly(in.FromDate.Time), to: payroll.DateOnly(in.ToDate.Time)}
	if c.to.Before(c.from) {
		return checked{}, payroll.Invalid("toDate", "toDate must not be before fromDate")
	}
	if c.to.Sub(c.from) > 366*24*time.Hour {
		return checked{}, payroll.Invalid("toDate", "a leave request covers at most a year")
	}
	cat, err := s.Categories.Load(ctx, q, biz.ID, 0, in.LeaveCategoryID)
	if payroll.KindOf(err) == payroll.KindNotFound {
		return checked{}, payroll.Invalid("leaveCategoryId", "there is no leave category %d in this business", in.LeaveCategoryID)
	}
	if err != nil {
		return checked{}, err
	}
	c.cat = cat
	if in.Notes == "" {
		need := in.RequireNotesForLeaveRequests
		if !need && s.RequireNotes != nil {
			if need, err = s.RequireNotes(ctx, q, biz); err != nil {
				return checked{}, err
			}
		}
		if need {
			return checked{}, payroll.Invalid("notes", "notes are required for leave requests in this business")
		}
	}
	// An allowance that says the employee cannot apply for this leave.
	allowances, err := q.ListLeaveAllowances(ctx, store.ListLeaveAllowancesParams{BusinessID: biz.ID, EmployeeID: emp.ID})
	if err != nil {
		return checked{}, err
	}
	for _, a := range allowances {
		if a.LeaveCategoryID == cat.ID && !a.CanApplyForLeave {
			return checked{}, payroll.Invalid("leaveCategoryId", "the employee's leave allowance for %s does not allow leave requests", cat.Name)
		}
	}
	if in.Hours == nil {
		return checked{}, payroll.Invalid("hours", "hours are required")
	}
	if !in.Hours.IsPos() {
		return checked{}, payroll.Invalid("hours", "hours must be positive")
	}
	if c.hours, err = hoursE6("hours", *in.Hours); err != nil {
		return checked{}, err
	}
	if c.hours > 24_000_000*(int64(c.to.Sub(c.from)/(24*time.Hour))+1) {
		return checked{}, payroll.Invalid("hours", "hours exceed 24 a day over the dates requested")
	}
	return c, s.checkBalance(ctx, q, biz, emp, c, selfID)
}

// checkBalance applies the category's balance rule: a category that
// prevents negative balances (preventNegativeBalanceUnpaidLeaveCategoryId
// names the unpaid leave to use instead) refuses a request larger than the
// balance left after the employee's other pending and approved requests.
// Other categories allow negative balances (the pay run warns), and
// untracked ones keep no balance at all.
func (s *Service) checkBalance(ctx context.Context, q *store.Queries, biz business.Business, emp employee.Employee, c checked, selfID int64) error {
	if c.cat.IsBalanceUntracked || c.cat.PreventNegativeBalanceUnpaidLeaveCategoryID == nil {
		return nil
	}
	// Read the balance and the other requests as one writer of the
	// employee's leave at a time: at READ COMMITTED two requests would
	// each see the other's hours as not yet committed and both fit. The
	// lock is the employee row's (held to commit; on SQLite the write
	// transaction is already exclusive), and the reads below start after
	// it is granted, so they see whatever the previous holder committed.
	if n, err := q.LockEmployeeRecords(ctx, store.LockEmployeeRecordsParams{ID: emp.ID, BusinessID: biz.ID}); err != nil {
		return err
	} else if n == 0 {
		return payroll.NotFound("employee")
	}
	bal, err := q.LeaveBalance(ctx, store.LeaveBalanceParams{BusinessID: biz.ID, EmployeeID: emp.ID, LeaveCategoryID: c.cat.ID})
	if err != nil {
		return err
	}
	committed, err := q.CommittedLeaveHours(ctx, store.CommittedLeaveHoursParams{BusinessID: biz.ID, EmployeeID: emp.ID, LeaveCategoryID: c.cat.ID, ID: selfID})
	if err != nil {
		return err
	}
	if avail := bal - committed; c.hours > avail {
		return payroll.Invalid("hours", "%s hours of %s exceed the balance available (%s hours after other requests); %s does not allow a negative balance",
			hoursOf(c.hours), c.cat.Name, hoursOf(max(avail, 0)), c.cat.Name)
	}
	return nil
}

// fillHours estimates the hours of a request that gives none. It runs
// before the request's transaction: reading public holidays may seed a
// year of them, which is a write of its own.
func (s *Service) fillHours(ctx context.Context, biz business.Business, emp employee.Employee, in *RequestInput) error {
	if in.Hours != nil || in.FromDate.IsZero() || in.ToDate.IsZero() {
		return nil
	}
	from, to := payroll.DateOnly(in.FromDate.Time), payroll.DateOnly(in.ToDate.Time)
	if to.Before(from) || to.Sub(from) > 366*24*time.Hour {
		return nil // check reports it
	}
	est, err := s.estimate(ctx, biz, emp, from, to)
	if err != nil {
		return err
	}
	if est.Hours.IsZero() {
		return payroll.Invalid("hours", "the dates requested hold no working hours (weekends and public holidays); give hours")
	}
	in.Hours = &est.Hours
	return nil
}

// CreateRequest stores a new leave request for an employee (Pending, or
// Approved at once with automaticallyApprove).
func (s *Service) CreateRequest(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in RequestInput) (_ Request, err error) {
	defer payroll.Wrap(&err, "create leave request for employee %d", employeeID)
	emp, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return Request{}, err
	}
	if in.EmployeeID != 0 && in.EmployeeID != employeeID {
		return Request{}, payroll.Invalid("employeeId", "employeeId %d differs from the employee of the path (%d)", in.EmployeeID, employeeID)
	}
	if err := s.fillHours(ctx, biz, emp, &in); err != nil {
		return Request{}, err
	}
	var out Request
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		c, err := s.check(ctx, q, biz, emp, &in, 0)
		if err != nil {
			return err
		}
		id, err := q.CreateLeaveRequest(ctx, store.CreateLeaveRequestParams{BusinessID: biz.ID, EmployeeID: employeeID, LeaveCategoryID: c.cat.ID,
			FromDate: c.from, ToDate: c.to, HoursE6: c.hours, Notes: in.Notes, Status: StatusPending, CreatedAt: s.Clock.Now()})
		if err != nil {
			return err
		}
		if err := record.SaveRefs(ctx, q, biz.ID, KindRequest, id, []record.Ref{{Field: "leaveCategoryId", Kind: record.KindLeaveCategory, ID: c.cat.ID}}); err != nil {
			return err
		}
		if out, err = loadRequest(ctx, q, biz.ID, employeeID, id); err != nil {
			return err
		}
		if err := s.emit(ctx, q, biz.ID, EventRequestCreated, out); err != nil {
			return err
		}
		if in.AutomaticallyApprove {
			out, err = s.transitionIn(ctx, q, biz, employeeID, id, StatusPending, StatusApproved, "", EventRequestApproved)
		}
		return err
	})
	return out, err
}

// UpdateRequest changes a pending request: members the body omits keep
// their values (patch applies the body over the current request). An
// approved, declined or cancelled request answers 409.
func (s *Service) UpdateRequest(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, patch func(*RequestInput) error) (_ Request, err error) {
	defer payroll.Wrap(&err, "update leave request %d", id)
	emp, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return Request{}, err
	}
	// The body applies over the request as read; the update is
	// conditional on that read's version, so a change in between is a 409.
	cur, err := loadRequest(ctx, s.DB.Queries(), biz.ID, employeeID, id)
	if err != nil {
		return Request{}, err
	}
	if cur.Status != StatusPending {
		return Request{}, payroll.Conflict("leave request %d is %s; only a pending request can be changed", id, cur.Status)
	}
	orig, h := cur.TotalHours, cur.TotalHours
	in := RequestInput{ID: id, EmployeeID: employeeID, LeaveCategoryID: cur.LeaveCategoryID, FromDate: cur.FromDate, ToDate: cur.ToDate, Hours: &h, Notes: cur.Notes}
	datesBefore := [2]time.Time{cur.FromDate.Time, cur.ToDate.Time}
	if err := patch(&in); err != nil {
		return Request{}, err
	}
	if in.ID != 0 && in.ID != id {
		return Request{}, payroll.Invalid("id", "id %d differs from the leave request of the path (%d)", in.ID, id)
	}
	if in.EmployeeID != 0 && in.EmployeeID != employeeID {
		return Request{}, payroll.Invalid("employeeId", "a leave request cannot move to another employee")
	}
	// New dates without new hours: estimate again.
	if in.Hours != nil && in.Hours.Cmp(orig) == 0 && [2]time.Time{in.FromDate.Time, in.ToDate.Time} != datesBefore {
		in.Hours = nil
	}
	if err := s.fillHours(ctx, biz, emp, &in); err != nil {
		return Request{}, err
	}
	var out Request
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		c, err := s.check(ctx, q, biz, emp, &in, id)
		if err != nil {
			return err
		}
		n, err := q.UpdateLeaveRequest(ctx, store.UpdateLeaveRequestParams{ID: id, BusinessID: biz.ID, LeaveCategoryID: c.cat.ID, FromDate: c.from, ToDate: c.to,
			HoursE6: c.hours, Notes: in.Notes, AttachmentID: attachment(cur), UpdatedAt: s.Clock.Now(), Version: cur.version})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.Conflict("leave request %d was changed by someone else; read it again", id)
		}
		if err := record.SaveRefs(ctx, q, biz.ID, KindRequest, id, []record.Ref{{Field: "leaveCategoryId", Kind: record.KindLeaveCategory, ID: c.cat.ID}}); err != nil {
			return err
		}
		if out, err = loadRequest(ctx, q, biz.ID, employeeID, id); err != nil {
			return err
		}
		return s.emit(ctx, q, biz.ID, EventRequestUpdated, out)
	})
	return out, err
}

// transitionIn moves a request from one status to another as a single
// conditional statement; when no row changes, the request is absent (404)
// or no longer in the from status (409: another manager got there first).
func (s *Service) transitionIn(ctx context.Context, q *store.Queries, biz business.Business, employeeID, id int64, from, to, reason, event string) (Request, error) {
	cur, err := loadRequest(ctx, q, biz.ID, employeeID, id)
	if err != nil {
		return Request{}, err
	}
	n, err := q.TransitionLeaveRequest(ctx, store.TransitionLeaveRequestParams{ToStatus: to, Reason: reason, UpdatedAt: s.Clock.Now(),
		ID: id, BusinessID: biz.ID, FromStatus: from})
	if err != nil {
		return Request{}, err
	}
	if n == 0 {
		if now, err := loadRequest(ctx, q, biz.ID, employeeID, id); err == nil {
			cur = now
		}
		return Request{}, payroll.Conflict("leave request %d is %s, not %s", id, cur.Status, from)
	}
	out, err := loadRequest(ctx, q, biz.ID, employeeID, id)
	if err != nil {
		return Request{}, err
	}
	return out, s.emit(ctx, q, biz.ID, event, out)
}

func (s *Service) transition(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, froms []string, to, reason, event string) (_ Request, err error) {
	defer payroll.Wrap(&err, "%s leave request %d", strings.ToLower(to), id)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return Request{}, err
	}
	var out Request
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		cur, err := loadRequest(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		from := froms[0]
		for _, f := range froms {
			if cur.Status == f {
				from = f
			}
		}
		if to == StatusCancelled && cur.HoursApplied.IsPos() {
			return payroll.Conflict("leave request %d has been paid in a pay run (%s hours) and cannot be cancelled", id, cur.HoursApplied)
		}
		out, err = s.transitionIn(ctx, q, biz, employeeID, id, from, to, reason, event)
		return err
	})
	return out, err
}

// Approve approves a pending request.
func (s *Service) Approve(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (Request, error) {
	return s.transition(ctx, biz, p, employeeID, id, []string{StatusPending}, StatusApproved, "", EventRequestApproved)
}

// Decline declines a pending request with a reason.
func (s *Service) Decline(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, reason string) (Request, error) {
	reason = strings.TrimSpace(reason)
	if len(reason) > 1000 {
		return Request{}, payroll.Invalid("reason", "reason must be at most 1000 characters")
	}
	return s.transition(ctx, biz, p, employeeID, id, []string{StatusPending}, StatusRejected, reason, EventRequestDeclined)
}

// Cancel cancels a pending or approved request that no pay run has paid
// (DELETE E/leaverequest/{id}) and returns it.
func (s *Service) Cancel(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (Request, error) {
	return s.transition(ctx, biz, p, employeeID, id, []string{StatusPending, StatusApproved}, StatusCancelled, "", EventRequestCancelled)
}

// Estimate is the hours a request would take (HourLeaveEstimateModel).
type Estimate struct {
	Hours      payroll.Rate `json:"hours"`
	EmployeeID int64        `json:"employeeId"`
	Details    []string     `json:"details"`
}

// EstimateHours estimates a request's hours from the employee's standard
// hours (hoursPerDay, else hoursPerWeek over five days), Monday to Friday,
// less the business's public holidays that apply to the employee's state.
func (s *Service) EstimateHours(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, leaveCategoryID int64, from, to time.Time) (_ Estimate, err error) {
	defer payroll.Wrap(&err, "estimate leave of employee %d", employeeID)
	emp, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return Estimate{}, err
	}
	if leaveCategoryID != 0 {
		if _, err := s.Categories.Get(ctx, biz, 0, leaveCategoryID); payroll.KindOf(err) == payroll.KindNotFound {
			return Estimate{}, payroll.Invalid("leaveCategoryId", "there is no leave category %d in this business", leaveCategoryID)
		} else if err != nil {
			return Estimate{}, err
		}
	}
	from, to = payroll.DateOnly(from), payroll.DateOnly(to)
	if to.Before(from) {
		return Estimate{}, payroll.Invalid("toDate", "toDate must not be before fromDate")
	}
	if to.Sub(from) > 366*24*time.Hour {
		return Estimate{}, payroll.Invalid("toDate", "an estimate covers at most a year")
	}
	return s.estimate(ctx, biz, emp, from, to)
}

func (s *Service) estimate(ctx context.Context, biz business.Business, emp employee.Employee, from, to time.Time) (Estimate, error) {
	m := &emp.Members
	var perDay payroll.Rate
	switch {
	case m.HoursPerDay != nil && m.HoursPerDay.IsPos():
		perDay = *m.HoursPerDay
	case m.HoursPerWeek != nil && m.HoursPerWeek.IsPos():
		perDay = m.HoursPerWeek.Div(payroll.RateFromInt(5)).RoundHalfUp(hoursScale)
	default:
		return Estimate{}, payroll.Invalid("hours", "the employee has no standard hours (hoursPerDay or hoursPerWeek) to estimate from; give hours")
	}
	holidays := map[time.Time]string{}
	if s.Holidays != nil {
		for y := from.Year(); y <= to.Year(); y++ {
			list, err := s.Holidays(ctx, biz, y)
			if err != nil {
				return Estimate{}, err
			}
			for _, h := range list {
				if h.NotAPublicHoliday || !appliesTo(h.States, m.ResidentialState) {
					continue
				}
				holidays[payroll.DateOnly(h.Date.Time)] = h.Description
			}
		}
	}
	out := Estimate{Hours: payroll.RateFromInt(0), EmployeeID: emp.ID, Details: []string{}}
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		date := d.Format("2006-01-02")
		switch {
		case d.Weekday() == time.Saturday || d.Weekday() == time.Sunday:
			out.Details = append(out.Details, fmt.Sprintf("%s %s: not a working day", date, d.Weekday()))
		case holidays[d] != "":
			out.Details = append(out.Details, fmt.Sprintf("%s: public holiday (%s)", date, holidays[d]))
		default:
			out.Hours = out.Hours.Add(perDay)
			out.Details = append(out.Details, fmt.Sprintf("%s: %s hours", date, perDay))
		}
	}
	return out, nil
}

// appliesTo: a holiday without states is national; otherwise it applies
// to an employee of one of its states (or one whose state is unknown).
func appliesTo(states []string, state string) bool {
	if len(states) == 0 || state == "" {
		return len(states) == 0
	}
	for _, s := range states {
		if strings.EqualFold(s, state) {
			return true
		}
	}
	return false
}

// attachment is the request's attachment as stored (an edit keeps it).
func attachment(r Request) sql.NullInt64 {
	if r.AttachmentID == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: *r.AttachmentID, Valid: true}
}
