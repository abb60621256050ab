package agreement

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/award"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Service installs awards and serves and applies employment agreements.
type Service struct {
	DB            *db.DB
	Clock         payroll.Clock
	PayCategories record.Collection[categories.PayCategory, *categories.PayCategory]
	Schedules     *payschedule.ScheduleCollections // public holidays
	PayRates      *payrate.Service                 // pay rate templates (read shapes)
}

func gate(biz business.Business) error {
	if !record.RegionIn(Regions, biz.Region) {
		return record.RegionError("awards and employment agreements", Regions, biz)
	}
	return nil
}

// libraryID is the id of a library award: the number of its code.
func libraryID(code string) int64 {
	n, _ := strconv.ParseInt(strings.TrimLeft(strings.TrimPrefix(strings.ToUpper(code), "MA"), "0"), 10, 64)
	return n
}

func awardOf(rs *award.RuleSet, status string) Award {
	a := Award{ID: libraryID(rs.AwardCode), Code: rs.AwardCode, Name: rs.AwardName, Description: rs.Description, Status: status, Versions: []AwardVersion{}}
	for _, v := range rs.Versions {
		av := AwardVersion{Source: v.Source}
		if t, err := time.Parse(time.DateOnly, v.From); err == nil {
			av.From = payroll.NewDateTime(t)
		}
		if t, err := time.Parse(time.DateOnly, v.To); err == nil {
			d := payroll.NewDateTime(t)
			av.To = &d
		}
		a.Versions = append(a.Versions, av)
	}
	return a
}

// Awards lists the shipped awards with their status in biz; status
// (Installed or NotInstalled, any case; empty = all) filters them.
func (s *Service) Awards(ctx context.Context, biz business.Business, status string) (_ []Award, err error) {
	defer payroll.Wrap(&err, "list awards")
	if err := gate(biz); err != nil {
		return nil, err
	}
	switch {
	case status == "", strings.EqualFold(status, StatusInstalled), strings.EqualFold(status, StatusNotInstalled):
	default:
		return nil, payroll.Invalid("status", "status must be Installed or NotInstalled")
	}
	lib, err := award.Library()
	if err != nil {
		return nil, err
	}
	rows, err := s.DB.Queries().ListBusinessAwards(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	installed := map[int64]bool{}
	for _, r := range rows {
		installed[r.LibraryID] = true
	}
	out := []Award{}
	for _, rs := range lib {
		st := StatusNotInstalled
		if installed[libraryID(rs.AwardCode)] {
			st = StatusInstalled
		}
		if status == "" || strings.EqualFold(status, st) {
			out = append(out, awardOf(rs, st))
		}
	}
	return out, nil
}

// Install installs (or reinstalls, refreshing it from the library) the
// library award id into biz, in one transaction: the pay categories its
// rules pay through (an existing category of the same name is used), its
// rule set with every dated version, a pay rate template per
// classification and age band (at the rates in force today, or from the
// first version when it has not started), and an employment agreement per
// classification and employment type.
func (s *Service) Install(ctx context.Context, biz business.Business, id int64) (_ Award, err error) {
	defer payroll.Wrap(&err, "install award %d", id)
	if err := gate(biz); err != nil {
		return Award{}, err
	}
	var rs *award.RuleSet
	lib, err := award.Library()
	if err != nil {
		return Award{}, err
	}
	for _, r := range lib {
		if libraryID(r.AwardCode) == id {
			rs = r
		}
	}
	if rs == nil {
		return Award{}, payroll.NotFound("award")
	}
	now := s.Clock.Now()
	err = s.DB.InTx(ctx, func(q *store.Queries) error { return s.install(ctx, q, biz, id, rs, now) })
	if err != nil {
		return Award{}, err
	}
	return awardOf(rs, StatusInstalled), nil
}

// ruleSetModel is a stored rule set in the AU shape, its rules as JSON.
func ruleSetModel(row store.PayConditionRuleSet, rs *award.RuleSet) RuleSet {
	m := RuleSet{ID: row.ID, Name: row.Name, Description: row.Description, PeriodType: row.PeriodType, DayOfMonthEnding: row.DayOfMonthEnding,
		ShiftConsolidationOption: row.ShiftConsolidation, DisabledRules: []string{}}
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.EqualFold(d.String(), row.DayOfWeekEnding) {
			m.DayOfWeekEnding = int32(d)
		}
	}
	if t, err := time.Parse(time.DateOnly, row.PeriodEnding); err == nil {
		d := payroll.NewDateTime(t)
		m.PeriodEnding = &d
	}
	mins := int(row.ShiftConsolidationMinutes)
	m.ShiftConsolidationThreshold = fmt.Sprintf("%02d:%02d:00", mins/60, mins%60)
	_ = json.Unmarshal([]byte(row.DisabledRules), &m.DisabledRules)
	if rs != nil {
		b, _ := json.Marshal(rs)
		m.RulesJSON = string(b)
	}
	return m
}

