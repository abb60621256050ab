package nz

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Figure codes the NZ engine produces (in this order; optional ones only
// when they apply).
const (
	CodePAYE        = "paye"               // income tax by tax code (excl. ACC levy)
	CodeACC         = "acc"                // ACC earners' levy
	CodeStudentLoan = "studentloan"        // student loan repayment (SL codes)
	CodeKSEmployee  = "kiwisaver.employee" // KiwiSaver employee contribution (members)
	CodeKSEmployer  = "kiwisaver.employer" // KiwiSaver employer contribution, gross of ESCT
	CodeESCT        = "esct"               // ESCT on the employer contribution
)

// Engine is the NZ statutory engine. It is stateless; the zero value works.
type Engine struct{}

// New returns the NZ engine (also a calc.VectorChecker).
func New() calc.Engine { return Engine{} }

var (
	_ calc.Engine        = Engine{}
	_ calc.VectorChecker = Engine{}
)

// Region is calc.NZ.
func (Engine) Region() string { return calc.NZ }

// TaxYear names the income year whose rules apply: in.TaxYear when set,
// else the year containing in.PaymentDate.
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
	return nil, fmt.Errorf("nz: income year %q: %w", name, calc.ErrNoRules)
}

func yearByDate(d time.Time) (*year, error) {
	for _, y := range years {
		if !d.Before(y.start) && d.Before(y.end) {
			return y, nil
		}
	}
	return nil, fmt.Errorf("nz: payment date %s: %w", d.Format(time.DateOnly), calc.ErrNoRules)
}

func yearFor(in *calc.Input) (*year, error) {
	if in.TaxYear != "" {
		return yearByName(in.TaxYear)
	}
	return yearByDate(in.PaymentDate)
}

var (
	errNoNZ        = errors.New("nz: input has no NZ employee settings")
	errFrequency   = errors.New("nz: unsupported pay frequency")
	errNegative    = errors.New("nz: negative earnings")
	errSLThreshold = errors.New("nz: the rules give no student loan threshold for this pay frequency")
	errKSRate      = errors.New("nz: KiwiSaver employee rate is not one the year allows")
	errKSEmployer  = errors.New("nz: KiwiSaver employer rate below the compulsory minimum")
	errKSReduced   = errors.New("nz: the year has no KiwiSaver temporary rate reduction")
	errNDStudent   = errors.New("nz: ND has no student loan variant")
	errUnknownCode = errors.New("nz: unknown tax code")
	errNegativeYTD = errors.New("nz: negative year-to-date amount")
)

// taxCode is a parsed IRD tax code.
type taxCode struct {
	me   bool      // ME: main code with IETC
	flat *flatCode // secondary or ND code; nil for M/ME
	sl   bool      // student loan (SL suffix)
}

func parseTaxCode(y *year, s string) (taxCode, error) {
	var tc taxCode
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutSuffix(s, " SL"); ok {
		tc.sl = true
		s = strings.TrimSpace(rest)
	}
	switch s {
	case "", "M":
		return tc, nil
	case "ME":
		tc.me = true
		return tc, nil
	}
	for i := range y.flat {
		if y.flat[i].code == s {
			tc.flat = &y.flat[i]
			if tc.sl && s == "ND" {
				return tc, errNDStudent
			}
			return tc, nil
		}
	}
	return tc, fmt.Errorf("%w %q", errUnknownCode, s)
}

// progressive is the tax on amount under a banded scale.
func progressive(bs []bracket, amount payroll.Money) payroll.Money {
	var tax, prev payroll.Money
	for _, b := range bs {
		if amount.Cmp(prev) <= 0 {
			break
		}
		part := amount
		if !b.upTo.IsZero() && amount.Cmp(b.upTo) > 0 {
			part = b.upTo
		}
		tax = tax.Add(part.Sub(prev).Mul(b.rate))
		if b.upTo.IsZero() {
			break
		}
		prev = b.upTo
	}
	return tax
}

// band is the rate of the band amount falls in.
func band(bs []bracket, amount payroll.Money) payroll.Rate {
	for _, b := range bs {
		if b.upTo.IsZero() || amount.Cmp(b.upTo) <= 0 {
			return b.rate
		}
	}
	return bs[len(bs)-1].rate
}

