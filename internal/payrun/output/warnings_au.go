package output

import (
	"context"
	"fmt"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// auLSLUnpaid is, by employee, the long service leave balances of AU
// leavers in the run not paid because their termination reason cannot say
// whether the state act pays them (pay.AULSLTerminationWarnings).
func (o *Outputs) auLSLUnpaid(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun, ps []Payee, lines map[int64][]store.PayRunLine) (map[int64][]string, error) {
	if biz.Region != "AU" || o.Categories == nil {
		return nil, nil
	}
	var lcs []categories.LeaveCategory
	loaded := false
	out := map[int64][]string{}
	for i := range ps {
		e := ps[i].Emp
		if e.ID == 0 || !e.EndDate.Valid || !e.StartDate.Valid {
			continue
		}
		if !loaded {
			l, err := o.Categories.LeaveCategories.List(ctx, biz, 0)
			if err != nil && payroll.KindOf(err) != payroll.KindNotFound {
				return nil, err
			}
			lcs, loaded = l, true
		}
		var accrued []store.PayRunLine
		if run.Status == payrun.StatusDraft {
			accrued = lines[e.ID]
		}
		ws, err := pay.AULSLTerminationWarnings(ctx, q, lcs, biz.ID, run, e.ID, e.StartDate.Time, e.EndDate.Time, e.ResidentialState, accrued)
		if err != nil {
			return nil, err
		}
		out[e.ID] = ws
	}
	return out, nil
}

// auCashOutUnderFourWeeks is, by employee, a warning for each leave
// balance a cash-out in the run (pay.SubtypeLeaveTaken lines, made from
// earnings on a category classified LeaveCashOutOfLeaveInService) leaves
// under 4 weeks of the employee's ordinary hours: Fair Work Act 2009
// s 93(3)(b) (and s 94 for award-free employees) lets annual leave be
// cashed out only if the balance remaining is at least 4 weeks, and
// s 93(3)(a)/s 94(3) asks for a separate written agreement each time. A
// warning, not a refusal: the balance may hold leave the Act does not
// count, and the bureau decides. The balance is the ledger as at the
// period's end, less the run's own lines while it is a draft.
func (o *Outputs) auCashOutUnderFourWeeks(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun, ps []Payee, lines map[int64][]store.PayRunLine) (map[int64][]string, error) {
	if biz.Region != "AU" {
		return nil, nil
	}
	out := map[int64][]string{}
	for i := range ps {
		e := ps[i].Emp
		var cashed []store.PayRunLine
		for _, l := range lines[ps[i].Row.EmployeeID] {
			if l.Kind == pay.KindLeaveAccrued && l.Subtype == pay.SubtypeLeaveTaken {
				cashed = append(cashed, l)
			}
		}
		if len(cashed) == 0 || e.ID == 0 || !e.HoursPerWeek.Valid {
			continue
		}
		hpw, err := payroll.ParseRate(e.HoursPerWeek.String)
		if err != nil || !hpw.IsPos() {
			continue
		}
		rows, err := q.LeaveBalancesAsAt(ctx, store.LeaveBalancesAsAtParams{BusinessID: biz.ID, EmployeeID: e.ID, EntryDate: run.PeriodEnding})
		if err != nil {
			return nil, err
		}
		bal := map[int64]payroll.Rate{}
		for _, r := range rows {
			bal[r.LeaveCategoryID] = payroll.RateFromDecimal(payroll.MoneyFromMinor(r.HoursE6).Decimal()).Div(payroll.RateFromInt(10_000))
		}
		if run.Status == payrun.StatusDraft {
			for _, l := range lines[e.ID] {
				u, err := payroll.ParseRate(l.Units)
				if err != nil || l.Kind != pay.KindLeaveAccrued {
					continue
				}
				if l.Subtype == pay.SubtypeLeaveTaken {
					u = u.Neg()
				}
				bal[l.CategoryID] = bal[l.CategoryID].Add(u)
			}
		}
		four := hpw.Mul(payroll.RateFromInt(4))
		seen := map[int64]bool{}
		for _, l := range cashed {
			if seen[l.CategoryID] {
				continue
			}
			seen[l.CategoryID] = true
			if left := bal[l.CategoryID]; left.Less(four) {
				out[e.ID] = append(out[e.ID], fmt.Sprintf("the leave cashed out leaves %s hours of %s, under 4 weeks of ordinary hours (4 × %s = %s): "+
					"Fair Work Act 2009 s 93(3) and s 94 allow a cash-out only if at least 4 weeks remain, each under a separate written agreement",
					left.RoundHalfUp(4).String(), l.CategoryName, hpw.String(), four.String()))
			}
		}
	}
	return out, nil
}

// auDelayedTermination is, by employee, a warning for the lines of ETP
// categories the run pays more than 12 months after the employee's
// termination (pay.DelayedTermination): they are not ETPs (ITAA 1997
// s 82-130(1)(b)) but delayed termination payments, withheld on at 32%
// (calc/au figure payg.delayedtermination) and reported in gross
// payments. A warning, not a refusal: the Commissioner may have
// determined that the 12-month rule does not apply (s 82-130(5) and (7):
// legal action begun within 12 months, a liquidator appointed within 12
// months, a redundancy trust), which the service cannot know.
func (o *Outputs) auDelayedTermination(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun, ps []Payee, lines map[int64][]store.PayRunLine) (map[int64][]string, error) {
	if biz.Region != "AU" {
		return nil, nil
	}
	var cats *pay.Categories
	out := map[int64][]string{}
	for i := range ps {
		e := ps[i].Emp
		if e.ID == 0 || !pay.PaidAfterTwelveMonths(e.EndDate.Valid, e.EndDate.Time, run.DatePaid) {
			continue
		}
		reason, err := q.GetEmployeeTerminationReason(ctx, store.GetEmployeeTerminationReasonParams{BusinessID: biz.ID, ID: e.ID})
		if err != nil {
			return nil, err
		}
		if cats == nil {
			if cats, err = o.LoadCategories(ctx, biz); err != nil {
				return nil, err
			}
		}
		var late payroll.Money
		for _, l := range lines[e.ID] {
			c := cats.ByKind[pay.KindEarnings][l.CategoryID]
			code, etp := pay.ETPCode(l.Subtype, c)
			if !etp || (l.Subtype != pay.SubtypeUnusedLeaveETP && c.AU.TaxFree) {
				continue // the tax-free component is not withheld on
			}
			if l.Kind == pay.KindEarnings && pay.DelayedTermination(code, reason, true, e.EndDate.Time, run.DatePaid) {
				late = late.Add(payroll.MoneyFromMinor(l.Amount))
			}
		}
		if late.IsPos() {
			out[e.ID] = append(out[e.ID], fmt.Sprintf("%s paid through ETP pay categories more than 12 months after the termination on %s is not an employment termination payment "+
				"(ITAA 1997 s 82-130(1)(b)): it is withheld on as a delayed termination payment (32%%, ATO Schedule 11) and reported in gross payments, unless the Commissioner "+
				"has determined that the 12-month rule does not apply (s 82-130(5), (7)), which this pay run cannot record",
				late.StringFixed(2), e.EndDate.Time.Format("2 January 2006")))
		}
	}
	return out, nil
}
