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

// TermExtraPayRate names the PAYE figure's term that holds the rate the
// extra pays were taxed at (a fraction): the payday filing's lump sum
// indicator is 1 when it is the lowest rate (§5.11 step 3.9).
const TermExtraPayRate = "rate on extra pays"

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
	errRange       = errors.New("nz: amount out of range")
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

// progressive is the tax on amount (≥ 0) under a banded scale: the tax
// of the bands below the amount's band (precomputed) plus the band's rate
// on the part above its start.
func progressive(bs []bracket, amount payroll.Money) payroll.Money {
	for i := range bs {
		b := &bs[i]
		if b.upTo.IsZero() || amount.Cmp(b.upTo) <= 0 {
			return b.base.Add(amount.Sub(b.from).Mul(b.rate))
		}
	}
	return payroll.Money{} // not reached: the last band has no limit
}

// withBases fills each band's start and the tax of the bands below it.
func withBases(bs []bracket) []bracket {
	var prev, base payroll.Money
	for i := range bs {
		bs[i].from, bs[i].base = prev, base
		if !bs[i].upTo.IsZero() {
			base = base.Add(bs[i].upTo.Sub(prev).Mul(bs[i].rate))
			prev = bs[i].upTo
		}
	}
	return bs
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

// rateTerm shows a rate among a figure's terms (as a fraction: 0.035).
func rateTerm(r payroll.Rate) calc.Term {
	return calc.Term{Name: "rate", Value: payroll.MoneyFromDecimal(r.Decimal())}
}

// cents rounds a non-negative amount half up to the cent.
func cents(m payroll.Money) payroll.Money { return divCents(m, 1) }

// divCents is m / n rounded half up to the cent (m ≥ 0, n > 0). It is
// exactly m.DivInt(n).Cents() but in integer arithmetic on the decimal's
// coefficient: Quo of a non-terminating quotient (tax / 52) goes through
// big.Int long division, the slowest step of a calculation.
func divCents(m payroll.Money, n int64) payroll.Money {
	d := m.Decimal()
	s := d.Scale()
	if d.IsNeg() || n <= 0 || n > 1000 || s > 12 {
		return m.DivInt(n).Cents()
	}
	coef, den := d.Coef(), uint64(n)
	for i := 2; i < s; i++ {
		den *= 10
	}
	for i := s; i < 2; i++ {
		if coef > 1<<60 {
			return m.DivInt(n).Cents()
		}
		coef *= 10
	}
	q, rem := coef/den, coef%den
	if rem >= den-rem {
		q++
	}
	return payroll.MoneyFromMinor(int64(q))
}

// maxAmount bounds every input amount (a billion a line): far above any
// real pay, far below where exact decimal arithmetic would overflow.
var maxAmount = payroll.MustMoney("1000000000")

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
const maxTerms = 34 // paye 7 (+6 extra pays; secondary 10) + acc 4 (+1 redundancy) + studentloan 5 + kiwisaver 2 (+1 redundancy) + 2 + esct 4 (+1 shortfall)

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
	// Extra pays (bonuses, lump sums) are taxed by IRD's extra-pay rule,
	// the rest (regular) as the period's pay.
	// Redundancy (kind ETP) is an extra pay for PAYE but neither ACC
	// liable nor salary or wages for KiwiSaver (IRD, "Taxing employee
	// redundancy"; KiwiSaver Act 2006 s 4).
	var taxable, ksBase, ksExtra, extra, redundancy payroll.Money
	for i := range in.Earnings {
		l := &in.Earnings[i]
		if l.Amount.Abs().Cmp(maxAmount) > 0 {
			return calc.Result{}, errRange
		}
		if !l.NotTaxable {
			taxable = taxable.Add(l.Amount)
			if extraPay(l.Kind) {
				extra = extra.Add(l.Amount)
			}
			if l.Kind == calc.ETP {
				redundancy = redundancy.Add(l.Amount)
			}
		}
		if !l.NotPensionable && l.Kind != calc.ETP {
			ksBase = ksBase.Add(l.Amount)
			if extraPay(l.Kind) {
				ksExtra = ksExtra.Add(l.Amount)
			}
		}
	}
	if in.PreTax.Abs().Cmp(maxAmount) > 0 || emp.ACCLiableEarningsYTD.Cmp(maxAmount) > 0 || emp.ESCTRateThreshold.Cmp(maxAmount) > 0 ||
		emp.RecentEarnings.Abs().Cmp(maxAmount) > 0 || emp.TerminationEarnings.Abs().Cmp(maxAmount) > 0 || emp.TerminationAnnualEarnings.Abs().Cmp(maxAmount.MulInt(52)) > 0 || emp.ESCTPeriodShortfall.Abs().Cmp(maxAmount) > 0 {
		return calc.Result{}, errRange
	}
	taxable = taxable.Sub(in.PreTax)
	if taxable.IsNeg() || ksBase.IsNeg() || extra.IsNeg() || redundancy.IsNeg() || emp.RecentEarnings.IsNeg() || emp.TerminationEarnings.IsNeg() || emp.TerminationAnnualEarnings.IsNeg() || emp.ESCTPeriodShortfall.IsNeg() {
		return calc.Result{}, errNegative
	}
	// Pre-tax deductions come off the regular pay first.
	extra = extra.Min(taxable)
	regular := taxable.Sub(extra)
	redundancy = redundancy.Min(extra)

	var ksEmpRate, ksErRate payroll.Rate
	if emp.KiwiSaver {
		ksEmpRate, ksErRate, err = kiwiSaverRates(y, emp)
		if err != nil {
			return calc.Result{}, err
		}
	}

	out := newBuilder(calc.NZ, y.name)

	// The annualised income an extra pay is measured against (IR, Payroll
	// Calculations & Business Rules Specification §5.11 step 3.1): the
	// regular earnings of the pays made in the four weeks to and including
	// this pay's date, this pay's included and other extra pays left out,
	// × 13 (monthly: the month's pay × 12); a new employee's only what was
	// paid. From 1 April 2025 an extra pay in a termination pay or a pay
	// after it takes the last two fully paid pay periods before the
	// termination pay, × the periods in the year ÷ 2 (s RD 17 as amended;
	// main codes: a secondary code's flat rate needs no band).
	var annualised, recent payroll.Money
	termination, fallback := false, false
	if extra.IsPos() {
		recent = emp.RecentEarnings.Add(regular)
		if emp.RecentEarnings.IsZero() && employedBefore(emp.StartDate, in.PaymentDate.AddDate(0, 0, -26)) {
			// Employed all the four weeks, yet no earlier pay of them is
			// recorded here (the employer's history before this payroll):
			// the pays made are not known, so each is taken as this one.
			// A new employee's window holds only what was paid.
			recent = regular.MulInt(extraPayPays[fi])
		}
		annualised = recent.MulInt(extraPayAnnualise[fi])
		if emp.TerminationPay && y.terminationRule != nil && (tc.flat == nil || tc.flat.secondary) {
			if emp.TerminationPeriodsPaid+emp.TerminationPeriodsEstimated >= 2 {
				termination = true
				recent = emp.TerminationEarnings.Add(regular.MulInt(int64(emp.TerminationPeriodsEstimated)))
				annualised = recent.MulInt(periods).DivInt(2)
				if emp.TerminationAnnualEarnings.IsPos() {
					// Each found period annualised by its own frequency
					// (a change of pay frequency before leaving), the
					// estimated ones by this pay's; the mean of the two.
					annualised = emp.TerminationAnnualEarnings.Add(regular.MulInt(int64(emp.TerminationPeriodsEstimated) * periods)).DivInt(2)
				}
			} else {
				// A new employee without two periods before the
				// termination pay: the sources give no rate (the
				// employee may notify one, s RD 10), so the extra pay
				// keeps the four-week rule's, only what was paid.
				fallback = true
			}
		}
	}

	// The amount an extra pay's levy room is measured from: the annualised
	// income, and on a secondary code its low threshold amount too (§5.12
	// step 4).
	accFloor := annualised
	secondaryExtra := tc.flat != nil && tc.flat.secondary && extra.IsPos()
	if secondaryExtra {
		accFloor = annualised.Add(tc.flat.low)
	}

	// The extra pays' levied earnings (§5.11 step 4, §5.12 step 4; not
	// redundancy): in full when the grossed-up amount is within the
	// year's maximum, up to the maximum less the annualised income when
	// only the annualised income is, none beyond. Their levy is not
	// rounded (steps 4.2-4.3) until it is added to the tax on them (step 5).
	var extraLevied payroll.Money
	liableExtra := extra.Sub(redundancy)
	if room := y.accMax.Sub(accFloor); liableExtra.IsPos() && room.IsPos() {
		extraLevied = liableExtra.Min(room)
	}
	extraLevy := extraLevied.Mul(y.accRate)
	// The earnings an extra pay is measured against, as the explanation
	// names them.
	window := "regular earnings of the four weeks to the pay date (monthly: the month), this pay's included"
	if termination {
		window = "regular earnings of the last two fully paid pay periods before the termination pay"
	}

	// The regular pay's ACC earners' levy: up to the year's maximum liable
	// earnings ÷ pays in the year, rounded to the cent.
	periodMax := y.accMax.DivInt(periods)
	regularLevied := regular.Min(periodMax)
	regularLevy := mulCents(regularLevied, y.accRate)

	// PAYE (income tax part). IR's specification computes the tax and the
	// levy together and truncates their total (§§5.2-5.3, 5.6-5.8, 5.11
	// step 5, 5.12 step 5); the levy is reported on its own (ACC, below),
	// so PAYE is that total less the levy reported, and the two add up to
	// IR's figure.
	if secondaryExtra {
		// An extra pay on a secondary code (s RD 17(3)-(4), IR's
		// specification §5.12 steps 3.1-3.13): the annualised amount plus
		// the code's low threshold amount plus the extra pay, cents
		// dropped, is the grossed amount, whose band is the extra pay's
		// rate; the regular pay keeps the code's flat rate (§5.6).
		grossed := accFloor.Add(extra).Trunc(0)
		rate := band(y.brackets, grossed)
		regularTax := flatTax(regular, tc.flat.rate, regularLevied, y.accRate).Sub(regularLevy)
		extraTax := extraPayTax(extra, rate, extraLevy)
		out.add(CodePAYE, nonNeg(regularTax).Add(extraTax), y.secondaryExtraRule,
			calc.Term{Name: "taxable earnings", Value: regular},
			rateTerm(tc.flat.rate),
			calc.Term{Name: "tax on regular earnings", Value: regularTax},
			calc.Term{Name: "extra pays", Value: extra},
			calc.Term{Name: window, Value: recent},
			calc.Term{Name: "annualised amount", Value: annualised},
			calc.Term{Name: "low threshold amount (" + tc.flat.code + ")", Value: tc.flat.low},
			calc.Term{Name: "grossed amount", Value: grossed},
			calc.Term{Name: TermExtraPayRate, Value: payroll.MoneyFromDecimal(rate.Decimal())},
			calc.Term{Name: "tax on extra pays", Value: extraTax})
	} else if tc.flat != nil {
		// §§5.6-5.8: the pay in whole dollars × (the code's rate + the
		// levy's rate), truncated to whole cents (the levy on the liable
		// part only: redundancy is not liable).
		whole := taxable.Trunc(0)
		total := flatTax(taxable, tc.flat.rate, regularLevied.Add(extraLevied), y.accRate)
		out.add(CodePAYE, nonNeg(total.Sub(regularLevy).Sub(extraLevy.Trunc(2))), tc.flat.rule,
			calc.Term{Name: "taxable earnings", Value: taxable},
			calc.Term{Name: "taxable earnings in whole dollars", Value: whole},
			rateTerm(tc.flat.rate),
			calc.Term{Name: "tax and ACC earners' levy, truncated to whole cents", Value: total})
	} else {
		// §§5.2-5.3: the period's pay annualised, cents dropped; the
		// annual tax plus the annual levy (the maximum's when the income
		// reaches it) less the IETC, none rounded; ÷ 52 truncated to
		// whole cents (the weekly figure), then × 52 ÷ the pays in the
		// year, truncated again. The specification knows weekly,
		// fortnightly, four-weekly and monthly pays; a quarterly or
		// annual pay divides the annual total by its pays directly.
		annual := regular.MulInt(periods).Trunc(0)
		annualTax := progressive(y.brackets, annual)
		rule := y.mainRule
		var credit payroll.Money
		if tc.me {
			rule = y.meRule
			credit = y.ietc.credit(annual)
		}
		annualLevy := annual.Min(y.accMax).Mul(y.accRate)
		annualTotal := nonNeg(annualTax.Add(annualLevy).Sub(credit))
		weekly := annualTotal.DivInt(52).Trunc(2)
		total := weekly
		switch periods {
		case 26, 13, 12:
			total = weekly.MulInt(52).DivInt(periods).Trunc(2)
		case 4, 1:
			total = annualTotal.DivInt(periods).Trunc(2)
		}
		tax := nonNeg(total.Sub(regularLevy))
		ts := [...]calc.Term{{Name: "taxable earnings", Value: regular}, {Name: "annualised earnings", Value: annual},
			{Name: "annual income tax", Value: annualTax},
			{Name: "annual ACC earners' levy", Value: annualLevy},
			{Name: "weekly tax and levy, truncated to whole cents", Value: weekly},
			{Name: "this pay's tax and levy, truncated to whole cents", Value: total},
			{Name: "annual IETC", Value: credit}}
		terms := ts[:6]
		if tc.me {
			terms = ts[:]
		}
		if extra.IsPos() {
			// §5.11 steps 3.2-3.11: the annualised income plus the extra
			// pay itself (not annualised), cents dropped: the grossed-up
			// amount, whose band is the extra pay's rate.
			grossedUp := annualised.Add(extra).Trunc(0)
			rate := band(y.brackets, grossedUp)
			extraTax := extraPayTax(extra, rate, extraLevy)
			tax = tax.Add(extraTax)
			rule = y.extraRule
			switch {
			case termination:
				rule = y.terminationRule
			case fallback:
				rule = y.terminationFallbackRule
			}
			terms = append(terms[:len(terms):len(terms)],
				calc.Term{Name: "extra pays", Value: extra},
				calc.Term{Name: window, Value: recent},
				calc.Term{Name: "annualised income", Value: annualised},
				calc.Term{Name: "grossed-up amount", Value: grossedUp},
				calc.Term{Name: TermExtraPayRate, Value: payroll.MoneyFromDecimal(rate.Decimal())},
				calc.Term{Name: "tax on extra pays", Value: extraTax})
		}
		out.add(CodePAYE, tax, rule, terms...)
	}

	// ACC earners' levy, per pay: regular pay up to the year's maximum
	// liable earnings ÷ pays in the year, rounded to the cent; the extra
	// pays' levy (above) truncated to whole cents (§5.11 step 5.2).
	levied := regularLevied.Add(extraLevied)
	accTerms := [...]calc.Term{{Name: "liable earnings", Value: taxable.Sub(redundancy)},
		{Name: "maximum liable earnings per pay", Value: periodMax.Cents()},
		{Name: "levied earnings", Value: levied},
		{Name: "annualised income (extra pays)", Value: accFloor},
		{Name: "redundancy (not liable)", Value: redundancy}}
	acc := accTerms[:3]
	if liableExtra.IsPos() {
		acc = accTerms[:4]
	}
	if redundancy.IsPos() {
		acc = append(acc[:len(acc):len(acc)], accTerms[4])
	}
	out.add(CodeACC, regularLevy.Add(extraLevy.Trunc(2)), y.accRule, acc...)

	// Student loan (IR, Payroll Calculations & Business Rules Specification
	// §5.4, §5.6 step 3, §5.11 step 2): the pay for the period (regular
	// and extra pays, not non-taxable amounts) truncated to whole dollars;
	// main codes repay 12% of it above the period's threshold, secondary
	// codes 12% of all of it; the deduction truncated to whole cents. An
	// extra pay paid without regular pay has no period threshold: 12% of
	// the whole extra pay (§5.11 step 2.3, NB; Example 4).
	if tc.sl {
		whole := taxable.Trunc(0)
		if tc.flat != nil {
			out.add(CodeStudentLoan, truncCents(whole, y.sl.rate), y.sl.secRule,
				calc.Term{Name: "earnings", Value: taxable},
				calc.Term{Name: "earnings in whole dollars", Value: whole})
		} else {
			th := y.sl.thresholds[fi]
			if th.IsZero() {
				return calc.Result{}, errSLThreshold
			}
			var over payroll.Money
			if !regular.IsPos() && extra.IsPos() {
				over, th = extra, payroll.Money{}
			} else if over = whole.Sub(th); over.IsNeg() {
				over = payroll.Money{}
			}
			out.add(CodeStudentLoan, truncCents(over, y.sl.rate), y.sl.rule,
				calc.Term{Name: "earnings", Value: regular},
				calc.Term{Name: "extra pays", Value: extra},
				calc.Term{Name: "pay for the period in whole dollars", Value: whole},
				calc.Term{Name: "period threshold", Value: th},
				calc.Term{Name: "pay over threshold", Value: over})
		}
	}

	// KiwiSaver and ESCT.
	if emp.KiwiSaver {
		// Contributions truncated to whole cents (IR's specification
		// §5.21.2 example: "Truncated to 2 decimal places").
		ee := truncCents(ksBase, ksEmpRate)
		er := truncCents(ksBase, ksErRate)
		ksTerms := [...]calc.Term{{Name: "gross salary/wages", Value: ksBase}, rateTerm(ksEmpRate),
			{Name: "redundancy (not salary or wages)", Value: redundancy}}
		nKS := 2
		if redundancy.IsPos() {
			nKS = 3
		}
		out.add(CodeKSEmployee, ee, y.ks.employeeRule, ksTerms[:nKS]...)
		out.add(CodeKSEmployer, er, y.ks.employerRule,
			calc.Term{Name: "gross salary/wages", Value: ksBase},
			rateTerm(ksErRate))
		whole := er.Trunc(0)
		if emp.ESCTRate.IsPos() {
			// The rate the employer worked out for the year (IRD: once, at
			// the start of the year or of the employment).
			if !esctBandRate(y.esct, emp.ESCTRate) {
				return calc.Result{}, fmt.Errorf("nz: ESCT rate %s%% is not one of the %s ESCT rates (10.5, 17.5, 30, 33, 39)", emp.ESCTRate.Mul(payroll.RateFromInt(100)).String(), y.name)
			}
			out.add(CodeESCT, truncCents(whole, emp.ESCTRate), y.esctRule,
				calc.Term{Name: "employer contribution", Value: er},
				calc.Term{Name: "contribution in whole dollars", Value: whole},
				calc.Term{Name: "ESCT rate recorded for the employee (%)", Value: payroll.MoneyFromDecimal(emp.ESCTRate.Mul(payroll.RateFromInt(100)).Decimal())})
			return out.res, nil
		}
		th := emp.ESCTRateThreshold
		if r, ok := esctFirstPayRate(y.esct, emp); ok && th.IsZero() {
			// The rate the year's first pay here used: set at the
			// beginning of the tax year (or employment) and not changed
			// by a later period's pay (IR §5.21.5).
			out.add(CodeESCT, truncCents(whole, r), y.esctRule,
				calc.Term{Name: "employer contribution", Value: er},
				calc.Term{Name: "contribution in whole dollars", Value: whole},
				calc.Term{Name: "first pay of the year: employer contribution", Value: emp.ESCTFirstContribution},
				calc.Term{Name: "first pay of the year: ESCT", Value: emp.ESCTFirstESCT},
				rateTerm(r))
			return out.res, nil
		}
		if th.IsZero() {
			// New employee: estimate the year's salary/wages plus employer
			// contributions (Deloitte, payroll-rules-2026-27.md §3.4) from
			// this period's regular salary or wages, annualised: an extra
			// pay (a bonus) is paid once, not every period.
			regularKS := ksBase.Sub(ksExtra)
			shortfall := emp.ESCTPeriodShortfall
			switch {
			case regularKS.IsPos():
			case shortfall.IsPos():
				// No regular pay in the period, a whole period's pay
				// (joined or left inside it) is the estimate's base.
				regularKS = payroll.Money{}
			case emp.TerminationPay && emp.TerminationPeriodsPaid > 0:
				// Only extra pays after the last regular pay (holiday pay
				// paid the week after leaving): the rate is the year's,
				// set from regular pay (IR §5.21.5: "set at the beginning
				// of the tax year and cannot change"), so a period's
				// regular pay is the mean of the last fully paid periods
				// (the termination rule's), not the extra pays.
				// (Each found period annualised by its own frequency, when
				// known, then taken as one of this pay's periods.)
				regularKS = emp.TerminationEarnings.DivInt(int64(emp.TerminationPeriodsPaid)).Trunc(2)
				if emp.TerminationAnnualEarnings.IsPos() {
					regularKS = emp.TerminationAnnualEarnings.DivInt(int64(emp.TerminationPeriodsPaid) * periods).Trunc(2)
				}
			default:
				regularKS = ksBase
			}
			// A joiner or leaver inside the period: a whole period's pay.
			regularKS = regularKS.Add(shortfall)
			// IR's method (Payroll Calculations & Business Rules
			// Specification §5.22.2, Examples One and Two): (the period's
			// gross + the employer contributions) ÷ the days the earnings
			// cover × the days of the tax year, or of its rest from the
			// start date (the end date included) for an employee who
			// started in it, truncated to the cent ("($380 + $11.40) / 7 x
			// 258 = $14,425.88"; "($878.00 + $26.34) / 14 x 365 =
			// $23,577.43"). Weekly, fortnightly and four-weekly pays cover
			// 7, 14 and 28 days; a monthly (quarterly, annual) pay's
			// share of the year is 1/12 (1/4, 1): × the pays in the year ×
			// the days ÷ the days of the year.
			perPeriod := regularKS.Add(truncCents(regularKS, ksErRate))
			all := int64(y.end.Sub(y.start).Hours()/24 + 0.5)
			days := all
			if st := payroll.DateOnly(emp.StartDate); !st.IsZero() && st.After(y.start) && st.Before(y.end) {
				// Started in this tax year: the estimate is for the rest of
				// it, from the start date to 31 March (IRD, "Find the ESCT
				// rate for each employee"; IR's Example One).
				days = int64(y.end.Sub(st).Hours()/24 + 0.5)
			}
			if pd := esctPeriodDays[fi]; pd > 0 {
				th = perPeriod.MulInt(days).DivInt(pd).Trunc(2)
			} else {
				th = perPeriod.MulInt(periods * days).DivInt(all).Trunc(2)
			}
		}
		rate := band(y.esct, th)
		terms := []calc.Term{{Name: "employer contribution", Value: er}, {Name: "ESCT rate threshold amount", Value: th},
			{Name: "contribution in whole dollars", Value: whole}, rateTerm(rate)}
		if emp.ESCTRateThreshold.IsZero() && emp.ESCTPeriodShortfall.IsPos() {
			terms = append(terms, calc.Term{Name: "estimate: a whole period's pay beyond this period's (joined or left inside it)", Value: emp.ESCTPeriodShortfall})
		}
		// §5.22.3 steps 4-5: the whole dollars × the rate, truncated to
		// whole cents (§5.22.4: $79 × 17.5% = 13.825 → 13.82).
		out.add(CodeESCT, truncCents(whole, rate), y.esctRule, terms...)
	}
	return out.res, nil
}

