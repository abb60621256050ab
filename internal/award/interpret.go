package award

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Employee is what the rules need to know of the employee.
type Employee struct {
	EmploymentType string // FullTime, PartTime or Casual
	Classification string
	DateOfBirth    time.Time // zero: paid as an adult
	ServiceStart   time.Time // start of service with the employer (junior bands by service)
	// StandardWeeklyMinutes are the employee's standard hours a week in
	// minutes (a part-time employee's agreed hours); 0 = unknown.
	StandardWeeklyMinutes int64
	// OwnHourlyCents is the employee's own hourly rate in cents (0 = none):
	// when it is above the award's minimum it is the base of every rate.
	OwnHourlyCents int64
}

// Break is a break within a shift.
type Break struct {
	Start, End time.Time
	Paid       bool
}

// Shift is worked time as a timesheet, roster shift or proposed shift says
// it; times are wall-clock.
type Shift struct {
	Start, End time.Time
	Breaks     []Break
	Conditions []string // names of the shift conditions it carries
}

// Input is one employee's shifts to interpret together (a week, a pay
// period: thresholds are counted over the shifts given).
type Input struct {
	Employee Employee
	Shifts   []Shift
	// PeriodStart, when set, picks the version in force at the pay
	// period's start for every shift (awards change from the first full pay
	// period starting on or after their date); zero = each shift's day.
	PeriodStart time.Time
	// Holiday says whether day is a public holiday where shift i is worked
	// (nil = none are).
	Holiday func(day time.Time, shift int) bool
	// Disabled names rules switched off for this interpretation.
	Disabled []string
	// Evaluate asks for each shift's rule evaluations (Result.Shifts).
	Evaluate bool
}

// Line kinds.
const (
	LineOrdinary  = "Ordinary"  // ordinary hours, with any penalty
	LineOvertime  = "Overtime"  // overtime hours
	LineTopUp     = "TopUp"     // hours paid to reach a minimum engagement
	LineAllowance = "Allowance" // an allowance
)

// Line is one paid line: which shift, which rule, which category, the
// hours (or allowance units) it covers and what it pays.
type Line struct {
	Shift      int // index into Input.Shifts
	Rule       string
	Clause     string
	Kind       string
	Category   string
	Start, End time.Time
	// Minutes of work (hours lines) or, for an allowance per hour, the
	// minutes it is paid for; 0 for allowances per shift or day.
	Minutes      int64
	Multiplier   payroll.Rate // of the base rate (hours lines)
	LoadingCents int64        // added an hour (hours lines)
	BaseCents    int64        // the base hourly rate the line started from
	RateCents    int64        // an hour (hours lines, allowances per hour) or per unit
	AmountCents  int64
}

// Hours are the line's hours (0 for allowances per shift or day).
func (l *Line) Hours() payroll.Rate {
	return payroll.RateFromInt(l.Minutes).Div(payroll.RateFromInt(60))
}

// Units are the line's units: hours, or 1 for an allowance per shift/day.
func (l *Line) Units() payroll.Rate {
	if l.Kind == LineAllowance && l.Minutes == 0 {
		return payroll.RateFromInt(1)
	}
	return l.Hours()
}

// Rate is the line's rate (an hour, or per unit).
func (l *Line) Rate() payroll.Money { return payroll.MoneyFromMinor(l.RateCents) }

// Amount is what the line pays.
func (l *Line) Amount() payroll.Money { return payroll.MoneyFromMinor(l.AmountCents) }

// Evaluation results (RuleEvaluationResult.matchResult).
const (
	Match              = "Match"
	NoMatch            = "NoMatch"
	DisabledForRuleSet = "DisabledForRuleSet"
)

// Evaluation says whether a rule paid any of a shift.
type Evaluation struct {
	Rule   string
	Result string
}

// ShiftResult is what the interpretation says of one shift.
type ShiftResult struct {
	Consolidated []int // the other shifts of its engagement
	Evaluations  []Evaluation
}

// Result is the interpretation: lines in shift order, and per shift (in
// Input order) its engagement and rule evaluations.
type Result struct {
	Lines  []Line
	Shifts []ShiftResult
}

