package categories

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// LeaveCategory is a kind of leave (annual, personal/carer's, holiday, ...)
// with its accrual settings (AuLeaveCategoryModel; the UK/NZ/SG/MY models
// are subsets of it, plus the UK leave category types).
//
// Accrual: units of unitType accrue per period — HoursPerHourWorked per
// hour of pay categories that accrue leave, HoursPerPayRun per pay run,
// Days/Weeks per leave year, StandardDays/StandardWeeks per year in the
// employee's standard days/weeks (pro rata for part-timers),
// DayPerCalendarDay and DayPerMonth as named. leaveAccrualRule.accrualType
// says whether that happens progressively (Ongoing) or as one grant per
// leave year (Yearly). Balances are kept in leaveUnitType.
type LeaveCategory struct {
	record.Base
	Name                                        string            `json:"name" maxLength:"100" required:"true"`
	ExternalID                                  string            `json:"externalId" maxLength:"50"`
	Source                                      string            `json:"source"`
	Units                                       payroll.Rate      `json:"units" doc:"amount accrued per unitType"`
	UnitType                                    string            `json:"unitType" enum:"Days,Weeks,HoursPerHourWorked,HoursPerPayRun,StandardDays,StandardWeeks,DayPerCalendarDay,DayPerMonth"`
	LeaveUnitType                               string            `json:"leaveUnitType" enum:"Hours,Days,Weeks" doc:"unit balances are kept in"`
	LeaveCategoryType                           string            `json:"leaveCategoryType" enum:"Standard,LongServiceLeave,PersonalCarersLeave,StatutorySickLeave,StatutoryMaternityLeave,StatutoryAdoptionLeave,StatutoryPaternityLeave,StatutoryParentalBereavementLeave,OccupationalSickLeave,PaidFamilyandDomesticViolenceLeave,EntitlementBasedLeave"`
	AutomaticallyAccrues                        bool              `json:"automaticallyAccrues"`
	IsPrivate                                   bool              `json:"isPrivate"`
	IsNamePrivate                               bool              `json:"isNamePrivate"`
	ExcludeFromTerminationPayout                bool              `json:"excludeFromTerminationPayout"`
	IsBalanceUntracked                          bool              `json:"isBalanceUntracked" doc:"no balance is kept (e.g. compassionate or unpaid leave)"`
	DeductFromPrimaryPayCategory                bool              `json:"deductFromPrimaryPayCategory" doc:"leave taken comes out of the employee's standard (primary pay category) hours or salary; false with no deductFromPayCategoryId: nothing is deducted, the salary continues and the leave's own pay category (if any) is paid in addition. A create that sends neither this nor deductFromPayCategoryId gets true (docs/reference/leave-deduction.md)"`
	DeductFromPayCategoryID                     *int64            `json:"deductFromPayCategoryId" doc:"leave taken comes out of the run's earnings lines of this pay category instead (nothing when the run has none)"`
	TransferToPayCategoryID                     *int64            `json:"transferToPayCategoryId" doc:"pay category leave taken is paid through"`
	TransferOnTerminationToPayCategoryID        *int64            `json:"transferOnTerminationToPayCategoryId" doc:"pay category an unused balance is paid out through on termination"`
	HideAccrualsOnPayslip                       bool              `json:"hideAccrualsOnPayslip"`
	UseDeductFromPayCategoryRate                bool              `json:"useDeductFromPayCategoryRate" doc:"with deductFromPayCategoryId: the leave is paid at that pay category's rate (the employee's hourly rate with its loading) instead of the hourly rate"`
	LeaveLoading                                payroll.Rate      `json:"leaveLoading" doc:"percentage paid on top of leave taken"`
	RolledUpHolidayPayPercent                   payroll.Rate      `json:"rolledUpHolidayPayPercent" doc:"UK irregular-hours and part-year workers (Working Time Regulations 1998 reg 16A, leave years from 1 April 2024): this percentage (12.07 for the statutory 5.6 weeks) of the period's pay for hours in pay categories that accrue leave is paid with it as rolled-up holiday pay, a separate line in transferToPayCategoryId (required); 0 = none"`
	ContingentPeriod                            *payroll.Rate     `json:"contingentPeriod" nullable:"true" doc:"years of service after which an accrued balance is payable on termination"`
	EntitlementPeriod                           *payroll.Rate     `json:"entitlementPeriod" nullable:"true" doc:"years of service after which the balance may be taken"`
	PayoutAsETP                                 bool              `json:"payoutAsETP"`
	AccruesFirstPayRunPerPeriodOnly             *bool             `json:"accruesFirstPayRunPerPeriodOnly"`
	PreventNegativeBalanceUnpaidLeaveCategoryID *int64            `json:"preventNegativeBalanceUnpaidLeaveCategoryId"`
	PayoutNegativeBalance                       bool              `json:"payoutNegativeBalance"`
	LeaveAccrualRule                            *LeaveAccrualRule `json:"leaveAccrualRule"`
	LeaveEntitlement                            *LeaveEntitlement `json:"leaveEntitlement"`
}