// flatTax is IR's tax and ACC earners' levy at a flat rate (§§5.6-5.8):
// the pay in whole dollars × the rate, plus the levy's rate × the levied
// earnings (at most the whole dollars), truncated to whole cents.
func flatTax(pay payroll.Money, rate payroll.Rate, levied payroll.Money, accRate payroll.Rate) payroll.Money {
	whole := pay.Trunc(0)
	return whole.Mul(rate).Add(levied.Min(whole).Mul(accRate)).Trunc(2)
}

// extraPayTax is the tax on extra pays at rate (§5.11 steps 3.11 and 5,
// §5.12 steps 3.13 and 5): the tax and the extra pays' levy, neither
// rounded, added and truncated to whole cents, less the levy's part
// (truncated), which is reported as ACC, so that PAYE and ACC add up to
// the specification's figure.
func extraPayTax(extra payroll.Money, rate payroll.Rate, levy payroll.Money) payroll.Money {
	return extra.Mul(rate).Add(levy).Trunc(2).Sub(levy.Trunc(2))
}

// nonNeg is m, or zero when m is negative.
func nonNeg(m payroll.Money) payroll.Money {
	if m.IsNeg() {
		return payroll.Money{}
	}
	return m
}

// employedBefore says whether an employment that started on start (zero:
// not known) had started before day (the day after the four weeks' first:
// employed on all of them).
func employedBefore(start, day time.Time) bool {
	return start.IsZero() || payroll.DateOnly(start).Before(payroll.DateOnly(day))
}

