package timesheet

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/payrolld/payrolld/internal/agreement"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Shift costing prices proposed shifts of an employee without storing
// anything (POST E/timesheet/shiftcosting): each shift is validated and
// costed exactly as a timesheet line of the same times, breaks, pay
// category and rate would be (cost in costing.go), at the employee's rate
// in force on each shift's day (atDayRates); an employee with an
// employment agreement or a pay condition rule set is costed under its
// rules instead (award.go), as are an agreement's own proposed shifts
// (POST B/employmentagreement/{id}/shiftcosting).

// MaxCostedShifts bounds one costing request.
const MaxCostedShifts = 500

// RateOverride replaces the base rate of a pay category in a costing.
type RateOverride struct {
	PayCategoryID int64        `json:"payCategoryId"`
	Rate          payroll.Rate `json:"rate"`
	UseRateAsIs   bool         `json:"useRateAsIs" doc:"the rate is final: the pay category's rate loading is not applied"`
}

// CostingEmployee is what the request may say of the employee; members
// given replace the employee's stored standard hours for the conversion
// of a salary to an hourly rate.
type CostingEmployee struct {
	StandardHoursPerWeek *payroll.Rate
	StandardHoursPerDay  *payroll.Rate
	// DateOfBirth and AnniversaryDate describe the employee an agreement's
	// shifts are costed for (junior rates by age and service).
	DateOfBirth, AnniversaryDate *time.Time
}

// CostingShift is one proposed shift: a timesheet line's Input whose
// location and work type may be external ids, and its own overrides.
type CostingShift struct {
	Input
	LocationRef, WorkTypeRef string
	PayCategoryRef           string
	OverrideRates            []RateOverride
}

// CostingRequest is ShiftCostingsRequestModel in domain terms.
type CostingRequest struct {
	TransactionExternalID          string
	IncludeEvaluationResults       bool
	LocationIDType, WorkTypeIDType string // Standard (default) or External
	Employee                       CostingEmployee
	Shifts                         []CostingShift
	OverrideRates                  []RateOverride
}

// CostBreakdown is one costed stretch of a shift (ShiftCostingBreakdownModel).
type CostBreakdown struct {
	StartTime             payroll.DateTime `json:"startTime"`
	EndTime               payroll.DateTime `json:"endTime"`
	PayCategoryID         int64            `json:"payCategoryId"`
	PayCategoryName       string           `json:"payCategoryName"`
	Units                 payroll.Rate     `json:"units" doc:"hours"`
	Rate                  payroll.Rate     `json:"rate" doc:"the hourly rate paid: base rate x the pay category's loading"`
	Cost                  payroll.Money    `json:"cost"`
	Type                  string           `json:"type" doc:"Shift, PaidBreak or Units"`
	LiabilityCategoryID   *int64           `json:"liabilityCategoryId" nullable:"true" doc:"null: the shipped awards set no employer liabilities"`
	LiabilityCategoryName string           `json:"liabilityCategoryName"`
	LocationID            *int64           `json:"locationId" nullable:"true"`
	LocationName          string           `json:"locationName"`
}

// RuleEvaluation is a rule's evaluation result (none apply here).
type RuleEvaluation struct {
	RuleName    string `json:"ruleName"`
	MatchResult string `json:"matchResult" enum:"NoMatch,Match,DisabledForRuleSet,DisabledForEmployee"`
}

// CostedShift is one shift of the answer (ShiftCostingsResponseShiftModel).
type CostedShift struct {
	ExternalID         string           `json:"externalId"`
	StartTime          payroll.DateTime `json:"startTime"`
	EndTime            payroll.DateTime `json:"endTime"`
	Cost               *payroll.Money   `json:"cost" nullable:"true" doc:"null when the employee has no rate that converts to hours and the shift names none"`
	EvaluationResults  []RuleEvaluation `json:"evaluationResults"`
	ConsolidatedShifts []string         `json:"consolidatedShifts"`
	CostBreakdown      []CostBreakdown  `json:"costBreakdown"`
}

// CostingResult is ShiftCostingsResponseModel.
type CostingResult struct {
	TransactionID           string        `json:"transactionId" format:"uuid"`
	TransactionExternalID   string        `json:"transactionExternalId"`
	EmploymentAgreementID   int64         `json:"employmentAgreementId" doc:"the agreement the shifts were costed under (0: none, the employee's own rate)"`
	EmploymentAgreementName string        `json:"employmentAgreementName"`
	PayConditionRuleSetID   int64         `json:"payConditionRuleSetId"`
	PayConditionRuleSetName string        `json:"payConditionRuleSetName"`
	Shifts                  []CostedShift `json:"shifts"`
}

