package statutoryleave

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Service owns the UK statutory leave periods.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service // visibility, scope and the per-employee write lock
}

var ukRegion = []string{"UK"}

// gate answers the 400 other UK-only operations give in another region.
func gate(biz business.Business) error {
	if !record.RegionIn(ukRegion, biz.Region) {
		return record.RegionError("statutory leave", ukRegion, biz)
	}
	return nil
}

// ParseKind is a family kind from a URL segment (ssp is separate).
func ParseKind(s string) (Kind, bool) {
	k := Kind(strings.ToLower(s))
	return k, slices.Contains(FamilyKinds, k)
}

var (
	farPast   = day(1900, 1, 1)
	farFuture = day(9999, 12, 31)
)

// period is a stored period with what its calculation reads.
type period struct {
	store.StatutoryLeavePeriod
	started time.Time // the employee's start date (zero = unknown)
}

func nullDate(d payroll.DateTime) sql.NullTime {
	if d.IsZero() {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: payroll.DateOnly(d.Time), Valid: true}
}

func dtPtr(n sql.NullTime) *payroll.DateTime {
	if !n.Valid {
		return nil
	}
	d := payroll.NewDateTime(n.Time)
	return &d
}

// aweOverride validates an AWE given: whole pence, not negative.
func aweOverride(m *payroll.Money) (sql.NullInt64, error) {
	if m == nil {
		return sql.NullInt64{}, nil
	}
	if m.IsNeg() || !m.Equal(m.Cents()) {
		return sql.NullInt64{}, payroll.Invalid("averageWeeklyEarningsOverride", "averageWeeklyEarningsOverride must be a non-negative amount in whole pence")
	}
	return sql.NullInt64{Int64: m.MinorUnits(), Valid: true}, nil
}

// payRiseIn checks a pay rise sent with SMP (SMP (General) Regulations
// 1986 reg 21(7)): a percentage of 0.01 to 1,000 in hundredths, with its
// effective date, on SMP only (SAP and SPP's reg 40(7) of SI 2002/2822
// covers only back pay for the relevant period: give their AWE as
// averageWeeklyEarningsOverride), and not with an AWE override (the
// override is the AWE already worked out).
func payRiseIn(k Kind, in LeaveInput, override bool) (sql.NullInt64, sql.NullTime, error) {
	if in.PayRisePercent == nil && in.PayRiseEffectiveDate.IsZero() {
		return sql.NullInt64{}, sql.NullTime{}, nil
	}
	switch {
	case k != SMP:
		return sql.NullInt64{}, sql.NullTime{}, payroll.Invalid("payRisePercent", "payRisePercent applies to smp only (SMP (General) Regulations 1986 reg 21(7)): give the AWE as averageWeeklyEarningsOverride")
	case override:
		return sql.NullInt64{}, sql.NullTime{}, payroll.Invalid("payRisePercent", "payRisePercent cannot be given with averageWeeklyEarningsOverride: the override is the AWE to use")
	case in.PayRisePercent == nil:
		return sql.NullInt64{}, sql.NullTime{}, payroll.Invalid("payRisePercent", "payRisePercent is required with payRiseEffectiveDate")
	case in.PayRiseEffectiveDate.IsZero():
		return sql.NullInt64{}, sql.NullTime{}, payroll.Invalid("payRiseEffectiveDate", "payRiseEffectiveDate is required with payRisePercent")
	}
	bp := in.PayRisePercent.Mul(payroll.RateFromInt(100))
	n, frac, ok := bp.Decimal().Int64(9)
	if !bp.IsPos() || !ok || frac != 0 || n > 100000 {
		return sql.NullInt64{}, sql.NullTime{}, payroll.Invalid("payRisePercent", "payRisePercent must be 0.01 to 1000 with at most two decimal places")
	}
	if !payroll.DateOnly(in.PayRiseEffectiveDate.Time).After(payroll.DateOnly(in.EndDate.Time)) {
		return sql.NullInt64{Int64: n, Valid: true}, sql.NullTime{Time: payroll.DateOnly(in.PayRiseEffectiveDate.Time), Valid: true}, nil
	}
	return sql.NullInt64{}, sql.NullTime{}, payroll.Invalid("payRiseEffectiveDate", "payRiseEffectiveDate is after the end of the maternity leave: reg 21(7) covers rises up to its end")
}