// esctFirstPayRate is the ESCT band rate the year's first pay used: the
// band whose rate on that pay's contribution in whole dollars, truncated to
// the cent (§5.22.3), is the ESCT it deducted (the bands give different
// amounts on any whole dollar: 0.10, 0.17, 0.30, 0.33, 0.39 on $1). ok is
// false without a first pay of at least a dollar, or when no band fits.
func esctFirstPayRate(bands []bracket, emp *calc.NZEmployee) (payroll.Rate, bool) {
	whole := emp.ESCTFirstContribution.Trunc(0)
	if !whole.IsPos() || !emp.ESCTFirstESCT.IsPos() {
		return payroll.Rate{}, false
	}
	for _, b := range bands {
		if truncCents(whole, b.rate).Equal(emp.ESCTFirstESCT) {
			return b.rate, true
		}
	}
	return payroll.Rate{}, false
}

// esctBandRate says whether r is the rate of one of the ESCT bands.
func esctBandRate(bands []bracket, r payroll.Rate) bool {
	for _, b := range bands {
		if b.rate.Cmp(r) == 0 {
			return true
		}
	}
	return false
}

// extraPay says whether earnings of kind k are an extra pay (IR340:
// bonuses, lump sums such as redundancy and retiring payments, back pay,
// holiday pay paid on termination); the kinds are named as the pay
// categories give them.
func extraPay(k calc.EarningKind) bool {
	switch k {
	case calc.Bonus, calc.Lumpsum, calc.BackPay, calc.UnusedLeave, calc.ETP:
		return true
	}
	return false
}