// idTypeOf canonicalises an IdType member (Standard when empty).
func idTypeOf(v *payroll.Validation, member, val string) string {
	switch {
	case val == "" || strings.EqualFold(val, IDStandard):
		return IDStandard
	case strings.EqualFold(val, IDExternal):
		return IDExternal
	}
	v.Add(member, "%s must be Standard or External", member)
	return IDStandard
}

// refResolver turns a request's record reference (an id, or an external
// id) into a record id of the business, adding a 400 naming the member
// when it names nothing.
type refResolver struct {
	q     *store.Queries
	bizID int64
	v     *payroll.Validation
	ext   map[string]int64
}

func (r *refResolver) resolve(ctx context.Context, kind, typ, ref, member string) *int64 {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return nil
	}
	if typ != IDExternal {
		id, err := strconv.ParseInt(ref, 10, 64)
		if err != nil || id <= 0 {
			r.v.Add(member, "%q is not an id", ref)
			return nil
		}
		return &id
	}
	key := kind + "\x00" + ref
	id, ok := r.ext[key]
	if !ok {
		rs, err := r.q.ListRecordsByExternalID(ctx, store.ListRecordsByExternalIDParams{BusinessID: r.bizID, Kind: kind, ExternalID: ref})
		if err == nil && len(rs) > 0 {
			id = rs[0].ID
		}
		if r.ext == nil {
			r.ext = map[string]int64{}
		}
		r.ext[key] = id
	}
	if id == 0 {
		r.v.Add(member, "no %s has external id %q", strings.ReplaceAll(kind, "_", " "), ref)
		return nil
	}
	return &id
}

// CostShifts prices req's shifts for employeeID (404 when the caller may
// not see the employee; 400 naming the member for a bad shift). An
// employee with an employment agreement or a pay condition rule set is
// costed under its rules (award.go).
func (s *Service) CostShifts(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, req CostingRequest) (_ CostingResult, err error) {
	defer payroll.Wrap(&err, "cost shifts of employee %d", employeeID)
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return CostingResult{}, err
	}
	if s.Agreements != nil {
		from, to := req.span()
		if err := s.Agreements.EnsureHolidays(ctx, biz, from, to); err != nil {
			return CostingResult{}, err
		}
	}
	var out CostingResult
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		emp, err := s.costingEmployee(ctx, q, a, employeeID)
		if err != nil {
			return err
		}
		if h := req.Employee.StandardHoursPerWeek; h != nil && h.IsPos() {
			emp.HoursPerWeek = h
		}
		if h := req.Employee.StandardHoursPerDay; h != nil && h.IsPos() {
			emp.HoursPerDay = h
		}
		var ab *agreement.Business
		var t *agreement.Terms
		if s.Agreements != nil {
			if ab, err = s.Agreements.Load(ctx, q, biz); err != nil {
				return err
			}
			terms, err := ab.TermsOf(ctx, []int64{employeeID})
			if err != nil {
				return err
			}
			t = terms[employeeID]
		}
		if t != nil && req.Employee.StandardHoursPerWeek != nil && req.Employee.StandardHoursPerWeek.IsPos() {
			n, _, _ := req.Employee.StandardHoursPerWeek.Mul(payroll.RateFromInt(60)).RoundHalfUp(0).Decimal().Int64(0)
			t.Employee.StandardWeeklyMinutes = n
		}
		out, err = s.costRequest(ctx, q, biz, req, employeeID, &emp, func(lines []Line, pcs []*payCategoryInfo, locs map[int64]string) ([]CostedShift, error) {
			if t == nil {
				shifts := make([]CostedShift, len(lines))
				for i := range lines {
					shifts[i] = costedShift(&lines[i], pcs[i])
				}
				return shifts, nil
			}
			return s.costUnderAward(ctx, q, ab, t, lines, pcs, req, locs)
		})
		if err != nil || t == nil {
			return err
		}
		if t.Agreement != nil {
			out.EmploymentAgreementID, out.EmploymentAgreementName = t.Agreement.ID, t.Agreement.Name
		}
		out.PayConditionRuleSetID, out.PayConditionRuleSetName = t.RuleSet.ID(), t.RuleSet.Name()
		return nil
	})
	return out, err
}

