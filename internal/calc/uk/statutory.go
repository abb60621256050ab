package uk

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// statutory computes one statutory payment's share of the period (rules
// §2.7, rules-2026-27 §2.7). Roundings the rules file leaves open (SSP
// daily rate, 90% of AWE) are taken as: the period total, computed
// exactly, rounded UP to the penny (never short-paying the employee);
// reported as unverified.
func (y *Year) statutory(s *calc.UKStatutoryPay, terms []calc.Term) (calc.Figure, []calc.Term, error) {
	if s.AWE.IsNeg() {
		return calc.Figure{}, terms, fmt.Errorf("uk: %s: negative average weekly earnings", s.Kind)
	}
	if s.Kind == calc.SSP {
		return y.ssp(s, terms)
	}
	rule, ok := y.rules.family[s.Kind]
	if !ok {
		return calc.Figure{}, terms, fmt.Errorf("uk: statutory payment %q unknown", s.Kind)
	}
	st := &y.Statutory
	if s.Days < 0 || s.FirstDay < 1 && s.Days > 0 {
		return calc.Figure{}, terms, fmt.Errorf("uk: %s: days %d from day %d", s.Kind, s.Days, s.FirstDay)
	}
	start := len(terms)
	lel := y.NI.Thresholds[calc.Weekly][LEL]
	terms = append(terms, calc.Term{Name: "average weekly earnings", Value: s.AWE}, calc.Term{Name: "lower earnings limit (weekly)", Value: lel})
	fig := calc.Figure{Code: string(s.Kind), Rule: rule}
	if s.AWE.Less(lel) {
		fig.Terms = terms[start:len(terms):len(terms)]
		return fig, terms, nil // earnings test not met: not payable
	}
	ninety := s.AWE.Mul(st.FamilyFraction)
	low := ninety.Min(st.FamilyWeekly)
	high := low
	if s.Kind == calc.SMP || s.Kind == calc.SAP {
		high = ninety
	}
	maxDays := st.FamilyMaxWeeks[s.Kind] * 7
	// Σ over the days of week rate ÷ 7, kept exact as 7 × total.
	var sevenths payroll.Money
	var paidDays int64
	for d := s.FirstDay; d < s.FirstDay+s.Days; d++ {
		if maxDays > 0 && d > maxDays {
			break
		}
		if (d-1)/7 < st.FamilyHighWeeks {
			sevenths = sevenths.Add(high)
		} else {
			sevenths = sevenths.Add(low)
		}
		paidDays++
	}
	terms = append(terms, calc.Term{Name: "weekly rate, first weeks", Value: high}, calc.Term{Name: "weekly rate", Value: low}, calc.Term{Name: "days paid", Value: payroll.MoneyFromInt(paidDays)})
	fig.Amount = ceilDiv(sevenths, 7, 2)
	fig.Terms = terms[start:len(terms):len(terms)]
	return fig, terms, nil
}

// ssp: the mechanics (waiting days, LEL test, 80% AWE cap) are those of
// the year the PIW started (absences begun before 6 April 2026 keep the
// old rules, rules-2026-27 §2.7); the flat rate is the payment year's.
func (y *Year) ssp(s *calc.UKStatutoryPay, terms []calc.Term) (calc.Figure, []calc.Term, error) {
	mech, err := yearFor(s.Start)
	if err != nil {
		return calc.Figure{}, terms, fmt.Errorf("uk: SSP period of incapacity starting %s: %w", s.Start.Format("2006-01-02"), err)
	}
	if s.QualifyingDaysPerWeek < 1 || s.QualifyingDaysPerWeek > 7 {
		return calc.Figure{}, terms, fmt.Errorf("uk: SSP: %d qualifying days a week (want 1-7)", s.QualifyingDaysPerWeek)
	}
	if s.SickDays < 0 || s.WaitingDaysServed < 0 || s.DaysPaid < 0 {
		return calc.Figure{}, terms, fmt.Errorf("uk: SSP: negative day count")
	}
	ms := &mech.Statutory
	fig := calc.Figure{Code: "ssp", Rule: mech.rules.ssp}
	start := len(terms)
	terms = append(terms, calc.Term{Name: "average weekly earnings", Value: s.AWE})
	if ms.SSPLELTest {
		lel := mech.NI.Thresholds[calc.Weekly][LEL]
		terms = append(terms, calc.Term{Name: "lower earnings limit (weekly)", Value: lel})
		if s.AWE.Less(lel) {
			fig.Terms = terms[start:len(terms):len(terms)]
			return fig, terms, nil
		}
	}
	rate := y.Statutory.SSPWeekly
	if !ms.SSPAWEFraction.IsZero() {
		rate = rate.Min(s.AWE.Mul(ms.SSPAWEFraction))
	}
	waiting := max(ms.SSPWaitingDays-s.WaitingDaysServed, 0)
	days := max(s.SickDays-waiting, 0)
	days = min(days, max(ms.SSPMaxWeeks*s.QualifyingDaysPerWeek-s.DaysPaid, 0))
	terms = append(terms,
		calc.Term{Name: "weekly rate", Value: rate},
		calc.Term{Name: "waiting days in this period", Value: payroll.MoneyFromInt(int64(min(waiting, s.SickDays)))},
		calc.Term{Name: "qualifying days paid", Value: payroll.MoneyFromInt(int64(days))})
	fig.Amount = ceilDiv(rate.MulInt(int64(days)), int64(s.QualifyingDaysPerWeek), 2)
	fig.Terms = terms[start:len(terms):len(terms)]
	return fig, terms, nil
}