// builder collects a result's figures; the figures and every figure's
// terms live in one block (one allocation per calculation).
type builder struct {
	res   calc.Result
	terms []calc.Term
}

// maxFigures is the most figures a result has.
const maxFigures = 6

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

func kiwiSaverRates(y *year, emp *calc.NZEmployee) (ee, er payroll.Rate, err error) {
	ks := &y.ks
	ee, er = ks.defaultRate, ks.employerMin
	// A chosen rate that is the year's reduced rate and not one of its
	// choices (3% from 1 April 2026) is the temporary rate reduction.
	reduced := !ks.reducedRate.IsZero() && emp.KiwiSaverRate.Cmp(ks.reducedRate) == 0 && !allowedRate(ks.allowed, emp.KiwiSaverRate)
	if emp.KiwiSaverReducedRate || reduced {
		if ks.reducedRate.IsZero() {
			return ee, er, errKSReduced
		}
		ee, er = ks.reducedRate, ks.reducedRate
	} else if !emp.KiwiSaverRate.IsZero() {
		if !allowedRate(ks.allowed, emp.KiwiSaverRate) {
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

// mulCents is m × r rounded half up to the cent (m ≥ 0), in integers when m
// is whole cents and r has at most 6 decimals (ACC, student loan,
// KiwiSaver and ESCT rates), else in decimals: exactly cents(m.Mul(r)).
func mulCents(m payroll.Money, r payroll.Rate) payroll.Money {
	md, rd := m.Decimal(), r.Decimal()
	if md.Scale() <= 2 && rd.Scale() <= 6 && !md.IsNeg() && !rd.IsNeg() && md.Coef() < 1<<40 && rd.Coef() <= 1_000_000 {
		c := int64(md.Coef()) * int64(pow10[2-md.Scale()])  // cents
		r6 := int64(rd.Coef()) * int64(pow10[6-rd.Scale()]) // rate × 10⁶
		if c < 1_000_000_000_000 && r6 <= 1_000_000 {       // product < 10¹⁸
			return payroll.MoneyFromMinor((c*r6 + 500_000) / 1_000_000)
		}
	}
	return cents(m.Mul(r))
}

// esctPeriodDays are the days a weekly, fortnightly and four-weekly pay
// covers (freqIndex order); 0: the pay is a share of the year (monthly,
// quarterly, annual).
var esctPeriodDays = [numFreq]int64{7, 14, 28, 0, 0, 0}

// truncCents is m × r truncated to whole cents (m ≥ 0), as IR's
// specification truncates student loan, KiwiSaver and ESCT ("$56.456
// becomes $56.45"); in integers when m is whole cents and r has at most 6
// decimals, else in decimals.
func truncCents(m payroll.Money, r payroll.Rate) payroll.Money {
	md, rd := m.Decimal(), r.Decimal()
	if md.Scale() <= 2 && rd.Scale() <= 6 && !md.IsNeg() && !rd.IsNeg() && md.Coef() < 1<<40 && rd.Coef() <= 1_000_000 {
		c := int64(md.Coef()) * int64(pow10[2-md.Scale()])  // cents
		r6 := int64(rd.Coef()) * int64(pow10[6-rd.Scale()]) // rate × 10⁶
		if c < 1_000_000_000_000 && r6 <= 1_000_000 {       // product < 10¹⁸
			return payroll.MoneyFromMinor(c * r6 / 1_000_000)
		}
	}
	return m.Mul(r).Trunc(2)
}

var pow10 = [...]uint64{1, 10, 100, 1_000, 10_000, 100_000, 1_000_000}
