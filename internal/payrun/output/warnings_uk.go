package output

import (
	"context"
	"database/sql"
	"fmt"
	"math"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
)

// ukUnpaidStatutory is, by employee, the weeks of UK statutory family pay
// in a run's period that cannot be paid because their tax year's rate is
// not loaded: the run keeps those days' salary instead, and says so.
func (o *Outputs) ukUnpaidStatutory(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun) (map[int64][]string, error) {
	if biz.Region != "UK" || o.StatutoryLeave == nil {
		return nil, nil
	}
	return o.StatutoryLeave.Unpaid(ctx, q, biz, run.PeriodStarting, run.PeriodEnding, 0, math.MaxInt64)
}

// ukPayrolledBenefits is, by employee, the benefits in kind of payrolled
// categories (payrollingBenefit) provided on a day of the run's period
// that the run did not tax: the pay run adds a benefit line with the
// period's notional pay for each it can work out
// (internal/payrun/pay/uk_payrolled_benefits.go); a benefit it cannot
// (pay.UKNotPayrollable: living accommodation, loans, relocation, a car
// without its CO2 figure) is left off the P11D too, so without this
// warning it would go untaxed in silence
// (docs/reference/uk-payrolled-benefits.md).
func (o *Outputs) ukPayrolledBenefits(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun, lines map[int64][]store.PayRunLine) (map[int64][]string, error) {
	if biz.Region != "UK" || o.UK == nil {
		return nil, nil
	}
	rows, err := q.ListUKEmployeeBenefitsInPeriod(ctx, store.ListUKEmployeeBenefitsInPeriodParams{BusinessID: biz.ID,
		PeriodTo: run.PeriodEnding, PeriodFrom: sql.NullTime{Time: run.PeriodStarting, Valid: true}})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	out := map[int64][]string{}
	cats := map[int64]*uk.UKBenefitCategory{}
	said := map[[2]int64]bool{}
	for _, r := range rows {
		c, ok := cats[r.BenefitCategoryID]
		if !ok {
			got, err := o.UK.BenefitCategories.Load(ctx, q, biz.ID, 0, r.BenefitCategoryID)
			if err == nil {
				c = &got
			}
			cats[r.BenefitCategoryID] = c
		}
		if c == nil || !c.PayrollingBenefit || said[[2]int64{r.EmployeeID, c.ID}] {
			continue
		}
		taxed := false
		for _, l := range lines[r.EmployeeID] {
			if l.Kind == pay.KindBenefit && l.CategoryID == c.ID {
				taxed = true
			}
		}
		if taxed {
			continue
		}
		said[[2]int64{r.EmployeeID, c.ID}] = true
		why := pay.UKNotPayrollable(c)
		if why == "" {
			why = "its cash equivalent could not be worked out for this pay run (for a car: its list price, CO2 figure and the tax year's appropriate percentage are needed)"
		}
		out[r.EmployeeID] = append(out[r.EmployeeID], fmt.Sprintf("benefit %q is payrolled but this pay run does not tax it: %s. "+
			"Add the period's cash equivalent as a taxable, non-NI-able earnings line, or report the benefit on the P11D", c.Name, why))
	}
	return out, nil
}

