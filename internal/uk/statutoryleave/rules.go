package statutoryleave

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Kind is a statutory payment: the URL segment of its operations.
type Kind string

const (
	SMP  Kind = "smp"  // maternity
	SPP  Kind = "spp"  // paternity
	SAP  Kind = "sap"  // adoption
	ShPP Kind = "shpp" // shared parental
	SPBP Kind = "spbp" // parental bereavement
	SNCP Kind = "sncp" // neonatal care
	SSP  Kind = "ssp"  // sick pay
)

// FamilyKinds are the payments paid by the week from a qualifying week.
var FamilyKinds = []Kind{SMP, SPP, SAP, ShPP, SPBP, SNCP}

// Name is the payment's name, the category name of its pay run lines.
func (k Kind) Name() string {
	switch k {
	case SMP:
		return "Statutory Maternity Pay"
	case SPP:
		return "Statutory Paternity Pay"
	case SAP:
		return "Statutory Adoption Pay"
	case ShPP:
		return "Statutory Shared Parental Pay"
	case SPBP:
		return "Statutory Parental Bereavement Pay"
	case SNCP:
		return "Statutory Neonatal Care Pay"
	case SSP:
		return "Statutory Sick Pay"
	}
	return string(k)
}

// maxWeeks is how many weeks each payment is paid for at most (gov.uk:
// SMP and SAP 39, SPP 2, ShPP 37 (39 less the SMP/SAP weeks taken, given
// as weeksToPay), SPBP 2, SNCP 12).
var maxWeeks = map[Kind]int{SMP: 39, SAP: 39, SPP: 2, ShPP: 37, SPBP: 2, SNCP: 12}

// highWeeks: SMP and SAP pay 90% of AWE uncapped for the first 6 weeks
// (payroll-rules.md §2.7, rules-2026-27 §2.7).
const highWeeks = 6

// figures are one UK tax year's statutory payment figures, in pence.
type figures struct {
	name string
	// familyFrom: the family payments' new rate applies to pay weeks
	// beginning on or after this Sunday (rules-2026-27 §2.7: "week
	// beginning Sunday 5 Apr 2026"; 6 Apr 2025 was a Sunday).
	familyFrom time.Time
	// taxYearFrom: 6 April; SSP's rate and mechanics and the LEL of a
	// qualifying week follow the tax year.
	taxYearFrom  time.Time
	familyWeekly int64 // flat weekly rate of SMP (after 6 weeks), SAP (idem), SPP, ShPP, SPBP, SNCP
	lelWeekly    int64 // lower earnings limit = the family payments' earnings test
	sspWeekly    int64
	// SSP mechanics of periods of incapacity starting in this year.
	// piwMinDays: the consecutive days of incapacity a spell starting in
	// this year needs to be a period of incapacity for work (SSCBA 1992 s
	// 152(2): 4 until 5 April 2026; 1 from 6 April 2026, Employment Rights
	// Act 2025 s 10(3)(b), in force by S.I. 2026/373 reg 2(a)).
	piwMinDays     int
	sspWaitingDays int
	sspLELTest     bool
	sspAWEPercent  int64 // 0 = no cap; 80 = the lower of the flat rate and 80% of AWE
	sspMaxWeeks    int
	source         string
}

