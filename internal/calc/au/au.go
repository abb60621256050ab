package au

import (
	"errors"
	"fmt"
	"time"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Engine is the AU calculation over the Years tables.
type Engine struct{ years []*Year }

// New returns the engine with every known year.
func New() calc.Engine { return &Engine{years: Years} }

// NewWithYears returns an engine over the given tables (tests, what-ifs).
func NewWithYears(years []*Year) *Engine { return &Engine{years: years} }

var (
	_ calc.Engine        = (*Engine)(nil)
	_ calc.VectorChecker = (*Engine)(nil)
)

// Region is calc.AU.
func (e *Engine) Region() string { return calc.AU }

// TaxYear names the income year whose tables apply.
func (e *Engine) TaxYear(in *calc.Input) (string, error) {
	y, _, err := e.year(in)
	if err != nil {
		return "", err
	}
	return y.Name, nil
}

// year finds the tables for the input and the date that picks dated
// tables inside the year: the payment date, kept inside the year when the
// input names its year (a year named without a date counts from its start).
func (e *Engine) year(in *calc.Input) (*Year, time.Time, error) {
	if in.TaxYear != "" {
		for _, y := range e.years {
			if y.Name == in.TaxYear {
				d := in.PaymentDate
				switch {
				case d.Before(y.From):
					d = y.From
				case !d.Before(y.To):
					d = y.To.AddDate(0, 0, -1)
				}
				return y, d, nil
			}
		}
		return nil, time.Time{}, fmt.Errorf("AU tax year %q: %w", in.TaxYear, calc.ErrNoRules)
	}
	if in.PaymentDate.IsZero() {
		return nil, time.Time{}, errors.New("AU: payment date or tax year required")
	}
	// Compare calendar dates: a payment date carries no meaningful time.
	yy, mm, dd := in.PaymentDate.Date()
	d := time.Date(yy, mm, dd, 0, 0, 0, 0, time.UTC)
	for _, y := range e.years {
		if !d.Before(y.From) && d.Before(y.To) {
			return y, d, nil
		}
	}
	return nil, time.Time{}, fmt.Errorf("AU payment date %s: %w", d.Format(time.DateOnly), calc.ErrNoRules)
}

// freq indexes the Schedule 1 pay periods.
type freq int

const (
	weekly freq = iota
	fortnightly
	monthly
	quarterly
	numFreq
)

func freqOf(f calc.Frequency) (freq, error) {
	switch f {
	case calc.Weekly:
		return weekly, nil
	case calc.Fortnightly:
		return fortnightly, nil
	case calc.Monthly:
		return monthly, nil
	case calc.Quarterly:
		return quarterly, nil
	}
	return 0, fmt.Errorf("AU: frequency %q is not covered by Schedule 1's formulas (weekly, fortnightly, monthly, quarterly)", f)
}

// Static term names (no allocation per figure).
const (
	tGross      = "gross earnings"
	tNotTaxable = "not taxable"
	tSacrifice  = "salary sacrifice (pre-tax)"
	// tSacrificedBenefits: salary sacrificed to benefits other than super,
	// taken out of the OTE base (only super sacrifice stays in it).
	tSacrificedBenefits = "salary sacrificed to other benefits (not OTE)"
	tEarnings           = "period earnings subject to withholding"
	tMonthly33          = "monthly earnings with 33c made 34c"
	tWeeklyEquiv        = "weekly equivalent, whole dollars"
	tX                  = "x (whole dollars + 99c)"
	tA                  = "coefficient a"
	tB                  = "coefficient b"
	tWeeklyY            = "weekly amount, rounded to the dollar"
	tWholeDollars       = "earnings, whole dollars"
	tRate               = "rate"
	tExact              = "exact amount before rounding"
	tAnnualOffset       = "annual tax offset"
	tWFT                = "weekly family threshold"
	tSOP                = "shading-out point"
	tYTDBefore          = "year-to-date earnings before this pay, whole dollars"
	tYTDAfter           = "year-to-date earnings including this pay, whole dollars"
	tTaxBefore          = "tax on earnings before this pay"
	tTaxAfter           = "tax on earnings including this pay"
	tSchedule1          = "Schedule 1 amount"
	tOffset             = "tax offset"
	tMedicare           = "Medicare levy adjustment"
	tSTSL               = "Schedule 8 component"
	tOTE                = "ordinary time earnings"
	tBaseQTD            = "base already counted this quarter"
	tBaseYTD            = "base already counted this income year"
	tMCB                = "maximum contribution base"
	tBase               = "base this pay"
	tHours              = "ordinary hours (incl. paid leave)"
	tSpecial            = "back payments, bonuses, unused leave (Schedules 5 and 7)"
	tSpecialSTSL        = "of which Schedule 8"
	tETP                = "employment termination payments (Schedule 11)"
	tExtraSuper         = "earnings × the pay categories' rates above the guarantee"
	tMinorHours         = "hours a week of an employee under 18 (not over 30: no guarantee, SGAA s 27(2))"
	tCarKm              = "business kilometres of per-km car allowances this pay"
	tCarKmBefore        = "business kilometres paid earlier this income year"
	tCarKmWithin        = "kilometres within the year's limit"
	tCarRate            = "ATO cents per kilometre rate"
	tCarPaid            = "per-km car allowances paid"
	tMeals              = "overtime meals paid an allowance this pay"
	tMealAmount         = "reasonable amount per overtime meal"
	tMealsPaid          = "overtime meal allowances paid"
	tLumpSumDBase       = "tax-free base limit"
	tLumpSumDPerYear    = "amount for each completed year of service"
	tLumpSumDYears      = "completed years of service"
	tLumpSumDPaid       = "Lump Sum D paid this pay"
	tLumpSumDEarlier    = "Lump Sum D paid earlier for the same termination"
)

// lumpSumDLimit checks the pay's Lump Sum D (the tax-free part of a
// genuine redundancy payment) against the income year's limit, the base
// plus an amount per completed year of service (ITAA 1997 s 83-170), and
// shows the working as the figure "lumpsumd.limit". Above the limit the
// pay is refused: the excess is an ETP (code R), withheld on by Schedule
// 11, and reporting it as tax free would under-withhold and misreport it.
// Not checked without a termination in the pay (nothing to count the
// years to); refused when the years are needed and the start date is not
// known, or the year's limit is not in the rules. The limit is one for
// the termination: Lump Sum D paid for it in earlier pays (a final pay,
// then a later run paying the rest) counts against it first
// (AUTermination.LumpSumDEarlier; paydepth49: before, each pay was
// checked alone, so a limit of 61,205 let 40,000 + 30,000 through).
func lumpSumDLimit(s *calcState, y *Year, in *calc.Input) error {
	var paid payroll.Money
	for i := range in.Earnings {
		if l := &in.Earnings[i]; l.LumpSumD {
			paid = paid.Add(l.Amount)
		}
	}
	t := in.AU.Termination
	if !paid.IsPos() || t == nil {
		return nil
	}
	r := &y.Redundancy
	if r.Rule.Code == "" {
		return fmt.Errorf("AU %s: the genuine redundancy tax-free limit (Lump Sum D) for the income year is not in the rules: %w", y.Name, calc.ErrNoRules)
	}
	earlier := t.LumpSumDEarlier.Max(zeroMoney)
	total := paid.Add(earlier)
	if total.Cmp(r.Base) > 0 && !t.ServiceKnown {
		return payroll.Invalid("startDate", "the employee's start date is needed for the tax-free limit of a genuine redundancy payment (Lump Sum D %s: %s plus %s for each completed year of service, %s)",
			total.StringFixed(2), r.Base.StringFixed(0), r.PerYear.StringFixed(0), y.Name)
	}
	limit := r.Base.Add(r.PerYear.Mul(payroll.RateFromInt(int64(t.CompletedYears))))
	s.term(tLumpSumDBase, r.Base)
	s.term(tLumpSumDPerYear, r.PerYear)
	s.rate(tLumpSumDYears, payroll.RateFromInt(int64(t.CompletedYears)))
	if earlier.IsPos() {
		s.term(tLumpSumDEarlier, earlier)
	}
	s.term(tLumpSumDPaid, paid)
	s.figure("lumpsumd.limit", limit, &r.Rule)
	if total.Cmp(limit) > 0 {
		if earlier.IsPos() {
			return payroll.Invalid("earningsLines", "Lump Sum D (the tax-free part of a genuine redundancy payment) of %s, with the %s paid for the same termination before, is above the %s limit of %s (%s plus %s for each of %d completed years of service): pay the %s above it through an ETP category of code R (Redundancy Payment (ETP))",
				paid.StringFixed(2), earlier.StringFixed(2), y.Name, limit.StringFixed(2), r.Base.StringFixed(0), r.PerYear.StringFixed(0), t.CompletedYears, total.Sub(limit).StringFixed(2))
		}
		return payroll.Invalid("earningsLines", "Lump Sum D (the tax-free part of a genuine redundancy payment) of %s is above the %s limit of %s (%s plus %s for each of %d completed years of service): pay the %s above it through an ETP category of code R (Redundancy Payment (ETP))",
			paid.StringFixed(2), y.Name, limit.StringFixed(2), r.Base.StringFixed(0), r.PerYear.StringFixed(0), t.CompletedYears, paid.Sub(limit).StringFixed(2))
	}
	return nil
}

// mealAllowanceFree is the part of the period's overtime meal allowances
// nothing is withheld from (ATO, "Withholding for allowances": an overtime
// meal allowance paid under an industrial instrument is withheld from
// only above the reasonable amount the Commissioner sets for the income
// year, per meal): for each line, its amount up to the reasonable amount ×
// its meals, rounded to the cent half up. Its figure
// "allowance.meals.free" shows the working; nothing when no line is an
// overtime meal allowance, or the year has no reasonable amount in the
// rules (then the allowance is withheld on in full).
func mealAllowanceFree(s *calcState, m *MealAllowance, in *calc.Input) payroll.Money {
	if m.Rule.Code == "" {
		return zeroMoney
	}
	var meals payroll.Rate
	var paid, free payroll.Money
	for i := range in.Earnings {
		l := &in.Earnings[i]
		if !l.Meals.IsPos() || l.NotTaxable || !l.Amount.IsPos() {
			continue
		}
		meals, paid = meals.Add(l.Meals), paid.Add(l.Amount)
		part := m.PerMeal.Mul(l.Meals)
		if l.Amount.Cmp(part) < 0 {
			part = l.Amount
		}
		free = free.Add(part.Cents())
	}
	if !meals.IsPos() {
		return zeroMoney
	}
	s.rate(tMeals, meals)
	s.term(tMealAmount, m.PerMeal)
	s.term(tMealsPaid, paid)
	s.figure("allowance.meals.free", free, &m.Rule)
	return free
}

// carAllowanceFree is the part of the period's cents-per-kilometre car
// expense allowances nothing is withheld from (ATO, "Withholding for
// allowances"): the ATO rate × the kilometres still within the year's
// 5,000 (in the lines' order, after those paid earlier in the year), a
// line paid at a lower rate at its own rate, each line's part rounded to
// the cent half up. Its figure "allowance.car.free"
// shows the working; nothing when no line is paid per kilometre.
func carAllowanceFree(s *calcState, c *CarAllowance, in *calc.Input) payroll.Money {
	if c.Rule.Code == "" {
		return zeroMoney
	}
	var km, paid payroll.Rate
	var amount payroll.Money
	for i := range in.Earnings {
		l := &in.Earnings[i]
		if l.CarKm.IsPos() && !l.NotTaxable && l.Amount.IsPos() {
			km, amount = km.Add(l.CarKm), amount.Add(l.Amount)
		}
	}
	if !km.IsPos() {
		return zeroMoney
	}
	before := in.AU.YTD.CarKm
	left := c.KmLimit.Sub(before)
	var free payroll.Money
	for i := range in.Earnings {
		l := &in.Earnings[i]
		if !l.CarKm.IsPos() || l.NotTaxable || !l.Amount.IsPos() || !left.IsPos() {
			continue
		}
		within := l.CarKm
		if within.Cmp(left) > 0 {
			within = left
		}
		left = left.Sub(within)
		paid = paid.Add(within)
		// Per kilometre: the line's own rate (its amount ÷ its km) when
		// at or below the ATO rate, the ATO rate when above it.
		part := c.CentsPerKm.Mul(within)
		if l.Amount.Cmp(c.CentsPerKm.Mul(l.CarKm)) <= 0 {
			part = l.Amount.Mul(within.Div(l.CarKm))
		}
		free = free.Add(part.Cents())
	}
	s.rate(tCarKm, km)
	s.rate(tCarKmBefore, before)
	s.rate(tCarKmWithin, paid)
	s.term(tCarRate, c.CentsPerKm)
	s.term(tCarPaid, amount)
	s.figure("allowance.car.free", free, &c.Rule)
	return free
}

var zeroMoney payroll.Money

// Capacity for the figures and terms of one calculation of normal pay:
// the most it makes (taxable 3, Schedule 1 8, offset 2, Medicare 5,
// Schedule 8 5, total 4, super 5 + 3, leave 4), so the backing arrays are
// allocated once and never grow. Back payments, termination payments and
// ETPs add figures of their own and grow them (rare pays).
const (
	numFigures = 11
	numTerms   = 40
)

// calcState carries one calculation: the figures and one backing array for
// every figure's terms, both carved from a single allocation.
type calcState struct {
	figs  []calc.Figure
	terms []calc.Term
	mark  int
}

func (s *calcState) term(name string, v payroll.Money) {
	if s == nil {
		return
	}
	s.terms = append(s.terms, calc.Term{Name: name, Value: v})
}

func (s *calcState) rate(name string, r payroll.Rate) {
	s.term(name, payroll.MoneyFromDecimal(r.Decimal()))
}

// figure closes the terms added since the last figure into a new figure.
func (s *calcState) figure(code string, amount payroll.Money, rule *calc.Rule) {
	if s == nil {
		return
	}
	t := s.terms[s.mark:len(s.terms):len(s.terms)]
	if len(t) == 0 {
		t = nil
	}
	s.mark = len(s.terms)
	s.figs = append(s.figs, calc.Figure{Code: code, Amount: amount, Rule: rule, Terms: t})
}

// Calculate computes every AU statutory figure of the employee-period:
//
//	allowance.car.free     a per-km car allowance within the ATO rate (when paid; not withheld from)
//	allowance.meals.free   overtime meal allowances within the reasonable amount (when paid; not withheld from)
//	lumpsumd.limit         the genuine redundancy tax-free limit (when Lump Sum D is paid on termination)
//	taxable                taxable earnings less salary sacrifice
//	payg.schedule1         Schedule 1 / scale 4 / Schedule 15 amount
//	payg.offset            tax offset (when claimed)
//	payg.medicare          Medicare levy adjustment (when declared, scales 2 and 6)
//	stsl                   Schedule 8 component (when the employee has a loan)
//	payg.schedule5         back payments, bonuses, commissions (Method A; stsl.schedule5 its Schedule 8 part)
//	payg.schedule7         unused leave paid on termination (stsl.schedule7 its Schedule 8 part)
//	payg.etp.<code>        employment termination payments (Schedule 11), per ETP code
//	payg                   total withheld
//	super.guarantee        super guarantee contribution
//	super.additional       the pay categories' super above the guarantee (when any)
//	leave.annual.hours     annual leave accrued (hours; not for casuals)
//	leave.personal.hours   personal/carer's leave accrued (hours; not for casuals)
//
// Earnings that are ordinary pay of the period are withheld on by
// Schedule 1 (normal earnings); additional payments, unused leave on
// termination and ETPs each by their own schedule, on top (sched.go,
// termination.go). Without such lines the figures are Schedule 1's alone.
func (e *Engine) Calculate(in *calc.Input) (calc.Result, error) {
	if in.AU == nil {
		return calc.Result{}, errors.New("AU: employee settings (au) missing")
	}
	y, d, err := e.year(in)
	if err != nil {
		return calc.Result{}, err
	}
	emp := in.AU
	if err := validate(in); err != nil {
		return calc.Result{}, err
	}
	f := weekly
	if emp.Scale != calc.AUScaleWHM { // Schedule 15 works on the year's total, any period
		if f, err = freqOf(in.Frequency); err != nil {
			return calc.Result{}, err
		}
	}
	buf := new(struct {
		figs  [numFigures]calc.Figure
		terms [numTerms]calc.Term
	})
	s := calcState{figs: buf.figs[:0], terms: buf.terms[:0]}

	// Earnings subject to withholding.
	gross, notTaxable, taxable, taxableCents := earnings(in)
	if free := carAllowanceFree(&s, &y.Car, in); free.IsPos() {
		notTaxable, taxable = notTaxable.Add(free), taxable.Sub(free)
		taxableCents = taxable.Trunc(2).MinorUnits()
	}
	if free := mealAllowanceFree(&s, &y.Meal, in); free.IsPos() {
		notTaxable, taxable = notTaxable.Add(free), taxable.Sub(free)
		taxableCents = taxable.Trunc(2).MinorUnits()
	}
	if taxable.IsNeg() {
		return calc.Result{}, fmt.Errorf("AU: salary sacrifice %s exceeds taxable earnings %s", in.PreTax, gross.Sub(notTaxable))
	}
	if err := lumpSumDLimit(&s, y, in); err != nil {
		return calc.Result{}, err
	}
	s.term(tGross, gross)
	s.term(tNotTaxable, notTaxable)
	s.term(tSacrifice, in.PreTax)
	s.figure("taxable", taxable, &y.Taxable)

	sp := split(in)
	if sp.special() {
		// Normal earnings: what is left once the other schedules' lines
		// are taken out (salary sacrifice comes out of normal pay).
		normal := taxable.Sub(sp.additional).Sub(sp.unused).Sub(sp.etpTaxable)
		if normal.IsNeg() {
			return calc.Result{}, fmt.Errorf("AU: salary sacrifice %s exceeds the period's normal earnings %s", in.PreTax, normal.Add(in.PreTax))
		}
		taxable, taxableCents = normal, normal.Trunc(2).MinorUnits()
	}

	var w withholder
	var scheduled paygParts
	var special payroll.Money // Schedules 5, 7 and 11 on top
	var specialSTSL payroll.Money
	noTFN := emp.Scale == calc.AUScale4Resident || emp.Scale == calc.AUScale4Foreign
	if !emp.Variation {
		if err := declarationGaps(emp); err != nil {
			return calc.Result{}, err
		}
	}
	afterDeath := emp.Termination != nil && emp.Termination.PaidAfterDeath
	switch {
	case afterDeath:
		// Paid after the employee's death: nothing withheld from salary,
		// wages, allowances or unused leave (Schedules 1, 5 and 7 do not
		// apply); an ETP below is a death benefit ETP (Schedule 11).
		s.term(tEarnings, taxable.Add(sp.additional).Add(sp.unused))
		s.figure("payg.schedule1", zeroMoney, &afterDeathRule)
	case emp.Variation && !noTFN:
		// A withholding variation: its rate on every payment but an ETP
		// (Schedule 11 keeps its own rates), in place of the scale, its
		// offsets, Medicare levy adjustment and Schedules 5 and 7.
		if emp.VariationRate == nil {
			return calc.Result{}, fmt.Errorf("AU: the employee has a withholding variation (hasWithholdingVariation) but no rate recorded (taxVariation): %w", calc.ErrNoRules)
		}
		if emp.STSL {
			return calc.Result{}, fmt.Errorf("AU: whether a withholding variation's rate includes the Schedule 8 (study and training loan) component is not in the rules: %w", calc.ErrNoRules)
		}
		base := taxable.Add(sp.additional).Add(sp.unused)
		s.term(tEarnings, base)
		s.rate(tRate, *emp.VariationRate)
		scheduled.sched1 = payroll.MoneyFromInt(dollars(base.Mul(*emp.VariationRate)))
		s.figure("payg.schedule1", scheduled.sched1, &variationRule)
	case noTFN:
		// No TFN: the flat rate on every payment (Schedules 5 and 7 defer
		// to it; Schedule 11 withholds the same rates from an ETP).
		r := y.PAYG.Scale4Resident
		if emp.Scale == calc.AUScale4Foreign {
			r = y.PAYG.Scale4Foreign
		}
		whole := taxable.Add(sp.additional).Add(sp.unused).Trunc(0)
		s.term(tWholeDollars, whole)
		s.rate(tRate, r)
		scheduled.sched1 = whole.Mul(r).Trunc(0)
		s.figure("payg.schedule1", scheduled.sched1, &y.PAYG.Scale4Rule)
		if emp.STSL { // no component without a TFN (Schedule 8)
			s.figure("stsl", zeroMoney, &schedule8(y, d).Rule)
		}
	case emp.Scale == calc.AUScaleWHM:
		// Schedule 15 applies to every payment to a working holiday maker.
		scheduled.sched1 = whm(&s, &y.WHM, emp.YTD.Earnings, taxable.Add(sp.additional).Add(sp.unused).Add(sp.etpTaxable))
		s.figure("payg.schedule1", scheduled.sched1, &y.WHM.Rule)
		if emp.STSL {
			return calc.Result{}, fmt.Errorf("AU: the Schedule 8 component for working holiday makers is not covered by the rules: %w", calc.ErrNoRules)
		}
	default:
		scale := scaleNumber(emp.Scale)
		if scale == 0 {
			return calc.Result{}, fmt.Errorf("AU: unknown scale %q", emp.Scale)
		}
		if w, err = newWithholder(y, d, emp, f, scale); err != nil {
			return calc.Result{}, err
		}
		s.term(tEarnings, taxable)
		scheduled = w.amount(&s, taxableCents, true)
		sp5, err := schedule5(&s, y, &w, &sp, taxableCents)
		if err != nil {
			return calc.Result{}, err
		}
		sp7 := schedule7(&s, y, &w, emp, &sp, taxableCents)
		special, specialSTSL = sp5.total().Add(sp7.total()), sp5.stsl.Add(sp7.stsl)
	}
	var etp payroll.Money
	if emp.Scale != calc.AUScaleWHM && sp.etpTaxable.IsPos() {
		if etp, err = schedule11(&s, y, in, &sp, taxable.Add(sp.additional).Add(sp.unused)); err != nil {
			return calc.Result{}, err
		}
	}

	// Total withheld.
	s.term(tSchedule1, scheduled.sched1)
	s.term(tOffset, scheduled.offset)
	s.term(tMedicare, scheduled.mla)
	s.term(tSTSL, scheduled.stsl)
	if sp.special() {
		s.term(tSpecial, special)
		s.term(tSpecialSTSL, specialSTSL)
		s.term(tETP, etp)
	}
	s.figure("payg", scheduled.total().Add(special).Add(etp), &y.Total)

	superGuarantee(&s, &y.Super, in)
	if !emp.Casual {
		leave(&s, &y.Leave, in, emp.ShiftWorker)
	}
	return calc.Result{Region: calc.AU, TaxYear: y.Name, Figures: s.figs}, nil
}

// afterDeathRule: pay made after the employee's death.
var afterDeathRule = calc.Rule{Code: "au.payg.afterdeath",
	Text:   "Paid after the employee's death (termination reason Deceased, paid after the end date): nothing is withheld from salary or wages earned before death, nor from unused annual or long service leave; a death benefit ETP is withheld on by Schedule 11",
	Source: "ATO, PAYG withholding for deceased employees (ato.gov.au/businesses-and-organisations/hiring-and-paying-your-workers/payg-withholding/payg-withholding-for-deceased-employees), payer guide steps 2-4; docs/reference/au-pay-rules.md §4f"}

// variationRule is a withholding variation's rate.
var variationRule = calc.Rule{Code: "au.payg.variation",
	Text:   "AU withholding variation: the rate the variation gives (the employee's taxVariation) × the payment's taxable earnings (ETPs excepted), rounded to the dollar, in place of Schedules 1, 5 and 7",
	Source: "ATO, PAYG withholding variations (a variation notice, or an employee's written request for an upward variation, gives the rate); docs/reference/au-pay-rules.md §withholding variations"}

func scaleNumber(sc calc.AUScale) int {
	switch sc {
	case calc.AUScale1:
		return 1
	case calc.AUScale2:
		return 2
	case calc.AUScale3:
		return 3
	case calc.AUScale5:
		return 5
	case calc.AUScale6:
		return 6
	}
	return 0
}

// paygParts is an amount withheld by Schedule 1 and its adjustments.
type paygParts struct{ sched1, offset, mla, stsl payroll.Money }

// total: the Schedule 1 amount less offsets and the Medicare levy
// adjustment, not below nil, plus the Schedule 8 component.
func (p paygParts) total() payroll.Money {
	return p.sched1.Sub(p.offset).Sub(p.mla).Max(zeroMoney).Add(p.stsl)
}

// withholder works out Schedule 1 (with its offsets, Medicare levy
// adjustment and Schedule 8 component) for any earnings of the period:
// the normal earnings, and the notional earnings the other schedules
// compare them with.
type withholder struct {
	y      *Year
	d      time.Time
	emp    *calc.AUEmployee
	f      freq
	scale  int
	coef   Coefficients
	family bool
	stsl   *Schedule8
	stslC  Coefficients
}

func newWithholder(y *Year, d time.Time, emp *calc.AUEmployee, f freq, scale int) (withholder, error) {
	w := withholder{y: y, d: d, emp: emp, f: f, scale: scale, coef: y.PAYG.Scales[scale]}
	if len(w.coef) == 0 {
		return w, fmt.Errorf("AU %s: no coefficients for %s: %w", y.Name, emp.Scale, calc.ErrNoRules)
	}
	w.family = emp.Medicare != nil && (emp.Medicare.Spouse || emp.Medicare.Children > 0)
	if w.family && (scale == 2 || scale == 6) && y.Medicare == nil {
		return w, fmt.Errorf("AU %s: Medicare levy adjustment parameters (family threshold, per-child amount) are not in the rules: %w", y.Name, calc.ErrNoRules)
	}
	if emp.STSL {
		w.stsl = schedule8(y, d)
		if scale == 1 {
			w.stslC = w.stsl.NoTFT
		} else {
			w.stslC = w.stsl.TFT
		}
		if !w.family && len(w.stslC) == 0 {
			return w, fmt.Errorf("AU %s: Schedule 8 coefficients for %s on %s are not in the rules: %w",
				y.Name, emp.Scale, d.Format(time.DateOnly), calc.ErrNoRules)
		}
	}
	return w, nil
}

// amount is the withholding from period earnings of c whole cents; with
// record, its figures (payg.schedule1, payg.offset, payg.medicare, stsl)
// are added to s, otherwise nothing is (s may be nil).
func (w *withholder) amount(s *calcState, c int64, record bool) paygParts {
	if !record {
		s = nil
	}
	y, f, emp := w.y, w.f, w.emp
	var p paygParts
	xWhole := weeklyWhole(s, f, c)
	x, wy := formula(s, w.coef, xWhole)
	p.sched1 = fromWeekly(f, wy)
	s.figure("payg.schedule1", p.sched1, &y.PAYG.Rule)

	// Tax offsets (scales 2, 5, 6): a share of the annual offset per pay.
	if emp.TaxOffset.IsPos() && (w.scale == 2 || w.scale == 5 || w.scale == 6) {
		r := y.PAYG.OffsetRate[f]
		s.term(tAnnualOffset, emp.TaxOffset)
		s.rate(tRate, r)
		p.offset = payroll.MoneyFromInt(dollars(emp.TaxOffset.Mul(r)))
		s.figure("payg.offset", p.offset, &y.PAYG.OffsetRule)
	}

	// Medicare levy adjustment (scales 2 and 6, spouse and/or dependants).
	if w.family && (w.scale == 2 || w.scale == 6) {
		ms := &y.Medicare.Scale2
		if w.scale == 6 {
			ms = &y.Medicare.Scale6
		}
		wla := medicare(s, y.Medicare, ms, emp.Medicare.Children, x, xWhole)
		p.mla = fromWeekly(f, wla)
		s.figure("payg.medicare", p.mla, &y.Medicare.Rule)
	}

	// Schedule 8 component: none with a Medicare levy variation for a
	// spouse or dependants (Schedule 8).
	if w.stsl != nil {
		if !w.family {
			_, sy := formula(s, w.stslC, xWhole)
			p.stsl = fromWeekly(f, sy)
		}
		s.figure("stsl", p.stsl, &w.stsl.Rule)
	}
	return p
}

// weeklyWhole is the weekly earnings in whole dollars the period's
// earnings convert to (ATO Schedule 1 "Working out the weekly earnings";
// payroll-rules.md 1.2). c is the earnings in whole cents, truncated
// (non-negative); the conversions are exact integer arithmetic on them
// (truncating, as the ATO says: ⌊⌊100e⌋ / 100k⌋ = ⌊e / k⌋, so dropping
// fractions of a cent first changes nothing).
func weeklyWhole(s *calcState, f freq, c int64) int64 {
	var w int64
	switch f {
	case weekly:
		w = c / 100
	case fortnightly:
		w = c / 200
	case monthly:
		// Monthly earnings ending in 33 cents gain a cent, so that a third
		// of a quarter converts back exactly.
		if c%100 == 33 {
			c++
			s.term(tMonthly33, payroll.MoneyFromMinor(c))
		}
		w = c * 3 / 1300
	case quarterly:
		w = c / 1300
	}
	if f != weekly {
		s.term(tWeeklyEquiv, payroll.MoneyFromInt(w))
	}
	return w
}

// fromWeekly converts a weekly amount in whole dollars to the pay period
// (monthly: × 13 ÷ 3 rounded to the dollar, 50c up).
func fromWeekly(f freq, y int64) payroll.Money {
	switch f {
	case fortnightly:
		y *= 2
	case monthly:
		y = (y*26 + 3) / 6 // ⌊13y/3 + ½⌋ for y ≥ 0
	case quarterly:
		y *= 13
	}
	return payroll.MoneyFromInt(y)
}

var half = payroll.MustMoney("0.5")

// dollars rounds a non-negative amount to the dollar, 50c up, as an
// integer (negative amounts are nil: "a negative y means nil").
func dollars(m payroll.Money) int64 {
	if !m.IsPos() {
		return 0
	}
	n, _, _ := m.Add(half).Floor(0).Decimal().Int64(0)
	return n
}

// formula applies a coefficient table to whole weekly dollars: x = whole +
// 99c, y = a·x − b rounded to the dollar (50c up), nil when negative. In
// integers: x in cents times a × 10⁴ less b × 10⁶ is a·x − b in 10⁻⁶
// dollars exactly (the ATO's coefficients have at most 4 decimals; a
// table with more falls back to decimals).
func formula(s *calcState, c Coefficients, whole int64) (x payroll.Money, y int64) {
	b := &c[len(c)-1]
	for i := range c {
		if c[i].Below == 0 || whole < c[i].Below {
			b = &c[i]
			break
		}
	}
	xc := whole*100 + 99
	x = payroll.MoneyFromMinor(xc)
	var exact payroll.Money
	a4, okA := scaled(b.A.Decimal(), 4)
	b6, okB := scaled(b.B.Decimal(), 6)
	if okA && okB && xc < maxCents {
		e := xc*a4 - b6 // 10⁻⁶ dollars
		exact = payroll.MoneyFromDecimal(decimal.MustNew(e, 6))
		if e > 0 {
			y = (e + 500_000) / 1_000_000
		}
	} else {
		exact = x.Mul(b.A).Sub(b.bMoney())
		y = dollars(exact)
	}
	s.term(tX, x)
	s.rate(tA, b.A)
	s.rate(tB, b.B)
	s.term(tExact, exact)
	s.term(tWeeklyY, payroll.MoneyFromInt(y))
	return x, y
}

// medicare is the weekly Medicare levy adjustment, rounded to the dollar.
func medicare(s *calcState, m *MedicareAdjustment, ms *MedicareScale, children int, x payroll.Money, whole int64) int64 {
	annual := m.FamilyThreshold.Add(m.PerChild.MulInt(int64(children))).MinorUnits()
	wft := payroll.MoneyFromMinor((annual*2 + 52) / 104) // ÷ 52 to the nearest cent, ½c up
	sop := wft.Mul(ms.ShadeIn).Div(ms.ShadeOut).Trunc(2)
	s.term(tX, x)
	s.term(tWFT, wft)
	s.term(tSOP, sop)
	var w payroll.Money
	switch {
	case whole < ms.Entry:
	case whole < ms.Second:
		w = x.Sub(ms.Lower).Mul(ms.ShadeIn)
	case x.Less(wft):
		w = x.Mul(ms.Levy)
	case x.Less(sop):
		w = wft.Mul(ms.Levy).Sub(x.Sub(wft).Mul(ms.ShadeOut))
	}
	s.term(tExact, w)
	y := dollars(w)
	s.term(tWeeklyY, payroll.MoneyFromInt(y))
	return y
}

// whm is the Schedule 15 amount: tax on the year's whole-dollar earnings
// including this pay less tax on those before it.
func whm(s *calcState, t *Schedule15, ytd, pay payroll.Money) payroll.Money {
	before := ytd.Trunc(0).Max(zeroMoney)
	after := ytd.Add(pay).Trunc(0).Max(zeroMoney)
	tb, ta := marginal(t.Brackets, before), marginal(t.Brackets, after)
	s.term(tYTDBefore, before)
	s.term(tYTDAfter, after)
	s.term(tTaxBefore, tb)
	s.term(tTaxAfter, ta)
	return payroll.MoneyFromInt(dollars(ta.Sub(tb)))
}

func marginal(bs []Bracket, income payroll.Money) payroll.Money {
	var tax payroll.Money
	for i := range bs {
		if bs[i].Over.Less(income) {
			top := income
			if i+1 < len(bs) {
				top = top.Min(bs[i+1].Over)
			}
			tax = tax.Add(top.Sub(bs[i].Over).Mul(bs[i].Rate))
		}
	}
	return tax
}

// schedule8 is the Schedule 8 table in force on d.
func schedule8(y *Year, d time.Time) *Schedule8 {
	t := &y.STSL[0]
	for i := range y.STSL {
		if !d.Before(y.STSL[i].From) {
			t = &y.STSL[i]
		}
	}
	return t
}

// isOTE: ordinary time earnings (SGR 2009/2): ordinary hours, paid leave
// and leave loading, allowances, bonuses, commissions and back pay of
// them; not overtime, unused leave paid on termination, ETPs or other
// lump sums.
func isOTE(k calc.EarningKind) bool {
	switch k {
	case calc.Ordinary, calc.Leave, calc.Allowance, calc.Bonus, calc.Commission, calc.BackPay, calc.LeaveLoading:
		return true
	}
	return false
}

// superGuarantee: rate × OTE, the base capped at what is left of the
// maximum contribution base for its period. Earnings lines are before
// salary sacrifice, so sacrificed OTE stays in the base (SGAA s 15A).
// Lines whose pay category has a super rate of its own add
// super.additional: the rate on earnings that are not OTE, the part above
// the guarantee rate on those that are.
func superGuarantee(s *calcState, sg *SuperGuarantee, in *calc.Input) {
	var ote, extra payroll.Money
	for i := range in.Earnings {
		l := &in.Earnings[i]
		if l.NotPensionable {
			continue
		}
		if isOTE(l.Kind) || l.Superable {
			ote = ote.Add(l.Amount)
			if l.SuperRate != nil && sg.Rate.Less(*l.SuperRate) {
				extra = extra.Add(l.Amount.Mul(l.SuperRate.Sub(sg.Rate)))
			}
		} else if l.SuperRate != nil && l.SuperRate.IsPos() {
			extra = extra.Add(l.Amount.Mul(*l.SuperRate))
		}
	}
	ote = ote.Max(zeroMoney)
	if hours, ok := minorHoursPerWeek(in); ok && hours.Cmp(payroll.RateFromInt(30)) <= 0 {
		// SGAA s 27(2): an employee under 18 who is employed for no more
		// than 30 hours a week (the hours actually worked, SGD 93/1): their
		// salary or wages are not counted for the guarantee.
		s.rate(tMinorHours, hours)
		ote = zeroMoney
	}
	if b := in.AU.SacrificedToBenefits; b.IsPos() {
		s.term(tSacrificedBenefits, b)
		ote = ote.Sub(b.Min(ote))
	}
	done := in.AU.YTD.SuperBase
	base := ote.Min(sg.MCB.Sub(done).Max(zeroMoney))
	amount, ok := centsTimes(base, sg.Rate)
	if !ok {
		amount = base.Mul(sg.Rate).Cents()
	}
	s.term(tOTE, ote)
	if sg.PerYear {
		s.term(tBaseYTD, done)
	} else {
		s.term(tBaseQTD, done)
	}
	s.term(tMCB, sg.MCB)
	s.term(tBase, base)
	s.rate(tRate, sg.Rate)
	s.figure("super.guarantee", amount, &sg.Rule)
	if extra = extra.Max(zeroMoney).Cents(); extra.IsPos() {
		s.term(tExtraSuper, extra)
		s.figure("super.additional", extra, &sg.AdditionalRule)
	}
}

// minorHoursPerWeek is the hours a week of an employee under 18 on the
// payment date: the period's hours (its earnings lines' hours, paid leave
// included) over the weeks in the period (monthly 52 ÷ 12), to 4 places.
// false for an employee of 18 or more, without a date of birth, or when
// the lines carry no hours (salary without hours: the guarantee is paid).
func minorHoursPerWeek(in *calc.Input) (payroll.Rate, bool) {
	dob := in.AU.DateOfBirth
	if dob.IsZero() || !payroll.DateOnly(in.PaymentDate).Before(dob.AddDate(18, 0, 0)) {
		return payroll.Rate{}, false
	}
	var hours payroll.Rate
	for i := range in.Earnings {
		hours = hours.Add(in.Earnings[i].Hours)
	}
	if !hours.IsPos() {
		return payroll.Rate{}, false
	}
	weeks := map[calc.Frequency]payroll.Rate{calc.Weekly: payroll.RateFromInt(1), calc.Fortnightly: payroll.RateFromInt(2),
		calc.FourWeekly: payroll.RateFromInt(4), calc.Monthly: payroll.RateFromInt(52).Div(payroll.RateFromInt(12)),
		calc.Quarterly: payroll.RateFromInt(13)}[in.Frequency]
	if !weeks.IsPos() {
		return payroll.Rate{}, false
	}
	return hours.Div(weeks).RoundHalfUp(4), true
}

// LeaveHours is the NES leave accrued by hours of ordinary time (paid
// leave included): annual and personal/carer's leave, in hours.
func LeaveHours(l *LeaveAccrual, hours payroll.Rate, shiftWorker bool) (annual, personal payroll.Rate) {
	r := l.Annual
	if shiftWorker {
		r = l.AnnualShift
	}
	return hours.Mul(r), hours.Mul(l.Personal)
}

func leave(s *calcState, l *LeaveAccrual, in *calc.Input, shift bool) {
	var hours payroll.Rate
	for i := range in.Earnings {
		e := &in.Earnings[i]
		if e.Kind == calc.Ordinary || e.Kind == calc.Leave {
			hours = hours.Add(e.Hours)
		}
	}
	annual, personal := LeaveHours(l, hours, shift)
	r := l.Annual
	if shift {
		r = l.AnnualShift
	}
	h := payroll.MoneyFromDecimal(hours.Decimal())
	s.term(tHours, h)
	s.rate(tRate, r)
	s.figure("leave.annual.hours", payroll.MoneyFromDecimal(annual.Decimal()), &l.AnnualRule)
	s.term(tHours, h)
	s.rate(tRate, l.Personal)
	s.figure("leave.personal.hours", payroll.MoneyFromDecimal(personal.Decimal()), &l.PersonalRule)
}

// Bounds on inputs: far above any pay, far below where exact decimal
// arithmetic (19 digits) would overflow.
var (
	maxHours = payroll.MustRate("1000000")
	one      = payroll.MustRate("1")
)

// inBounds: at most 11 digits before the point (|m| < $100 billion).
func inBounds(m payroll.Money) bool { d := m.Decimal(); return d.Prec()-d.Scale() <= 11 }

// validate rejects inputs outside the bounds the arithmetic is exact for.
func validate(in *calc.Input) error {
	for i := range in.Earnings {
		l := &in.Earnings[i]
		if !inBounds(l.Amount) {
			return fmt.Errorf("AU: earnings line %d: amount %s out of range", i+1, l.Amount)
		}
		if maxHours.Cmp(l.Hours.Abs()) < 0 { // a negative line is a reversal
			return fmt.Errorf("AU: earnings line %d: hours %s out of range", i+1, l.Hours)
		}
		if l.Periods < 0 || l.Periods > 1000 {
			return fmt.Errorf("AU: earnings line %d: %d pay periods out of range", i+1, l.Periods)
		}
		if l.Kind == calc.ETP && !ValidETPCode(l.ETPCode) {
			return fmt.Errorf("AU: earnings line %d: ETP code %q is not one of R, O, S, P, D, B, N, T", i+1, l.ETPCode)
		}
		if l.SuperRate != nil && (l.SuperRate.IsNeg() || one.Less(*l.SuperRate)) {
			return fmt.Errorf("AU: earnings line %d: super rate %s out of range", i+1, *l.SuperRate)
		}
	}
	if len(in.Earnings) > 1000 {
		return errors.New("AU: more than 1000 earnings lines")
	}
	e := in.AU
	switch {
	case !inBounds(in.PreTax) || in.PreTax.IsNeg():
		return fmt.Errorf("AU: pre-tax deduction %s out of range", in.PreTax)
	case !inBounds(e.TaxOffset) || e.TaxOffset.IsNeg():
		return fmt.Errorf("AU: tax offset %s out of range", e.TaxOffset)
	case e.VariationRate != nil && (e.VariationRate.IsNeg() || one.Less(*e.VariationRate)):
		return fmt.Errorf("AU: withholding variation rate %s out of range", *e.VariationRate)
	case !inBounds(e.YTD.Earnings) || !inBounds(e.YTD.SuperBase):
		return errors.New("AU: year-to-date amount out of range")
	case e.Medicare != nil && (e.Medicare.Children < 0 || e.Medicare.Children > 100):
		return fmt.Errorf("AU: %d children out of range", e.Medicare.Children)
	case !inBounds(e.YTD.ETP) || !inBounds(e.YTD.ETPExcluded) || !inBounds(e.YTD.ETPSameTermination):
		return errors.New("AU: year-to-date ETP amount out of range")
	case e.Termination != nil && (!inBounds(e.Termination.NormalEarnings) || e.Termination.NormalEarnings.IsNeg()):
		return fmt.Errorf("AU: normal earnings %s out of range", e.Termination.NormalEarnings)
	}
	return nil
}

// earnings sums the lines: gross, the not-taxable part and the earnings
// subject to withholding (gross − not taxable − salary sacrifice), and the
// latter in whole cents, truncated (what Schedule 1 converts). Whole-cent
// amounts (the usual case) are summed as integers.
func earnings(in *calc.Input) (gross, notTaxable, taxable payroll.Money, taxableCents int64) {
	var g, nt int64
	ok := true
	for i := range in.Earnings {
		l := &in.Earnings[i]
		c, okC := centsOf(l.Amount)
		ok = ok && okC
		g += c
		if l.NotTaxable {
			nt += c
		}
	}
	sac, okS := centsOf(in.PreTax)
	if ok && okS && g < maxCents && g > -maxCents {
		t := g - nt - sac
		return payroll.MoneyFromMinor(g), payroll.MoneyFromMinor(nt), payroll.MoneyFromMinor(t), t
	}
	for i := range in.Earnings {
		l := &in.Earnings[i]
		gross = gross.Add(l.Amount)
		if l.NotTaxable {
			notTaxable = notTaxable.Add(l.Amount)
		}
	}
	taxable = gross.Sub(notTaxable).Sub(in.PreTax)
	if taxable.IsNeg() {
		return gross, notTaxable, taxable, 0
	}
	return gross, notTaxable, taxable, taxable.Trunc(2).MinorUnits()
}

// maxCents bounds the integer path (10¹⁴ cents = $1 trillion: a ten-digit
// coefficient times it stays far inside int64).
const maxCents = 100_000_000_000_000

var pow10 = [...]uint64{1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000}

// scaled is d × 10^scale as an integer, when exact and below 10¹⁸ (ok
// false otherwise); it reads the coefficient, no decimal arithmetic.
func scaled(d decimal.Decimal, scale int) (int64, bool) {
	coef, s := d.Coef(), d.Scale()
	if s <= scale {
		k := pow10[scale-s]
		if coef >= 1_000_000_000_000_000_000/k {
			return 0, false
		}
		coef *= k
	} else {
		if s-scale >= len(pow10) || coef%pow10[s-scale] != 0 {
			return 0, false
		}
		coef /= pow10[s-scale]
	}
	if d.IsNeg() {
		return -int64(coef), true
	}
	return int64(coef), true
}

// centsOf is m in whole cents (ok false for fractions of a cent or
// amounts past maxCents).
func centsOf(m payroll.Money) (int64, bool) {
	c, ok := scaled(m.Decimal(), 2)
	return c, ok && c < maxCents && c > -maxCents
}

// centsTimes is m × r rounded half up to the cent for m ≥ 0 in whole
// cents and 0 ≤ r ≤ 1 with at most 6 decimals (ok false otherwise: the
// caller uses decimals).
func centsTimes(m payroll.Money, r payroll.Rate) (payroll.Money, bool) {
	c, ok := centsOf(m)
	r6, okR := scaled(r.Decimal(), 6)
	if !ok || !okR || c < 0 || r6 < 0 || r6 > 1_000_000 || c > 1_000_000_000_000 {
		return payroll.Money{}, false
	}
	return payroll.MoneyFromMinor((c*r6 + 500_000) / 1_000_000), true
}

// declarationGaps refuses a pay whose withholding declaration or Medicare
// levy variation declaration asks for an adjustment the rules or the
// record cannot give (docs/reference/au-pay-rules.md §4b). Tax offsets
// reduce the withholding of scales 2, 5 and 6 only (Schedule 1: none
// without the tax-free threshold, for a foreign resident or without a
// TFN), by the ready reckoner's value of the annual amount claimed, which
// the record (otherTaxOffset yes or no) does not hold; the seniors and
// pensioners tax offset is withheld from with Schedule 9 and the
// employee's relationship status, neither held; the Medicare levy
// surcharge increase applies to residents, by an amount per tier not in
// the rules.
func declarationGaps(emp *calc.AUEmployee) error {
	offsets := emp.Scale == calc.AUScale2 || emp.Scale == calc.AUScale5 || emp.Scale == calc.AUScale6
	switch {
	case offsets && emp.TaxOffsetClaimed && !emp.TaxOffset.IsPos():
		return fmt.Errorf("AU: the withholding declaration claims a tax offset (otherTaxOffset) and the amount claimed is not recorded; "+
			"Schedule 1 reduces withholding by the ready reckoner's value of that annual amount: %w", calc.ErrNoRules)
	case offsets && emp.SeniorsOffset:
		return fmt.Errorf("AU: the withholding declaration claims the seniors and pensioners tax offset (seniorsTaxOffset); its withholding is Schedule 9's, "+
			"by relationship status (single, couple, illness-separated), and neither the Schedule 9 coefficients nor the status are held: %w", calc.ErrNoRules)
	case emp.MLSTier != "" && (offsets || emp.Scale == calc.AUScale1):
		return fmt.Errorf("AU: the Medicare levy variation declaration asks for more withholding for the Medicare levy surcharge (medicareLevySurchargeWithholdingTier %s); "+
			"the amount a tier adds is not in the rules: %w", emp.MLSTier, calc.ErrNoRules)
	}
	return nil
}