// ukHolidayOwed is, by employee, the holiday a UK leaver in the run took
// beyond what they had accrued: each tracked leave category payable on
// termination whose balance at the end of the final period is negative
// (the ledger as at the period end, and in a draft run the run's own
// leave taken and accruals, as terminationLines counts them). The Working
// Time Regulations 1998 reg 14(4) let the employer recover that pay only
// "where a relevant agreement so provides", and the Employment Rights Act
// 1996 s 13 only with the contract's or the worker's prior written
// authority: the run cannot see either, so it deducts nothing and says
// what is owed (docs/reference/uk-holiday-irregular-hours.md). A category
// paying rolled-up holiday pay is passed over: its time off was unpaid, so
// hours taken beyond those accrued owe nothing.
func (o *Outputs) ukHolidayOwed(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun, ps []Payee, lines map[int64][]store.PayRunLine) (map[int64][]string, error) {
	if biz.Region != "UK" || o.Categories == nil {
		return nil, nil
	}
	var lcs []categories.LeaveCategory
	var taken map[int64]map[int64]int64
	loaded := false
	out := map[int64][]string{}
	for i := range ps {
		e := ps[i].Emp
		if e.ID == 0 || !e.EndDate.Valid || payroll.DateOnly(e.EndDate.Time).Before(payroll.DateOnly(run.PeriodStarting)) ||
			payroll.DateOnly(e.EndDate.Time).After(payroll.DateOnly(run.PeriodEnding)) {
			continue
		}
		if !loaded {
			l, err := o.Categories.LeaveCategories.List(ctx, biz, 0)
			if err != nil && payroll.KindOf(err) != payroll.KindNotFound {
				return nil, err
			}
			lcs, loaded = l, true
			taken = map[int64]map[int64]int64{}
			if run.Status == payrun.StatusDraft {
				srcs, err := q.ListPayRunSourcesOfKind(ctx, store.ListPayRunSourcesOfKindParams{PayRunID: run.ID, Kind: pay.SourceLeave})
				if err != nil {
					return nil, err
				}
				for _, s := range srcs {
					if taken[s.EmployeeID] == nil {
						taken[s.EmployeeID] = map[int64]int64{}
					}
					taken[s.EmployeeID][s.LeaveCategoryID] += s.HoursE6
				}
			}
		}
		rows, err := q.LeaveBalancesAsAt(ctx, store.LeaveBalancesAsAtParams{BusinessID: biz.ID, EmployeeID: e.ID, EntryDate: run.PeriodEnding})
		if err != nil {
			return nil, err
		}
		bal := map[int64]payroll.Rate{}
		add := func(id int64, h payroll.Rate) { bal[id] = bal[id].Add(h) }
		for _, r := range rows {
			add(r.LeaveCategoryID, leave.HoursUnit.FromHoursE6(r.HoursE6))
		}
		if run.Status == payrun.StatusDraft {
			for id, h := range taken[e.ID] {
				add(id, leave.HoursUnit.FromHoursE6(-h))
			}
			for _, l := range lines[e.ID] {
				if u, err := payroll.ParseRate(l.Units); err == nil && l.Kind == pay.KindLeaveAccrued {
					add(l.CategoryID, u)
				}
			}
		}
		_, perWeek := leave.StandardHours(payroll.Rate{}, leave.StoredHours(e.HoursPerWeek))
		perDay, _ := leave.StandardHours(payroll.Rate{}, perWeek)
		for _, lc := range lcs {
			if lc.ExcludeFromTerminationPayout || lc.IsBalanceUntracked || !bal[lc.ID].IsNeg() {
				continue
			}
			// Rolled-up holiday pay (WTR 1998 reg 16A) was paid with the
			// pay for work done and the time off itself was unpaid: hours
			// taken beyond those accrued were never paid for, so nothing is
			// owed (reg 14(4) compensates pay received for leave).
			if lc.RolledUpHolidayPayPercent.IsPos() {
				continue
			}
			owed := bal[lc.ID].Neg()
			days := ""
			if u, err := leave.UnitNamed("Days", e.ID, perDay, perWeek); err == nil {
				days = " (" + u.FromHours(owed).RoundHalfUp(2).String() + " days)"
			}
			out[e.ID] = append(out[e.ID], fmt.Sprintf("%s: %s hours%s taken beyond the leave accrued by the end of employment. Nothing is deducted: "+
				"the Working Time Regulations 1998 reg 14(4) let the employer recover it only where a relevant agreement provides for it "+
				"(and the Employment Rights Act 1996 s 13 only with the contract's or the worker's written authority); "+
				"add a deduction line if the employee's contract or agreement provides for it", lc.Name, owed.String(), days))
		}
	}
	return out, nil
}
