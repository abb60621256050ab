package timereport

import (
	"context"
	"database/sql"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/roster"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// ShiftSwap is one shift swap of the shift swapping report
// (ShiftSwappingReportExportModel).
type ShiftSwap struct {
	FromEmployeeID   int64            `json:"fromEmployeeId"`
	FromEmployeeName string           `json:"fromEmployeeName"`
	ToEmployeeID     int64            `json:"toEmployeeId"`
	ToEmployeeName   string           `json:"toEmployeeName"`
	Start            payroll.DateTime `json:"start"`
	StartTime        string           `json:"startTime"`
	End              payroll.DateTime `json:"end"`
	EndTime          string           `json:"endTime"`
	LocationID       string           `json:"locationId"`
	Location         string           `json:"location"`
	WorkTypeID       string           `json:"workTypeId"`
	WorkType         string           `json:"workType"`
	Status           string           `json:"status" doc:"Created (proposed), Accepted, Declined or Cancelled"`
	OldCost          *payroll.Money   `json:"oldCost" nullable:"true" doc:"with includeCosts: the shift's paid time at the proposing employee's hourly rate"`
	NewCost          *payroll.Money   `json:"newCost" nullable:"true" doc:"with includeCosts: the same at the colleague's hourly rate"`
}

// swapStatuses maps the report's swap statuses to the stored ones; the
// manager approval states have no swaps here (swaps are not approved by
// managers in this service), so selecting only them selects nothing.
var swapStatuses = map[string]string{"Created": roster.SwapProposed, "Cancelled": roster.SwapCancelled, "Accepted": roster.SwapAccepted, "Declined": roster.SwapDeclined,
	"AwaitingManagerApproval": "", "ApprovedByManager": "", "RejectedByManager": ""}

var swapStatusNames = []string{"Created", "Cancelled", "Accepted", "Declined", "AwaitingManagerApproval", "ApprovedByManager", "RejectedByManager"}

// ShiftSwapQuery selects shift swaps.
type ShiftSwapQuery struct {
	From, To                   time.Time // the shift's start, inclusive days
	FromEmployeeID, ToEmployee int64
	Statuses                   []string
	LocationID                 int64 // the shift's location
	EmployingEntityID          int64
	IncludeCosts               bool
}

// ShiftSwaps lists the swaps of shifts starting in the range, by shift
// start; a restricted user sees the swaps their employees proposed.
func (s *Service) ShiftSwaps(ctx context.Context, biz business.Business, p *payroll.Principal, sq ShiftSwapQuery) (_ []ShiftSwap, err error) {
	defer payroll.Wrap(&err, "shift swapping report of business %d", biz.ID)
	if !sq.From.IsZero() && !sq.To.IsZero() && payroll.DateOnly(sq.To).Before(payroll.DateOnly(sq.From)) {
		return nil, payroll.Invalid("toDate", "toDate must not be before fromDate")
	}
	var stored []string
	for _, st := range sq.Statuses {
		c, ok := record.Canonical(swapStatusNames, st)
		if !ok {
			return nil, payroll.Invalid("statuses", "statuses: %q is not one of %s", st, strings.Join(swapStatusNames, ", "))
		}
		stored = append(stored, swapStatuses[c])
	}
	if sq.ToEmployee < 0 || sq.FromEmployeeID < 0 || sq.LocationID < 0 {
		return nil, payroll.Invalid("fromEmployeeId", "employee and location ids must not be negative")
	}
	var b report.Args
	where, err := s.EmployeeScope(ctx, biz, p, report.Filter{EmployeeID: sq.FromEmployeeID, EmployingEntityID: sq.EmployingEntityID}, &b)
	if err != nil {
		return nil, err
	}
	where += " AND w.business_id = " + b.Bind(biz.ID)
	where += b.Days("sh.start_time", sq.From, sq.To)
	if sq.ToEmployee != 0 {
		where += " AND w.to_employee_id = " + b.Bind(sq.ToEmployee)
	}
	if sq.LocationID != 0 {
		where += " AND sh.location_id = " + b.Bind(sq.LocationID)
	}
	where += report.In(&b, "w.status", stored)
	q := "SELECT w.from_employee_id, e.first_name, e.surname, w.to_employee_id, te.first_name, te.surname, sh.id, sh.start_time, sh.end_time, " +
		"sh.location_id, COALESCE(loc.name, ''), sh.work_type_id, COALESCE(wt.name, ''), w.status, " +
		"e.rate, e.rate_unit, e.hours_per_week, e.hours_per_day, te.rate, te.rate_unit, te.hours_per_week, te.hours_per_day" +
		" FROM roster_shift_swaps w JOIN roster_shifts sh ON sh.id = w.shift_id JOIN employees e ON e.id = w.from_employee_id JOIN employees te ON te.id = w.to_employee_id" +
		" LEFT JOIN records loc ON loc.id = sh.location_id LEFT JOIN records wt ON wt.id = sh.work_type_id" + where + " ORDER BY sh.start_time, w.id"
	out := []ShiftSwap{}
	var shifts []int64
	var rates [][2]empRate
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var r ShiftSwap
		var ff, fs, tf, ts string
		var shift int64
		var start, end time.Time
		var loc, wt sql.NullInt64
		var fr, tr empRate
		if err := rows.Scan(&r.FromEmployeeID, &ff, &fs, &r.ToEmployeeID, &tf, &ts, &shift, &start, &end, &loc, &r.Location, &wt, &r.WorkType, &r.Status,
			&fr.rate, &fr.unit, &fr.perWeek, &fr.perDay, &tr.rate, &tr.unit, &tr.perWeek, &tr.perDay); err != nil {
			return err
		}
		r.FromEmployeeName, r.ToEmployeeName = strings.TrimSpace(ff+" "+fs), strings.TrimSpace(tf+" "+ts)
		r.Start, r.End, r.StartTime, r.EndTime = payroll.NewDateTime(start), payroll.NewDateTime(end), clock(start), clock(end)
		r.LocationID, r.WorkTypeID = idText(loc), idText(wt)
		if r.Status == roster.SwapProposed {
			r.Status = "Created"
		}
		out = append(out, r)
		shifts = append(shifts, shift)
		rates = append(rates, [2]empRate{fr, tr})
		return nil
	})

	if err != nil || !sq.IncludeCosts || len(out) == 0 {
		return out, err
	}
	paid, err := s.shiftPaidMinutes(ctx, biz.ID, shifts)
	if err != nil {
		return nil, err
	}
	for i := range out {
		m := paid[shifts[i]]
		if h := rates[i][0].hourly(); h != nil {
			c := minutesCost(*h, m)
			out[i].OldCost = &c
		}
		if h := rates[i][1].hourly(); h != nil {
			c := minutesCost(*h, m)
			out[i].NewCost = &c
		}
	}
	return out, nil
}

