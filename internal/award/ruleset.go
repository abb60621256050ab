package award

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Employment types an agreement (and a rule's condition) can name.
const (
	FullTime = "FullTime"
	PartTime = "PartTime"
	Casual   = "Casual"
)

// Rule kinds.
const (
	KindPenalty           = "penalty"           // pays ordinary hours at a category, multiplier and loading
	KindOvertime          = "overtime"          // says which hours are overtime and pays them in tiers
	KindMinimumEngagement = "minimumEngagement" // tops an engagement up to a minimum of paid hours
	KindAllowance         = "allowance"         // adds an amount per shift, day or hour
)

// Period types of a rule set (PayConditionRuleSetModel.periodType).
var PeriodTypes = []string{"Weekly", "Fortnightly", "ThreeWeekly", "FourWeekly", "SixWeekly", "EightWeekly", "Monthly", "CalendarMonth"}

// Shift consolidation options (PayConditionRuleSetModel.shiftConsolidationOption).
var ConsolidationOptions = []string{"None", "Duration", "SameDay"}

// RuleSet is a pay condition rule set: how worked time is paid under an
// award, as data. Versions are complete and dated; the one in force on a
// day (or at a pay period's start) is used.
type RuleSet struct {
	Key         string `json:"key" doc:"the library key (the award code) of a shipped rule set"`
	Name        string `json:"name"`
	Description string `json:"description"`
	AwardCode   string `json:"awardCode"`
	AwardName   string `json:"awardName"`
	// Periods over which weekly and period thresholds are counted.
	PeriodType       string `json:"periodType"`
	DayOfWeekEnding  string `json:"dayOfWeekEnding" doc:"the day weeks end on (Sunday: weeks run Monday to Sunday)"`
	DayOfMonthEnding int    `json:"dayOfMonthEnding,omitempty"`
	PeriodEnding     string `json:"periodEnding,omitempty" doc:"a date a multi-week period ends on (YYYY-MM-DD)"`
	// Shift consolidation: which shifts are one engagement.
	ShiftConsolidation        string `json:"shiftConsolidation"`
	ShiftConsolidationMinutes int    `json:"shiftConsolidationMinutes,omitempty"`

	Categories      []Category `json:"categories"`
	Classifications []string   `json:"classifications"`
	Versions        []Version  `json:"versions"`

	cats map[string]*Category
}

// Category is a pay category the rules pay through. Installing a rule set
// into a business creates a pay category of each.
type Category struct {
	Key  string `json:"key"`
	Name string `json:"name"`
	// Type is the pay category type: Ordinary (ordinary hours and penalties:
	// ordinary time earnings), Overtime (not OTE), Allowance.
	Type string `json:"type"`
	// OTE says whether the category's earnings are ordinary time earnings.
	OTE bool `json:"ote"`
	// STP is the pay category's payment summary classification (how STP
	// reports it): Default, Overtime, Allowance (other), AllowanceMeals, ...
	STP string `json:"stp"`
}

// Version is a rule set's rates and rules from From through To (To empty =
// open-ended). Source says where its figures come from.
type Version struct {
	From   string      `json:"from"`
	To     string      `json:"to,omitempty"`
	After  string      `json:"after,omitempty" doc:"what is not loaded after To (said when a later day is refused)"`
	Source string      `json:"source"`
	Rates  []ClassRate `json:"rates"`
	Junior []Junior    `json:"junior,omitempty"`
	Rules  []Rule      `json:"rules"`

	from, to time.Time
	rates    map[string]ClassRate
	c        *compiled
}

// ClassRate is a classification's adult minimum rate.
type ClassRate struct {
	Classification string        `json:"classification"`
	Weekly         payroll.Money `json:"weekly"`
	Hourly         payroll.Money `json:"hourly"`
}

// Junior is a junior rate band: employees aged MinAge..MaxAge (and, when
// given, with more than ServiceOverMonths / at most ServiceAtMostMonths of
// service) are paid Percent of the adult weekly rate ÷ 38. Classifications
// limits the band (empty = all). The first matching band wins; none = adult.
type Junior struct {
	MinAge              int          `json:"minAge"`
	MaxAge              int          `json:"maxAge"`
	ServiceOverMonths   *int         `json:"serviceOverMonths,omitempty"`
	ServiceAtMostMonths *int         `json:"serviceAtMostMonths,omitempty"`
	Percent             payroll.Rate `json:"percent"`
	Classifications     []string     `json:"classifications,omitempty"`
}

// Rule is one rule of a version. Kind says which of its members apply.
type Rule struct {
	Name   string `json:"name"`
	Clause string `json:"clause"`
	Kind   string `json:"kind"`
	When   When   `json:"when"`

	// penalty
	Pay *Pay `json:"pay,omitempty"`
	// overtime
	Beyond *Beyond         `json:"beyond,omitempty"`
	Rates  []OvertimeRates `json:"rates,omitempty"`
	// minimumEngagement
	Hours payroll.Rate `json:"hours,omitempty"`
	// allowance
	Allowance *Allowance `json:"allowance,omitempty"`
}

// Pay is what a penalty rule pays an hour: the base rate × Multiplier (to
// the cent) plus LoadingPerHour.
type Pay struct {
	Category       string        `json:"category"`
	Multiplier     payroll.Rate  `json:"multiplier"`
	LoadingPerHour payroll.Money `json:"loadingPerHour,omitempty"`
}

// When are a rule's conditions; all given must hold (empty = any).
type When struct {
	EmploymentTypes []string `json:"employmentTypes,omitempty"`
	Classifications []string `json:"classifications,omitempty"`
	Days            []string `json:"days,omitempty" doc:"days of the week (Monday...Sunday)"`
	PublicHoliday   *bool    `json:"publicHoliday,omitempty" doc:"true: only on public holidays; false: never on them"`
	From            string   `json:"from,omitempty" doc:"time of day the rule starts (HH:MM)"`
	To              string   `json:"to,omitempty" doc:"time of day the rule ends (HH:MM; 24:00 = midnight)"`
	MinAge          int      `json:"minAge,omitempty"`
	MaxAge          int      `json:"maxAge,omitempty"`
	ShiftConditions []string `json:"shiftConditions,omitempty" doc:"the shift carries one of these shift conditions (by name)"`
	// MinConsecutiveDays: the day is at least the Nth consecutive day worked.
	MinConsecutiveDays int `json:"minConsecutiveDays,omitempty"`
	// MissedBreakAfterHours: time worked beyond this many hours without a
	// break (paid or unpaid) of at least MissedBreakMinutes.
	MissedBreakAfterHours payroll.Rate `json:"missedBreakAfterHours,omitempty"`
	MissedBreakMinutes    int          `json:"missedBreakMinutes,omitempty"`
	// Split shifts (allowances): an engagement split by a gap of at least
	// SplitGapMinMinutes and at most SplitGapMaxMinutes (0 = no bound).
	SplitGapMinMinutes int `json:"splitGapMinMinutes,omitempty"`
	SplitGapMaxMinutes int `json:"splitGapMaxMinutes,omitempty"`
	// OvertimeHoursOver (allowances): the day's overtime exceeds this.
	OvertimeHoursOver payroll.Rate `json:"overtimeHoursOver,omitempty"`
}

// Beyond says which hours are overtime: beyond the ordinary hours of a day
// (one day a week may go to OneDayPerWeekHours), a shift, a week, a period,
// or outside the span of ordinary hours. Zero = no such limit.
type Beyond struct {
	DailyHours         payroll.Rate `json:"dailyHours,omitempty"`
	OneDayPerWeekHours payroll.Rate `json:"oneDayPerWeekHours,omitempty"`
	ShiftHours         payroll.Rate `json:"shiftHours,omitempty"`
	WeeklyHours        payroll.Rate `json:"weeklyHours,omitempty"`
	// WeeklyFromEmployee: the weekly limit is the employee's standard hours
	// a week when known (a part-time employee's agreed hours).
	WeeklyFromEmployee bool         `json:"weeklyFromEmployee,omitempty"`
	PeriodHours        payroll.Rate `json:"periodHours,omitempty"`
	// Span of ordinary hours by day (Monday...Sunday, PublicHoliday): time
	// outside it is overtime. A day not listed has no ordinary hours.
	Span map[string][2]string `json:"span,omitempty"`
}

// OvertimeRates are the tiers paid on days matching When; the first entry
// matching the day is used.
type OvertimeRates struct {
	When  When   `json:"when"`
	Tiers []Tier `json:"tiers"`
}

// Tier pays up to Hours of the day's overtime (0 = the rest).
type Tier struct {
	Hours      payroll.Rate `json:"hours,omitempty"`
	Category   string       `json:"category"`
	Multiplier payroll.Rate `json:"multiplier"`
}

// Allowance is an amount paid Per shift, day or hour.
type Allowance struct {
	Category string        `json:"category"`
	Amount   payroll.Money `json:"amount"`
	Per      string        `json:"per" doc:"Shift, Day or Hour"`
}

// Weekdays by name.
var weekdays = map[string]time.Weekday{"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday}

// ParseRuleSet reads a rule set from JSON and validates it.
func ParseRuleSet(b []byte) (*RuleSet, error) {
	var rs RuleSet
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rs); err != nil {
		return nil, fmt.Errorf("rule set: %w", err)
	}
	if err := rs.Prepare(); err != nil {
		return nil, err
	}
	return &rs, nil
}

// Prepare validates the rule set and builds its indexes; a rule set must
// be prepared before Interpret (ParseRuleSet does it).
func (rs *RuleSet) Prepare() error {
	var v payroll.Validation
	rs.Validate(&v)
	if err := v.Err(); err != nil {
		return err
	}
	rs.cats = map[string]*Category{}
	for i := range rs.Categories {
		rs.cats[rs.Categories[i].Key] = &rs.Categories[i]
	}
	for i := range rs.Versions {
		ver := &rs.Versions[i]
		ver.from, _ = time.Parse(time.DateOnly, ver.From)
		if ver.To != "" {
			ver.to, _ = time.Parse(time.DateOnly, ver.To)
		}
		ver.rates = map[string]ClassRate{}
		for _, r := range ver.Rates {
			ver.rates[strings.ToLower(r.Classification)] = r
		}
		ver.c = ver.compile()
	}
	sort.SliceStable(rs.Versions, func(i, j int) bool { return rs.Versions[i].from.Before(rs.Versions[j].from) })
	return nil
}

// Category returns the category of key.
func (rs *RuleSet) Category(key string) (Category, bool) {
	c, ok := rs.cats[key]
	if !ok {
		return Category{}, false
	}
	return *c, true
}

// Validate checks the rule set's members, naming each bad one by its path.
func (rs *RuleSet) Validate(v *payroll.Validation) {
	v.Required("name", rs.Name)
	v.MaxLen("name", rs.Name, 200)
	v.MaxLen("description", rs.Description, 4000)
	if rs.PeriodType == "" {
		rs.PeriodType = "Weekly"
	}
	if !oneOf(PeriodTypes, rs.PeriodType) {
		v.Add("periodType", "periodType must be one of %s", strings.Join(PeriodTypes, ", "))
	}
	if rs.DayOfWeekEnding == "" {
		rs.DayOfWeekEnding = "Sunday"
	}
	if _, ok := weekdays[strings.ToLower(rs.DayOfWeekEnding)]; !ok {
		v.Add("dayOfWeekEnding", "dayOfWeekEnding must be a day of the week")
	}
	if rs.DayOfMonthEnding < 0 || rs.DayOfMonthEnding > 31 {
		v.Add("dayOfMonthEnding", "dayOfMonthEnding must be 1 to 31")
	}
	if rs.PeriodEnding != "" {
		if _, err := time.Parse(time.DateOnly, rs.PeriodEnding); err != nil {
			v.Add("periodEnding", "periodEnding must be a date (YYYY-MM-DD)")
		}
	}
	if rs.ShiftConsolidation == "" {
		rs.ShiftConsolidation = "None"
	}
	if !oneOf(ConsolidationOptions, rs.ShiftConsolidation) {
		v.Add("shiftConsolidation", "shiftConsolidation must be one of %s", strings.Join(ConsolidationOptions, ", "))
	}
	if rs.ShiftConsolidationMinutes < 0 || rs.ShiftConsolidationMinutes > 24*60 {
		v.Add("shiftConsolidationMinutes", "shiftConsolidationMinutes must be 0 to 1440")
	}
	cats := map[string]bool{}
	for i, c := range rs.Categories {
		p := fmt.Sprintf("categories[%d]", i)
		if c.Key == "" || cats[c.Key] {
			v.Add(p+".key", "each category needs a unique key")
		}
		cats[c.Key] = true
		v.Required(p+".name", c.Name)
		v.MaxLen(p+".name", c.Name, 100)
		if !oneOf([]string{"Ordinary", "Overtime", "Allowance"}, c.Type) {
			v.Add(p+".type", "type must be Ordinary, Overtime or Allowance")
		}
	}
	classes := map[string]bool{}
	for _, c := range rs.Classifications {
		classes[strings.ToLower(c)] = true
	}
	if len(rs.Versions) == 0 {
		v.Add("versions", "a rule set needs at least one version")
	}
	var prevTo time.Time
	for i := range rs.Versions {
		ver := &rs.Versions[i]
		p := fmt.Sprintf("versions[%d]", i)
		from, err := time.Parse(time.DateOnly, ver.From)
		if err != nil {
			v.Add(p+".from", "from must be a date (YYYY-MM-DD)")
		}
		if ver.To != "" {
			to, err := time.Parse(time.DateOnly, ver.To)
			if err != nil || to.Before(from) {
				v.Add(p+".to", "to must be a date on or after from")
			}
			if i+1 < len(rs.Versions) && !to.IsZero() {
				prevTo = to
			}
		} else if i+1 < len(rs.Versions) {
			v.Add(p+".to", "only the last version may be open-ended")
		}
		if i > 0 && !prevTo.IsZero() && !from.After(prevTo) {
			v.Add(p+".from", "versions must not overlap")
		}
		for j, r := range ver.Rates {
			if !classes[strings.ToLower(r.Classification)] {
				v.Add(fmt.Sprintf("%s.rates[%d].classification", p, j), "%q is not a classification of the rule set", r.Classification)
			}
			if !r.Weekly.IsPos() || !r.Hourly.IsPos() {
				v.Add(fmt.Sprintf("%s.rates[%d]", p, j), "weekly and hourly rates must be positive")
			}
		}
		for j, b := range ver.Junior {
			if b.MinAge < 0 || b.MaxAge < b.MinAge || b.MaxAge > 25 || !b.Percent.IsPos() || payroll.RateFromInt(100).Less(b.Percent) {
				v.Add(fmt.Sprintf("%s.junior[%d]", p, j), "a junior band needs ages 0 to 25 (min ≤ max) and a percent above 0 and at most 100")
			}
		}
		names := map[string]bool{}
		for j := range ver.Rules {
			validateRule(v, fmt.Sprintf("%s.rules[%d]", p, j), &ver.Rules[j], cats, names)
		}
	}
}

func validateRule(v *payroll.Validation, p string, r *Rule, cats, names map[string]bool) {
	if r.Name == "" || names[strings.ToLower(r.Name)] {
		v.Add(p+".name", "each rule needs a unique name")
	}
	names[strings.ToLower(r.Name)] = true
	v.MaxLen(p+".name", r.Name, 100)
	v.MaxLen(p+".clause", r.Clause, 200)
	validateWhen(v, p+".when", &r.When)
	cat := func(member, key string) {
		if !cats[key] {
			v.Add(member, "%q is not a category of the rule set", key)
		}
	}
	switch r.Kind {
	case KindPenalty:
		if r.Pay == nil {
			v.Add(p+".pay", "a penalty rule needs pay")
			return
		}
		cat(p+".pay.category", r.Pay.Category)
		if !r.Pay.Multiplier.IsPos() || r.Pay.LoadingPerHour.IsNeg() {
			v.Add(p+".pay", "multiplier must be positive and loadingPerHour not negative")
		}
	case KindOvertime:
		if r.Beyond == nil || len(r.Rates) == 0 {
			v.Add(p, "an overtime rule needs beyond and rates")
			return
		}
		for day, sp := range r.Beyond.Span {
			if _, ok := weekdays[strings.ToLower(day)]; !ok && !strings.EqualFold(day, "PublicHoliday") {
				v.Add(p+".beyond.span", "%q is not a day of the week", day)
			}
			a, okA := clock(sp[0])
			b, okB := clock(sp[1])
			if !okA || !okB || b <= a {
				v.Add(p+".beyond.span."+day, "a span is two times of day (HH:MM), the second later")
			}
		}
		for _, h := range []payroll.Rate{r.Beyond.DailyHours, r.Beyond.OneDayPerWeekHours, r.Beyond.ShiftHours, r.Beyond.WeeklyHours, r.Beyond.PeriodHours} {
			if h.IsNeg() {
				v.Add(p+".beyond", "hours must not be negative")
			}
		}
		for i, rt := range r.Rates {
			q := fmt.Sprintf("%s.rates[%d]", p, i)
			validateWhen(v, q+".when", &rt.When)
			if len(rt.Tiers) == 0 {
				v.Add(q+".tiers", "at least one tier")
			}
			for j, t := range rt.Tiers {
				cat(fmt.Sprintf("%s.tiers[%d].category", q, j), t.Category)
				if !t.Multiplier.IsPos() || t.Hours.IsNeg() || (t.Hours.IsZero() && j != len(rt.Tiers)-1) {
					v.Add(fmt.Sprintf("%s.tiers[%d]", q, j), "a tier needs a positive multiplier; only the last may be open (no hours)")
				}
			}
		}
	case KindMinimumEngagement:
		if !r.Hours.IsPos() || payroll.RateFromInt(24).Less(r.Hours) {
			v.Add(p+".hours", "hours must be above 0 and at most 24")
		}
	case KindAllowance:
		if r.Allowance == nil {
			v.Add(p+".allowance", "an allowance rule needs allowance")
			return
		}
		cat(p+".allowance.category", r.Allowance.Category)
		if !r.Allowance.Amount.IsPos() || !oneOf([]string{"Shift", "Day", "Hour"}, r.Allowance.Per) {
			v.Add(p+".allowance", "amount must be positive and per Shift, Day or Hour")
		}
	default:
		v.Add(p+".kind", "kind must be penalty, overtime, minimumEngagement or allowance")
	}
}

func validateWhen(v *payroll.Validation, p string, w *When) {
	for _, t := range w.EmploymentTypes {
		if !oneOf([]string{FullTime, PartTime, Casual}, t) {
			v.Add(p+".employmentTypes", "%q is not FullTime, PartTime or Casual", t)
		}
	}
	for _, d := range w.Days {
		if _, ok := weekdays[strings.ToLower(d)]; !ok {
			v.Add(p+".days", "%q is not a day of the week", d)
		}
	}
	if (w.From == "") != (w.To == "") {
		v.Add(p, "from and to go together")
	} else if w.From != "" {
		a, okA := clock(w.From)
		b, okB := clock(w.To)
		if !okA || !okB || b <= a {
			v.Add(p, "from and to are times of day (HH:MM), to later than from")
		}
	}
	if w.MinAge < 0 || w.MaxAge < 0 || (w.MaxAge > 0 && w.MaxAge < w.MinAge) {
		v.Add(p, "ages must be 0 or more, minAge ≤ maxAge")
	}
	if w.MissedBreakAfterHours.IsNeg() || w.MissedBreakMinutes < 0 || w.SplitGapMinMinutes < 0 || w.SplitGapMaxMinutes < 0 || w.OvertimeHoursOver.IsNeg() {
		v.Add(p, "hours and minutes must not be negative")
	}
}

// clock reads HH:MM as minutes after midnight (24:00 = 1440).
func clock(s string) (int, bool) {
	var h, m int
	if _, err := fmt.Sscanf(s, "%d:%d", &h, &m); err != nil || len(s) != 5 || h < 0 || m < 0 || m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, false
	}
	return h*60 + m, true
}