// LeaveAccrualRule caps and carries over a leave category's accruals.
type LeaveAccrualRule struct {
	ID                    int64        `json:"id" readOnly:"true"`
	LeaveYearOffsetAmount *int         `json:"leaveYearOffsetAmount"`
	CapType               string       `json:"capType" enum:"NotLimited,Limited"`
	UnitCap               payroll.Rate `json:"unitCap"`
	CarryOverBehaviour    string       `json:"carryOverBehaviour" enum:"CarryEntireAmount,CarryHours"`
	CarryOverAmount       payroll.Rate `json:"carryOverAmount"`
	AccrueInAdvance       bool         `json:"accrueInAdvance"`
	AccrualType           string       `json:"accrualType" enum:"Ongoing,Yearly,BasedOnLengthOfService"`
}

// LeaveEntitlement is an entitlement-based category's allowance: tiers by
// length of service, carry-over and forfeiture.
type LeaveEntitlement struct {
	ID                              int64                  `json:"id" readOnly:"true"`
	CarryOverType                   string                 `json:"carryOverType" enum:"None,Unlimited,UpTo"`
	CarryOverAmount                 payroll.Rate           `json:"carryOverAmount"`
	IsProRata                       bool                   `json:"isProRata"`
	LeaveBalanceType                string                 `json:"leaveBalanceType" enum:"None,Full,ProRata"`
	LeaveEntitlementTiers           []LeaveEntitlementTier `json:"leaveEntitlementTiers"`
	ForfeitureType                  string                 `json:"forfeitureType" enum:"None,Unlimited,UpTo"`
	ForfeitureAmount                payroll.Rate           `json:"forfeitureAmount"`
	ForfeitureMonthsStartAfter      int                    `json:"forfeitureMonthsStartAfter"`
	StandardAllowanceUnitTypeAmount payroll.Rate           `json:"standardAllowanceUnitTypeAmount"`
	StandardAllowanceUnitType       string                 `json:"standardAllowanceUnitType" enum:"Monthly,Yearly"`
}

// LeaveEntitlementTier is the allowance from a length of service on.
type LeaveEntitlementTier struct {
	ID                        int64        `json:"id"`
	AccrualStartAfter         int          `json:"accrualStartAfter"`
	AccrualStartAfterUnitType string       `json:"accrualStartAfterUnitType" enum:"Month,Year"`
	AccrualAmount             payroll.Rate `json:"accrualAmount"`
	AccrualUnitType           string       `json:"accrualUnitType" enum:"Monthly,Yearly"`
	IsDeleted                 bool         `json:"isDeleted"`
}

// leaveCategoryJSON is LeaveCategory without its UnmarshalJSON.
type leaveCategoryJSON LeaveCategory