// costRequest validates req's shifts (400 naming shifts[i].member),
// resolves their references, prices them at the employee's rate on each
// day (emp nil: no employee, the shifts are an agreement's) and hands them
// to price, which costs each shift.
func (s *Service) costRequest(ctx context.Context, q *store.Queries, biz business.Business, req CostingRequest, employeeID int64, emp *EmployeeInfo,
	price func(lines []Line, pcs []*payCategoryInfo, locs map[int64]string) ([]CostedShift, error)) (CostingResult, error) {
	var v payroll.Validation
	locType := idTypeOf(&v, "locationIdType", req.LocationIDType)
	wtType := idTypeOf(&v, "workTypeIdType", req.WorkTypeIDType)
	v.MaxLen("transactionExternalId", req.TransactionExternalID, 100)
	if len(req.Shifts) > MaxCostedShifts {
		v.Add("shifts", "at most %d shifts per request", MaxCostedShifts)
	}
	for _, h := range []*payroll.Rate{req.Employee.StandardHoursPerWeek, req.Employee.StandardHoursPerDay} {
		if h != nil && h.IsNeg() {
			v.Add("employee", "standard hours must not be negative")
		}
	}
	overrides := func(member string, os []RateOverride) {
		for i, o := range os {
			if o.Rate.IsNeg() {
				v.Add(fmt.Sprintf("%s[%d].rate", member, i), "rate must not be negative")
			}
		}
	}
	overrides("overrideRates", req.OverrideRates)
	if err := v.Err(); err != nil {
		return CostingResult{}, err
	}
	out := CostingResult{TransactionID: uuid.NewString(), TransactionExternalID: req.TransactionExternalID, Shifts: []CostedShift{}}
	res := &refResolver{q: q, bizID: biz.ID, v: &v}
	refs := &refChecker{q: q, bizID: biz.ID}
	lines := make([]Line, len(req.Shifts))
	for i := range req.Shifts {
		sh := &req.Shifts[i]
		in := &sh.Input
		in.Prefix, in.EmployeeID, in.noEmployee = fmt.Sprintf("shifts[%d].", i), employeeID, emp == nil
		in.LocationID = res.resolve(ctx, record.KindLocation, locType, sh.LocationRef, in.name("locationId"))
		in.WorkTypeID = res.resolve(ctx, record.KindWorkType, wtType, sh.WorkTypeRef, in.name("workTypeId"))
		in.PayCategoryID = res.resolve(ctx, record.KindPayCategory, IDStandard, sh.PayCategoryRef, in.name("payCategoryId"))
		overrides(in.name("overrideRates"), sh.OverrideRates)
		lines[i] = in.build(&v)
		if err := refs.check(ctx, &lines[i], in, &v); err != nil {
			return out, err
		}
	}
	if err := v.Err(); err != nil {
		return out, err
	}
	names := map[int64]store.Record{}
	name := func(kind string, id int64) (store.Record, error) {
		if id == 0 {
			return store.Record{}, nil
		}
		if r, ok := names[id]; ok {
			return r, nil
		}
		r, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: biz.ID, Kind: kind})
		if err != nil && !db.IsNoRows(err) {
			return r, err
		}
		names[id] = r
		return r, nil
	}
	pcs := make([]*payCategoryInfo, len(lines))
	locs := map[int64]string{}
	for i := range lines {
		l := &lines[i]
		if emp != nil {
			l.Employee = *emp
			if l.PayCategoryID == 0 {
				l.PayCategoryID = emp.PrimaryPayCategory
			}
		}
		var pc *payCategoryInfo
		if l.PayCategoryID != 0 {
			r, err := name(record.KindPayCategory, l.PayCategoryID)
			if err != nil {
				return out, err
			}
			var d struct {
				RateLoadingPercent payroll.Rate `json:"rateLoadingPercent"`
			}
			_ = json.Unmarshal([]byte(r.Data), &d)
			pc = &payCategoryInfo{Name: r.Name, Loading: d.RateLoadingPercent}
		}
		// An override of the shift's pay category (the shift's own
		// first, then the request's) is its base rate.
		if l.Rate == nil {
			for _, o := range append(append([]RateOverride{}, req.Shifts[i].OverrideRates...), req.OverrideRates...) {
				if o.PayCategoryID == l.PayCategoryID && l.PayCategoryID != 0 {
					r := o.Rate
					l.Rate = &r
					if o.UseRateAsIs && pc != nil {
						pc = &payCategoryInfo{Name: pc.Name}
					}
					break
				}
			}
		}
		loc, err := name(record.KindLocation, l.LocationID)
		if err != nil {
			return out, err
		}
		l.Names.Location = loc.Name
		locs[l.LocationID] = loc.Name
		pcs[i] = pc
	}
	if emp != nil {
		priced := make([]*Line, len(lines))
		for i := range lines {
			priced[i] = &lines[i]
		}
		if err := s.atDayRates(ctx, biz, priced); err != nil {
			return out, err
		}
	}
	shifts, err := price(lines, pcs, locs)
	if err != nil {
		return out, err
	}
	out.Shifts = append(out.Shifts, shifts...)
	return out, nil
}

