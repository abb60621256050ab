package statutoryleave

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// CreateSSP records a period of sickness. Periods may not overlap (409).
func (s *Service) CreateSSP(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in SSPInput) (_ SickPay, err error) {
	defer payroll.Wrap(&err, "create ssp for employee %d", employeeID)
	if err := gate(biz); err != nil {
		return SickPay{}, err
	}
	if err := dates(in.StartDate, in.EndDate); err != nil {
		return SickPay{}, err
	}
	mask, err := parseQualifyingDays(in.Week1QualifyingDays)
	if err != nil {
		return SickPay{}, payroll.Invalid("week1QualifyingDays", "%v", err)
	}
	params := store.CreateStatutoryLeaveParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(SSP),
		StartDate: payroll.DateOnly(in.StartDate.Time), EndDate: payroll.DateOnly(in.EndDate.Time), QualifyingDays: mask,
		Notes: strings.TrimSpace(in.Notes), CreatedAt: s.Clock.Now()}
	if params.AweOverride, err = aweOverride(in.AverageWeeklyEarningsOverride); err != nil {
		return SickPay{}, err
	}
	var row store.StatutoryLeavePeriod
	var out SickPay
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		list, err := q.ListStatutoryLeaves(ctx, store.ListStatutoryLeavesParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(SSP),
			FromDate: params.StartDate, ToDate: params.EndDate})
		if err != nil {
			return err
		}
		if len(list) > 0 {
			return payroll.Conflict("the employee is already off sick from %s to %s, overlapping these dates",
				list[0].StartDate.Format("2006-01-02"), list[0].EndDate.Format("2006-01-02"))
		}
		if row, err = q.CreateStatutoryLeave(ctx, params); err != nil {
			return err
		}
		// Worked out in the same transaction: a period whose SSP cannot be
		// worked out (no figures for a day's tax year) is refused and
		// nothing is stored.
		out, err = s.sickPay(ctx, q, biz.ID, row)
		return err
	})
	if err != nil {
		return SickPay{}, err
	}
	return out, nil
}

