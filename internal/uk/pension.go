package uk

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// UKPensionScheme is a workplace pension scheme the employer uses
// (PensionSchemeApiModel); its contribution plans are child records.
type UKPensionScheme struct {
	record.Base
	Name                                    string `json:"name" maxLength:"100"`
	ProviderName                            string `json:"providerName" maxLength:"100"`
	EmployerNumber                          string `json:"employerNumber" maxLength:"50" doc:"the employer's reference with the provider"`
	AdminTitle                              string `json:"adminTitle" maxLength:"20"`
	AdminFirstName                          string `json:"adminFirstName" maxLength:"50"`
	AdminSurname                            string `json:"adminSurname" maxLength:"50"`
	AdminEmailAddress                       string `json:"adminEmailAddress" maxLength:"100"`
	AdminPhoneNumber                        string `json:"adminPhoneNumber" maxLength:"30"`
	AdminAddressLine1                       string `json:"adminAddressLine1" maxLength:"100"`
	AdminAddressLine2                       string `json:"adminAddressLine2" maxLength:"100"`
	AdminSuburb                             string `json:"adminSuburb" maxLength:"50"`
	AdminPostcode                           string `json:"adminPostcode" maxLength:"8"`
	AdminAutoEnrolmentSignatoryFullname     string `json:"adminAutoEnrolmentSignatoryFullname" maxLength:"100"`
	AdminAutoEnrolmentSignatoryTitle        string `json:"adminAutoEnrolmentSignatoryTitle" maxLength:"50"`
	AdminAutoEnrolmentSignatoryEmailAddress string `json:"adminAutoEnrolmentSignatoryEmailAddress" maxLength:"100"`
}

func (p *UKPensionScheme) RecordName() string { return p.Name }

// Validate checks the scheme's own fields.
func (p *UKPensionScheme) Validate(v *payroll.Validation) {
	p.Name = strings.TrimSpace(p.Name)
	v.Required("name", p.Name)
	ukMaxLens(v, 100, map[string]string{"name": p.Name, "providerName": p.ProviderName, "adminAddressLine1": p.AdminAddressLine1,
		"adminAddressLine2": p.AdminAddressLine2, "adminEmailAddress": p.AdminEmailAddress,
		"adminAutoEnrolmentSignatoryFullname":     p.AdminAutoEnrolmentSignatoryFullname,
		"adminAutoEnrolmentSignatoryEmailAddress": p.AdminAutoEnrolmentSignatoryEmailAddress})
	ukMaxLens(v, 50, map[string]string{"employerNumber": p.EmployerNumber, "adminFirstName": p.AdminFirstName, "adminSurname": p.AdminSurname,
		"adminSuburb": p.AdminSuburb, "adminAutoEnrolmentSignatoryTitle": p.AdminAutoEnrolmentSignatoryTitle})
	v.MaxLen("adminTitle", p.AdminTitle, 20)
	v.MaxLen("adminPhoneNumber", p.AdminPhoneNumber, 30)
	for f, e := range map[string]*string{"adminEmailAddress": &p.AdminEmailAddress, "adminAutoEnrolmentSignatoryEmailAddress": &p.AdminAutoEnrolmentSignatoryEmailAddress} {
		*e = strings.TrimSpace(*e)
		ukEmails(v, f, *e)
	}
	ukPostcode(v, "adminPostcode", &p.AdminPostcode)
}

// UKPostponementRule defers auto-enrolment assessment for a trigger
// (PensionSchemeContributionPlanPostponementRuleApiModel).
type UKPostponementRule struct {
	PostponementRuleType            string `json:"postponementRuleType" enum:"ReachesDutiesStartDate,JoinsACompany,ReachesAgeOf22,EligibleAfterInitialAssessment"`
	PostponementRuleOptionType      string `json:"postponementRuleOptionType" enum:"PostponeWeeks,PostponeMonths,PostponePayPeriods,PostponeSixthFollowingMonths"`
	PostponementPeriod              int    `json:"postponementPeriod"`
	PensionSchemeContributionPlanID int64  `json:"pensionSchemeContributionPlanId" readOnly:"true"`
	Name                            string `json:"name" maxLength:"100"`
}