// TermsError refuses an employee the rule set cannot pay (an employment
// type or classification it has no rules or rates for).
type TermsError struct{ Message string }

func (e *TermsError) Error() string { return e.Message }

// ShiftError refuses one shift.
type ShiftError struct {
	Shift   int
	Message string
}

func (e *ShiftError) Error() string { return e.Message }

// engagement is shifts consolidated into one.
type engagement struct {
	shifts   []int
	first    int64 // start minute
	day      int64 // day of the first shift
	paid     int64 // minutes paid (hours lines)
	overtime int64
	maxGap   int64
	lastLine int // index of its last hours line (-1 none)
}

// shiftCtx is a shift's prepared state.
type shiftCtx struct {
	i          int
	a, b       int64 // minutes
	ver        *Version
	eng        int
	conditions map[string]bool
	work       [][2]int64 // worked intervals (paid breaks count)
}

type interp struct {
	rs       *RuleSet
	in       *Input
	emp      Employee
	typ      string
	cls      string
	disabled map[string]bool

	shifts []shiftCtx
	engs   []engagement
	out    Result
	days   map[int64]bool // days worked
	hol    map[[2]int64]bool

	baseVer *Version
	baseDay int64
	base    int64
	baseErr error

	matched []map[*Rule]bool
}

// Interpret pays in's shifts under the rule set (see the package doc).
func (rs *RuleSet) Interpret(in Input) (Result, error) {
	it := &interp{rs: rs, in: &in, emp: in.Employee, typ: strings.ToLower(in.Employee.EmploymentType), cls: strings.ToLower(in.Employee.Classification),
		disabled: set(in.Disabled), days: map[int64]bool{}, baseDay: -1 << 62}
	if !oneOf([]string{FullTime, PartTime, Casual}, in.Employee.EmploymentType) {
		return Result{}, &TermsError{Message: fmt.Sprintf("%s has no rules for employment type %q (FullTime, PartTime or Casual)", rs.Name, in.Employee.EmploymentType)}
	}
	if err := it.prepare(); err != nil {
		return Result{}, err
	}
	it.out.Lines = make([]Line, 0, 3*len(in.Shifts)+2)
	if err := it.walk(); err != nil {
		return Result{}, err
	}
	it.minimums()
	it.allowances()
	for i := range it.out.Lines {
		l := &it.out.Lines[i]
		if l.AmountCents == 0 && l.Minutes > 0 {
			l.AmountCents = roundDiv(l.Minutes*l.RateCents, 60)
		}
	}
	order := make([]int, len(it.shifts))
	for k := range it.shifts {
		order[it.shifts[k].i] = k
	}
	sort.SliceStable(it.out.Lines, func(i, j int) bool { return order[it.out.Lines[i].Shift] < order[it.out.Lines[j].Shift] })
	it.evaluations()
	return it.out, nil
}

// roundDiv is n / d to the nearest integer, halves up (n ≥ 0, d > 0).
func roundDiv(n, d int64) int64 { return (2*n + d) / (2 * d) }

