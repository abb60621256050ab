package leavereport

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
)

// LeaveBalance is one employee's balance of one leave category as at a
// day (AuLeaveBalancesExportModel).
type LeaveBalance struct {
	EmployeeID           int64         `json:"employeeId"`
	ExternalID           string        `json:"externalId"`
	FirstName            string        `json:"firstName"`
	Surname              string        `json:"surname"`
	Location             string        `json:"location"`
	LeaveCategoryName    string        `json:"leaveCategoryName"`
	AccruedAmount        payroll.Rate  `json:"accruedAmount" doc:"the balance in unitType, as E/leavebalances gives it"`
	AccruedAmountInHours payroll.Rate  `json:"accruedAmountInHours"`
	AccruedAmountInDays  payroll.Rate  `json:"accruedAmountInDays" doc:"hours / the employee's hours per day (hoursPerDay, else hoursPerWeek / 5, else 7.6), to 4 places"`
	UnitType             string        `json:"unitType" enum:"Hours,Days,Weeks"`
	LeaveValue           payroll.Money `json:"leaveValue" doc:"hours x the hourly rate the pay run pays leave at, from the rate in force on the as-at day (the latest pay rate schedule commencing by then, else the employee's rate): an hourly rate as is, a salary or fixed rate's period pay over the period's standard hours; to the cent"`
	LoadingValue         payroll.Money `json:"loadingValue" doc:"the leave value x the leave loading (the employee's allowance, else the leave category's), to the cent; the leave liability report's leaveLoadingDollarValue"`
	LeavePlusLoading     payroll.Money `json:"leavePlusLoading"`

	categoryID int64
}

// LeaveBalancesQuery selects leave balances.
type LeaveBalancesQuery struct {
	AsAt              time.Time // zero = today
	LeaveCategoryID   int64
	LocationID        int64
	EmployingEntityID int64
	GroupBy           string // AccrualLocation or DefaultLocation: both report the employee's primary location
}

var leaveGroups = []string{"AccrualLocation", "DefaultLocation"}

// LeaveBalances sums the leave ledger as at a day per employee and
// tracked leave category in SQL (the scope in the same statement), with
// the balance's value at the employee's rate.
func (s *Service) LeaveBalances(ctx context.Context, biz business.Business, p *payroll.Principal, lq LeaveBalancesQuery) (_ []LeaveBalance, err error) {
	defer payroll.Wrap(&err, "leave balances report of business %d", biz.ID)
	if lq.GroupBy != "" {
		if _, ok := record.Canonical(leaveGroups, lq.GroupBy); !ok {
			return nil, payroll.Invalid("groupBy", "groupBy must be AccrualLocation or DefaultLocation")
		}
	}
	if lq.LeaveCategoryID < 0 {
		return nil, payroll.Invalid("leaveTypeId", "leaveTypeId must not be negative")
	}
	asAt := lq.AsAt
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
	cat := ""
	if lq.LeaveCategoryID != 0 {
		cat = " AND x.leave_category_id = " + b.Bind(lq.LeaveCategoryID)
	}
	// Every employee-category with ledger entries or an allowance; the
	// ledger summed up to the end of the day.
	end := b.Bind(payroll.DateOnly(asAt).AddDate(0, 0, 1))
	q := "SELECT e.id, e.external_id, e.first_name, e.surname, e.primary_location, " + rateInForce(end) + ", COALESCE(e.hours_per_week, ''), COALESCE(e.hours_per_day, ''), COALESCE(e.pay_schedule_id, 0), " +
		"x.leave_category_id, COALESCE(a.leave_loading, ''), " +
		"CAST(COALESCE((SELECT SUM(l.hours_e6) FROM leave_ledger l WHERE l.business_id = e.business_id AND l.employee_id = e.id AND l.leave_category_id = x.leave_category_id AND l.entry_date < " + end + "), 0) AS BIGINT)" +
		" FROM (SELECT DISTINCT employee_id, leave_category_id FROM leave_ledger WHERE business_id = " + b.Bind(biz.ID) +
		" UNION SELECT employee_id, leave_category_id FROM leave_allowances WHERE business_id = " + b.Bind(biz.ID) + ") x" +
		" JOIN employees e ON e.id = x.employee_id LEFT JOIN leave_allowances a ON a.employee_id = x.employee_id AND a.leave_category_id = x.leave_category_id" +
		where + cat + " ORDER BY e.surname, e.first_name, e.id, x.leave_category_id"
	out := []LeaveBalance{}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var r LeaveBalance
		var rate, unit, perWeek, perDay, loading string
		var schedule, catID, e6 int64
		if err := rows.Scan(&r.EmployeeID, &r.ExternalID, &r.FirstName, &r.Surname, &r.Location, &rate, &unit, &perWeek, &perDay, &schedule, &catID, &loading, &e6); err != nil {
			return err
		}
		c, ok := tracked[catID]
		if !ok {
			return nil
		}
		h := report.HoursE6(e6)
		r.categoryID = catID
		u := unitOf(&c, r.EmployeeID, perDay, perWeek)
		r.LeaveCategoryName, r.AccruedAmount, r.AccruedAmountInHours, r.UnitType = c.Name, u.FromHours(h), h, u.Name
		week := report.RateOr(perWeek, "0")
		dayHours := report.RateOr(perDay, "0")
		if dayHours.IsZero() && week.IsPos() {
			dayHours = payroll.RateFromDecimal(week.Decimal()).Div(payroll.RateFromInt(5))
		}
		if dayHours.IsZero() {
			dayHours = payroll.MustRate("7.6")
		}
		r.AccruedAmountInDays = h.Div(dayHours).RoundHalfUp(4)
		v := valueBalance(h, &c, loading, rate, unit, perWeek, perDay, freqs[schedule])
		r.LeaveValue, r.LoadingValue, r.LeavePlusLoading = v.Leave, v.Loading, v.Leave.Add(v.Loading)
		out = append(out, r)
		return nil
	})

	return out, err
}

// OfCategories keeps the balances of the leave categories ids (none =
// all).
func OfCategories(rows []LeaveBalance, ids []int64) []LeaveBalance {
	if len(ids) == 0 {
		return rows
	}
	keep := map[int64]bool{}
	for _, id := range ids {
		keep[id] = true
	}
	out := []LeaveBalance{}
	for _, r := range rows {
		if keep[r.categoryID] {
			out = append(out, r)
		}
	}
	return out
}

// LeaveBalancesSheet is the leave balances report as a worksheet;
// hideValues leaves the money columns out.
func LeaveBalancesSheet(rows []LeaveBalance, hideValues bool) report.Sheet {
	h := []string{"Employee Id", "External Id", "First Name", "Surname", "Location", "Leave Category", "Accrued Amount", "Hours", "Days", "Unit Type"}
	if !hideValues {
		h = append(h, "Leave Value", "Loading Value", "Leave Plus Loading")
	}
	sh := report.Sheet{Name: "Leave Balances", Header: h}
	for _, r := range rows {
		row := []any{r.EmployeeID, r.ExternalID, r.FirstName, r.Surname, r.Location, r.LeaveCategoryName, r.AccruedAmount, r.AccruedAmountInHours, r.AccruedAmountInDays, r.UnitType}
		if !hideValues {
			row = append(row, r.LeaveValue, r.LoadingValue, r.LeavePlusLoading)
		}
		sh.Rows = append(sh.Rows, row)
	}
	return sh
}
