package leave

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Ledger entry kinds.
const (
	KindOpening    = "Opening"
	KindAccrual    = "Accrual"
	KindTaken      = "Taken"
	KindAdjustment = "Adjustment"
)

// SourcePayRun is the source kind of the entries a pay run posts.
const SourcePayRun = "PayRun"

// Entry is one movement a pay run posts. Hours is the amount in hours: an
// Accrual adds it, Taken subtracts it, an Adjustment adds it with its sign
// (negative reduces the balance). Hours have at most six decimal places:
// the caller rounds by its rule before posting.
type Entry struct {
	EmployeeID      int64
	LeaveCategoryID int64
	Kind            string // KindAccrual, KindTaken or KindAdjustment
	Hours           payroll.Rate
	Date            time.Time // the pay run's period end or payment date
	LeaveRequestID  int64     // Taken: the request paid, 0 = none
	Notes           string
}

// ReversePayRun removes every entry a pay run posted (in the caller's
// transaction), e.g. when the pay run is unlocked or deleted. Reversing
// twice is the same as once.
func (s *Service) ReversePayRun(ctx context.Context, q *store.Queries, businessID, payRunID int64) (err error) {
	defer payroll.Wrap(&err, "reverse leave of pay run %d", payRunID)
	_, err = q.DeleteLeaveEntriesBySource(ctx, store.DeleteLeaveEntriesBySourceParams{BusinessID: businessID, SourceKind: SourcePayRun, SourceID: payRunID})
	return err
}

// SetOpening records an opening balance (an Opening entry, source
// "Opening" with the employee as its id) for a category, replacing an
// earlier opening balance of the same category.
func (s *Service) SetOpening(ctx context.Context, q *store.Queries, businessID, employeeID, leaveCategoryID int64, hours payroll.Rate, asAt time.Time) error {
	h, err := hoursE6("hours", hours)
	if err != nil {
		return err
	}
	if err := q.DeleteOpeningEntries(ctx, store.DeleteOpeningEntriesParams{BusinessID: businessID, EmployeeID: employeeID, LeaveCategoryID: leaveCategoryID}); err != nil {
		return err
	}
	return q.InsertLeaveEntry(ctx, store.InsertLeaveEntryParams{BusinessID: businessID, EmployeeID: employeeID, LeaveCategoryID: leaveCategoryID,
		HoursE6: h, Kind: KindOpening, SourceKind: KindOpening, SourceID: employeeID, EntryDate: payroll.DateOnly(asAt), CreatedAt: s.Clock.Now()})
}

// Balance is a leave balance (LeaveBalanceModel).
type Balance struct {
	LeaveCategoryID   int64        `json:"leaveCategoryId"`
	LeaveCategoryName string       `json:"leaveCategoryName"`
	AccruedAmount     payroll.Rate `json:"accruedAmount" doc:"in unitType: the category's leaveUnitType, converted from hours with the employee's standard hours per day or week"`
	UnitType          string       `json:"unitType" enum:"Hours,Days,Weeks"`
}

// Balances are an employee's balances as at a date (zero = today): one
// per leave category the employee has ledger entries or an allowance for,
// balances of untracked categories left out.
func (s *Service) Balances(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, asAt time.Time) (_ []Balance, err error) {
	defer payroll.Wrap(&err, "leave balances of employee %d", employeeID)
	emp, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	if asAt.IsZero() {
		asAt = s.Clock.Now()
	}
	perDay, perWeek := StandardHours(rateOrZero(emp.HoursPerDay), rateOrZero(emp.HoursPerWeek))
	// The whole day counts: entries are dated at midnight.
	q := s.DB.Queries()
	rows, err := q.LeaveBalancesAsAt(ctx, store.LeaveBalancesAsAtParams{BusinessID: biz.ID, EmployeeID: employeeID, EntryDate: payroll.DateOnly(asAt)})
	if err != nil {
		return nil, err
	}
	sums := map[int64]int64{}
	for _, r := range rows {
		sums[r.LeaveCategoryID] = r.HoursE6
	}
	allowances, err := q.ListLeaveAllowances(ctx, store.ListLeaveAllowancesParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	for _, a := range allowances {
		if _, ok := sums[a.LeaveCategoryID]; !ok {
			sums[a.LeaveCategoryID] = 0
		}
	}
	cats, err := s.Categories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	out := []Balance{}
	for _, c := range cats {
		h, ok := sums[c.ID]
		if !ok || c.IsBalanceUntracked {
			continue
		}
		u, err := UnitOf(&c, employeeID, perDay, perWeek)
		if err != nil && h != 0 {
			return nil, err
		} else if err != nil {
			u = Unit{Name: unitOf(c)} // nothing to convert: 0 in any unit
		}
		out = append(out, Balance{LeaveCategoryID: c.ID, LeaveCategoryName: c.Name, AccruedAmount: u.FromHoursE6(h), UnitType: u.Name})
	}
	return out, nil
}

func rateOrZero(r *payroll.Rate) payroll.Rate {
	if r == nil {
		return payroll.Rate{}
	}
	return *r
}

func unitOf(c categories.LeaveCategory) string {
	if c.LeaveUnitType == "" {
		return "Hours"
	}
	return c.LeaveUnitType
}

// Approved is approved leave of an employee in a period, for a pay run.
type Approved struct {
	LeaveRequestID  int64
	EmployeeID      int64
	LeaveCategoryID int64
	FromDate        time.Time
	ToDate          time.Time
	Hours           payroll.Rate // the request's total hours
	HoursApplied    payroll.Rate // already paid by earlier pay runs
}

// ApprovedInPeriod returns the approved leave requests of employeeIDs that
// overlap [from, to] (dates inclusive), in one query, through q (the pay
// run's transaction or s.DB.Queries()). Ordered by employee, then date.
func (s *Service) ApprovedInPeriod(ctx context.Context, q *store.Queries, businessID int64, employeeIDs []int64, from, to time.Time) (_ []Approved, err error) {
	defer payroll.Wrap(&err, "approved leave of business %d", businessID)
	out := []Approved{}
	if len(employeeIDs) == 0 {
		return out, nil
	}
	args := []any{businessID, payroll.DateOnly(from), payroll.DateOnly(to)}
	ph := make([]string, len(employeeIDs))
	for i, id := range employeeIDs {
		args = append(args, id)
		ph[i] = "$" + strconv.Itoa(len(args))
	}
	rows, err := q.Query(ctx, `SELECT lr.id, lr.employee_id, lr.leave_category_id, lr.from_date, lr.to_date, lr.hours_e6,
		CAST(COALESCE((SELECT -SUM(l.hours_e6) FROM leave_ledger l WHERE l.leave_request_id = lr.id AND l.kind = 'Taken'), 0) AS BIGINT)
		FROM leave_requests lr
		WHERE lr.business_id = $1 AND lr.status = 'Approved' AND lr.from_date <= $3 AND lr.to_date >= $2
		AND lr.employee_id IN (`+strings.Join(ph, ", ")+`)
		ORDER BY lr.employee_id, lr.from_date, lr.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var a Approved
		var h, applied int64
		if err := rows.Scan(&a.LeaveRequestID, &a.EmployeeID, &a.LeaveCategoryID, &a.FromDate, &a.ToDate, &h, &applied); err != nil {
			return nil, err
		}
		a.Hours, a.HoursApplied = hoursOf(h), hoursOf(applied)
		out = append(out, a)
	}
	return out, rows.Err()
}
