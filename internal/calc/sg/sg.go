package sg

import (
	"errors"
	"fmt"
	"time"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Figure codes the SG engine produces, in this order. CPF figures are
// absent for foreigners (not CPF members); sdl is always present.
const (
	CodeCPFEmployee = "cpf.employee" // employee share (deducted from pay)
	CodeCPFEmployer = "cpf.employer" // employer share
	CodeCPFTotal    = "cpf.total"    // total contribution paid to CPF Board
	CodeSDL         = "sdl"          // Skills Development Levy (employer)
)

// Engine is the SG statutory engine. It is stateless; the zero value works.
type Engine struct{}

// New returns the SG engine (also a calc.VectorChecker).
func New() calc.Engine { return Engine{} }

var (
	_ calc.Engine        = Engine{}
	_ calc.VectorChecker = Engine{}
)

// Region is calc.SG.
func (Engine) Region() string { return calc.SG }

// TaxYear names the calendar year whose rules apply: in.TaxYear when set
// ("2026"), else the year of in.PaymentDate.
func (Engine) TaxYear(in *calc.Input) (string, error) {
	y, err := yearFor(in)
	if err != nil {
		return "", err
	}
	return y.name, nil
}

func yearByName(name string) (*year, error) {
	for _, y := range years {
		if y.name == name {
			return y, nil
		}
	}
	return nil, fmt.Errorf("sg: year %q: %w", name, calc.ErrNoRules)
}

func yearByDate(d time.Time) (*year, error) {
	for _, y := range years {
		if !d.Before(y.start) && d.Before(y.end) {
			return y, nil
		}
	}
	return nil, fmt.Errorf("sg: payment date %s: %w", d.Format(time.DateOnly), calc.ErrNoRules)
}

func yearFor(in *calc.Input) (*year, error) {
	if in.TaxYear != "" {
		return yearByName(in.TaxYear)
	}
	return yearByDate(in.PaymentDate)
}

var (
	errNoSG        = errors.New("sg: input has no SG employee settings")
	errFrequency   = errors.New("sg: CPF is monthly: frequency must be Monthly")
	errNegative    = errors.New("sg: negative wages or year-to-date")
	errNoDOB       = errors.New("sg: date of birth needed for the CPF age band")
	errResidency   = errors.New("sg: unknown residency")
	errRange       = errors.New("sg: amount out of range")
	errSPRYear1or2 = fmt.Errorf("sg: CPF rates for 1st/2nd-year SPRs above age 55 are not in the rules tables: %w", calc.ErrNoRules)
)

// bandIndex is the CPF age band of someone born dob in the month of pay:
// a band "X and below" includes the month of the X-th birthday; "above X"
// starts the month after (payroll-rules-2026-27.md §4.1, Talenox citing CPF).
func bandIndex(y *year, dob, pay time.Time) int {
	payIdx := pay.Year()*12 + int(pay.Month())
	for i, b := range y.bands {
		if b.maxAge == 0 || payIdx <= (dob.Year()+b.maxAge)*12+int(dob.Month()) {
			return i
		}
	}
	return len(y.bands) - 1
}

// cpfIn is one month's CPF inputs; cpfOut its result.
type cpfIn struct {
	ow, aw          payroll.Money // this month's ordinary / additional wages
	owYTD, awYTD    payroll.Money // subject to CPF earlier in the year
	projectedOW     payroll.Money // OW expected subject to CPF later in the year (zero: owSub × remainingMonths)
	remainingMonths int
	yearEnd         bool          // recalculate the year's AW on its actual OW
	awPaidYTD       payroll.Money // AW paid earlier in the year
	notWages        payroll.Money // this month's termination payments: not wages, no CPF
	// awMonths are the earlier months' AW not subject to CPF then, in the
	// order paid, with each month's rates (year end: a shortfall is
	// priced at them).
	awMonths []awMonth
}

// awMonth is an earlier month's AW left out of CPF by the estimated
// ceiling, and the age band (rates) of that month.
type awMonth struct {
	month     time.Time
	unsubject payroll.Money
	band      *ageBand
}

// shortfallPart is the part of the year-end shortfall priced at one
// earlier month's rates (band nil: this month's, the month it was paid
// in not being known).
type shortfallPart struct {
	month time.Time
	aw    payroll.Money
	band  *ageBand
}

type cpfOut struct {
	owSub, awCeiling, awSub, wages payroll.Money
	projectedOW                    payroll.Money // the estimate the ceiling used
	awExcess                       payroll.Money // year end: AW contributed on earlier above the recalculated ceiling (refund to claim)
	// shortfall is the year end's AW of earlier months now subject to CPF
	// (in awSub), by the month it was paid in, each priced at that
	// month's rates; awSub less their sum is this month's AW subject.
	shortfall                 []shortfallPart
	exactTotal, exactEmployee payroll.Money
	total, employee, employer payroll.Money
	graduated                 bool // total wages up to fullAbove: the phased rates
	rule                      *calc.Rule
	// month is the month's CPF when earlier runs of the month paid wages
	// (nil otherwise); owSub, awSub and the shares above are then this
	// run's part: the month's less what the earlier runs had.
	month *monthCPF
}

// monthPaid is what the business's earlier runs of the month paid and
// charged (calc.SGEmployee's Month fields).
type monthPaid struct {
	ow, aw, owSub, awSub, employee, employer payroll.Money
}

func (m *monthPaid) any() bool {
	return !m.ow.IsZero() || !m.aw.IsZero() || !m.owSub.IsZero() || !m.awSub.IsZero() || !m.employee.IsZero() || !m.employer.IsZero()
}

// monthCPF is the month's CPF worked out on the wages of all its runs.
type monthCPF struct {
	owSub, awSub, total, employee, employer payroll.Money
}

// lessEarlier makes o, the month's CPF, this run's: the month's wages
// subject to CPF and shares less those of the month's earlier runs (CPF
// Board, "How much CPF contributions to pay": contributions are payable
// on the total wages for the month; docs/reference/sg-cpf-aw-ceiling.md).
func (o *cpfOut) lessEarlier(m *monthPaid) {
	o.month = &monthCPF{owSub: o.owSub, awSub: o.awSub, total: o.total, employee: o.employee, employer: o.employer}
	o.owSub, o.awSub = o.owSub.Sub(m.owSub), o.awSub.Sub(m.awSub)
	o.employee, o.employer = o.employee.Sub(m.employee), o.employer.Sub(m.employer)
	o.total = o.employee.Add(o.employer)
}

// cpf computes the contribution of one month for an age band (SC/SPR3+,
// or an SPR 1st/2nd-year band). Total wages over fullAbove: rates × wages
// subject to CPF (OW to the ceiling, AW to the AW ceiling). Over nilUpTo
// up to fullAbove (graduated, First Schedule para 1): employer rate × total
// wages, employee phaseIn × (total wages − phaseFrom) above phaseFrom; the
// Schedule states these on the month's total wages, which cannot reach
// the ceilings. Either way the total is rounded to the dollar (50c up),
// the employee share's cents dropped, employer = total − employee.
func cpf(y *year, b *ageBand, in cpfIn) (cpfOut, error) {
	o := cpfOut{rule: b.rule}
	tw := in.ow.Add(in.aw)
	if tw.Cmp(y.nilUpTo) <= 0 {
		return o, nil
	}
	o.owSub = in.ow.Min(y.owCeiling)
	// The AW ceiling: the annual salary ceiling less the year's OW subject
	// to CPF, estimated for the rest of the year (CPF Board: the OW to date,
	// this month's and the months still to come) and less the AW already
	// subject. At the year's end (or the leaving month) it is recalculated
	// on the actual OW, and this month's AW subject to CPF is the year's
	// AW up to that ceiling less what was already subject: positive is CPF
	// due on AW an earlier over-estimate of OW kept out; negative is AW
	// contributed on in excess (awExcess), whose contributions the
	// employer claims back from the CPF Board (a refund application), so
	// nothing more is subject this month (before 1 December 2026 the
	// excess was taken off this month's contributions).
	if in.yearEnd {
		ceiling := y.annualCeiling.Sub(in.owYTD).Sub(o.owSub).Max(payroll.Money{})
		o.awCeiling = ceiling.Sub(in.awYTD)
	} else {
		o.projectedOW = in.projectedOW
		if o.projectedOW.IsZero() && in.remainingMonths > 0 {
			o.projectedOW = o.owSub.MulInt(int64(in.remainingMonths))
		}
		o.awCeiling = y.annualCeiling.Sub(in.owYTD).Sub(o.owSub).Sub(o.projectedOW).Sub(in.awYTD)
		if o.awCeiling.IsNeg() {
			o.awCeiling = payroll.Money{}
		}
	}
	if tw.Cmp(y.fullAbove) <= 0 && !(in.yearEnd && (!in.awYTD.IsZero() || in.awPaidYTD.Cmp(in.awYTD) > 0)) {
		o.graduated, o.rule = true, b.gradRule
		o.owSub, o.awSub, o.wages = in.ow, in.aw, tw
		if above := tw.Sub(y.phaseFrom); above.IsPos() {
			o.exactEmployee = above.Mul(b.phaseIn)
		}
		o.exactTotal = tw.Mul(b.employer).Add(o.exactEmployee)
	} else {
		if in.yearEnd {
			ceiling := o.awCeiling.Add(in.awYTD)
			o.awSub = in.awPaidYTD.Add(in.aw).Min(ceiling).Sub(in.awYTD)
			if o.awSub.IsNeg() {
				// Contributions were paid on more AW than the recalculated
				// ceiling allows: the employer applies to the CPF Board for
				// their refund ("If you have overpaid the CPF contributions,
				// you can apply for a refund"; only a shortfall is paid
				// "together with December's contributions or contributions
				// for your employee's last month of employment"). They are
				// not taken off this month's contributions, which are due
				// on this month's wages.
				o.awExcess, o.awSub = o.awSub.Neg(), payroll.Money{}
			}
		} else {
			o.awSub = in.aw.Min(o.awCeiling)
		}
		o.wages = o.owSub.Add(o.awSub)
		// A year-end shortfall is of AW paid in earlier months: the
		// ceiling is taken by AW in the order paid, so the earlier
		// months' AW left out come first, and each part is priced at the
		// rates of the month it was paid in (CPF Board, "How do I
		// calculate CPF contributions on AW when there is a change in Age
		// Group during the year?": "Any shortfall in CPF contributions on
		// AW should follow the applicable rate for the month in which the
		// AW were paid"); this month's own AW takes what is left, at this
		// month's rates.
		now := o.wages
		if in.yearEnd && o.awSub.IsPos() {
			earlier := in.awPaidYTD.Sub(in.awYTD).Max(payroll.Money{}).Min(o.awSub)
			left := earlier
			for _, am := range in.awMonths {
				if !left.IsPos() {
					break
				}
				part := am.unsubject.Min(left)
				if !part.IsPos() {
					continue
				}
				o.shortfall = append(o.shortfall, shortfallPart{month: am.month, aw: part, band: am.band})
				left = left.Sub(part)
			}
			if left.IsPos() {
				o.shortfall = append(o.shortfall, shortfallPart{aw: left})
			}
			now = now.Sub(earlier)
		}
		o.exactTotal = now.Mul(b.total)
		o.exactEmployee = now.Mul(b.employee)
		for _, p := range o.shortfall {
			pb := p.band
			if pb == nil {
				pb = b
			}
			o.exactTotal = o.exactTotal.Add(p.aw.Mul(pb.total))
			o.exactEmployee = o.exactEmployee.Add(p.aw.Mul(pb.employee))
		}
	}
	// A refund (negative) is rounded as the contribution it returns.
	o.total = signed(o.exactTotal, true)
	o.employee = signed(o.exactEmployee, false)
	o.employer = o.total.Sub(o.employee)
	return o, nil
}

// signed is round for an amount of either sign: a negative amount rounds
// as its positive counterpart would, negated.
func signed(m payroll.Money, halfUp bool) payroll.Money {
	if m.IsNeg() {
		return round(m.Neg(), 0, halfUp).Neg()
	}
	return round(m, 0, halfUp)
}

// bandOf is the CPF rates of a member of residency (SC, SPR1-3) born dob
// in the month of pay: the age band, and for a 1st/2nd-year SPR that
// year's graduated band.
func bandOf(y *year, dob time.Time, residency string, pay time.Time) (*ageBand, error) {
	i := bandIndex(y, dob, pay)
	switch residency {
	case calc.SGPR1:
		return sprBand(y, 1, i)
	case calc.SGPR2:
		return sprBand(y, 2, i)
	}
	return &y.bands[i], nil
}

// awMonthsOf is emp's earlier months of the year with AW left out of CPF
// by the estimated ceiling (paid − subject), in the order paid, each with
// the rates of its month (its age band, and its residency: an SPR's year
// may have turned since).
func awMonthsOf(y *year, emp *calc.SGEmployee, pay time.Time) ([]awMonth, error) {
	var out []awMonth
	for _, am := range emp.AWMonths {
		if am.Month.Before(y.start) || !am.Month.Before(y.end) || am.Month.After(pay) {
			return nil, fmt.Errorf("sg: AW month %s is not an earlier month of %s", am.Month.Format(time.DateOnly), y.name)
		}
		if am.Paid.IsNeg() || am.Subject.IsNeg() || am.Paid.Cmp(maxAmount) > 0 || am.Subject.Cmp(maxAmount) > 0 {
			return nil, errNegative
		}
		un := am.Paid.Sub(am.Subject)
		if !un.IsPos() {
			continue
		}
		res := am.Residency
		if res == "" {
			res = emp.Residency
		}
		if res != "" && res != calc.SGCitizen && res != calc.SGPR1 && res != calc.SGPR2 && res != calc.SGPR3 {
			return nil, fmt.Errorf("%w %q (AW month %s)", errResidency, res, am.Month.Format(time.DateOnly))
		}
		b, err := bandOf(y, emp.DateOfBirth, res, am.Month)
		if err != nil {
			return nil, err
		}
		out = append(out, awMonth{month: am.Month, unsubject: un, band: b})
	}
	return out, nil
}

// sprBand is the 1st/2nd-year SPR band (n = 1 or 2) for the SC band
// index i (matched by its upper age).
func sprBand(y *year, n, i int) (*ageBand, error) {
	for k := range y.spr[n-1] {
		if y.spr[n-1][k].maxAge == y.bands[i].maxAge {
			return &y.spr[n-1][k], nil
		}
	}
	return nil, errSPRYear1or2
}

// sdl is the Skills Development Levy on a month's remuneration.
func sdl(y *year, rem payroll.Money) (levied, levy payroll.Money) {
	if !rem.IsPos() {
		return payroll.Money{}, payroll.Money{}
	}
	levied = rem.Min(y.sdlCap)
	levy = round(levied.Mul(y.sdlRate), 2, true).Max(y.sdlMin)
	return levied, levy
}

// rateTerm shows a rate among a figure's terms (as a fraction: 0.2).
func rateTerm(name string, r payroll.Rate) calc.Term {
	return calc.Term{Name: name, Value: payroll.MoneyFromDecimal(r.Decimal())}
}

// round rounds a non-negative amount to scale decimals (0 = dollars, 2 =
// cents), half up or down (floor), in integer arithmetic on the decimal's
// coefficient: the hot path's rounding without the general decimal ops.
// It equals m.RoundHalfUp(scale) / m.Floor(scale).
func round(m payroll.Money, scale int, halfUp bool) payroll.Money {
	d := m.Decimal()
	s := d.Scale()
	if d.IsNeg() || s-scale > 18 {
		if halfUp {
			return m.RoundHalfUp(scale)
		}
		return m.Floor(scale)
	}
	if s <= scale {
		return m
	}
	coef, den := d.Coef(), uint64(1)
	for i := scale; i < s; i++ {
		den *= 10
	}
	q, rem := coef/den, coef%den
	if halfUp && rem >= den-rem {
		q++
	}
	return payroll.MoneyFromDecimal(decimal.MustNew(int64(q), scale))
}

// additionalWage says whether earnings of kind k are additional wages
// (CPF Board: wage supplements not granted wholly for the month, such as
// bonuses, leave encashment, arrears of salary, lump sums); the kinds are
// named as the pay categories give them. A termination payment (ETP:
// retrenchment benefit, compensation for loss of employment) is not wages
// at all (notWages).
func additionalWage(k calc.EarningKind) bool {
	switch k {
	case calc.Bonus, calc.Lumpsum, calc.BackPay, calc.UnusedLeave:
		return true
	}
	return false
}

// commissionAW says whether a commission line is an additional wage: one
// paid for more than a month (Periods > 1, e.g. 3 for a quarter's
// commission). CPF Board: ordinary wages are wages "due or granted wholly
// and exclusively in respect of an employee's employment in that month";
// additional wages are not granted wholly and exclusively for the month,
// such as "incentive and other payments made at intervals of more than a
// month"; commission earned for the month stays OW (docs/reference/
// sg-cpf-aw-ceiling.md, "Commission, director's fees, NS make-up pay").
func commissionAW(l *calc.Earning) bool { return l.Kind == calc.Commission && l.Periods > 1 }

// notWages says whether earnings of kind k are outside the CPF Act's
// wages: a termination payment (ETP), given for retrenchment or the loss
// of employment (CPF Board, "Are CPF contributions payable on gratuity and
// ex-gratia payments?": not payable on compensation for termination or
// loss of employment; docs/reference/termination-compensation.md).
func notWages(k calc.EarningKind) bool { return k == calc.ETP }

// maxAmount bounds every input amount (a billion a line): far above any
// real pay, far below where exact decimal arithmetic would overflow.
var maxAmount = payroll.MustMoney("1000000000")

// Calculate computes the employee-month's SG statutory figures.
func (Engine) Calculate(in *calc.Input) (calc.Result, error) {
	y, err := yearFor(in)
	if err != nil {
		return calc.Result{}, err
	}
	emp := in.SG
	if emp == nil {
		return calc.Result{}, errNoSG
	}
	if in.Frequency != calc.Monthly {
		return calc.Result{}, errFrequency
	}
	var ci cpfIn
	var rem payroll.Money
	for i := range in.Earnings {
		l := &in.Earnings[i]
		if l.Amount.Abs().Cmp(maxAmount) > 0 {
			return calc.Result{}, errRange
		}
		if notWages(l.Kind) {
			// Compensation for the loss of employment: not wages for CPF,
			// nor for the SDL (whose Act now levies "wages" in the CPF
			// Act's words: sdl2008).
			ci.notWages = ci.notWages.Add(l.Amount)
			continue
		}
		rem = rem.Add(l.Amount)
		if l.NotPensionable {
			continue
		}
		if additionalWage(l.Kind) || commissionAW(l) {
			ci.aw = ci.aw.Add(l.Amount)
		} else {
			ci.ow = ci.ow.Add(l.Amount)
		}
	}
	m := monthPaid{ow: emp.MonthOWPaid, aw: emp.MonthAWPaid, owSub: emp.MonthOWSubject, awSub: emp.MonthAWSubject,
		employee: emp.MonthCPFEmployee, employer: emp.MonthCPFEmployer}
	for _, v := range []payroll.Money{m.ow, m.aw, m.owSub, m.awSub, m.employee, m.employer} {
		if v.IsNeg() {
			return calc.Result{}, errNegative
		}
		if v.Cmp(maxAmount) > 0 {
			return calc.Result{}, errRange
		}
	}
	// CPF is on the month's total wages: this run's plus those of the
	// month's earlier runs.
	ci.ow, ci.aw = ci.ow.Add(m.ow), ci.aw.Add(m.aw)
	ci.owYTD, ci.awYTD, ci.projectedOW = emp.OWSubjectToCPFYTD, emp.AWSubjectToCPFYTD, emp.ProjectedOW
	ci.remainingMonths, ci.yearEnd, ci.awPaidYTD = emp.RemainingMonths, emp.YearEnd, emp.AWPaidYTD
	if ci.owYTD.Cmp(maxAmount) > 0 || ci.awYTD.Cmp(maxAmount) > 0 || ci.projectedOW.Cmp(maxAmount) > 0 || ci.awPaidYTD.Cmp(maxAmount) > 0 {
		return calc.Result{}, errRange
	}
	if ci.ow.IsNeg() || ci.aw.IsNeg() || rem.IsNeg() || ci.owYTD.IsNeg() || ci.awYTD.IsNeg() || ci.projectedOW.IsNeg() || ci.awPaidYTD.IsNeg() {
		return calc.Result{}, errNegative
	}
	if ci.remainingMonths < 0 || ci.remainingMonths > 11 {
		return calc.Result{}, fmt.Errorf("sg: remaining months %d (want 0-11)", ci.remainingMonths)
	}

	out := newBuilder(calc.SG, y.name)

	switch emp.Residency {
	case "", calc.SGCitizen, calc.SGPR3, calc.SGPR1, calc.SGPR2:
		if emp.DateOfBirth.IsZero() {
			return calc.Result{}, errNoDOB
		}
		pay := in.PaymentDate
		if pay.IsZero() {
			pay = y.start
		}
		b, err := bandOf(y, emp.DateOfBirth, emp.Residency, pay)
		if err != nil {
			return calc.Result{}, err
		}
		if ci.yearEnd {
			if ci.awMonths, err = awMonthsOf(y, emp, pay); err != nil {
				return calc.Result{}, err
			}
		}
		o, err := cpf(y, b, ci)
		if err != nil {
			return calc.Result{}, err
		}
		if m.any() {
			o.lessEarlier(&m)
		}
		out.addCPF(b, ci, o, &m)
	case calc.SGForeigner:
		// Not a CPF member (CPF covers citizens and PRs; the rules file's
		// tables are for SC/SPR): no CPF figures.
	default:
		return calc.Result{}, fmt.Errorf("%w %q", errResidency, emp.Residency)
	}

	if emp.SDLExempt {
		// Outside the levy (the employer's record): nil, with the
		// remuneration it would have been on.
		out.add(CodeSDL, payroll.Money{}, sdlExemptRule,
			calc.Term{Name: "remuneration", Value: rem},
			calc.Term{Name: "remuneration levied (employee exempt from SDL)", Value: payroll.Money{}})
		out.sdlNotWagesTerm(ci.notWages)
		return out.res, nil
	}
	mRem, mSDL := emp.MonthRemunerationPaid, emp.MonthSDLCharged
	if mRem.IsNeg() || mSDL.IsNeg() {
		return calc.Result{}, errNegative
	}
	if mRem.Cmp(maxAmount) > 0 || mSDL.Cmp(maxAmount) > 0 {
		return calc.Result{}, errRange
	}
	if mRem.IsZero() && mSDL.IsZero() {
		levied, levy := sdl(y, rem)
		out.add(CodeSDL, levy, y.sdlRule,
			calc.Term{Name: "remuneration", Value: rem},
			calc.Term{Name: "remuneration levied", Value: levied})
		out.sdlNotWagesTerm(ci.notWages)
		return out.res, nil
	}
	// The levy is monthly, per employee, on the month's total
	// remuneration (Skills Development Levy Act 1979 s 3(1), (1A) as
	// amended by Act 20 of 2008: "0.25% of the remuneration in any month
	// of that employee ... or $2, whichever is the greater", not chargeable
	// on the part of the month's remuneration over $4,500;
	// docs/reference/sg-sdl-monthly.md): the month's levy
	// on this run's remuneration plus the month's other runs', less what
	// those runs charged (never below nil: a run does not refund).
	month := rem.Add(mRem)
	levied, monthLevy := sdl(y, month)
	levy := monthLevy.Sub(mSDL).Max(payroll.Money{})
	out.add(CodeSDL, levy, y.sdlRule,
		calc.Term{Name: "remuneration", Value: rem},
		calc.Term{Name: "remuneration paid by the month's other runs", Value: mRem},
		calc.Term{Name: "month's remuneration", Value: month},
		calc.Term{Name: "remuneration levied", Value: levied},
		calc.Term{Name: "month's levy", Value: monthLevy},
		calc.Term{Name: "SDL charged by the month's other runs", Value: mSDL})
	out.sdlNotWagesTerm(ci.notWages)
	return out.res, nil
}

// sdlNotWagesTerm adds to the SDL figure (the last) the month's
// termination payments it leaves out, when there are any: compensation
// for the loss of employment is not "wages" under the Skills Development
// Levy Act 1979 s 2 as amended in 2022 (sdl2008's rule).
func (out *builder) sdlNotWagesTerm(notWages payroll.Money) {
	if !notWages.IsPos() {
		return
	}
	f := &out.res.Figures[len(out.res.Figures)-1]
	start := len(out.terms)
	out.terms = append(out.terms, f.Terms...)
	out.terms = append(out.terms, calc.Term{Name: "termination payments (compensation for loss of employment: not wages, not levied)", Value: notWages})
	f.Terms = out.terms[start:len(out.terms):len(out.terms)]
}

// sdlExemptRule explains the nil levy of an employee the employer records
// as exempt from the Skills Development Levy.
var sdlExemptRule = &calc.Rule{Code: "sg.sdl.exempt", Text: "SG Skills Development Levy: not payable for an employee recorded as exempt (domestic workers employed as servants, gardeners or chauffeurs; employees working outside Singapore)",
	Source: "SkillsFuture Singapore SDL calculator (sdlcalculator.app.tc1.airbase.sg); CPF Board, \"Who do I have to pay SDL for?\" (employees working in Singapore); docs/reference/sg-sdl-and-spr-rates.md"}

// maxTerms: cpf.employee 3 + cpf.employer 2 + cpf.total 9 (and again
// with the termination payments: 10) + sdl 2, and when earlier runs of
// the month paid wages the three CPF figures' terms again with the
// month's working (employee 5, employer 4, total 16) and the SDL's month
// (4 more), and the SDL's again with the termination payments (7).
// A year-end shortfall adds 3 terms for each earlier month of AW (at most
// 11).
const maxTerms = 62 + 33

// builder collects a result's figures; the figures and every figure's
// terms live in one block (one allocation per calculation).
type builder struct {
	res   calc.Result
	terms []calc.Term
}

// maxFigures is the most figures a result has.
const maxFigures = 4

type block struct {
	figures [maxFigures]calc.Figure
	terms   [maxTerms]calc.Term
}

func newBuilder(region, year string) builder {
	b := new(block)
	return builder{
		res:   calc.Result{Region: region, TaxYear: year, Figures: b.figures[:0:maxFigures]},
		terms: b.terms[:0:maxTerms],
	}
}

func (b *builder) add(code string, amt payroll.Money, rule *calc.Rule, ts ...calc.Term) {
	start := len(b.terms)
	b.terms = append(b.terms, ts...)
	b.res.Figures = append(b.res.Figures, calc.Figure{Code: code, Amount: amt, Rule: rule, Terms: b.terms[start:len(b.terms):len(b.terms)]})
}

func (out *builder) addCPF(b *ageBand, ci cpfIn, o cpfOut, m *monthPaid) {
	out.addCPFFigures(b, ci, o)
	if o.month == nil {
		return
	}
	// The month's working: the figures are the month's CPF less what the
	// earlier runs of the month charged.
	out.appendTerms(0, calc.Term{Name: "employee share of the month's total wages", Value: o.month.employee},
		calc.Term{Name: "employee share charged by earlier runs this month", Value: m.employee})
	out.appendTerms(1, calc.Term{Name: "employer share of the month's total wages", Value: o.month.employer},
		calc.Term{Name: "employer share charged by earlier runs this month", Value: m.employer})
	out.appendTerms(2, calc.Term{Name: "ordinary wages paid by earlier runs this month", Value: m.ow},
		calc.Term{Name: "additional wages paid by earlier runs this month", Value: m.aw},
		calc.Term{Name: "month's OW subject to CPF", Value: o.month.owSub},
		calc.Term{Name: "month's AW subject to CPF", Value: o.month.awSub},
		calc.Term{Name: "month's CPF on its total wages", Value: o.month.total},
		calc.Term{Name: "CPF charged by earlier runs this month", Value: m.employee.Add(m.employer)})
}

// appendTerms adds ts to the terms of figure i.
func (out *builder) appendTerms(i int, ts ...calc.Term) {
	f := &out.res.Figures[i]
	start := len(out.terms)
	out.terms = append(out.terms, f.Terms...)
	out.terms = append(out.terms, ts...)
	f.Terms = out.terms[start:len(out.terms):len(out.terms)]
}

func (out *builder) addCPFFigures(b *ageBand, ci cpfIn, o cpfOut) {
	if o.graduated {
		out.add(CodeCPFEmployee, o.employee, o.rule,
			calc.Term{Name: "total wages", Value: o.wages},
			rateTerm("employee phase-in factor on total wages above $500", b.phaseIn),
			calc.Term{Name: "employee share before rounding down", Value: o.exactEmployee})
		out.add(CodeCPFEmployer, o.employer, o.rule,
			calc.Term{Name: "total contribution", Value: o.total},
			calc.Term{Name: "employee share", Value: o.employee})
		out.add(CodeCPFTotal, o.total, o.rule,
			calc.Term{Name: "ordinary wages", Value: ci.ow},
			calc.Term{Name: "additional wages", Value: ci.aw},
			calc.Term{Name: "total wages", Value: o.wages},
			rateTerm("employer rate on total wages", b.employer),
			calc.Term{Name: "total before rounding", Value: o.exactTotal})
		out.notWagesTerm(ci)
		return
	}
	out.add(CodeCPFEmployee, o.employee, o.rule,
		calc.Term{Name: "wages subject to CPF", Value: o.wages},
		rateTerm("employee rate", b.employee),
		calc.Term{Name: "employee share before rounding down", Value: o.exactEmployee})
	out.add(CodeCPFEmployer, o.employer, o.rule,
		calc.Term{Name: "total contribution", Value: o.total},
		calc.Term{Name: "employee share", Value: o.employee})
	ceilingTerm := "AW ceiling remaining"
	projected := calc.Term{Name: "estimated OW subject to CPF for the rest of the year", Value: o.projectedOW}
	if ci.yearEnd {
		// The AW term keeps its name: pay runs read it (cpf_aw_subject).
		ceilingTerm = "AW ceiling remaining (year-end recalculation on the year's actual OW; AW subject to CPF includes the year's adjustment)"
		projected = calc.Term{Name: "AW paid earlier this year", Value: ci.awPaidYTD}
	}
	var excess []calc.Term
	for _, p := range o.shortfall {
		if p.band == nil {
			excess = append(excess, calc.Term{Name: "AW of earlier months made subject to CPF at the year end (the month paid not known: priced at this month's rates)", Value: p.aw})
			continue
		}
		mo := p.month.Format("2006-01")
		excess = append(excess, calc.Term{Name: "AW of " + mo + " made subject to CPF at the year end (priced at the rates of the month it was paid)", Value: p.aw},
			rateTerm("total rate of "+mo, p.band.total), rateTerm("employee rate of "+mo, p.band.employee))
	}
	if o.awExcess.IsPos() {
		excess = append(excess, calc.Term{Name: "AW contributed on earlier this year above the recalculated ceiling (its contributions to be claimed back from the CPF Board, not taken off this month's)", Value: o.awExcess})
	}
	out.add(CodeCPFTotal, o.total, o.rule,
		calc.Term{Name: "ordinary wages", Value: ci.ow},
		calc.Term{Name: "OW subject to CPF", Value: o.owSub},
		calc.Term{Name: "OW subject to CPF earlier this year", Value: ci.owYTD},
		projected,
		calc.Term{Name: "additional wages", Value: ci.aw},
		calc.Term{Name: ceilingTerm, Value: o.awCeiling},
		calc.Term{Name: "AW subject to CPF", Value: o.awSub},
		rateTerm("total rate", b.total),
		calc.Term{Name: "total before rounding", Value: o.exactTotal})
	if len(excess) > 0 {
		out.appendTerms(len(out.res.Figures)-1, excess...)
	}
	out.notWagesTerm(ci)
}

// notWagesTerm adds to the CPF total's terms the month's termination
// payments left out of wages, when there are any.
func (out *builder) notWagesTerm(ci cpfIn) {
	if !ci.notWages.IsPos() {
		return
	}
	f := &out.res.Figures[len(out.res.Figures)-1]
	start := len(out.terms)
	out.terms = append(out.terms, f.Terms...)
	out.terms = append(out.terms, calc.Term{Name: "termination payments (compensation for loss of employment: not wages)", Value: ci.notWages})
	f.Terms = out.terms[start:len(out.terms):len(out.terms)]
}
