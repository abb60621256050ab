package timesheet

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/payrolld/payrolld/internal/agreement"
	"github.com/payrolld/payrolld/internal/award"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Award interpretation of costed shifts: an employee with an employment
// agreement (or a pay condition rule set), or an agreement costed on its
// own, is paid by the rule set's rules (agreement.Business.Interpret):
// each shift's costBreakdown is its interpreted lines (rule, pay
// category, hours, rate, cost), its evaluationResults say which rules
// paid it and consolidatedShifts which shifts were costed with it.
// Unit-based shifts and shifts with a rate of their own are costed at that
// rate, as without an agreement.

// AwardShift turns a timesheet line into a shift to interpret; names
// gives the names of its shift conditions (work type ids).
func AwardShift(l *Line, names map[int64]string) award.Shift {
	sh := award.Shift{Start: l.Start, End: l.End}
	for _, b := range l.Breaks {
		sh.Breaks = append(sh.Breaks, award.Break{Start: b.Start, End: b.End, Paid: b.Paid})
	}
	for _, id := range l.ShiftConditionIDs {
		if n := names[id]; n != "" {
			sh.Conditions = append(sh.Conditions, n)
		}
	}
	return sh
}

// interpretable says whether l is paid by the award's rules (not a unit
// line, a leave line or one with its own rate).
func interpretable(l *Line) bool { return l.Units == nil && l.Rate == nil && l.LeaveCategoryID == 0 }

// refused says whether err is the rules refusing to pay shifts (rates
// not loaded, a shift or terms they cannot pay) rather than a failure.
func refused(err error) bool {
	var nl *award.NotLoadedError
	var se *award.ShiftError
	var te *award.TermsError
	return errors.As(err, &nl) || errors.As(err, &se) || errors.As(err, &te)
}

// InterpretError turns an interpretation error into the domain error of
// the request: a day without loaded rates or a shift the rules cannot pay
// is a 400 naming the shift (member is the shift's member prefix, by
// interpreted shift index); anything else about the agreement is a 409.
func InterpretError(err error, member func(i int) string) error {
	var nl *award.NotLoadedError
	var se *award.ShiftError
	var te *award.TermsError
	switch {
	case errors.As(err, &nl):
		return payroll.Invalid(member(0)+"startTime", "%s", nl.Error())
	case errors.As(err, &se):
		return payroll.Invalid(member(se.Shift)+"startTime", "%s", se.Message)
	case errors.As(err, &te):
		return payroll.Conflict("the employment agreement cannot be applied: %s", te.Message)
	}
	return err
}

// conditionNames reads the names of the shift conditions (work types) the
// lines carry.
func conditionNames(ctx context.Context, q *store.Queries, bizID int64, lines []Line) (map[int64]string, error) {
	out := map[int64]string{}
	for _, l := range lines {
		for _, id := range l.ShiftConditionIDs {
			if _, ok := out[id]; ok {
				continue
			}
			r, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: bizID, Kind: record.KindWorkType})
			if err != nil && !db.IsNoRows(err) {
				return nil, err
			}
			out[id] = r.Name
		}
	}
	return out, nil
}

