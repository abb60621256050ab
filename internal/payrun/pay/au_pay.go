package pay

import (
	"context"
	"iter"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	calcau "github.com/payrolld/payrolld/internal/calc/au"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// AU pay beyond ordinary pay of the period: salary sacrificed to super,
// back payments and bonuses (Schedule 5), leave loading, what a
// termination pays out (unused leave, Schedule 7; ETPs, Schedule 11).

// Line subtypes (pay_run_lines.subtype) the AU calculation sets:
const (
	// SubtypeSalarySacrifice marks a deduction line of a deduction
	// category classified SalarySacrificeSuperannuation: it is paid to
	// the employee's super fund (with the super adjustments of the same
	// name).
	SubtypeSalarySacrifice = "SalarySacrifice"
	// SubtypeSalarySacrificeBenefits marks a deduction line of a deduction
	// category classified SalarySacrificeOtherEmployeeBenefits: salary
	// given up for a benefit other than super, out of the OTE base.
	SubtypeSalarySacrificeBenefits = "SalarySacrificeBenefits"
	// Unused leave paid out on termination (Schedule 7), at the marginal
	// rate or as Lump Sum A; unused leave paid as an ETP (code O).
	SubtypeUnusedLeave         = "UnusedLeave"
	SubtypeUnusedLeaveLumpSumA = "UnusedLeaveLumpSumA"
	SubtypeUnusedLeaveETP      = "UnusedLeaveEtp"
)

// Lump sum methods of an earnings line (AuEarningsLineModel
// lumpSumCalculationMethod).
const (
	LumpSumMethodA       = "A"
	LumpSumMethodB2      = "B2"
	LumpSumNotApplicable = "NotApplicable"
)

// auInputs is what an AU calculation reads beyond an employee's lines.
type auInputs struct {
	termination *calc.AUTermination
	etp         calc.AUToDate // ETP, ETPExcluded, ETPSameTermination
}

// auInput completes the calculation's input from the lines' categories
// and lump sum members, and au (nil: nothing more).
func auInput(in *calc.Input, lines []line, au *auInputs) {
	for l, e := range earningLines(in, lines) {
		if l.cat != nil {
			*e = l.cat.earning(*e)
		}
		switch l.Subtype {
		case SubtypeUnusedLeave:
			e.Kind, e.LumpSumA, e.ETPCode = calc.UnusedLeave, false, ""
		case SubtypeUnusedLeaveLumpSumA:
			e.Kind, e.LumpSumA, e.ETPCode = calc.UnusedLeave, true, ""
		case SubtypeUnusedLeaveETP:
			e.Kind, e.ETPCode = calc.ETP, "O"
		}
		if n, ok := lumpSumPeriods(l.LumpSumPeriods); ok {
			e.Periods = n
		}
		switch l.LumpSumMethod {
		case LumpSumMethodA:
			if e.Kind != calc.BackPay && e.Kind != calc.Bonus && e.Kind != calc.Commission {
				e.Kind = calc.BackPay // an additional payment the line says is one
			}
		case LumpSumNotApplicable:
			e.Regular = true
		}
		if e.Kind == calc.ETP && au != nil && au.etp.ETPSameTermination.IsPos() {
			e.ETPCode = ETPCodeLaterYear(e.ETPCode) // R → S, O → P
		}
		if km, ok := carKm(l); ok {
			e.CarKm = km
		}
		if n, ok := overtimeMeals(l); ok {
			e.Meals = n
		}
		if l.cat != nil && l.cat.AU.Class == "LumpSumE" {
			// Lump Sum E accrued more than 12 months before it is paid:
			// never pay for this period, and not a commission or bonus
			// for a defined period under 12 months, the only payments
			// Schedule 5 Method A lets spread over fewer periods than a
			// year's (docs/reference/au-lump-sum-e.md).
			e.Kind, e.Periods, e.Regular = calc.BackPay, 0, false
		}
	}
	var benefits payroll.Money
	for i := range lines {
		if l := &lines[i]; l.Kind == KindDeduction && l.Subtype == SubtypeSalarySacrificeBenefits {
			benefits = benefits.Add(l.amount)
		}
	}
	if au == nil && benefits.IsZero() {
		return
	}
	in.AU = &calc.AUEmployee{SacrificedToBenefits: benefits}
	if au != nil {
		in.AU.Termination, in.AU.YTD = au.termination, au.etp
	}
}

// ETPCodeLaterYear is the ETP code of a life benefit ETP of code code paid
// in an income year after an ETP for the same termination was paid in an
// earlier one (ATO, Schedule 11, "ETP reporting": "S — This is a code R
// payment. You made one of the following payments to your employee in a
// previous income year for the same termination: a code R payment, a code
// O payment, a transitional termination payment"; P the same for a code O
// payment). The rates and caps are those of R and O (S is excluded, P is
// not); the code is what STP and the ETP payment summary report. Death
// benefit codes are left as they are (B needs a payment to the same
// non-dependant, which the record does not tell). paydepth49: before, the
// category's R or O was reported.
func ETPCodeLaterYear(code string) string {
	switch code {
	case "R":
		return "S"
	case "O":
		return "P"
	}
	return code
}

// ETPReportedCode is the code an ETP line of a category of code code is
// reported under, given the codes of the Schedule 11 figures of its run
// (ETPWithheld): S or P when the run worked the payment out as a later
// year's payment for the same termination (auInput).
func ETPReportedCode(code string, withheld map[string]payroll.Money) string {
	later := ETPCodeLaterYear(code)
	if later == code {
		return code
	}
	_, own := withheld[code]
	_, recoded := withheld[later]
	if recoded && !own {
		return later
	}
	return code
}

// carKm is the business kilometres of an earnings line of a car expense
// allowance paid per kilometre: a category classified AllowanceCar (STP
// type CD) whose line was given units and a rate (the units are the
// kilometres). A line given an amount alone (stored as 1 unit at that
// amount) is a car allowance not paid per kilometre, withheld on in full
// (ATO, "Withholding for allowances": a car allowance not paid on a cents
// per kilometre basis is withheld from); so is a line of exactly one
// kilometre, which cannot be told apart from it (au-pay-rules.md §4g).
func carKm(l *line) (payroll.Rate, bool) {
	if l.cat == nil || l.cat.AU.Class != "AllowanceCar" || l.Kind != KindEarnings {
		return payroll.Rate{}, false
	}
	units := l.units
	if units.IsZero() {
		units, _ = ParseRate(l.Units)
	}
	if !units.IsPos() || units.Cmp(payroll.RateFromInt(1)) == 0 {
		return payroll.Rate{}, false
	}
	return units, true
}

// overtimeMeals is the number of meals of an earnings line of an overtime
// meal allowance: a category classified AllowanceMeals (STP type MD); the
// line's units are the meals it pays for (a line given an amount alone is
// stored as 1 unit: one meal). The calculation leaves out of withholding up
// to the year's reasonable amount per meal (calc/au mealAllowanceFree;
// docs/reference/au-reasonable-amounts.md).
func overtimeMeals(l *line) (payroll.Rate, bool) {
	if l.cat == nil || l.cat.AU.Class != "AllowanceMeals" || l.Kind != KindEarnings {
		return payroll.Rate{}, false
	}
	units := l.units
	if units.IsZero() {
		units, _ = ParseRate(l.Units)
	}
	if !units.IsPos() {
		return payroll.Rate{}, false
	}
	return units, true
}

// SacrificeSubtype is the line subtype of a deduction of category c: the
// salary sacrifice kinds the AU calculation treats apart ("" for others).
func SacrificeSubtype(c Category) string {
	switch {
	case c.AU.SacrificeSuper:
		return SubtypeSalarySacrifice
	case c.AU.SacrificeBenefits:
		return SubtypeSalarySacrificeBenefits
	}
	return ""
}

// earningLines pairs each earnings line with the calculation's earning
// made from it (in.Earnings holds one per earnings line, in order).
func earningLines(in *calc.Input, lines []line) iter.Seq2[*line, *calc.Earning] {
	return func(yield func(*line, *calc.Earning) bool) {
		j := 0
		for i := range lines {
			if lines[i].Kind != KindEarnings {
				continue
			}
			if j >= len(in.Earnings) || !yield(&lines[i], &in.Earnings[j]) {
				return
			}
			j++
		}
	}
}

// lumpSumPeriods reads a stored lumpSumNumberOfPayPeriods.
func lumpSumPeriods(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	r, err := payroll.ParseRate(s)
	if err != nil || !r.IsPos() {
		return 0, false
	}
	n, _, ok := r.Decimal().Int64(0)
	return int(n), ok && n > 0
}

// ValidLumpSumPeriods checks a submitted lumpSumNumberOfPayPeriods: a whole
// number of pay periods, 1 to 1000 (0 = the pay periods in a year).
func ValidLumpSumPeriods(r payroll.Rate) bool {
	if r.IsZero() {
		return true
	}
	n, frac, ok := r.Decimal().Int64(0)
	return ok && frac == 0 && n >= 1 && n <= 1000
}

// auEmployeeExtras merges the AU inputs auInput left on in into the
// employee's settings.
func auEmployeeExtras(au, extra *calc.AUEmployee) {
	if extra == nil {
		return
	}
	au.Termination, au.SacrificedToBenefits = extra.Termination, extra.SacrificedToBenefits
	au.YTD.ETP, au.YTD.ETPExcluded, au.YTD.ETPSameTermination = extra.YTD.ETP, extra.YTD.ETPExcluded, extra.YTD.ETPSameTermination
	au.YTD.CarKm = extra.YTD.CarKm
}

// leavePaidOnTermination: the regions whose final pay pays out leave by
// terminationLines (NZ's annual holidays by the Holidays Act's rule,
// nzHolidayPay).
func leavePaidOnTermination(region string) bool {
	return region == calc.AU || region == calc.UK || region == calc.SG || region == calc.NZ
}

// terminatedBy says whether e's employment ended on or before the run's
// period end (their final pay, or a later one).
func terminatedBy(e *EmployeeRow, run *store.PayRun) bool {
	return e.EndDate.Valid && !payroll.DateOnly(e.EndDate.Time).After(payroll.DateOnly(run.PeriodEnding))
}

// GenuineRedundancy: the termination reasons whose unused leave is taxed
// as Lump Sum A (Schedule 7: genuine redundancy, invalidity) and whose
// Lump Sum A is reported as type R.
func GenuineRedundancy(reason string) bool {
	return strings.EqualFold(reason, "Redundancy") || strings.EqualFold(reason, "IllHealth")
}

// paidAfterDeath: e's employment ended by their death (termination
// reason Deceased) and run pays them after it (ATO, "PAYG withholding for
// deceased employees": nothing is withheld from salary, wages or unused
// leave paid after death).
func paidAfterDeath(reason string, e *EmployeeRow, run *store.PayRun) bool {
	return PaidAfterDeath(reason, e.EndDate.Valid, e.EndDate.Time, run.DatePaid)
}

// PaidAfterDeath: an employment that ended (on end, when ended) by the
// employee's death (termination reason Deceased), paid on paid after that
// day. Such pay, other than a death benefit ETP, is not withheld from and
// is reported neither in the deceased's STP year to date nor on their
// payment summary (ATO, "PAYG withholding for deceased employees", payer
// guide steps 1 and 4; docs/reference/au-pay-rules.md §4f).
func PaidAfterDeath(reason string, ended bool, end, paid time.Time) bool {
	return ended && strings.EqualFold(reason, "Deceased") && payroll.DateOnly(paid).After(payroll.DateOnly(end))
}

// PaidAfterTwelveMonths: a payment made on paid, for an employment that
// ended (on end, when ended), is received more than 12 months after the
// termination. A payment in consequence of the termination received then
// is not an employment termination payment (ITAA 1997 s 82-130(1)(b):
// "received no later than 12 months after that termination"), but a
// delayed termination payment: withheld on at Schedule 11's rate for it
// and reported in gross payments, not as an ETP — unless it is a genuine
// redundancy payment (s 82-130(4)(b); DelayedTermination).
func PaidAfterTwelveMonths(ended bool, end, paid time.Time) bool {
	return ended && payroll.DateOnly(paid).After(payroll.DateOnly(end).AddDate(1, 0, 0))
}

// DelayedTermination: a line of an ETP of code code (the category's),
// paid on paid to an employee whose employment ended on end (when ended)
// for reason, is a delayed termination payment (PaidAfterTwelveMonths),
// not an ETP: every code but a genuine redundancy's R or S (termination
// reason Redundancy; s 82-130(4)(b)) — calc/au's DelayedTermination, the
// predicate the calculation withholds by. STP and the payment summary
// report it in gross payments, with its withholding in the income's
// (calc/au figure payg.delayedtermination).
func DelayedTermination(code, reason string, ended bool, end, paid time.Time) bool {
	return calcau.DelayedTermination(code, strings.EqualFold(reason, "Redundancy"), PaidAfterTwelveMonths(ended, end, paid))
}

// ETPCode is the ETP code of a stored earnings line of subtype subtype in
// pay category c, and whether the line is an ETP at all: unused leave paid
// as an ETP is code O (auInput), a line of an ETP category has the
// category's code; any other line is not an ETP.
func ETPCode(subtype string, c Category) (code string, etp bool) {
	if subtype == SubtypeUnusedLeaveETP {
		return "O", true
	}
	return c.AU.ETPCode, c.Kind == calc.ETP
}

// auInputsFor reads what e's AU calculation needs beyond the lines: how
// their employment ended (when the lines pay unused leave or an ETP) and
// the ETPs paid to them before (when the lines pay one). nil when none.
func (w *Writer) auInputsFor(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, cats *Categories, lines []line) (*auInputs, error) {
	if region != calc.AU {
		return nil, nil
	}
	return auInputsOf(ctx, w.q, w.bizID, run, e, cats, lines)
}

func auInputsOf(ctx context.Context, q *store.Queries, bizID int64, run *store.PayRun, e *EmployeeRow, cats *Categories, lines []line) (*auInputs, error) {
	var unused, etp, lumpD bool
	var normal, full payroll.Money // this pay's normal earnings; a whole period's standard earnings when cut short
	for i := range lines {
		l := &lines[i]
		if l.Kind != KindEarnings {
			continue
		}
		if l.cat != nil && l.cat.AU.TaxFree && l.earningKind != calc.ETP {
			lumpD = true // Lump Sum D: its limit needs the years of service
		}
		switch {
		case l.Subtype == SubtypeUnusedLeaveETP || l.earningKind == calc.ETP:
			etp = true
		case l.Subtype == SubtypeUnusedLeave || l.Subtype == SubtypeUnusedLeaveLumpSumA || l.earningKind == calc.UnusedLeave:
			unused = true
		case l.standard && l.fullPeriod.IsPos():
			full = l.fullPeriod // the rate in force last
		default:
			normal = normal.Add(l.amount)
		}
	}
	var reason string
	terminated := terminatedBy(e, run)
	if terminated {
		r, err := q.GetEmployeeTerminationReason(ctx, store.GetEmployeeTerminationReasonParams{BusinessID: bizID, ID: e.ID})
		if err != nil {
			return nil, err
		}
		reason = r
	}
	afterDeath := paidAfterDeath(reason, e, run)
	carKmBefore, err := carKmEarlier(ctx, q, bizID, run, e, cats, lines)
	if err != nil {
		return nil, err
	}
	if !unused && !etp && !afterDeath && !lumpD && !carKmBefore.IsPos() {
		return nil, nil
	}
	au := &auInputs{}
	au.etp.CarKm = carKmBefore
	if terminated {
		au.termination = &calc.AUTermination{GenuineRedundancy: GenuineRedundancy(reason), PaidAfterDeath: afterDeath,
			PaidAfterTwelveMonths: PaidAfterTwelveMonths(true, e.EndDate.Time, run.DatePaid), Redundancy: strings.EqualFold(reason, "Redundancy")}
		if e.StartDate.Valid && e.EndDate.Valid {
			au.termination.CompletedYears, au.termination.ServiceKnown = completedYears(e.StartDate.Time, e.EndDate.Time), true
		}
		if lumpD {
			if au.termination.LumpSumDEarlier, err = lumpSumDEarlier(ctx, q, bizID, run, e, cats); err != nil {
				return nil, err
			}
		}
		if full.IsPos() {
			// A final period cut short: the marginal method adds the leave
			// to a whole period's normal earnings.
			au.termination.NormalEarnings = normal.Add(full)
		} else if !normal.IsPos() {
			// Nothing but the termination payments in this run (the last
			// period was paid before): a whole period's standard earnings
			// (au_termination_normal.go).
			var err error
			if au.termination.NormalEarnings, err = leaverNormalEarnings(ctx, q, bizID, e, run, cats); err != nil {
				return nil, err
			}
		}
	}
	if !etp {
		return au, nil
	}
	from, _ := TaxYear(calc.AU, run.DatePaid)
	since := from
	if e.EndDate.Valid && payroll.DateOnly(e.EndDate.Time).Before(since) {
		since = payroll.DateOnly(e.EndDate.Time) // ETPs for the same termination paid in earlier years
	}
	rows, err := q.EmployeeEarningsByCategorySince(ctx, store.EmployeeEarningsByCategorySinceParams{SplitAt: from, BusinessID: bizID,
		EmployeeID: e.ID, PayRunID: run.ID, PaidFrom: since, PaidTo: run.DatePaid})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		c, ok := cats.ByKind[KindEarnings][r.CategoryID]
		if !ok || c.Kind != calc.ETP || c.AU.TaxFree {
			continue
		}
		if DelayedTermination(c.AU.ETPCode, reason, e.EndDate.Valid, e.EndDate.Time, r.DatePaid) {
			// Paid more than 12 months after the termination: not an ETP
			// (ITAA 1997 s 82-130(1)(b)) but ordinary income (s 83-295), so
			// not one of the earlier ETPs that reduce the caps (s 82-10,
			// 82-65(4)); it is in the year's taxable earnings, which reduce
			// the whole-of-income cap.
			continue
		}
		switch {
		case !r.AfterSplit:
			au.etp.ETPSameTermination = au.etp.ETPSameTermination.Add(money(r.Amount))
		default:
			au.etp.ETP = au.etp.ETP.Add(money(r.Amount))
			if c.AU.ETPCode != "O" && c.AU.ETPCode != "P" {
				au.etp.ETPExcluded = au.etp.ETPExcluded.Add(money(r.Amount))
			}
		}
	}
	return au, nil
}