// dates checks start and end (400 naming the member).
func dates(start, end payroll.DateTime) error {
	if start.IsZero() {
		return payroll.Invalid("startDate", "startDate is required")
	}
	if end.IsZero() {
		return payroll.Invalid("endDate", "endDate is required")
	}
	if payroll.DateOnly(end.Time).Before(payroll.DateOnly(start.Time)) {
		return payroll.Invalid("endDate", "endDate is before startDate")
	}
	if end.Time.Sub(start.Time) > 400*24*time.Hour {
		return payroll.Invalid("endDate", "a period of statutory leave is at most 400 days")
	}
	return nil
}

// Create records a period of family leave. Periods of one kind of an
// employee may not overlap (409).
func (s *Service) Create(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, k Kind, in LeaveInput) (_ CreateResult, err error) {
	defer payroll.Wrap(&err, "create %s for employee %d", k, employeeID)
	if err := gate(biz); err != nil {
		return CreateResult{}, err
	}
	if err := dates(in.StartDate, in.EndDate); err != nil {
		return CreateResult{}, err
	}
	params := store.CreateStatutoryLeaveParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(k),
		StartDate: payroll.DateOnly(in.StartDate.Time), EndDate: payroll.DateOnly(in.EndDate.Time), IsAdoption: in.IsAdoption && k == SPP,
		Notes: strings.TrimSpace(in.Notes), CreatedAt: s.Clock.Now()}
	switch {
	case k == SPBP:
		if in.ChildDeathDate.IsZero() {
			return CreateResult{}, payroll.Invalid("childDeathDate", "childDeathDate is required for parental bereavement pay")
		}
		params.QualifyingDate = nullDate(in.ChildDeathDate)
	case k == SAP || params.IsAdoption:
		if in.MatchDate.IsZero() {
			return CreateResult{}, payroll.Invalid("matchDate", "matchDate (the date the adopter was notified of the match) is required for adoption pay")
		}
		params.MatchDate, params.QualifyingDate = nullDate(in.MatchDate), nullDate(in.BabyDueDate)
	default:
		if in.BabyDueDate.IsZero() {
			return CreateResult{}, payroll.Invalid("babyDueDate", "babyDueDate is required for %s", k.Name())
		}
		params.QualifyingDate = nullDate(in.BabyDueDate)
	}
	if in.WeeksToPay != nil {
		if *in.WeeksToPay < 1 || *in.WeeksToPay > int64(maxWeeks[k]) {
			return CreateResult{}, payroll.Invalid("weeksToPay", "weeksToPay must be 1 to %d for %s", maxWeeks[k], k.Name())
		}
		params.WeeksToPay = sql.NullInt64{Int64: *in.WeeksToPay, Valid: true}
	}
	if params.AweOverride, err = aweOverride(in.AverageWeeklyEarningsOverride); err != nil {
		return CreateResult{}, err
	}
	if params.PayRiseBp, params.PayRiseFrom, err = payRiseIn(k, in, params.AweOverride.Valid); err != nil {
		return CreateResult{}, err
	}
	var row store.StatutoryLeavePeriod
	var c LeaveCalc
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, emp employee.Employee) error {
		list, err := q.ListStatutoryLeaves(ctx, store.ListStatutoryLeavesParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(k),
			FromDate: params.StartDate, ToDate: params.EndDate})
		if err != nil {
			return err
		}
		if len(list) > 0 {
			return payroll.Conflict("the employee already has %s leave from %s to %s overlapping these dates", k.Name(),
				list[0].StartDate.Format("2006-01-02"), list[0].EndDate.Format("2006-01-02"))
		}
		if row, err = q.CreateStatutoryLeave(ctx, params); err != nil {
			return err
		}
		// Calculated in the same transaction: a period the rules cannot
		// work out (no figures for its qualifying week) is refused and
		// nothing is stored.
		c, err = s.calc(ctx, q, biz.ID, period{row, emp.StartDate.Time})
		return err
	})
	if err != nil {
		return CreateResult{}, err
	}
	return CreateResult{ID: row.ID, Status: c.Status, Log: c.Log}, nil
}