func idText(n sql.NullInt64) string {
	if !n.Valid {
		return ""
	}
	return strconv.FormatInt(n.Int64, 10)
}

// shiftPaidMinutes is each roster shift's length less its unpaid breaks,
// in minutes (one statement over the shifts and their breaks).
func (s *Service) shiftPaidMinutes(ctx context.Context, bizID int64, ids []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	for len(ids) > 0 {
		n := min(len(ids), 500)
		var b report.Args
		q := "SELECT sh.id, sh.start_time, sh.end_time, rb.start_time, rb.end_time FROM roster_shifts sh LEFT JOIN roster_shift_breaks rb ON rb.shift_id = sh.id AND rb.is_paid = " + b.Bind(false) +
			" WHERE sh.business_id = " + b.Bind(bizID) + report.In(&b, "sh.id", ids[:n])
		ids = ids[n:]
		seen := map[int64]bool{}
		err := s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
			var id int64
			var st, en time.Time
			var bs, be report.NullTime
			if err := rows.Scan(&id, &st, &en, &bs, &be); err != nil {
				return err
			}
			if !seen[id] {
				seen[id] = true
				out[id] += int64(en.Sub(st) / time.Minute)
			}
			if !bs.Time().IsZero() && !be.Time().IsZero() {
				out[id] -= int64(be.Time().Sub(bs.Time()) / time.Minute)
			}
			return nil
		})

		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// RosterComparison is one rostered shift beside the timesheet line worked