// prepare validates and orders the shifts, picks each one's version and
// consolidates them into engagements.
func (it *interp) prepare() error {
	in := it.in
	it.shifts = make([]shiftCtx, len(in.Shifts))
	for i, sh := range in.Shifts {
		a, b := minuteOf(sh.Start), minuteOf(sh.End)
		if b <= a {
			return &ShiftError{Shift: i, Message: "the shift must end after it starts"}
		}
		if b-a > 24*60 {
			return &ShiftError{Shift: i, Message: "a shift is at most 24 hours"}
		}
		day := sh.Start
		if !in.PeriodStart.IsZero() {
			day = in.PeriodStart
		}
		ver, err := it.rs.VersionOn(day)
		if err != nil {
			return err
		}
		sc := shiftCtx{i: i, a: a, b: b, ver: ver, conditions: set(sh.Conditions)}
		// Worked intervals: the shift less its unpaid breaks.
		brs := append([]Break(nil), sh.Breaks...)
		sort.Slice(brs, func(x, y int) bool { return brs[x].Start.Before(brs[y].Start) })
		at := a
		for _, br := range brs {
			ba, bb := max(minuteOf(br.Start), a), min(minuteOf(br.End), b)
			if bb <= ba || br.Paid {
				continue
			}
			if ba > at {
				sc.work = append(sc.work, [2]int64{at, ba})
			}
			at = max(at, bb)
		}
		if b > at {
			sc.work = append(sc.work, [2]int64{at, b})
		}
		it.shifts[i] = sc
	}
	sort.SliceStable(it.shifts, func(x, y int) bool { return it.shifts[x].a < it.shifts[y].a })
	for k := range it.shifts {
		for _, w := range it.shifts[k].work {
			for d := dayNumber(w[0]); d <= dayNumber(w[1]-1); d++ {
				it.days[d] = true
			}
		}
	}

	// Engagements.
	for k := range it.shifts {
		sc := &it.shifts[k]
		join := false
		if n := len(it.engs); n > 0 {
			e := &it.engs[n-1]
			prev := &it.shifts[e.shifts[len(e.shifts)-1]]
			switch it.rs.ShiftConsolidation {
			case "SameDay":
				join = dayNumber(sc.a) == e.day
			case "Duration":
				join = sc.a-prev.b < int64(it.rs.ShiftConsolidationMinutes)
			}
		}
		if !join {
			it.engs = append(it.engs, engagement{first: sc.a, day: dayNumber(sc.a), lastLine: -1})
		}
		e := &it.engs[len(it.engs)-1]
		e.shifts = append(e.shifts, k)
		sc.eng = len(it.engs) - 1
	}
	for ei := range it.engs {
		e := &it.engs[ei]
		var prevEnd int64 = -1
		for _, k := range e.shifts {
			for _, w := range it.shifts[k].work {
				if prevEnd >= 0 && w[0]-prevEnd > e.maxGap {
					e.maxGap = w[0] - prevEnd
				}
				prevEnd = max(prevEnd, w[1])
			}
		}
	}
	if in.Evaluate {
		it.matched = make([]map[*Rule]bool, len(in.Shifts))
	}
	return nil
}

// holiday says whether day is a public holiday for shift k (cached).
func (it *interp) holiday(day int64, k int) bool {
	if it.in.Holiday == nil {
		return false
	}
	if it.hol == nil {
		it.hol = map[[2]int64]bool{}
	}
	key := [2]int64{day, int64(k)}
	v, ok := it.hol[key]
	if !ok {
		v = it.in.Holiday(dateOf(day), it.shifts[k].i)
		it.hol[key] = v
	}
	return v
}

// ageOn is the employee's age in whole years on day (-1 unknown).
func (it *interp) ageOn(day int64) int {
	dob := it.emp.DateOfBirth
	if dob.IsZero() {
		return -1
	}
	d := dateOf(day)
	age := d.Year() - dob.Year()
	if d.Month() < dob.Month() || (d.Month() == dob.Month() && d.Day() < dob.Day()) {
		age--
	}
	return age
}

// serviceMonths are whole months of service on day (-1 unknown).
func (it *interp) serviceMonths(day int64) int {
	s := it.emp.ServiceStart
	if s.IsZero() {
		return -1
	}
	d := dateOf(day)
	m := (d.Year()-s.Year())*12 + int(d.Month()-s.Month())
	if d.Day() < s.Day() {
		m--
	}
	return m
}

// baseOn is the base hourly rate in cents on day under ver: the
// classification's minimum (a junior band's percent of the weekly rate ÷
// 38), or the employee's own rate when higher.
func (it *interp) baseOn(ver *Version, day int64) (int64, error) {
	if ver == it.baseVer && day == it.baseDay {
		return it.base, it.baseErr
	}
	it.baseVer, it.baseDay = ver, day
	it.base, it.baseErr = it.computeBase(ver, day)
	return it.base, it.baseErr
}

