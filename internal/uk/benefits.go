package uk

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// UKBenefitCar describes a company car (P11D section F).
type UKBenefitCar struct {
	RegistrationNumber   string           `json:"registrationNumber" maxLength:"10"`
	MakeAndModel         string           `json:"makeAndModel" maxLength:"100"`
	DateRegistered       payroll.DateTime `json:"dateRegistered" doc:"date first registered"`
	FuelType             string           `json:"fuelType" enum:"None,DieselMeetingEuroStandards,Diesel,Other,Electric"`
	ApprovedCO2Emissions *int             `json:"approvedCO2Emissions" doc:"g/km"`
	NoApprovedCO2Figure  bool             `json:"noApprovedCO2Figure"`
	EngineSize           string           `json:"engineSize" enum:"None,LessThan1400,Between1401And2000,MoreThan2001,Rotary" doc:"needed when there is no approved CO2 figure"`
	ZeroEmissionMileage  *int             `json:"zeroEmissionMileage" doc:"electric range in miles, needed for cars emitting 1-50 g/km"`
}

// UKBenefitVan describes a company van (P11D section G).
type UKBenefitVan struct {
	IsZeroEmissions bool `json:"isZeroEmissions"`
}

// UKBenefitEntertainment qualifies entertainment expenses.
type UKBenefitEntertainment struct {
	IsTradingOrganisation bool `json:"isTradingOrganisation"`
}

// UKBenefitLinkedEmployee is an employee receiving the benefit.
type UKBenefitLinkedEmployee struct {
	EmployeeID   int64  `json:"employeeId"`
	EmployeeName string `json:"employeeName"`
}

// UKBenefitCategory is a benefit in kind reported on P11D or payrolled
// (UkBenefitCategoryEditModel / UkBenefitCategoryReadModel). benefitType
// follows BenefitCategoryTypeEnum's order, so integer values map as the
// reference API's do.
type UKBenefitCategory struct {
	record.Base
	LinkedEmployees     []UKBenefitLinkedEmployee `json:"linkedEmployees" readOnly:"true"`
	Name                string                    `json:"name" maxLength:"100"`
	Year                *int                      `json:"year" doc:"tax year the category applies to, by its starting year (2025 = 2025/26)"`
	CarryBenefitForward bool                      `json:"carryBenefitForward" doc:"carry the benefit into following tax years"`
	BenefitType         string                    `json:"benefitType" enum:"None,PrivateMedicalTreatmentOrInsurance,CarsAndCarFuel,AssetsTransferred,PaymentsMadeOnBehalfOfTheEmployee,VouchersAndCreditCards,LivingAccommodation,MileageAllowancePaymentsNotTaxedAtSource,VansAndVanFuel,InterestFreeLoans,QualifyingRelocationExpenses,ServicesSupplied,AssetsPlacedAtTheEmployeesDisposal,OtherItemsNoNic,OtherItems1A,ExpensesPaymentsMadeOnBehalfOfTheEmployee"`
	NiTreatment         string                    `json:"niTreatment" enum:"Class1A,Class1,None" doc:"National Insurance on the benefit; default by benefitType"`
	AmountForegone      *payroll.Money            `json:"amountForegone" nullable:"true" doc:"salary given up for the benefit (optional remuneration arrangement)"`
	PayrollingBenefit   bool                      `json:"payrollingBenefit" doc:"taxed through payroll instead of reported on P11D"`
	Description         string                    `json:"description" maxLength:"500"`
	SubType             string                    `json:"subType" maxLength:"100"`
	Car                 *UKBenefitCar             `json:"car"`
	Van                 *UKBenefitVan             `json:"van"`
	Entertainment       *UKBenefitEntertainment   `json:"entertainment"`
}

func (b *UKBenefitCategory) RecordName() string { return b.Name }

// ukBenefitClass1 are the benefit types normally settled through Class 1
// NICs (cash-equivalent payments); ukBenefitNoNic carry no NIC.
var (
	ukBenefitClass1 = map[string]bool{"PaymentsMadeOnBehalfOfTheEmployee": true, "VouchersAndCreditCards": true}
	ukBenefitNoNic  = map[string]bool{"OtherItemsNoNic": true, "MileageAllowancePaymentsNotTaxedAtSource": true}
)