// ListSSP is an employee's periods of sickness overlapping [from, to].
func (s *Service) ListSSP(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, from, to time.Time) (_ []SickPay, err error) {
	defer payroll.Wrap(&err, "list ssp of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return nil, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	if from.IsZero() {
		from = farPast
	}
	if to.IsZero() {
		to = farFuture
	}
	if to.Before(from) {
		return nil, payroll.Invalid("periodEnd", "periodEnd is before periodStart")
	}
	q := s.DB.Queries()
	rows, err := q.ListStatutoryLeaves(ctx, store.ListStatutoryLeavesParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(SSP), FromDate: from, ToDate: to})
	if err != nil {
		return nil, err
	}
	out := make([]SickPay, 0, len(rows))
	for _, r := range rows {
		x, err := s.sickPayOrWarning(ctx, q, biz.ID, r)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// sickPayOrWarning is a stored period's SSP, or, when it cannot be worked
// out (the old code stored periods running into a tax year whose SSP rate
// is not loaded, which CreateSSP now refuses), the period as stored with
// nothing paid and the reason as its warning and a Warning log event:
// one such period must not stop the others from listing.
func (s *Service) sickPayOrWarning(ctx context.Context, q *store.Queries, bizID int64, r store.StatutoryLeavePeriod) (SickPay, error) {
	x, err := s.sickPay(ctx, q, bizID, r)
	if err == nil || payroll.KindOf(err) != payroll.KindInvalid {
		return x, err
	}
	msg := err.Error()
	out := SickPay{ID: r.ID, EmployeeID: r.EmployeeID, StartDate: payroll.NewDateTime(r.StartDate), EndDate: payroll.NewDateTime(r.EndDate),
		Week1QualifyingDays: qualifyingDayNames(r.QualifyingDays), LinkedPeriodIDs: []int64{}, Status: "NotEligible", Notes: r.Notes,
		Weeks: []SSPWeekOut{}, Warning: &msg}
	if r.AweOverride.Valid {
		m := pounds(r.AweOverride.Int64)
		out.AverageWeeklyEarningsOverride = &m
	}
	w := info("General", []string{msg})
	w.Type = "Warning"
	out.Log = []LogEvent{w}
	return out, nil
}

// GetSSP is one period of sickness as a period of leave.
func (s *Service) GetSSP(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ PeriodOfLeave, err error) {
	defer payroll.Wrap(&err, "get ssp %d", id)
	per, err := s.load(ctx, biz, p, employeeID, SSP, id)
	if err != nil {
		return PeriodOfLeave{}, err
	}
	q := s.DB.Queries()
	sp, err := s.sickPayOrWarning(ctx, q, biz.ID, per.StatutoryLeavePeriod)
	if err != nil {
		return PeriodOfLeave{}, err
	}
	out := PeriodOfLeave{ID: sp.ID, EmployeeID: sp.EmployeeID, StartDate: sp.StartDate, EndDate: sp.EndDate, SSP: sp, LeaveCategoryType: "Sick", Log: sp.Log, CanDelete: true}
	rows, err := q.StatutoryPayLines(ctx, store.StatutoryPayLinesParams{BusinessID: biz.ID, EmployeeID: employeeID, Prefix: linePrefix(SSP, id) + "%"})
	if err != nil {
		return PeriodOfLeave{}, err
	}
	for _, r := range rows {
		id := r.PayRunID
		out.PayRunID = &id
		if r.Status == "Finalised" {
			out.IsReadOnly, out.CanDelete = true, false
		}
	}
	return out, nil
}

// DeleteSSP removes a period of sickness not paid by a finalised run.
func (s *Service) DeleteSSP(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) error {
	return s.Delete(ctx, biz, p, employeeID, SSP, id)
}

// spells reads every period of sickness of an employee, oldest first.
func spells(ctx context.Context, q *store.Queries, bizID, employeeID int64) ([]sickSpell, []store.StatutoryLeavePeriod, error) {
	rows, err := q.ListStatutoryLeaves(ctx, store.ListStatutoryLeavesParams{BusinessID: bizID, EmployeeID: employeeID, Kind: string(SSP), FromDate: farPast, ToDate: farFuture})
	if err != nil {
		return nil, nil, err
	}
	out := make([]sickSpell, len(rows))
	for i, r := range rows {
		out[i] = sickSpell{id: r.ID, start: r.StartDate, end: r.EndDate, mask: r.QualifyingDays}
	}
	return out, rows, nil
}

// sspCalc computes a period of sickness: the chain it links into, the
// AWE of the chain's first PIW (the period's own override, else the
// first period's, else from the pay runs before the series began).
func sspCalc(ctx context.Context, q *store.Queries, bizID int64, r store.StatutoryLeavePeriod) (SSPResult, AWE, []string, error) {
	all, rows, err := spells(ctx, q, bizID, r.EmployeeID)
	if err != nil {
		return SSPResult{}, AWE{}, nil, err
	}
	chain := linkedChain(all, r.ID)
	override := r.AweOverride
	start := r.StartDate
	if len(chain) > 0 {
		start = chain[0].start
		if !override.Valid {
			for _, x := range rows {
				if x.ID == chain[0].id {
					override = x.AweOverride
				}
			}
		}
	}
	awe, _, log, err := employeeAWE(ctx, q, bizID, r.EmployeeID, override, payRise{}, payroll.DateOnly(start).AddDate(0, 0, -1))
	if err != nil {
		return SSPResult{}, AWE{}, nil, err
	}
	res, err := computeSSP(all, r.ID, awe)
	if err != nil {
		// The figures missing are those of a later tax year the period
		// runs into (endDate), or of the year the series started in.
		field := "startDate"
		if _, ferr := taxYearOf(payroll.DateOnly(start)); ferr == nil {
			field = "endDate"
		}
		return SSPResult{}, AWE{}, nil, payroll.Invalid(field, "%v: SSP for those days cannot be worked out until that year's rate is loaded; end the period of incapacity before that year and record the rest once it is", err)
	}
	return res, awe, log, nil
}

func (s *Service) sickPay(ctx context.Context, q *store.Queries, bizID int64, r store.StatutoryLeavePeriod) (SickPay, error) {
	res, awe, aweLog, err := sspCalc(ctx, q, bizID, r)
	if err != nil {
		return SickPay{}, err
	}
	out := SickPay{ID: r.ID, EmployeeID: r.EmployeeID, StartDate: payroll.NewDateTime(r.StartDate), EndDate: payroll.NewDateTime(r.EndDate),
		Week1QualifyingDays: qualifyingDayNames(r.QualifyingDays), QualifyingDays: res.QualifyingDays, WaitingDays: res.WaitingDays,
		DaysPaid: res.PaidDays, DaysPaidInLinkedPeriods: res.PaidBefore, QualifiesForSsp: res.Eligible && res.PaidDays > 0,
		IsPeriodOfIncapacityForWork: res.PIW, LinkedPeriodIDs: res.Linked, RulesTaxYear: res.Mechanics,
		AverageWeeklyEarnings: awe.Money(), Status: "NotEligible", Notes: r.Notes, Weeks: []SSPWeekOut{}, Amount: pounds(res.TotalPence())}
	if out.LinkedPeriodIDs == nil {
		out.LinkedPeriodIDs = []int64{}
	}
	if res.PIW {
		out.LinkedSeriesStartDate = payroll.NewDateTime(res.ChainStart)
	}
	if res.Eligible {
		out.Status = "Eligible"
	}
	if res.Reason != "" {
		reason := res.Reason
		out.DoNotPayReason = &reason
	}
	if r.AweOverride.Valid {
		m := pounds(r.AweOverride.Int64)
		out.AverageWeeklyEarningsOverride = &m
	}
	for _, w := range res.Weeks {
		out.Weeks = append(out.Weeks, SSPWeekOut{StartDate: payroll.NewDateTime(w.Start), EndDate: payroll.NewDateTime(w.End), DaysPaid: w.PaidDays,
			WeeklyRate: w.RateMoney().Money(), Amount: pounds(w.AmountPence())})
	}
	out.Log = []LogEvent{info("AWE", aweLog), info("General", res.Log)}
	return out, nil
}