func (it *interp) computeBase(ver *Version, day int64) (int64, error) {
	cr, ok := ver.rates[it.cls]
	if !ok {
		if it.cls == "" && it.emp.OwnHourlyCents > 0 {
			return it.emp.OwnHourlyCents, nil // a rule set without an agreement: the employee's own rate
		}
		return 0, &TermsError{Message: fmt.Sprintf("%s has no rate for classification %q from %s", it.rs.Name, it.emp.Classification, ver.From)}
	}
	base := cr.Hourly.Cents().MinorUnits()
	if age := it.ageOn(day); age >= 0 {
		svc := it.serviceMonths(day)
		for _, j := range ver.Junior {
			if age < j.MinAge || age > j.MaxAge {
				continue
			}
			if len(j.Classifications) > 0 && !set(j.Classifications)[it.cls] {
				continue
			}
			if j.ServiceOverMonths != nil && !(svc > *j.ServiceOverMonths) {
				continue
			}
			if j.ServiceAtMostMonths != nil && !(svc >= 0 && svc <= *j.ServiceAtMostMonths) {
				continue
			}
			if j.Percent.Less(payroll.RateFromInt(100)) {
				base = roundDiv(cr.Weekly.Cents().MinorUnits()*basisPoints(j.Percent), 38*10000*100)
			}
			break
		}
	}
	if it.emp.OwnHourlyCents > base {
		base = it.emp.OwnHourlyCents
	}
	return base, nil
}

// rateOf is base × bp (basis points) to the cent, plus loading.
func rateOf(base, bp, loading int64) int64 { return roundDiv(base*bp, 10000) + loading }

// piece is a stretch of worked time on one day, between two edges.
type piece struct {
	k       int // shift (sorted index)
	a, b    int64
	day     int64
	stretch int64 // minutes worked without a qualifying break at a
}

// applies says whether the rule's employee conditions hold.
func (it *interp) employeeMatch(w *cWhen) bool {
	if w.types != nil && !w.types[it.typ] {
		return false
	}
	if w.classes != nil && !w.classes[it.cls] {
		return false
	}
	return true
}