// Validate checks the category's own fields; the vehicle details belong to
// their benefit types only (others are dropped, so a type change needs no
// explicit clearing).
func (b *UKBenefitCategory) Validate(v *payroll.Validation) {
	b.Name = strings.TrimSpace(b.Name)
	v.Required("name", b.Name)
	v.MaxLen("name", b.Name, 100)
	v.MaxLen("description", b.Description, 500)
	v.MaxLen("subType", b.SubType, 100)
	b.LinkedEmployees = []UKBenefitLinkedEmployee{}
	if b.BenefitType == "" || b.BenefitType == "None" {
		v.Add("benefitType", "benefitType is required")
	}
	if b.NiTreatment == "" {
		switch {
		case ukBenefitClass1[b.BenefitType]:
			b.NiTreatment = "Class1"
		case ukBenefitNoNic[b.BenefitType]:
			b.NiTreatment = "None"
		default:
			b.NiTreatment = "Class1A"
		}
	}
	if b.Year != nil && (*b.Year < 2000 || *b.Year > 2100) {
		v.Add("year", "year must be a tax year's starting year, e.g. 2025 for 2025/26")
	}
	if b.AmountForegone != nil {
		UKMoney(v, "amountForegone", *b.AmountForegone)
	}
	if b.BenefitType != "CarsAndCarFuel" {
		b.Car = nil
	} else if b.Car == nil {
		v.Add("car", "car details are required for a CarsAndCarFuel benefit")
	} else {
		b.Car.validate(v)
	}
	if b.BenefitType != "VansAndVanFuel" {
		b.Van = nil
	} else if b.Van == nil {
		b.Van = &UKBenefitVan{}
	}
}

func (c *UKBenefitCar) validate(v *payroll.Validation) {
	c.RegistrationNumber = strings.ToUpper(strings.TrimSpace(c.RegistrationNumber))
	v.MaxLen("car.registrationNumber", c.RegistrationNumber, 10)
	v.Required("car.makeAndModel", c.MakeAndModel)
	v.MaxLen("car.makeAndModel", c.MakeAndModel, 100)
	if c.DateRegistered.IsZero() {
		v.Add("car.dateRegistered", "car.dateRegistered is required")
	}
	if c.FuelType == "" || c.FuelType == "None" {
		v.Add("car.fuelType", "car.fuelType is required")
	}
	if c.FuelType == "Electric" {
		zero := 0
		c.ApprovedCO2Emissions, c.NoApprovedCO2Figure = &zero, false
	}
	switch {
	case c.NoApprovedCO2Figure:
		c.ApprovedCO2Emissions = nil
		if c.EngineSize == "" || c.EngineSize == "None" {
			v.Add("car.engineSize", "car.engineSize is required when the car has no approved CO2 figure")
		}
	case c.ApprovedCO2Emissions == nil:
		v.Add("car.approvedCO2Emissions", "car.approvedCO2Emissions is required (or set noApprovedCO2Figure)")
	case *c.ApprovedCO2Emissions < 0 || *c.ApprovedCO2Emissions > 999:
		v.Add("car.approvedCO2Emissions", "car.approvedCO2Emissions must be between 0 and 999 g/km")
	case *c.ApprovedCO2Emissions >= 1 && *c.ApprovedCO2Emissions <= 50 && c.ZeroEmissionMileage == nil:
		v.Add("car.zeroEmissionMileage", "car.zeroEmissionMileage is required for cars emitting 1-50 g/km")
	}
	if c.ZeroEmissionMileage != nil && (*c.ZeroEmissionMileage < 0 || *c.ZeroEmissionMileage > 9999) {
		v.Add("car.zeroEmissionMileage", "car.zeroEmissionMileage must be between 0 and 9999 miles")
	}
}

// checkBenefitCategory applies the rules that need the database: a name is
// unique within its tax year, and the business must process benefits the
// way the category asks (payrolled or P11D).
func (uk *UKCollections) checkBenefitCategory(ctx context.Context, q *store.Queries, bizID int64, b *UKBenefitCategory) error {
	rows, err := q.ListRecordsByName(ctx, store.ListRecordsByNameParams{BusinessID: bizID, Kind: KindBenefitCategory, Lower: b.Name})
	if err != nil {
		return err
	}
	for _, r := range rows {
		other, err := uk.BenefitCategories.Decode(r)
		if err != nil {
			return err
		}
		if other.ID != b.ID && ukSameYear(other.Year, b.Year) {
			return payroll.Conflict("a benefit category named %q already exists for that tax year", b.Name)
		}
	}
	opts, err := uk.BenefitProcessing.GetInTx(ctx, q, business.Business{ID: bizID}, "")
	if err != nil {
		return err
	}
	if b.PayrollingBenefit && !opts.IsPayrollingBenefitsEnabled {
		return payroll.Invalid("payrollingBenefit", "payrolling benefits is not enabled for this business (benefitcategory/processingoptions)")
	}
	if !b.PayrollingBenefit && !opts.IsP11dBenefitsEnabled {
		return payroll.Invalid("payrollingBenefit", "P11D benefits are not enabled for this business: payroll the benefit or enable P11D (benefitcategory/processingoptions)")
	}
	return nil
}