// load reads one period of an employee p may see.
func (s *Service) load(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, k Kind, id int64) (period, error) {
	if err := gate(biz); err != nil {
		return period{}, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return period{}, err
	}
	row, err := s.DB.Queries().GetStatutoryLeave(ctx, store.GetStatutoryLeaveParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(k)})
	if db.IsNoRows(err) {
		return period{}, payroll.NotFound(string(k) + " leave")
	}
	if err != nil {
		return period{}, err
	}
	return period{row, e.StartDate.Time}, nil
}

// List is an employee's periods of one kind overlapping [from, to]
// (zero = unbounded), oldest first.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, k Kind, from, to time.Time) (_ []StatutoryLeave, err error) {
	defer payroll.Wrap(&err, "list %s of employee %d", k, employeeID)
	if err := gate(biz); err != nil {
		return nil, err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
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
	rows, err := q.ListStatutoryLeaves(ctx, store.ListStatutoryLeavesParams{BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(k), FromDate: from, ToDate: to})
	if err != nil {
		return nil, err
	}
	out := make([]StatutoryLeave, 0, len(rows))
	for _, r := range rows {
		l, err := s.view(ctx, q, biz.ID, period{r, e.StartDate.Time})
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// Get is one period of family leave.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, k Kind, id int64) (_ StatutoryLeave, err error) {
	defer payroll.Wrap(&err, "get %s %d", k, id)
	per, err := s.load(ctx, biz, p, employeeID, k, id)
	if err != nil {
		return StatutoryLeave{}, err
	}
	return s.view(ctx, s.DB.Queries(), biz.ID, per)
}

func (s *Service) view(ctx context.Context, q *store.Queries, bizID int64, per period) (StatutoryLeave, error) {
	r := per.StatutoryLeavePeriod
	k := Kind(r.Kind)
	l := StatutoryLeave{ID: r.ID, EmployeeID: r.EmployeeID, Type: r.Kind, StartDate: payroll.NewDateTime(r.StartDate), EndDate: payroll.NewDateTime(r.EndDate),
		MatchDate: dtPtr(r.MatchDate), IsAdoption: r.IsAdoption, Paused: r.Paused, Notes: r.Notes}
	if k == SPBP {
		l.ChildDeathDate = dtPtr(r.QualifyingDate)
	} else {
		l.BabyDueDate = dtPtr(r.QualifyingDate)
	}
	if r.WeeksToPay.Valid {
		l.WeeksToPay = &r.WeeksToPay.Int64
	}
	if r.AweOverride.Valid {
		m := pounds(r.AweOverride.Int64)
		l.AverageWeeklyEarningsOverride = &m
	}
	if rise := riseOf(r.PayRiseBp, r.PayRiseFrom); rise.valid {
		pct, from := payroll.RateFromInt(rise.bp).Div(payroll.RateFromInt(100)), payroll.NewDateTime(rise.from)
		l.PayRisePercent, l.PayRiseEffectiveDate = &pct, &from
	}
	c, err := s.calc(ctx, q, bizID, per)
	switch {
	case payroll.KindOf(err) == payroll.KindInvalid:
		// Stored before its figures were checked (Create now refuses such
		// a period): listed as not payable, never a 400 for stored data.
		c = LeaveCalc{Status: "NotEligible"}
	case err != nil:
		return StatutoryLeave{}, err
	}
	l.AverageWeeklyEarnings, l.Status, l.DoNotPayReason = c.AverageWeeklyEarnings, c.Status, c.DoNotPayReason
	// Weeks paid: the units (days ÷ 7) of the finalised runs' lines.
	paid, err := paidWeeks(ctx, q, bizID, r.EmployeeID, k, r.ID)
	if err != nil {
		return StatutoryLeave{}, err
	}
	var weeks payroll.Rate
	for _, ls := range paid {
		for _, pl := range ls {
			if u, err := payroll.ParseRate(pl.units); err == nil && pl.status == "Finalised" && !pl.arrears {
				weeks = weeks.Add(u)
			}
		}
	}
	l.WeeksPaid = weeks.RoundHalfUp(4)
	if l.Attachments, err = attachments(ctx, q, bizID, r.ID); err != nil {
		return StatutoryLeave{}, err
	}
	return l, nil
}

// Calculate is the calculation of the period with id, or (id 0) of the
// employee's period of kind k containing at (the reference's
// ?periodStart=).
func (s *Service) Calculate(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, k Kind, id int64, at time.Time) (_ LeaveCalc, err error) {
	defer payroll.Wrap(&err, "calculate %s of employee %d", k, employeeID)
	if id == 0 {
		if at.IsZero() {
			return LeaveCalc{}, payroll.Invalid("periodStart", "periodStart (a day of the leave) or id is required")
		}
		list, err := s.List(ctx, biz, p, employeeID, k, payroll.DateOnly(at), payroll.DateOnly(at))
		if err != nil {
			return LeaveCalc{}, err
		}
		if len(list) == 0 {
			return LeaveCalc{}, payroll.NotFound(string(k) + " leave on " + at.Format("2006-01-02"))
		}
		id = list[0].ID
	}
	per, err := s.load(ctx, biz, p, employeeID, k, id)
	if err != nil {
		return LeaveCalc{}, err
	}
	return s.calc(ctx, s.DB.Queries(), biz.ID, per)
}

// employeeAWE is the AWE of the relevant period ending upto: the
// override if given, else from the employee's finalised pay runs.
func employeeAWE(ctx context.Context, q *store.Queries, bizID, employeeID int64, override sql.NullInt64, rise payRise, upto time.Time) (AWE, string, []string, error) {
	if override.Valid {
		return AWEFromPence(override.Int64), "Override", []string{fmt.Sprintf("average weekly earnings %s given", pounds(override.Int64))}, nil
	}
	rows, err := q.EmployeePayHistory(ctx, store.EmployeePayHistoryParams{BusinessID: bizID, EmployeeID: employeeID,
		After: upto.AddDate(-1, 0, 0), Upto: upto.AddDate(0, 0, 1).Add(-time.Second)})
	if err != nil {
		return AWE{}, "", nil, err
	}
	hist := make([]payment, len(rows))
	for i, r := range rows {
		hist[i] = payment{paid: r.DatePaid, frequency: r.Frequency, gross: r.Earnings, start: r.PeriodStarting, end: r.PeriodEnding}
	}
	a, log, err := aweWithRise(hist, upto, rise)
	if err != nil {
		return AWE{}, "", nil, err
	}
	return a, "PayHistory", log, nil
}

// paidLine is one statutory pay line already in a pay run.
type paidLine struct {
	runID   int64
	status  string
	amount  int64
	units   string // days ÷ days a week
	arrears bool   // an arrears line: money for the week, no days
}

// paidWeeks reads the pay run lines of a period by week number.
func paidWeeks(ctx context.Context, q *store.Queries, bizID, employeeID int64, k Kind, id int64) (map[int][]paidLine, error) {
	rows, err := q.StatutoryPayLines(ctx, store.StatutoryPayLinesParams{BusinessID: bizID, EmployeeID: employeeID, Prefix: linePrefix(k, id) + "%"})
	if err != nil {
		return nil, err
	}
	out := map[int][]paidLine{}
	for _, r := range rows {
		_, _, week, ok := ParseLineID(r.ExternalID)
		if !ok {
			continue
		}
		out[week] = append(out[week], paidLine{runID: r.PayRunID, status: r.Status, amount: r.Amount, units: r.Units, arrears: IsArrearsLineID(r.ExternalID)})
	}
	return out, nil
}

// calc works out a period of family leave.
func (s *Service) calc(ctx context.Context, q *store.Queries, bizID int64, per period) (LeaveCalc, error) {
	r := per.StatutoryLeavePeriod
	k := Kind(r.Kind)
	qw := qualifyingWeekStart(k, r.QualifyingDate.Time, r.MatchDate.Time, r.IsAdoption)
	awe, source, aweLog, err := employeeAWE(ctx, q, bizID, r.EmployeeID, r.AweOverride, riseOf(r.PayRiseBp, r.PayRiseFrom), qw.AddDate(0, 0, 6))
	if err != nil {
		return LeaveCalc{}, err
	}
	c := LeaveCalc{ID: r.ID, Type: r.Kind, QualifyingWeekStart: payroll.NewDateTime(qw), AverageWeeklyEarnings: awe.Money(),
		AverageWeeklyEarningsSource: source, Rates: map[string]int{}, Payments: []LeavePayment{}}
	el, err := familyEligibility(k, qw, per.started, awe)
	if err != nil {
		return LeaveCalc{}, payroll.Invalid("startDate", "%v", err)
	}
	c.Log = []LogEvent{info("AWE", aweLog), info("General", el.Log)}
	c.Status = "NotEligible"
	if el.Eligible {
		c.Status = "Eligible"
	} else {
		reason := el.Reason
		c.DoNotPayReason = &reason
	}
	weeks, err := familyWeeks(k, r.StartDate, r.EndDate, int(r.WeeksToPay.Int64), awe)
	if err != nil {
		return LeaveCalc{}, payroll.Invalid("startDate", "%v", err)
	}
	paid, err := paidWeeks(ctx, q, bizID, r.EmployeeID, k, r.ID)
	if err != nil {
		return LeaveCalc{}, err
	}
	var total int64
	var unrated []string
	for _, w := range weeks {
		pm := LeavePayment{WeekNumber: w.Number, StartDate: payroll.NewDateTime(w.Start), EndDate: payroll.NewDateTime(w.End), DaysPaid: w.Days,
			WeeklyRate: pounds(w.RatePence), EarningsRelated: w.EarningsRelated, Amount: pounds(w.AmountPence()),
			Include: el.Eligible && !(k == SNCP && r.Paused) && !w.Unrated, Status: "Pending"}
		if w.Unrated && el.Eligible {
			unrated = append(unrated, fmt.Sprintf("week %d (%s to %s): %s", w.Number, w.Start.Format("2006-01-02"), w.End.Format("2006-01-02"), w.NoRate))
		}
		var amountPaid int64
		for _, pl := range paid[w.Number] {
			id := pl.runID
			pm.PayRunID = &id
			amountPaid += pl.amount
			if pl.status == "Finalised" {
				pm.Status = "Processed"
			} else if pm.Status != "Processed" {
				pm.Status = "Current"
			}
		}
		pm.AmountPaid = pounds(amountPaid)
		if !pm.Include {
			pm.Amount = payroll.Money{}
		} else {
			c.Days += w.Days
			c.Rates[pounds(w.RatePence).StringFixed(2)]++
			total += w.AmountPence()
		}
		c.Payments = append(c.Payments, pm)
	}
	c.Total = pounds(total)
	c.Rule = familyRule(k)
	if len(unrated) > 0 {
		c.Log = append(c.Log, warn("General", append([]string{fmt.Sprintf("%d week(s) have no %s rate loaded yet: they are not paid, and pay runs keep the salary of their days, until the rates of their tax year are loaded", len(unrated), k.Name())}, unrated...)))
	}
	if k == SNCP && r.Paused {
		c.Log = append(c.Log, info("General", []string{"neonatal care pay is paused: pay runs do not pay it"}))
	}
	return c, nil
}

func familyRule(k Kind) string {
	var b strings.Builder
	if k == SMP || k == SAP {
		fmt.Fprintf(&b, "%s: 90%% of AWE (rounded up to the penny) for the first %d weeks, then", k.Name(), highWeeks)
	} else {
		fmt.Fprintf(&b, "%s:", k.Name())
	}
	b.WriteString(" the lower of the flat rate of the year the week begins in and 90% of AWE; at most ")
	fmt.Fprintf(&b, "%d weeks; a part week pays rate × days ÷ 7 rounded up to the penny; AWE must reach the LEL of the qualifying week.", maxWeeks[k])
	for _, y := range years {
		fmt.Fprintf(&b, " %s: flat rate %s from %s, LEL %s (%s).", y.name, pounds(y.familyWeekly), y.familyFrom.Format("2 Jan 2006"), pounds(y.lelWeekly), y.source)
	}
	return b.String()
}

// Delete removes a period of family leave; one paid by a finalised pay
// run is kept (409) because the run's lines are history.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, k Kind, id int64) (err error) {
	defer payroll.Wrap(&err, "delete %s %d", k, id)
	if err := gate(biz); err != nil {
		return err
	}
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		if err := unpaid(ctx, q, biz.ID, employeeID, k, id); err != nil {
			return err
		}
		n, err := q.DeleteStatutoryLeave(ctx, store.DeleteStatutoryLeaveParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(k)})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.NotFound(string(k) + " leave")
		}
		return nil
	})
}