// costUnderAward costs lines (all of one employee, or proposed shifts of an
// agreement) under terms: interpretable lines through the rules, the
// others at their own rate (costedShift). overrides replace the base rate
// of a pay category (per shift, then the request's).
func (s *Service) costUnderAward(ctx context.Context, q *store.Queries, ab *agreement.Business, t *agreement.Terms, lines []Line, pcs []*payCategoryInfo,
	req CostingRequest, locNames map[int64]string) ([]CostedShift, error) {
	names, err := conditionNames(ctx, q, ab.BizID(), lines)
	if err != nil {
		return nil, err
	}
	out := make([]CostedShift, len(lines))
	var shifts []award.Shift
	var locs []int64
	var index []int // interpreted shift -> line
	for i := range lines {
		l := &lines[i]
		if !interpretable(l) {
			out[i] = costedShift(l, pcs[i])
			continue
		}
		out[i] = CostedShift{ExternalID: l.ExternalID, StartTime: payroll.NewDateTime(l.Start), EndTime: payroll.NewDateTime(l.End),
			EvaluationResults: []RuleEvaluation{}, ConsolidatedShifts: []string{}, CostBreakdown: []CostBreakdown{}}
		shifts = append(shifts, AwardShift(l, names))
		locs = append(locs, l.LocationID)
		index = append(index, i)
	}
	if len(shifts) == 0 {
		return out, nil
	}
	res, err := ab.Interpret(ctx, t, shifts, locs, time.Time{}, true)
	if err != nil {
		return nil, InterpretError(err, func(k int) string {
			if k < len(index) {
				return fmt.Sprintf("shifts[%d].", index[k])
			}
			return "shifts[0]."
		})
	}
	totals := make([]payroll.Money, len(lines))
	for _, al := range res.Lines {
		i := index[al.Shift]
		l := &lines[i]
		cat, _ := t.RuleSet.Category(al.Category)
		rate, amount := al.RateCents, al.AmountCents
		if o, ok := overrideFor(req, i, cat.PayCategoryID); ok && al.Kind != award.LineAllowance {
			rate = o
			amount = (2*al.Minutes*rate + 60) / 120
		}
		b := CostBreakdown{StartTime: payroll.NewDateTime(al.Start), EndTime: payroll.NewDateTime(al.End), PayCategoryID: cat.PayCategoryID,
			PayCategoryName: cat.Name, Units: al.Units(), Rate: payroll.RateFromDecimal(payroll.MoneyFromMinor(rate).Decimal()),
			Cost: payroll.MoneyFromMinor(amount), Type: "Shift", LocationName: locNames[l.LocationID]}
		if al.Kind == award.LineAllowance {
			b.Type = "Allowance"
		}
		if l.LocationID != 0 {
			id := l.LocationID
			b.LocationID = &id
		}
		out[i].CostBreakdown = append(out[i].CostBreakdown, b)
		totals[i] = totals[i].Add(b.Cost)
	}
	for k, sr := range res.Shifts {
		i := index[k]
		c := totals[i]
		out[i].Cost = &c
		for _, e := range sr.Evaluations {
			out[i].EvaluationResults = append(out[i].EvaluationResults, RuleEvaluation{RuleName: e.Rule, MatchResult: e.Result})
		}
		for _, other := range sr.Consolidated {
			ref := lines[index[other]].ExternalID
			if ref == "" {
				ref = fmt.Sprintf("shifts[%d]", index[other])
			}
			out[i].ConsolidatedShifts = append(out[i].ConsolidatedShifts, ref)
		}
	}
	if !req.IncludeEvaluationResults {
		for i := range out {
			out[i].EvaluationResults = []RuleEvaluation{}
		}
	}
	return out, nil
}

// overrideFor is the override rate in cents of pay category id for shift
// i (the shift's own overrides first, then the request's).
func overrideFor(req CostingRequest, i int, id int64) (int64, bool) {
	if id == 0 {
		return 0, false
	}
	list := append(append([]RateOverride{}, req.Shifts[i].OverrideRates...), req.OverrideRates...)
	for _, o := range list {
		if o.PayCategoryID == id {
			return payroll.MoneyFromDecimal(o.Rate.Decimal()).Cents().MinorUnits(), true
		}
	}
	return 0, false
}

