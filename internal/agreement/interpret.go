package agreement

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/award"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Business is a business's rule sets and agreements, read once for an
// operation (a costing, a roster, a pay run) and shared by its employees.
type Business struct {
	s        *Service
	biz      business.Business
	q        *store.Queries
	ruleSets map[int64]*RuleSetData
	rsByName map[string]*RuleSetData
	agrs     map[int64]*store.EmploymentAgreement
	agrByNm  map[string]*store.EmploymentAgreement

	holidays  map[time.Time][]payschedule.PublicHoliday // by day; nil until needed
	locStates map[int64]string
}

// RuleSetData is a stored rule set, prepared for interpretation.
type RuleSetData struct {
	row        store.PayConditionRuleSet
	rs         *award.RuleSet
	cats       map[string]store.PayConditionRuleSetCategory
	disabled   []string
	categories []store.PayConditionRuleSetCategory
}

// ID and Name of the rule set.
func (r *RuleSetData) ID() int64             { return r.row.ID }
func (r *RuleSetData) Name() string          { return r.row.Name }
func (r *RuleSetData) Rules() *award.RuleSet { return r.rs }

// Category is the pay category a rule set category pays through.
func (r *RuleSetData) Category(key string) (store.PayConditionRuleSetCategory, bool) {
	c, ok := r.cats[key]
	return c, ok
}

// Load reads biz's rule sets and agreements with q (the caller's
// transaction, or DB.Queries()).
func (s *Service) Load(ctx context.Context, q *store.Queries, biz business.Business) (*Business, error) {
	return s.load(ctx, q, biz)
}

