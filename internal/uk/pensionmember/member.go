// Package pensionmember keeps a UK employee's membership of a workplace
// pension scheme (the contribution plan, rates and dates) and gives the pay
// run the memberships in force in a pay period.
package pensionmember

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
)

// Arrangements: how the employee's contribution gets its tax relief.
const (
	NetPay          = "NetPay"          // deducted before tax (not before NI)
	ReliefAtSource  = "ReliefAtSource"  // deducted after tax at 80%; the scheme claims 20% from HMRC
	SalarySacrifice = "SalarySacrifice" // pay given up before tax and NI; the employer pays it in
)

// Bases: the earnings contributions are a percentage of.
const (
	QualifyingEarnings = "QualifyingEarnings" // the band between the lower and upper limits per period
	PensionablePay     = "PensionablePay"     // all pensionable pay
)

// Membership is an employee's membership of a pension scheme
// (E/pension/membership).
type Membership struct {
	EmployeeID                    int64             `json:"employeeId"`
	PensionSchemeID               int64             `json:"pensionSchemeId" doc:"the plan's scheme"`
	PensionSchemeName             string            `json:"pensionSchemeName"`
	PensionSchemeContributionPlan int64             `json:"pensionSchemeContributionPlanId"`
	ContributionPlanName          string            `json:"contributionPlanName"`
	EmployeeContribution          *payroll.Rate     `json:"employeeContribution" nullable:"true" doc:"percentage; null = the plan's"`
	EmployerContribution          *payroll.Rate     `json:"employerContribution" nullable:"true" doc:"percentage; null = the plan's"`
	EffectiveEmployeeContribution payroll.Rate      `json:"effectiveEmployeeContribution" doc:"percentage the pay run uses"`
	EffectiveEmployerContribution payroll.Rate      `json:"effectiveEmployerContribution" doc:"percentage the pay run uses"`
	Arrangement                   string            `json:"arrangement" enum:"NetPay,ReliefAtSource,SalarySacrifice" doc:"from the plan: salarySacrifice > 0 = SalarySacrifice, else its pensionType"`
	Basis                         string            `json:"basis" enum:"QualifyingEarnings,PensionablePay" doc:"from the plan's calculateOnQualifyingEarnings"`
	StartDate                     payroll.DateTime  `json:"startDate" doc:"enrolment date: contributions from the pay period containing it"`
	EndDate                       *payroll.DateTime `json:"endDate" nullable:"true" doc:"opt-out or cease date: no contributions for pay periods starting after it"`
	Version                       int64             `json:"version"`
}

// MembershipInput is the body of PUT E/pension/membership.
type MembershipInput struct {
	PensionSchemeContributionPlan int64            `json:"pensionSchemeContributionPlanId" doc:"the contribution plan (required)"`
	EmployeeContribution          *payroll.Rate    `json:"employeeContribution" nullable:"true" doc:"percentage; absent or null = the plan's"`
	EmployerContribution          *payroll.Rate    `json:"employerContribution" nullable:"true" doc:"percentage; absent or null = the plan's"`
	StartDate                     payroll.DateTime `json:"startDate" nullable:"true" doc:"default: the enrolment (or opt-in) date recorded by PUT E/pension, else today"`
	EndDate                       payroll.DateTime `json:"endDate" nullable:"true" doc:"opt-out or cease date; default none"`
	Version                       int64            `json:"version" doc:"the version read; another change since is a 409 (0 = not checked)"`
}

// Member is a membership as the pay run calculates it: rates are
// percentages.
type Member struct {
	SchemeID, PlanID           int64
	SchemeName, PlanName       string
	Arrangement, Basis         string
	EmployeeRate, EmployerRate payroll.Rate
	// Postponement is the plan's postponement rules (the pay run applies
	// a joiner's: payrun/pay ukPostponed).
	Postponement []uk.UKPostponementRule
}

// Service owns the memberships.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service
}