// UnmarshalJSON decodes a leave category onto l (members the document
// omits keep their values: a PUT merges onto the stored record) and fills
// the deduction members the document leaves out
// (docs/reference/leave-deduction.md):
//   - a new category (l has no id yet: a create's body) that names neither
//     deductFromPrimaryPayCategory nor a deductFromPayCategoryId deducts
//     from the primary pay category, as KeyPay's own form does and as every
//     category created through this API did before the pay run honoured
//     the member (a body that sends false keeps false);
//   - a document that names a deductFromPayCategoryId and omits
//     deductFromPrimaryPayCategory deducts from that category only;
//   - one that sets deductFromPrimaryPayCategory true and omits
//     deductFromPayCategoryId drops the stored one.
//
// Stored records always hold both members, so reading them is unchanged.
func (l *LeaveCategory) UnmarshalJSON(data []byte) error {
	fresh := l.ID == 0
	if err := json.Unmarshal(data, (*leaveCategoryJSON)(l)); err != nil {
		return err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return nil // null: nothing given
	}
	has := func(name string) bool {
		for k := range members {
			if strings.EqualFold(k, name) { // member names are case-insensitive, as encoding/json matches them
				return true
			}
		}
		return false
	}
	primary, deductFrom := has("deductFromPrimaryPayCategory"), has("deductFromPayCategoryId")
	switch {
	case !primary && deductFrom && l.DeductFromPayCategoryID != nil:
		l.DeductFromPrimaryPayCategory = false
	case !primary && fresh && l.DeductFromPayCategoryID == nil:
		l.DeductFromPrimaryPayCategory = true
	case primary && l.DeductFromPrimaryPayCategory && !deductFrom:
		l.DeductFromPayCategoryID = nil
	}
	return nil
}

func (l *LeaveCategory) RecordName() string       { return l.Name }
func (l *LeaveCategory) RecordExternalID() string { return l.ExternalID }

// RequestExample is a valid create body (the OpenAPI example).
func (LeaveCategory) RequestExample() any {
	return map[string]any{"name": "Study leave", "unitType": "Days", "units": 5, "leaveUnitType": "Hours"}
}

// Validate checks the leave category's own fields and fills defaults.
func (l *LeaveCategory) Validate(v *payroll.Validation) {
	v.RequiredMembers(l)
	v.MaxLen("name", l.Name, 100)
	v.MaxLen("externalId", l.ExternalID, 50)
	l.UnitType = record.WithDefault(l.UnitType, "HoursPerHourWorked")
	l.LeaveUnitType = record.WithDefault(l.LeaveUnitType, "Hours")
	l.LeaveCategoryType = record.WithDefault(l.LeaveCategoryType, "Standard")
	if l.Units.IsNeg() {
		v.Add("units", "units must not be negative")
	}
	// More than an hour of leave per hour worked is always a typo.
	if l.UnitType == "HoursPerHourWorked" && l.Units.Cmp(payroll.RateFromInt(1)) > 0 {
		v.Add("units", "units must be at most 1 hour per hour worked")
	}
	if l.LeaveLoading.IsNeg() || l.LeaveLoading.Cmp(payroll.RateFromInt(100)) > 0 {
		v.Add("leaveLoading", "leaveLoading must be a percentage between 0 and 100")
	}
	if l.RolledUpHolidayPayPercent.IsNeg() || l.RolledUpHolidayPayPercent.Cmp(payroll.RateFromInt(100)) > 0 {
		v.Add("rolledUpHolidayPayPercent", "rolledUpHolidayPayPercent must be a percentage between 0 and 100")
	} else if l.RolledUpHolidayPayPercent.IsPos() && l.TransferToPayCategoryID == nil {
		v.Add("transferToPayCategoryId", "rolled-up holiday pay is paid as a separate line: transferToPayCategoryId names its pay category")
	}
	if l.ContingentPeriod != nil && l.ContingentPeriod.IsNeg() {
		v.Add("contingentPeriod", "contingentPeriod must not be negative")
	}
	if l.EntitlementPeriod != nil && l.EntitlementPeriod.IsNeg() {
		v.Add("entitlementPeriod", "entitlementPeriod must not be negative")
	}
	if l.ContingentPeriod != nil && l.EntitlementPeriod != nil && l.ContingentPeriod.Cmp(*l.EntitlementPeriod) > 0 {
		v.Add("contingentPeriod", "contingentPeriod must not be longer than entitlementPeriod")
	}
	if l.DeductFromPrimaryPayCategory && l.DeductFromPayCategoryID != nil {
		v.Add("deductFromPayCategoryId", "deductFromPayCategoryId cannot be set when deductFromPrimaryPayCategory is true")
	}
	if l.UseDeductFromPayCategoryRate && l.DeductFromPayCategoryID == nil && !l.DeductFromPrimaryPayCategory {
		v.Add("useDeductFromPayCategoryRate", "useDeductFromPayCategoryRate needs deductFromPayCategoryId or deductFromPrimaryPayCategory")
	}
	if p := l.PreventNegativeBalanceUnpaidLeaveCategoryID; p != nil && l.ID != 0 && *p == l.ID {
		v.Add("preventNegativeBalanceUnpaidLeaveCategoryId", "a leave category cannot be its own unpaid leave category")
	}
	if l.LeaveAccrualRule == nil {
		l.LeaveAccrualRule = &LeaveAccrualRule{}
	}
	r := l.LeaveAccrualRule
	r.CapType = record.WithDefault(r.CapType, "NotLimited")
	r.CarryOverBehaviour = record.WithDefault(r.CarryOverBehaviour, "CarryEntireAmount")
	r.AccrualType = record.WithDefault(r.AccrualType, "Ongoing")
	if r.CapType == "Limited" && !r.UnitCap.IsPos() {
		v.Add("leaveAccrualRule.unitCap", "unitCap must be positive when capType is Limited")
	}
	if r.UnitCap.IsNeg() {
		v.Add("leaveAccrualRule.unitCap", "unitCap must not be negative")
	}
	if r.CarryOverAmount.IsNeg() {
		v.Add("leaveAccrualRule.carryOverAmount", "carryOverAmount must not be negative")
	}
	if l.LeaveEntitlement == nil {
		l.LeaveEntitlement = &LeaveEntitlement{}
	}
	l.LeaveEntitlement.validate(v)
}

