package pay

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/award"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// Award interpretation of imported timesheets: an employee with an
// employment agreement (or a pay condition rule set) is paid their
// approved timesheet lines as the rule set's rules say (agreement.
// Business.Interpret, the version in force at the period's start), not at
// their base rate: one earnings line per pay category and rate, through
// the rule set's pay categories (overtime categories are not ordinary time
// earnings; penalties are). Unit lines, leave lines and lines with a rate
// of their own are paid as for anyone. A day whose award rates are not
// loaded refuses the calculation (409 saying which are missing).

// awardLine is an interpreted line with the pay category it pays through.
type awardLine struct {
	award.Line
	category int64
	overtime bool
}

// awardInputs are the interpreted timesheets of the employees being
// calculated.
type awardInputs struct {
	lines map[int64][]awardLine    // employee -> lines
	paid  map[int64]map[int64]bool // employee -> timesheet lines the award pays
}

// interpretTimesheets interprets the loaded timesheets of employees with
// award terms (nothing when the business has no rule sets).
func (s *Calculator) interpretTimesheets(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, in *inputs) error {
	if s.Timesheets == nil || s.Timesheets.Agreements == nil || len(in.timesheets) == 0 {
		return nil
	}
	ab, err := s.Timesheets.Agreements.Load(ctx, q, biz)
	if err != nil || ab.Empty() {
		return err
	}
	ids := make([]int64, 0, len(in.timesheets))
	for id := range in.timesheets {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	terms, err := ab.TermsOf(ctx, ids)
	if err != nil || len(terms) == 0 {
		return err
	}
	in.awards = &awardInputs{lines: map[int64][]awardLine{}, paid: map[int64]map[int64]bool{}}
	for _, id := range ids {
		t := terms[id]
		if t == nil {
			continue
		}
		var lines []timesheet.Line
		for _, l := range in.timesheets[id] {
			if l.Units == nil && l.Rate == nil && l.LeaveCategoryID == 0 {
				lines = append(lines, l)
			}
		}
		if len(lines) == 0 {
			continue
		}
		names, err := timesheet.InterpretationInputs(ctx, q, biz.ID, lines)
		if err != nil {
			return err
		}
		shifts := make([]award.Shift, len(lines))
		locs := make([]int64, len(lines))
		paid := make(map[int64]bool, len(lines))
		for i := range lines {
			shifts[i], locs[i] = timesheet.AwardShift(&lines[i], names), lines[i].LocationID
			paid[lines[i].ID] = true
		}
		res, err := ab.Interpret(ctx, t, shifts, locs, run.PeriodStarting, false)
		if err != nil {
			return awardRefusal(id, lines, err)
		}
		out := make([]awardLine, 0, len(res.Lines))
		for _, l := range res.Lines {
			c, _ := t.RuleSet.Category(l.Category)
			out = append(out, awardLine{Line: l, category: c.PayCategoryID, overtime: c.CategoryType == "Overtime"})
		}
		in.awards.lines[id], in.awards.paid[id] = out, paid
	}
	return nil
}

// awardRefusal is the 409 of an employee's timesheets the rules cannot pay.
func awardRefusal(employeeID int64, lines []timesheet.Line, err error) error {
	var msg string
	switch e := err.(type) {
	case *award.NotLoadedError:
		msg = e.Error()
	case *award.ShiftError:
		l := lines[e.Shift]
		msg = fmt.Sprintf("timesheet line %d (%s): %s", l.ID, l.Start.Format("2006-01-02 15:04"), e.Message)
	case *award.TermsError:
		msg = e.Message
	default:
		return err
	}
	return payroll.Conflict("the timesheets of employee %d cannot be paid under their employment agreement: %s; nothing was stored", employeeID, msg)
}

// awardPaid says whether the award pays timesheet line l of employee e.
func (in *inputs) awardPaid(e, l int64) bool {
	return in != nil && in.awards != nil && in.awards.paid[e][l]
}

// awardEarnings are employee e's interpreted timesheets as earnings lines:
// one per pay category and rate, in the order they first occur, noting
// the rules that made them; sources are the timesheet lines they pay.
func (in *inputs) awardEarnings(e int64, cats *Categories, primary Category) ([]line, []source) {
	if in == nil || in.awards == nil || len(in.awards.lines[e]) == 0 {
		return nil, nil
	}
	type key struct {
		cat  int64
		rate int64
	}
	type sum struct {
		cat             Category
		units, hours    payroll.Rate
		rate            payroll.Rate
		amount          payroll.Money
		overtime, fixed bool
		rules           []string
	}
	sums := map[key]*sum{}
	var order []key
	for _, al := range in.awards.lines[e] {
		cat, ok := cats.ByKind[KindEarnings][al.category]
		if !ok {
			cat = primary
		}
		k := key{cat.ID, al.RateCents}
		sm, ok := sums[k]
		if !ok {
			sm = &sum{cat: cat, rate: payroll.RateFromDecimal(al.Rate().Decimal()), overtime: al.overtime, fixed: al.Kind == award.LineAllowance && al.Minutes == 0}
			sums[k] = sm
			order = append(order, k)
		}
		sm.units = sm.units.Add(al.Units())
		if al.Kind != award.LineAllowance {
			sm.hours = sm.hours.Add(al.Hours())
		}
		sm.amount = sm.amount.Add(al.Amount())
		rule := al.Rule
		if al.Clause != "" {
			rule += " (" + al.Clause + ")"
		}
		if len(sm.rules) == 0 || sm.rules[len(sm.rules)-1] != rule {
			if !contains(sm.rules, rule) {
				sm.rules = append(sm.rules, rule)
			}
		}
	}
	var out []line
	for _, k := range order {
		sm := sums[k]
		l := earningsLine(sm.cat, sm.units, sm.rate, sm.amount, sm.hours, "Timesheets under the award: "+strings.Join(sm.rules, "; "))
		if sm.overtime {
			l.earningKind = calc.Overtime
		}
		out = append(out, l)
	}
	var srcs []source
	ids := make([]int64, 0, len(in.awards.paid[e]))
	for id := range in.awards.paid[e] {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		srcs = append(srcs, source{kind: SourceTimesheet, id: id})
	}
	return out, srcs
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// AwardShift is a timesheet line and the lines the award paid it as: the
// chain from shift to pay line an explanation shows.
type AwardShift struct {
	TimesheetLineID int64
	Start, End      time.Time
	Lines           []AwardLine
}

// AwardLine is an interpreted line and the pay category it is paid through.
type AwardLine struct {
	award.Line
	PayCategoryID int64
}

// ExplainAward interprets again the timesheet lines run paid employee e
// under their agreement (nil when it paid none that way).
func (s *Calculator) ExplainAward(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, employeeID int64) ([]AwardShift, error) {
	if s.Timesheets == nil || s.Timesheets.Agreements == nil {
		return nil, nil
	}
	in := &inputs{timesheets: map[int64][]timesheet.Line{}}
	ids, err := q.ListPayRunTimesheetSourcesOfEmployee(ctx, store.ListPayRunTimesheetSourcesOfEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, nil
	}
	lines, err := s.Timesheets.LinesForExplanation(ctx, q, biz.ID, employeeID, ids)
	if err != nil {
		return nil, err
	}
	in.timesheets[employeeID] = lines
	if err := s.interpretTimesheets(ctx, q, biz, run, in); err != nil || in.awards == nil {
		return nil, err
	}
	var interpreted []timesheet.Line
	for _, l := range lines {
		if in.awards.paid[employeeID][l.ID] {
			interpreted = append(interpreted, l)
		}
	}
	out := make([]AwardShift, len(interpreted))
	for i, l := range interpreted {
		out[i] = AwardShift{TimesheetLineID: l.ID, Start: l.Start, End: l.End}
	}
	for _, al := range in.awards.lines[employeeID] {
		if al.Shift < len(out) {
			out[al.Shift].Lines = append(out[al.Shift].Lines, AwardLine{Line: al.Line, PayCategoryID: al.category})
		}
	}
	return out, nil
}
