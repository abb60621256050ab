package leavereport

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
)

// LeaveLiability is one employee's liability for one tracked leave
// category as at a day (AuLeaveLiabilityExportModel).
type LeaveLiability struct {
	EmployeeID                 int64                 `json:"employeeId"`
	FirstName                  string                `json:"firstName"`
	Surname                    string                `json:"surname"`
	ExternalID                 string                `json:"externalId"`
	StartDate                  payroll.DateTimeOrMin `json:"startDate" doc:"0001-01-01T00:00:00 when the employee has no start date"`
	LastPaidDate               payroll.DateTime      `json:"lastPaidDate" doc:"date paid of the employee's latest finalised pay run paid by the as-at day (null: never paid)"`
	LastPayPeriodEnding        payroll.DateTime      `json:"lastPayPeriodEnding"`
	CalculatedWeeks            payroll.Rate          `json:"calculatedWeeks" doc:"the balance in hours / the employee's hours per week, to 4 places (0 without hours per week)"`
	Location                   string                `json:"location"`
	LeaveCategoryName          string                `json:"leaveCategoryName"`
	ApprovedLeaveAmount        payroll.Rate          `json:"approvedLeaveAmount" doc:"hours of leave requests approved (made by the as-at day, for any dates) and not yet taken by a finalised pay run (includeApprovedLeave; else 0)"`
	ApprovedLeaveAmountInHours payroll.Rate          `json:"approvedLeaveAmountInHours"`
	AccruedAmount              payroll.Rate          `json:"accruedAmount" doc:"the balance in hours as at the day (less approved leave with includeApprovedLeave)"`
	AccruedAmountInHours       payroll.Rate          `json:"accruedAmountInHours"`
	LeaveValue                 payroll.Money         `json:"leaveValue" doc:"the balance's hours x the hourly rate the pay run pays leave at, from the rate in force on the as-at day (the latest pay rate schedule commencing by then, else the employee's rate): an hourly rate as is, a salary or fixed rate's period pay over the period's standard hours; to the cent"`
	LeaveLoadingDollarValue    payroll.Money         `json:"leaveLoadingDollarValue" doc:"the leave value x the leave loading (the employee's allowance, else the leave category's), to the cent"`
	UnitType                   string                `json:"unitType" enum:"Hours,Days,Weeks"`

	categoryID int64
}

// LeaveLiabilityQuery selects the leave liability report's rows.
type LeaveLiabilityQuery struct {
	AsAt                 time.Time // zero = today
	LeaveCategoryIDs     []int64   // none = every tracked category
	LocationID           int64
	EmployingEntityID    int64
	PayRunID             int64 // with filterType PayRun: as at that finalised run's date paid
	IncludeApprovedLeave bool
	GroupBy              string

	// idAfter < employee id <= idUpTo: one chunk of a prepared report
	// (jobs.go); zero idUpTo = every employee.
	idAfter, idUpTo int64
}

// Validate checks the members that can be wrong on their own.
func (lq LeaveLiabilityQuery) Validate() error {
	if lq.GroupBy != "" {
		if _, ok := record.Canonical(leaveGroups, lq.GroupBy); !ok {
			return payroll.Invalid("groupBy", "groupBy must be AccrualLocation or DefaultLocation")
		}
	}
	for _, id := range lq.LeaveCategoryIDs {
		if id < 0 {
			return payroll.Invalid("leaveTypeId", "leaveTypeId must not be negative")
		}
	}
	if lq.PayRunID < 0 {
		return payroll.Invalid("payRunId", "payRunId must not be negative")
	}
	return nil
}

