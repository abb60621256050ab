package au

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// schedule7 withholds from unused annual leave, leave loading and long
// service leave paid on termination (accrued after 17 August 1993):
//
//   - genuine redundancy, invalidity or an early retirement scheme: 32% of
//     the payment (30% for a foreign resident, who pays no Medicare levy),
//     cents disregarded;
//   - any other termination: the marginal rate method — the payment spread
//     over the pay periods in a year (cents disregarded), added to the
//     normal gross earnings of a pay period, the difference in withholding
//     times the pay periods; a payment under $300 has no more withheld
//     than 32% of it.
//
// Long service leave accrued before 16 August 1978 (Lump Sum B, lines with
// LumpSumB) is 5% assessable: on any termination 5% of it is withheld on
// at marginal rates, added to the post-17 August 1993 component on a
// normal termination (ATO "Withholding from unused leave payments on
// termination of employment", step 3, tables 5 and 6). Where that
// component is under $300 (32% of it), the 5% goes through the marginal
// method alone.
func schedule7(s *calcState, y *Year, w *withholder, emp *calc.AUEmployee, sp *earningsSplit, normalCents int64) extra {
	if !sp.unused.IsPos() {
		return extra{}
	}
	t := &y.Schedule7
	lumpSumA, marginal := sp.unusedA, sp.unused.Sub(sp.unusedA).Sub(sp.unusedB)
	if emp.Termination != nil && emp.Termination.GenuineRedundancy {
		lumpSumA, marginal = sp.unused.Sub(sp.unusedB), payroll.Money{}
	}
	var x extra
	if lumpSumA.IsPos() {
		r := t.LumpSumA
		if emp.Scale == calc.AUScale3 {
			r = t.LumpSumAForeign
		}
		s.term(tUnused, lumpSumA)
		s.rate(tRate, r)
		x.tax = lumpSumA.Mul(r).Trunc(0)
		s.figure("payg.schedule7.lumpsuma", x.tax, &t.RedundancyRule)
	}
	var b5 payroll.Money
	if sp.unusedB.IsPos() {
		b5 = sp.unusedB.Mul(t.LumpSumBAssessable)
		s.term(tLumpSumB, sp.unusedB)
		s.term(tLumpSumB5, b5)
	}
	if !marginal.IsPos() && !b5.IsPos() {
		return x
	}
	base := normalCents / 100
	if emp.Termination != nil && emp.Termination.NormalEarnings.IsPos() {
		base = emp.Termination.NormalEarnings.Trunc(0).MinorUnits() / 100
	}
	periods := periodsPerYear[w.f]
	// The share per period disregards cents (the marginal steps); the
	// amount is cut to whole cents first: 5% of a Lump Sum B that is not a
	// multiple of 20c has a third decimal, which centsOf refuses, and the
	// share came out nil (paydepth49: 2,000.98 of Lump Sum B with 20,105.42
	// of other leave gave 0 for 388 a week, 6,500 not withheld).
	shareOf := func(a payroll.Money) int64 {
		c, _ := centsOf(a.Trunc(2))
		return c / periods / 100
	}
	s.term(tNormalGross, payroll.MoneyFromInt(base))
	s.term(tPeriods, payroll.MoneyFromInt(periods))
	small := marginal.IsPos() && marginal.Less(t.SmallPayment)
	var m extra
	if small || !b5.IsPos() {
		if marginal.IsPos() {
			s.term(tUnused, marginal)
			s.term(tShare, payroll.MoneyFromInt(shareOf(marginal)))
			m = marginalExtra(s, w, base, shareOf(marginal), periods)
			if small {
				limit := marginal.Mul(t.LumpSumA).Trunc(0)
				s.term(tSmallLimit, limit)
				m = limited(m, limit)
			}
		}
		if b5.IsPos() {
			s.term(tShare, payroll.MoneyFromInt(shareOf(b5)))
			mb := marginalExtra(s, w, base, shareOf(b5), periods)
			m = extra{tax: m.tax.Add(mb.tax), stsl: m.stsl.Add(mb.stsl)}
		}
	} else {
		s.term(tUnused, marginal)
		s.term(tShare, payroll.MoneyFromInt(shareOf(marginal.Add(b5))))
		m = marginalExtra(s, w, base, shareOf(marginal.Add(b5)), periods)
	}
	s.figure("payg.schedule7", m.tax, &t.MarginalRule)
	if w.stsl != nil {
		s.figure("stsl.schedule7", m.stsl, &w.stsl.Rule)
	}
	x.tax, x.stsl = x.tax.Add(m.tax), m.stsl
	return x
}

// ETP codes (ATO STP Phase 2 employer reporting guidelines): life benefit
// R (excluded: genuine redundancy excess, invalidity, compensation, early
// retirement), O (non-excluded: golden handshake, gratuity, payment in
// lieu of notice, unused sick leave or rostered days off), S and P (the
// same, when an ETP for the same termination was paid in an earlier
// income year); death benefit D (to a dependant), N (to a non-dependant),
// B (to a non-dependant, after one in an earlier income year), T (to the
// trustee of the deceased estate).
var etpOrder = []string{"R", "S", "O", "P", "D", "B", "N", "T"}