var ukRegion = []string{"UK"}

func gate(biz business.Business) error {
	if !record.RegionIn(ukRegion, biz.Region) {
		return record.RegionError("workplace pensions", ukRegion, biz)
	}
	return nil
}

// plan reads a contribution plan of the business and its scheme.
func plan(ctx context.Context, q *store.Queries, bizID, id int64) (uk.UKPensionPlan, uk.UKPensionScheme, error) {
	var p uk.UKPensionPlan
	var s uk.UKPensionScheme
	r, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: bizID, Kind: uk.KindPensionPlan})
	if err != nil {
		return p, s, err
	}
	if err := json.Unmarshal([]byte(r.Data), &p); err != nil {
		return p, s, err
	}
	p.ID, p.PensionSchemeID = r.ID, r.ParentID
	sr, err := q.GetRecord(ctx, store.GetRecordParams{ID: r.ParentID, BusinessID: bizID, Kind: uk.KindPensionScheme})
	if err != nil {
		return p, s, err
	}
	if err := json.Unmarshal([]byte(sr.Data), &s); err != nil {
		return p, s, err
	}
	s.ID = sr.ID
	return p, s, nil
}

// member is the calculation's view of a stored membership on plan p.
func member(p uk.UKPensionPlan, s uk.UKPensionScheme, eeRate, erRate string) (Member, error) {
	m := Member{SchemeID: s.ID, PlanID: p.ID, SchemeName: s.Name, PlanName: p.ContributionPlanName, Arrangement: p.PensionType, Basis: PensionablePay,
		EmployeeRate: p.EmployeeContribution, EmployerRate: p.EmployerContribution, Postponement: p.PostponementRules}
	if m.Arrangement != ReliefAtSource {
		m.Arrangement = NetPay
	}
	if p.SalarySacrifice.IsPos() {
		m.Arrangement = SalarySacrifice
		if !p.EmployeeContribution.IsPos() {
			m.EmployeeRate = p.SalarySacrifice
		}
	}
	if p.CalculateOnQualifyingEarnings {
		m.Basis = QualifyingEarnings
	}
	var err error
	if eeRate != "" {
		if m.EmployeeRate, err = payroll.ParseRate(eeRate); err != nil {
			return m, err
		}
	}
	if erRate != "" {
		if m.EmployerRate, err = payroll.ParseRate(erRate); err != nil {
			return m, err
		}
	}
	return m, nil
}

type row struct {
	planID         int64
	eeRate, erRate string
	start          time.Time
	end            sql.NullTime
	version        int64
	employeeID     int64
}

const selectMembers = `SELECT employee_id, plan_id, employee_rate, employer_rate, start_date, end_date, version FROM uk_pension_members WHERE business_id = $1`

func scan(rows interface{ Scan(...any) error }) (row, error) {
	var r row
	err := rows.Scan(&r.employeeID, &r.planID, &r.eeRate, &r.erRate, &r.start, &r.end, &r.version)
	return r, err
}

func (s *Service) load(ctx context.Context, q *store.Queries, bizID, employeeID int64) (row, bool, error) {
	r, err := scan(q.QueryRow(ctx, selectMembers+" AND employee_id = $2", bizID, employeeID))
	if db.IsNoRows(err) {
		return r, false, nil
	}
	return r, err == nil, err
}