// CostAgreementShifts prices proposed shifts under an employment agreement
// of the business, for an employee the request describes (date of birth,
// anniversary date and standard hours: junior rates and part-time hours
// follow them), without storing anything (POST B/employmentagreement/{id}/shiftcosting).
func (s *Service) CostAgreementShifts(ctx context.Context, biz business.Business, agreementID int64, req CostingRequest) (_ CostingResult, err error) {
	defer payroll.Wrap(&err, "cost shifts under employment agreement %d", agreementID)
	if s.Agreements == nil {
		return CostingResult{}, payroll.NotFound("employment agreement")
	}
	from, to := req.span()
	if err := s.Agreements.EnsureHolidays(ctx, biz, from, to); err != nil {
		return CostingResult{}, err
	}
	var out CostingResult
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		ab, err := s.Agreements.Load(ctx, q, biz)
		if err != nil {
			return err
		}
		ag, rs, ok := ab.Agreement(agreementID)
		if !ok || rs == nil {
			return payroll.NotFound("employment agreement")
		}
		t := &agreement.Terms{Agreement: ag, RuleSet: rs, Employee: award.Employee{EmploymentType: ag.EmploymentType, Classification: ag.Classification}}
		e := req.Employee
		if e.DateOfBirth != nil {
			t.Employee.DateOfBirth = payroll.DateOnly(*e.DateOfBirth)
		}
		if e.AnniversaryDate != nil {
			t.Employee.ServiceStart = payroll.DateOnly(*e.AnniversaryDate)
		}
		if h := e.StandardHoursPerWeek; h != nil && h.IsPos() {
			n, _, _ := h.Mul(payroll.RateFromInt(60)).RoundHalfUp(0).Decimal().Int64(0)
			t.Employee.StandardWeeklyMinutes = n
		}
		out, err = s.costRequest(ctx, q, biz, req, 0, nil, func(lines []Line, pcs []*payCategoryInfo, locs map[int64]string) ([]CostedShift, error) {
			return s.costUnderAward(ctx, q, ab, t, lines, pcs, req, locs)
		})
		if err != nil {
			return err
		}
		out.EmploymentAgreementID, out.EmploymentAgreementName = ag.ID, ag.Name
		out.PayConditionRuleSetID, out.PayConditionRuleSetName = rs.ID(), rs.Name()
		return nil
	})
	return out, err
}

// span is the days the request's shifts cover (zero when it has none).
func (req CostingRequest) span() (from, to time.Time) {
	for _, sh := range req.Shifts {
		for _, t := range []time.Time{sh.Start.Time, sh.End.Time} {
			if t.IsZero() {
				continue
			}
			if from.IsZero() || t.Before(from) {
				from = t
			}
			if t.After(to) {
				to = t
			}
		}
	}
	return from, to
}