// LeaveLiability values each employee's leave balances as at a day in one
// statement: the ledger summed to the end of the day, the rate in force
// that day, the last finalised pay run and (asked) the approved leave not
// yet taken, with the restricted user's scope in the same statement.
func (s *Service) LeaveLiability(ctx context.Context, biz business.Business, p *payroll.Principal, lq LeaveLiabilityQuery) (_ []LeaveLiability, err error) {
	defer payroll.Wrap(&err, "leave liability report of business %d", biz.ID)
	if err := lq.Validate(); err != nil {
		return nil, err
	}
	asAt := lq.AsAt
	if lq.PayRunID != 0 {
		paid, err := s.finalisedPaid(ctx, biz, lq.PayRunID)
		if err != nil {
			return nil, err
		}
		asAt = paid
	}
	if asAt.IsZero() {
		asAt = s.Clock.Now()
	}
	tracked, err := s.tracked(ctx, biz)
	if err != nil {
		return nil, err
	}
	freqs, err := s.frequencies(ctx, biz)
	if err != nil {
		return nil, err
	}
	var b report.Args
	where, err := s.EmployeeScope(ctx, biz, p, report.Filter{LocationID: lq.LocationID, EmployingEntityID: lq.EmployingEntityID}, &b)
	if err != nil {
		return nil, err
	}
	if len(lq.LeaveCategoryIDs) > 0 {
		var in []string
		for _, id := range lq.LeaveCategoryIDs {
			in = append(in, b.Bind(id))
		}
		where += " AND x.leave_category_id IN (" + strings.Join(in, ", ") + ")"
	}
	if lq.idUpTo != 0 {
		where += " AND e.id > " + b.Bind(lq.idAfter) + " AND e.id <= " + b.Bind(lq.idUpTo)
	}
	end := b.Bind(payroll.DateOnly(asAt).AddDate(0, 0, 1))
	final := b.Bind(payrun.StatusFinalised)
	q := "SELECT e.id, e.external_id, e.first_name, e.surname, e.primary_location, e.start_date, " +
		// The rate in force: the latest schedule commencing by the day.
		rateInForce(end) + ", " +
		"COALESCE(e.hours_per_week, ''), COALESCE(e.hours_per_day, ''), COALESCE(e.pay_schedule_id, 0), x.leave_category_id, COALESCE(a.leave_loading, ''), " +
		"CAST(COALESCE((SELECT SUM(l.hours_e6) FROM leave_ledger l WHERE l.business_id = e.business_id AND l.employee_id = e.id AND l.leave_category_id = x.leave_category_id AND l.entry_date < " + end + "), 0) AS BIGINT), " +
		"CAST(COALESCE((SELECT SUM(lr.hours_e6) FROM leave_requests lr WHERE lr.business_id = e.business_id AND lr.employee_id = e.id AND lr.leave_category_id = x.leave_category_id AND lr.status = 'Approved' AND lr.created_at < " + end +
		" AND NOT EXISTS (SELECT 1 FROM leave_ledger t WHERE t.leave_request_id = lr.id AND t.entry_date < " + end + ")), 0) AS BIGINT), " +
		"(SELECT MAX(r.date_paid) FROM pay_runs r JOIN pay_run_employees pe ON pe.pay_run_id = r.id WHERE pe.business_id = e.business_id AND pe.employee_id = e.id AND r.status = " + final + " AND r.date_paid < " + end + "), " +
		"(SELECT MAX(r.period_ending) FROM pay_runs r JOIN pay_run_employees pe ON pe.pay_run_id = r.id WHERE pe.business_id = e.business_id AND pe.employee_id = e.id AND r.status = " + final + " AND r.date_paid < " + end + ")" +
		" FROM (SELECT DISTINCT employee_id, leave_category_id FROM leave_ledger WHERE business_id = " + b.Bind(biz.ID) +
		" UNION SELECT employee_id, leave_category_id FROM leave_allowances WHERE business_id = " + b.Bind(biz.ID) + ") x" +
		" JOIN employees e ON e.id = x.employee_id LEFT JOIN leave_allowances a ON a.employee_id = x.employee_id AND a.leave_category_id = x.leave_category_id" +
		where + " ORDER BY e.surname, e.first_name, e.id, x.leave_category_id"
	out := []LeaveLiability{}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var r LeaveLiability
		var rate, unit, perWeek, perDay, loading string
		var start, lastPaid, lastEnding report.NullTime
		var schedule, catID, e6, approvedE6 int64
		if err := rows.Scan(&r.EmployeeID, &r.ExternalID, &r.FirstName, &r.Surname, &r.Location, &start, &rate, &unit, &perWeek, &perDay, &schedule, &catID, &loading, &e6, &approvedE6, &lastPaid, &lastEnding); err != nil {
			return err
		}
		c, ok := tracked[catID]
		if !ok {
			return nil
		}
		r.categoryID = catID
		r.StartDate.DateTime, r.LastPaidDate, r.LastPayPeriodEnding = start.DateTime(), lastPaid.DateTime(), lastEnding.DateTime()
		u := unitOf(&c, r.EmployeeID, perDay, perWeek)
		r.LeaveCategoryName, r.UnitType = c.Name, u.Name
		h := report.HoursE6(e6)
		if lq.IncludeApprovedLeave {
			ap := report.HoursE6(approvedE6)
			r.ApprovedLeaveAmount, r.ApprovedLeaveAmountInHours = u.FromHours(ap), ap
			h = h.Sub(ap)
		}
		r.AccruedAmount, r.AccruedAmountInHours = u.FromHours(h), h
		week := report.RateOr(perWeek, "0")
		if week.IsPos() {
			r.CalculatedWeeks = h.Div(week).RoundHalfUp(4)
		}
		v := valueBalance(h, &c, loading, rate, unit, perWeek, perDay, freqs[schedule])
		r.LeaveValue, r.LeaveLoadingDollarValue = v.Leave, v.Loading
		out = append(out, r)
		return nil
	})

	return out, err
}

// LeaveLiabilitySheet is the leave liability report as a worksheet.
func LeaveLiabilitySheet(rows []LeaveLiability) report.Sheet {
	sh := report.Sheet{Name: "Leave Liability", Totals: true, Header: []string{"Employee Id", "External Id", "First Name", "Surname", "Location", "Start Date", "Last Paid Date",
		"Last Pay Period Ending", "Leave Category", "Unit Type", "Accrued Amount", "Accrued Hours", "Approved Leave", "Approved Leave Hours", "Calculated Weeks",
		"Leave Value", "Leave Loading", "Total"}}
	for _, r := range rows {
		sh.Rows = append(sh.Rows, []any{r.EmployeeID, r.ExternalID, r.FirstName, r.Surname, r.Location, r.StartDate.DateTime, r.LastPaidDate, r.LastPayPeriodEnding,
			r.LeaveCategoryName, r.UnitType, r.AccruedAmount, r.AccruedAmountInHours, r.ApprovedLeaveAmount, r.ApprovedLeaveAmountInHours, r.CalculatedWeeks,
			r.LeaveValue, r.LeaveLoadingDollarValue, r.LeaveValue.Add(r.LeaveLoadingDollarValue)})
	}
	return sh
}
