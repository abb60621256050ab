package award

import (
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// compiled is a version's rules in the integer form Interpret walks:
// minutes, cents and basis points.
type compiled struct {
	penalties  []*cRule
	overtime   []*cRule
	minimums   []*cRule
	allowances []*cRule
	edges      []int // times of day (minutes) where a rule's window or span begins or ends
	breakRules bool  // some rule looks at missed breaks
	breakAfter []int // distinct missed-break thresholds (minutes)
}

type cWhen struct {
	types, classes map[string]bool
	days           uint8 // bit per time.Weekday; 0 = any
	holiday        int8  // 1 only public holidays, -1 never, 0 any
	from, to       int   // minutes of day; to 0 = no window
	minAge, maxAge int
	conditions     map[string]bool
	consecutive    int
	breakAfter     int // minutes; 0 = none
	breakMinutes   int
	gapMin, gapMax int
	otOver         int // minutes; -1 = none
}

type cTier struct {
	minutes  int // 0 = rest
	category string
	bp       int64 // multiplier in basis points
	mult     payroll.Rate
}

type cRates struct {
	when  cWhen
	tiers []cTier
}

type cRule struct {
	r    *Rule
	name string
	when cWhen
	// penalty
	category  string
	bp        int64
	mult      payroll.Rate
	loadCents int64
	// overtime
	daily, oneDay, shift, weekly, period int // minutes; 0 = none
	weeklyFromEmployee                   bool
	span                                 map[string][2]int
	rates                                []cRates
	// minimum engagement
	minutes int
	// allowance
	amountCents int64
	per         string
}

func minutesOf(r payroll.Rate) int {
	n, _, _ := r.Mul(payroll.RateFromInt(60)).RoundHalfUp(0).Decimal().Int64(0)
	return int(n)
}

func basisPoints(r payroll.Rate) int64 {
	d := r.Mul(payroll.RateFromInt(10000)).RoundHalfUp(0).Decimal()
	n, _, _ := d.Int64(0)
	return n
}

func set(list []string) map[string]bool {
	if len(list) == 0 {
		return nil
	}
	m := make(map[string]bool, len(list))
	for _, s := range list {
		m[strings.ToLower(strings.TrimSpace(s))] = true
	}
	return m
}

func compileWhen(w When) cWhen {
	c := cWhen{types: set(w.EmploymentTypes), classes: set(w.Classifications), conditions: set(w.ShiftConditions), minAge: w.MinAge, maxAge: w.MaxAge,
		consecutive: w.MinConsecutiveDays, breakMinutes: w.MissedBreakMinutes, gapMin: w.SplitGapMinMinutes, gapMax: w.SplitGapMaxMinutes, otOver: -1}
	for _, d := range w.Days {
		c.days |= 1 << weekdays[strings.ToLower(d)]
	}
	if w.PublicHoliday != nil {
		c.holiday = -1
		if *w.PublicHoliday {
			c.holiday = 1
		}
	}
	if w.From != "" {
		c.from, _ = clock(w.From)
		c.to, _ = clock(w.To)
	}
	if w.MissedBreakAfterHours.IsPos() {
		c.breakAfter = minutesOf(w.MissedBreakAfterHours)
		if c.breakMinutes == 0 {
			c.breakMinutes = 1
		}
	}
	if !w.OvertimeHoursOver.IsZero() {
		c.otOver = minutesOf(w.OvertimeHoursOver)
	}
	return c
}

func (ver *Version) compile() *compiled {
	c := &compiled{}
	edges := map[int]bool{}
	addWindow := func(w cWhen) {
		if w.to > 0 {
			edges[w.from], edges[w.to] = true, true
		}
		if w.breakAfter > 0 {
			c.breakRules = true
			c.breakAfter = append(c.breakAfter, w.breakAfter)
		}
	}
	for i := range ver.Rules {
		r := &ver.Rules[i]
		cr := &cRule{r: r, name: strings.ToLower(r.Name), when: compileWhen(r.When)}
		addWindow(cr.when)
		switch r.Kind {
		case KindPenalty:
			cr.category, cr.bp, cr.mult, cr.loadCents = r.Pay.Category, basisPoints(r.Pay.Multiplier), r.Pay.Multiplier, r.Pay.LoadingPerHour.Cents().MinorUnits()
			c.penalties = append(c.penalties, cr)
		case KindOvertime:
			b := r.Beyond
			cr.daily, cr.oneDay, cr.shift, cr.weekly, cr.period = minutesOf(b.DailyHours), minutesOf(b.OneDayPerWeekHours), minutesOf(b.ShiftHours),
				minutesOf(b.WeeklyHours), minutesOf(b.PeriodHours)
			cr.weeklyFromEmployee = b.WeeklyFromEmployee
			if len(b.Span) > 0 {
				cr.span = map[string][2]int{}
				for day, sp := range b.Span {
					a, _ := clock(sp[0])
					z, _ := clock(sp[1])
					cr.span[strings.ToLower(day)] = [2]int{a, z}
					edges[a], edges[z] = true, true
				}
			}
			for _, rt := range r.Rates {
				crt := cRates{when: compileWhen(rt.When)}
				addWindow(crt.when)
				for _, t := range rt.Tiers {
					crt.tiers = append(crt.tiers, cTier{minutes: minutesOf(t.Hours), category: t.Category, bp: basisPoints(t.Multiplier), mult: t.Multiplier})
				}
				cr.rates = append(cr.rates, crt)
			}
			c.overtime = append(c.overtime, cr)
		case KindMinimumEngagement:
			cr.minutes = minutesOf(r.Hours)
			c.minimums = append(c.minimums, cr)
		case KindAllowance:
			cr.category, cr.amountCents, cr.per = r.Allowance.Category, r.Allowance.Amount.Cents().MinorUnits(), r.Allowance.Per
			c.allowances = append(c.allowances, cr)
		}
	}
	delete(edges, 0)
	delete(edges, 1440)
	for e := range edges {
		c.edges = append(c.edges, e)
	}
	sort.Ints(c.edges)
	sort.Ints(c.breakAfter)
	return c
}

// day numbers: days since 1970-01-01 (a Thursday) of wall-clock times.
func dayNumber(minute int64) int64 { return floorDiv(minute, 1440) }

func weekday(day int64) time.Weekday { return time.Weekday((day%7 + 7 + 4) % 7) }

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func minuteOf(t time.Time) int64 {
	return floorDiv(time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), 0, 0, time.UTC).Unix(), 60)
}

func timeOf(minute int64) time.Time { return time.Unix(minute*60, 0).UTC() }

func dateOf(day int64) time.Time { return time.Unix(day*86400, 0).UTC() }