// dayMatch checks the day conditions of w for shift k on day.
func (it *interp) dayMatch(w *cWhen, k int, day int64) bool {
	if w.days != 0 && w.days&(1<<weekday(day)) == 0 {
		return false
	}
	if w.holiday != 0 {
		if it.holiday(day, k) != (w.holiday > 0) {
			return false
		}
	}
	if w.minAge > 0 || w.maxAge > 0 {
		age := it.ageOn(day)
		if age < 0 || (w.minAge > 0 && age < w.minAge) || (w.maxAge > 0 && age > w.maxAge) {
			return false
		}
	}
	if w.conditions != nil {
		ok := false
		for c := range it.shifts[k].conditions {
			if w.conditions[c] {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	if w.consecutive > 0 {
		n := 0
		for d := day; it.days[d]; d-- {
			n++
		}
		if n < w.consecutive {
			return false
		}
	}
	return true
}

// pieceMatch checks every condition of w for piece p.
func (it *interp) pieceMatch(w *cWhen, p *piece) bool {
	if !it.dayMatch(w, p.k, p.day) {
		return false
	}
	if w.to > 0 {
		m := int(p.a - p.day*1440)
		if m < w.from || m >= w.to {
			return false
		}
	}
	if w.breakAfter > 0 && p.stretch < int64(w.breakAfter) {
		return false
	}
	return true
}

// pieces cuts shift k's worked time at midnight, rule edges and
// missed-break thresholds.
func (it *interp) pieces(k int, out []piece) []piece {
	sc := &it.shifts[k]
	c := sc.ver.c
	var stretch int64
	var prevEnd int64 = -1
	for _, w := range sc.work {
		if prevEnd >= 0 && c.breakRules && w[0]-prevEnd >= 1 {
			stretch = 0 // an unpaid break ends the stretch
		}
		prevEnd = w[1]
		at := w[0]
		for at < w[1] {
			day := dayNumber(at)
			next := min(w[1], (day+1)*1440)
			m := int(at - day*1440)
			for _, e := range c.edges {
				if e > m {
					next = min(next, day*1440+int64(e))
					break
				}
			}
			for _, t := range c.breakAfter {
				if int64(t) > stretch {
					next = min(next, at+int64(t)-stretch)
					break
				}
			}
			out = append(out, piece{k: k, a: at, b: next, day: day, stretch: stretch})
			stretch += next - at
			at = next
		}
	}
	return out
}

// emit appends an hours line, merging it into the previous one when it
// continues it.
func (it *interp) emit(k int, r *Rule, kind, category string, a, b int64, mult payroll.Rate, loading, base, rate int64) {
	sc := &it.shifts[k]
	if n := len(it.out.Lines); n > 0 {
		l := &it.out.Lines[n-1]
		if l.Shift == sc.i && l.Rule == r.Name && l.Kind == kind && l.Category == category && l.RateCents == rate && minuteOf(l.End) == a {
			l.End = timeOf(b)
			l.Minutes += b - a
			it.linesOf(sc.eng, n-1)
			return
		}
	}
	it.out.Lines = append(it.out.Lines, Line{Shift: sc.i, Rule: r.Name, Clause: r.Clause, Kind: kind, Category: category, Start: timeOf(a), End: timeOf(b),
		Minutes: b - a, Multiplier: mult, LoadingCents: loading, BaseCents: base, RateCents: rate})
	it.linesOf(sc.eng, len(it.out.Lines)-1)
	it.mark(sc.i, r)
}

func (it *interp) linesOf(eng, line int) {
	e := &it.engs[eng]
	if e.lastLine < 0 || !it.out.Lines[line].End.Before(it.out.Lines[e.lastLine].End) {
		e.lastLine = line
	}
}

func (it *interp) mark(shift int, r *Rule) {
	if it.matched != nil {
		if it.matched[shift] == nil {
			it.matched[shift] = map[*Rule]bool{}
		}
		it.matched[shift][r] = true
	}
}

// rules of ver that apply to the employee (kind list), enabled.
func (it *interp) usable(list []*cRule) []*cRule {
	out := make([]*cRule, 0, len(list))
	for _, r := range list {
		if it.disabled[r.name] || !it.employeeMatch(&r.when) {
			continue
		}
		out = append(out, r)
	}
	return out
}

type verRules struct {
	penalties, allowancesHour []*cRule
	overtime                  *cRule
}

func (it *interp) rulesOf(cache map[*Version]*verRules, ver *Version) *verRules {
	if vr, ok := cache[ver]; ok {
		return vr
	}
	vr := &verRules{penalties: it.usable(ver.c.penalties)}
	if ot := it.usable(ver.c.overtime); len(ot) > 0 {
		vr.overtime = ot[0]
	}
	for _, a := range it.usable(ver.c.allowances) {
		if a.per == "Hour" {
			vr.allowancesHour = append(vr.allowancesHour, a)
		}
	}
	cache[ver] = vr
	return vr
}

// walk pays every piece in time order, as ordinary hours (the highest
// matching penalty) or overtime (tiers counted per day).
func (it *interp) walk() error {
	cache := map[*Version]*verRules{}
	var buf []piece
	curDay, curWeek, curPeriod := int64(-1<<62), int64(-1<<62), int64(-1<<62)
	var ordDay, otDay, ordWeek, ordPeriod int64
	longDay := int64(-1 << 62)
	engOrd := make([]int64, len(it.engs))
	weekEnd := weekdays[strings.ToLower(it.rs.DayOfWeekEnding)]
	hourAllow := map[*cRule]int{} // open per-hour allowance line of each rule
	for k := range it.shifts {
		sc := &it.shifts[k]
		vr := it.rulesOf(cache, sc.ver)
		buf = it.pieces(k, buf[:0])
		for pi := range buf {
			p := &buf[pi]
			if p.day != curDay {
				curDay, ordDay, otDay = p.day, 0, 0
			}
			if w := weekStart(p.day, weekEnd); w != curWeek {
				curWeek, ordWeek = w, 0
			}
			if ps := it.rs.periodStart(p.day); ps != curPeriod {
				curPeriod, ordPeriod = ps, 0
			}
			base, err := it.baseOn(sc.ver, p.day)
			if err != nil {
				return err
			}
			length := p.b - p.a
			ord := length
			ot := vr.overtime
			if ot != nil {
				if ot.span != nil {
					key := strings.ToLower(weekday(p.day).String())
					if _, ok := ot.span["publicholiday"]; ok && it.holiday(p.day, k) {
						key = "publicholiday"
					}
					sp, ok := ot.span[key]
					m := int(p.a - p.day*1440)
					if !ok || m < sp[0] || m >= sp[1] {
						ord = 0
					}
				}
				if ot.daily > 0 {
					lim := int64(ot.daily)
					if ot.oneDay > 0 && (longDay == curDay || longDay < curWeek) {
						lim = int64(ot.oneDay)
					}
					ord = min(ord, max(lim-ordDay, 0))
					if ot.oneDay > 0 && ordDay+ord > int64(ot.daily) {
						longDay = curDay
					}
				}
				if ot.weekly > 0 || (ot.weeklyFromEmployee && it.emp.StandardWeeklyMinutes > 0) {
					lim := int64(ot.weekly)
					if ot.weeklyFromEmployee && it.emp.StandardWeeklyMinutes > 0 {
						lim = it.emp.StandardWeeklyMinutes
					}
					ord = min(ord, max(lim-ordWeek, 0))
				}
				if ot.shift > 0 {
					ord = min(ord, max(int64(ot.shift)-engOrd[sc.eng], 0))
				}
				if ot.period > 0 {
					ord = min(ord, max(int64(ot.period)-ordPeriod, 0))
				}
			}
			if ord > 0 {
				var best *cRule
				var bestRate int64
				for _, r := range vr.penalties {
					if !it.pieceMatch(&r.when, p) {
						continue
					}
					if rate := rateOf(base, r.bp, r.loadCents); best == nil || rate > bestRate {
						best, bestRate = r, rate
					}
				}
				if best == nil {
					return &ShiftError{Shift: sc.i, Message: fmt.Sprintf("no rule of %s pays ordinary hours of a %s employee on %s %s at %s",
						it.rs.Name, it.emp.EmploymentType, weekday(p.day), dateOf(p.day).Format(time.DateOnly), timeOf(p.a).Format("15:04"))}
				}
				it.emit(k, best.r, LineOrdinary, best.category, p.a, p.a+ord, best.mult, best.loadCents, base, bestRate)
				ordDay, ordWeek, ordPeriod = ordDay+ord, ordWeek+ord, ordPeriod+ord
				engOrd[sc.eng] += ord
			}
			if rest := length - ord; rest > 0 {
				var rates *cRates
				for i := range ot.rates {
					if it.pieceMatch(&ot.rates[i].when, p) {
						rates = &ot.rates[i]
						break
					}
				}
				if rates == nil {
					return &ShiftError{Shift: sc.i, Message: fmt.Sprintf("no overtime rate of %s applies on %s %s", it.rs.Name, weekday(p.day), dateOf(p.day).Format(time.DateOnly))}
				}
				at := p.a + ord
				for at < p.b {
					var cum int64
					tier := &rates.tiers[len(rates.tiers)-1]
					for ti := range rates.tiers {
						t := &rates.tiers[ti]
						if t.minutes == 0 {
							tier = t
							break
						}
						cum += int64(t.minutes)
						if otDay < cum {
							tier = t
							break
						}
					}
					take := p.b - at
					if tier.minutes > 0 && cum-otDay < take {
						take = cum - otDay
					}
					it.emit(k, ot.r, LineOvertime, tier.category, at, at+take, tier.mult, 0, base, rateOf(base, tier.bp, 0))
					otDay += take
					it.engs[sc.eng].overtime += take
					at += take
				}
			}
			it.engs[sc.eng].paid += length
			for _, r := range vr.allowancesHour {
				if !it.pieceMatch(&r.when, p) {
					continue
				}
				if li, ok := hourAllow[r]; ok && it.out.Lines[li].Shift == sc.i && minuteOf(it.out.Lines[li].End) == p.a {
					l := &it.out.Lines[li]
					l.End, l.Minutes = timeOf(p.b), l.Minutes+length
					continue
				}
				it.out.Lines = append(it.out.Lines, Line{Shift: sc.i, Rule: r.r.Name, Clause: r.r.Clause, Kind: LineAllowance, Category: r.category,
					Start: timeOf(p.a), End: timeOf(p.b), Minutes: length, RateCents: r.amountCents})
				hourAllow[r] = len(it.out.Lines) - 1
				it.mark(sc.i, r.r)
			}
		}
	}
	return nil
}

// weekStart is the first day of the week holding day, weeks ending on end.
func weekStart(day int64, end time.Weekday) int64 {
	first := (int(end) + 1) % 7
	back := (int(weekday(day)) - first + 7) % 7
	return day - int64(back)
}

// minimums tops each engagement up to the largest minimum engagement
// that applies, at the rate and category of its last paid stretch.
func (it *interp) minimums() {
	for ei := range it.engs {
		e := &it.engs[ei]
		if e.lastLine < 0 {
			continue
		}
		k := e.shifts[0]
		var best *cRule
		for _, r := range it.usable(it.shifts[k].ver.c.minimums) {
			if it.dayMatch(&r.when, k, e.day) && (best == nil || r.minutes > best.minutes) {
				best = r
			}
		}
		if best == nil || e.paid >= int64(best.minutes) {
			continue
		}
		last := it.out.Lines[e.lastLine]
		need := int64(best.minutes) - e.paid
		it.out.Lines = append(it.out.Lines, Line{Shift: last.Shift, Rule: best.r.Name, Clause: best.r.Clause, Kind: LineTopUp, Category: last.Category,
			Start: last.End, End: last.End.Add(time.Duration(need) * time.Minute), Minutes: need, Multiplier: last.Multiplier,
			LoadingCents: last.LoadingCents, BaseCents: last.BaseCents, RateCents: last.RateCents})
		it.mark(last.Shift, best.r)
	}
}

// allowances adds allowances per shift (engagement) and per day.
func (it *interp) allowances() {
	dayOT := map[int64]int64{}
	for _, l := range it.out.Lines {
		if l.Kind == LineOvertime {
			dayOT[dayNumber(minuteOf(l.Start))] += l.Minutes
		}
	}
	type dayRule struct {
		day int64
		r   *cRule
	}
	paidDay := map[dayRule]bool{}
	for ei := range it.engs {
		e := &it.engs[ei]
		k := e.shifts[0]
		sc := &it.shifts[k]
		for _, r := range it.usable(sc.ver.c.allowances) {
			if r.per == "Hour" {
				continue
			}
			w := &r.when
			match := false
			for _, kk := range e.shifts { // conditions of any of its shifts
				if it.dayMatch(w, kk, e.day) {
					match = true
					break
				}
			}
			if !match {
				continue
			}
			if w.gapMin > 0 && e.maxGap < int64(w.gapMin) || w.gapMax > 0 && e.maxGap > int64(w.gapMax) {
				continue
			}
			ot := e.overtime
			if r.per == "Day" {
				ot = dayOT[e.day]
			}
			if w.otOver >= 0 && ot <= int64(w.otOver) {
				continue
			}
			if r.per == "Day" {
				key := dayRule{e.day, r}
				if paidDay[key] {
					continue
				}
				paidDay[key] = true
			}
			it.out.Lines = append(it.out.Lines, Line{Shift: sc.i, Rule: r.r.Name, Clause: r.r.Clause, Kind: LineAllowance, Category: r.category,
				Start: timeOf(sc.a), End: timeOf(it.shifts[e.shifts[len(e.shifts)-1]].b), RateCents: r.amountCents, AmountCents: r.amountCents})
			it.mark(sc.i, r.r)
		}
	}
}

// evaluations fills Result.Shifts: each shift's engagement and, when
// asked, whether each rule of its version paid any of it.
func (it *interp) evaluations() {
	it.out.Shifts = make([]ShiftResult, len(it.in.Shifts))
	none := []int{}
	for k := range it.shifts {
		sc := &it.shifts[k]
		sr := &it.out.Shifts[sc.i]
		sr.Consolidated = none
		if e := it.engs[sc.eng].shifts; len(e) > 1 {
			sr.Consolidated = make([]int, 0, len(e)-1)
			for _, kk := range e {
				if kk != k {
					sr.Consolidated = append(sr.Consolidated, it.shifts[kk].i)
				}
			}
		}
		if it.matched == nil {
			continue
		}
		for ri := range sc.ver.Rules {
			r := &sc.ver.Rules[ri]
			res := NoMatch
			switch {
			case it.disabled[strings.ToLower(r.Name)]:
				res = DisabledForRuleSet
			case it.matched[sc.i][r]:
				res = Match
			}
			sr.Evaluations = append(sr.Evaluations, Evaluation{Rule: r.Name, Result: res})
		}
	}
}