// view is the stored membership r with its plan's figures.
func view(ctx context.Context, q *store.Queries, bizID int64, r row) (Membership, error) {
	out := Membership{EmployeeID: r.employeeID, PensionSchemeContributionPlan: r.planID, StartDate: payroll.NewDateTime(r.start), Version: r.version}
	if r.end.Valid {
		d := payroll.NewDateTime(r.end.Time)
		out.EndDate = &d
	}
	for _, x := range []struct {
		s   string
		dst **payroll.Rate
	}{{r.eeRate, &out.EmployeeContribution}, {r.erRate, &out.EmployerContribution}} {
		if x.s != "" {
			v, err := payroll.ParseRate(x.s)
			if err != nil {
				return out, err
			}
			*x.dst = &v
		}
	}
	p, sch, err := plan(ctx, q, bizID, r.planID)
	if db.IsNoRows(err) {
		return out, nil // the plan was deleted since: shown without its figures
	}
	if err != nil {
		return out, err
	}
	m, err := member(p, sch, r.eeRate, r.erRate)
	if err != nil {
		return out, err
	}
	out.PensionSchemeID, out.PensionSchemeName, out.ContributionPlanName = m.SchemeID, m.SchemeName, m.PlanName
	out.EffectiveEmployeeContribution, out.EffectiveEmployerContribution, out.Arrangement, out.Basis = m.EmployeeRate, m.EmployerRate, m.Arrangement, m.Basis
	return out, nil
}

// Get is the employee's membership (404 when they have none).
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ Membership, err error) {
	defer payroll.Wrap(&err, "get pension membership of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return Membership{}, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return Membership{}, err
	}
	q := s.DB.Queries()
	r, ok, err := s.load(ctx, q, biz.ID, employeeID)
	if err != nil {
		return Membership{}, err
	}
	if !ok {
		return Membership{}, payroll.NotFound("pension membership")
	}
	return view(ctx, q, biz.ID, r)
}

// Put creates or replaces the employee's membership.
func (s *Service) Put(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in MembershipInput) (_ Membership, err error) {
	defer payroll.Wrap(&err, "set pension membership of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return Membership{}, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return Membership{}, err
	}
	var v payroll.Validation
	if in.PensionSchemeContributionPlan <= 0 {
		v.Add("pensionSchemeContributionPlanId", "pensionSchemeContributionPlanId is required")
	}
	rates := [2]string{}
	for i, x := range []struct {
		field string
		r     *payroll.Rate
	}{{"employeeContribution", in.EmployeeContribution}, {"employerContribution", in.EmployerContribution}} {
		if x.r == nil {
			continue
		}
		if x.r.IsNeg() || x.r.Cmp(payroll.RateFromInt(100)) > 0 {
			v.Add(x.field, "%s must be a percentage from 0 to 100", x.field)
		}
		rates[i] = x.r.String()
	}
	if !in.StartDate.IsZero() && !in.EndDate.IsZero() && payroll.DateOnly(in.EndDate.Time).Before(payroll.DateOnly(in.StartDate.Time)) {
		v.Add("endDate", "endDate must not be before startDate")
	}
	if err := v.Err(); err != nil {
		return Membership{}, err
	}
	now := s.Clock.Now()
	var out Membership
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		if _, _, err := plan(ctx, q, biz.ID, in.PensionSchemeContributionPlan); db.IsNoRows(err) {
			return payroll.Invalid("pensionSchemeContributionPlanId", "pension plan %d does not exist", in.PensionSchemeContributionPlan)
		} else if err != nil {
			return err
		}
		start := in.StartDate.Time
		if in.StartDate.IsZero() {
			start = now
			if ae, err := q.GetUKEmployeePension(ctx, store.GetUKEmployeePensionParams{BusinessID: biz.ID, EmployeeID: employeeID}); err == nil {
				switch {
				case ae.EnrolmentDate.Valid:
					start = ae.EnrolmentDate.Time
				case ae.OptInDate.Valid:
					start = ae.OptInDate.Time
				}
			} else if !db.IsNoRows(err) {
				return err
			}
		}
		var end sql.NullTime
		if !in.EndDate.IsZero() {
			end = sql.NullTime{Time: payroll.DateOnly(in.EndDate.Time), Valid: true}
			if end.Time.Before(payroll.DateOnly(start)) {
				return payroll.Invalid("endDate", "endDate must not be before the start date %s", payroll.DateOnly(start).Format("2006-01-02"))
			}
		}
		cur, ok, err := s.load(ctx, q, biz.ID, employeeID)
		if err != nil {
			return err
		}
		if !ok {
			if in.Version != 0 {
				return payroll.Conflict("the employee has no pension membership (version %d)", in.Version)
			}
			err := q.Exec(ctx, `INSERT INTO uk_pension_members (business_id, employee_id, plan_id, employee_rate, employer_rate, start_date, end_date, version, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8)`, biz.ID, employeeID, in.PensionSchemeContributionPlan, rates[0], rates[1], payroll.DateOnly(start), end, now)
			if err == nil {
				cur, _, err = s.load(ctx, q, biz.ID, employeeID)
			}
			if db.IsUniqueViolation(err) {
				return payroll.Conflict("the employee's pension membership was changed by another request")
			}
			if err != nil {
				return err
			}
		} else {
			version := cur.Version()
			if in.Version != 0 {
				version = in.Version
			}
			var n int64
			err := q.QueryRow(ctx, `UPDATE uk_pension_members SET plan_id = $1, employee_rate = $2, employer_rate = $3, start_date = $4, end_date = $5,
version = version + 1, updated_at = $6 WHERE business_id = $7 AND employee_id = $8 AND version = $9 RETURNING version`,
				in.PensionSchemeContributionPlan, rates[0], rates[1], payroll.DateOnly(start), end, now, biz.ID, employeeID, version).Scan(&n)
			if db.IsNoRows(err) {
				return payroll.Conflict("the employee's pension membership was changed by another request (version %d is not current)", version)
			}
			if err != nil {
				return err
			}
			if cur, _, err = s.load(ctx, q, biz.ID, employeeID); err != nil {
				return err
			}
		}
		out, err = view(ctx, q, biz.ID, cur)
		return err
	})
	return out, err
}