func (s *Service) load(ctx context.Context, q *store.Queries, biz business.Business) (*Business, error) {
	b := &Business{s: s, biz: biz, q: q, ruleSets: map[int64]*RuleSetData{}, rsByName: map[string]*RuleSetData{},
		agrs: map[int64]*store.EmploymentAgreement{}, agrByNm: map[string]*store.EmploymentAgreement{}}
	if !record.RegionIn(Regions, biz.Region) {
		return b, nil
	}
	rows, err := q.ListRuleSets(ctx, biz.ID)
	if err != nil || len(rows) == 0 {
		return b, err
	}
	vers, err := q.ListRuleSetVersionsOfBusiness(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	cats, err := q.ListRuleSetCategoriesOfBusiness(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		rs := &award.RuleSet{Key: row.ExternalID, Name: row.Name, Description: row.Description, PeriodType: row.PeriodType, DayOfWeekEnding: row.DayOfWeekEnding,
			DayOfMonthEnding: int(row.DayOfMonthEnding), PeriodEnding: row.PeriodEnding, ShiftConsolidation: row.ShiftConsolidation,
			ShiftConsolidationMinutes: int(row.ShiftConsolidationMinutes)}
		_ = json.Unmarshal([]byte(row.Classifications), &rs.Classifications)
		d := &RuleSetData{row: row, rs: rs, cats: map[string]store.PayConditionRuleSetCategory{}}
		_ = json.Unmarshal([]byte(row.DisabledRules), &d.disabled)
		for _, c := range cats {
			if c.RuleSetID == row.ID {
				rs.Categories = append(rs.Categories, award.Category{Key: c.CategoryKey, Name: c.Name, Type: c.CategoryType, OTE: c.Ote, STP: c.Stp})
				d.cats[c.CategoryKey] = c
				d.categories = append(d.categories, c)
			}
		}
		for _, v := range vers {
			if v.RuleSetID != row.ID {
				continue
			}
			var ver award.Version
			if err := json.Unmarshal([]byte(v.Document), &ver); err != nil {
				return nil, err
			}
			rs.Versions = append(rs.Versions, ver)
		}
		if err := rs.Prepare(); err != nil {
			return nil, err
		}
		rs.AwardCode, rs.AwardName = row.ExternalID, row.Name
		b.ruleSets[row.ID] = d
		b.rsByName[row.NameLower] = d
	}
	agrs, err := q.ListEmploymentAgreements(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	for i := range agrs {
		a := &agrs[i]
		b.agrs[a.ID] = a
		b.agrByNm[a.NameLower] = a
	}
	return b, nil
}

// BizID is the business's id.
func (b *Business) BizID() int64 { return b.biz.ID }

// Empty says the business has no rule sets (nothing to interpret).
func (b *Business) Empty() bool { return len(b.ruleSets) == 0 }

// Agreement returns the agreement id of the business.
func (b *Business) Agreement(id int64) (*store.EmploymentAgreement, *RuleSetData, bool) {
	a, ok := b.agrs[id]
	if !ok {
		return nil, nil, false
	}
	return a, b.ruleSets[a.RuleSetID], true
}

// Terms are what an employee is paid under: their agreement (nil when
// only a rule set is named), rule set and what the rules need to know of
// them.
type Terms struct {
	EmployeeID int64
	Agreement  *store.EmploymentAgreement
	RuleSet    *RuleSetData
	Employee   award.Employee
	LocationID int64  // primary location
	State      string // state of the primary location, else of residence
}

// TermsOf reads the terms of the employees ids that have an agreement or a
// rule set (the others are absent from the answer), one query over the
// ids' range.
func (b *Business) TermsOf(ctx context.Context, ids []int64) (map[int64]*Terms, error) {
	out := map[int64]*Terms{}
	if b.Empty() || len(ids) == 0 {
		return out, nil
	}
	want := make(map[int64]bool, len(ids))
	lo, hi := ids[0], ids[0]
	for _, id := range ids {
		want[id] = true
		lo, hi = min(lo, id), max(hi, id)
	}
	rows, err := b.q.ListEmployeeAwardTerms(ctx, store.ListEmployeeAwardTermsParams{BusinessID: b.biz.ID, ID: lo, ID_2: hi})
	if err != nil {
		return nil, err
	}
	if err := b.locations(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		if !want[r.ID] {
			continue
		}
		t := &Terms{EmployeeID: r.ID, LocationID: r.PrimaryLocationID.Int64}
		if r.EmploymentAgreementID.Valid {
			t.Agreement = b.agrs[r.EmploymentAgreementID.Int64]
		}
		if t.Agreement == nil && r.EmploymentAgreement != "" {
			t.Agreement = b.agrByNm[strings.ToLower(strings.TrimSpace(r.EmploymentAgreement))]
		}
		if t.Agreement != nil {
			t.RuleSet = b.ruleSets[t.Agreement.RuleSetID]
			t.Employee.EmploymentType, t.Employee.Classification = t.Agreement.EmploymentType, t.Agreement.Classification
		} else {
			t.Employee.EmploymentType = r.EmploymentType
		}
		if r.PayConditionRuleSet != "" {
			if rs := b.rsByName[strings.ToLower(strings.TrimSpace(r.PayConditionRuleSet))]; rs != nil {
				t.RuleSet = rs
			}
		}
		if t.RuleSet == nil {
			continue
		}
		if r.DateOfBirth.Valid {
			t.Employee.DateOfBirth = payroll.DateOnly(r.DateOfBirth.Time)
		}
		switch {
		case r.AnniversaryDate.Valid:
			t.Employee.ServiceStart = payroll.DateOnly(r.AnniversaryDate.Time)
		case r.StartDate.Valid:
			t.Employee.ServiceStart = payroll.DateOnly(r.StartDate.Time)
		}
		if h, err := payroll.ParseRate(r.HoursPerWeek.String); r.HoursPerWeek.Valid && err == nil {
			t.Employee.StandardWeeklyMinutes = minutes(h)
		}
		t.Employee.OwnHourlyCents = hourlyCents(r.Rate, r.RateUnit, r.HoursPerWeek, r.HoursPerDay)
		t.State = b.locStates[t.LocationID]
		if t.State == "" {
			t.State = r.ResidentialState
		}
		out[r.ID] = t
	}
	return out, nil
}

func minutes(h payroll.Rate) int64 {
	n, _, _ := h.Mul(payroll.RateFromInt(60)).RoundHalfUp(0).Decimal().Int64(0)
	return n
}

// hourlyCents is the employee's own rate as cents an hour: hourly rates as
// they are, weekly ones over the standard hours a week, annual ones over 52
// weeks of them, daily ones over the hours a day (0 = none).
func hourlyCents(rate sql.NullString, unit string, hpw, hpd sql.NullString) int64 {
	r, err := payroll.ParseRate(rate.String)
	if !rate.Valid || err != nil || !r.IsPos() {
		return 0
	}
	w, _ := payroll.ParseRate(hpw.String)
	d, _ := payroll.ParseRate(hpd.String)
	var h payroll.Rate
	switch strings.ToLower(unit) {
	case "hourly":
		h = r
	case "weekly":
		if !w.IsPos() {
			return 0
		}
		h = r.Div(w)
	case "annually":
		if !w.IsPos() {
			return 0
		}
		h = r.Div(payroll.RateFromInt(52)).Div(w)
	case "daily":
		if !d.IsPos() {
			return 0
		}
		h = r.Div(d)
	default:
		return 0
	}
	n, _, _ := h.Mul(payroll.RateFromInt(100)).RoundHalfUp(0).Decimal().Int64(0)
	return n
}

// locations reads the states of the business's locations.
func (b *Business) locations(ctx context.Context) error {
	if b.locStates != nil {
		return nil
	}
	b.locStates = map[int64]string{}
	rows, err := b.q.ListRecords(ctx, store.ListRecordsParams{BusinessID: b.biz.ID, Kind: record.KindLocation})
	if err != nil {
		return err
	}
	for _, r := range rows {
		var l struct {
			State string `json:"state"`
		}
		if json.Unmarshal([]byte(r.Data), &l) == nil {
			b.locStates[r.ID] = strings.ToUpper(strings.TrimSpace(l.State))
		}
	}
	return nil
}

// loadHolidays reads the business's public holidays.
func (b *Business) loadHolidays(ctx context.Context) error {
	if b.holidays != nil {
		return nil
	}
	b.holidays = map[time.Time][]payschedule.PublicHoliday{}
	rows, err := b.q.ListRecords(ctx, store.ListRecordsParams{BusinessID: b.biz.ID, Kind: record.KindPublicHoliday})
	if err != nil {
		return err
	}
	for _, r := range rows {
		h, err := b.s.Schedules.PublicHolidays.Decode(r)
		if err != nil {
			return err
		}
		if h.NotAPublicHoliday {
			continue
		}
		d := payroll.DateOnly(h.Date.Time)
		b.holidays[d] = append(b.holidays[d], h)
	}
	return nil
}

// EnsureHolidays seeds the official public holidays of the years from
// through to where the business has not received them yet (outside any
// transaction: call it before the operation's).
func (s *Service) EnsureHolidays(ctx context.Context, biz business.Business, from, to time.Time) error {
	if s.Schedules == nil || from.IsZero() {
		return nil
	}
	for y := from.Year(); y <= to.Year(); y++ {
		if err := s.Schedules.EnsureOfficialHolidays(ctx, biz, y); err != nil {
			return err
		}
	}
	return nil
}

// isHoliday says whether day is a public holiday at location (0 = the
// employee's primary location) for t.
func (b *Business) isHoliday(t *Terms, day time.Time, location int64) bool {
	state := t.State
	if location != 0 {
		if s, ok := b.locStates[location]; ok && s != "" {
			state = s
		}
	} else {
		location = t.LocationID
	}
	for _, h := range b.holidays[day] {
		if len(h.States) > 0 && !containsFold(h.States, state) {
			continue
		}
		if len(h.LocationIDs) > 0 {
			found := false
			for _, id := range h.LocationIDs {
				found = found || id == location
			}
			if !found {
				continue
			}
		}
		return true
	}
	return false
}

// Interpret pays t's shifts under their rule set. locations[i] is shift
// i's location (0 or missing = the employee's primary location);
// periodStart picks the version in force for a pay period (zero = each
// shift's day).
func (b *Business) Interpret(ctx context.Context, t *Terms, shifts []award.Shift, locations []int64, periodStart time.Time, evaluate bool) (award.Result, error) {
	if err := b.loadHolidays(ctx); err != nil {
		return award.Result{}, err
	}
	if err := b.locations(ctx); err != nil {
		return award.Result{}, err
	}
	in := award.Input{Employee: t.Employee, Shifts: shifts, PeriodStart: periodStart, Disabled: t.RuleSet.disabled, Evaluate: evaluate,
		Holiday: func(day time.Time, i int) bool {
			var loc int64
			if i < len(locations) {
				loc = locations[i]
			}
			return b.isHoliday(t, day, loc)
		}}
	return t.RuleSet.rs.Interpret(in)
}
