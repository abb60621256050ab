package uk

import (
	"errors"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Engine is the UK statutory engine. It holds no state: the rules are the
// package's year tables.
type Engine struct{}

var (
	_ calc.Engine        = Engine{}
	_ calc.VectorChecker = Engine{}
)

// New returns the UK engine (also a calc.VectorChecker).
func New() calc.Engine { return Engine{} }

func (Engine) Region() string { return calc.UK }

// TaxYear names the UK tax year (6 April – 5 April) of the input.
func (Engine) TaxYear(in *calc.Input) (string, error) {
	y, err := yearOf(in)
	if err != nil {
		return "", err
	}
	return y.Name, nil
}

func yearOf(in *calc.Input) (*Year, error) {
	if in.TaxYear != "" {
		return yearNamed(in.TaxYear)
	}
	return yearFor(in.PaymentDate)
}

// block holds a calculation's figures (pension ×2, paye, ni ×2, loan, pgl)
// and their terms in one allocation.
type block struct {
	figs  [blockFigures]calc.Figure
	terms [blockTerms]calc.Term
}

const (
	blockFigures = 7
	blockTerms   = 24
)

// termsNeeded is the capacity of the one Terms backing array of a
// calculation (every figure's Terms is a slice of it): PAYE ≤ 6, NI 5 (9
// for a director's annual figures), pension 4+1, loans 2 each, statutory
// payments ≤ 5 each.
func termsNeeded(emp *calc.UKEmployee) int {
	n := 6 + 5 + 5*len(emp.Statutory)
	if !emp.YTD.PreviousEmploymentPay.IsZero() || !emp.YTD.PreviousEmploymentTax.IsZero() {
		n += 2
	}
	if emp.Director {
		n += 4
	}
	if emp.Pension != nil {
		n += 5
	}
	if emp.StudentLoan != calc.LoanNone {
		n += 2
	}
	if emp.PostgraduateLoan {
		n += 2
	}
	return n
}

// Calculate computes every UK statutory figure of the employee-period, in
// this order: statutory payments (they are earnings), pension, paye,
// ni.employee, ni.employer, student loans, pgl.
//
// A new starter's P45 figures (YTD.PreviousEmploymentPay/Tax) add to the
// year to date of cumulative PAYE and show as the first terms of paye.
//
// Pay bases: taxable/NI-able pay = earnings lines not NotTaxable plus
// statutory payments; PAYE pay additionally less Input.PreTax and a net
// pay arrangement's employee contribution (which do not reduce NI or loan
// pay; salary sacrifice is modelled by reducing the earnings lines).
// Pensionable pay = lines not NotPensionable plus statutory payments.
func (Engine) Calculate(in *calc.Input) (calc.Result, error) {
	if in.Region != "" && !strings.EqualFold(in.Region, calc.UK) {
		return calc.Result{}, fmt.Errorf("uk: input region %q", in.Region)
	}
	if in.UK == nil {
		return calc.Result{}, errors.New("uk: input has no UK employee settings")
	}
	if err := validate(in); err != nil {
		return calc.Result{}, err
	}
	y, err := yearOf(in)
	if err != nil {
		return calc.Result{}, err
	}
	emp := in.UK
	shape, err := shapeOf(in.Frequency)
	if err != nil {
		return calc.Result{}, err
	}
	code, err := ParseTaxCode(emp.TaxCode)
	if err != nil {
		return calc.Result{}, err
	}
	letter, err := parseCategory(emp.NICategory)
	if err != nil {
		return calc.Result{}, err
	}
	if letter < 'A' || letter > 'Z' || y.fixed.cats[letter-'A'].cat == nil {
		return calc.Result{}, fmt.Errorf("uk: %s: NI category %q unknown", y.Name, emp.NICategory)
	}

	res := calc.Result{Region: calc.UK, TaxYear: y.Name}
	var terms []calc.Term
	if need := termsNeeded(emp); len(emp.Statutory) == 0 && len(emp.PayrolledBenefits) == 0 && need <= blockTerms {
		b := new(block) // the usual case: one allocation
		res.Figures, terms = b.figs[:0], b.terms[:0]
	} else {
		res.Figures = make([]calc.Figure, 0, blockFigures+len(emp.Statutory)+len(emp.PayrolledBenefits))
		terms = make([]calc.Term, 0, need)
	}

	// Amounts in pence from here (validate: whole pence, at most £10bn a
	// line); the statutes' roundings are integer divisions (fixed.go).
	var taxable, pensionable, notNI int64
	for i := range in.Earnings {
		e := &in.Earnings[i]
		p, ok := pence(e.Amount)
		if !ok {
			return calc.Result{}, fmt.Errorf("uk: earnings %s out of range", e.Amount)
		}
		if !e.NotTaxable {
			taxable += p
			if e.NotNIable { // taxable, not Class 1 earnings: Class 1A (class1a.go)
				notNI += p
			}
		}
		if !e.NotPensionable {
			pensionable += p
		}
		if taxable > maxPence || taxable < -maxPence || pensionable > maxPence || pensionable < -maxPence {
			return calc.Result{}, errors.New("uk: total earnings out of range")
		}
	}
	for i := range emp.Statutory {
		var f calc.Figure
		f, terms, err = y.statutory(&emp.Statutory[i], terms)
		if err != nil {
			return calc.Result{}, err
		}
		res.Figures = append(res.Figures, f)
		p, ok := pence(f.Amount)
		if !ok {
			return calc.Result{}, fmt.Errorf("uk: %s amount %s out of range", f.Code, f.Amount)
		}
		taxable += p
		pensionable += p
	}
	niPay := taxable - notNI
	preTax, ok1 := pence(in.PreTax)
	ytdPay, ok2 := pence(emp.YTD.TaxablePay)
	ytdTax, ok3 := pence(emp.YTD.TaxPaid)
	prevPay, ok4 := pence(emp.YTD.PreviousEmploymentPay)
	prevTax, ok5 := pence(emp.YTD.PreviousEmploymentTax)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
		return calc.Result{}, errors.New("uk: pre-tax deductions or year-to-date amount out of range")
	}
	// P45: the previous employment's pay and tax of the year count in
	// cumulative PAYE as if paid here (HMRC: operate the code from the P45
	// figures), never in NI.
	ytdPay += prevPay
	ytdTax += prevTax

	// Payrolled benefits: notional pay, taxable only (payrolled.go).
	var notional int64
	for i := range emp.PayrolledBenefits {
		var f calc.Figure
		var p int64
		f, p, terms, err = payrolledBenefit(&emp.PayrolledBenefits[i], terms)
		if err != nil {
			return calc.Result{}, err
		}
		res.Figures = append(res.Figures, f)
		notional += p
	}

	taxPay := taxable - preTax + notional
	if emp.Pension != nil {
		var ee, er calc.Figure
		var eeGross int64
		ee, er, eeGross, terms, err = y.pensionFigures(emp.Pension, shape, pensionable, terms)
		if err != nil {
			return calc.Result{}, err
		}
		if emp.Pension.Method == calc.PensionNetPay {
			taxPay -= eeGross
		}
		res.Figures = append(res.Figures, ee, er)
	}

	ps := len(terms)
	if prevPay != 0 || prevTax != 0 {
		terms = append(terms, calc.Term{Name: "previous employment taxable pay (P45)", Value: money(prevPay)},
			calc.Term{Name: "previous employment tax (P45)", Value: money(prevTax)})
	}
	tax, rule, terms, err := y.payeInt(&payeIn{code: code, w1m1: emp.Week1Month1, shape: shape, period: in.Period, notional: money(notional)}, taxPay, ytdPay, ytdTax, terms)
	if err != nil {
		return calc.Result{}, err
	}
	res.Figures = append(res.Figures, calc.Figure{Code: "paye", Amount: tax, Rule: rule, Terms: terms[ps:len(terms):len(terms)]})

	// NI and student loans of an irregular payment after leaving: a
	// weekly earnings period (GOV.UK, "Employee leaving").
	niShape := shape
	if emp.WeeklyEarningsPeriod && !emp.Director {
		niShape, _ = shapeOf(calc.Weekly)
	}
	terms, err = y.niFigures(&res, in, niShape, letter, niPay, terms)
	if err != nil {
		return calc.Result{}, err
	}
	if niShape != shape {
		// Name the earnings period on the employee's NI figure.
		f := &res.Figures[len(res.Figures)-2]
		start := len(terms)
		terms = append(terms, f.Terms...)
		terms = append(terms, calc.Term{Name: "irregular payment after leaving: weekly earnings period", Value: money(niPay)})
		f.Terms = terms[start:len(terms):len(terms)]
	}

	if emp.StudentLoan != calc.LoanNone {
		p, ok := y.loan(emp.StudentLoan)
		if !ok {
			return calc.Result{}, fmt.Errorf("uk: %s: no student loan plan %q (Plan 5 repayments start in 2026-27)", y.Name, emp.StudentLoan)
		}
		var f calc.Figure
		f, terms = y.loanFigure(p, niShape, niPay, terms)
		res.Figures = append(res.Figures, f)
	}
	if emp.PostgraduateLoan {
		p, _ := y.loan(pglPlan)
		var f calc.Figure
		f, terms = y.loanFigure(p, niShape, niPay, terms)
		res.Figures = append(res.Figures, f)
	}
	if notNI > 0 {
		f, _ := class1A(notNI, terms) // the last figure: its terms are not reused
		res.Figures = append(res.Figures, f)
	}
	return res, nil
}

