package statutoryleave

import (
	"context"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// PayLine is the statutory pay of one week of a period of leave falling
// in a pay period: a pay run earnings line (taxable, NI-able earnings).
type PayLine struct {
	Kind       Kind
	LeaveID    int64
	Week       int
	Days       int // days of the week in the pay period (SSP: qualifying days paid)
	PerWeek    int // days the weekly rate is divided by (7; SSP: qualifying days a week)
	WeeklyRate payroll.Money
	Amount     payroll.Money
	ExternalID string // LineID: how calculations and deletes find it
	Notes      string
	// From and To are the calendar days of the week inside the pay period
	// (what an occupational scheme's top-up sets the line against).
	From, To time.Time
	// Paid are the days an SSP line pays (its paid qualifying days in the
	// pay period: SSP is paid per qualifying day); nil for the other
	// payments, which pay every day from From to To.
	Paid []time.Time
	// Arrears marks the top-up of a week paid by finalised pay runs before
	// its rate rose (a pay rise entered late, reg 21(7)): Amount is the
	// difference, Days the days of the week paid before this period; it
	// replaces no salary and is not set against an occupational scheme.
	Arrears bool
}

// Absence is a period of statutory leave or sickness as a pay run sees
// it: the employee is away from From to To whether or not the period
// pays (not eligible leave is unpaid leave). Paused neonatal care leave
// is not an absence.
type Absence struct {
	Kind     Kind
	From, To time.Time
}

// PayLines is the statutory pay of every employee of the business in
// [employeeLo, employeeHi] with leave in the pay period [from, to]: each
// week of leave overlapping the period pays the days of it inside the
// period (the week's running total rounded up at each end, so a week
// split across two runs pays exactly its amount). Not eligible periods
// and paused neonatal care pay nothing. One query finds the periods;
// only employees with leave read their pay history.
func (s *Service) PayLines(ctx context.Context, q *store.Queries, biz business.Business, runID int64, from, to time.Time, employeeLo, employeeHi int64) (map[int64][]PayLine, error) {
	out, _, err := s.PayPeriod(ctx, q, biz, runID, from, to, employeeLo, employeeHi)
	return out, err
}

// PayPeriod is PayLines and, from the same read, every employee's
// periods of statutory leave and sickness overlapping the pay period (a
// pay run reduces salary for their working days). runID is the pay run
// calculated (its own lines are not "paid before"; 0 = none).
func (s *Service) PayPeriod(ctx context.Context, q *store.Queries, biz business.Business, runID int64, from, to time.Time, employeeLo, employeeHi int64) (map[int64][]PayLine, map[int64][]Absence, error) {
	out, absent, _, err := s.payPeriod(ctx, q, biz, runID, true, from, to, employeeLo, employeeHi)
	return out, absent, err
}

// Unpaid are the weeks of family leave in the pay period [from, to] that
// cannot be paid because the rate of their tax year is not loaded, by
// employee, as sentences for a pay run's warnings: a pay run pays the
// other weeks and keeps the salary of these weeks' days (never removing
// salary without the statutory pay that replaces it).
func (s *Service) Unpaid(ctx context.Context, q *store.Queries, biz business.Business, from, to time.Time, employeeLo, employeeHi int64) (map[int64][]string, error) {
	_, _, unpaid, err := s.payPeriod(ctx, q, biz, 0, false, from, to, employeeLo, employeeHi)
	return unpaid, err
}

func (s *Service) payPeriod(ctx context.Context, q *store.Queries, biz business.Business, runID int64, arrears bool, from, to time.Time, employeeLo, employeeHi int64) (map[int64][]PayLine, map[int64][]Absence, map[int64][]string, error) {
	if gate(biz) != nil {
		return nil, nil, nil, nil
	}
	from, to = payroll.DateOnly(from), payroll.DateOnly(to)
	rows, err := q.ListStatutoryLeavesInPeriod(ctx, store.ListStatutoryLeavesInPeriodParams{BusinessID: biz.ID, FromDate: from, ToDate: to,
		EmployeeLo: employeeLo, EmployeeHi: employeeHi})
	if err != nil {
		return nil, nil, nil, err
	}
	out, absent, unpaid := map[int64][]PayLine{}, map[int64][]Absence{}, map[int64][]string{}
	started := map[int64]time.Time{}
	for _, r := range rows {
		k := Kind(r.Kind)
		// keep are the days of the leave whose salary stays: weeks
		// without a loaded rate (the absence is the rest).
		var keep [][2]time.Time
		addAbsence := func() {
			if k == SNCP && r.Paused {
				return
			}
			for _, a := range minus(payroll.DateOnly(r.StartDate), payroll.DateOnly(r.EndDate), keep) {
				absent[r.EmployeeID] = append(absent[r.EmployeeID], Absence{Kind: k, From: a[0], To: a[1]})
			}
		}
		if k == SSP {
			res, _, _, err := sspCalc(ctx, q, biz.ID, r)
			if payroll.KindOf(err) == payroll.KindInvalid {
				// A period stored before such periods were refused (it runs
				// into a tax year whose SSP rate is not loaded): nothing of
				// it can be paid, so nothing of the salary is taken either.
				unpaid[r.EmployeeID] = append(unpaid[r.EmployeeID], fmt.Sprintf("%s from %s to %s: %v; not paid, and the salary of its days is kept",
					k.Name(), r.StartDate.Format("2006-01-02"), r.EndDate.Format("2006-01-02"), err))
				continue
			}
			if err != nil {
				return nil, nil, nil, err
			}
			addAbsence()
			// SSP's period of entitlement ends when the contract of
			// service ends (SSCBA 1992 s 153(2)(c)): no SSP is due for
			// the days after the employee's end date.
			sspTo, cut := to, false
			e, err := q.GetEmployee(ctx, store.GetEmployeeParams{ID: r.EmployeeID, BusinessID: biz.ID})
			if err != nil && !db.IsNoRows(err) {
				return nil, nil, nil, err
			}
			if e.EndDate.Valid && payroll.DateOnly(e.EndDate.Time).Before(to) {
				sspTo, cut = payroll.DateOnly(e.EndDate.Time), true
			}
			for i, w := range res.Weeks {
				if sspTo.Before(from) {
					break
				}
				amt, days := w.AmountBetween(from, sspTo)
				if days == 0 {
					continue
				}
				paid := w.PaidBetween(from, sspTo)
				out[r.EmployeeID] = append(out[r.EmployeeID], PayLine{Kind: k, LeaveID: r.ID, Week: i + 1, Days: days, PerWeek: w.PerWeek,
					WeeklyRate: w.RateMoney().Money(), Amount: pounds(amt), ExternalID: LineID(k, r.ID, i+1), From: later(w.Start, from), To: earlier(w.End, sspTo), Paid: paid,
					Notes: fmt.Sprintf("%s week %d (%s to %s): %d qualifying day(s) of %d", k.Name(), i+1, w.Start.Format("2006-01-02"), w.End.Format("2006-01-02"), days, w.PerWeek) + ended(cut, w.End, sspTo)})
			}
			continue
		}
		if k == SNCP && r.Paused {
			continue
		}
		st, ok := started[r.EmployeeID]
		if !ok {
			e, err := q.GetEmployee(ctx, store.GetEmployeeParams{ID: r.EmployeeID, BusinessID: biz.ID})
			if err != nil && !db.IsNoRows(err) {
				return nil, nil, nil, err
			}
			st = e.StartDate.Time
			started[r.EmployeeID] = st
		}
		qw := qualifyingWeekStart(k, r.QualifyingDate.Time, r.MatchDate.Time, r.IsAdoption)
		awe, _, _, err := employeeAWE(ctx, q, biz.ID, r.EmployeeID, r.AweOverride, riseOf(r.PayRiseBp, r.PayRiseFrom), qw.AddDate(0, 0, 6))
		if err != nil {
			return nil, nil, nil, err
		}
		el, err := familyEligibility(k, qw, st, awe)
		if err != nil {
			// No figures for its qualifying week: nothing can be paid, so
			// nothing of the salary is taken either.
			keep = append(keep, [2]time.Time{payroll.DateOnly(r.StartDate), payroll.DateOnly(r.EndDate)})
			unpaid[r.EmployeeID] = append(unpaid[r.EmployeeID], fmt.Sprintf("%s from %s: %v; not paid, and the salary of its days is kept", k.Name(),
				r.StartDate.Format("2006-01-02"), err))
			addAbsence()
			continue
		}
		if !el.Eligible {
			addAbsence() // not eligible: the leave is unpaid (the calc says why)
			continue
		}
		weeks, _ := familyWeeks(k, r.StartDate, r.EndDate, int(r.WeeksToPay.Int64), awe)
		if arrears {
			top, err := arrearsLines(ctx, q, biz.ID, runID, k, r, weeks, awe, from)
			if err != nil {
				return nil, nil, nil, err
			}
			out[r.EmployeeID] = append(out[r.EmployeeID], top...)
		}
		for _, w := range weeks {
			before := daysIn(w.Start, w.End, w.Start, from.AddDate(0, 0, -1))
			upto := daysIn(w.Start, w.End, w.Start, to)
			if upto <= before {
				continue
			}
			if w.Unrated {
				keep = append(keep, [2]time.Time{later(w.Start, from), earlier(w.End, to)})
				unpaid[r.EmployeeID] = append(unpaid[r.EmployeeID], fmt.Sprintf("%s week %d (%s to %s): %s; not paid in this run, and the salary of its days is kept: pay the week in a later run once the rate is loaded",
					k.Name(), w.Number, w.Start.Format("2006-01-02"), w.End.Format("2006-01-02"), w.NoRate))
				continue
			}
			amt := slice(w.RatePence, before, upto, 7)
			out[r.EmployeeID] = append(out[r.EmployeeID], PayLine{Kind: k, LeaveID: r.ID, Week: w.Number, Days: upto - before, PerWeek: 7,
				WeeklyRate: pounds(w.RatePence), Amount: pounds(amt), ExternalID: LineID(k, r.ID, w.Number), From: later(w.Start, from), To: earlier(w.End, to),
				Notes: fmt.Sprintf("%s week %d (%s to %s): %d day(s) of 7", k.Name(), w.Number, w.Start.Format("2006-01-02"), w.End.Format("2006-01-02"), upto-before)})
		}
		addAbsence()
	}
	return out, absent, unpaid, nil
}

// arrearsLines tops up the weeks of a period of family leave that
// finalised pay runs paid before the pay period from, when the week's rate
// is now higher than what they paid (the AWE raised after a pay rise
// entered late: SMP (General) Regulations 1986 reg 21(7); HMRC SPM172200:
// the extra SMP for weeks already paid is due, paid in arrears). Per week:
// the amount now due for the days finalised runs paid of it (the last
// days before from: runs pay consecutive periods; rate × days ÷ 7 as a
// running total rounded up, as they were paid) less what they paid for it
// (earlier arrears included), when positive. Days no run paid (a period
// entered after the run of its first days) are not arrears and stay
// unpaid, as before. A week is left alone when another run not yet
// finalised pays part of it (that run pays the new rate when it is
// calculated again), and when the difference is not positive (an
// overpayment is not recovered). runID's own lines are this calculation's,
// not paid before.
func arrearsLines(ctx context.Context, q *store.Queries, bizID, runID int64, k Kind, r store.StatutoryLeavePeriod, weeks []Week, awe AWE, from time.Time) ([]PayLine, error) {
	if !payroll.DateOnly(r.StartDate).Before(from) {
		return nil, nil
	}
	paid, err := paidWeeks(ctx, q, bizID, r.EmployeeID, k, r.ID)
	if err != nil {
		return nil, err
	}
	var out []PayLine
	for _, w := range weeks {
		before := daysIn(w.Start, w.End, w.Start, from.AddDate(0, 0, -1))
		if w.Unrated || before <= 0 {
			continue
		}
		var got int64
		days, pending := 0, false
		for _, pl := range paid[w.Number] {
			switch {
			case pl.runID == runID:
			case pl.status != "Finalised":
				pending = true
			default:
				got += pl.amount
				if !pl.arrears {
					days += daysOfUnits(pl.units)
				}
			}
		}
		days = min(days, before)
		if days <= 0 || pending {
			continue
		}
		due := slice(w.RatePence, before-days, before, 7)
		if due <= got {
			continue
		}
		first := w.Start.AddDate(0, 0, before-days)
		out = append(out, PayLine{Kind: k, LeaveID: r.ID, Week: w.Number, Days: days, PerWeek: 7, WeeklyRate: pounds(w.RatePence),
			Amount: pounds(due - got), ExternalID: ArrearsLineID(k, r.ID, w.Number), From: first, To: w.Start.AddDate(0, 0, before-1), Arrears: true,
			Notes: fmt.Sprintf("%s week %d (%s to %s) arrears: %d day(s) of 7 paid at %s a week (average weekly earnings %s) = %s, less %s paid by finalised pay runs",
				k.Name(), w.Number, w.Start.Format("2006-01-02"), w.End.Format("2006-01-02"), days, pounds(w.RatePence).StringFixed(2),
				awe.Money().StringFixed(2), pounds(due).StringFixed(2), pounds(got).StringFixed(2))})
	}
	return out, nil
}

// minus is [a, b] without the day ranges of holes, as the ranges left.
func minus(a, b time.Time, holes [][2]time.Time) [][2]time.Time {
	out := [][2]time.Time{{a, b}}
	for _, h := range holes {
		var next [][2]time.Time
		for _, r := range out {
			if h[1].Before(r[0]) || h[0].After(r[1]) {
				next = append(next, r)
				continue
			}
			if h[0].After(r[0]) {
				next = append(next, [2]time.Time{r[0], h[0].AddDate(0, 0, -1)})
			}
			if h[1].Before(r[1]) {
				next = append(next, [2]time.Time{h[1].AddDate(0, 0, 1), r[1]})
			}
		}
		out = next
	}
	return out
}

// ended notes an SSP week cut short by the end of employment (cut: the
// employee's end date is inside the pay period; the week runs to
// weekEnd, SSP is paid to paidTo).
func ended(cut bool, weekEnd, paidTo time.Time) string {
	if !cut || !paidTo.Before(weekEnd) {
		return ""
	}
	return "; employment ended " + paidTo.Format("2006-01-02") + ": no SSP after it (SSCBA 1992 s 153(2)(c))"
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

func earlier(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// daysIn counts the days of [a, b] that fall in [lo, hi].
func daysIn(a, b, lo, hi time.Time) int {
	if lo.Before(a) {
		lo = a
	}
	if hi.After(b) {
		hi = b
	}
	if hi.Before(lo) {
		return 0
	}
	return int(hi.Sub(lo).Hours()/24) + 1
}

// RunSAP is the statutory adoption pay a pay run pays one employee: the
// run's SAP lines with the AWE, eligibility and rates of the periods
// they pay.
func (s *Service) RunSAP(ctx context.Context, biz business.Business, p *payroll.Principal, runID, employeeID int64) (_ RunPayments, err error) {
	defer payroll.Wrap(&err, "sap of pay run %d employee %d", runID, employeeID)
	if err := gate(biz); err != nil {
		return RunPayments{}, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return RunPayments{}, err
	}
	q := s.DB.Queries()
	if _, err := q.GetPayRun(ctx, store.GetPayRunParams{ID: runID, BusinessID: biz.ID}); db.IsNoRows(err) {
		return RunPayments{}, payroll.NotFound("pay run")
	} else if err != nil {
		return RunPayments{}, err
	}
	lines, err := q.StatutoryPayLinesOfRun(ctx, store.StatutoryPayLinesOfRunParams{PayRunID: runID, EmployeeID: employeeID, Prefix: linePrefixRoot + string(SAP) + ":%"})
	if err != nil {
		return RunPayments{}, err
	}
	out := RunPayments{Status: "NotEligible", Log: []LogEvent{}, Rates: map[string]int{}, Payments: []RunPayment{}}
	var total int64
	seen := map[int64]bool{}
	for _, l := range lines {
		_, leaveID, week, ok := ParseLineID(l.ExternalID)
		if !ok {
			continue
		}
		rate, _ := payroll.ParseMoney(l.Rate)
		out.Payments = append(out.Payments, RunPayment{LeaveID: leaveID, WeekNumber: week, Days: daysOfUnits(l.Units), WeeklyRate: rate,
			Amount: pounds(l.Amount), Notes: l.Notes})
		out.Rates[rate.StringFixed(2)]++
		total += l.Amount
		if seen[leaveID] {
			continue
		}
		seen[leaveID] = true
		row, err := q.GetStatutoryLeave(ctx, store.GetStatutoryLeaveParams{ID: leaveID, BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(SAP)})
		if db.IsNoRows(err) {
			out.Log = append(out.Log, info("General", []string{fmt.Sprintf("adoption leave %d has been deleted since the run was calculated", leaveID)}))
			continue
		} else if err != nil {
			return RunPayments{}, err
		}
		c, err := s.calc(ctx, q, biz.ID, period{row, e.StartDate.Time})
		if err != nil {
			return RunPayments{}, err
		}
		out.Status, out.AverageWeeklyEarnings = c.Status, c.AverageWeeklyEarnings
		out.Log = append(out.Log, c.Log...)
	}
	if len(lines) == 0 {
		out.Log = append(out.Log, info("General", []string{"the pay run pays the employee no statutory adoption pay"}))
	}
	out.Total = pounds(total)
	return out, nil
}

// daysOfUnits reads a line's units (days ÷ per week, 4 places) back as
// the days it was written from; the notes carry the exact count too.
func daysOfUnits(units string) int {
	r, err := payroll.ParseRate(units)
	if err != nil {
		return 0
	}
	d := r.Mul(payroll.RateFromInt(7)).RoundHalfUp(0)
	n, _, _ := d.Decimal().Int64(0)
	return int(n)
}