// for it (AuRosterTimesheetComparisonReportExportModel); either side is
// null when the other has no partner that day.
type RosterComparison struct {
	EmploymentType          string            `json:"employmentType"`
	EmployeeID              int64             `json:"employeeId"`
	EmployeeFirstName       string            `json:"employeeFirstName"`
	EmployeeSurname         string            `json:"employeeSurname"`
	EmployeeExternalID      string            `json:"employeeExternalId"`
	EmployeeDefaultLocation string            `json:"employeeDefaultLocation"`
	PayScheduleName         string            `json:"payScheduleName"`
	RosteredID              *int64            `json:"rosteredId" nullable:"true"`
	RosteredStatus          *string           `json:"rosteredStatus" nullable:"true" enum:"Published,Unpublished,Accepted"`
	RosteredLocation        *string           `json:"rosteredLocation" nullable:"true"`
	RosteredWorkType        *string           `json:"rosteredWorkType" nullable:"true"`
	RosteredStart           *payroll.DateTime `json:"rosteredStart" nullable:"true"`
	RosteredStartTime       *string           `json:"rosteredStartTime" nullable:"true"`
	RosteredEnd             *payroll.DateTime `json:"rosteredEnd" nullable:"true"`
	RosteredEndTime         *string           `json:"rosteredEndTime" nullable:"true"`
	RosteredDuration        *string           `json:"rosteredDuration" nullable:"true" doc:"paid time (unpaid breaks out), hh:mm:ss"`
	RosteredBreaks          *string           `json:"rosteredBreaks" nullable:"true" doc:"unpaid break time, hh:mm:ss"`
	RosteredCost            *payroll.Money    `json:"rosteredCost" nullable:"true"`
	TimesheetID             *int64            `json:"timesheetId" nullable:"true"`
	TimesheetStatus         *string           `json:"timesheetStatus" nullable:"true"`
	TimesheetLocation       *string           `json:"timesheetLocation" nullable:"true"`
	TimesheetWorkType       *string           `json:"timesheetWorkType" nullable:"true"`
	TimesheetStart          *payroll.DateTime `json:"timesheetStart" nullable:"true"`
	TimesheetStartTime      *string           `json:"timesheetStartTime" nullable:"true"`
	TimesheetEnd            *payroll.DateTime `json:"timesheetEnd" nullable:"true"`
	TimesheetEndTime        *string           `json:"timesheetEndTime" nullable:"true"`
	TimesheetDuration       *string           `json:"timesheetDuration" nullable:"true"`
	TimesheetBreaks         *string           `json:"timesheetBreaks" nullable:"true"`
	TimesheetUnits          *payroll.Rate     `json:"timesheetUnits" nullable:"true"`
	TimesheetUnitType       *string           `json:"timesheetUnitType" nullable:"true"`
	TimesheetCost           *payroll.Money    `json:"timesheetCost" nullable:"true"`
	TimeVariance            string            `json:"timeVariance" doc:"timesheet paid time less rostered paid time (a missing side counts 0), [-]hh:mm:ss"`
	CostVariance            payroll.Money     `json:"costVariance" doc:"timesheet cost less rostered cost (0 without includeCosts)"`
}

// RosterComparisonQuery selects the comparison's employees, shifts and
// lines.
type RosterComparisonQuery struct {
	From, To            time.Time // required: the days compared
	EmployeeID          int64
	EmploymentType      string // a name of EmploymentTypeEnum ("" = any)
	TimesheetStatuses   []string
	RosterStatuses      []string // All, Published, Unpublished, Accepted
	WorkTypeID          int64
	RosterLocationID    int64
	TimesheetLocationID int64
	LocationID          int64 // the employee's locations
	PayScheduleID       int64
	EmployingEntityID   int64
	IncludeCosts        bool
}

// EmploymentTypes is EmploymentTypeEnum in its numeric order.
var EmploymentTypes = []string{"Unknown", "FullTime", "PartTime", "LabourHire", "SuperannuationIncomeStream", "Casual", "NotApplicable",
	"IndependentContractor", "Management", "Contract", "Intern", "Other", "Volunteer", "Seasonal", "Consultant"}

var rosterStatusNames = []string{"All", "Published", "Unpublished", "Accepted"}

type cmpShift struct {
	emp, id, linked int64
	start, end      time.Time
	status, loc, wt string
	paid            int64
}

