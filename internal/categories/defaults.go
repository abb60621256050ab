package categories

import (
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Default data a new business gets (SetupDefaults). Figures follow
// shared/reference/payroll-rules.md where it speaks and the statutory
// minimums of each country otherwise; awards, agreements and contracts
// vary them, so every record stays editable.

// defaultSet is one region's default records. Pay categories name their
// parent and leave categories the pay category they are paid through by
// name, because ids exist only once created (in order).
type defaultSet struct {
	payCategories       []defaultPayCategory
	leaveCategories     []defaultLeaveCategory
	deductionCategories []DeductionCategory
	employingEntity     *EmployingEntity
}

type defaultPayCategory struct {
	parent string
	model  PayCategory
}

type defaultLeaveCategory struct {
	paidThrough string
	paidOutOn   string // the pay category an unused balance is paid out through on termination ("" = none set)
	leave       LeaveCategory
}

// auSuperRate is the superannuation guarantee rate from 1 July 2025
// (payroll-rules.md §1.6), the default for ordinary-time earnings.
var auSuperRate = payroll.RateFromInt(12)

// Hours of leave per hour of ordinary hours (AU, 38-hour weeks, 52 weeks):
// 4 weeks annual leave = 152 h / 1976 h; 10 days personal/carer's leave =
// 2 weeks = 1/26 (payroll-rules.md §1.7); long service leave 8 2/3 weeks
// per 10 years (NSW/VIC style; state laws differ) = 1/60.
var (
	auAnnualLeavePerHour   = payroll.MustRate("0.076923")
	auPersonalLeavePerHour = payroll.MustRate("0.038462")
	auLongServicePerHour   = payroll.MustRate("0.016667")
)

// primary is the base earnings category of a region.
func primary(name, rateUnit string, superRate payroll.Rate) defaultPayCategory {
	return defaultPayCategory{model: PayCategory{Name: name, RateUnit: rateUnit, IsPrimary: true, AccruesLeave: true, DefaultSuperRate: superRate}}
}

// derived is paid at the parent's rate plus loading percent. class is the
// AU STP classification ("" = Default).
func derived(name, parent, rateUnit string, loading payroll.Rate, accruesLeave bool, superRate payroll.Rate, class string) defaultPayCategory {
	return defaultPayCategory{parent: parent, model: PayCategory{Name: name, RateUnit: rateUnit, RateLoadingPercent: loading,
		AccruesLeave: accruesLeave, DefaultSuperRate: superRate, PaymentSummaryClassification: class}}
}

// accrued is a leave category with a balance that accrues units of
// unitType; paid leave is paid through paidThrough (a pay category) and,
// for salaried employees, replaces primary pay category hours.
func accrued(name, paidThrough string, units payroll.Rate, unitType, balanceUnit, catType, accrualType string) defaultLeaveCategory {
	return defaultLeaveCategory{paidThrough: paidThrough, leave: LeaveCategory{Name: name, Units: units, UnitType: unitType,
		LeaveUnitType: balanceUnit, LeaveCategoryType: catType, AutomaticallyAccrues: units.IsPos(), DeductFromPrimaryPayCategory: true,
		LeaveAccrualRule: &LeaveAccrualRule{AccrualType: accrualType}}}
}

// untracked is leave taken without a balance (compassionate, statutory
// family leave, unpaid leave): it is never paid out on termination.
func untracked(name, paidThrough, balanceUnit, catType string) defaultLeaveCategory {
	return defaultLeaveCategory{paidThrough: paidThrough, leave: LeaveCategory{Name: name, IsBalanceUntracked: true, UnitType: "Days",
		LeaveUnitType: balanceUnit, LeaveCategoryType: catType, ExcludeFromTerminationPayout: true, DeductFromPrimaryPayCategory: true}}
}

// tiers builds yearly entitlement tiers: amounts[i] per year from
// starts[i] units of service on.
func tiers(startUnit string, starts []int, amounts []payroll.Rate) *LeaveEntitlement {
	e := &LeaveEntitlement{IsProRata: true, LeaveBalanceType: "ProRata", StandardAllowanceUnitType: "Yearly", StandardAllowanceUnitTypeAmount: amounts[0]}
	for i := range starts {
		e.LeaveEntitlementTiers = append(e.LeaveEntitlementTiers, LeaveEntitlementTier{AccrualStartAfter: starts[i],
			AccrualStartAfterUnitType: startUnit, AccrualAmount: amounts[i], AccrualUnitType: "Yearly"})
	}
	return e
}

// lumpSum is an AU pay category paid as an amount (not by the hour) of a
// type and STP classification, without leave accrual.
func lumpSum(name, typ, class string, superRate payroll.Rate, taxExempt bool) defaultPayCategory {
	return defaultPayCategory{model: PayCategory{Name: name, RateUnit: "Fixed", PayCategoryType: typ, PaymentSummaryClassification: class,
		DefaultSuperRate: superRate, IsTaxExempt: taxExempt}}
}

func (d defaultLeaveCategory) paidOut(payCategory string) defaultLeaveCategory {
	d.paidOutOn = payCategory
	return d
}

func (d defaultLeaveCategory) with(f func(l *LeaveCategory)) defaultLeaveCategory {
	f(&d.leave)
	return d
}

func defaultsFor(biz business.Business) defaultSet {
	var s defaultSet
	switch biz.Region {
	case "UK":
		s = ukDefaults()
	case "NZ":
		s = nzDefaults()
	case "SG":
		s = sgDefaults()
	case "MY":
		s = myDefaults()
	default:
		s = auDefaults()
	}
	if s.deductionCategories == nil {
		s.deductionCategories = []DeductionCategory{
			{Name: "Post-Tax Deduction"},
			{Name: "Pre-Tax Deduction", TaxExempt: true},
		}
	}
	s.employingEntity = defaultEmployingEntity(biz)
	return s
}

func auDefaults() defaultSet {
	const ord = "Ordinary Hours"
	const unusedLeave = "Unused Leave on Termination"
	zero := payroll.RateFromInt(0)
	return defaultSet{
		payCategories: []defaultPayCategory{
			primary(ord, "Hourly", auSuperRate),
			// Overtime is not ordinary time earnings (SGR 2009/2): no super
			// guarantee (its Overtime classification makes it overtime).
			derived("Overtime 1.5x", ord, "Hourly", payroll.RateFromInt(50), false, zero, "Overtime"),
			derived("Overtime 2x", ord, "Hourly", payroll.RateFromInt(100), false, zero, "Overtime"),
			// Penalty rates for ordinary hours are ordinary-time earnings;
			// 250% is the public holiday rate most modern awards set.
			derived("Public Holiday Worked", ord, "Hourly", payroll.RateFromInt(150), true, auSuperRate, ""),
			derived("Public Holiday Not Worked", ord, "Hourly", payroll.RateFromInt(0), true, auSuperRate, ""),
			derived("Annual Leave Taken", ord, "Hourly", payroll.RateFromInt(0), true, auSuperRate, ""),
			derived("Personal/Carer's Leave Taken", ord, "Hourly", payroll.RateFromInt(0), true, auSuperRate, ""),
			derived("Long Service Leave Taken", ord, "Hourly", payroll.RateFromInt(0), true, auSuperRate, ""),
			derived("Compassionate Leave Taken", ord, "Hourly", payroll.RateFromInt(0), true, auSuperRate, ""),
			derived("Family and Domestic Violence Leave Taken", ord, "Hourly", payroll.RateFromInt(0), true, auSuperRate, ""),
			// Paid with leave that has a loading (17.5% under most awards):
			// ordinary time earnings (SGR 2009/2).
			lumpSum("Leave Loading", "LeaveLoading", "", auSuperRate, false),
			// Additional payments withheld on by Schedule 5 (Method A).
			lumpSum("Back Pay", "BackPayment", "", auSuperRate, false),
			lumpSum("Bonus", "Standard", "Bonus", auSuperRate, false),
			lumpSum("Commission", "Standard", "GrossCommission", auSuperRate, false),
			// What a termination pays: unused leave (Schedule 7; Lump Sum A
			// for genuine redundancy and invalidity) and ETPs (Schedule 11),
			// none of it ordinary time earnings but the payment in lieu of
			// notice: an ETP (code O) for withholding, OTE for the super
			// guarantee (SGR 2009/2; ATO edited advice 1012633408634), so a
			// superable ETP type (docs/reference/au-pay-rules.md §4). Only
			// new businesses get it; existing ones keep the type they have.
			lumpSum(unusedLeave, "UnusedLeavePaymentNormalTermination", "LeaveUnusedLeaveOnTermination", zero, false),
			lumpSum("Unused Leave Loading on Termination", "NormalTerminationLeaveLoading", "LeaveUnusedLeaveOnTermination", zero, false),
			lumpSum("Genuine Redundancy Leave Payment", "GenuineRedundancyLeavePayment", "LumpSumATypeR", zero, false),
			lumpSum("Genuine Redundancy Leave Loading", "GenuineRedundancyLeaveLoading", "LumpSumATypeR", zero, false),
			lumpSum("Unused Leave Paid as ETP", "EtpTypeOUnusedLeavePayment", "", zero, false),
			lumpSum("Payment in Lieu of Notice (ETP)", "EtpSuperableTypeOTaxable", "", auSuperRate, false),
			lumpSum("Redundancy Payment (ETP)", "EtpTypeRTaxable", "", zero, false),
			lumpSum("Genuine Redundancy Tax-Free Amount (Lump Sum D)", "EtpLumpSumD", "LumpSumD", zero, true),
		},
		leaveCategories: []defaultLeaveCategory{
			accrued("Annual Leave", "Annual Leave Taken", auAnnualLeavePerHour, "HoursPerHourWorked", "Hours", "Standard", "Ongoing").paidOut(unusedLeave),
			accrued("Personal/Carer's Leave", "Personal/Carer's Leave Taken", auPersonalLeavePerHour, "HoursPerHourWorked", "Hours", "PersonalCarersLeave", "Ongoing").
				with(func(l *LeaveCategory) { l.ExcludeFromTerminationPayout = true }),
			accrued("Long Service Leave", "Long Service Leave Taken", auLongServicePerHour, "HoursPerHourWorked", "Hours", "LongServiceLeave", "Ongoing").
				with(func(l *LeaveCategory) {
					// Payable on every termination from 10 years, the
					// service after which every state's Act pays it
					// whatever the reason; short of that the state's own
					// rule decides (pay.AULSLOnTermination,
					// docs/reference/au-lsl-on-termination.md). Until
					// paydepth30 the default was 7, which paid a NSW
					// resignation at 8 years that the NSW Act s 4(2)(a)(iii)
					// does not.
					l.ContingentPeriod, l.EntitlementPeriod = ptr(payroll.RateFromInt(10)), ptr(payroll.RateFromInt(10))
				}).paidOut(unusedLeave),
			untracked("Compassionate Leave", "Compassionate Leave Taken", "Hours", "Standard"),
			untracked("Family and Domestic Violence Leave", "Family and Domestic Violence Leave Taken", "Hours", "Standard"),
			untracked("Unpaid Leave", "", "Hours", "Standard"),
		},
		deductionCategories: []DeductionCategory{
			{Name: "Post-Tax Deduction"},
			{Name: "Salary Sacrifice (Superannuation)", TaxExempt: true, IsResc: true, PaymentSummaryClassification: "SalarySacrificeSuperannuation"},
			{Name: "Salary Sacrifice (Other Benefits)", TaxExempt: true, PaymentSummaryClassification: "SalarySacrificeOtherEmployeeBenefits"},
			{Name: "Union Fees", PaymentSummaryClassification: "UnionOrProfessionalAssociationFees"},
			// Workplace giving comes out of pre-tax pay (withholding is reduced).
			{Name: "Workplace Giving", TaxExempt: true, PaymentSummaryClassification: "WorkplaceGiving"},
			{Name: "Child Support Deduction", PaymentSummaryClassification: "ChildSupportDeduction"},
			{Name: "Child Support Garnishee", PaymentSummaryClassification: "ChildSupportGarnishee"},
		},
	}
}

func ukDefaults() defaultSet {
	const basic = "Basic Pay"
	return defaultSet{
		payCategories: []defaultPayCategory{
			primary(basic, "Hourly", payroll.RateFromInt(0)),
			derived("Overtime 1.5x", basic, "Hourly", payroll.RateFromInt(50), false, payroll.RateFromInt(0), ""),
			derived("Overtime 2x", basic, "Hourly", payroll.RateFromInt(100), false, payroll.RateFromInt(0), ""),
			derived("Holiday Pay", basic, "Hourly", payroll.RateFromInt(0), false, payroll.RateFromInt(0), ""),
			{model: PayCategory{Name: "Bonus", RateUnit: "Fixed"}},
		},
		leaveCategories: []defaultLeaveCategory{
			// 5.6 weeks a year (28 days for a five-day week, pro rata).
			accrued("Holiday", "Holiday Pay", payroll.MustRate("5.6"), "StandardWeeks", "Days", "Standard", "Ongoing"),
			// Irregular-hours and part-year workers: 12.07% of hours worked
			// (payroll-rules.md §2.7).
			accrued("Holiday (Irregular Hours)", "Holiday Pay", payroll.MustRate("0.1207"), "HoursPerHourWorked", "Hours", "Standard", "Ongoing"),
			// Statutory pay for these is computed by the statutory leave area.
			untracked("Statutory Sick Leave", "", "Days", "StatutorySickLeave"),
			untracked("Statutory Maternity Leave", "", "Days", "StatutoryMaternityLeave"),
			untracked("Statutory Paternity Leave", "", "Days", "StatutoryPaternityLeave"),
			untracked("Statutory Adoption Leave", "", "Days", "StatutoryAdoptionLeave"),
			untracked("Statutory Parental Bereavement Leave", "", "Days", "StatutoryParentalBereavementLeave"),
			untracked("Unpaid Leave", "", "Days", "Standard"),
		},
	}
}

func nzDefaults() defaultSet {
	const ord = "Ordinary Hours"
	return defaultSet{
		payCategories: []defaultPayCategory{
			primary(ord, "Hourly", payroll.RateFromInt(0)),
			derived("Overtime 1.5x", ord, "Hourly", payroll.RateFromInt(50), false, payroll.RateFromInt(0), ""),
			derived("Overtime 2x", ord, "Hourly", payroll.RateFromInt(100), false, payroll.RateFromInt(0), ""),
			// Holidays Act 2003: at least time and a half for work on a
			// public holiday (plus an alternative holiday).
			derived("Public Holiday Worked", ord, "Hourly", payroll.RateFromInt(50), false, payroll.RateFromInt(0), ""),
			derived("Public Holiday Not Worked", ord, "Hourly", payroll.RateFromInt(0), false, payroll.RateFromInt(0), ""),
			derived("Annual Leave Pay", ord, "Hourly", payroll.RateFromInt(0), false, payroll.RateFromInt(0), ""),
			derived("Sick Leave Pay", ord, "Hourly", payroll.RateFromInt(0), false, payroll.RateFromInt(0), ""),
			derived("Bereavement Leave Pay", ord, "Hourly", payroll.RateFromInt(0), false, payroll.RateFromInt(0), ""),
			derived("Family Violence Leave Pay", ord, "Hourly", payroll.RateFromInt(0), false, payroll.RateFromInt(0), ""),
			derived("Alternative Holiday Pay", ord, "Hourly", payroll.RateFromInt(0), false, payroll.RateFromInt(0), ""),
		},
		leaveCategories: []defaultLeaveCategory{
			// Four weeks on each anniversary of employment.
			accrued("Annual Leave", "Annual Leave Pay", payroll.RateFromInt(4), "StandardWeeks", "Days", "Standard", "Yearly"),
			// Ten days a year after six months, balance capped at 20 days.
			accrued("Sick Leave", "Sick Leave Pay", payroll.RateFromInt(10), "Days", "Days", "Standard", "Yearly").
				with(func(l *LeaveCategory) {
					l.ExcludeFromTerminationPayout = true
					l.LeaveAccrualRule.CapType, l.LeaveAccrualRule.UnitCap = "Limited", payroll.RateFromInt(20)
				}),
			accrued("Family Violence Leave", "Family Violence Leave Pay", payroll.RateFromInt(10), "Days", "Days", "Standard", "Yearly").
				with(func(l *LeaveCategory) { l.ExcludeFromTerminationPayout = true }),
			// Earned by working a public holiday; added by hand or by the
			// pay run, so it does not accrue.
			accrued("Alternative Holiday", "Alternative Holiday Pay", payroll.RateFromInt(0), "Days", "Days", "Standard", "Ongoing"),
			untracked("Bereavement Leave", "Bereavement Leave Pay", "Days", "Standard"),
			untracked("Unpaid Leave", "", "Days", "Standard"),
		},
	}
}

func sgDefaults() defaultSet {
	const basic = "Basic Pay"
	return defaultSet{
		payCategories: []defaultPayCategory{
			primary(basic, "Monthly", payroll.RateFromInt(0)),
			derived("Overtime 1.5x", basic, "Hourly", payroll.RateFromInt(50), false, payroll.RateFromInt(0), ""),
			// Employment Act: an extra day's pay at the basic rate for work
			// on a public holiday.
			derived("Public Holiday Worked", basic, "Daily", payroll.RateFromInt(0), false, payroll.RateFromInt(0), ""),
		},
		// Monthly-rated: paid leave continues the salary, so these are not
		// paid through a separate pay category.
		leaveCategories: []defaultLeaveCategory{
			// 7 days in the first year, one more per year of service up to 14.
			accrued("Annual Leave", "", payroll.RateFromInt(7), "Days", "Days", "Standard", "Ongoing").
				with(func(l *LeaveCategory) {
					l.DeductFromPrimaryPayCategory = false
					l.LeaveEntitlement = tiers("Year", []int{0, 1, 2, 3, 4, 5, 6, 7}, []payroll.Rate{payroll.RateFromInt(7), payroll.RateFromInt(8), payroll.RateFromInt(9), payroll.RateFromInt(10), payroll.RateFromInt(11), payroll.RateFromInt(12), payroll.RateFromInt(13), payroll.RateFromInt(14)})
				}),
			// After 3 months: 5, 8, 11, then 14 days from 6 months.
			accrued("Sick Leave (Outpatient)", "", payroll.RateFromInt(14), "Days", "Days", "Standard", "Yearly").
				with(func(l *LeaveCategory) {
					l.DeductFromPrimaryPayCategory, l.ExcludeFromTerminationPayout = false, true
					l.LeaveEntitlement = tiers("Month", []int{3, 4, 5, 6}, []payroll.Rate{payroll.RateFromInt(5), payroll.RateFromInt(8), payroll.RateFromInt(11), payroll.RateFromInt(14)})
				}),
			// 60 days a year including outpatient sick leave: 15, 30, 45, 60.
			accrued("Hospitalisation Leave", "", payroll.RateFromInt(60), "Days", "Days", "Standard", "Yearly").
				with(func(l *LeaveCategory) {
					l.DeductFromPrimaryPayCategory, l.ExcludeFromTerminationPayout = false, true
					l.LeaveEntitlement = tiers("Month", []int{3, 4, 5, 6}, []payroll.Rate{payroll.RateFromInt(15), payroll.RateFromInt(30), payroll.RateFromInt(45), payroll.RateFromInt(60)})
				}),
			accrued("Childcare Leave", "", payroll.RateFromInt(6), "Days", "Days", "Standard", "Yearly").
				with(func(l *LeaveCategory) { l.DeductFromPrimaryPayCategory, l.ExcludeFromTerminationPayout = false, true }),
			untracked("Maternity Leave", "", "Days", "Standard").with(salaryContinues),
			untracked("Paternity Leave", "", "Days", "Standard").with(salaryContinues),
			untracked("Unpaid Leave", "", "Days", "Standard"),
		},
	}
}

func myDefaults() defaultSet {
	const basic = "Basic Pay"
	return defaultSet{
		payCategories: []defaultPayCategory{
			primary(basic, "Monthly", payroll.RateFromInt(0)),
			// Employment Act 1955: 1.5x on normal days, 2x on rest days, 3x
			// on public holidays for overtime; two days' wages for working a
			// public holiday.
			derived("Overtime 1.5x (Normal Day)", basic, "Hourly", payroll.RateFromInt(50), false, payroll.RateFromInt(0), ""),
			derived("Overtime 2x (Rest Day)", basic, "Hourly", payroll.RateFromInt(100), false, payroll.RateFromInt(0), ""),
			derived("Overtime 3x (Public Holiday)", basic, "Hourly", payroll.RateFromInt(200), false, payroll.RateFromInt(0), ""),
			derived("Public Holiday Worked", basic, "Daily", payroll.RateFromInt(100), false, payroll.RateFromInt(0), ""),
		},
		leaveCategories: []defaultLeaveCategory{
			// 8 days under 2 years of service, 12 under 5, then 16.
			accrued("Annual Leave", "", payroll.RateFromInt(8), "Days", "Days", "Standard", "Ongoing").
				with(func(l *LeaveCategory) {
					l.DeductFromPrimaryPayCategory = false
					l.LeaveEntitlement = tiers("Year", []int{0, 2, 5}, []payroll.Rate{payroll.RateFromInt(8), payroll.RateFromInt(12), payroll.RateFromInt(16)})
				}),
			// 14, 18, then 22 days; hospitalisation up to 60 days.
			accrued("Sick Leave", "", payroll.RateFromInt(14), "Days", "Days", "Standard", "Yearly").
				with(func(l *LeaveCategory) {
					l.DeductFromPrimaryPayCategory, l.ExcludeFromTerminationPayout = false, true
					l.LeaveEntitlement = tiers("Year", []int{0, 2, 5}, []payroll.Rate{payroll.RateFromInt(14), payroll.RateFromInt(18), payroll.RateFromInt(22)})
				}),
			accrued("Hospitalisation Leave", "", payroll.RateFromInt(60), "Days", "Days", "Standard", "Yearly").
				with(func(l *LeaveCategory) { l.DeductFromPrimaryPayCategory, l.ExcludeFromTerminationPayout = false, true }),
			untracked("Maternity Leave", "", "Days", "Standard").with(salaryContinues),
			untracked("Paternity Leave", "", "Days", "Standard").with(salaryContinues),
			untracked("Unpaid Leave", "", "Days", "Standard"),
		},
	}
}

// salaryContinues marks paid leave of monthly-rated employees: the salary
// is not reduced.
func salaryContinues(l *LeaveCategory) { l.DeductFromPrimaryPayCategory = false }

// defaultEmployingEntity is the business itself as the employer, from its
// details; members that would not pass validation are left for the user.
func defaultEmployingEntity(biz business.Business) *EmployingEntity {
	d := biz.Details
	e := &EmployingEntity{Name: strings.TrimSpace(d.LegalName), AddressLine1: d.AddressLine1, AddressLine2: d.AddressLine2,
		Suburb: d.Suburb, Postcode: d.PostCode, ContactName: d.ContactName, ContactPhoneNumber: d.ContactPhoneNumber,
		ContactFaxNumber: d.ContactFaxNumber, ForeignEntityCountry: d.ForeignEntityCountry}
	if e.Name == "" {
		e.Name = biz.Name
	}
	if e.Suburb == "" {
		e.Suburb = d.City
	}
	if payroll.ValidEmail(d.ContactEmailAddress) {
		e.ContactEmailAddress = d.ContactEmailAddress
	}
	if d.IsForeignEntity && d.ForeignEntityCountry != "" {
		e.IsForeignEntity = ptr(true)
	}
	if biz.Region == "AU" {
		if s, ok := record.Canonical(auStates, d.State); ok {
			e.State = s
		}
		if d.ABN != "" && payroll.ValidABN(d.ABN) {
			e.ABN = d.ABN
		}
	} else {
		e.State = d.State
	}
	return e
}

func ptr[T any](v T) *T { return &v }