// years are the tax years the reference rules give, oldest first.
var years = []figures{
	{name: "2025-26", familyFrom: day(2025, 4, 6), taxYearFrom: day(2025, 4, 6),
		familyWeekly: 18718, lelWeekly: 12500, sspWeekly: 11875,
		piwMinDays: 4, sspWaitingDays: 3, sspLELTest: true, sspMaxWeeks: 28,
		source: "payroll-rules.md §2.7 (SSP £118.75, 3 waiting days, LEL test £125; SMP 90% AWE 6 weeks then £187.18 or 90% AWE if lower; SPP, SAP, ShPP, SPBP, SNCP £187.18 or 90% AWE)"},
	{name: "2026-27", familyFrom: day(2026, 4, 5), taxYearFrom: day(2026, 4, 6),
		familyWeekly: 19432, lelWeekly: 12900, sspWeekly: 12325,
		piwMinDays: 1, sspWaitingDays: 0, sspLELTest: false, sspAWEPercent: 80, sspMaxWeeks: 28,
		source: "payroll-rules-2026-27.md §2.7 (SSP the lower of £123.25 and 80% of AWE from day one, no LEL test, a PIW from one day (ERA 2025 s 10); family payments £194.32 or 90% AWE, LEL £129)"},
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// taxYearOf is the figures of the tax year containing d.
func taxYearOf(d time.Time) (*figures, error) {
	for i := len(years) - 1; i >= 0; i-- {
		if !d.Before(years[i].taxYearFrom) {
			if i == len(years)-1 && !d.Before(years[i].taxYearFrom.AddDate(1, 0, 0)) {
				break
			}
			return &years[i], nil
		}
	}
	return nil, fmt.Errorf("the reference rules give no UK statutory figures for the tax year of %s", d.Format("2006-01-02"))
}

// familyYearOf is the figures whose family rate applies to a pay week
// beginning on d.
func familyYearOf(d time.Time) (*figures, error) {
	for i := len(years) - 1; i >= 0; i-- {
		if !d.Before(years[i].familyFrom) {
			if i == len(years)-1 && !d.Before(years[i].familyFrom.AddDate(0, 0, 364)) {
				break
			}
			return &years[i], nil
		}
	}
	return nil, fmt.Errorf("the reference rules give no UK family statutory pay rate for the week beginning %s", d.Format("2006-01-02"))
}

// AWE is average weekly earnings, kept as the exact fraction num/den
// pence: the relevant period's earnings divided by its weeks (monthly
// pay: ×12 ÷ 52 per month) is rarely a whole penny, and the statutory
// rates round only their own results.
type AWE struct{ num, den int64 }

// AWEFromPence is an AWE given as whole pence.
func AWEFromPence(p int64) AWE { return AWE{p, 1} }

// Money is the AWE rounded half up to the penny, for display only.
func (a AWE) Money() payroll.Money {
	if a.den == 0 {
		return payroll.Money{}
	}
	return payroll.MoneyFromMinor(a.num).DivInt(a.den).Cents()
}

// atLeast reports AWE ≥ pence.
func (a AWE) atLeast(pence int64) bool { return a.num >= pence*a.den }

// percentCeil is pct% of the AWE rounded up to the penny: HMRC rounds a
// fraction of a penny of 90% of AWE up.
func (a AWE) percentCeil(pct int64) int64 { return ceilDiv(a.num*pct, a.den*100) }

// ceilDiv is ⌈n/d⌉ for n ≥ 0, d > 0.
func ceilDiv(n, d int64) int64 {
	if n <= 0 {
		return 0
	}
	return (n + d - 1) / d
}

// pounds is pence as Money.
func pounds(p int64) payroll.Money { return payroll.MoneyFromMinor(p) }

// Week is one week of a period of family leave: its dates, the days of
// leave in it, its weekly rate and its amount (the rate × days ÷ 7,
// rounded up to the penny, for a part week).
type Week struct {
	Number     int
	Start, End time.Time // End is the week's last day of leave
	Days       int
	RatePence  int64
	// Earnings related: a week of SMP/SAP's first six at 90% of AWE.
	EarningsRelated bool
	// Unrated: the flat rate of the year the week begins in is not loaded
	// (not yet published): the week pays nothing until it is, and pay runs
	// keep the salary of its days (NoRate says why).
	Unrated bool
	NoRate  string
}

// AmountPence is the week's pay.
func (w Week) AmountPence() int64 { return partDays(w.RatePence, w.Days, 7) }

// partDays is the pay for days of a week paid at weekly ÷ per (per = 7
// for family payments, the qualifying days for SSP), rounded up.
func partDays(weekly int64, days, per int) int64 {
	if days >= per {
		return weekly
	}
	return ceilDiv(weekly*int64(days), int64(per))
}

// Slice is the pay for days (from, to] of the week's days: the running
// total rounded up at each end, so the slices of a week split across
// pay periods add up to the week's amount exactly.
func slice(weekly int64, from, to, per int) int64 {
	return partDays(weekly, to, per) - partDays(weekly, from, per)
}

// qualifyingWeekStart is the Sunday starting the qualifying (relevant)
// week of a family payment: SMP, SPP, ShPP and SNCP the 15th week before
// the expected week of childbirth; SAP and adoption SPP the week the
// adopter was notified of the match; SPBP the week before the week of
// the child's death.
func qualifyingWeekStart(k Kind, qualifying, match time.Time, adoption bool) time.Time {
	switch {
	case k == SAP || (k == SPP && adoption):
		return sunday(match)
	case k == SPBP:
		return sunday(qualifying).AddDate(0, 0, -7)
	}
	return sunday(qualifying).AddDate(0, 0, -15*7)
}

// sunday is the Sunday on or before d (UK statutory weeks run Sunday to
// Saturday).
func sunday(d time.Time) time.Time {
	d = payroll.DateOnly(d)
	return d.AddDate(0, 0, -int(d.Weekday()))
}

// Eligibility of a period of family leave.
type Eligibility struct {
	Eligible bool
	// Reason a period is not paid (the reference's DoNotPay reasons):
	// NotEmployedLongEnough, AweNotHighEnough.
	Reason string
	Log    []string
}

// familyEligibility: 26 weeks' continuous employment into the qualifying
// week (the qualifying week and the 25 weeks before it each count if
// employed in any part of them), and AWE at least the LEL in force at
// the end of the qualifying week.
func familyEligibility(k Kind, qw time.Time, started time.Time, awe AWE) (Eligibility, error) {
	var el Eligibility
	el.Eligible = true
	qwEnd := qw.AddDate(0, 0, 6)
	fy, err := taxYearOf(qwEnd)
	if err != nil {
		return el, err
	}
	el.Log = append(el.Log, fmt.Sprintf("qualifying week %s to %s", qw.Format("2006-01-02"), qwEnd.Format("2006-01-02")))
	if !started.IsZero() {
		latest := qw.AddDate(0, 0, -25*7+6)
		if payroll.DateOnly(started).After(latest) {
			el.Eligible, el.Reason = false, "NotEmployedLongEnough"
			el.Log = append(el.Log, fmt.Sprintf("employment started %s, after %s: fewer than 26 weeks' continuous employment into the qualifying week",
				started.Format("2006-01-02"), latest.Format("2006-01-02")))
			return el, nil
		}
	} else {
		el.Log = append(el.Log, "the employee has no start date: continuous employment not checked")
	}
	if !awe.atLeast(fy.lelWeekly) {
		el.Eligible, el.Reason = false, "AweNotHighEnough"
		el.Log = append(el.Log, fmt.Sprintf("average weekly earnings %s below the lower earnings limit %s (%s)", awe.Money(), pounds(fy.lelWeekly), fy.name))
		return el, nil
	}
	el.Log = append(el.Log, fmt.Sprintf("average weekly earnings %s reach the lower earnings limit %s (%s)", awe.Money(), pounds(fy.lelWeekly), fy.name))
	return el, nil
}

// familyWeeks is the week-by-week schedule of a period of family leave
// from start to end (inclusive): at most the payment's maximum weeks, or
// weeksToPay when given (fewer). Each week's rate: SMP/SAP's first six
// weeks 90% of AWE (rounded up to the penny), every other week the lower
// of the flat rate of the year the week begins in and that 90%; a week
// whose year's flat rate is not loaded is Unrated (paid nothing, never an
// error: the rest of the leave still pays).
func familyWeeks(k Kind, start, end time.Time, weeksToPay int, awe AWE) ([]Week, error) {
	start, end = payroll.DateOnly(start), payroll.DateOnly(end)
	n := int(end.Sub(start).Hours()/24)/7 + 1
	if m := maxWeeks[k]; n > m {
		n = m
	}
	if weeksToPay > 0 && weeksToPay < n {
		n = weeksToPay
	}
	ninety := awe.percentCeil(90)
	out := make([]Week, 0, n)
	for i := 1; i <= n; i++ {
		ws := start.AddDate(0, 0, 7*(i-1))
		we := ws.AddDate(0, 0, 6)
		if we.After(end) {
			we = end
		}
		w := Week{Number: i, Start: ws, End: we, Days: int(we.Sub(ws).Hours()/24) + 1, RatePence: ninety}
		if (k == SMP || k == SAP) && i <= highWeeks {
			w.EarningsRelated = true
		} else {
			fy, err := familyYearOf(ws)
			if err != nil {
				w.Unrated, w.NoRate, w.RatePence = true, err.Error(), 0
				out = append(out, w)
				continue
			}
			w.RatePence = min(ninety, fy.familyWeekly)
		}
		out = append(out, w)
	}
	return out, nil
}