// ValidETPCode says whether code is an ETP code the STP guidelines define.
func ValidETPCode(code string) bool {
	for _, c := range etpOrder {
		if c == code {
			return true
		}
	}
	return false
}

func lifeExcluded(code string) bool { return code == "R" || code == "S" }
func death(code string) bool        { return code == "D" || code == "B" || code == "N" || code == "T" }

// DelayedTermination: a payment through an ETP category of code code,
// received more than 12 months after the termination (late), is a delayed
// termination payment, not an ETP (ITAA 1997 s 82-130(1)(b)): every code
// but a genuine redundancy's (or early retirement scheme's) R or S — the
// termination's reason Redundancy (redundancy) — which stays an ETP
// however late (s 82-130(4)(b)). The one reading of the exemption:
// delayedTermination here, and pay.DelayedTermination for STP, the
// payment summary, the run's warnings and the earlier ETPs that reduce
// the caps.
func DelayedTermination(code string, redundancy, late bool) bool {
	return late && !(lifeExcluded(code) && redundancy)
}

// PreservationAge is the preservation age of a person born on dob
// (Superannuation Industry (Supervision) Regulations 1994 reg 6.01(2)):
// 55 for those born before 1 July 1960, one year more for each later
// year of birth to 60 for those born after 30 June 1964.
func PreservationAge(dob time.Time) int {
	switch {
	case dob.Before(date(1960, time.July, 1)):
		return 55
	case dob.Before(date(1961, time.July, 1)):
		return 56
	case dob.Before(date(1962, time.July, 1)):
		return 57
	case dob.Before(date(1963, time.July, 1)):
		return 58
	case dob.Before(date(1964, time.July, 1)):
		return 59
	}
	return 60
}

// ageOn is the completed years of age on day d.
func ageOn(dob, d time.Time) int {
	a := d.Year() - dob.Year()
	if d.Month() < dob.Month() || (d.Month() == dob.Month() && d.Day() < dob.Day()) {
		a--
	}
	return a
}

// schedule11 withholds from the taxable components of the pay's ETPs:
// up to the cap at the rate of the payment (life benefit: 32% under the
// preservation age at the end of the income year, 17% from it; death
// benefit: nil to a dependant, 32% to a non-dependant, none withheld for
// the trustee of an estate), above it at 47%; a foreign resident pays no
// Medicare levy (2% less, nil stays nil); without a TFN 47% (45% foreign),
// cents ignored. The cap of an excluded payment (R, S, death benefits) is
// the ETP cap; of the others the smaller of the ETP cap and the
// whole-of-income cap (less the income year's other taxable payments).
// Each cap is reduced by the earlier ETPs that count against it. Rounded
// to the dollar, 50c up. other is the pay's taxable earnings besides its
// ETPs.
func schedule11(s *calcState, y *Year, in *calc.Input, sp *earningsSplit, other payroll.Money) (payroll.Money, error) {
	emp := in.AU
	t := &y.ETP
	noTFN := emp.Scale == calc.AUScale4Resident || emp.Scale == calc.AUScale4Foreign
	foreign := emp.Scale == calc.AUScale3 || emp.Scale == calc.AUScale4Foreign
	capKnown := t.Cap != nil
	etpCap := t.CapAtLeast
	if capKnown {
		etpCap = *t.Cap
	}
	// Earlier ETPs that reduce the caps, growing with each part of this pay.
	all := emp.YTD.ETP.Add(emp.YTD.ETPSameTermination)
	excluded := emp.YTD.ETPExcluded.Add(emp.YTD.ETPSameTermination)
	woiUsed := emp.YTD.Earnings.Add(other)
	total, err := delayedTermination(s, y, in, sp)
	if err != nil {
		return payroll.Money{}, err
	}
	woiUsed = woiUsed.Add(sp.delayed)
	for _, code := range etpOrder {
		var amount payroll.Money
		for _, p := range sp.etps {
			if p.code == code && !p.delayed {
				amount = amount.Add(p.amount)
			}
		}
		if !amount.IsPos() {
			continue
		}
		s.term(tETPTaxable, amount)
		var w payroll.Money
		rule := &t.Rule
		switch {
		case code == "T":
			rule = &t.TrusteeRule // the estate is assessed: nothing withheld
		case noTFN:
			r := y.PAYG.Scale4Resident
			if foreign {
				r = y.PAYG.Scale4Foreign
			}
			s.rate(tRate, r)
			w = amount.Mul(r).Trunc(0)
			rule = &t.NoTFNRule
		default:
			below := t.Under
			switch {
			case code == "D":
				below = t.DeathDependant
			case death(code):
				below = t.DeathOther
			default:
				if emp.DateOfBirth.IsZero() {
					return payroll.Money{}, payroll.Invalid("dateOfBirth", "the employee's date of birth is needed for the ETP rate (preservation age, Schedule 11)")
				}
				age, pres := ageOn(emp.DateOfBirth, y.To.AddDate(0, 0, -1)), PreservationAge(emp.DateOfBirth)
				s.term(tPreservation, payroll.MoneyFromInt(int64(pres)))
				s.term(tAgeAtYearEnd, payroll.MoneyFromInt(int64(age)))
				if age >= pres {
					below = t.Reached
				}
			}
			above := t.Above
			if foreign {
				above = above.Sub(t.Medicare)
				if below.IsPos() {
					below = below.Sub(t.Medicare)
				}
			}
			// The cap of this payment.
			capLeft := etpCap.Sub(excluded)
			byETPCap := true
			if !lifeExcluded(code) && !death(code) {
				capLeft = etpCap.Sub(all)
				woi := t.WholeOfIncome.Sub(woiUsed).Max(zeroMoney)
				s.term(tWholeOfIncome, woi)
				if woi.Less(capLeft) {
					capLeft, byETPCap = woi, false
				}
			}
			capLeft = capLeft.Max(zeroMoney)
			if byETPCap && !capKnown && capLeft.Less(amount) {
				return payroll.Money{}, fmt.Errorf("AU %s: the ETP cap for the income year is not in the rules (it is at least %s, the previous year's cap, as indexation never lowers it), and this ETP of %s (code %s) goes past that: %w",
					y.Name, t.CapAtLeast.StringFixed(0), amount.StringFixed(2), code, calc.ErrNoRules)
			}
			s.term(tETPCap, capLeft)
			s.rate(tBelowCap, below)
			s.rate(tAboveCap, above)
			in := amount.Min(capLeft)
			w = payroll.MoneyFromInt(dollars(in.Mul(below).Add(amount.Sub(in).Mul(above))))
		}
		s.figure("payg.etp."+code, w, rule)
		total = total.Add(w)
		all = all.Add(amount)
		if lifeExcluded(code) || death(code) {
			excluded = excluded.Add(amount)
		}
		woiUsed = woiUsed.Add(amount)
	}
	return total, nil
}