// UKPensionPlan is a contribution plan of a pension scheme
// (PensionSchemeContributionPlanApiModel): contribution rates and the
// earnings they apply to.
type UKPensionPlan struct {
	record.Base
	ContributionGroupName              string               `json:"contributionGroupName" maxLength:"100"`
	ContributionGroupID                string               `json:"contributionGroupId" maxLength:"50"`
	ContributionPlanName               string               `json:"contributionPlanName" maxLength:"100"`
	CalculateOnQualifyingEarnings      bool                 `json:"calculateOnQualifyingEarnings"`
	PensionType                        string               `json:"pensionType" enum:"NetPay,ReliefAtSource"`
	EmployeeContribution               payroll.Rate         `json:"employeeContribution" doc:"percentage"`
	EmployerContribution               payroll.Rate         `json:"employerContribution" doc:"percentage"`
	SalarySacrifice                    payroll.Rate         `json:"salarySacrifice" doc:"percentage"`
	ReportingFrequency                 string               `json:"reportingFrequency" enum:"W1,W2,W4,M1,M3,M6,MA,TW,TM"`
	PensionSchemeID                    int64                `json:"pensionSchemeId" readOnly:"true"`
	MaxEarningsThreshold               payroll.Money        `json:"maxEarningsThreshold"`
	MinEarningsThreshold               payroll.Money        `json:"minEarningsThreshold"`
	SalarySacrificeDeductionCategoryID *int64               `json:"salarySacrificeDeductionCategoryId"`
	NicSavingRebate                    payroll.Rate         `json:"nicSavingRebate" doc:"percentage of the employer's NIC saving passed on"`
	IsAutoEnrolmentScheme              *bool                `json:"isAutoEnrolmentScheme"`
	LowerEarningsDisregard             *payroll.Money       `json:"lowerEarningsDisregard" nullable:"true"`
	LowerDefaultEarningsDisregardType  string               `json:"lowerDefaultEarningsDisregardType" enum:"NoOffset,LELOffset,LELOffsetMultiplied"`
	UpperEarningsCap                   *payroll.Money       `json:"upperEarningsCap" nullable:"true"`
	UpperDefaultEarningsCapType        string               `json:"upperDefaultEarningsCapType" enum:"NoOffset,UETOffset"`
	PostponementRules                  []UKPostponementRule `json:"pensionSchemeContributionPlanPostponementRules"`
	CollectionSourceID                 string               `json:"collectionSourceId" maxLength:"50"`
	UseTaxMonthPayPeriod               bool                 `json:"useTaxMonthPayPeriod"`
}

func (p *UKPensionPlan) RecordName() string { return p.ContributionPlanName }