func ukSameYear(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// UKBenefitProcessingOptions say how the business taxes benefits in kind
// (UkBenefitCategoriesProcessingOptions): on P11D, payrolled (registered
// with HMRC from a tax year), or both for different categories.
type UKBenefitProcessingOptions struct {
	RegisteredFromTaxYear         *int `json:"registeredFromTaxYear" doc:"tax year (starting year) the employer registered to payroll benefits from; see registeredfromtaxyearoptions"`
	IsP11dBenefitsEnabled         bool `json:"isP11dBenefitsEnabled"`
	IsPayrollingBenefitsEnabled   bool `json:"isPayrollingBenefitsEnabled"`
	IsInformallyPayrollingEnabled bool `json:"isInformallyPayrollingEnabled" doc:"benefits payrolled informally, without HMRC registration"`
}

func (o *UKBenefitProcessingOptions) validate(now time.Time, v *payroll.Validation) {
	if o.RegisteredFromTaxYear != nil {
		first, last := ukPayrollingYears(now)
		if *o.RegisteredFromTaxYear < first || *o.RegisteredFromTaxYear > last {
			v.Add("registeredFromTaxYear", "registeredFromTaxYear must be a tax year from %d (%s) to %d (%s)", first, UKTaxYearName(first), last, UKTaxYearName(last))
		}
	}
	if o.IsPayrollingBenefitsEnabled && o.RegisteredFromTaxYear == nil {
		v.Add("registeredFromTaxYear", "registeredFromTaxYear is required to payroll benefits")
	}
}

// ukPayrollingYears bounds the tax years payrolled benefits can be
// registered from: HMRC opened registration for 2016/17, and a business
// registers before a tax year starts, so the next one is the latest.
func ukPayrollingYears(now time.Time) (first, last int) { return 2016, UKTaxYearOf(now) + 1 }

// UKTaxYearOption is an item of GET B/benefitcategory/registeredfromtaxyearoptions
// (BenefitCategoryRegisteredFromTaxYearOption; text repeats name for it).
type UKTaxYearOption struct {
	Value int    `json:"value"`
	Name  string `json:"name"`
	Text  string `json:"text"`
}

// RegisteredFromTaxYearOptions lists the tax years a business can register
// payrolled benefits from, newest first.
func (uk *UKCollections) RegisteredFromTaxYearOptions(biz business.Business) ([]UKTaxYearOption, error) {
	if !record.RegionIn(UKRegion, biz.Region) {
		return nil, record.RegionError("benefit categories", UKRegion, biz)
	}
	first, last := ukPayrollingYears(uk.BenefitProcessing.S.Clock.Now())
	out := []UKTaxYearOption{}
	for y := last; y >= first; y-- {
		out = append(out, UKTaxYearOption{Value: y, Name: UKTaxYearName(y), Text: UKTaxYearName(y)})
	}
	return out, nil
}

// UpdateBenefitProcessing changes the processing options; turning a way of
// processing off while categories still use it is a conflict.
func (uk *UKCollections) UpdateBenefitProcessing(ctx context.Context, biz business.Business, change func(*UKBenefitProcessingOptions) error) (UKBenefitProcessingOptions, error) {
	return uk.BenefitProcessing.Update(ctx, biz, "", func(o *UKBenefitProcessingOptions) error {
		if err := change(o); err != nil {
			return err
		}
		cats, err := uk.BenefitCategories.List(ctx, biz, 0)
		if err != nil {
			return err
		}
		for _, c := range cats {
			if c.PayrollingBenefit && !o.IsPayrollingBenefitsEnabled {
				return payroll.Conflict("benefit category %q is payrolled: change it before turning payrolling benefits off", c.Name)
			}
			if !c.PayrollingBenefit && !o.IsP11dBenefitsEnabled {
				return payroll.Conflict("benefit category %q is reported on P11D: change it before turning P11D benefits off", c.Name)
			}
		}
		return nil
	})
}