// delayedTermination withholds from the pay's delayed termination
// payments: the payments of ETP categories received more than 12 months
// after the termination (ITAA 1997 s 82-130(1)(b)), other than a genuine
// redundancy's (or early retirement scheme's) code R or S payment, which
// stays an ETP however late (s 82-130(4)(b)). Such a payment is not an
// ETP: assessable as ordinary income (s 83-295), outside the ETP caps,
// withheld on by Schedule 11's rate for delayed termination payments —
// 32% with a TFN, rounded to the dollar, 50c up; without one the no-TFN
// rates, cents ignored (au-pay-rules.md §3). It marks the parts of sp.etps
// it takes (and sets sp.delayed), so schedule11 leaves them out. A death
// benefit paid so late is refused: who is assessed on it, and how it is
// withheld on, was not found.
func delayedTermination(s *calcState, y *Year, in *calc.Input, sp *earningsSplit) (payroll.Money, error) {
	emp := in.AU
	if emp.Termination == nil || !emp.Termination.PaidAfterTwelveMonths {
		return payroll.Money{}, nil
	}
	var amount payroll.Money
	for i := range sp.etps {
		p := &sp.etps[i]
		if !DelayedTermination(p.code, emp.Termination.Redundancy, true) {
			continue // a genuine redundancy payment: the 12-month rule does not apply
		}
		if death(p.code) {
			return payroll.Money{}, payroll.Invalid("earningsLines", "a death benefit (ETP code %s) of %s is paid more than 12 months after the termination, so it is not an employment termination payment (ITAA 1997 s 82-130(1)(b)) unless the Commissioner determines otherwise; how such a payment is withheld on is not in the rules: pay it outside the pay run, or within 12 months of the termination",
				p.code, p.amount.StringFixed(2))
		}
		p.delayed = true
		amount = amount.Add(p.amount)
	}
	if !amount.IsPos() {
		return payroll.Money{}, nil
	}
	t := &y.ETP
	if !t.Delayed.IsPos() {
		return payroll.Money{}, fmt.Errorf("AU %s: the withholding rate for a delayed termination payment (an ETP paid more than 12 months after the termination) is not in the rules: %w", y.Name, calc.ErrNoRules)
	}
	sp.delayed = amount
	s.term(tDelayed, amount)
	var w payroll.Money
	rule := &t.DelayedRule
	switch emp.Scale {
	case calc.AUScale4Resident, calc.AUScale4Foreign:
		r := y.PAYG.Scale4Resident
		if emp.Scale == calc.AUScale4Foreign {
			r = y.PAYG.Scale4Foreign
		}
		s.rate(tRate, r)
		w = amount.Mul(r).Trunc(0)
	default:
		s.rate(tRate, t.Delayed)
		w = payroll.MoneyFromInt(dollars(amount.Mul(t.Delayed)))
	}
	s.figure("payg.delayedtermination", w, rule)
	return w, nil
}