func (c ietc) credit(annual payroll.Money) payroll.Money {
	if annual.Less(c.from) {
		return payroll.Money{}
	}
	if annual.Cmp(c.abateFrom) <= 0 {
		return c.annual
	}
	cr := c.annual.Sub(annual.Sub(c.abateFrom).Mul(c.abateRate))
	if cr.IsNeg() {
		return payroll.Money{}
	}
	return cr
}

// AnnualIncomeTax is the income tax on an annual income under the year's
// individual rates (no IETC, no ACC levy): the published annual figure.
func annualIncomeTax(y *year, income payroll.Money) payroll.Money {
	return progressive(y.brackets, income).Cents()
}

func pct(r payroll.Rate) payroll.Money {
	return payroll.MoneyFromDecimal(r.Mul(hundred).Decimal())
}

var hundred = payroll.RateFromInt(100)

// Calculate computes the employee-period's NZ statutory figures.
func (e Engine) Calculate(in *calc.Input) (calc.Result, error) {
	y, err := yearFor(in)
	if err != nil {
		return calc.Result{}, err
	}
	return calculate(y, in)
}

// Term slots: every figure's terms live in one backing array (one
// allocation for all terms of a result).
const maxTerms = 24

func calculate(y *year, in *calc.Input) (calc.Result, error) {
	emp := in.NZ
	if emp == nil {
		return calc.Result{}, errNoNZ
	}
	fi, periods, ok := freqIndex(in.Frequency)
	if !ok {
		return calc.Result{}, fmt.Errorf("%w %q", errFrequency, in.Frequency)
	}
	tc, err := parseTaxCode(y, emp.TaxCode)
	if err != nil {
		return calc.Result{}, err
	}
	if emp.StudentLoan {
		if tc.flat != nil && tc.flat.code == "ND" {
			return calc.Result{}, errNDStudent
		}
		tc.sl = true
	}
	if emp.ACCLiableEarningsYTD.IsNeg() || emp.ESCTRateThreshold.IsNeg() {
		return calc.Result{}, errNegativeYTD
	}

	// Bases. Taxable (PAYE, ACC liable, student loan) = taxable lines less
	// pre-tax deductions; KiwiSaver = pensionable lines (gross salary or
	// wages).
	var taxable, ksBase payroll.Money
	for i := range in.Earnings {
		l := &in.Earnings[i]
		if !l.NotTaxable {
			taxable = taxable.Add(l.Amount)
		}
		if !l.NotPensionable {
			ksBase = ksBase.Add(l.Amount)
		}
	}
	taxable = taxable.Sub(in.PreTax)
	if taxable.IsNeg() || ksBase.IsNeg() {
		return calc.Result{}, errNegative
	}

	var ksEmpRate, ksErRate payroll.Rate
	if emp.KiwiSaver {
		ksEmpRate, ksErRate, err = kiwiSaverRates(y, emp)
		if err != nil {
			return calc.Result{}, err
		}
	}

	res := calc.Result{Region: calc.NZ, TaxYear: y.name, Figures: make([]calc.Figure, 0, 6)}
	terms := make([]calc.Term, 0, maxTerms)
	add := func(code string, amt payroll.Money, rule *calc.Rule, ts ...calc.Term) {
		start := len(terms)
		terms = append(terms, ts...)
		res.Figures = append(res.Figures, calc.Figure{Code: code, Amount: amt, Rule: rule, Terms: terms[start:len(terms):len(terms)]})
	}

	// PAYE (income tax part).
	if tc.flat != nil {
		add(CodePAYE, taxable.Mul(tc.flat.rate).Cents(), tc.flat.rule,
			calc.Term{Name: "taxable earnings", Value: taxable},
			calc.Term{Name: "rate (percent)", Value: pct(tc.flat.rate)})
	} else {
		annual := taxable.MulInt(periods)
		annualTax := progressive(y.brackets, annual)
		rule := y.mainRule
		var credit payroll.Money
		if tc.me {
			rule = y.meRule
			credit = y.ietc.credit(annual)
		}
		net := annualTax.Sub(credit)
		if net.IsNeg() {
			net = payroll.Money{}
		}
		tax := net.DivInt(periods).Cents()
		if tc.me {
			add(CodePAYE, tax, rule,
				calc.Term{Name: "taxable earnings", Value: taxable},
				calc.Term{Name: "annualised earnings", Value: annual},
				calc.Term{Name: "annual income tax", Value: annualTax},
				calc.Term{Name: "annual IETC", Value: credit})
		} else {
			add(CodePAYE, tax, rule,
				calc.Term{Name: "taxable earnings", Value: taxable},
				calc.Term{Name: "annualised earnings", Value: annual},
				calc.Term{Name: "annual income tax", Value: annualTax})
		}
	}

	// ACC earners' levy on liable earnings up to the yearly maximum.
	room := y.accMax.Sub(emp.ACCLiableEarningsYTD)
	if room.IsNeg() {
		room = payroll.Money{}
	}
	liable := taxable.Min(room)
	add(CodeACC, liable.Mul(y.accRate).Cents(), y.accRule,
		calc.Term{Name: "liable earnings", Value: taxable},
		calc.Term{Name: "liable earnings to date", Value: emp.ACCLiableEarningsYTD},
		calc.Term{Name: "levied earnings", Value: liable})

	// Student loan.
	if tc.sl {
		if tc.flat != nil {
			add(CodeStudentLoan, taxable.Mul(y.sl.rate).Cents(), y.sl.secRule,
				calc.Term{Name: "earnings", Value: taxable})
		} else {
			th := y.sl.thresholds[fi]
			if th.IsZero() {
				return calc.Result{}, errSLThreshold
			}
			over := taxable.Sub(th)
			if over.IsNeg() {
				over = payroll.Money{}
			}
			add(CodeStudentLoan, over.Mul(y.sl.rate).Cents(), y.sl.rule,
				calc.Term{Name: "earnings", Value: taxable},
				calc.Term{Name: "period threshold", Value: th},
				calc.Term{Name: "earnings over threshold", Value: over})
		}
	}

	// KiwiSaver and ESCT.
	if emp.KiwiSaver {
		ee := ksBase.Mul(ksEmpRate).Cents()
		er := ksBase.Mul(ksErRate).Cents()
		add(CodeKSEmployee, ee, y.ks.employeeRule,
			calc.Term{Name: "gross salary/wages", Value: ksBase},
			calc.Term{Name: "rate (percent)", Value: pct(ksEmpRate)})
		add(CodeKSEmployer, er, y.ks.employerRule,
			calc.Term{Name: "gross salary/wages", Value: ksBase},
			calc.Term{Name: "rate (percent)", Value: pct(ksErRate)})
		th := emp.ESCTRateThreshold
		if th.IsZero() {
			// New employee: estimate the year's salary/wages plus employer
			// contributions from this period (Deloitte, payroll-rules-2026-27.md §3.4).
			th = ksBase.Add(er).MulInt(periods)
		}
		whole := er.Trunc(0)
		rate := band(y.esct, th)
		add(CodeESCT, whole.Mul(rate).Cents(), y.esctRule,
			calc.Term{Name: "employer contribution", Value: er},
			calc.Term{Name: "ESCT rate threshold amount", Value: th},
			calc.Term{Name: "contribution in whole dollars", Value: whole},
			calc.Term{Name: "rate (percent)", Value: pct(rate)})
	}
	return res, nil
}

func kiwiSaverRates(y *year, emp *calc.NZEmployee) (ee, er payroll.Rate, err error) {
	ks := &y.ks
	ee, er = ks.defaultRate, ks.employerMin
	if emp.KiwiSaverReducedRate {
		if ks.reducedRate.IsZero() {
			return ee, er, errKSReduced
		}
		ee, er = ks.reducedRate, ks.reducedRate
	} else if !emp.KiwiSaverRate.IsZero() {
		ok := false
		for _, a := range ks.allowed {
			if a.Cmp(emp.KiwiSaverRate) == 0 {
				ok = true
				break
			}
		}
		if !ok {
			return ee, er, fmt.Errorf("%w: %s", errKSRate, emp.KiwiSaverRate)
		}
		ee = emp.KiwiSaverRate
	}
	if !emp.EmployerKiwiSaverRate.IsZero() {
		if emp.EmployerKiwiSaverRate.Cmp(er) < 0 {
			return ee, er, fmt.Errorf("%w: %s", errKSEmployer, emp.EmployerKiwiSaverRate)
		}
		er = emp.EmployerKiwiSaverRate
	}
	return ee, er, nil
}