// lumpSumDEarlier is the Lump Sum D (tax-free part of a genuine
// redundancy payment: lines of a tax-free category that is not an ETP)
// paid to e in the finalised runs of their employment before run (from
// their start date, all their runs without one): the tax-free limit is
// one for the termination, however many pays it is spread over (ITAA
// 1997 s 83-170; au-reasonable-amounts.md).
func lumpSumDEarlier(ctx context.Context, q *store.Queries, bizID int64, run *store.PayRun, e *EmployeeRow, cats *Categories) (payroll.Money, error) {
	var from time.Time
	if e.StartDate.Valid {
		from = payroll.DateOnly(e.StartDate.Time)
	}
	rows, err := q.EmployeeEarningsByCategorySince(ctx, store.EmployeeEarningsByCategorySinceParams{SplitAt: from, BusinessID: bizID,
		EmployeeID: e.ID, PayRunID: run.ID, PaidFrom: from, PaidTo: run.DatePaid})
	if err != nil {
		return payroll.Money{}, err
	}
	var paid payroll.Money
	for _, r := range rows {
		if c, ok := cats.ByKind[KindEarnings][r.CategoryID]; ok && c.AU.TaxFree && c.Kind != calc.ETP {
			paid = paid.Add(money(r.Amount))
		}
	}
	return paid, nil
}

