package payschedule

import (
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// TieredLeaveTemplate (SG, MY) grants more leave with longer service:
// each tier maps a range of completed service (years, or months with
// tierOption AnniversaryInMonths) to days of leave per year. Wire names
// follow TieredLeaveAllowanceTemplateApiModel; a tier carries its days
// directly (the real API points each tier at a leave allowance template,
// a resource this service does not have).
type TieredLeaveTemplate struct {
	record.Base
	Name            string      `json:"name" maxLength:"100"`
	TierOption      string      `json:"tierOption" enum:"Anniversary,AnniversaryInMonths" doc:"Anniversary: units are completed years of service; AnniversaryInMonths: completed months"`
	LeaveCategoryID *int64      `json:"leaveCategoryId" doc:"the leave category the allowance accrues to"`
	Tiers           []LeaveTier `json:"leaveAllowanceTemplateTiers"`
}

// LeaveTier is one band of service. Bounds are inclusive; a tier without
// maxUnit covers all longer service and must be the last.
type LeaveTier struct {
	MinUnit *int         `json:"minUnit"`
	MaxUnit *int         `json:"maxUnit"`
	Days    payroll.Rate `json:"days" doc:"days of leave per year for service in this tier"`
}

func (t *TieredLeaveTemplate) RecordName() string { return t.Name }

// Validate checks the template: tiers ascend without overlaps or gaps.
func (t *TieredLeaveTemplate) Validate(v *payroll.Validation) {
	t.Name = strings.TrimSpace(t.Name)
	v.Required("name", t.Name)
	v.MaxLen("name", t.Name, 100)
	if t.TierOption == "" {
		t.TierOption = "Anniversary"
	}
	if len(t.Tiers) == 0 {
		v.Add("leaveAllowanceTemplateTiers", "at least one tier is required")
	}
	for i, tier := range t.Tiers {
		f := fmt.Sprintf("leaveAllowanceTemplateTiers[%d]", i)
		switch {
		case tier.MinUnit == nil:
			v.Add(f+".minUnit", "minUnit is required")
			continue
		case *tier.MinUnit < 0:
			v.Add(f+".minUnit", "minUnit must not be negative")
		}
		if tier.MaxUnit != nil && *tier.MaxUnit < *tier.MinUnit {
			v.Add(f+".maxUnit", "maxUnit must not be less than minUnit")
		}
		if tier.MaxUnit == nil && i < len(t.Tiers)-1 {
			v.Add(f+".maxUnit", "only the last tier can be open-ended")
		}
		if !tier.Days.Within(0, 366) {
			v.Add(f+".days", "days must be between 0 and 366")
		}
		if i == 0 {
			continue
		}
		prev := t.Tiers[i-1]
		if prev.MinUnit == nil || prev.MaxUnit == nil {
			continue
		}
		switch {
		case *tier.MinUnit <= *prev.MaxUnit:
			v.Add(f+".minUnit", "tiers must ascend without overlapping: minUnit %d is within the previous tier (%d to %d)", *tier.MinUnit, *prev.MinUnit, *prev.MaxUnit)
		case *tier.MinUnit > *prev.MaxUnit+1:
			v.Add(f+".minUnit", "tiers must not leave gaps: service of %d to %d is in no tier", *prev.MaxUnit+1, *tier.MinUnit-1)
		}
	}
}

// References names the leave category.
func (t *TieredLeaveTemplate) References() []record.Ref {
	return []record.Ref{{Field: "leaveCategoryId", Kind: record.KindLeaveCategory, ID: record.Deref(t.LeaveCategoryID)}}
}

// LongServiceLeaveTemplate is a system-defined AU long service leave rule
// of one state or territory (GET B/tieredlongserviceleavetemplate). Weeks
// are of the employee's ordinary hours.
type LongServiceLeaveTemplate struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	State string `json:"state"`
	// Legislation is the statute the rule comes from.
	Legislation string `json:"legislation"`
	// QualifyingYears of continuous service give EntitlementWeeks of leave.
	QualifyingYears  payroll.Rate `json:"qualifyingYears"`
	EntitlementWeeks payroll.Rate `json:"entitlementWeeks"`
	// After qualifying, leave keeps accruing at FurtherWeeksPerYear and
	// matures every FurtherEveryYears years (0 = it can be taken as it
	// accrues).
	FurtherWeeksPerYear payroll.Rate `json:"furtherWeeksPerYear"`
	FurtherEveryYears   payroll.Rate `json:"furtherEveryYears"`
	Notes               string       `json:"notes"`
	// ProRataFromYears: when employment ends after this much service but
	// before qualifying, leave is paid pro rata under ProRataConditions.
	ProRataFromYears  payroll.Rate `json:"proRataFromYears"`
	ProRataConditions string       `json:"proRataConditions"`
	IsSystem          bool         `json:"isSystem"`
	Sources           []string     `json:"sources" doc:"public pages the rule was taken from"`
}