// Validate checks rates, thresholds and postponement rules. An
// auto-enrolment plan on qualifying earnings must meet the statutory
// minimum: 8% in all, at least 3% from the employer (payroll-rules.md §2.6).
func (p *UKPensionPlan) Validate(v *payroll.Validation) {
	p.ContributionPlanName = strings.TrimSpace(p.ContributionPlanName)
	v.Required("contributionPlanName", p.ContributionPlanName)
	ukMaxLens(v, 100, map[string]string{"contributionPlanName": p.ContributionPlanName, "contributionGroupName": p.ContributionGroupName})
	ukMaxLens(v, 50, map[string]string{"contributionGroupId": p.ContributionGroupID, "collectionSourceId": p.CollectionSourceID})
	if p.PensionType == "" {
		p.PensionType = "NetPay"
	}
	if p.ReportingFrequency == "" {
		p.ReportingFrequency = "M1"
	}
	if p.LowerDefaultEarningsDisregardType == "" {
		p.LowerDefaultEarningsDisregardType = "NoOffset"
	}
	if p.UpperDefaultEarningsCapType == "" {
		p.UpperDefaultEarningsCapType = "NoOffset"
	}
	for f, x := range map[string]payroll.Rate{"employeeContribution": p.EmployeeContribution, "employerContribution": p.EmployerContribution,
		"salarySacrifice": p.SalarySacrifice, "nicSavingRebate": p.NicSavingRebate} {
		ukPercent(v, f, x)
	}
	for f, x := range map[string]*payroll.Money{"maxEarningsThreshold": &p.MaxEarningsThreshold, "minEarningsThreshold": &p.MinEarningsThreshold,
		"lowerEarningsDisregard": p.LowerEarningsDisregard, "upperEarningsCap": p.UpperEarningsCap} {
		if x != nil {
			UKMoney(v, f, *x)
		}
	}
	if p.MaxEarningsThreshold.IsPos() && p.MaxEarningsThreshold.Less(p.MinEarningsThreshold) {
		v.Add("minEarningsThreshold", "minEarningsThreshold must not exceed maxEarningsThreshold")
	}
	if p.LowerEarningsDisregard != nil && p.UpperEarningsCap != nil && p.UpperEarningsCap.IsPos() && p.UpperEarningsCap.Less(*p.LowerEarningsDisregard) {
		v.Add("lowerEarningsDisregard", "lowerEarningsDisregard must not exceed upperEarningsCap")
	}
	if p.IsAutoEnrolmentScheme != nil && *p.IsAutoEnrolmentScheme && p.CalculateOnQualifyingEarnings {
		if p.EmployerContribution.Cmp(payroll.RateFromInt(3)) < 0 {
			v.Add("employerContribution", "an auto-enrolment plan on qualifying earnings needs at least 3%% from the employer")
		} else if p.EmployerContribution.Add(p.EmployeeContribution).Cmp(payroll.RateFromInt(8)) < 0 {
			v.Add("employeeContribution", "an auto-enrolment plan on qualifying earnings needs at least 8%% in all")
		}
	}
	if p.PostponementRules == nil {
		p.PostponementRules = []UKPostponementRule{}
	}
	for i := range p.PostponementRules {
		r := &p.PostponementRules[i]
		prefix := "pensionSchemeContributionPlanPostponementRules[" + strconv.Itoa(i) + "]."
		if r.PostponementRuleType == "" {
			v.Add(prefix+"postponementRuleType", "postponementRuleType is required")
		}
		if r.PostponementRuleOptionType == "" {
			v.Add(prefix+"postponementRuleOptionType", "postponementRuleOptionType is required")
		}
		v.MaxLen(prefix+"name", r.Name, 100)
		if msg := ukPostponementLimit(r.PostponementRuleOptionType, r.PostponementPeriod); msg != "" {
			v.Add(prefix+"postponementPeriod", "%s", msg)
		}
		r.PensionSchemeContributionPlanID = p.ID
	}
}

// References names the salary sacrifice deduction category.
func (p *UKPensionPlan) References() []record.Ref {
	return []record.Ref{{Field: "salarySacrificeDeductionCategoryId", Kind: record.KindDeductionCategory, ID: record.Deref(p.SalarySacrificeDeductionCategoryID)}}
}

// decoratePensionPlans fills the members that come from the record: the
// scheme (the record's parent) and each rule's plan id.
func decoratePensionPlans(ctx context.Context, q *store.Queries, bizID int64, plans []UKPensionPlan) error {
	for i := range plans {
		r, err := q.GetRecord(ctx, store.GetRecordParams{ID: plans[i].ID, BusinessID: bizID, Kind: KindPensionPlan})
		if err != nil {
			return err
		}
		plans[i].PensionSchemeID = r.ParentID
		for j := range plans[i].PostponementRules {
			plans[i].PostponementRules[j].PensionSchemeContributionPlanID = plans[i].ID
		}
	}
	return nil
}

// DeletePensionScheme deletes a scheme with its plans; a scheme or plan
// still in use (an employee's pension settings) is a conflict.
func (uk *UKCollections) DeletePensionScheme(ctx context.Context, biz business.Business, id int64) error {
	if err := uk.PensionSchemes.Gate(biz); err != nil {
		return err
	}
	return uk.PensionSchemes.S.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := uk.PensionSchemes.Load(ctx, q, biz.ID, 0, id); err != nil {
			return err
		}
		plans, err := q.ListRecordsOfParent(ctx, store.ListRecordsOfParentParams{BusinessID: biz.ID, Kind: KindPensionPlan, ParentID: id})
		if err != nil {
			return err
		}
		for _, p := range plans {
			if err := uk.PensionPlans.DeleteInTx(ctx, q, biz.ID, p.ID); err != nil {
				return err
			}
		}
		return uk.PensionSchemes.DeleteInTx(ctx, q, biz.ID, id)
	})
}

