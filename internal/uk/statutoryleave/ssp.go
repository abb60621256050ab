package statutoryleave

import (
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Days of the week in the qualifying-days mask, Sunday first.
var weekdayNames = [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

// parseQualifyingDays turns day names into the 7-letter mask stored
// ('0111110' = Monday to Friday); empty = Monday to Friday.
func parseQualifyingDays(names []string) (string, error) {
	if len(names) == 0 {
		return "0111110", nil
	}
	mask := []byte("0000000")
	for _, n := range names {
		found := false
		for i, w := range weekdayNames {
			if strings.EqualFold(strings.TrimSpace(n), w) || strings.EqualFold(strings.TrimSpace(n), w[:3]) {
				mask[i], found = '1', true
			}
		}
		if !found {
			return "", fmt.Errorf("%q is not a day of the week", n)
		}
	}
	return string(mask), nil
}

// qualifyingDayNames is the mask as day names, Monday first as the
// reference lists them (Sunday last).
func qualifyingDayNames(mask string) []string {
	out := []string{}
	for _, i := range []int{1, 2, 3, 4, 5, 6, 0} {
		if i < len(mask) && mask[i] == '1' {
			out = append(out, weekdayNames[i])
		}
	}
	return out
}

func perWeek(mask string) int { return strings.Count(mask, "1") }

func isQualifying(mask string, d time.Time) bool {
	i := int(d.Weekday())
	return i < len(mask) && mask[i] == '1'
}

// A period of incapacity for work (PIW) is a spell of at least the
// year's piwMinDays consecutive days of sickness (non-qualifying days
// included): 4 for spells starting before 6 April 2026, 1 from then
// (rules.go); shorter spells pay no SSP and link to nothing. PIWs
// separated by 56 days (8 weeks) or less link into one (SSCBA 1992 s
// 152(3), unchanged by the Employment Rights Act 2025): no new waiting
// days, and the 28-week maximum counts across them.
const linkGapDays = 56

// piwMinDays is the days a spell starting on start needs to be a PIW (4
// when the rules do not know its year: its SSP is refused later anyway).
func piwMinDays(start time.Time) int {
	if y, err := taxYearOf(payroll.DateOnly(start)); err == nil {
		return y.piwMinDays
	}
	return 4
}

// sickSpell is one stored SSP period as the rules read it.
type sickSpell struct {
	id         int64
	start, end time.Time
	mask       string
}

func (s sickSpell) days() int {
	return int(payroll.DateOnly(s.end).Sub(payroll.DateOnly(s.start)).Hours()/24) + 1
}

// SSPWeek is the SSP of one pay week (Sunday to Saturday) of a PIW.
type SSPWeek struct {
	Start, End time.Time // the week's days within the PIW
	PaidDays   int
	// Rate is the weekly rate num/den pence (80% of AWE is rarely whole
	// pence); the amount of k paid days is ⌈rate × k ÷ qualifying days a
	// week⌉, the running total of the week rounded up at each end.
	rateNum, rateDen int64
	PerWeek          int
	paidOrdinals     []time.Time // the week's paid days in order
}

// RateMoney is the weekly rate rounded half up to the penny (display).
func (w SSPWeek) RateMoney() AWE { return AWE{w.rateNum, w.rateDen} }

// AmountPence is the week's SSP.
func (w SSPWeek) AmountPence() int64 { return w.amountThrough(len(w.paidOrdinals)) }

// amountThrough is the pay for the week's first k paid days.
func (w SSPWeek) amountThrough(k int) int64 {
	if k >= w.PerWeek {
		k = w.PerWeek
	}
	return ceilDiv(w.rateNum*int64(k), w.rateDen*int64(w.PerWeek))
}

// AmountBetween is the pay for the week's paid days in [from, to].
func (w SSPWeek) AmountBetween(from, to time.Time) (int64, int) {
	before, upto := 0, 0
	for _, d := range w.paidOrdinals {
		if d.Before(from) {
			before++
		}
		if !d.After(to) {
			upto++
		}
	}
	return w.amountThrough(upto) - w.amountThrough(before), upto - before
}

// PaidBetween is the week's paid days in [from, to] (those AmountBetween
// pays), in order.
func (w SSPWeek) PaidBetween(from, to time.Time) []time.Time {
	var out []time.Time
	for _, d := range w.paidOrdinals {
		if !d.Before(from) && !d.After(to) {
			out = append(out, d)
		}
	}
	return out
}

// SSPResult is the calculation of one SSP period.
type SSPResult struct {
	PIW            bool
	Linked         []int64 // earlier periods this PIW links to, oldest first
	ChainStart     time.Time
	Mechanics      string // the tax year whose rules apply (that of the first linked PIW)
	QualifyingDays int    // qualifying days of sickness in this period
	WaitingDays    int    // of them, waiting days (unpaid)
	PaidBefore     int    // days paid by the linked earlier PIWs
	PaidDays       int
	Eligible       bool
	Reason         string // DoNotPaySspReason: AverageEarningsNotHighEnough, SspCap
	Weeks          []SSPWeek
	Log            []string
}

// TotalPence is the period's SSP.
func (r *SSPResult) TotalPence() int64 {
	var t int64
	for _, w := range r.Weeks {
		t += w.AmountPence()
	}
	return t
}

// sspReformFrom is the day the Employment Rights Act 2025 SSP rules
// start (S.I. 2026/373 reg 2(a)); sspLongSickBefore the DWP's cut-off for
// spells newly entitled on that day.
var (
	sspReformFrom     = time.Date(2026, 4, 6, 0, 0, 0, 0, time.UTC)
	sspLongSickBefore = time.Date(2025, 9, 22, 0, 0, 0, 0, time.UTC)
)

// linkedChain is the PIWs of all (sorted by start) that link to the one
// with id target, the target last; nil when the target is not a PIW.
func linkedChain(all []sickSpell, target int64) []sickSpell {
	var chain []sickSpell
	for _, s := range all {
		if s.days() < piwMinDays(s.start) {
			if s.id == target {
				return nil
			}
			continue
		}
		if n := len(chain); n > 0 && int(payroll.DateOnly(s.start).Sub(payroll.DateOnly(chain[n-1].end)).Hours()/24)-1 > linkGapDays {
			chain = chain[:0]
		}
		chain = append(chain, s)
		if s.id == target {
			return chain
		}
	}
	return nil
}

// computeSSP works out SSP for the period with id target among the
// employee's periods (all, sorted by start). awe is the AWE of the first
// PIW of the linked chain. The mechanics (waiting days, LEL test, the 80%
// cap) are those of the tax year the chain started in; the flat rate is
// that of the tax year each day falls in (rules-2026-27 §2.7).
//
// A series that started before 6 April 2026 follows the DWP's
// transitional guidance for software developers (docs/reference/uk-ssp.md):
// from 6 April 2026 no more waiting days are served and the LEL test no
// longer applies, so an employee serving waiting days or below the LEL is
// paid from that day at the lower of the flat rate and 80% of AWE; one
// already receiving SSP keeps the flat rate until that spell of sickness
// ends (a later linked spell has the 80% cap); one newly entitled whose
// spell has lasted without a break since before 22 September 2025 is paid
// £0.
func computeSSP(all []sickSpell, target int64, awe AWE) (SSPResult, error) {
	var r SSPResult
	var me sickSpell
	for _, s := range all {
		if s.id == target {
			me = s
		}
	}
	for d := payroll.DateOnly(me.start); !d.After(payroll.DateOnly(me.end)); d = d.AddDate(0, 0, 1) {
		if isQualifying(me.mask, d) {
			r.QualifyingDays++
		}
	}
	chain := linkedChain(all, target)
	if chain == nil {
		r.Log = append(r.Log, fmt.Sprintf("%d days of sickness: not a period of incapacity for work (at least %d days), no SSP", me.days(), piwMinDays(me.start)))
		return r, nil
	}
	r.PIW, r.ChainStart = true, payroll.DateOnly(chain[0].start)
	for _, s := range chain[:len(chain)-1] {
		r.Linked = append(r.Linked, s.id)
	}
	mech, err := taxYearOf(r.ChainStart)
	if err != nil {
		return r, err
	}
	r.Mechanics = mech.name
	if len(r.Linked) > 0 {
		r.Log = append(r.Log, fmt.Sprintf("linked to %d earlier period(s) of incapacity (gaps of %d days or less); the linked series started %s",
			len(r.Linked), linkGapDays, r.ChainStart.Format("2006-01-02")))
	}
	r.Log = append(r.Log, fmt.Sprintf("%s rules (the tax year the series started in): %d waiting days, LEL test %v, at most %d weeks",
		mech.name, mech.sspWaitingDays, mech.sspLELTest, mech.sspMaxWeeks))
	belowLEL := mech.sspLELTest && !awe.atLeast(mech.lelWeekly)
	if belowLEL {
		r.Reason = "AverageEarningsNotHighEnough"
		r.Log = append(r.Log, fmt.Sprintf("average weekly earnings %s below the lower earnings limit %s", awe.Money(), pounds(mech.lelWeekly)))
		if !me.end.Before(sspReformFrom) {
			r.Log = append(r.Log, "from 6 April 2026 the lower earnings limit test no longer applies: days from then are paid at the lower of the flat rate and 80% of AWE (DWP transitional guidance)")
		}
	}
	r.Eligible = !belowLEL
	// Walk the chain day by day: waiting days first, then paid days up
	// to the cap of max weeks × qualifying days a week (the target's).
	// A series that started under the rules before 6 April 2026 is paid
	// on days from then by the DWP's transitional guidance (sspTransition).
	waiting, paid := 0, 0
	capDays := mech.sspMaxWeeks * perWeek(me.mask)
	weekIndex := map[time.Time]int{}
	receiving := map[int]bool{} // spells of the chain paid SSP on a day before 6 April 2026
	for ci, s := range chain {
		newlyEligible := false // the spell runs into 6 April 2026 below the LEL or serving waiting days
		for d := payroll.DateOnly(s.start); !d.After(payroll.DateOnly(s.end)); d = d.AddDate(0, 0, 1) {
			if !isQualifying(s.mask, d) {
				continue
			}
			last := ci == len(chain)-1
			fy, err := taxYearOf(d)
			if err != nil {
				return r, err
			}
			transition := mech.sspWaitingDays > 0 && fy.sspWaitingDays == 0 // an old-rules series on a day of the new rules
			if !transition {
				if belowLEL {
					continue
				}
				if waiting < mech.sspWaitingDays {
					waiting++
					if last {
						r.WaitingDays++
					}
					continue
				}
			} else if !receiving[ci] && !newlyEligible && (belowLEL || waiting < mech.sspWaitingDays) {
				newlyEligible = true
				if payroll.DateOnly(s.start).Before(sspLongSickBefore) {
					if last {
						r.Log = append(r.Log, "sick without a break since before 22 September 2025 and not entitled on 5 April 2026: SSP at £0 a week from 6 April 2026 (DWP transitional guidance)")
					}
					break
				}
				if last {
					r.Log = append(r.Log, fmt.Sprintf("%s: the new rules apply from 6 April 2026 to a series that was not yet paid (waiting days or below the LEL): paid from that day (DWP transitional guidance)", d.Format("2006-01-02")))
				}
			}
			if paid >= capDays {
				if last && r.Reason == "" {
					r.Reason = "SspCap"
					r.Log = append(r.Log, fmt.Sprintf("the %d-week maximum was reached on %s", mech.sspMaxWeeks, d.AddDate(0, 0, -1).Format("2006-01-02")))
				}
				continue
			}
			paid++
			if !last {
				r.PaidBefore++
				continue
			}
			if !transition {
				receiving[ci] = true
			}
			r.Eligible, r.Reason = true, ""
			pct := mech.sspAWEPercent
			if transition {
				// The 80% cap from 6 April 2026, except for an employee
				// already receiving SSP in a spell that goes on past 5
				// April: the flat rate until that spell ends.
				pct = fy.sspAWEPercent
				if receiving[ci] {
					pct = 0
				}
			}
			num, den := fy.sspWeekly, int64(1)
			if pct > 0 && awe.num*pct < fy.sspWeekly*awe.den*100 {
				num, den = awe.num*pct, awe.den*100
			}
			ws := sunday(d)
			i, ok := weekIndex[ws]
			if !ok || r.Weeks[i].rateNum*den != num*r.Weeks[i].rateDen {
				// A new week, or the rate changed mid-week (6 April).
				r.Weeks = append(r.Weeks, SSPWeek{Start: d, rateNum: num, rateDen: den, PerWeek: perWeek(s.mask)})
				i = len(r.Weeks) - 1
				weekIndex[ws] = i
			}
			w := &r.Weeks[i]
			w.End = d
			w.paidOrdinals = append(w.paidOrdinals, d)
			w.PaidDays++
			r.PaidDays++
		}
	}
	return r, nil
}