// UpdateEarnings raises the average weekly earnings of a stored period of
// family leave pay after a pay rise or back pay learnt once the period was
// entered: SMP (SMP (General) Regulations 1986 reg 21(7): a rise applying
// to any part of the period from the start of the relevant period to the
// end of the leave counts as if it applied in each week of the relevant
// period; HMRC SPM172200: the extra SMP for weeks already paid is due),
// and SPP and SAP (Statutory Paternity Pay and Statutory Adoption Pay
// (General) Regulations 2002, SI 2002/2822, reg 40(7): back pay for the
// relevant period awarded after it counts as paid in it; their AWE is
// given as averageWeeklyEarningsOverride, a pay rise percentage being
// SMP's rule only), and ShPP (its weekly rate is the lower of the flat
// rate and 90% of the normal weekly earnings determined under SSCBA 1992
// s 171ZZ4(6) and reg 32 of the Statutory Shared Parental Pay (General)
// Regulations 2014, SI 2014/3051, reg 40(1)(b); the employer recomputes
// those earnings with the back pay and sends them as the override, as for
// SPP and SAP. The same regulations count pay received later for a week of
// a reference period as paid in it for the partner's earnings test, reg
// 29(3); reg 32's own wording was not read here: docs/reference/uk-smp-pay-rise.md).
// The weeks are recomputed at once; weeks already paid by finalised
// pay runs are topped up by the next pay run whose period overlaps the
// leave (an arrears line per week, see payPeriod, whatever the kind).
// Refused (400, nothing stored): neither or both forms; a pay rise on a
// period whose AWE is an override, or on a kind other than SMP; an
// override lower than the AWE in use (pay already paid is not recovered
// here); a period that was not eligible and qualifies only through the
// rise (for SMP, SPM172200 then assumes Maternity Allowance was paid, an
// offset not built; for the others the weeks before were not paid and the
// claim is re-made: delete and re-create the period).
func (s *Service) UpdateEarnings(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, k Kind, id int64, in EarningsUpdate) (_ StatutoryLeave, err error) {
	defer payroll.Wrap(&err, "update the earnings of %s %d", k, id)
	if err := gate(biz); err != nil {
		return StatutoryLeave{}, err
	}
	if !EarningsUpdatable(k) {
		return StatutoryLeave{}, payroll.Invalid("kind", "%s has no earnings update: smp, spp, sap and shpp do", k)
	}
	rise := in.PayRisePercent != nil || !in.PayRiseEffectiveDate.IsZero()
	switch {
	case rise && in.AverageWeeklyEarningsOverride != nil:
		return StatutoryLeave{}, payroll.Invalid("averageWeeklyEarningsOverride", "give either averageWeeklyEarningsOverride or payRisePercent with payRiseEffectiveDate, not both")
	case !rise && in.AverageWeeklyEarningsOverride == nil:
		return StatutoryLeave{}, payroll.Invalid("averageWeeklyEarningsOverride", "give averageWeeklyEarningsOverride, or payRisePercent with payRiseEffectiveDate")
	}
	var row store.StatutoryLeavePeriod
	var e employee.Employee
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, emp employee.Employee) error {
		e = emp
		old, err := q.GetStatutoryLeave(ctx, store.GetStatutoryLeaveParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(k)})
		if db.IsNoRows(err) {
			return payroll.NotFound(string(k) + " leave")
		} else if err != nil {
			return err
		}
		before, err := s.calc(ctx, q, biz.ID, period{old, emp.StartDate.Time})
		if err != nil {
			return err
		}
		params := store.SetStatutoryLeaveEarningsParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(k), UpdatedAt: s.Clock.Now()}
		if rise {
			if old.AweOverride.Valid {
				return payroll.Invalid("payRisePercent", "the period's average weekly earnings are an override (%s): send the new averageWeeklyEarningsOverride", pounds(old.AweOverride.Int64))
			}
			if params.PayRiseBp, params.PayRiseFrom, err = payRiseIn(k, LeaveInput{PayRisePercent: in.PayRisePercent, PayRiseEffectiveDate: in.PayRiseEffectiveDate,
				EndDate: payroll.NewDateTime(old.EndDate)}, false); err != nil {
				return err
			}
		} else if params.AweOverride, err = aweOverride(in.AverageWeeklyEarningsOverride); err != nil {
			return err
		}
		if row, err = q.SetStatutoryLeaveEarnings(ctx, params); err != nil {
			return err
		}
		after, err := s.calc(ctx, q, biz.ID, period{row, emp.StartDate.Time})
		if err != nil {
			return err
		}
		switch {
		case after.AverageWeeklyEarnings.Less(before.AverageWeeklyEarnings):
			return payroll.Invalid("averageWeeklyEarningsOverride", "the new average weekly earnings %s are below the %s in use: an update raises them after a pay rise (%s already paid is not recovered here)",
				after.AverageWeeklyEarnings.StringFixed(2), before.AverageWeeklyEarnings.StringFixed(2), k.Name())
		case before.Status != "Eligible" && after.Status == "Eligible" && k != SMP:
			return payroll.Invalid("averageWeeklyEarningsOverride", "the employee qualifies for %s only through the new earnings: the weeks before were not paid as %s; delete and re-create the period with the AWE", k.Name(), k.Name())
		case before.Status != "Eligible" && after.Status == "Eligible":
			return payroll.Invalid("averageWeeklyEarningsOverride", "the employee qualifies for SMP only through the pay rise: HMRC SPM172200 then assumes Maternity Allowance was paid for the weeks before, an offset payrolld does not work out; delete and re-create the period with the AWE once the offset is settled")
		}
		return nil
	})
	if err != nil {
		return StatutoryLeave{}, err
	}
	return s.view(ctx, s.DB.Queries(), biz.ID, period{row, e.StartDate.Time})
}