// longServiceLeaveTemplates: reference/payroll-rules.md says only that
// long service leave is state-based, so each row cites the public page(s)
// it was taken from (state government pages where the stored corpus had
// them). A state whose rule could not be sourced would be left out; all
// eight were found. Rates are the general private-sector rules; awards,
// agreements and portable industry schemes can differ.
var longServiceLeaveTemplates = []LongServiceLeaveTemplate{
	{ID: 1, State: "ACT", Legislation: "Long Service Leave Act 1976 (ACT)", QualifyingYears: payroll.RateFromInt(7), EntitlementWeeks: payroll.MustRate("6.0667"),
		FurtherWeeksPerYear: payroll.MustRate("0.8667"), FurtherEveryYears: payroll.RateFromInt(1), ProRataFromYears: payroll.RateFromInt(5),
		ProRataConditions: "employment ends after 5 but before 7 years through illness or incapacity, domestic or other pressing necessity, retirement age, death, or termination by the employer other than for serious misconduct",
		Sources:           []string{"https://lawpath.com.au/blog/what-is-long-service-leave-in-australian-capital"}},
	{ID: 2, State: "NSW", Legislation: "Long Service Leave Act 1955 (NSW)", QualifyingYears: payroll.RateFromInt(10), EntitlementWeeks: payroll.MustRate("8.6667"),
		FurtherWeeksPerYear: payroll.MustRate("0.8667"), FurtherEveryYears: payroll.RateFromInt(5), ProRataFromYears: payroll.RateFromInt(5),
		ProRataConditions: "employment ends after 5 but before 10 years by resignation for illness, incapacity or domestic or other pressing necessity, by dismissal for any reason except serious and wilful misconduct, or by death",
		Sources:           []string{"https://www.service.nsw.gov.au/transaction/comply-long-service-leave-requirements"}},
	{ID: 3, State: "NT", Legislation: "Long Service Leave Act 1981 (NT)", QualifyingYears: payroll.RateFromInt(10), EntitlementWeeks: payroll.RateFromInt(13),
		FurtherWeeksPerYear: payroll.MustRate("1.3"), FurtherEveryYears: payroll.RateFromInt(5), ProRataFromYears: payroll.RateFromInt(7),
		ProRataConditions: "employment ends after 7 but before 10 years in the circumstances the Act lists (not on resignation without cause)",
		Sources:           []string{"https://nt.gov.au/employ/for-employees-in-nt/holidays-and-leave/long-service-leave"}},
	{ID: 4, State: "QLD", Legislation: "Industrial Relations Act 2016 (Qld)", QualifyingYears: payroll.RateFromInt(10), EntitlementWeeks: payroll.MustRate("8.6667"),
		FurtherWeeksPerYear: payroll.MustRate("0.8667"), FurtherEveryYears: payroll.RateFromInt(5), ProRataFromYears: payroll.RateFromInt(7),
		Notes:             "a further 4.3333 weeks after 15 years; beyond 15 years further leave can be taken as it accrues",
		ProRataConditions: "employment ends after 7 but before 10 years by death, by the employee for illness, incapacity or domestic or other pressing necessity, or by dismissal for a reason other than conduct, capacity or performance, or unfair dismissal",
		Sources:           []string{"https://www.sdaq.asn.au/resources/long-service-leave/", "http://corrigan.austlii.edu.au/au/legis/qld/consol_act/ira1999242/s50.html"}},
	{ID: 5, State: "SA", Legislation: "Long Service Leave Act 1987 (SA)", QualifyingYears: payroll.RateFromInt(10), EntitlementWeeks: payroll.RateFromInt(13),
		FurtherWeeksPerYear: payroll.MustRate("1.3"), FurtherEveryYears: payroll.RateFromInt(1), ProRataFromYears: payroll.RateFromInt(7),
		ProRataConditions: "employment ends after 7 but before 10 years, except termination for serious and wilful misconduct or unlawful termination by the worker",
		Sources:           []string{"https://www.safework.sa.gov.au/workers/wages-and-conditions/long-service-leave/accruing-leave"}},
	{ID: 6, State: "TAS", Legislation: "Long Service Leave Act 1976 (Tas)", QualifyingYears: payroll.RateFromInt(10), EntitlementWeeks: payroll.MustRate("8.6667"),
		FurtherWeeksPerYear: payroll.MustRate("0.8667"), FurtherEveryYears: payroll.RateFromInt(5), ProRataFromYears: payroll.RateFromInt(7),
		ProRataConditions: "employment ends after 7 (5 for mining employees) but before 10 years through illness, incapacity, domestic or other pressing necessity, retirement age, or termination by the employer other than for serious and wilful misconduct",
		Sources:           []string{"https://www.worksafe.tas.gov.au/laws/long_service_leave/overview", "https://pageseager.com.au/employment-safety-briefing-long-service-leave-in-tasmania"}},
	{ID: 7, State: "VIC", Legislation: "Long Service Leave Act 2018 (Vic)", QualifyingYears: payroll.RateFromInt(7), EntitlementWeeks: payroll.MustRate("6.0667"),
		FurtherWeeksPerYear: payroll.MustRate("0.8667"), FurtherEveryYears: payroll.RateFromInt(0), ProRataFromYears: payroll.RateFromInt(7),
		ProRataConditions: "accrues at 1/60 of continuous employment; after 7 years it can be taken as it accrues and is paid out when employment ends for any reason",
		Sources:           []string{"https://www.vic.gov.au/how-wage-inspectorate-prosecution-clarified-long-service-leave-law", "https://www.aitken.com.au/long-service-leave-provisions/"}},
	{ID: 8, State: "WA", Legislation: "Long Service Leave Act 1958 (WA)", QualifyingYears: payroll.RateFromInt(10), EntitlementWeeks: payroll.MustRate("8.6667"),
		FurtherWeeksPerYear: payroll.MustRate("0.8667"), FurtherEveryYears: payroll.RateFromInt(5), ProRataFromYears: payroll.RateFromInt(7),
		ProRataConditions: "employment ends after 7 but before 10 years, except dismissal for serious misconduct",
		Sources:           []string{"https://wa.gov.au/organisation/private-sector-labour-relations/overview-of-long-service-leave-wa", "https://www.commerce.wa.gov.au/labour-relations/long-service-leave-what-entitlement-when-employment-ceases"}},
}

// LongServiceLeaveTemplates lists the system templates (AU businesses only).
func LongServiceLeaveTemplates(biz business.Business) ([]LongServiceLeaveTemplate, error) {
	if biz.Region != "AU" {
		return nil, record.RegionError("long service leave templates", au.Regions, biz)
	}
	out := make([]LongServiceLeaveTemplate, len(longServiceLeaveTemplates))
	for i, t := range longServiceLeaveTemplates {
		t.Name = t.State + " long service leave"
		t.IsSystem = true
		t.Sources = append([]string(nil), t.Sources...)
		out[i] = t
	}
	return out, nil
}

// LongServiceLeaveTemplateByID returns one system template.
func LongServiceLeaveTemplateByID(biz business.Business, id int64) (LongServiceLeaveTemplate, error) {
	all, err := LongServiceLeaveTemplates(biz)
	if err != nil {
		return LongServiceLeaveTemplate{}, err
	}
	for _, t := range all {
		if t.ID == id {
			return t, nil
		}
	}
	return LongServiceLeaveTemplate{}, payroll.NotFound("long service leave template")
}
