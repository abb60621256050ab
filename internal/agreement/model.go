// Package agreement is award interpretation with storage: the awards a
// business installs from the shipped library (award.Library), their pay
// condition rule sets stored as data (a row per rule set, a document per
// dated version, the pay categories its rules pay through), the employment
// agreements (award + classification + employment type + rule set + the
// pay rate templates of each age band), and the interpretation of an
// employee's worked time under their agreement (Business.Interpret), which
// timesheet costing, roster costs and pay runs call.
package agreement

import (
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/payroll"
)

// AU is the only region with modern awards.
var Regions = []string{"AU"}

// Award statuses (GET B/award?status=).
const (
	StatusInstalled    = "Installed"
	StatusNotInstalled = "NotInstalled"
)

// Award is an award of the shipped library and whether the business has
// installed it.
type Award struct {
	ID          int64          `json:"id" doc:"the award's id: the number of its code (MA000004 is 4)"`
	Code        string         `json:"code"`
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Status      string         `json:"status" enum:"Installed,NotInstalled"`
	Versions    []AwardVersion `json:"versions" doc:"the periods whose rates are loaded, with their sources"`
}

// AwardVersion is a dated version of an award's rates and rules.
type AwardVersion struct {
	From   payroll.DateTime  `json:"from"`
	To     *payroll.DateTime `json:"to" nullable:"true"`
	Source string            `json:"source"`
}

// RuleSet is PayConditionRuleSetModel.
type RuleSet struct {
	ID                          int64             `json:"id"`
	Name                        string            `json:"name"`
	Description                 string            `json:"description"`
	PeriodType                  string            `json:"periodType" enum:"Weekly,Fortnightly,Monthly,CalendarMonth,FourWeekly,SixWeekly,ThreeWeekly,EightWeekly"`
	DayOfWeekEnding             int32             `json:"dayOfWeekEnding" doc:"the day periods end on: 0 Sunday ... 6 Saturday"`
	DayOfMonthEnding            int32             `json:"dayOfMonthEnding"`
	PeriodEnding                *payroll.DateTime `json:"periodEnding" nullable:"true"`
	ShiftConsolidationOption    string            `json:"shiftConsolidationOption" enum:"None,Duration,SameDay"`
	ShiftConsolidationThreshold string            `json:"shiftConsolidationThreshold" doc:"TimeSpan hh:mm:ss: shifts closer than this are one (Duration)"`
	RulesJSON                   string            `json:"rulesJson" doc:"the rule set as data: its categories, classifications and dated versions (rates, junior bands, ordered rules)"`
	DisabledRules               []string          `json:"disabledRules"`
}

// BasicAgreement is BasicEmploymentAgreementModel.
type BasicAgreement struct {
	ID                     int64  `json:"id"`
	Classification         string `json:"classification"`
	EmploymentType         string `json:"employmentType" enum:"Unknown,FullTime,PartTime,LabourHire,SuperannuationIncomeStream,Casual"`
	Name                   string `json:"name"`
	AwardName              string `json:"awardName"`
	Rank                   int32  `json:"rank"`
	ExternalID             string `json:"externalId"`
	AwardID                int64  `json:"awardId"`
	DisableAutoProgression bool   `json:"disableAutoProgression"`
}

// AgePayRateTemplate is EmploymentAgreementPayRateTemplateModel: the
// template an employee of the agreement is paid from in an age (and
// service) band.
type AgePayRateTemplate struct {
	PayRateTemplateID    int64            `json:"payRateTemplateId"`
	PayRateTemplate      payrate.Template `json:"payRateTemplate"`
	MinAge               *int32           `json:"minAge" nullable:"true"`
	MaxAge               *int32           `json:"maxAge" nullable:"true"`
	MinAnniversaryMonths *int32           `json:"minAnniversaryMonths" nullable:"true"`
	MaxAnniversaryMonths *int32           `json:"maxAnniversaryMonths" nullable:"true"`
}

// LeaveAllowanceTemplate is the part of LeaveAllowanceTemplateModel an
// agreement lists (the shipped awards add none: leave comes from the
// business's leave categories).
type LeaveAllowanceTemplate struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Agreement is EmploymentAgreementModel.
type Agreement struct {
	ID                        int64                    `json:"id"`
	Classification            string                   `json:"classification"`
	EmploymentType            string                   `json:"employmentType" enum:"Unknown,FullTime,PartTime,LabourHire,SuperannuationIncomeStream,Casual,NotApplicable,IndependentContractor,Management,Contract,Intern,Other"`
	PayRateTemplateType       string                   `json:"payRateTemplateType" enum:"DateOfBirth,Anniversary,AnniversaryInMonths,DateOfBirthAndAnniversaryInMonths"`
	PayConditionRuleSetID     int64                    `json:"payConditionRuleSetId"`
	PayConditionRuleSet       RuleSet                  `json:"payConditionRuleSet"`
	LeaveAllowanceTemplates   []LeaveAllowanceTemplate `json:"leaveAllowanceTemplates"`
	LeaveAllowanceTemplateIDs []int64                  `json:"leaveAllowanceTemplateIds"`
	AgePayRateTemplates       []AgePayRateTemplate     `json:"agePayRateTemplates"`
	ExternalID                string                   `json:"externalId"`
	Source                    string                   `json:"source" enum:"None,AwardStore,API"`
	Rank                      int32                    `json:"rank"`
	AwardID                   int64                    `json:"awardId"`
	DisableAutoProgression    bool                     `json:"disableAutoProgression"`
}