func (e *LeaveEntitlement) validate(v *payroll.Validation) {
	e.CarryOverType = record.WithDefault(e.CarryOverType, "None")
	e.ForfeitureType = record.WithDefault(e.ForfeitureType, "None")
	e.LeaveBalanceType = record.WithDefault(e.LeaveBalanceType, "None")
	e.StandardAllowanceUnitType = record.WithDefault(e.StandardAllowanceUnitType, "Yearly")
	if e.CarryOverAmount.IsNeg() || e.CarryOverType == "UpTo" && e.CarryOverAmount.IsZero() {
		v.Add("leaveEntitlement.carryOverAmount", "carryOverAmount must be positive when carryOverType is UpTo")
	}
	if e.ForfeitureAmount.IsNeg() || e.ForfeitureType == "UpTo" && e.ForfeitureAmount.IsZero() {
		v.Add("leaveEntitlement.forfeitureAmount", "forfeitureAmount must be positive when forfeitureType is UpTo")
	}
	if e.ForfeitureMonthsStartAfter < 0 {
		v.Add("leaveEntitlement.forfeitureMonthsStartAfter", "forfeitureMonthsStartAfter must not be negative")
	}
	if e.StandardAllowanceUnitTypeAmount.IsNeg() {
		v.Add("leaveEntitlement.standardAllowanceUnitTypeAmount", "standardAllowanceUnitTypeAmount must not be negative")
	}
	if e.LeaveEntitlementTiers == nil {
		e.LeaveEntitlementTiers = []LeaveEntitlementTier{}
	}
	// Tiers have no records of their own: number new ones after the
	// highest id so clients can refer to them in later updates.
	var next int64
	for _, t := range e.LeaveEntitlementTiers {
		next = max(next, t.ID)
	}
	for i := range e.LeaveEntitlementTiers {
		t := &e.LeaveEntitlementTiers[i]
		if t.ID == 0 {
			next++
			t.ID = next
		}
		t.AccrualStartAfterUnitType = record.WithDefault(t.AccrualStartAfterUnitType, "Year")
		t.AccrualUnitType = record.WithDefault(t.AccrualUnitType, "Yearly")
		if t.AccrualStartAfter < 0 {
			v.Add("leaveEntitlement.leaveEntitlementTiers", "tier %d: accrualStartAfter must not be negative", i+1)
		}
		if t.AccrualAmount.IsNeg() {
			v.Add("leaveEntitlement.leaveEntitlementTiers", "tier %d: accrualAmount must not be negative", i+1)
		}
	}
}

// leaveTypesByRegion are the leaveCategoryType values each region's
// clients know (the AU and UK models enumerate them; the others take any).
var leaveTypesByRegion = map[string][]string{
	"AU": {"Standard", "LongServiceLeave", "PersonalCarersLeave"},
	"UK": {"Standard", "LongServiceLeave", "StatutorySickLeave", "StatutoryMaternityLeave", "PersonalCarersLeave", "StatutoryAdoptionLeave",
		"StatutoryPaternityLeave", "StatutoryParentalBereavementLeave", "OccupationalSickLeave", "PaidFamilyandDomesticViolenceLeave", "EntitlementBasedLeave"},
}