// --- auto-enrolment dates --------------------------------------------------

// UKPensionStaging is the business's stored auto-enrolment timetable
// (PensionSchemeStagingModel).
type UKPensionStaging struct {
	StagingDate              payroll.DateTime `json:"stagingDate" doc:"the employer's duties start (staging) date; required"`
	AutoReEnrolmentDate      payroll.DateTime `json:"autoReEnrolmentDate" doc:"chosen re-enrolment date; default the third anniversary of the staging date"`
	IncludeOptedOutEmployees bool             `json:"includeOptedOutEmployees" doc:"re-enrol employees who opted out more than 12 months before"`
}

// UKPensionSchemeDates is the body and answer of POST B/pensionscheme/dates:
// the timetable to store, an optional postponement to work out, and the
// dates computed from them. They follow The Pensions Regulator's rules
// (not in payroll-rules.md): re-enrolment every three years within three
// months either side of the anniversary of the staging date; declaration
// of compliance within five months; postponement of at most three months.
type UKPensionSchemeDates struct {
	UKPensionStaging

	// Optional postponement calculation (answered, not stored).
	PostponementStartDate      payroll.DateTime `json:"postponementStartDate" doc:"date postponement starts from (e.g. an employee's start date); default stagingDate"`
	PostponementRuleOptionType string           `json:"postponementRuleOptionType" enum:"PostponeWeeks,PostponeMonths,PostponePayPeriods,PostponeSixthFollowingMonths"`
	PostponementPeriod         int              `json:"postponementPeriod"`
	PayFrequency               string           `json:"payFrequency" enum:"Weekly,Fortnightly,FourWeekly,Monthly" doc:"needed for PostponePayPeriods"`

	// Computed.
	ReEnrolmentWindowStart         payroll.DateTime `json:"reEnrolmentWindowStart" readOnly:"true"`
	ReEnrolmentWindowEnd           payroll.DateTime `json:"reEnrolmentWindowEnd" readOnly:"true"`
	DeclarationOfComplianceDueDate payroll.DateTime `json:"declarationOfComplianceDueDate" readOnly:"true" doc:"five months after the staging date"`
	ReDeclarationDueDate           payroll.DateTime `json:"reDeclarationDueDate" readOnly:"true" doc:"five months after the third anniversary of the staging date"`
	PostponementEndDate            payroll.DateTime `json:"postponementEndDate" readOnly:"true" doc:"last day of postponement; assessment is due the day after"`
}

// ukReEnrolmentWindow is the third anniversary of the staging date and the
// window around it.
func ukReEnrolmentWindow(staging time.Time) (anniversary, from, to time.Time) {
	anniversary = ukAddMonths(payroll.DateOnly(staging), 36)
	return anniversary, ukAddMonths(anniversary, -3), ukAddMonths(anniversary, 3)
}

func (s *UKPensionStaging) validate(v *payroll.Validation) {
	if s.StagingDate.IsZero() {
		v.Add("stagingDate", "stagingDate is required")
		return
	}
	anniversary, from, to := ukReEnrolmentWindow(s.StagingDate.Time)
	if s.AutoReEnrolmentDate.IsZero() {
		s.AutoReEnrolmentDate = payroll.NewDateTime(anniversary)
	} else if re := payroll.DateOnly(s.AutoReEnrolmentDate.Time); re.Before(from) || re.After(to) {
		v.Add("autoReEnrolmentDate", "autoReEnrolmentDate must be within three months either side of %s (the third anniversary of the staging date)",
			anniversary.Format("2006-01-02"))
	}
}