// carKmEarlier is the business kilometres of e's per-kilometre car
// allowances (carKm) paid in the finalised runs of the income year before
// run, read only when run's lines pay one: the ATO's no-withholding rule
// covers 5,000 km a year.
func carKmEarlier(ctx context.Context, q *store.Queries, bizID int64, run *store.PayRun, e *EmployeeRow, cats *Categories, lines []line) (payroll.Rate, error) {
	var km payroll.Rate
	has := false
	for i := range lines {
		if _, ok := carKm(&lines[i]); ok {
			has = true
			break
		}
	}
	if !has {
		return km, nil
	}
	from, _ := TaxYear(calc.AU, run.DatePaid)
	rows, err := q.EmployeeEarningsUnitsSince(ctx, store.EmployeeEarningsUnitsSinceParams{BusinessID: bizID, EmployeeID: e.ID,
		PayRunID: run.ID, PaidFrom: from, PaidTo: run.DatePaid})
	if err != nil {
		return km, err
	}
	for _, r := range rows {
		c, ok := cats.ByKind[KindEarnings][r.CategoryID]
		if !ok {
			continue
		}
		l := line{PayRunLine: store.PayRunLine{Kind: KindEarnings, Units: r.Units}, cat: &c}
		if u, ok := carKm(&l); ok {
			km = km.Add(u)
		}
	}
	return km, nil
}