// checkLeaveCategory keeps a category's type to those its region knows,
// and useDeductFromPayCategoryRate to a deductFromPayCategoryId paid by
// the hour (checkDeductRateHourly).
func checkLeaveCategory(ctx context.Context, q *store.Queries, bizID int64, l *LeaveCategory) error {
	region, err := BusinessRegion(ctx, q, bizID)
	if err != nil {
		return err
	}
	if types, ok := leaveTypesByRegion[region]; ok {
		if _, known := record.Canonical(types, l.LeaveCategoryType); !known {
			return payroll.Invalid("leaveCategoryType", "leaveCategoryType must be one of %s for a business in %s", strings.Join(types, ", "), region)
		}
	}
	return checkDeductRateHourly(ctx, q, bizID, l)
}

// checkDeductRateHourly refuses useDeductFromPayCategoryRate with a
// deductFromPayCategoryId whose pay category is not paid by the hour
// (rateUnit Annually, Weekly, Monthly, Daily or Fixed): the pay run pays
// each hour of leave at that category's rate for the employee, their
// hourly rate with the category's loading, which a salary, a day rate or a
// fixed amount is not (docs/reference/leave-deduction.md). The reference
// exists (CheckRefs ran before).
func checkDeductRateHourly(ctx context.Context, q *store.Queries, bizID int64, l *LeaveCategory) error {
	if !l.UseDeductFromPayCategoryRate || l.DeductFromPayCategoryID == nil {
		return nil
	}
	r, err := q.GetRecord(ctx, store.GetRecordParams{ID: *l.DeductFromPayCategoryID, BusinessID: bizID, Kind: record.KindPayCategory})
	if err != nil {
		return err
	}
	var pc struct {
		Name     string `json:"name"`
		RateUnit string `json:"rateUnit"`
	}
	if err := json.Unmarshal([]byte(r.Data), &pc); err != nil {
		return err
	}
	if !PayCategoryHourly(pc.RateUnit) {
		return payroll.Invalid("useDeductFromPayCategoryRate", "useDeductFromPayCategoryRate pays each hour of leave at the rate of pay category %q "+
			"(deductFromPayCategoryId %d), whose rateUnit is %s, not Hourly: its rate is not an hourly rate. Name an hourly pay category, "+
			"or set useDeductFromPayCategoryRate false to pay the leave at the employee's hourly rate", pc.Name, r.ID, pc.RateUnit)
	}
	return nil
}

// PayCategoryHourly says whether a pay category's rateUnit pays by the
// hour (unset is Hourly, PayCategory.Validate's default): the one reading,
// for this check and for the pay run (pay.Category.Hourly).
func PayCategoryHourly(rateUnit string) bool {
	return rateUnit == "" || strings.EqualFold(rateUnit, "Hourly")
}

// References names the pay categories leave is deducted from and paid
// through, and the unpaid leave category.
func (l *LeaveCategory) References() []record.Ref {
	return []record.Ref{
		{Field: "deductFromPayCategoryId", Kind: record.KindPayCategory, ID: record.Deref(l.DeductFromPayCategoryID)},
		{Field: "transferToPayCategoryId", Kind: record.KindPayCategory, ID: record.Deref(l.TransferToPayCategoryID)},
		{Field: "transferOnTerminationToPayCategoryId", Kind: record.KindPayCategory, ID: record.Deref(l.TransferOnTerminationToPayCategoryID)},
		{Field: "preventNegativeBalanceUnpaidLeaveCategoryId", Kind: record.KindLeaveCategory, ID: record.Deref(l.PreventNegativeBalanceUnpaidLeaveCategoryID)},
	}
}

// decorateLeaveCategories gives the nested rule and entitlement the id of
// their category (they are stored inside it, not as records).
func decorateLeaveCategories(items []LeaveCategory) {
	for i := range items {
		if r := items[i].LeaveAccrualRule; r != nil {
			r.ID = items[i].ID
		}
		if e := items[i].LeaveEntitlement; e != nil {
			e.ID = items[i].ID
		}
	}
}
