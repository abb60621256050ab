package my

import (
	"errors"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Figure codes the MY engine produces, in this order. A scheme the
// employee is not covered by has no figures (a foreign worker has no
// EIS, a local employee who opted out of LINDUNG 24 Jam no lindung24).
const (
	CodePCB           = "pcb"            // monthly tax deduction (employee)
	CodeZakat         = "zakat"          // zakat deducted from pay (employee)
	CodeEPFEmployee   = "epf.employee"   // EPF employee share
	CodeEPFEmployer   = "epf.employer"   // EPF employer share
	CodeSOCSOEmployee = "socso.employee" // SOCSO employee share
	CodeSOCSOEmployer = "socso.employer" // SOCSO employer share
	CodeEISEmployee   = "eis.employee"   // EIS employee share
	CodeEISEmployer   = "eis.employer"   // EIS employer share
	CodeLindung24     = "lindung24"      // LINDUNG 24 Jam (employee)
	CodeHRD           = "hrd"            // HRD Corp levy (employer)
)

// Engine is the MY statutory engine. It is stateless; the zero value works.
type Engine struct{}

// New returns the MY engine (also a calc.VectorChecker).
func New() calc.Engine { return Engine{} }

var (
	_ calc.Engine        = Engine{}
	_ calc.VectorChecker = Engine{}
)

// Region is calc.MY.
func (Engine) Region() string { return calc.MY }

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
	return nil, fmt.Errorf("my: Malaysian statutory rules for %q are not available: %w", name, calc.ErrNoRules)
}

func yearByDate(d time.Time) (*year, error) {
	for _, y := range years {
		if !d.Before(y.start) && d.Before(y.end) {
			return y, nil
		}
	}
	return nil, fmt.Errorf("my: Malaysian statutory rules (PCB specification, EPF, SOCSO and EIS schedules) for payments on %s are not available: %w", d.Format(time.DateOnly), calc.ErrNoRules)
}

func yearFor(in *calc.Input) (*year, error) {
	if in.TaxYear != "" {
		return yearByName(in.TaxYear)
	}
	return yearByDate(in.PaymentDate)
}

var (
	errNoMY      = errors.New("my: input has no MY employee settings")
	errFrequency = errors.New("my: PCB by the computerised method and the EPF, SOCSO and EIS schedules are monthly: the pay frequency must be Monthly")
	errNegative  = errors.New("my: negative earnings, deductions or year-to-date")
	errNoDOB     = errors.New("my: the employee's date of birth is needed for the EPF part, SOCSO category and EIS coverage")
	errRange     = errors.New("my: amount out of range")
)

// maxAmount bounds every input amount (a billion): far above any real
// pay, far below where exact decimal arithmetic would overflow.
var maxAmount = payroll.MustMoney("1000000000")

// monthIndex counts months (year*12 + month).
func monthIndex(t time.Time) int { return t.Year()*12 + int(t.Month()) }

// reached is whether, in the month of pay, the employee born on dob has
// passed the month of their age-th birthday: an age rule applies from
// the month after the birthday month (EPF's rule for the 60-and-above
// rates; used for every age limit, see my-pay-rules.md §3.2).
func reached(dob, pay time.Time, age int) bool {
	return monthIndex(pay) > (dob.Year()+age)*12+int(dob.Month())
}

// wages are a month's earnings by statutory base.
type wages struct {
	pcbNormal, pcbAdditional payroll.Money // taxable normal / additional remuneration
	epfNormal, epfAdditional payroll.Money // EPF wages from normal / additional remuneration
	epfBonus                 payroll.Money // of which bonus (the employer rate band ignores it)
	socso                    payroll.Money // SOCSO / EIS / LINDUNG 24 Jam wages
	hrd                      payroll.Money // HRD levy wages
	gross                    payroll.Money
}

// classify sorts the month's earnings into the statutes' wage bases.
func classify(es []calc.Earning) (wages, error) {
	var w wages
	for i := range es {
		e := &es[i]
		if e.Amount.Abs().Cmp(maxAmount) > 0 {
			return w, errRange
		}
		w.gross = w.gross.Add(e.Amount)
		normal, epf, socso, hrd, bonus := true, true, true, true, false
		switch e.Kind {
		case calc.Overtime:
			epf, hrd = false, false
		case calc.Commission:
			normal, hrd = false, false
		case calc.Bonus:
			normal, socso, hrd, bonus = false, false, false, true
		case calc.Lumpsum:
			normal, epf, socso, hrd = false, false, false, false
		case calc.Ordinary, calc.Leave, calc.Allowance, "":
		default:
			return w, fmt.Errorf("my: earnings kind %q unknown", e.Kind)
		}
		if !e.NotTaxable {
			if normal {
				w.pcbNormal = w.pcbNormal.Add(e.Amount)
			} else {
				w.pcbAdditional = w.pcbAdditional.Add(e.Amount)
			}
		}
		if epf && !e.NotPensionable {
			if normal {
				w.epfNormal = w.epfNormal.Add(e.Amount)
			} else {
				w.epfAdditional = w.epfAdditional.Add(e.Amount)
			}
			if bonus {
				w.epfBonus = w.epfBonus.Add(e.Amount)
			}
		}
		if socso {
			w.socso = w.socso.Add(e.Amount)
		}
		if hrd {
			w.hrd = w.hrd.Add(e.Amount)
		}
	}
	for _, a := range []payroll.Money{w.pcbNormal, w.pcbAdditional, w.epfNormal, w.epfAdditional, w.socso, w.hrd} {
		if a.IsNeg() {
			return w, errNegative
		}
	}
	return w, nil
}