// Version is the row's version.
func (r row) Version() int64 { return r.version }

// Delete ends the membership record (404 when there is none). Pay runs
// already calculated keep their contributions until recalculated.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (err error) {
	defer payroll.Wrap(&err, "delete pension membership of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		var id int64
		err := q.QueryRow(ctx, `DELETE FROM uk_pension_members WHERE business_id = $1 AND employee_id = $2 RETURNING id`, biz.ID, employeeID).Scan(&id)
		if db.IsNoRows(err) {
			return payroll.NotFound("pension membership")
		}
		return err
	})
}

// ForPeriod is the memberships of the business in force in the pay
// period from..to, by employee: started on or before to, not ended before
// from, and not opted out (PUT E/pension OptedOut) on or before to. A
// membership whose plan was deleted is left out.
func ForPeriod(ctx context.Context, q *store.Queries, bizID int64, from, to time.Time) (map[int64]Member, error) {
	rows, err := q.Query(ctx, selectMembers+` AND start_date < $2 AND (end_date IS NULL OR end_date >= $3)
AND NOT EXISTS (SELECT 1 FROM uk_employee_pensions p WHERE p.employee_id = uk_pension_members.employee_id AND p.enrolment_status = 'OptedOut'
 AND p.opt_out_date < $2)`, bizID, payroll.DateOnly(to).AddDate(0, 0, 1), payroll.DateOnly(from))
	if err != nil {
		return nil, err
	}
	var list []row
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		list = append(list, r)
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	out := map[int64]Member{}
	type planOf struct {
		p uk.UKPensionPlan
		s uk.UKPensionScheme
	}
	plans := map[int64]*planOf{}
	for _, r := range list {
		po, ok := plans[r.planID]
		if !ok {
			p, s, err := plan(ctx, q, bizID, r.planID)
			if err != nil && !db.IsNoRows(err) {
				return nil, err
			}
			if err == nil {
				po = &planOf{p, s}
			}
			plans[r.planID] = po
		}
		if po == nil {
			continue
		}
		m, err := member(po.p, po.s, r.eeRate, r.erRate)
		if err != nil {
			return nil, err
		}
		out[r.employeeID] = m
	}
	return out, nil
}
