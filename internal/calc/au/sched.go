package au

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// How the lines of a pay divide among the withholding schedules: normal
// earnings (Schedule 1), additional payments (Schedule 5), unused leave
// paid on termination (Schedule 7) and ETPs (Schedule 11).
type earningsSplit struct {
	additional payroll.Money // Schedule 5 lines
	groups     []spread      // the same, by the pay periods they are spread over
	unused     payroll.Money // Schedule 7 lines
	unusedA    payroll.Money // the part of them taxed as Lump Sum A
	unusedB    payroll.Money // the part of them that is Lump Sum B (5% withheld on)
	etpTaxable payroll.Money // taxable components of ETPs
	etps       []etpPart     // the same, by ETP code
	delayed    payroll.Money // the part of them that is delayed termination payments (delayedTermination)
}

type spread struct {
	periods int // 0 = the pay periods in a year
	amount  payroll.Money
}

type etpPart struct {
	code    string
	amount  payroll.Money
	delayed bool // received more than 12 months after the termination: not an ETP (delayedTermination)
}

func (sp *earningsSplit) special() bool {
	return len(sp.groups) > 0 || sp.unused.IsPos() || len(sp.etps) > 0
}

// additionalKind: the kinds Schedule 5 calls back payments, commissions,
// bonuses and similar payments.
func additionalKind(k calc.EarningKind) bool {
	return k == calc.BackPay || k == calc.Bonus || k == calc.Commission
}

// split sorts the taxable lines of a pay. A negative line (a reversal)
// stays in normal earnings.
func split(in *calc.Input) earningsSplit {
	var sp earningsSplit
	for i := range in.Earnings {
		l := &in.Earnings[i]
		if l.NotTaxable || !l.Amount.IsPos() {
			continue
		}
		switch {
		case l.Kind == calc.ETP:
			sp.etpTaxable = sp.etpTaxable.Add(l.Amount)
			j := 0
			for j < len(sp.etps) && sp.etps[j].code != l.ETPCode {
				j++
			}
			if j == len(sp.etps) {
				sp.etps = append(sp.etps, etpPart{code: l.ETPCode})
			}
			sp.etps[j].amount = sp.etps[j].amount.Add(l.Amount)
		case l.Kind == calc.UnusedLeave:
			sp.unused = sp.unused.Add(l.Amount)
			switch {
			case l.LumpSumB:
				sp.unusedB = sp.unusedB.Add(l.Amount)
			case l.LumpSumA:
				sp.unusedA = sp.unusedA.Add(l.Amount)
			}
		case additionalKind(l.Kind) && !l.Regular:
			sp.additional = sp.additional.Add(l.Amount)
			j := 0
			for j < len(sp.groups) && sp.groups[j].periods != l.Periods {
				j++
			}
			if j == len(sp.groups) {
				sp.groups = append(sp.groups, spread{periods: l.Periods})
			}
			sp.groups[j].amount = sp.groups[j].amount.Add(l.Amount)
		}
	}
	return sp
}

// periodsPerYear is the number of pay periods in a year (Schedule 5 step 3,
// Schedule 7 step 2: 52 weekly, 26 fortnightly, 12 monthly; 4 quarterly).
var periodsPerYear = [numFreq]int64{52, 26, 12, 4}

// Static term names of the other schedules.
const (
	tAdditional    = "additional payments"
	tPeriods       = "pay periods spread over"
	tNormalWhole   = "normal earnings, whole dollars"
	tWithheldOn    = "withheld from normal earnings"
	tShare         = "share per pay period, whole dollars"
	tWithheldWith  = "withheld from normal earnings + share"
	tTimesPeriods  = "difference × pay periods"
	tLimit         = "withholding limit"
	tUnused        = "unused leave paid on termination"
	tLumpSumB      = "long service leave accrued before 16 August 1978 (Lump Sum B)"
	tLumpSumB5     = "5% of it, withheld on at marginal rates"
	tNormalGross   = "normal gross earnings of a pay period"
	tSmallLimit    = "limit for a payment under the threshold"
	tETPTaxable    = "ETP taxable component"
	tDelayed       = "delayed termination payments (paid more than 12 months after the termination: not ETPs)"
	tETPCap        = "cap that applies"
	tBelowCap      = "rate up to the cap"
	tAboveCap      = "rate above the cap"
	tPreservation  = "preservation age"
	tAgeAtYearEnd  = "age at the end of the income year"
	tWholeOfIncome = "whole-of-income cap left"
)

// extra is an amount withheld on top of Schedule 1: the tax and the
// Schedule 8 component.
type extra struct{ tax, stsl payroll.Money }

func (x extra) total() payroll.Money { return x.tax.Add(x.stsl) }

// marginal is what withholding from earnings of base whole dollars plus
// share whole dollars a period adds to that from base, times periods
// (Schedule 5 Method A steps 1-7, Schedule 7's marginal rate steps 1-7);
// a negative result is nil.
func marginalExtra(s *calcState, w *withholder, base, share, periods int64) extra {
	lo := w.amount(nil, base*100, false)
	hi := w.amount(nil, (base+share)*100, false)
	s.term(tWithheldOn, lo.total())
	s.term(tWithheldWith, hi.total())
	x := extra{
		tax:  hi.total().Sub(hi.stsl).Sub(lo.total().Sub(lo.stsl)).MulInt(periods).Max(zeroMoney),
		stsl: hi.stsl.Sub(lo.stsl).MulInt(periods).Max(zeroMoney),
	}
	s.term(tTimesPeriods, x.total())
	return x
}

// limited caps x at limit, taking the cut from the Schedule 8 part first
// (the limit is on tax; the component follows it).
func limited(x extra, limit payroll.Money) extra {
	if x.total().Cmp(limit) <= 0 {
		return x
	}
	if x.tax.Cmp(limit) >= 0 {
		return extra{tax: limit}
	}
	return extra{tax: x.tax, stsl: limit.Sub(x.tax)}
}

// schedule5 withholds from back payments, commissions, bonuses and
// similar payments paid with normal pay by Method A: each payment spread
// over the pay periods it relates to (the pay periods in a year unless the
// line says), added to the normal earnings, the difference in withholding
// multiplied back, limited to the top rate of the payment.
func schedule5(s *calcState, y *Year, w *withholder, sp *earningsSplit, normalCents int64) (extra, error) {
	var out extra
	if len(sp.groups) == 0 {
		return out, nil
	}
	base := normalCents / 100 // step 1: ignore cents
	for _, g := range sp.groups {
		periods := int64(g.periods)
		if periods == 0 {
			periods = periodsPerYear[w.f]
		}
		c, ok := centsOf(g.amount)
		if !ok {
			return extra{}, fmt.Errorf("AU: additional payment %s is not whole cents", g.amount)
		}
		share := c / periods / 100 // step 3: ignore cents
		s.term(tAdditional, g.amount)
		s.term(tPeriods, payroll.MoneyFromInt(periods))
		s.term(tNormalWhole, payroll.MoneyFromInt(base))
		s.term(tShare, payroll.MoneyFromInt(share))
		x := marginalExtra(s, w, base, share, periods)
		limit := g.amount.Mul(y.Schedule5.Limit).Trunc(0)
		s.term(tLimit, limit)
		x = limited(x, limit)
		out.tax, out.stsl = out.tax.Add(x.tax), out.stsl.Add(x.stsl)
	}
	s.figure("payg.schedule5", out.tax, &y.Schedule5.Rule)
	if w.stsl != nil {
		s.figure("stsl.schedule5", out.stsl, &w.stsl.Rule)
	}
	return out, nil
}