// check validates the settings the calculation reads.
func check(e *calc.MYEmployee) error {
	switch e.Citizenship {
	case "", calc.MYCitizen, calc.MYPermanentResident, calc.MYForeign:
	default:
		return fmt.Errorf("my: citizenship %q unknown (Citizen, PermanentResident, Foreign)", e.Citizenship)
	}
	switch e.MaritalStatus {
	case "", calc.MYSingle, calc.MYMarried, calc.MYDivorced, calc.MYWidowed:
	default:
		return fmt.Errorf("my: marital status %q unknown (Single, Married, Divorced, Widowed)", e.MaritalStatus)
	}
	switch e.EPFPart {
	case "", calc.MYEPFPartA, calc.MYEPFPartC, calc.MYEPFPartE, calc.MYEPFPartF, calc.MYEPFPartNone:
	case "B", "D":
		return fmt.Errorf("my: EPF Third Schedule Part %s (non-citizens who elected to contribute) is not available: its rates were not found in an official source", e.EPFPart)
	default:
		return fmt.Errorf("my: EPF part %q unknown (A, C, E, F, None)", e.EPFPart)
	}
	switch e.SOCSOCategory {
	case "", calc.MYSOCSOFirst, calc.MYSOCSOSecond, calc.MYSOCSONone:
	default:
		return fmt.Errorf("my: SOCSO category %q unknown (First, Second, None)", e.SOCSOCategory)
	}
	switch e.Lindung24 {
	case calc.MYLindungParticipating, calc.MYLindungOtherEmployer:
	case calc.MYLindungOptedOut:
		if e.Citizenship == calc.MYForeign {
			return errors.New("my: LINDUNG 24 Jam is compulsory for foreign workers: they cannot opt out")
		}
	default:
		return fmt.Errorf("my: LINDUNG 24 Jam participation %q unknown (OptedOut, OtherEmployer, or empty to contribute)", e.Lindung24)
	}
	for _, c := range []calc.MYChildren{e.Children, e.ChildrenHalf} {
		if badChildren(c) {
			return errors.New("my: number of children negative or over 100")
		}
	}
	if e.HRDLevyRate.IsNeg() || e.HRDLevyRate.Cmp(payroll.MustRate("0.01")) > 0 {
		return fmt.Errorf("my: HRD levy rate %s out of range (0 to 1%%)", e.HRDLevyRate)
	}
	for _, a := range []payroll.Money{e.Zakat, e.TaxRelief, e.BenefitsInKind, e.YTD.Remuneration, e.YTD.EPF, e.YTD.PCB, e.YTD.Zakat, e.YTD.TaxRelief} {
		if a.IsNeg() {
			return errNegative
		}
		if a.Cmp(maxAmount) > 0 {
			return errRange
		}
	}
	return nil
}

func badChildren(x calc.MYChildren) bool {
	return x.Under18 < 0 || x.Studying < 0 || x.HigherEducation < 0 || x.Disabled < 0 || x.DisabledHigherEducation < 0 ||
		x.Total() > 100
}

