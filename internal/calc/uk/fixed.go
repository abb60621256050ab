package uk

import (
	"fmt"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// The hot path in integers. Every amount the UK statutes round is whole
// pence (validate rejects fractions of a penny), every rate has at most
// four decimals and every band limit is whole pounds, so PAYE, NI, loans
// and the pension contributions are exact in int64 minor units: pence,
// rates × 10⁴ (rate4), products in 10⁻⁶ £. The roundings are the same
// integer divisions the Money versions (bandTax, niParts, loanDeduction)
// perform; property tests check the two agree. Amounts leave the engine as
// payroll.Money.

const rate4 = 10_000 // rates are held × 10⁴

// maxPence bounds the pence sums the integer path takes (£100bn); sums past
// it fall back to the exact decimal arithmetic (or are refused).
const maxPence = 10_000_000_000_000

var pow10 = [...]uint64{1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
	1_000_000_000, 10_000_000_000, 100_000_000_000, 1_000_000_000_000}

// scaled returns d × 10^scale as an integer when that is exact and within
// ±maxPence·10⁴ (ok false otherwise). No decimal arithmetic: it reads the
// coefficient and scale.
func scaled(d decimal.Decimal, scale int) (int64, bool) {
	coef, s := d.Coef(), d.Scale()
	switch {
	case s <= scale:
		k := pow10[scale-s]
		if coef > uint64(maxPence)*rate4/k {
			return 0, false
		}
		coef *= k
	case s-scale < len(pow10):
		k := pow10[s-scale]
		if coef%k != 0 {
			return 0, false
		}
		coef /= k
	default:
		if coef != 0 {
			return 0, false
		}
	}
	if coef > uint64(maxPence)*rate4 {
		return 0, false
	}
	if d.IsNeg() {
		return -int64(coef), true
	}
	return int64(coef), true
}

// pence is m in whole pence (ok false for fractions of a penny or out of
// range).
func pence(m payroll.Money) (int64, bool) {
	p, ok := scaled(m.Decimal(), 2)
	return p, ok && p <= maxPence && p >= -maxPence
}

func mustRate4(r payroll.Rate) int64 {
	v, ok := scaled(r.Decimal(), 4)
	if !ok || v < 0 || v > rate4 {
		panic(fmt.Sprintf("uk: rate %s is not a fraction with at most 4 decimals", r))
	}
	return v
}

func mustPence(m payroll.Money) int64 {
	p, ok := pence(m)
	if !ok {
		panic(fmt.Sprintf("uk: table amount %s is not whole pence", m))
	}
	return p
}

func money(p int64) payroll.Money { return payroll.MoneyFromMinor(p) }

// floorDivInt is ⌊a ÷ b⌋ (towards −∞), b > 0.
func floorDivInt(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// niRoundInt is niRound on an amount in 10⁻⁶ £ (≥ 0; pence × rate4): truncate to the
// third decimal (mils), then 6 or more mils-of-a-penny round up.
func niRoundInt(micro int64) int64 {
	mils := micro / 1000
	p := mils / 10
	if mils%10 >= 6 {
		p++
	}
	return p
}

// Frequencies the tables hold per-period figures for, as array indexes.
const (
	fWeekly = iota
	fFortnightly
	fFourWeekly
	fMonthly
	fQuarterly
	fAnnually
	numFreqs
)

var freqOrder = [numFreqs]calc.Frequency{calc.Weekly, calc.Fortnightly, calc.FourWeekly, calc.Monthly, calc.Quarterly, calc.Annually}

// fixedBand is a Band in integers.
type fixedBand struct {
	upper     int64 // whole pounds; 0 = no limit
	rate      int64 // × 10⁴
	fullBelow int64 // annual tax on the bands below, 10⁻⁴ £
}

// fixedCategory is an NICategory in integers with its rules.
type fixedCategory struct {
	cat                   *NICategory
	main, upper, employer int64 // rates × 10⁴
	ee, er                *calc.Rule
}

// fixedLoan is a LoanPlan in integers.
type fixedLoan struct {
	weekly, monthly int64 // pence
	rate            int64 // × 10⁴
}

// fixedYear is the integer form of a Year's tables (built by buildFixed
// from the same data: still no branch on the year in calculation code).
type fixedYear struct {
	bands    [numJurisdictions][]fixedBand
	ni       [numFreqs][numThresholds]int64 // pence
	niOK     [numFreqs]bool
	penLower [numFreqs]int64
	penUpper [numFreqs]int64
	penOK    [numFreqs]bool
	cats     [26]fixedCategory // by letter − 'A'; cat nil = no such letter
}

func (y *Year) buildFixed() {
	fx := &y.fixed
	for j := range y.PAYE.Bands {
		fx.bands[j] = make([]fixedBand, len(y.PAYE.Bands[j]))
		var full int64
		var lower int64
		for i, b := range y.PAYE.Bands[j] {
			up := mustPence(b.Upper)
			if up%100 != 0 {
				panic(fmt.Sprintf("uk: %s band limit %s is not whole pounds", y.Name, b.Upper))
			}
			fb := fixedBand{upper: up / 100, rate: mustRate4(b.Rate), fullBelow: full}
			if fb.upper != 0 {
				full += (fb.upper - lower) * fb.rate
				lower = fb.upper
			}
			fx.bands[j][i] = fb
		}
	}
	for i, f := range freqOrder {
		if th, ok := y.NI.Thresholds[f]; ok {
			fx.niOK[i] = true
			for k := range th {
				fx.ni[i][k] = mustPence(th[k])
			}
		}
		lo, okL := y.Pension.Lower[f]
		up, okU := y.Pension.Upper[f]
		if okL && okU {
			fx.penOK[i], fx.penLower[i], fx.penUpper[i] = true, mustPence(lo), mustPence(up)
		}
	}
	for i := range y.NI.Categories {
		c := &y.NI.Categories[i]
		if c.Letter < 'A' || c.Letter > 'Z' {
			panic("uk: NI category letter " + string(c.Letter))
		}
		fx.cats[c.Letter-'A'] = fixedCategory{cat: c, main: mustRate4(c.MainRate), upper: mustRate4(c.UpperRate),
			employer: mustRate4(c.EmployerRate), ee: y.rules.niEE[c.Letter], er: y.rules.niER[c.Letter]}
	}
	for i := range y.Loans.Plans {
		p := &y.Loans.Plans[i]
		p.fixed = fixedLoan{weekly: mustPence(p.Weekly), monthly: mustPence(p.Monthly), rate: mustRate4(p.Rate)}
	}
}

// adjWeekP and adjMonthP are adjWeek and adjMonth in pence.
var adjWeekP, adjMonthP [501]int64

// payAdjustmentP is payAdjustment in pence.
func payAdjustmentP(n int, perYear int64) int64 {
	if n == 0 {
		return 0
	}
	q := int64((n - 1) / 500)
	rest := n - 500*int(q)
	if perYear == 52 {
		return adjWeekP[rest] + q*9616
	}
	return adjMonthP[rest] + q*41667
}

// bandTaxInt is bandTax on taxable pay to date u in pence, in pence.
// Thresholds and threshold taxes are in 10⁻⁴ £ (the routines' 4 decimal
// places); the last step splits the sum so that no product overflows for
// any pay the integer path accepts.
func bandTaxInt(bands []fixedBand, banded bool, u, n, perYear int64) int64 {
	if u <= 0 {
		return 0
	}
	t := u / 100 // whole pounds
	var lowerN, k int64
	i := 0
	for ; i < len(bands)-1; i++ {
		scaled := bands[i].upper * n // £ × perYear
		if u <= (scaled+perYear-1)/perYear*100 {
			break
		}
		upperN := scaled * 10_000 / perYear
		if banded {
			k += (upperN - lowerN) * bands[i].rate / 10_000
		}
		lowerN = upperN
	}
	if !banded {
		k = bands[i].fullBelow * n / perYear
	}
	excess := t*10_000 - lowerN // 10⁻⁴ £, ≥ 0: u is above the rounded threshold below
	// tax (10⁻⁸ £) = k×10⁴ + excess×rate; in pence, floored:
	a := k + excess/10_000*bands[i].rate // 10⁻⁴ £
	b := excess % 10_000 * bands[i].rate // 10⁻⁸ £, < 10⁸
	return a/100 + (a%100*10_000+b)/1_000_000
}

// niPartsInt is niParts on pence.
func niPartsInt(c *fixedCategory, th *[numThresholds]int64, pay int64) (ee, er int64) {
	if band := min(pay, th[UEL]) - th[PT]; band > 0 && c.main != 0 {
		ee = niRoundInt(band * c.main)
	}
	if above := pay - th[UEL]; above > 0 && c.upper != 0 {
		ee += niRoundInt(above * c.upper)
	}
	if above := pay - th[c.cat.EmployerFrom]; above > 0 && c.employer != 0 {
		er = niRoundInt(above * c.employer)
	}
	return ee, er
}

// loanDeductionInt is loanDeduction on pence.
func loanDeductionInt(p *fixedLoan, shape periodShape, pay int64) (threshold, amount int64) {
	threshold = p.weekly
	if shape.perYear == 12 {
		threshold = p.monthly
	}
	threshold *= shape.multiple
	excess := pay - threshold
	if excess <= 0 {
		return threshold, 0
	}
	// ⌊rate × excess ÷ k⌋ pounds, × k; excess × rate4 is in 10⁻⁶ £.
	return threshold, excess * p.rate / (shape.multiple * 1_000_000) * shape.multiple * 100
}

// centsRate is ⌊p × r + ½⌋ (pence, half up) for p ≥ 0 and a rate r in
// [0, 1]; ok false when r has more than 6 decimals or the product could
// overflow (the caller then uses decimals).
func centsRate(p int64, r payroll.Rate) (int64, bool) {
	r6, ok := scaled(r.Decimal(), 6)
	if !ok || r6 < 0 || r6 > 1_000_000 || p < 0 || p > maxPence {
		return 0, false
	}
	return (p*r6 + 500_000) / 1_000_000, true
}