// EarningsUpdatable says whether a kind's stored periods take an
// earnings update (UpdateEarnings): the family payments whose AWE a late
// pay rise or back pay of the relevant period raises.
func EarningsUpdatable(k Kind) bool { return k == SMP || k == SPP || k == SAP || k == ShPP }

// unpaid is a 409 when a finalised pay run has paid the period.
func unpaid(ctx context.Context, q *store.Queries, bizID, employeeID int64, k Kind, id int64) error {
	rows, err := q.StatutoryPayLines(ctx, store.StatutoryPayLinesParams{BusinessID: bizID, EmployeeID: employeeID, Prefix: linePrefix(k, id) + "%"})
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.Status == "Finalised" {
			return payroll.Conflict("%s leave %d was paid by finalised pay run %d", k, id, r.PayRunID)
		}
	}
	return nil
}

// SetPaused pauses or resumes neonatal care pay.
func (s *Service) SetPaused(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, paused bool) (_ StatutoryLeave, err error) {
	defer payroll.Wrap(&err, "pause sncp %d", id)
	if err := gate(biz); err != nil {
		return StatutoryLeave{}, err
	}
	var row store.StatutoryLeavePeriod
	var e employee.Employee
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, emp employee.Employee) error {
		e = emp
		var err error
		row, err = q.SetStatutoryLeavePaused(ctx, store.SetStatutoryLeavePausedParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(SNCP),
			Paused: paused, UpdatedAt: s.Clock.Now()})
		if db.IsNoRows(err) {
			return payroll.NotFound("sncp leave")
		}
		return err
	})
	if err != nil {
		return StatutoryLeave{}, err
	}
	return s.view(ctx, s.DB.Queries(), biz.ID, period{row, e.StartDate.Time})
}