type cmpLine struct {
	emp, id             int64
	start, end          time.Time
	status, loc, wt, ut string
	units               payroll.Rate
	paid, brk           int64
	used                bool
	rate                *payroll.Rate
	unitBased           bool
}

// RosterTimesheetComparison pairs each employee's rostered shifts with
// their timesheet lines day by day: a shift with the line it became
// (roster_shifts.timesheet_line_id) first, then the remaining shifts and
// lines of the day in start order; what is left on either side is a row
// of its own.
func (s *Service) RosterTimesheetComparison(ctx context.Context, biz business.Business, p *payroll.Principal, rq RosterComparisonQuery) (_ []RosterComparison, err error) {
	defer payroll.Wrap(&err, "roster timesheet comparison of business %d", biz.ID)
	if rq.From.IsZero() {
		return nil, payroll.Invalid("fromDate", "fromDate is required")
	}
	if rq.To.IsZero() {
		return nil, payroll.Invalid("toDate", "toDate is required")
	}
	if payroll.DateOnly(rq.To).Before(payroll.DateOnly(rq.From)) {
		return nil, payroll.Invalid("toDate", "toDate must not be before fromDate")
	}
	for i, st := range rq.TimesheetStatuses {
		c, ok := record.Canonical(timesheet.Statuses, st)
		if !ok {
			return nil, payroll.Invalid("timesheetStatuses", "timesheetStatuses: %q is not one of %s", st, strings.Join(timesheet.Statuses, ", "))
		}
		rq.TimesheetStatuses[i] = c
	}
	rosterWant := map[string]bool{}
	for _, st := range rq.RosterStatuses {
		c, ok := record.Canonical(rosterStatusNames, st)
		if !ok {
			return nil, payroll.Invalid("rosterStatuses", "rosterStatuses: %q is not one of %s", st, strings.Join(rosterStatusNames, ", "))
		}
		rosterWant[c] = true
	}
	if rosterWant["All"] {
		rosterWant = map[string]bool{}
	}
	from, to := payroll.DateOnly(rq.From), payroll.DateOnly(rq.To).AddDate(0, 0, 1)

	// The employees: scope, employee filters.
	var eb report.Args
	ewhere, err := s.EmployeeScope(ctx, biz, p, report.Filter{EmployeeID: rq.EmployeeID, LocationID: rq.LocationID, EmployingEntityID: rq.EmployingEntityID}, &eb)
	if err != nil {
		return nil, err
	}
	if rq.EmploymentType != "" {
		ewhere += " AND e.employment_type = " + eb.Bind(rq.EmploymentType)
	}
	if rq.PayScheduleID != 0 {
		ewhere += " AND e.pay_schedule_id = " + eb.Bind(rq.PayScheduleID)
	}
	type emp struct {
		row  RosterComparison
		rate empRate
	}
	emps := map[int64]*emp{}
	err = s.Query(ctx, "SELECT e.id, e.first_name, e.surname, e.external_id, e.primary_location, e.pay_schedule, e.employment_type, e.rate, e.rate_unit, e.hours_per_week, e.hours_per_day FROM employees e"+ewhere, eb.Values,
		func(rows *sql.Rows) error {
			x := &emp{}
			r := &x.row
			if err := rows.Scan(&r.EmployeeID, &r.EmployeeFirstName, &r.EmployeeSurname, &r.EmployeeExternalID, &r.EmployeeDefaultLocation, &r.PayScheduleName, &r.EmploymentType,
				&x.rate.rate, &x.rate.unit, &x.rate.perWeek, &x.rate.perDay); err != nil {
				return err
			}
			emps[r.EmployeeID] = x
			return nil
		})

	if err != nil || len(emps) == 0 {
		return []RosterComparison{}, err
	}

	// Rostered shifts of those employees (the same scope in the statement).
	sb := report.Args{Values: append([]any(nil), eb.Values...)}
	sw := " AND sh.business_id = " + sb.Bind(biz.ID) + " AND sh.start_time >= " + sb.Bind(from) + " AND sh.start_time < " + sb.Bind(to)
	if rq.WorkTypeID != 0 {
		sw += " AND sh.work_type_id = " + sb.Bind(rq.WorkTypeID)
	}
	if rq.RosterLocationID != 0 {
		sw += " AND sh.location_id = " + sb.Bind(rq.RosterLocationID)
	}
	var shifts []*cmpShift
	var shiftIDs []int64
	err = s.Query(ctx, "SELECT sh.employee_id, sh.id, COALESCE(sh.timesheet_line_id, 0), sh.start_time, sh.end_time, sh.published, sh.accepted, COALESCE(loc.name, ''), COALESCE(wt.name, '')"+
		" FROM roster_shifts sh JOIN employees e ON e.id = sh.employee_id LEFT JOIN records loc ON loc.id = sh.location_id LEFT JOIN records wt ON wt.id = sh.work_type_id"+
		ewhere+sw+" ORDER BY sh.employee_id, sh.start_time, sh.id", sb.Values, func(rows *sql.Rows) error {
		var x cmpShift
		var published, accepted bool
		if err := rows.Scan(&x.emp, &x.id, &x.linked, &x.start, &x.end, &published, &accepted, &x.loc, &x.wt); err != nil {
			return err
		}
		switch {
		case accepted:
			x.status = "Accepted"
		case published:
			x.status = "Published"
		default:
			x.status = "Unpublished"
		}
		if len(rosterWant) > 0 && !rosterWant[x.status] && !(x.status == "Accepted" && rosterWant["Published"]) {
			return nil
		}
		shifts = append(shifts, &x)
		shiftIDs = append(shiftIDs, x.id)
		return nil
	})

	if err != nil {
		return nil, err
	}
	paid, err := s.shiftPaidMinutes(ctx, biz.ID, shiftIDs)
	if err != nil {
		return nil, err
	}
	for _, x := range shifts {
		x.paid = paid[x.id]
	}

	// Timesheet lines of those employees.
	tb := report.Args{Values: append([]any(nil), eb.Values...)}
	tw := " AND t.business_id = " + tb.Bind(biz.ID) + " AND t.start_time >= " + tb.Bind(from) + " AND t.start_time < " + tb.Bind(to)
	if rq.WorkTypeID != 0 {
		tw += " AND t.work_type_id = " + tb.Bind(rq.WorkTypeID)
	}
	if rq.TimesheetLocationID != 0 {
		tw += " AND t.location_id = " + tb.Bind(rq.TimesheetLocationID)
	}
	tw += report.In(&tb, "t.status", rq.TimesheetStatuses)
	lines := map[int64]*cmpLine{}
	var lineOrder []*cmpLine
	err = s.Query(ctx, "SELECT t.employee_id, t.id, t.start_time, t.end_time, t.status, COALESCE(loc.name, ''), COALESCE(wt.name, ''), t.units, t.rate, t.work_minutes, t.break_minutes, t.paid_break_minutes"+
		" FROM timesheet_lines t JOIN employees e ON e.id = t.employee_id LEFT JOIN records loc ON loc.id = t.location_id LEFT JOIN records wt ON wt.id = t.work_type_id"+
		ewhere+tw+" ORDER BY t.employee_id, t.start_time, t.id", tb.Values, func(rows *sql.Rows) error {
		var x cmpLine
		var units, rate sql.NullString
		var work, paidBrk int64
		if err := rows.Scan(&x.emp, &x.id, &x.start, &x.end, &x.status, &x.loc, &x.wt, &units, &rate, &work, &x.brk, &paidBrk); err != nil {
			return err
		}
		x.paid = work + paidBrk
		x.ut = "Hours"
		x.units = payroll.RateFromInt(x.paid).Div(payroll.RateFromInt(60)).RoundHalfUp(4)
		if units.Valid && strings.TrimSpace(units.String) != "" {
			x.units, x.ut, x.unitBased = report.RateOr(units.String, "0"), "Units", true
		}
		if rate.Valid && strings.TrimSpace(rate.String) != "" {
			r := report.RateOr(rate.String, "0")
			x.rate = &r
		}
		lines[x.id] = &x
		lineOrder = append(lineOrder, &x)
		return nil
	})

	if err != nil {
		return nil, err
	}

	cost := func(e *emp, minutes int64, l *cmpLine) *payroll.Money {
		if !rq.IncludeCosts {
			return nil
		}
		h := e.rate.hourly()
		if l != nil && l.rate != nil {
			h = l.rate
		}
		if h == nil {
			return nil
		}
		var c payroll.Money
		if l != nil && l.unitBased {
			c = payroll.MoneyFromDecimal(l.units.Decimal()).Mul(*h).Cents()
		} else {
			c = minutesCost(*h, minutes)
		}
		return &c
	}
	type key struct {
		emp int64
		day time.Time
	}
	pairs := map[*cmpShift]*cmpLine{}
	// Linked lines first.
	for _, sh := range shifts {
		if l := lines[sh.linked]; l != nil && !l.used && l.emp == sh.emp {
			pairs[sh], l.used = l, true
		}
	}
	// Then the rest, in start order within the employee's day.
	free := map[key][]*cmpLine{}
	for _, l := range lineOrder {
		if !l.used {
			k := key{l.emp, payroll.DateOnly(l.start)}
			free[k] = append(free[k], l)
		}
	}
	for _, sh := range shifts {
		if _, ok := pairs[sh]; ok {
			continue
		}
		k := key{sh.emp, payroll.DateOnly(sh.start)}
		if q := free[k]; len(q) > 0 {
			pairs[sh], q[0].used = q[0], true
			free[k] = q[1:]
		}
	}
	str := func(v string) *string { return &v }
	dt := func(t time.Time) *payroll.DateTime { d := payroll.NewDateTime(t); return &d }
	type sortable struct {
		row   RosterComparison
		start time.Time
	}
	var rows []sortable
	add := func(e *emp, sh *cmpShift, l *cmpLine) {
		r := e.row
		var rostered, worked int64
		zero := payroll.MoneyFromInt(0)
		rc, tc := &zero, &zero
		start := time.Time{}
		if sh != nil {
			id := sh.id
			r.RosteredID, r.RosteredStatus, r.RosteredLocation, r.RosteredWorkType = &id, str(sh.status), str(sh.loc), str(sh.wt)
			r.RosteredStart, r.RosteredEnd, r.RosteredStartTime, r.RosteredEndTime = dt(sh.start), dt(sh.end), str(clock(sh.start)), str(clock(sh.end))
			unpaid := int64(sh.end.Sub(sh.start)/time.Minute) - sh.paid
			r.RosteredDuration, r.RosteredBreaks = str(span(time.Duration(sh.paid)*time.Minute)), str(span(time.Duration(unpaid)*time.Minute))
			r.RosteredCost = cost(e, sh.paid, nil)
			if r.RosteredCost != nil {
				rc = r.RosteredCost
			}
			rostered, start = sh.paid, sh.start
		}
		if l != nil {
			id := l.id
			r.TimesheetID, r.TimesheetStatus, r.TimesheetLocation, r.TimesheetWorkType = &id, str(l.status), str(l.loc), str(l.wt)
			r.TimesheetStart, r.TimesheetEnd, r.TimesheetStartTime, r.TimesheetEndTime = dt(l.start), dt(l.end), str(clock(l.start)), str(clock(l.end))
			r.TimesheetDuration, r.TimesheetBreaks = str(span(time.Duration(l.paid)*time.Minute)), str(span(time.Duration(l.brk)*time.Minute))
			units := l.units
			r.TimesheetUnits, r.TimesheetUnitType = &units, str(l.ut)
			r.TimesheetCost = cost(e, l.paid, l)
			if r.TimesheetCost != nil {
				tc = r.TimesheetCost
			}
			worked = l.paid
			if start.IsZero() {
				start = l.start
			}
		}
		r.TimeVariance = span(time.Duration(worked-rostered) * time.Minute)
		r.CostVariance = tc.Sub(*rc)
		rows = append(rows, sortable{r, start})
	}
	for _, sh := range shifts {
		add(emps[sh.emp], sh, pairs[sh])
	}
	for _, l := range lineOrder {
		if !l.used {
			add(emps[l.emp], nil, l)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.row.EmployeeSurname != b.row.EmployeeSurname {
			return a.row.EmployeeSurname < b.row.EmployeeSurname
		}
		if a.row.EmployeeID != b.row.EmployeeID {
			return a.row.EmployeeID < b.row.EmployeeID
		}
		return a.start.Before(b.start)
	})
	out := make([]RosterComparison, len(rows))
	for i, r := range rows {
		out[i] = r.row
	}
	return out, nil
}
