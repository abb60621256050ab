package uk

import (
	"errors"
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// periodShape maps a frequency onto HMRC's tables: PAYE tables are weekly
// (52 to the year) or monthly (12); a multiple-week or multiple-month
// period is the week or month number at its end (fortnightly period 3 =
// week 6, quarterly period 2 = month 6).
type periodShape struct {
	perYear  int64 // 52 or 12
	multiple int64 // weeks or months in one period
	freq     int   // index of the frequency in the per-frequency tables (fWeekly, ...)
}

func shapeOf(f calc.Frequency) (periodShape, error) {
	switch f {
	case calc.Weekly:
		return periodShape{52, 1, fWeekly}, nil
	case calc.Fortnightly:
		return periodShape{52, 2, fFortnightly}, nil
	case calc.FourWeekly:
		return periodShape{52, 4, fFourWeekly}, nil
	case calc.Monthly:
		return periodShape{12, 1, fMonthly}, nil
	case calc.Quarterly:
		return periodShape{12, 3, fQuarterly}, nil
	case calc.Annually:
		return periodShape{12, 12, fAnnually}, nil
	}
	return periodShape{}, fmt.Errorf("uk: pay frequency %q not supported", f)
}

// Codes over 500: each full 500 adds £96.16 a week / £416.67 a month (the
// "box" figures of HMRC's Tables A; rules §2.3 step 1).
var (
	box500Week  = payroll.MustMoney("96.16")
	box500Month = payroll.MustMoney("416.67")
	halfRate    = payroll.MustRate("0.5") // K code regulatory limit (rules §2.2, §2.3 step 5)
)

// ErrWeek53 is returned for a week or month number past the year's last
// possible payment: week 53 (weekly), 54 (fortnightly), 56 (four-weekly);
// month 12.
var ErrWeek53 = errors.New("uk: no tax period after week 53 (weekly), 54 (fortnightly), 56 (four-weekly) or month 12")

// payeUnit is the week/month number n the tables are taken at and whether
// the code is operated on the week-1/month-1 basis. A payment in week 53,
// 54 (fortnightly) or 56 (four-weekly) is taxed on the week 1 basis for the
// weeks the period covers, whatever the code's basis (HMRC's PAYE tax
// table routines, "Payments in weeks 53, 54 or 56"; docs/reference/uk-paye.md).
func payeUnit(in *payeIn) (n int64, w1, week53 bool, err error) {
	w1 = in.w1m1 || in.code.Week1Month1
	if in.period < 1 && !w1 {
		return 0, w1, false, fmt.Errorf("uk: period %d: periods count from 1", in.period)
	}
	end := int64(in.period) * in.shape.multiple
	switch {
	case end > in.shape.perYear && in.shape.perYear == 52 && end-in.shape.multiple == 52:
		return in.shape.multiple, true, true, nil
	case end > in.shape.perYear:
		return 0, w1, false, ErrWeek53
	case w1:
		return in.shape.multiple, true, false, nil
	}
	return end, false, false, nil
}

// payeIn is one PAYE computation.
type payeIn struct {
	code      TaxCode
	w1m1      bool
	shape     periodShape
	period    int
	pay       payroll.Money // taxable pay this period
	payBefore payroll.Money // taxable pay to date before this period (cumulative)
	taxBefore payroll.Money // tax deducted to date before this period (cumulative)
	// notional is the payrolled benefits inside pay: not a relevant
	// payment for the overriding limit (PAYE Regulations 2003 reg 61B(3)).
	notional payroll.Money
}

// payAdjustment is the free pay (allowance codes) or additional pay (K
// codes) of one week or month for code number n (rules §2.3 step 1):
// ⌈(n×10+9) ÷ 52 or 12⌉ to the penny for n ≤ 500; over 500, q = ⌊(n−1)/500⌋
// boxes of 96.16 / 416.67 plus the formula on n − 500q. Code 0 (0T) has none.
func payAdjustment(n int, perYear int64) payroll.Money {
	if n == 0 {
		return payroll.Money{}
	}
	q := (n - 1) / 500
	rest := n - 500*q
	var adj payroll.Money
	if perYear == 52 {
		adj = adjWeek[rest]
	} else {
		adj = adjMonth[rest]
	}
	if q > 0 {
		box := box500Week
		if perYear == 12 {
			box = box500Month
		}
		adj = adj.Add(box.MulInt(int64(q)))
	}
	return adj
}

// adjWeek and adjMonth hold ⌈(n×10+9) ÷ 52 or 12⌉ for n = 1..500: the
// formula evaluated once (it is HMRC's, not a year's parameter).
var adjWeek, adjMonth [501]payroll.Money

func init() {
	for n := 1; n <= 500; n++ {
		adjWeek[n] = ceilDiv(payroll.MoneyFromInt(int64(n)*10+9), 52, 2)
		adjMonth[n] = ceilDiv(payroll.MoneyFromInt(int64(n)*10+9), 12, 2)
		adjWeekP[n], adjMonthP[n] = mustPence(adjWeek[n]), mustPence(adjMonth[n])
	}
}

// bandTax is the tax due to date on taxable pay to date u at unit n of
// perYear, by HMRC's PAYE tax table routines (docs/reference/uk-paye.md):
//
//   - thresholds to date c = annual band limit × n ÷ perYear, truncated to
//     4 decimal places;
//   - the income test compares the unrounded u with each threshold rounded
//     up to the pound: u falls in the first band whose rounded threshold it
//     does not exceed;
//   - threshold taxes to date k (the tax on the full bands below): annual
//     tax × n ÷ perYear truncated to 4 decimal places, or, for a
//     jurisdiction whose table says BandedThresholdTax (Scotland), built
//     band by band from the truncated thresholds, each step truncated to 4
//     decimal places;
//   - tax = k + (u floored to the pound − c below) × rate, rounded down to
//     the penny.
func bandTax(bands []Band, banded bool, u payroll.Money, n, perYear int64) payroll.Money {
	if !u.IsPos() {
		return payroll.Money{}
	}
	t := u.Floor(0)
	var lowerN, k payroll.Money // threshold and threshold tax below the band, 4 dp
	i := 0
	for ; i < len(bands)-1; i++ {
		upperN := floorDiv(bands[i].Upper.MulInt(n), perYear, 4)
		if u.Cmp(ceilDiv(bands[i].Upper.MulInt(n), perYear, 0)) <= 0 {
			break
		}
		if banded {
			k = k.Add(upperN.Sub(lowerN).Mul(bands[i].Rate)).Floor(4)
		}
		lowerN = upperN
	}
	if !banded {
		k = floorDiv(bands[i].fullBelow.MulInt(n), perYear, 4)
	}
	return k.Add(t.Sub(lowerN).Mul(bands[i].Rate)).Floor(2)
}

// paye computes the tax of the period and appends its terms: in integer
// pence (payeInt) when every amount is whole pence, else in decimals.
func (y *Year) paye(in *payeIn, terms []calc.Term) (payroll.Money, *calc.Rule, []calc.Term, error) {
	pay, ok1 := pence(in.pay)
	before, ok2 := pence(in.payBefore)
	taxBefore, ok3 := pence(in.taxBefore)
	if ok1 && ok2 && ok3 {
		return y.payeInt(in, pay, before, taxBefore, terms)
	}
	return y.payeDecimal(in, terms)
}

// payeInt is payeDecimal on pence (every step is an integer division the
// decimal version also makes: floors to the pound and penny).
func (y *Year) payeInt(in *payeIn, pay, payBefore, taxBefore int64, terms []calc.Term) (payroll.Money, *calc.Rule, []calc.Term, error) {
	jur := in.code.Jurisdiction
	bands := y.fixed.bands[jur]
	n, w1, week53, err := payeUnit(in)
	if err != nil {
		return payroll.Money{}, nil, terms, err
	}
	payToDate := pay
	switch {
	case week53:
		taxBefore = 0
		terms = append(terms, calc.Term{Name: "taxable pay (week 53, 54 or 56: week 1 basis)", Value: money(payToDate)})
	case !w1:
		payToDate = payBefore + pay
		terms = append(terms, calc.Term{Name: "taxable pay to date", Value: money(payToDate)})
	default:
		taxBefore = 0
		terms = append(terms, calc.Term{Name: "taxable pay (week 1/month 1)", Value: money(payToDate)})
	}

	var taxToDate int64
	var rule *calc.Rule
	switch in.code.Kind {
	case CodeNT:
		rule = y.rules.payeNT
	case CodeBR, CodeD:
		idx := y.PAYE.BasicBand[jur]
		if in.code.Kind == CodeD {
			idx += 1 + in.code.Number
		}
		if idx >= len(bands) {
			return payroll.Money{}, nil, terms, codeError{in.code.String()}
		}
		rule = y.rules.payeFlat[jur][idx-y.PAYE.BasicBand[jur]]
		whole := floorDivInt(payToDate, 100)
		terms = append(terms, calc.Term{Name: "taxable pay to date, whole pounds", Value: payroll.MoneyFromInt(whole)})
		if whole > 0 {
			taxToDate = whole * bands[idx].rate / 100 // 10⁻⁴ £ floored to pence
		}
	case CodeAllowance, CodeK:
		rule = y.rules.paye[jur]
		adj := payAdjustmentP(in.code.Number, in.shape.perYear) * n
		taxable := payToDate
		if in.code.Kind == CodeK {
			terms = append(terms, calc.Term{Name: "additional pay to date", Value: money(adj)})
			taxable += adj
		} else {
			terms = append(terms, calc.Term{Name: "free pay to date", Value: money(adj)})
			taxable -= adj
		}
		whole := floorDivInt(taxable, 100)
		terms = append(terms, calc.Term{Name: "taxable pay to date after allowance, whole pounds", Value: payroll.MoneyFromInt(whole)})
		taxToDate = bandTaxInt(bands, y.PAYE.BandedThresholdTax[jur], taxable, n, in.shape.perYear)
	}
	terms = append(terms, calc.Term{Name: "tax due to date", Value: money(taxToDate)})
	if !w1 {
		terms = append(terms, calc.Term{Name: "tax deducted to date before this period", Value: money(taxBefore)})
	}
	tax := taxToDate - taxBefore
	notional, _ := pence(in.notional)
	if in.code.Kind == CodeK || notional > 0 {
		// Regulatory limit (see payeDecimal): half the pay, floored to 1p.
		limit := max(floorDivInt(pay-notional, 2), 0)
		terms = append(terms, calc.Term{Name: limitName(notional > 0), Value: money(limit)})
		tax = min(tax, limit)
	}
	return money(tax), rule, terms, nil
}

// payeDecimal is paye in exact decimals: the reference the integer path
// is tested against, and the path for amounts that are not whole pence
// (vector rows).
func (y *Year) payeDecimal(in *payeIn, terms []calc.Term) (payroll.Money, *calc.Rule, []calc.Term, error) {
	jur := in.code.Jurisdiction
	bands := y.PAYE.Bands[jur]
	n, w1, week53, err := payeUnit(in)
	if err != nil {
		return payroll.Money{}, nil, terms, err
	}
	payToDate, taxBefore := in.pay, payroll.Money{}
	switch {
	case week53:
		terms = append(terms, calc.Term{Name: "taxable pay (week 53, 54 or 56: week 1 basis)", Value: payToDate})
	case !w1:
		payToDate, taxBefore = in.payBefore.Add(in.pay), in.taxBefore
		terms = append(terms, calc.Term{Name: "taxable pay to date", Value: payToDate})
	default:
		terms = append(terms, calc.Term{Name: "taxable pay (week 1/month 1)", Value: payToDate})
	}

	var taxToDate payroll.Money
	var rule *calc.Rule
	switch in.code.Kind {
	case CodeNT:
		rule = y.rules.payeNT
	case CodeBR, CodeD:
		idx := y.PAYE.BasicBand[jur]
		if in.code.Kind == CodeD {
			idx += 1 + in.code.Number
		}
		if idx >= len(bands) {
			return payroll.Money{}, nil, terms, codeError{in.code.String()}
		}
		rule = y.rules.payeFlat[jur][idx-y.PAYE.BasicBand[jur]]
		whole := payToDate.Floor(0)
		terms = append(terms, calc.Term{Name: "taxable pay to date, whole pounds", Value: whole})
		if whole.IsPos() {
			taxToDate = whole.Mul(bands[idx].Rate).Floor(2)
		}
	case CodeAllowance, CodeK:
		rule = y.rules.paye[jur]
		adj := payAdjustment(in.code.Number, in.shape.perYear).MulInt(n)
		taxable := payToDate
		if in.code.Kind == CodeK {
			terms = append(terms, calc.Term{Name: "additional pay to date", Value: adj})
			taxable = taxable.Add(adj)
		} else {
			terms = append(terms, calc.Term{Name: "free pay to date", Value: adj})
			taxable = taxable.Sub(adj)
		}
		whole := taxable.Floor(0)
		terms = append(terms, calc.Term{Name: "taxable pay to date after allowance, whole pounds", Value: whole})
		taxToDate = bandTax(bands, y.PAYE.BandedThresholdTax[jur], taxable, n, in.shape.perYear)
	}
	terms = append(terms, calc.Term{Name: "tax due to date", Value: taxToDate})
	if !w1 {
		terms = append(terms, calc.Term{Name: "tax deducted to date before this period", Value: taxBefore})
	}
	tax := taxToDate.Sub(taxBefore)
	if in.code.Kind == CodeK || in.notional.IsPos() {
		// Regulatory limit: at most 50% of this period's pay; the
		// unrecovered tax stays in the cumulative figures. The rules file
		// gives no rounding for the limit: floored to the penny (never
		// more than half the pay).
		limit := in.pay.Sub(in.notional).Mul(halfRate).Floor(2).Max(payroll.Money{})
		terms = append(terms, calc.Term{Name: limitName(in.notional.IsPos()), Value: limit})
		tax = tax.Min(limit)
	}
	return tax, rule, terms, nil
}

// limitName names the regulatory (overriding) limit's term: with
// payrolled benefits in the pay it is half the cash pay only (PAYE
// Regulations 2003 reg 61B(3): the benefit's amount is not a relevant
// payment for the limit).
func limitName(notional bool) string {
	if notional {
		return "overriding limit (50% of cash pay, payrolled benefits left out)"
	}
	return "regulatory limit (50% of pay)"
}