// CanSee is nil when the caller may see employeeID in biz, else a 404.
func (s *Service) CanSee(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (err error) {
	defer payroll.Wrap(&err, "check employee %d", employeeID)
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		ok, err := s.visibleEmployees(ctx, q, a, []int64{employeeID})
		if err == nil && !ok[employeeID] {
			err = payroll.NotFound("employee")
		}
		return err
	})
}

// costingEmployee reads what costing needs of an employee the caller may
// see (404 otherwise).
func (s *Service) costingEmployee(ctx context.Context, q *store.Queries, a *access, employeeID int64) (EmployeeInfo, error) {
	ok, err := s.visibleEmployees(ctx, q, a, []int64{employeeID})
	if err != nil {
		return EmployeeInfo{}, err
	}
	if !ok[employeeID] {
		return EmployeeInfo{}, payroll.NotFound("employee")
	}
	var first, surname string
	var rate, unit, hpw, hpd sql.NullString
	var ppc sql.NullInt64
	err = q.QueryRow(ctx, "SELECT e.first_name, e.surname, e.rate, e.rate_unit, e.hours_per_week, e.hours_per_day, e.primary_pay_category_id "+
		"FROM employees e WHERE e.business_id = $1 AND e.id = $2", a.biz.ID, employeeID).Scan(&first, &surname, &rate, &unit, &hpw, &hpd, &ppc)
	if err != nil {
		return EmployeeInfo{}, err
	}
	return EmployeeInfo{Name: strings.TrimSpace(first + " " + surname), Rate: nullRate(rate), RateUnit: unit.String, HoursPerWeek: nullRate(hpw),
		HoursPerDay: nullRate(hpd), PrimaryPayCategory: ppc.Int64}, nil
}

// costedShift is l costed and shaped as a ShiftCostingsResponseShiftModel:
// one breakdown entry per costed stretch (work between breaks, paid
// breaks, or the units of a unit-based shift).
func costedShift(l *Line, pc *payCategoryInfo) CostedShift {
	c := cost(l, pc)
	out := CostedShift{ExternalID: l.ExternalID, StartTime: payroll.NewDateTime(l.Start), EndTime: payroll.NewDateTime(l.End), Cost: c.Cost,
		EvaluationResults: []RuleEvaluation{}, ConsolidatedShifts: []string{}, CostBreakdown: []CostBreakdown{}}
	for _, part := range c.Data.ShiftParts {
		if part.IsBreak && !part.IsPaidBreak {
			continue
		}
		b := CostBreakdown{StartTime: part.StartTime, EndTime: part.EndTime, PayCategoryID: l.PayCategoryID, PayCategoryName: part.PayCategory,
			Rate: part.CalculatedRate, Cost: part.Cost, Type: "Shift", LocationName: l.Names.Location,
			Units: payroll.RateFromInt(int64(part.EndTime.Sub(part.StartTime.Time) / time.Minute)).Div(payroll.RateFromInt(60))}
		switch {
		case part.IsAllowanceOrUnitBased:
			b.Type, b.Units = "Units", *l.Units
		case part.IsBreak:
			b.Type = "PaidBreak"
		}
		if l.LocationID != 0 {
			id := l.LocationID
			b.LocationID = &id
		}
		out.CostBreakdown = append(out.CostBreakdown, b)
	}
	return out
}

// ShiftPeriods are the periods over which shifts are assessed together
// (for overtime and consolidation rules): without pay condition rule sets,
// the business's weeks, each ending on its end-of-week day. The answer
// covers every week from the one holding first to the one holding last.
func ShiftPeriods(biz business.Business, first, last time.Time) ([]Period, error) {
	var v payroll.Validation
	if first.IsZero() {
		v.Add("firstShiftStartTime", "firstShiftStartTime is required")
	}
	if last.IsZero() {
		v.Add("lastShiftStartTime", "lastShiftStartTime is required")
	}
	if !first.IsZero() && !last.IsZero() {
		if last.Before(first) {
			v.Add("lastShiftStartTime", "lastShiftStartTime must not be before firstShiftStartTime")
		} else if last.Sub(first) > 366*24*time.Hour {
			v.Add("lastShiftStartTime", "the shifts span at most a year")
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	eow := time.Sunday
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.EqualFold(biz.Details.EndOfWeek, d.String()) {
			eow = d
		}
	}
	end := payroll.DateOnly(first)
	end = end.AddDate(0, 0, (int(eow)-int(end.Weekday())+7)%7)
	var out []Period
	for {
		out = append(out, Period{From: end.AddDate(0, 0, -6), To: end})
		if !payroll.DateOnly(last).After(end) {
			return out, nil
		}
		end = end.AddDate(0, 0, 7)
	}
}

// Period is a span of whole days, From and To inclusive (midnight).
type Period struct{ From, To time.Time }