func (y *Year) loanFigure(p *LoanPlan, shape periodShape, pay int64, terms []calc.Term) (calc.Figure, []calc.Term) {
	threshold, amount := loanDeductionInt(&p.fixed, shape, pay)
	start := len(terms)
	terms = append(terms, calc.Term{Name: "earnings", Value: money(pay)}, calc.Term{Name: "period threshold", Value: money(threshold)})
	return calc.Figure{Code: p.figure, Amount: money(amount), Rule: p.rule, Terms: terms[start:len(terms):len(terms)]}, terms
}

// niFigures appends ni.employee and ni.employer.
func (y *Year) niFigures(res *calc.Result, in *calc.Input, shape periodShape, letter byte, payP int64, terms []calc.Term) ([]calc.Term, error) {
	emp := in.UK
	fc := &y.fixed.cats[letter-'A']
	cat := fc.cat
	eeRule, erRule := fc.ee, fc.er
	annual := false
	if emp.Director {
		switch emp.DirectorNIMethod {
		case calc.DirectorAnnual:
			annual = true
		case calc.DirectorAlternative:
			// Per period, recalculated on the annual basis in the last
			// period of the year (HMRC CA44; HMRC directors' NIC test data)
			// or at the final payment of a director who leaves.
			annual = in.Period >= 1 && int64(in.Period)*shape.multiple == shape.perYear || emp.DirectorLeaving
		default:
			return terms, fmt.Errorf("uk: director NI method %q", emp.DirectorNIMethod)
		}
	}
	var ee, er payroll.Money
	start := len(terms)
	if annual {
		eeRule, erRule = y.rules.niDirEE[cat.Letter], y.rules.niDirER[cat.Letter]
		th, err := y.directorThresholds(emp.DirectorWeeks)
		if err != nil {
			return terms, err
		}
		toDate := emp.YTD.NIEarnings.Add(money(payP))
		eeToDate, erToDate := niParts(cat, &th, toDate)
		ee, er = eeToDate.Sub(emp.YTD.EmployeeNI), erToDate.Sub(emp.YTD.EmployerNI)
		terms = append(terms,
			calc.Term{Name: "NI earnings to date", Value: toDate},
			calc.Term{Name: "annual PT", Value: th[PT]},
			calc.Term{Name: "annual UEL", Value: th[UEL]},
			calc.Term{Name: "employee NI due to date", Value: eeToDate},
			calc.Term{Name: "employee NI paid to date", Value: emp.YTD.EmployeeNI})
		eeTerms := terms[start:len(terms):len(terms)]
		s2 := len(terms)
		terms = append(terms,
			calc.Term{Name: "NI earnings to date", Value: toDate},
			calc.Term{Name: "annual employer threshold", Value: th[cat.EmployerFrom]},
			calc.Term{Name: "employer NI due to date", Value: erToDate},
			calc.Term{Name: "employer NI paid to date", Value: emp.YTD.EmployerNI})
		res.Figures = append(res.Figures,
			calc.Figure{Code: "ni.employee", Amount: ee, Rule: eeRule, Terms: eeTerms},
			calc.Figure{Code: "ni.employer", Amount: er, Rule: erRule, Terms: terms[s2:len(terms):len(terms)]})
		return terms, nil
	}
	if !y.fixed.niOK[shape.freq] {
		return terms, fmt.Errorf("uk: %s: no NI thresholds for %s pay", y.Name, in.Frequency)
	}
	th := &y.fixed.ni[shape.freq]
	eeP, erP := niPartsInt(fc, th, payP)
	// PT, UEL, earnings, employer threshold: the employee's terms are the
	// first three, the employer's the last two (one shared term).
	terms = append(terms,
		calc.Term{Name: "PT", Value: money(th[PT])},
		calc.Term{Name: "UEL", Value: money(th[UEL])},
		calc.Term{Name: "NI earnings", Value: money(payP)},
		calc.Term{Name: employerThresholdTerm[cat.EmployerFrom], Value: money(th[cat.EmployerFrom])})
	eeTerms := terms[start : start+3 : start+3]
	s2 := start + 2
	res.Figures = append(res.Figures,
		calc.Figure{Code: "ni.employee", Amount: money(eeP), Rule: eeRule, Terms: eeTerms},
		calc.Figure{Code: "ni.employer", Amount: money(erP), Rule: erRule, Terms: terms[s2:len(terms):len(terms)]})
	return terms, nil
}

var employerThresholdTerm = [numThresholds]string{
	"employer threshold (LEL)", "employer threshold (PT)", "employer threshold (ST)",
	"employer threshold (FUST)", "employer threshold (UEL/UST)",
}