func oneOf(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// VersionOn is the version in force on day, or an error saying what is not
// loaded.
func (rs *RuleSet) VersionOn(day time.Time) (*Version, error) {
	d := payroll.DateOnly(day)
	for i := range rs.Versions {
		ver := &rs.Versions[i]
		if !d.Before(ver.from) && (ver.to.IsZero() || !d.After(ver.to)) {
			return ver, nil
		}
	}
	if n := len(rs.Versions); n > 0 && d.Before(rs.Versions[0].from) {
		return nil, &NotLoadedError{RuleSet: rs.Name, Day: d, Message: fmt.Sprintf("the rates of %s before %s are not loaded", rs.Name, rs.Versions[0].From)}
	}
	last := rs.Versions[len(rs.Versions)-1]
	msg := fmt.Sprintf("the rates of %s after %s are not loaded", rs.Name, last.To)
	if last.After != "" {
		msg += " (" + last.After + ")"
	}
	return nil, &NotLoadedError{RuleSet: rs.Name, Day: d, Message: msg}
}

// NotLoadedError refuses a day no version of the rule set covers.
type NotLoadedError struct {
	RuleSet string
	Day     time.Time
	Message string
}

func (e *NotLoadedError) Error() string {
	return fmt.Sprintf("cannot pay work on %s under %s: %s", e.Day.Format(time.DateOnly), e.RuleSet, e.Message)
}