// attachments lists the documents attached to a period.
func attachments(ctx context.Context, q *store.Queries, bizID, leaveID int64) ([]Attachment, error) {
	rows, err := q.ListStatutoryLeaveDocuments(ctx, store.ListStatutoryLeaveDocumentsParams{LeaveID: leaveID, BusinessID: bizID})
	if err != nil {
		return nil, err
	}
	out := make([]Attachment, 0, len(rows))
	for _, r := range rows {
		out = append(out, Attachment{ID: r.ID, EmployeeDocument: LeaveDocument{ID: r.ID, FriendlyName: r.FriendlyName, ContentType: r.ContentType,
			Size: r.Size, DateCreated: payroll.NewDateTime(r.CreatedAt)}})
	}
	return out, nil
}

// Attachments lists the employee documents attached to a period of
// leave (any kind, ssp included).
func (s *Service) Attachments(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, k Kind, id int64) (_ []Attachment, err error) {
	defer payroll.Wrap(&err, "attachments of %s %d", k, id)
	if _, err := s.load(ctx, biz, p, employeeID, k, id); err != nil {
		return nil, err
	}
	return attachments(ctx, s.DB.Queries(), biz.ID, id)
}

// LinkDocument attaches (link) or detaches an employee document: the
// document must be one of the leave's employee's (documents.employee_id).
// Linking twice is a no-op; unlinking a document not attached is a 404.
func (s *Service) LinkDocument(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, k Kind, id, documentID int64, link bool) (_ []Attachment, err error) {
	defer payroll.Wrap(&err, "attach document %d to %s %d", documentID, k, id)
	if err := gate(biz); err != nil {
		return nil, err
	}
	var out []Attachment
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		if _, err := q.GetStatutoryLeave(ctx, store.GetStatutoryLeaveParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Kind: string(k)}); db.IsNoRows(err) {
			return payroll.NotFound(string(k) + " leave")
		} else if err != nil {
			return err
		}
		if link {
			if _, err := q.GetEmployeeDocumentInfo(ctx, store.GetEmployeeDocumentInfoParams{ID: documentID, BusinessID: biz.ID,
				EmployeeID: sql.NullInt64{Int64: employeeID, Valid: true}}); db.IsNoRows(err) {
				return payroll.NotFound("employee document")
			} else if err != nil {
				return err
			}
			if _, err := q.LinkStatutoryLeaveDocument(ctx, store.LinkStatutoryLeaveDocumentParams{LeaveID: id, DocumentID: documentID, BusinessID: biz.ID,
				CreatedAt: s.Clock.Now()}); err != nil {
				return err
			}
		} else {
			n, err := q.UnlinkStatutoryLeaveDocument(ctx, store.UnlinkStatutoryLeaveDocumentParams{LeaveID: id, DocumentID: documentID, BusinessID: biz.ID})
			if err != nil {
				return err
			}
			if n == 0 {
				return payroll.NotFound("attached document")
			}
		}
		var err error
		out, err = attachments(ctx, q, biz.ID, id)
		return err
	})
	return out, err
}