// compute checks the request and fills the computed dates.
func (d *UKPensionSchemeDates) compute(v *payroll.Validation) {
	d.UKPensionStaging.validate(v)
	d.PostponementEndDate = payroll.DateTime{}
	if d.StagingDate.IsZero() {
		return
	}
	staging := payroll.DateOnly(d.StagingDate.Time)
	anniversary, from, to := ukReEnrolmentWindow(staging)
	d.ReEnrolmentWindowStart, d.ReEnrolmentWindowEnd = payroll.NewDateTime(from), payroll.NewDateTime(to)
	d.DeclarationOfComplianceDueDate = payroll.NewDateTime(ukAddMonths(staging, 5))
	d.ReDeclarationDueDate = payroll.NewDateTime(ukAddMonths(anniversary, 5))
	if d.PostponementRuleOptionType == "" {
		return
	}
	start := staging
	if !d.PostponementStartDate.IsZero() {
		start = payroll.DateOnly(d.PostponementStartDate.Time)
	}
	if msg := ukPostponementLimit(d.PostponementRuleOptionType, d.PostponementPeriod); msg != "" {
		v.Add("postponementPeriod", "%s", msg)
		return
	}
	var end time.Time
	switch d.PostponementRuleOptionType {
	case "PostponeWeeks":
		end = start.AddDate(0, 0, 7*d.PostponementPeriod)
	case "PostponeMonths":
		end = ukAddMonths(start, d.PostponementPeriod)
	case "PostponePayPeriods":
		if d.PayFrequency == "" {
			v.Add("payFrequency", "payFrequency is required to postpone by pay periods")
			return
		}
		if days := map[string]int{"Weekly": 7, "Fortnightly": 14, "FourWeekly": 28}[d.PayFrequency]; days > 0 {
			end = start.AddDate(0, 0, days*d.PostponementPeriod)
		} else {
			end = ukAddMonths(start, d.PostponementPeriod)
		}
	case "PostponeSixthFollowingMonths":
		// The 6th (start of a tax month) of the month postponementPeriod
		// months after the start's month.
		end = ukAddMonths(start.AddDate(0, 0, 1-start.Day()), d.PostponementPeriod).AddDate(0, 0, 5)
	}
	if limit := ukAddMonths(start, 3); end.After(limit) {
		v.Add("postponementPeriod", "postponement cannot end more than three months after it starts (%s)", limit.Format("2006-01-02"))
		return
	}
	d.PostponementEndDate = payroll.NewDateTime(end)
}

// ukPostponementLimit checks a postponement period for its unit (the law
// allows at most three months); "" = fine.
func ukPostponementLimit(option string, period int) string {
	max := map[string]int{"PostponeWeeks": 13, "PostponeMonths": 3, "PostponePayPeriods": 13, "PostponeSixthFollowingMonths": 3}[option]
	if option == "" {
		return ""
	}
	if period < 1 || period > max {
		return "postponementPeriod must be between 1 and " + strconv.Itoa(max) + " for " + option
	}
	return ""
}

// SetPensionSchemeDates stores the business's auto-enrolment timetable and
// answers it with the computed dates. Nothing is stored when any part of
// the request (the postponement too) is invalid.
func (uk *UKCollections) SetPensionSchemeDates(ctx context.Context, biz business.Business, in UKPensionSchemeDates) (UKPensionSchemeDates, error) {
	if err := uk.PensionDates.Gate(biz); err != nil {
		return in, err
	}
	var val payroll.Validation
	record.CheckEnums(&in, &val)
	in.compute(&val)
	if err := val.Err(); err != nil {
		return in, err
	}
	stored, err := uk.PensionDates.Update(ctx, biz, "", func(cur *UKPensionStaging) error {
		*cur = in.UKPensionStaging
		return nil
	})
	in.UKPensionStaging = stored
	return in, err
}

// ukAddMonths adds months, keeping the day but clamping to the month's
// last day (31 January + 1 month = 28/29 February, not 3 March).
func ukAddMonths(t time.Time, months int) time.Time {
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, months, 0)
	last := first.AddDate(0, 1, -1).Day()
	day := t.Day()
	if day > last {
		day = last
	}
	return first.AddDate(0, 0, day-1)
}
