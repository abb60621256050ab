package pay

import (
	"context"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Unused long service leave of an employee whose service began before 18
// August 1993, paid on termination (paydepth49). The payment is split by
// the period of service it is attributable to (ITAA 1997 s 83-95; ATO,
// "Withholding from unused leave payments on termination of employment",
// unused long service leave, steps 1-2; au-lsl-on-termination.md):
//
//   - the pre-18/8/93 period (16 August 1978, or the start date if later,
//     to 17 August 1993) and the post-17/8/93 period (18 August 1993 to
//     the termination date) take the payment × the unused days of leave
//     in the period ÷ the total unused days; with no leave used these are
//     the days of service in the period ÷ the days of the long service
//     leave employment period (step 1: leave accrues evenly over it);
//   - the pre-16/8/78 period takes the rest (s 83-95(1)(b)).
//
// The later periods' shares are rounded down to the cent, so a fraction
// goes to the earlier period, as the ATO's step 1 treats fractions of days.
// The post-17/8/93 part stays the ordinary unused leave line (Schedule 7);
// the pre-18/8/93 part is Lump Sum A (type T on a normal termination, 32%;
// on a genuine redundancy or invalidity the whole of it and the later part
// are Lump Sum A type R already); the pre-16/8/78 part is Lump Sum B (5%
// assessable, ITAA 1997 s 83-80). They are paid through the business's pay
// categories classified LumpSumATypeT and LumpSumB (STP and the payment
// summary report them from the classification); a termination that needs
// one the business does not have is refused (409) naming it. Leave already
// used changes the unused days of each period (s 83-100, the ATO's table 4
// of excess days): when the ledger holds long service leave taken, the
// termination is refused, naming the days used in each period the split
// needs. Before paydepth49 the whole balance was taxed as post-17/8/93
// leave and reported in gross payments (au-pay-rules.md §2).

var (
	auLSLPre78End = time.Date(1978, time.August, 15, 0, 0, 0, 0, time.UTC) // last day of the pre-16/8/78 period
	auLSLPre93End = time.Date(1993, time.August, 17, 0, 0, 0, 0, time.UTC) // last day of the pre-18/8/93 period
)

// auLSLPeriodDays is the days of service from start to end (both counted)
// in each period: before 16 August 1978, 16 August 1978 to 17 August
// 1993, and from 18 August 1993; and all of them.
func auLSLPeriodDays(start, end time.Time) (pre78, pre93, post93, total int64) {
	start, end = payroll.DateOnly(start), payroll.DateOnly(end)
	days := func(a, b time.Time) int64 {
		if b.Before(a) {
			return 0
		}
		return int64(b.Sub(a).Hours()/24) + 1
	}
	total = days(start, end)
	pre78 = days(start, minTime(end, auLSLPre78End))
	pre93 = days(maxTime(start, auLSLPre78End.AddDate(0, 0, 1)), minTime(end, auLSLPre93End))
	post93 = total - pre78 - pre93
	return
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// auLSLSplit splits amount, the unused long service leave of leave category
// lc paid on e's termination, by the periods of service (see above). It
// returns the lines of the parts attributable to service before 18 August
// 1993 and the part left for the ordinary unused leave line (the
// post-17/8/93 part; with the pre-18/8/93 part too on a genuine redundancy,
// gr, where both are Lump Sum A type R). No lines when the service began on
// or after 18 August 1993.
func (w *Writer) auLSLSplit(ctx context.Context, e *EmployeeRow, cats *Categories, lc *categories.LeaveCategory, leaveID int64, hours payroll.Rate, amount payroll.Money, gr bool) ([]line, payroll.Money, error) {
	if !e.StartDate.Valid || !e.EndDate.Valid || !payroll.DateOnly(e.StartDate.Time).Before(auLSLPre93End.AddDate(0, 0, 1)) {
		return nil, amount, nil
	}
	pre78, pre93, post93, total := auLSLPeriodDays(e.StartDate.Time, e.EndDate.Time)
	if total <= 0 {
		return nil, amount, nil
	}
	taken, err := w.q.LeaveTakenAfter(ctx, store.LeaveTakenAfterParams{BusinessID: w.bizID, EmployeeID: e.ID, EntryDate: time.Time{}})
	if err != nil {
		return nil, amount, err
	}
	for _, r := range taken {
		if r.LeaveCategoryID == leaveID && r.HoursE6 > 0 {
			return nil, amount, payroll.Conflict("employee %d started on %s, before 18 August 1993, and has taken %s hours of %s: the unused leave paid on termination is split by the "+
				"unused days of leave in each period of service (before 16 August 1978, to 17 August 1993, after), which leave used changes (ITAA 1997 ss 83-95, 83-100; "+
				"ATO, Withholding from unused leave payments on termination of employment, table 4), and the service does not keep the days used in each period: "+
				"pay the parts through pay categories classified LumpSumB and LumpSumATypeT and the unused leave category, with the balance adjusted to nothing",
				e.ID, payroll.DateOnly(e.StartDate.Time).Format("2 January 2006"), hoursOfE6(r.HoursE6).String(), lc.Name)
		}
	}
	share := func(days int64) payroll.Money {
		return amount.Mul(payroll.RateFromInt(days)).Div(payroll.RateFromInt(total)).Trunc(2)
	}
	postPart := share(post93)
	pre93Part := amount.Sub(postPart)
	var pre78Part payroll.Money
	if pre78 > 0 {
		pre93Part = share(pre93)
		pre78Part = amount.Sub(postPart).Sub(pre93Part)
	}
	note := func(what string, days int64) string {
		return fmt.Sprintf("Unused %s paid on termination (%s hours): the part for service %s, %d of %d days of service (ITAA 1997 s 83-95)",
			lc.Name, hours.String(), what, days, total)
	}
	var out []line
	rest := postPart
	if gr {
		rest = rest.Add(pre93Part) // Lump Sum A type R with the later part
	} else if pre93Part.IsPos() {
		cat, ok := cats.firstOfType("", "LumpSumATypeT")
		if !ok {
			return nil, amount, auLSLCategoryMissing(e, lc, "LumpSumATypeT", "Lump Sum A type T", "16 August 1978 to 17 August 1993")
		}
		l := earningsLine(cat, one, payroll.RateFromDecimal(pre93Part.Decimal()), pre93Part, payroll.Rate{}, note("from 16 August 1978 to 17 August 1993 (Lump Sum A type T)", pre93))
		l.earningKind = calc.UnusedLeave
		out = append(out, l)
	}
	if pre78Part.IsPos() {
		cat, ok := cats.firstOfType("", "LumpSumB")
		if !ok {
			return nil, amount, auLSLCategoryMissing(e, lc, "LumpSumB", "Lump Sum B", "before 16 August 1978")
		}
		l := earningsLine(cat, one, payroll.RateFromDecimal(pre78Part.Decimal()), pre78Part, payroll.Rate{}, note("before 16 August 1978 (Lump Sum B)", pre78))
		l.earningKind = calc.UnusedLeave
		out = append(out, l)
	}
	return out, rest, nil
}

func auLSLCategoryMissing(e *EmployeeRow, lc *categories.LeaveCategory, class, what, period string) error {
	return payroll.Conflict("employee %d started on %s: part of their unused %s paid on termination is for service %s, %s (ITAA 1997 s 83-95), "+
		"reported apart from gross payments: the business needs a pay category classified %s to pay it through",
		e.ID, payroll.DateOnly(e.StartDate.Time).Format("2 January 2006"), lc.Name, period, what, class)
}
