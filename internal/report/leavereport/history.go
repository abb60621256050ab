package leavereport

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
)

// LeaveHistory is one employee's movements of one leave category over a
// range (LeaveHistoryReportGroupModel).
type LeaveHistory struct {
	EmployeeID          int64                `json:"employeeId"`
	EmployeeExternalID  string               `json:"employeeExternalId"`
	FirstName           string               `json:"firstName"`
	Surname             string               `json:"surname"`
	LeaveCategoryType   string               `json:"leaveCategoryType" doc:"the leave category's name"`
	OpeningBalance      payroll.Rate         `json:"openingBalance" doc:"hours before fromDate"`
	ClosingBalance      payroll.Rate         `json:"closingBalance" doc:"hours at the end of toDate"`
	UnitType            string               `json:"unitType" enum:"Hours,Days,Weeks"`
	LeaveHistoryDetails []LeaveHistoryDetail `json:"leaveHistoryDetails"`
}

// LeaveHistoryDetail is the movement of one pay run (or one other source
// on one day).
type LeaveHistoryDetail struct {
	PayPeriod    string       `json:"payPeriod" doc:"the pay run, or the day of an opening balance or adjustment"`
	Notes        string       `json:"notes"`
	LeaveAccrued payroll.Rate `json:"leaveAccrued"`
	LeaveTaken   payroll.Rate `json:"leaveTaken"`
	UnitType     string       `json:"unitType" enum:"Hours,Days,Weeks"`
}

// LeaveHistoryQuery selects leave history.
type LeaveHistoryQuery struct {
	report.Filter         // From/To: the range (To default today); EmployeeID unused
	EmployeeIDs   []int64 // these employees (none = all)
	LeaveCategory int64
}

// LeaveHistory reads the leave ledger of the employees p may see: the
// balance before the range, the movements in it grouped by source, and
// the closing balance, per employee and tracked leave category. The
// ledger rows are read in SQL with the filters and the scope.
func (s *Service) LeaveHistory(ctx context.Context, biz business.Business, p *payroll.Principal, lq LeaveHistoryQuery) (_ []LeaveHistory, err error) {
	defer payroll.Wrap(&err, "leave history report of business %d", biz.ID)
	if lq.LeaveCategory < 0 {
		return nil, payroll.Invalid("leaveCategoryId", "leaveCategoryId must not be negative")
	}
	to := lq.To
	if to.IsZero() {
		to = s.Clock.Now()
		lq.To = to
	}
	if err := lq.Filter.Validate(); err != nil {
		return nil, err
	}
	tracked, err := s.tracked(ctx, biz)
	if err != nil {
		return nil, err
	}
	var b report.Args
	where, err := s.EmployeeScope(ctx, biz, p, report.Filter{LocationID: lq.LocationID, EmployingEntityID: lq.EmployingEntityID}, &b)
	if err != nil {
		return nil, err
	}
	where += " AND l.business_id = e.business_id AND l.entry_date < " + b.Bind(payroll.DateOnly(to).AddDate(0, 0, 1))
	if lq.LeaveCategory != 0 {
		where += " AND l.leave_category_id = " + b.Bind(lq.LeaveCategory)
	}
	if lq.PayScheduleID != 0 {
		where += " AND e.pay_schedule_id = " + b.Bind(lq.PayScheduleID)
	}
	if len(lq.EmployeeIDs) > 0 {
		where += " AND e.id IN ("
		for i, id := range lq.EmployeeIDs {
			if i > 0 {
				where += ", "
			}
			where += b.Bind(id)
		}
		where += ")"
	}
	from := payroll.DateOnly(lq.From)
	q := "SELECT e.id, e.external_id, e.first_name, e.surname, l.leave_category_id, l.kind, l.source_kind, l.source_id, l.entry_date, l.notes, l.hours_e6, " +
		"r.period_ending, COALESCE(e.hours_per_day, ''), COALESCE(e.hours_per_week, '')" +
		" FROM leave_ledger l JOIN employees e ON e.id = l.employee_id LEFT JOIN pay_runs r ON l.source_kind = 'PayRun' AND r.id = l.source_id AND r.business_id = l.business_id" +
		where + " ORDER BY e.surname, e.first_name, e.id, l.leave_category_id, l.entry_date, l.source_kind, l.source_id, l.id"
	out := []LeaveHistory{}
	type key struct{ emp, cat int64 }
	var cur key
	var u leave.Unit // of the current employee and category
	var open, close int64
	var detail *LeaveHistoryDetail
	var dkey struct {
		kind string
		id   int64
		at   time.Time
	}
	var acc, taken int64
	flushDetail := func() {
		if detail != nil {
			detail.LeaveAccrued, detail.LeaveTaken = u.FromHoursE6(acc), u.FromHoursE6(taken)
			h := &out[len(out)-1]
			h.LeaveHistoryDetails = append(h.LeaveHistoryDetails, *detail)
			detail, acc, taken = nil, 0, 0
		}
	}
	flush := func() {
		flushDetail()
		if len(out) > 0 {
			h := &out[len(out)-1]
			h.OpeningBalance, h.ClosingBalance = u.FromHoursE6(open), u.FromHoursE6(close)
		}
	}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var h LeaveHistory
		var cat, srcID, e6 int64
		var kind, srcKind, notes string
		var at time.Time
		var ending sql.NullTime
		var perDay, perWeek string
		if err := rows.Scan(&h.EmployeeID, &h.EmployeeExternalID, &h.FirstName, &h.Surname, &cat, &kind, &srcKind, &srcID, &at, &notes, &e6, &ending, &perDay, &perWeek); err != nil {
			return err
		}
		c, ok := tracked[cat]
		if !ok {
			return nil
		}
		if k := (key{h.EmployeeID, cat}); len(out) == 0 || k != cur {
			flush()
			cur, open, close, u = k, 0, 0, unitOf(&c, h.EmployeeID, perDay, perWeek)
			h.LeaveCategoryType, h.UnitType, h.LeaveHistoryDetails = c.Name, u.Name, []LeaveHistoryDetail{}
			out = append(out, h)
		}
		close += e6
		if at.Before(from) {
			open += e6
			return nil
		}
		if detail == nil || dkey.kind != srcKind || dkey.id != srcID || !dkey.at.Equal(at) {
			flushDetail()
			dkey.kind, dkey.id, dkey.at = srcKind, srcID, at
			period := at.Format("2006-01-02")
			if srcKind == "PayRun" && ending.Valid {
				period = report.PayRunName(srcID, ending.Time)
			}
			detail = &LeaveHistoryDetail{PayPeriod: period, Notes: notes, UnitType: u.Name}
		}
		if kind == "Taken" {
			taken -= e6
		} else {
			acc += e6
		}
		return nil
	})

	flush()
	return out, err
}
