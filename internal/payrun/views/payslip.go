package views

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	payrunout "github.com/payrolld/payrolld/internal/payrun/output"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// slipData is what PaySlips reads for the detail of every slip of a run.
type slipData struct {
	payees  map[int64]*payrunout.Payee
	base    string // lodgement reference settings
	content string
	funds   map[int64][2]string       // employee: first super fund's name and member number
	balance map[int64]map[int64]int64 // employee: tracked leave category: hours e6
	leave   map[int64]categories.LeaveCategory
	hours   map[int64][2]payroll.Rate       // employee: standard hours per day and per week
	taken   map[int64][]payrun.PaySlipLeave // employee: leave the run pays (leave requests, termination payouts)
	ytd     map[int64][]payrun.PaySlipYTDEarnings
	ote     func(int64) bool
}

// loadSlipData reads the slips' detail of a run (employeeID 0 = all).
func (s *Views) loadSlipData(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun, employeeID int64) (*slipData, error) {
	ps, err := payrunout.Payees(ctx, s.Service, q, biz, run, employeeID)
	if err != nil {
		return nil, err
	}
	d := &slipData{payees: make(map[int64]*payrunout.Payee, len(ps)), funds: map[int64][2]string{}, balance: map[int64]map[int64]int64{}, hours: map[int64][2]payroll.Rate{},
		ytd: map[int64][]payrun.PaySlipYTDEarnings{}, taken: map[int64][]payrun.PaySlipLeave{}}
	for i := range ps {
		d.payees[ps[i].Row.EmployeeID] = &ps[i]
	}
	if d.base, d.content, err = payrunout.DefaultReference(ctx, s.Service, biz); err != nil {
		return nil, err
	}
	if d.ote, err = s.OTEOf(ctx, biz); err != nil {
		return nil, err
	}
	p := s.Positional()
	emp := ""
	args := []any{run.ID, biz.ID}
	if employeeID != 0 {
		emp = " AND pe.employee_id = " + pay.Placeholder(p, 3)
		args = append(args, employeeID)
	}
	// Super funds (AU).
	if biz.Region == "AU" {
		err := query(ctx, q, "SELECT e.id, e.super_fund1_fund_name, e.super_fund1_member_number FROM pay_run_employees pe JOIN employees e ON e.id = pe.employee_id"+
			" WHERE pe.pay_run_id = "+pay.Placeholder(p, 1)+" AND e.business_id = "+pay.Placeholder(p, 2)+emp, args, func(rows *sql.Rows) error {
			var id int64
			var f [2]string
			err := rows.Scan(&id, &f[0], &f[1])
			d.funds[id] = f
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	// Leave balances as at the period end, by category, in each
	// category's unit (leave.Unit: the employee's standard hours).
	cats, err := s.Categories.LeaveCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	d.leave = make(map[int64]categories.LeaveCategory, len(cats))
	names := make(map[int64]string, len(cats))
	allNames := make(map[int64]string, len(cats))
	for _, c := range cats {
		allNames[c.ID], d.leave[c.ID] = c.Name, c
		if !c.IsBalanceUntracked {
			names[c.ID] = c.Name
		}
	}
	err = query(ctx, q, "SELECT e.id, e.hours_per_day, e.hours_per_week FROM pay_run_employees pe JOIN employees e ON e.id = pe.employee_id"+
		" WHERE pe.pay_run_id = "+pay.Placeholder(p, 1)+" AND e.business_id = "+pay.Placeholder(p, 2)+emp, args, func(rows *sql.Rows) error {
		var id int64
		var perDay, perWeek sql.NullString
		err := rows.Scan(&id, &perDay, &perWeek)
		d.hours[id] = [2]payroll.Rate{leave.StoredHours(perDay), leave.StoredHours(perWeek)}
		return err
	})
	if err != nil {
		return nil, err
	}
	err = query(ctx, q, "SELECT l.employee_id, l.leave_category_id, CAST(SUM(l.hours_e6) AS BIGINT) FROM leave_ledger l JOIN pay_run_employees pe ON pe.employee_id = l.employee_id"+
		" WHERE pe.pay_run_id = "+pay.Placeholder(p, 1)+" AND l.business_id = "+pay.Placeholder(p, 2)+emp+" AND l.entry_date <= "+pay.Placeholder(p, len(args)+1)+
		" GROUP BY l.employee_id, l.leave_category_id", append(slices.Clip(args), run.PeriodEnding), func(rows *sql.Rows) error {
		var id, cat, h int64
		if err := rows.Scan(&id, &cat, &h); err != nil {
			return err
		}
		d.addBalance(id, names, cat, h)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The leave the run pays (leave requests and what a termination pays
	// out): listed as taken, and out of a draft run's balances (a
	// finalised run's are in the ledger).
	paid, err := q.ListPayRunSourcesOfKind(ctx, store.ListPayRunSourcesOfKindParams{PayRunID: run.ID, Kind: pay.SourceLeave})
	if err != nil {
		return nil, err
	}
	for _, src := range paid {
		if (employeeID != 0 && src.EmployeeID != employeeID) || src.HoursE6 == 0 {
			continue
		}
		notes := "leave request"
		if src.SourceID == 0 {
			notes = "paid out on termination"
		}
		d.taken[src.EmployeeID] = append(d.taken[src.EmployeeID], payrun.PaySlipLeave{LeaveCategory: allNames[src.LeaveCategoryID],
			Amount: d.unit(src.EmployeeID, src.LeaveCategoryID).FromHoursE6(src.HoursE6), Notes: notes})
		if run.Status != payrun.StatusFinalised {
			d.addBalance(src.EmployeeID, names, src.LeaveCategoryID, -src.HoursE6)
		}
	}
	if run.Status != payrun.StatusFinalised { // its leave is posted at finalise
		entries, err := payrun.LeaveEntries(ctx, q, run)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if employeeID != 0 && e.EmployeeID != employeeID {
				continue
			}
			h, _, _ := e.Hours.RoundHalfUp(6).Mul(payroll.RateFromInt(1000000)).Decimal().Int64(0)
			if e.Kind == leave.KindTaken {
				h = -h
			}
			d.addBalance(e.EmployeeID, names, e.LeaveCategoryID, h)
		}
	}
	// Gross year-to-date by pay category: this run and the finalised runs
	// of the tax year paid up to its date.
	from, _ := pay.TaxYear(biz.Region, run.DatePaid)
	ytdArgs := []any{biz.ID, run.ID, from, run.DatePaid}
	empYTD := ""
	if employeeID != 0 {
		empYTD = " AND l.employee_id = " + pay.Placeholder(p, 5)
		ytdArgs = append(ytdArgs, employeeID)
	}
	err = query(ctx, q, "SELECT l.employee_id, l.category_name, CAST(SUM(l.amount) AS BIGINT) FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id"+
		" WHERE r.business_id = "+pay.Placeholder(p, 1)+" AND l.kind = 'earnings' AND (r.id = "+pay.Placeholder(p, 2)+" OR (r.status = 'Finalised' AND r.date_paid >= "+pay.Placeholder(p, 3)+
		" AND r.date_paid <= "+pay.Placeholder(p, 4)+"))"+empYTD+" GROUP BY l.employee_id, l.category_name ORDER BY l.employee_id, l.category_name", ytdArgs,
		func(rows *sql.Rows) error {
			var id, amount int64
			var name string
			err := rows.Scan(&id, &name, &amount)
			d.ytd[id] = append(d.ytd[id], payrun.PaySlipYTDEarnings{PayCategoryName: name, GrossEarnings: money(amount)})
			return err
		})
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (d *slipData) addBalance(employeeID int64, names map[int64]string, category, hoursE6 int64) {
	if _, ok := names[category]; !ok {
		return
	}
	if d.balance[employeeID] == nil {
		d.balance[employeeID] = map[int64]int64{}
	}
	d.balance[employeeID][category] += hoursE6
}

// unit is the unit an employee's slip states leave category id in: the
// category's own, or hours for an employee without the standard hours a
// day or a week needs (a slip is not refused for it; the balances API is).
func (d *slipData) unit(employeeID, id int64) leave.Unit {
	c, ok := d.leave[id]
	if !ok {
		return leave.HoursUnit
	}
	h := d.hours[employeeID]
	perDay, perWeek := leave.StandardHours(h[0], h[1])
	u, err := leave.UnitOf(&c, employeeID, perDay, perWeek)
	if err != nil {
		return leave.HoursUnit
	}
	return u
}

// query runs a statement and scans each row.
func query(ctx context.Context, q *store.Queries, stmt string, args []any, scan func(*sql.Rows) error) error {
	rows, err := q.Query(ctx, stmt, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// detail fills a slip's members of payrun.PaySlipDetail.
func (d *slipData) detail(region string, run store.PayRun, e store.PayRunEmployee, lines []store.PayRunLine) payrun.PaySlipDetail {
	out := payrun.PaySlipDetail{PaygAdjustments: []payrun.PaySlipNote{}, SuperAdjustments: []payrun.PaySlipNote{}, SuperPayments: []payrun.PaySlipSuperPayment{},
		BankPayments: []payrun.PaySlipBankPayment{}, AccruedLeave: []payrun.PaySlipLeave{}, LeaveTaken: []payrun.PaySlipLeave{}, TotalAccruedLeave: []payrun.PaySlipLeave{},
		GrossYTDDetails: []payrun.PaySlipYTDEarnings{}, BaseRateUnit: "Hourly"}
	for _, l := range lines {
		switch l.Kind {
		case pay.KindTaxAdjustment:
			if region == "AU" {
				out.PaygAdjustments = append(out.PaygAdjustments, payrun.PaySlipNote{Notes: l.Notes, Amount: money(l.Amount)})
			}
		case pay.KindSuperAdjustment:
			notes := l.Notes
			if notes == "" {
				notes = l.Subtype
			}
			out.SuperAdjustments = append(out.SuperAdjustments, payrun.PaySlipNote{Notes: notes, Amount: money(l.Amount)})
		case pay.KindLeave:
			h, err := pay.ParseRate(l.Units)
			if err != nil || h.IsZero() {
				continue
			}
			lv := payrun.PaySlipLeave{LeaveCategory: l.CategoryName, Amount: d.unit(e.EmployeeID, l.CategoryID).FromHours(h), Notes: l.Notes}
			if l.Subtype == "LeaveTaken" {
				out.LeaveTaken = append(out.LeaveTaken, lv)
			} else {
				out.AccruedLeave = append(out.AccruedLeave, lv)
			}
		}
	}
	out.LeaveTaken = append(out.LeaveTaken, d.taken[e.EmployeeID]...)
	if f, ok := d.funds[e.EmployeeID]; ok && region == "AU" && e.SuperContribution > 0 {
		out.SuperPayments = append(out.SuperPayments, payrun.PaySlipSuperPayment{FundName: f[0], MemberNumber: f[1], Amount: money(e.SuperContribution)})
	}
	if y := d.ytd[e.EmployeeID]; y != nil {
		out.GrossYTDDetails = y
	}
	bal := d.balance[e.EmployeeID]
	cats := make([]int64, 0, len(bal))
	for c := range bal {
		cats = append(cats, c)
	}
	slices.SortFunc(cats, func(a, b int64) int {
		if n := strings.Compare(d.leave[a].Name, d.leave[b].Name); n != 0 {
			return n
		}
		return cmp.Compare(a, b)
	})
	for _, c := range cats {
		out.TotalAccruedLeave = append(out.TotalAccruedLeave, payrun.PaySlipLeave{LeaveCategory: d.leave[c].Name, Amount: d.unit(e.EmployeeID, c).FromHoursE6(bal[c]),
			Notes: "balance at " + run.PeriodEnding.Format("2006-01-02")})
	}
	p := d.payees[e.EmployeeID]
	if p == nil {
		return out
	}
	add := func(a bankaccount.Account, amount payroll.Money) {
		if !amount.IsPos() {
			return
		}
		b := payrun.PaySlipBankPayment{BSB: a.BSB, AccountName: a.AccountName, AccountNumber: a.AccountNumber, Amount: amount}
		if a.AccountType == "Electronic" {
			b.LodgementReference = payrunout.Reference(d.base, d.content, run, e.EmployeeID)
		}
		out.BankPayments = append(out.BankPayments, b)
	}
	for _, pay := range p.Pays {
		add(pay.Account, pay.Amount)
	}
	add(bankaccount.Account{}, p.Unpaid)
	out.EmployeeBaseRate, out.BaseRateUnit, out.HourlyRate = baseRate(p.Emp, run.Frequency)
	return out
}

// baseRate is the employee's pay rate as the payslip states it, and its
// hourly equivalent.
func baseRate(e payrunout.EmployeeDetails, freq string) (rate payroll.Rate, unit string, hourly payroll.Rate) {
	unit = "Hourly"
	if !e.Rate.Valid {
		return rate, unit, hourly
	}
	r, err := payroll.ParseRate(e.Rate.String)
	if err != nil || !r.IsPos() {
		return rate, unit, hourly
	}
	hpw := payroll.Rate{}
	if e.HoursPerWeek.Valid {
		hpw, _ = payroll.ParseRate(e.HoursPerWeek.String)
	}
	weekly := payroll.Rate{} // the rate's weekly amount
	rate, unit = r, e.RateUnit
	switch e.RateUnit {
	case "Hourly", "":
		return r, "Hourly", r
	case "Annually":
		weekly = r.Div(payroll.RateFromInt(52))
	case "Monthly":
		weekly = r.Mul(payroll.RateFromInt(12)).Div(payroll.RateFromInt(52))
	case "Weekly":
		weekly = r
		rate, unit = r.Mul(payroll.RateFromInt(52)), "Annually"
	case "Daily":
		weekly = r.Mul(payroll.RateFromInt(5))
	case "Fixed":
		if weeks, ok := pay.WeeksPerPeriod(freq); ok {
			weekly = r.Div(weeks)
		}
	default:
		return payroll.Rate{}, "Hourly", payroll.Rate{}
	}
	if hpw.IsPos() {
		hourly = weekly.Div(hpw).RoundHalfUp(4)
	}
	return rate, unit, hourly
}
