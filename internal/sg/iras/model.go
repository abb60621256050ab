package iras

import (
	"strings"

	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// Item is what every IRAS item model implements.
type Item interface {
	GetID() int64
	SetID(int64)
	Validate(v *payroll.Validation)
	// Basis is the item's basis period (the year the income was earned).
	Basis() int64
}

// BasisPeriod is the member every item has: the calendar year the income
// was earned (IRAS assesses it in the following year of assessment).
type BasisPeriod struct {
	BasisPeriod int64 `json:"basisPeriod" doc:"the calendar year the income was earned, e.g. 2026 (year of assessment 2027)"`
}

func (b BasisPeriod) Basis() int64 { return b.BasisPeriod }

// Years outside this range are typing mistakes, not basis periods.
const minYear, maxYear = 1990, 2100

func (b BasisPeriod) validate(v *payroll.Validation) {
	if b.BasisPeriod < minYear || b.BasisPeriod > maxYear {
		v.Add("basisPeriod", "basisPeriod must be a calendar year between %d and %d", minYear, maxYear)
	}
}

// amounts checks nullable amounts: at most two decimals, not negative.
func amounts(v *payroll.Validation, m map[string]*payroll.Money) {
	for field, a := range m {
		if a != nil {
			emprec.Money(v, field, *a, false)
		}
	}
}

// enum checks a required enum member (canonical spelling kept; empty is
// a 400: the wire never carries "").
func enum(v *payroll.Validation, field string, s *string, allowed []string) {
	if c, ok := record.Canonical(allowed, *s); ok && *s != "" {
		*s = c
		return
	}
	v.Add(field, "%s must be one of %s", field, strings.Join(allowed, ", "))
}

// nullableEnum checks an optional enum member: null or one of allowed.
func nullableEnum(v *payroll.Validation, field string, s **string, allowed []string) {
	if *s == nil {
		return
	}
	if **s == "" {
		*s = nil
		return
	}
	enum(v, field, *s, allowed)
}

// dates checks a from..to pair: to not before from when both are given.
func dates(v *payroll.Validation, toField string, from, to payroll.DateTime) {
	if !from.IsZero() && !to.IsZero() && to.Before(from.Time) {
		v.Add(toField, "%s must not be before the start date", toField)
	}
}

func maxLens(v *payroll.Validation, n int, m map[string]string) {
	for field, s := range m {
		v.MaxLen(field, s, n)
	}
}

var (
	BenefitTypes   = []string{"Value", "Rent"}
	FurnishedTypes = []string{"Partially", "Fully"}
	SchemeTypes    = []string{"EEBRScheme", "ERISSME", "ERISAll", "ERISStartup"}
	PlanTypes      = []string{"ESOP", "ESOW"}
	IncomeTypes    = []string{"TaxRemission", "Seaman", "Exemption", "OverseasPensionFund", "IncomeOverseasEmployment", "IncomeOverseasEmploymentPensionFund"}
	PostingTypes   = []string{"Full", "Part"}
	TaxBorneTypes  = []string{"Fully", "FixedAmount", "Partially"}
)

// BenefitsInKind is one benefit in kind (IR8A appendix 8A): accommodation
// and the other benefits the employer provided, valued for the year.
type BenefitsInKind struct {
	record.Base
	BasisPeriod
	AddressLine1                              string           `json:"addressLine1" maxLength:"100"`
	AddressLine2                              string           `json:"addressLine2" maxLength:"100"`
	AddressLine3                              string           `json:"addressLine3" maxLength:"100"`
	PeriodOfOccupationFromDate                payroll.DateTime `json:"periodOfOccupationFromDate" nullable:"true"`
	PeriodOfOccupationToDate                  payroll.DateTime `json:"periodOfOccupationToDate" nullable:"true"`
	EmployeesSharingPremises                  *int64           `json:"employeesSharingPremises" nullable:"true"`
	BenefitType                               *string          `json:"benefitType" nullable:"true" enum:"Value,Rent" doc:"Value: the annual value of the premises; Rent: the rent the employer paid"`
	Benefit                                   *payroll.Money   `json:"benefit" nullable:"true"`
	FurnishedType                             *string          `json:"furnishedType" nullable:"true" enum:"Partially,Fully"`
	TotalRentPaidByEmployee                   *payroll.Money   `json:"totalRentPaidByEmployee" nullable:"true"`
	UtilitiesGadgets                          *payroll.Money   `json:"utilitiesGadgets" nullable:"true"`
	Driver                                    *payroll.Money   `json:"driver" nullable:"true"`
	ServantUpkeepOfCompound                   *payroll.Money   `json:"servantUpkeepOfCompound" nullable:"true"`
	CostOfAccommodation                       *payroll.Money   `json:"costOfAccommodation" nullable:"true"`
	PaidByEmployee                            *payroll.Money   `json:"paidByEmployee" nullable:"true"`
	InterestPaymentMadeByEmployer             *payroll.Money   `json:"interestPaymentMadeByEmployer" nullable:"true"`
	InsurancePremiumsPaidByEmployer           *payroll.Money   `json:"insurancePremiumsPaidByEmployer" nullable:"true"`
	FreeOrSubsidisedHolidays                  *payroll.Money   `json:"freeOrSubsidisedHolidays" nullable:"true"`
	EducationalExpense                        *payroll.Money   `json:"educationalExpense" nullable:"true"`
	EntranceTransferFeesAnnualSubscription    *payroll.Money   `json:"entranceTransferFeesAnnualSubscription" nullable:"true"`
	GainsFromAsset                            *payroll.Money   `json:"gainsFromAsset" nullable:"true"`
	CostOfMotorVehiclesGivenToEmployee        *payroll.Money   `json:"costOfMotorVehiclesGivenToEmployee" nullable:"true"`
	CarBenefits                               *payroll.Money   `json:"carBenefits" nullable:"true"`
	CostOfHomeLeavePassagesIncidentalBenefits *payroll.Money   `json:"costOfHomeLeavePassagesIncidentalBenefits" nullable:"true"`
	OtherNonMonetaryAwardsBenefits            *payroll.Money   `json:"otherNonMonetaryAwardsBenefits" nullable:"true"`
}

func (b *BenefitsInKind) Validate(v *payroll.Validation) {
	b.BasisPeriod.validate(v)
	maxLens(v, 100, map[string]string{"addressLine1": b.AddressLine1, "addressLine2": b.AddressLine2, "addressLine3": b.AddressLine3})
	dates(v, "periodOfOccupationToDate", b.PeriodOfOccupationFromDate, b.PeriodOfOccupationToDate)
	if b.EmployeesSharingPremises != nil && *b.EmployeesSharingPremises < 0 {
		v.Add("employeesSharingPremises", "employeesSharingPremises must not be negative")
	}
	nullableEnum(v, "benefitType", &b.BenefitType, BenefitTypes)
	nullableEnum(v, "furnishedType", &b.FurnishedType, FurnishedTypes)
	amounts(v, map[string]*payroll.Money{"benefit": b.Benefit, "totalRentPaidByEmployee": b.TotalRentPaidByEmployee, "utilitiesGadgets": b.UtilitiesGadgets,
		"driver": b.Driver, "servantUpkeepOfCompound": b.ServantUpkeepOfCompound, "costOfAccommodation": b.CostOfAccommodation, "paidByEmployee": b.PaidByEmployee,
		"interestPaymentMadeByEmployer": b.InterestPaymentMadeByEmployer, "insurancePremiumsPaidByEmployer": b.InsurancePremiumsPaidByEmployer,
		"freeOrSubsidisedHolidays": b.FreeOrSubsidisedHolidays, "educationalExpense": b.EducationalExpense,
		"entranceTransferFeesAnnualSubscription": b.EntranceTransferFeesAnnualSubscription, "gainsFromAsset": b.GainsFromAsset,
		"costOfMotorVehiclesGivenToEmployee": b.CostOfMotorVehiclesGivenToEmployee, "carBenefits": b.CarBenefits,
		"costOfHomeLeavePassagesIncidentalBenefits": b.CostOfHomeLeavePassagesIncidentalBenefits, "otherNonMonetaryAwardsBenefits": b.OtherNonMonetaryAwardsBenefits})
	if b.BenefitType != nil && b.Benefit == nil {
		v.Add("benefit", "benefit is required with benefitType %s", *b.BenefitType)
	}
}

// SharePlan is a gain or profit from an employee share option or
// ownership plan (IR8A appendix 8B).
type SharePlan struct {
	record.Base
	BasisPeriod
	SchemeType                                     string           `json:"schemeType" enum:"EEBRScheme,ERISSME,ERISAll,ERISStartup"`
	CompanyName                                    string           `json:"companyName" maxLength:"100"`
	UEN                                            string           `json:"uen" maxLength:"20" doc:"the company's unique entity number"`
	PlanType                                       string           `json:"planType" enum:"ESOP,ESOW"`
	IncorporationDate                              payroll.DateTime `json:"incorporationDate" nullable:"true"`
	GrantDate                                      payroll.DateTime `json:"grantDate" nullable:"true"`
	ExerciseVestingDate                            payroll.DateTime `json:"exerciseVestingDate" nullable:"true"`
	ExercisePriceAmount                            *payroll.Money   `json:"exercisePriceAmount" nullable:"true"`
	MarketValuePerShareDateOfGrantAmount           *payroll.Money   `json:"marketValuePerShareDateOfGrantAmount" nullable:"true"`
	MarketValuePerShareDateOfExerciseVestingAmount *payroll.Money   `json:"marketValuePerShareDateOfExerciseVestingAmount" nullable:"true"`
	NumberOfSharesAcquired                         *payroll.Rate    `json:"numberOfSharesAcquired" nullable:"true"`
}

func (s *SharePlan) Validate(v *payroll.Validation) {
	s.BasisPeriod.validate(v)
	enum(v, "schemeType", &s.SchemeType, SchemeTypes)
	enum(v, "planType", &s.PlanType, PlanTypes)
	v.Required("companyName", s.CompanyName)
	maxLens(v, 100, map[string]string{"companyName": s.CompanyName})
	v.MaxLen("uen", s.UEN, 20)
	dates(v, "exerciseVestingDate", s.GrantDate, s.ExerciseVestingDate)
	amounts(v, map[string]*payroll.Money{"exercisePriceAmount": s.ExercisePriceAmount, "marketValuePerShareDateOfGrantAmount": s.MarketValuePerShareDateOfGrantAmount,
		"marketValuePerShareDateOfExerciseVestingAmount": s.MarketValuePerShareDateOfExerciseVestingAmount})
	if n := s.NumberOfSharesAcquired; n != nil {
		emprec.Rate(v, "numberOfSharesAcquired", *n, payroll.Rate{})
	}
}

// OverseasIncome is income from overseas subject to tax remission, or
// exempt, or paid into an overseas pension fund (IR8A appendix / IR8E).
type OverseasIncome struct {
	record.Base
	BasisPeriod
	IncomeType                                                  string         `json:"incomeType" enum:"TaxRemission,Seaman,Exemption,OverseasPensionFund,IncomeOverseasEmployment,IncomeOverseasEmploymentPensionFund"`
	IncomeAmount                                                *payroll.Money `json:"incomeAmount" nullable:"true"`
	PeriodOfOverseasPostingType                                 string         `json:"periodOfOverseasPostingType" enum:"Full,Part"`
	ExemptIncomeAmount                                          *payroll.Money `json:"exemptIncomeAmount" nullable:"true"`
	ContributionsToOverseasFunds                                *bool          `json:"contributionsToOverseasFunds" nullable:"true"`
	OverseasFundName                                            string         `json:"overseasFundName" maxLength:"100"`
	ContributionsWithTaxConcession                              *payroll.Money `json:"contributionsWithTaxConcession" nullable:"true"`
	ContributionsWithoutTaxConcession                           *payroll.Money `json:"contributionsWithoutTaxConcession" nullable:"true"`
	ContributionsMandatory                                      *bool          `json:"contributionsMandatory" nullable:"true"`
	ContributionsChargedDeductionsClaimedSingaporeEstablishment *bool          `json:"contributionsChargedDeductionsClaimedSingaporeEstablishment" nullable:"true"`
}

func (o *OverseasIncome) Validate(v *payroll.Validation) {
	o.BasisPeriod.validate(v)
	enum(v, "incomeType", &o.IncomeType, IncomeTypes)
	enum(v, "periodOfOverseasPostingType", &o.PeriodOfOverseasPostingType, PostingTypes)
	v.MaxLen("overseasFundName", o.OverseasFundName, 100)
	amounts(v, map[string]*payroll.Money{"incomeAmount": o.IncomeAmount, "exemptIncomeAmount": o.ExemptIncomeAmount,
		"contributionsWithTaxConcession": o.ContributionsWithTaxConcession, "contributionsWithoutTaxConcession": o.ContributionsWithoutTaxConcession})
	if o.IncomeAmount != nil && o.ExemptIncomeAmount != nil && o.IncomeAmount.Less(*o.ExemptIncomeAmount) {
		v.Add("exemptIncomeAmount", "exemptIncomeAmount must not exceed incomeAmount")
	}
	if o.ContributionsToOverseasFunds != nil && *o.ContributionsToOverseasFunds && strings.TrimSpace(o.OverseasFundName) == "" {
		v.Add("overseasFundName", "overseasFundName is required when contributionsToOverseasFunds is true")
	}
}

// TaxBorne is income tax the employer bears for the employee, fully, as a
// fixed amount or partially (IR8A item on tax borne by employer).
type TaxBorne struct {
	record.Base
	BasisPeriod
	TaxBorneByEmployerType string         `json:"taxBorneByEmployerType" enum:"Fully,FixedAmount,Partially"`
	BorneByEmployerAmount  *payroll.Money `json:"borneByEmployerAmount" nullable:"true"`
	BorneByEmployeeAmount  *payroll.Money `json:"borneByEmployeeAmount" nullable:"true"`
}

func (t *TaxBorne) Validate(v *payroll.Validation) {
	t.BasisPeriod.validate(v)
	enum(v, "taxBorneByEmployerType", &t.TaxBorneByEmployerType, TaxBorneTypes)
	amounts(v, map[string]*payroll.Money{"borneByEmployerAmount": t.BorneByEmployerAmount, "borneByEmployeeAmount": t.BorneByEmployeeAmount})
	switch t.TaxBorneByEmployerType {
	case "FixedAmount":
		if t.BorneByEmployerAmount == nil {
			v.Add("borneByEmployerAmount", "borneByEmployerAmount is required when the employer bears a fixed amount")
		}
	case "Partially":
		if t.BorneByEmployerAmount == nil {
			v.Add("borneByEmployerAmount", "borneByEmployerAmount is required when the employer bears the tax partially")
		}
		if t.BorneByEmployeeAmount == nil {
			v.Add("borneByEmployeeAmount", "borneByEmployeeAmount is required when the employer bears the tax partially")
		}
	}
}

// LumpSum is a lump sum payment's IRAS particulars (gratuity, retrenchment
// or retirement benefits): approval, reason, basis and service length.
type LumpSum struct {
	record.Base
	BasisPeriod
	EmployingEntityID      *int64           `json:"employingEntityId" nullable:"true"`
	Approved               *bool            `json:"approved" nullable:"true" doc:"whether IRAS approved the payment's tax treatment"`
	DateOfApproval         payroll.DateTime `json:"dateOfApproval" nullable:"true"`
	PaymentReason          string           `json:"paymentReason" maxLength:"200"`
	ServiceLength          string           `json:"serviceLength" maxLength:"100"`
	PaymentBasis           string           `json:"paymentBasis" maxLength:"200"`
	RetirementBenefitsFund string           `json:"retirementBenefitsFund" maxLength:"200"`
}

func (l *LumpSum) Validate(v *payroll.Validation) {
	l.BasisPeriod.validate(v)
	maxLens(v, 200, map[string]string{"paymentReason": l.PaymentReason, "paymentBasis": l.PaymentBasis, "retirementBenefitsFund": l.RetirementBenefitsFund})
	v.MaxLen("serviceLength", l.ServiceLength, 100)
	if l.EmployingEntityID != nil && *l.EmployingEntityID <= 0 {
		v.Add("employingEntityId", "employingEntityId must be a positive id")
	}
	if !l.DateOfApproval.IsZero() && (l.Approved == nil || !*l.Approved) {
		v.Add("approved", "dateOfApproval is given: approved must be true")
	}
}

// References: the employing entity must be the business's.
func (l *LumpSum) References() []record.Ref {
	var id int64
	if l.EmployingEntityID != nil {
		id = *l.EmployingEntityID
	}
	return []record.Ref{{Field: "employingEntityId", Kind: record.KindEmployingEntity, ID: id}}
}