// CategoryRate is employee e's rate in pay category cat at the end of
// run's period, for an earnings line given units without a rate: the
// hourly rate of their standard earnings (their pay rate in force then),
// times the category's loading for an hourly category (in SG the
// Employment Act's hourly basic rate of a monthly-rated employee,
// sgHourlyBasicRate), and a note of how it was worked out where it is not
// simply their hourly rate. false when there is none to give (no rate,
// or a category not paid by the hour).
func (s *Calculator) CategoryRate(ctx context.Context, q *store.Queries, bizID int64, region string, run *store.PayRun, e *EmployeeRow, cats *Categories, cat Category) (payroll.Rate, string, bool, error) {
	if !cat.Hourly {
		return payroll.Rate{}, "", false, nil
	}
	in, err := s.loadInputs(ctx, q, business.Business{ID: bizID, Region: region}, run, []int64{e.ID})
	if err != nil {
		return payroll.Rate{}, "", false, err
	}
	segs := in.segments(e, run)
	last := segs[len(segs)-1].rate
	hourly, note := payroll.Rate{}, ""
	if h, ok := sgHourlyBasicRate(region, last.rate, last.unit); ok {
		hourly, note = h, sgHourlyBasicNote(last.rate, last.unit, h)
	} else {
		l, ok := standardEarnings(withRate(e, last), run.Frequency, cats.primary(e.PrimaryPayCategoryID.Int64))
		if !ok {
			return payroll.Rate{}, "", false, nil
		}
		if hourly, ok = hourlyRate(&l, last.unit); !ok {
			return payroll.Rate{}, "", false, nil
		}
	}
	rate, cover := cats.loadedRate(hourly, cat), ""
	if note != "" {
		rate, cover = sgOvertimeRate(last.rate, last.unit, cat, hourly, rate)
	}
	switch {
	case note != "" && rate.Cmp(hourly) != 0:
		note = "Units at " + note + " with the pay category's loading: " + rate.String() + cover
	case note != "":
		note = "Units at " + note + cover
	case rate.Cmp(hourly) != 0:
		note = "Units at the hourly rate " + hourly.String() + " with the pay category's loading: " + rate.String()
	}
	return rate, note, true, nil
}