// EmployeeShiftPeriods are the periods over which the employee's shifts are
// assessed together: the periods of their pay condition rule set, or
// without one the business's weeks (ShiftPeriods). 404 when the caller may
// not see the employee; the times are validated as ShiftPeriods does.
func (s *Service) EmployeeShiftPeriods(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, first, last time.Time) (_ []Period, err error) {
	defer payroll.Wrap(&err, "shift periods of employee %d", employeeID)
	if err := s.CanSee(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	periods, err := ShiftPeriods(biz, first, last)
	if err != nil || s.Agreements == nil {
		return periods, err
	}
	ab, err := s.Agreements.Load(ctx, s.DB.Queries(), biz)
	if err != nil {
		return nil, err
	}
	terms, err := ab.TermsOf(ctx, []int64{employeeID})
	if err != nil {
		return nil, err
	}
	if t := terms[employeeID]; t != nil {
		return rulePeriods(t.RuleSet.Rules(), first, last), nil
	}
	return periods, nil
}

// AgreementShiftPeriods are the periods of an employment agreement's rule
// set from the one holding first to the one holding last (404 for an
// agreement not of the business).
func (s *Service) AgreementShiftPeriods(ctx context.Context, biz business.Business, agreementID int64, first, last time.Time) (_ []Period, err error) {
	defer payroll.Wrap(&err, "shift periods of employment agreement %d", agreementID)
	if s.Agreements == nil {
		return nil, payroll.NotFound("employment agreement")
	}
	ab, err := s.Agreements.Load(ctx, s.DB.Queries(), biz)
	if err != nil {
		return nil, err
	}
	_, rs, ok := ab.Agreement(agreementID)
	if !ok || rs == nil {
		return nil, payroll.NotFound("employment agreement")
	}
	if _, err := ShiftPeriods(biz, first, last); err != nil {
		return nil, err
	}
	return rulePeriods(rs.Rules(), first, last), nil
}

func rulePeriods(rs *award.RuleSet, first, last time.Time) []Period {
	var out []Period
	for _, p := range rs.ShiftPeriods(first, last) {
		out = append(out, Period{From: p.From, To: p.To})
	}
	return out
}

// InterpretationInputs fills what interpreting lines needs that a pay
// run's read of them (ApprovedForPayRun) leaves out: their breaks, and the
// names of the shift conditions they carry (by work type id). q is the
// caller's transaction.
func InterpretationInputs(ctx context.Context, q *store.Queries, bizID int64, lines []Line) (map[int64]string, error) {
	byID := make(map[int64]Line, len(lines))
	ids := make([]int64, 0, len(lines))
	for _, l := range lines {
		l.Breaks = nil
		byID[l.ID] = l
		ids = append(ids, l.ID)
	}
	if err := attachBreaks(ctx, q, byID, ids); err != nil {
		return nil, err
	}
	for i := range lines {
		lines[i].Breaks = byID[lines[i].ID].Breaks
	}
	return conditionNames(ctx, q, bizID, lines)
}

// LinesForExplanation reads the lines ids of employee employeeID (any
// state), as a pay run reads them, for explaining what it paid.
func (s *Service) LinesForExplanation(ctx context.Context, q *store.Queries, bizID, employeeID int64, ids []int64) ([]Line, error) {
	var out []Line
	for _, chunk := range chunks(ids, maxIn) {
		a := sqlArgs{args: []any{bizID, employeeID}}
		rows, err := q.Query(ctx, "SELECT "+lineColumns+" FROM timesheet_lines t WHERE t.business_id = $1 AND t.employee_id = $2 AND t.id IN ("+
			db.IDList(chunk)+") ORDER BY t.start_time, t.id", a.args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var r store.TimesheetLine
			if err := rows.Scan(scanLine(&r)...); err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, fromRow(r))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// awardCosts re-costs the lines of employees with award terms under their
// rules (the views of timesheets: the business's, the manager's and the
// employee's own): each employee's lines are interpreted with their other
// lines of the same rule set periods (not rejected ones), so a line's cost
// carries the week's overtime; its shiftParts are its interpreted lines
// and its allowances the allowances paid with it. A line the rules cannot
// pay (a day without loaded award rates) has no cost.
func (s *Service) awardCosts(ctx context.Context, q *store.Queries, biz business.Business, lines []Line) error {
	if s.Agreements == nil || len(lines) == 0 {
		return nil
	}
	ab, err := s.Agreements.Load(ctx, q, biz)
	if err != nil || ab.Empty() {
		return err
	}
	var ids []int64
	seen := map[int64]bool{}
	for i := range lines {
		if l := &lines[i]; interpretable(l) && !seen[l.EmployeeID] {
			seen[l.EmployeeID] = true
			ids = append(ids, l.EmployeeID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	terms, err := ab.TermsOf(ctx, ids)
	if err != nil || len(terms) == 0 {
		return err
	}
	for _, id := range ids {
		t := terms[id]
		if t == nil {
			continue
		}
		// The periods the employee's shown lines fall in.
		var first, last time.Time
		for _, l := range lines {
			if l.EmployeeID == id && interpretable(&l) {
				if first.IsZero() || l.Start.Before(first) {
					first = l.Start
				}
				if l.Start.After(last) {
					last = l.Start
				}
			}
		}
		for _, p := range t.RuleSet.Rules().ShiftPeriods(first, last) {
			if err := s.costPeriod(ctx, q, ab, t, p, lines); err != nil {
				return err
			}
		}
	}
	return nil
}

// costPeriod interprets an employee's lines of one period and sets the
// costs of those of them in shown.
func (s *Service) costPeriod(ctx context.Context, q *store.Queries, ab *agreement.Business, t *agreement.Terms, p award.Period, shown []Line) error {
	rows, err := q.ListInterpretableTimesheetLines(ctx, store.ListInterpretableTimesheetLinesParams{BusinessID: ab.BizID(), EmployeeID: t.EmployeeID,
		FromTime: p.From, BeforeTime: p.To.AddDate(0, 0, 1)})
	if err != nil || len(rows) == 0 {
		return err
	}
	period := make([]Line, len(rows))
	for i, r := range rows {
		period[i] = fromRow(r)
	}
	names, err := InterpretationInputs(ctx, q, ab.BizID(), period)
	if err != nil {
		return err
	}
	shifts := make([]award.Shift, len(period))
	locs := make([]int64, len(period))
	index := make(map[int64]int, len(period))
	for i := range period {
		shifts[i], locs[i] = AwardShift(&period[i], names), period[i].LocationID
		index[period[i].ID] = i
	}
	res, err := ab.Interpret(ctx, t, shifts, locs, time.Time{}, false)
	if err != nil && !refused(err) {
		return err
	}
	for k := range shown {
		l := &shown[k]
		i, ok := index[l.ID]
		if !ok || l.EmployeeID != t.EmployeeID || !interpretable(l) {
			continue
		}
		if err != nil {
			l.Cost.Cost, l.Cost.CalculatedRate = nil, nil
			l.Cost.Data.ShiftParts = []ShiftPart{}
			continue
		}
		costShownLine(l, t, res, i)
	}
	return nil
}

// costShownLine sets l's costing from interpreted shift i of res.
func costShownLine(l *Line, t *agreement.Terms, res award.Result, i int) {
	total := payroll.Money{}
	data := ShiftCostingData{IsConsolidated: len(res.Shifts[i].Consolidated) > 0, Allowances: []ShiftAllowance{}, Liabilities: []ShiftLiability{}, ShiftParts: []ShiftPart{}}
	var rate *payroll.Rate
	for _, al := range res.Lines {
		if al.Shift != i {
			continue
		}
		cat, _ := t.RuleSet.Category(al.Category)
		total = total.Add(al.Amount())
		if al.Kind == award.LineAllowance {
			option := "PerDay"
			if al.Minutes > 0 {
				option = "PerHourWorked"
			}
			data.Allowances = append(data.Allowances, ShiftAllowance{Classification: Classification{}, Cost: al.Amount(), Option: option,
				PayCategory: cat.Name, PayCategoryID: cat.PayCategoryID, RateMultiplier: payroll.RateFromInt(1), Type: "Standard", Units: al.Units()})
			continue
		}
		r := payroll.RateFromDecimal(al.Rate().Decimal())
		if rate == nil {
			rate = &r
		}
		base := payroll.RateFromDecimal(payroll.MoneyFromMinor(al.BaseCents).Decimal())
		mult := al.Multiplier
		d := al.End.Sub(al.Start)
		data.ShiftParts = append(data.ShiftParts, ShiftPart{ActualDuration: timeSpan(d), EffectiveDuration: timeSpan(d), DisplayDuration: display(d),
			BaseRate: base, CalculatedRate: r, RateMultiplier: &mult, Cost: al.Amount(), StartTime: payroll.NewDateTime(al.Start), EndTime: payroll.NewDateTime(al.End),
			PayCategory: cat.Name, PayCategoryID: cat.PayCategoryID, LeaveCategory: IDName{}, Location: PartLocation{ID: l.LocationID, Name: l.Names.Location, State: l.Names.LocationState},
			WorkType: PartWorkType{ID: l.WorkTypeID, Name: l.Names.WorkType, LinkType: "PayCategory"}})
	}
	l.Cost.Cost, l.Cost.CalculatedRate, l.Cost.Data = &total, rate, data
}
