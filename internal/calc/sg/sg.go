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
	ow, aw       payroll.Money // this month's ordinary / additional wages
	owYTD, awYTD payroll.Money // subject to CPF earlier in the year
	projectedOW  payroll.Money // OW expected subject to CPF later in the year
}

type cpfOut struct {
	owSub, awCeiling, awSub, wages payroll.Money
	exactTotal, exactEmployee      payroll.Money
	total, employee, employer      payroll.Money
	graduated                      bool // total wages up to fullAbove: the phased rates
	rule                           *calc.Rule
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
	o.awCeiling = y.annualCeiling.Sub(in.owYTD).Sub(o.owSub).Sub(in.projectedOW).Sub(in.awYTD)
	if o.awCeiling.IsNeg() {
		o.awCeiling = payroll.Money{}
	}
	if tw.Cmp(y.fullAbove) <= 0 {
		o.graduated, o.rule = true, b.gradRule
		o.owSub, o.awSub, o.wages = in.ow, in.aw, tw
		if above := tw.Sub(y.phaseFrom); above.IsPos() {
			o.exactEmployee = above.Mul(b.phaseIn)
		}
		o.exactTotal = tw.Mul(b.employer).Add(o.exactEmployee)
	} else {
		o.awSub = in.aw.Min(o.awCeiling)
		o.wages = o.owSub.Add(o.awSub)
		o.exactTotal = o.wages.Mul(b.total)
		o.exactEmployee = o.wages.Mul(b.employee)
	}
	o.total = round(o.exactTotal, 0, true)
	o.employee = round(o.exactEmployee, 0, false)
	o.employer = o.total.Sub(o.employee)
	return o, nil
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
		rem = rem.Add(l.Amount)
		if l.NotPensionable {
			continue
		}
		switch l.Kind {
		case calc.Bonus, calc.Lumpsum:
			ci.aw = ci.aw.Add(l.Amount)
		default:
			ci.ow = ci.ow.Add(l.Amount)
		}
	}
	ci.owYTD, ci.awYTD, ci.projectedOW = emp.OWSubjectToCPFYTD, emp.AWSubjectToCPFYTD, emp.ProjectedOW
	if ci.owYTD.Cmp(maxAmount) > 0 || ci.awYTD.Cmp(maxAmount) > 0 || ci.projectedOW.Cmp(maxAmount) > 0 {
		return calc.Result{}, errRange
	}
	if ci.ow.IsNeg() || ci.aw.IsNeg() || rem.IsNeg() || ci.owYTD.IsNeg() || ci.awYTD.IsNeg() || ci.projectedOW.IsNeg() {
		return calc.Result{}, errNegative
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
		i := bandIndex(y, emp.DateOfBirth, pay)
		b := &y.bands[i]
		switch emp.Residency {
		case calc.SGPR1, calc.SGPR2:
			n := 1
			if emp.Residency == calc.SGPR2 {
				n = 2
			}
			if b, err = sprBand(y, n, i); err != nil {
				return calc.Result{}, err
			}
		}
		o, err := cpf(y, b, ci)
		if err != nil {
			return calc.Result{}, err
		}
		out.addCPF(b, ci, o)
	case calc.SGForeigner:
		// Not a CPF member (CPF covers citizens and PRs; the rules file's
		// tables are for SC/SPR): no CPF figures.
	default:
		return calc.Result{}, fmt.Errorf("%w %q", errResidency, emp.Residency)
	}

	levied, levy := sdl(y, rem)
	out.add(CodeSDL, levy, y.sdlRule,
		calc.Term{Name: "remuneration", Value: rem},
		calc.Term{Name: "remuneration levied", Value: levied})
	return out.res, nil
}

// maxTerms: cpf.employee 3 + cpf.employer 2 + cpf.total 7 + sdl 2.
const maxTerms = 14

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

func (out *builder) addCPF(b *ageBand, ci cpfIn, o cpfOut) {
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
		return
	}
	out.add(CodeCPFEmployee, o.employee, o.rule,
		calc.Term{Name: "wages subject to CPF", Value: o.wages},
		rateTerm("employee rate", b.employee),
		calc.Term{Name: "employee share before rounding down", Value: o.exactEmployee})
	out.add(CodeCPFEmployer, o.employer, o.rule,
		calc.Term{Name: "total contribution", Value: o.total},
		calc.Term{Name: "employee share", Value: o.employee})
	out.add(CodeCPFTotal, o.total, o.rule,
		calc.Term{Name: "ordinary wages", Value: ci.ow},
		calc.Term{Name: "OW subject to CPF", Value: o.owSub},
		calc.Term{Name: "additional wages", Value: ci.aw},
		calc.Term{Name: "AW ceiling remaining", Value: o.awCeiling},
		calc.Term{Name: "AW subject to CPF", Value: o.awSub},
		rateTerm("total rate", b.total),
		calc.Term{Name: "total before rounding", Value: o.exactTotal})
}