// loadedRate is an hourly rate in pay category cat: times the loading
// (rateLoadingPercent + penaltyLoadingPercent) of the category and of each
// category it derives from, to 4 places. Only AU, UK, NZ and SG
// categories carry one (loadedRegion).
func (ix *Categories) loadedRate(hourly payroll.Rate, cat Category) payroll.Rate {
	loading := one
	seen := map[int64]bool{}
	for c := cat; c.ID != 0 && !seen[c.ID]; {
		seen[c.ID] = true
		loading = loading.Mul(one.Add(payroll.Percent(c.Loading)))
		p, ok := ix.ByKind[KindEarnings][c.ParentID]
		if !ok {
			break
		}
		c = p
	}
	return hourly.Mul(loading).RoundHalfUp(4)
}

// firstOfType is the business's first pay category (lowest id) of an AU
// pay category type or classification.
func (ix *Categories) firstOfType(typ, class string) (Category, bool) {
	var best Category
	for _, c := range ix.ByKind[KindEarnings] {
		if (typ != "" && c.AU.Type == typ) || (class != "" && c.AU.Class == class) {
			if best.ID == 0 || c.ID < best.ID {
				best = c
			}
		}
	}
	return best, best.ID != 0
}

// leaveLoadingLine is the leave loading of a paid leave line of leave
// category lc (17.5% where the category has it): paid through the
// business's LeaveLoading pay category (else the leave's own), ordinary
// time earnings (SGR 2009/2).
func leaveLoadingLine(cats *Categories, lc *categories.LeaveCategory, leaveCat Category, paid payroll.Money) (line, bool) {
	if !lc.LeaveLoading.IsPos() || !paid.IsPos() {
		return line{}, false
	}
	cat, ok := cats.firstOfType("LeaveLoading", "")
	if !ok {
		cat = leaveCat
	}
	amount := paid.Mul(payroll.Percent(lc.LeaveLoading)).Cents()
	l := earningsLine(cat, one, payroll.RateFromDecimal(amount.Decimal()), amount, payroll.Rate{}, lc.Name+" loading "+lc.LeaveLoading.String()+"%")
	l.earningKind = calc.LeaveLoading
	l.cat = &cat
	return l, true
}

