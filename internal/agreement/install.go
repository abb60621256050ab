package agreement

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/award"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// typeLabels name the employment types in agreement names.
var typeLabels = map[string]string{award.FullTime: "Full time", award.PartTime: "Part time", award.Casual: "Casual"}

func (s *Service) install(ctx context.Context, q *store.Queries, biz business.Business, id int64, rs *award.RuleSet, now time.Time) error {
	aw, err := q.UpsertBusinessAward(ctx, store.UpsertBusinessAwardParams{BusinessID: biz.ID, LibraryID: id, Code: rs.AwardCode, Name: rs.AwardName, CreatedAt: now})
	if err != nil {
		return err
	}
	awardID := sql.NullInt64{Int64: aw.ID, Valid: true}

	// Pay categories, ordinary hours first (the others derive from it).
	cats, err := s.installCategories(ctx, q, biz, rs)
	if err != nil {
		return err
	}

	// The rule set and its versions.
	classes, _ := json.Marshal(rs.Classifications)
	row, err := q.GetRuleSetByName(ctx, store.GetRuleSetByNameParams{BusinessID: biz.ID, NameLower: strings.ToLower(rs.Name)})
	switch {
	case db.IsNoRows(err):
		row, err = q.CreateRuleSet(ctx, store.CreateRuleSetParams{BusinessID: biz.ID, AwardID: awardID, Name: rs.Name, NameLower: strings.ToLower(rs.Name),
			Description: rs.Description, PeriodType: rs.PeriodType, DayOfWeekEnding: rs.DayOfWeekEnding, DayOfMonthEnding: int32(rs.DayOfMonthEnding),
			PeriodEnding: rs.PeriodEnding, ShiftConsolidation: rs.ShiftConsolidation, ShiftConsolidationMinutes: int32(rs.ShiftConsolidationMinutes),
			Classifications: string(classes), DisabledRules: "[]", ExternalID: rs.Key, CreatedAt: now})
	case err == nil:
		row, err = q.UpdateRuleSetDefinition(ctx, store.UpdateRuleSetDefinitionParams{ID: row.ID, BusinessID: biz.ID, AwardID: awardID, Description: rs.Description,
			PeriodType: rs.PeriodType, DayOfWeekEnding: rs.DayOfWeekEnding, DayOfMonthEnding: int32(rs.DayOfMonthEnding), PeriodEnding: rs.PeriodEnding,
			ShiftConsolidation: rs.ShiftConsolidation, ShiftConsolidationMinutes: int32(rs.ShiftConsolidationMinutes), Classifications: string(classes), UpdatedAt: now})
	}
	if err != nil {
		return err
	}
	if err := q.DeleteRuleSetVersions(ctx, row.ID); err != nil {
		return err
	}
	for _, v := range rs.Versions {
		doc, err := json.Marshal(v)
		if err != nil {
			return err
		}
		from, _ := time.Parse(time.DateOnly, v.From)
		var to sql.NullTime
		if t, err := time.Parse(time.DateOnly, v.To); err == nil {
			to = sql.NullTime{Time: t, Valid: true}
		}
		if err := q.AddRuleSetVersion(ctx, store.AddRuleSetVersionParams{RuleSetID: row.ID, EffectiveFrom: from, EffectiveTo: to, Document: string(doc)}); err != nil {
			return err
		}
	}
	for _, c := range rs.Categories {
		if err := q.UpsertRuleSetCategory(ctx, store.UpsertRuleSetCategoryParams{RuleSetID: row.ID, CategoryKey: c.Key, Name: c.Name, CategoryType: c.Type,
			Ote: c.OTE, Stp: c.STP, PayCategoryID: cats[c.Key]}); err != nil {
			return err
		}
	}

	// Pay rate templates (per classification and band) and agreements.
	ver := rs.Versions[0]
	for i := range rs.Versions {
		if from, _ := time.Parse(time.DateOnly, rs.Versions[i].From); !from.After(now) {
			ver = rs.Versions[i]
		}
	}
	rank := int32(0)
	for _, class := range rs.Classifications {
		bands, err := s.installTemplates(ctx, q, biz, rs, ver, class, cats["ordinary"], now)
		if err != nil {
			return err
		}
		typ := "DateOfBirth"
		for _, b := range bands {
			if b.MinAnniversaryMonths.Valid || b.MaxAnniversaryMonths.Valid {
				typ = "DateOfBirthAndAnniversaryInMonths"
			}
		}
		for _, et := range []string{award.FullTime, award.PartTime, award.Casual} {
			rank++
			name := fmt.Sprintf("%s - %s (%s)", class, typeLabels[et], rs.AwardCode)
			ag, err := q.UpsertEmploymentAgreement(ctx, store.UpsertEmploymentAgreementParams{BusinessID: biz.ID, AwardID: awardID, RuleSetID: row.ID, Name: name,
				NameLower: strings.ToLower(name), Classification: class, EmploymentType: et, PayRateTemplateType: typ, Rank: rank, ExternalID: "",
				Source: "AwardStore", CreatedAt: now})
			if err != nil {
				return err
			}
			if err := q.DeleteAgreementPayRateTemplates(ctx, ag.ID); err != nil {
				return err
			}
			for i, b := range bands {
				b.AgreementID, b.Position = ag.ID, int32(i)
				if err := q.AddAgreementPayRateTemplate(ctx, store.AddAgreementPayRateTemplateParams(b)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// installCategories finds or creates a pay category of each of the rule
// set's categories, by name: penalties derive from the ordinary hours
// category with their multiplier as the rate loading, overtime is
// classified as overtime, allowances by their classification.
func (s *Service) installCategories(ctx context.Context, q *store.Queries, biz business.Business, rs *award.RuleSet) (map[string]int64, error) {
	mult := map[string]payroll.Rate{}
	perHour := map[string]bool{}
	for _, v := range rs.Versions {
		for _, r := range v.Rules {
			switch {
			case r.Pay != nil:
				mult[r.Pay.Category] = r.Pay.Multiplier
			case r.Allowance != nil:
				perHour[r.Allowance.Category] = r.Allowance.Per == "Hour"
			}
			for _, rt := range r.Rates {
				for _, t := range rt.Tiers {
					mult[t.Category] = t.Multiplier
				}
			}
		}
	}
	ids := map[string]int64{}
	order := append([]award.Category{}, rs.Categories...)
	for i, c := range order { // ordinary first: the others name it as their parent
		if c.Key == "ordinary" {
			order[0], order[i] = order[i], order[0]
		}
	}
	for _, c := range order {
		rows, err := q.ListRecordsByName(ctx, store.ListRecordsByNameParams{BusinessID: biz.ID, Kind: record.KindPayCategory, Lower: c.Name})
		if err != nil {
			return nil, err
		}
		if len(rows) > 0 {
			ids[c.Key] = rows[0].ID
			continue
		}
		pc := categories.PayCategory{Name: c.Name, ExternalID: strings.ToLower(rs.AwardCode + "-" + c.Key), Source: "AwardStore", RateUnit: "Hourly",
			AccruesLeave: c.Type == "Ordinary", PaymentSummaryClassification: c.STP, AwardName: rs.AwardName}
		aid := libraryID(rs.AwardCode)
		pc.AwardID = &aid
		switch c.Type {
		case "Allowance":
			if !perHour[c.Key] {
				pc.RateUnit = "Fixed"
			}
		default:
			if parent, ok := ids["ordinary"]; ok && c.Key != "ordinary" {
				p := parent
				pc.ParentID = &p
				if m, ok := mult[c.Key]; ok && payroll.RateFromInt(1).Less(m) {
					pc.RateLoadingPercent = m.Sub(payroll.RateFromInt(1)).Mul(payroll.RateFromInt(100))
				}
			}
		}
		made, err := s.PayCategories.CreateInTx(ctx, q, biz.ID, 0, &pc)
		if err != nil {
			return nil, err
		}
		ids[c.Key] = made.ID
	}
	return ids, nil
}

// band is an age (and service) band of a classification and its rate.
type band struct {
	name                 string
	minAge, maxAge       sql.NullInt32
	minMonths, maxMonths sql.NullInt32
	percent              payroll.Rate // of the adult weekly rate; 100 = adult
}

// installTemplates writes a pay rate template per band of class (its
// junior bands, then the adult rate) at ver's rates, and returns the
// agreement's bands.
func (s *Service) installTemplates(ctx context.Context, q *store.Queries, biz business.Business, rs *award.RuleSet, ver award.Version, class string,
	ordinary int64, now time.Time) ([]store.EmploymentAgreementPayRateTemplate, error) {
	var rate award.ClassRate
	for _, r := range ver.Rates {
		if strings.EqualFold(r.Classification, class) {
			rate = r
		}
	}
	n := func(v int) sql.NullInt32 { return sql.NullInt32{Int32: int32(v), Valid: true} }
	var bands []band
	adultFrom := 0
	over := map[int]int{} // age -> a band for more than this many months
	for _, j := range ver.Junior {
		if (len(j.Classifications) == 0 || containsFold(j.Classifications, class)) && j.ServiceOverMonths != nil {
			over[j.MinAge] = *j.ServiceOverMonths
		}
	}
	var adults []band
	for _, j := range ver.Junior {
		if len(j.Classifications) > 0 && !containsFold(j.Classifications, class) {
			continue
		}
		b := band{minAge: n(j.MinAge), maxAge: n(j.MaxAge), percent: j.Percent}
		switch {
		case j.MinAge == 0:
			b.name = fmt.Sprintf("under %d", j.MaxAge+1)
			b.minAge = sql.NullInt32{}
		case j.MinAge == j.MaxAge:
			b.name = fmt.Sprintf("age %d", j.MinAge)
		default:
			b.name = fmt.Sprintf("age %d to %d", j.MinAge, j.MaxAge)
		}
		switch {
		case j.ServiceAtMostMonths != nil:
			b.maxMonths = n(*j.ServiceAtMostMonths)
			b.name += fmt.Sprintf(", %d months or less", *j.ServiceAtMostMonths)
			if _, ok := over[j.MinAge]; !ok && j.MinAge == j.MaxAge {
				// The same age with longer service is paid as an adult.
				adults = append(adults, band{name: "adult", minAge: n(j.MinAge), maxAge: n(j.MaxAge), minMonths: n(*j.ServiceAtMostMonths + 1), percent: payroll.RateFromInt(100)})
			}
		case j.ServiceOverMonths != nil:
			b.minMonths = n(*j.ServiceOverMonths + 1)
			b.name += fmt.Sprintf(", more than %d months", *j.ServiceOverMonths)
		default:
			if m, ok := over[j.MinAge]; ok && j.MinAge == j.MaxAge {
				b.maxMonths = n(m)
				b.name += fmt.Sprintf(", %d months or less", m)
			}
		}
		bands = append(bands, b)
		adultFrom = max(adultFrom, j.MaxAge+1)
	}
	adult := band{name: "adult", percent: payroll.RateFromInt(100)}
	if adultFrom > 0 {
		adult.minAge = n(adultFrom)
	}
	bands = append(append(bands, adults...), adult)
	var out []store.EmploymentAgreementPayRateTemplate
	for _, b := range bands {
		hourly := payroll.RateFromDecimal(rate.Hourly.Decimal())
		if b.percent.Less(payroll.RateFromInt(100)) {
			hourly = payroll.RateFromDecimal(rate.Weekly.Mul(payroll.Percent(b.percent)).Div(payroll.RateFromInt(38)).Cents().Decimal())
		}
		name := fmt.Sprintf("%s %s", rs.AwardCode, class)
		if b.name != "adult" {
			name += " - " + b.name
		}
		id, err := s.upsertTemplate(ctx, q, biz, name, ordinary, hourly, now)
		if err != nil {
			return nil, err
		}
		out = append(out, store.EmploymentAgreementPayRateTemplate{PayRateTemplateID: id, MinAge: b.minAge, MaxAge: b.maxAge,
			MinAnniversaryMonths: b.minMonths, MaxAnniversaryMonths: b.maxMonths})
	}
	return out, nil
}

// upsertTemplate writes the template name paying hourly for the ordinary
// hours category (a business's own edits to an award template are
// replaced: the award decides its rates).
func (s *Service) upsertTemplate(ctx context.Context, q *store.Queries, biz business.Business, name string, ordinary int64, hourly payroll.Rate, now time.Time) (int64, error) {
	r, err := q.GetPayRateTemplateByName(ctx, store.GetPayRateTemplateByNameParams{BusinessID: biz.ID, NameLower: strings.ToLower(name)})
	switch {
	case db.IsNoRows(err):
		r, err = q.CreatePayRateTemplate(ctx, store.CreatePayRateTemplateParams{BusinessID: biz.ID, Name: name, NameLower: strings.ToLower(name),
			Source: "AwardStore", PrimaryPayCategoryID: ordinary, CreatedAt: now})
	case err == nil:
		r, err = q.UpdatePayRateTemplate(ctx, store.UpdatePayRateTemplateParams{ID: r.ID, BusinessID: biz.ID, Name: name, NameLower: strings.ToLower(name),
			ExternalID: r.ExternalID, Source: "AwardStore", PrimaryPayCategoryID: ordinary, UpdatedAt: now})
	}
	if err != nil {
		return 0, err
	}
	if err := q.DeletePayRateTemplateCategories(ctx, r.ID); err != nil {
		return 0, err
	}
	err = q.AddPayRateTemplateCategory(ctx, store.AddPayRateTemplateCategoryParams{TemplateID: r.ID, PayCategoryID: ordinary, Position: 0,
		UserSuppliedRate: hourly.String(), StandardWeeklyHours: "38"})
	return r.ID, err
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