// Calculate computes the employee-month's MY statutory figures.
func (Engine) Calculate(in *calc.Input) (calc.Result, error) {
	y, err := yearFor(in)
	if err != nil {
		return calc.Result{}, err
	}
	emp := in.MY
	if emp == nil {
		return calc.Result{}, errNoMY
	}
	if in.Frequency != calc.Monthly {
		return calc.Result{}, errFrequency
	}
	if err := check(emp); err != nil {
		return calc.Result{}, err
	}
	w, err := classify(in.Earnings)
	if err != nil {
		return calc.Result{}, err
	}
	pay := in.PaymentDate
	if pay.IsZero() {
		pay = y.start
	}
	needAge := emp.EPFPart == "" || emp.SOCSOCategory == "" || (!emp.EISExempt && emp.Citizenship != calc.MYForeign)
	if needAge && emp.DateOfBirth.IsZero() {
		return calc.Result{}, errNoDOB
	}
	out := builder{res: calc.Result{Region: calc.MY, TaxYear: y.name}}

	// EPF first: PCB relieves the employee's share (K1, Kt).
	part, err := epfPartFor(y, emp, pay)
	if err != nil {
		return calc.Result{}, err
	}
	var epf epfOut
	if part != nil {
		epf = epfMonth(part, w)
	}

	p := pcbIn{month: int(pay.Month()), emp: emp, y1: w.pcbNormal.Add(emp.BenefitsInKind), yt: w.pcbAdditional,
		k1: epf.k1, kt: epf.employee.Sub(epf.k1)}
	if emp.NonResident {
		o := pcbNonResident(&y.pcb, p)
		out.add(CodePCB, o.pcb, y.pcb.nonResRule,
			calc.Term{Name: "remuneration of the month (Y1 + Yt)", Value: o.remuneration},
			calc.Term{Name: "tax at the non-resident rate", Value: o.tax},
			calc.Term{Name: "zakat this month", Value: emp.Zakat})
	} else {
		o := pcbResident(&y.pcb, p)
		out.add(CodePCB, o.pcb, y.pcb.rule, o.terms()...)
	}
	if emp.Zakat.IsPos() {
		out.add(CodeZakat, emp.Zakat, y.zakatRule, calc.Term{Name: "zakat deducted from pay", Value: emp.Zakat})
	}
	if part != nil {
		epfTerms := []calc.Term{
			{Name: "EPF wages", Value: epf.wages},
			{Name: "wages the shares are charged on", Value: epf.base},
		}
		out.add(CodeEPFEmployee, epf.employee, part.rule, append(epfTerms,
			calc.Term{Name: "employee share on normal remuneration (K1)", Value: epf.k1})...)
		out.add(CodeEPFEmployer, epf.employer, part.rule, append(epfTerms,
			calc.Term{Name: "wages without bonus (picks the employer rate)", Value: epf.withoutBonus})...)
	}
	socsoContributions(&out, y, emp, pay, w.socso)
	if emp.HRDLevyRate.IsPos() && citizenship(emp) == calc.MYCitizen {
		levy := w.hrd.Mul(emp.HRDLevyRate).RoundHalfUp(2)
		out.add(CodeHRD, levy, y.hrdRule,
			calc.Term{Name: "levy wages", Value: w.hrd},
			calc.Term{Name: "levy rate", Value: payroll.MoneyFromDecimal(emp.HRDLevyRate.Decimal())})
	}
	return out.res, nil
}

func citizenship(e *calc.MYEmployee) string {
	if e.Citizenship == "" {
		return calc.MYCitizen
	}
	return e.Citizenship
}

// socsoContributions adds SOCSO, EIS and LINDUNG 24 Jam on the month's
// Act 4 / Act 800 wages.
func socsoContributions(out *builder, y *year, emp *calc.MYEmployee, pay time.Time, wages payroll.Money) {
	cz := citizenship(emp)
	cat := emp.SOCSOCategory
	if cat == "" {
		cat = calc.MYSOCSOFirst
		if cz == calc.MYForeign || reached(emp.DateOfBirth, pay, y.socsoSecondAge) {
			cat = calc.MYSOCSOSecond
		}
	}
	var row *contributionRow
	idx := -1
	if wages.IsPos() {
		idx, row = contributionRowFor(wages)
	}
	get := func(f func(*contributionRow) int64) payroll.Money {
		if row == nil {
			return payroll.Money{}
		}
		return payroll.MoneyFromMinor(f(row))
	}
	rowTerms := []calc.Term{{Name: "contribution wages", Value: wages},
		{Name: "schedule row", Value: payroll.MoneyFromInt(int64(idx + 1))}}
	switch cat {
	case calc.MYSOCSOFirst:
		out.add(CodeSOCSOEmployee, get(func(c *contributionRow) int64 { return c.socsoEE1 }), y.socsoRule1, rowTerms...)
		out.add(CodeSOCSOEmployer, get(func(c *contributionRow) int64 { return c.socsoER1 }), y.socsoRule1, rowTerms...)
	case calc.MYSOCSOSecond:
		out.add(CodeSOCSOEmployee, payroll.Money{}, y.socsoRule2, rowTerms...)
		out.add(CodeSOCSOEmployer, get(func(c *contributionRow) int64 { return c.socsoER2 }), y.socsoRule2, rowTerms...)
	}
	eis := cat != calc.MYSOCSONone && !emp.EISExempt && cz != calc.MYForeign &&
		reached(emp.DateOfBirth, pay, y.eisMinAge) && !reached(emp.DateOfBirth, pay, y.eisEndAge)
	if eis {
		v := get(func(c *contributionRow) int64 { return c.eisE })
		out.add(CodeEISEmployee, v, y.eisRule, rowTerms...)
		out.add(CodeEISEmployer, v, y.eisRule, rowTerms...)
	}
	if lp := lindungPeriodOf(y, pay); lp != nil && cat != calc.MYSOCSONone && emp.Lindung24 == calc.MYLindungParticipating {
		out.add(CodeLindung24, get(func(c *contributionRow) int64 { return c.lindung24 }), lp.rule, rowTerms...)
	}
}

func lindungPeriodOf(y *year, pay time.Time) *lindungPeriod {
	for i := range y.lindung {
		if l := &y.lindung[i]; !pay.Before(l.from) && pay.Before(l.to) {
			return l
		}
	}
	return nil
}

// builder collects a result's figures.
type builder struct{ res calc.Result }

func (b *builder) add(code string, amt payroll.Money, rule *calc.Rule, ts ...calc.Term) {
	b.res.Figures = append(b.res.Figures, calc.Figure{Code: code, Amount: amt, Rule: rule, Terms: append([]calc.Term(nil), ts...)})
}