// terminationLines are what e's final pay pays out of their leave
// balances (categories not excluded from termination payout, balances
// kept; long service leave only after its contingent period): the
// balance as at the period's end, with this run's accruals and less the
// leave it pays, at their hourly rate, through the leave category's
// termination pay category (else the business's unused leave category of
// the termination's kind), with its leave loading; the hours are taken
// from the balance when the run is finalised. Unused leave is taxed by
// Schedule 7 (Lump Sum A for genuine redundancy and invalidity), a
// category paid out as an ETP as one of code O.
//
// UK and SG pay the same way (docs/reference/holiday-pay-on-termination.md):
// the balance is the leave accrued less leave taken (Working Time
// Regulations 1998 reg 14; Employment Act s 43), at the employee's
// ordinary rate; genuine redundancy and ETPs are AU's.
func (w *Writer) terminationLines(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, c *calculated, kept []line) error {
	if !terminatedBy(e, run) || in == nil {
		return nil
	}
	reason, err := w.q.GetEmployeeTerminationReason(ctx, store.GetEmployeeTerminationReasonParams{BusinessID: w.bizID, ID: e.ID})
	if err != nil {
		return err
	}
	gr := region == calc.AU && GenuineRedundancy(reason)
	rows, err := w.q.LeaveBalancesAsAt(ctx, store.LeaveBalancesAsAtParams{BusinessID: w.bizID, EmployeeID: e.ID, EntryDate: run.PeriodEnding})
	if err != nil {
		return err
	}
	bal := map[int64]int64{}
	for _, r := range rows {
		bal[r.LeaveCategoryID] += r.HoursE6
	}
	for _, src := range c.sources {
		if src.kind == SourceLeave {
			bal[src.leaveCategoryID] -= src.hoursE6
		}
	}
	for i := range c.lines {
		if l := &c.lines[i]; l.Kind == KindLeaveAccrued {
			bal[l.CategoryID] += hoursE6(l.units)
		}
	}
	enteredLeave(bal, kept) // termination_entered_leave.go
	// SG: annual leave of days a year by completed months of service
	// (Employment Act s 88A; sg_annual_leave.go).
	var yearNotes map[int64]string
	if region == calc.SG {
		if yearNotes, err = w.sgAnnualLeave(ctx, run, e, in, c, bal); err != nil {
			return err
		}
	}
	// UK: holiday of days or weeks a year by the proportion of the leave
	// year expired (Working Time Regulations 1998 reg 14(3);
	// uk_holiday_leave_year.go).
	if region == calc.UK {
		if yearNotes, err = w.ukHolidayLeaveYear(ctx, run, e, in, c, bal); err != nil {
			return err
		}
	}
	// NZ: the annual holidays (the first such category) by the Holidays
	// Act, whatever their balance; other categories as everywhere.
	nzAnnual := int64(-1)
	if region == calc.NZ {
		for _, id := range slices.Sorted(maps.Keys(in.leaveCats)) {
			if lc := in.leaveCats[id]; nzAnnualHolidays(&lc) {
				nzAnnual = id
				if err := w.nzHolidayPay(ctx, run, e, cats, in, c, kept, id, bal[id]); err != nil {
					return err
				}
				break
			}
		}
	}
	segs := in.segments(e, run)
	hourly, priced := payoutHourly(e, segs[len(segs)-1].rate, run.Frequency, cats) // termination_hourly.go
	for _, id := range slices.Sorted(maps.Keys(bal)) {
		lc, ok := in.leaveCats[id]
		if !ok || id == nzAnnual || lc.ExcludeFromTerminationPayout || lc.IsBalanceUntracked || bal[id] <= 0 {
			continue
		}
		// UK rolled-up holiday pay (the 12.07% uplift paid with the pay for
		// work done) discharges the pay for that leave (Working Time
		// Regulations 1998 reg 16A(8)): its hours are not paid again in lieu.
		if region == calc.UK && lc.RolledUpHolidayPayPercent.IsPos() {
			continue
		}
		asETP := lc.PayoutAsETP && region == calc.AU
		proRata := ""
		if lc.ContingentPeriod != nil && lc.ContingentPeriod.IsPos() {
			if !e.StartDate.Valid {
				// The qualifying service cannot be checked: refuse rather
				// than pay (or drop) the balance without the fact.
				return payroll.Conflict("employee %d has no start date: %s is payable on termination only after %s years of service, "+
					"so their final pay needs the start date", e.ID, lc.Name, lc.ContingentPeriod.String())
			}
			if years := serviceYears(e.StartDate.Time, e.EndDate.Time); years.Less(*lc.ContingentPeriod) {
				due, law, err := w.auLSLProRata(ctx, region, e, &lc, reason, years)
				if err != nil {
					return err
				}
				if !due {
					continue // not payable on termination (long service leave; au_lsl_termination.go)
				}
				proRata = " pro rata after " + years.RoundHalfUp(2).String() + " years of service (" + reason + "; " + law + ")"
			}
		}
		// The ledger keeps hours whatever the category's balance unit
		// (leave.Unit): the balance is paid as the hours it holds.
		hours := hoursOfE6(bal[id])
		if !hours.IsPos() {
			continue
		}
		if !priced {
			return unpricedLeave(e, &lc, hours)
		}
		rate, rateNote, err := w.payoutRate(ctx, region, run, e, cats, &lc, hourly) // uk_holiday_overtime_termination.go
		if err != nil {
			return err
		}
		amount := lineMoney(hours, rate)
		var before93 []line // long service leave accrued before 18 August 1993 (au_lsl_periods.go)
		if region == calc.AU && !asETP && lc.LeaveCategoryType == "LongServiceLeave" {
			var rest payroll.Money
			if before93, rest, err = w.auLSLSplit(ctx, e, cats, &lc, id, hours, amount, gr); err != nil {
				return err
			}
			if len(before93) > 0 {
				from := "18 August 1993"
				if gr {
					from = "16 August 1978"
				}
				rateNote += "; " + hours.String() + " hours at " + rate.String() + " = " + amount.StringFixed(2) + ", " + rest.StringFixed(2) + " of it for service from " + from + " (ITAA 1997 s 83-95)"
				amount = rest
			}
		}
		units, unitRate := hours, rate
		if len(before93) > 0 {
			units, unitRate = one, payroll.RateFromDecimal(amount.Decimal())
		}
		subtype, typ, loadType := SubtypeUnusedLeave, "UnusedLeavePaymentNormalTermination", "NormalTerminationLeaveLoading"
		switch {
		case asETP:
			subtype, typ, loadType = SubtypeUnusedLeaveETP, "EtpTypeOUnusedLeavePayment", ""
		case gr:
			subtype, typ, loadType = SubtypeUnusedLeaveLumpSumA, "GenuineRedundancyLeavePayment", "GenuineRedundancyLeaveLoading"
		}
		// The category's own termination pay category; for a genuine
		// redundancy or an ETP the business's category of that kind first.
		cat, ok := Category{}, false
		if gr || asETP {
			cat, ok = cats.firstOfType(typ, "")
		}
		if !ok && lc.TransferOnTerminationToPayCategoryID != nil {
			cat, ok = cats.ByKind[KindEarnings][*lc.TransferOnTerminationToPayCategoryID]
		}
		if !ok {
			cat, ok = cats.firstOfType(typ, "")
		}
		if !ok && !asETP {
			cat, ok = cats.firstOfType("", "LeaveUnusedLeaveOnTermination")
		}
		if !ok {
			cat = Category{Name: lc.Name + " paid on termination", Hourly: true}
		}
		note := "Unused " + lc.Name + " paid on termination" + proRata
		if n, ok := yearNotes[id]; ok {
			note = n
		}
		l := earningsLine(cat, units, unitRate, amount, payroll.Rate{}, note+rateNote)
		l.Subtype, l.cat = subtype, &cat
		l.earningKind = calc.UnusedLeave
		if asETP {
			l.earningKind = calc.ETP
		}
		if amount.IsPos() {
			c.lines = append(c.lines, l)
		}
		c.lines = append(c.lines, before93...)
		if loadType != "" && lc.LeaveLoading.IsPos() {
			lcat, ok := cats.firstOfType(loadType, "")
			if !ok {
				lcat = cat
			}
			la := amount.Mul(payroll.Percent(lc.LeaveLoading)).Cents()
			ll := earningsLine(lcat, one, payroll.RateFromDecimal(la.Decimal()), la, payroll.Rate{}, "Unused "+lc.Name+" loading "+lc.LeaveLoading.String()+"% paid on termination")
			ll.Subtype, ll.cat, ll.earningKind = subtype, &lcat, calc.UnusedLeave
			c.lines = append(c.lines, ll)
		}
		c.sources = append(c.sources, source{kind: SourceLeave, leaveCategoryID: id, hoursE6: bal[id]})
	}
	return nil
}

// serviceYears is the years from start to end (fractional).
// completedYears is the whole years of service from start to end, the
// termination day counted in: the anniversaries of start on or before the
// day after end (service from 5 August 2019 to 4 August 2026 is 7 whole
// years). The genuine redundancy tax-free limit adds an amount for each
// (ITAA 1997 s 83-170; au-reasonable-amounts.md).
func completedYears(start, end time.Time) int {
	start, after := payroll.DateOnly(start), payroll.DateOnly(end).AddDate(0, 0, 1)
	n := after.Year() - start.Year()
	if n > 0 && start.AddDate(n, 0, 0).After(after) {
		n--
	}
	return max(n, 0)
}

func serviceYears(start, end time.Time) payroll.Rate {
	days := payroll.DateOnly(end).Sub(payroll.DateOnly(start)).Hours()/24 + 1
	return payroll.RateFromInt(int64(days)).Div(payroll.MustRate("365.25"))
}

// hoursOfE6 is hours held in millionths.
func hoursOfE6(n int64) payroll.Rate {
	return payroll.RateFromDecimal(decimal.MustNew(n, 6).Trim(0))
}