// Pay run lines carry external ids "statutoryleave:<kind>:<leave id>:<week>"
// so calculations and deletes find what runs paid.
const linePrefixRoot = "statutoryleave:"

func linePrefix(k Kind, id int64) string { return fmt.Sprintf("%s%s:%d:", linePrefixRoot, k, id) }

// LineID is the external id of a period's week's pay run line.
func LineID(k Kind, id int64, week int) string { return linePrefix(k, id) + strconv.Itoa(week) }

// arrearsSuffix ends the external id of a week's arrears line (the top-up
// of a week already paid, after its rate rose): LineID + ":arrears".
const arrearsSuffix = ":arrears"

// ArrearsLineID is the external id of the arrears line of a period's week.
func ArrearsLineID(k Kind, id int64, week int) string { return LineID(k, id, week) + arrearsSuffix }

// IsArrearsLineID says whether an external id is an ArrearsLineID.
func IsArrearsLineID(s string) bool {
	return strings.HasPrefix(s, linePrefixRoot) && strings.HasSuffix(s, arrearsSuffix)
}

// ParseLineID reads a LineID or an ArrearsLineID (the week it tops up).
func ParseLineID(s string) (Kind, int64, int, bool) {
	parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(s, linePrefixRoot), arrearsSuffix), ":")
	if len(parts) != 3 || !strings.HasPrefix(s, linePrefixRoot) {
		return "", 0, 0, false
	}
	id, err1 := strconv.ParseInt(parts[1], 10, 64)
	w, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil {
		return "", 0, 0, false
	}
	return Kind(parts[0]), id, w, true
}

// QualifyingWeekOf is the Sunday starting the qualifying (or matching)
// week of a stored period of family pay (qualifyingWeekStart).
func QualifyingWeekOf(r store.StatutoryLeavePeriod) time.Time {
	return qualifyingWeekStart(Kind(r.Kind), r.QualifyingDate.Time, r.MatchDate.Time, r.IsAdoption)
}

// PeriodOfLine is the kind and period id of a statutory pay line's
// external id (statutoryleave:<kind>:<id>:<week>...), ok false otherwise.
func PeriodOfLine(externalID string) (k Kind, id int64, ok bool) {
	parts := strings.Split(externalID, ":")
	if len(parts) < 3 || parts[0]+":" != linePrefixRoot {
		return "", 0, false
	}
	id, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil {
		return "", 0, false
	}
	return Kind(parts[1]), id, true
}