// Agreements lists the business's employment agreements (by rank).
func (s *Service) Agreements(ctx context.Context, biz business.Business) (_ []BasicAgreement, err error) {
	defer payroll.Wrap(&err, "list employment agreements")
	if err := gate(biz); err != nil {
		return nil, err
	}
	q := s.DB.Queries()
	rows, err := q.ListEmploymentAgreements(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	awards, err := s.awardNames(ctx, q, biz.ID)
	if err != nil {
		return nil, err
	}
	out := make([]BasicAgreement, 0, len(rows))
	for _, r := range rows {
		a := awards[r.AwardID.Int64]
		out = append(out, BasicAgreement{ID: r.ID, Classification: r.Classification, EmploymentType: r.EmploymentType, Name: r.Name, AwardName: a.Name,
			Rank: r.Rank, ExternalID: r.ExternalID, AwardID: a.LibraryID, DisableAutoProgression: r.DisableAutoProgression})
	}
	return out, nil
}

func (s *Service) awardNames(ctx context.Context, q *store.Queries, bizID int64) (map[int64]store.BusinessAward, error) {
	rows, err := q.ListBusinessAwards(ctx, bizID)
	m := map[int64]store.BusinessAward{}
	for _, r := range rows {
		m[r.ID] = r
	}
	return m, err
}

// Agreement returns one employment agreement with its rule set and pay
// rate templates.
func (s *Service) Agreement(ctx context.Context, biz business.Business, id int64) (_ Agreement, err error) {
	defer payroll.Wrap(&err, "get employment agreement %d", id)
	if err := gate(biz); err != nil {
		return Agreement{}, err
	}
	q := s.DB.Queries()
	r, err := q.GetEmploymentAgreement(ctx, store.GetEmploymentAgreementParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return Agreement{}, payroll.NotFound("employment agreement")
	}
	if err != nil {
		return Agreement{}, err
	}
	b, err := s.load(ctx, q, biz)
	if err != nil {
		return Agreement{}, err
	}
	awards, err := s.awardNames(ctx, q, biz.ID)
	if err != nil {
		return Agreement{}, err
	}
	lrs := b.ruleSets[r.RuleSetID]
	out := Agreement{ID: r.ID, Classification: r.Classification, EmploymentType: r.EmploymentType, PayRateTemplateType: r.PayRateTemplateType,
		PayConditionRuleSetID: r.RuleSetID, LeaveAllowanceTemplates: []LeaveAllowanceTemplate{}, LeaveAllowanceTemplateIDs: []int64{},
		AgePayRateTemplates: []AgePayRateTemplate{}, ExternalID: r.ExternalID, Source: r.Source, Rank: r.Rank,
		AwardID: awards[r.AwardID.Int64].LibraryID, DisableAutoProgression: r.DisableAutoProgression}
	if lrs != nil {
		out.PayConditionRuleSet = ruleSetModel(lrs.row, lrs.rs)
	}
	bands, err := q.ListAgreementPayRateTemplatesOf(ctx, r.ID)
	if err != nil {
		return Agreement{}, err
	}
	for _, band := range bands {
		t, err := s.PayRates.Template(ctx, biz, band.PayRateTemplateID)
		if err != nil {
			return Agreement{}, err
		}
		out.AgePayRateTemplates = append(out.AgePayRateTemplates, AgePayRateTemplate{PayRateTemplateID: band.PayRateTemplateID, PayRateTemplate: t,
			MinAge: nullInt(band.MinAge), MaxAge: nullInt(band.MaxAge), MinAnniversaryMonths: nullInt(band.MinAnniversaryMonths), MaxAnniversaryMonths: nullInt(band.MaxAnniversaryMonths)})
	}
	return out, nil
}

func nullInt(n sql.NullInt32) *int32 {
	if !n.Valid {
		return nil
	}
	return &n.Int32
}
