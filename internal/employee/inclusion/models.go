package inclusion

import (
	"strings"

	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Enumerations of the wire models.
var (
	DeductionTypes  = []string{"NotSet", "Fixed", "PercentageGross", "PercentageOTE", "PercentageStudentLoan", "PercentageNet", "Tiered", "Custom", "PercentageSuperannuation"}
	PaidTo          = []string{"Manual", "BankAccount", "SuperFund", "Bpay", "PensionScheme", "TaxOffice", "CPFB"}
	Preserved       = []string{"Never", "Amount", "Percentage"}
	PreservedAction = []string{"DoNotPay", "PayToLimit"}
	LiabilityTypes  = []string{"Fixed", "PercentageGross", "PercentageOTE", "PercentageSuperannuation"}
)

// Recurring are the members every kind has.
type Recurring struct {
	ID                int64            `json:"id"`
	EmployeeID        int64            `json:"employeeId"`
	Amount            payroll.Money    `json:"amount" example:"50"`
	ExpiryDate        payroll.DateTime `json:"expiryDate" nullable:"true"`
	MaximumAmountPaid *payroll.Money   `json:"maximumAmountPaid" nullable:"true"`
	TotalAmountPaid   payroll.Money    `json:"totalAmountPaid" readOnly:"true"`
	IsActive          bool             `json:"isActive" readOnly:"true"`
	Notes             string           `json:"notes" maxLength:"4000"`
}

func (c *Recurring) item(v *payroll.Validation, it *Item, percent bool) {
	if emprec.Money(v, "amount", c.Amount, false) && percent && payroll.MoneyFromInt(100).Less(c.Amount) {
		v.Add("amount", "amount is a percentage here and must be at most 100")
	}
	if c.MaximumAmountPaid != nil {
		if emprec.Money(v, "maximumAmountPaid", *c.MaximumAmountPaid, false) && !c.MaximumAmountPaid.IsPos() {
			v.Add("maximumAmountPaid", "maximumAmountPaid must be more than zero (omit it for no maximum)")
		}
	}
	v.MaxLen("notes", c.Notes, 4000)
	it.Amount, it.ExpiryDate, it.MaximumAmountPaid, it.Notes = c.Amount, c.ExpiryDate, c.MaximumAmountPaid, c.Notes
}

func recurringOf(it Item, active bool) Recurring {
	return Recurring{ID: it.ID, EmployeeID: it.EmployeeID, Amount: it.Amount, ExpiryDate: it.ExpiryDate, MaximumAmountPaid: it.MaximumAmountPaid,
		TotalAmountPaid: it.TotalAmountPaid, IsActive: active, Notes: it.Notes}
}

func required(v *payroll.Validation, field string, id int64) {
	if id <= 0 {
		v.Add(field, "%s is required", field)
	}
}

func isPercentType(t string) bool { return strings.HasPrefix(t, "Percentage") }

// Deduction is AuEmployeeRecurringDeductionModel.
type Deduction struct {
	Recurring
	Name                                    string           `json:"name" maxLength:"100"`
	DeductionCategoryID                     int64            `json:"deductionCategoryId" required:"true" example:"12"`
	DeductionType                           string           `json:"deductionType" enum:"NotSet,Fixed,PercentageGross,PercentageOTE,PercentageStudentLoan,PercentageNet,Tiered,Custom,PercentageSuperannuation"`
	PaidTo                                  string           `json:"paidTo" enum:"Manual,BankAccount,SuperFund,Bpay,PensionScheme,TaxOffice,CPFB"`
	PaidToAccountID                         *int64           `json:"paidToAccountId" nullable:"true"`
	ExternalReferenceID                     string           `json:"externalReferenceId" maxLength:"50"`
	PaymentReference                        string           `json:"paymentReference" maxLength:"50"`
	PreservedEarnings                       string           `json:"preservedEarnings" enum:"Never,Amount,Percentage"`
	PreservedEarningsAmount                 *payroll.Money   `json:"preservedEarningsAmount" nullable:"true"`
	PreservedEarningsAmountNotReachedAction string           `json:"preservedEarningsAmountNotReachedAction" enum:"DoNotPay,PayToLimit"`
	CarryForwardUnpaidDeductions            bool             `json:"carryForwardUnpaidDeductions"`
	CarryForwardUnusedPreservedEarnings     bool             `json:"carryForwardUnusedPreservedEarnings"`
	Priority                                *int32           `json:"priority" nullable:"true"`
	Deleted                                 bool             `json:"deleted" readOnly:"true"`
	FromDate                                payroll.DateTime `json:"fromDate"`
}

// Item checks d and converts it.
func (d Deduction) Item() (Item, error) {
	var v payroll.Validation
	it := Item{Kind: Deductions.Name, CategoryID: d.DeductionCategoryID, Name: strings.TrimSpace(d.Name), FromDate: d.FromDate,
		ExternalReferenceID: strings.TrimSpace(d.ExternalReferenceID), PaymentReference: strings.TrimSpace(d.PaymentReference),
		PaidToAccountID: unsetZero(d.PaidToAccountID), CarryForwardUnpaid: d.CarryForwardUnpaidDeductions, CarryForwardUnused: d.CarryForwardUnusedPreservedEarnings, Priority: d.Priority}
	required(&v, "deductionCategoryId", d.DeductionCategoryID)
	v.MaxLen("name", it.Name, 100)
	v.MaxLen("externalReferenceId", it.ExternalReferenceID, 50)
	v.MaxLen("paymentReference", it.PaymentReference, 50)
	it.CalcType = emprec.Enum(&v, "deductionType", d.DeductionType, DeductionTypes, "Fixed")
	if it.CalcType == "NotSet" {
		it.CalcType = "Fixed"
	}
	it.PaidTo = emprec.Enum(&v, "paidTo", d.PaidTo, PaidTo, "Manual")
	if (it.PaidTo == "BankAccount" || it.PaidTo == "SuperFund") && (d.PaidToAccountID == nil || *d.PaidToAccountID <= 0) {
		v.Add("paidToAccountId", "paidToAccountId is required when the deduction is paid to a %s", it.PaidTo)
	}
	it.PreservedEarnings = emprec.Enum(&v, "preservedEarnings", d.PreservedEarnings, Preserved, "Never")
	it.PreservedAction = emprec.Enum(&v, "preservedEarningsAmountNotReachedAction", d.PreservedEarningsAmountNotReachedAction, PreservedAction, "DoNotPay")
	if it.PreservedEarnings != "Never" {
		if d.PreservedEarningsAmount == nil || !d.PreservedEarningsAmount.IsPos() {
			v.Add("preservedEarningsAmount", "preservedEarningsAmount is required when earnings are preserved")
		} else if emprec.Money(&v, "preservedEarningsAmount", *d.PreservedEarningsAmount, false) && it.PreservedEarnings == "Percentage" && payroll.MoneyFromInt(100).Less(*d.PreservedEarningsAmount) {
			v.Add("preservedEarningsAmount", "preservedEarningsAmount is a percentage here and must be at most 100")
		}
		it.PreservedAmount = d.PreservedEarningsAmount
	}
	d.Recurring.item(&v, &it, isPercentType(it.CalcType))
	return it, v.Err()
}

// DeductionOf is the wire form of an item.
func DeductionOf(it Item, active bool) Deduction {
	return Deduction{Recurring: recurringOf(it, active), Name: it.Name, DeductionCategoryID: it.CategoryID, DeductionType: it.CalcType, PaidTo: it.PaidTo,
		PaidToAccountID: zeroIfUnset(it.PaidToAccountID), ExternalReferenceID: it.ExternalReferenceID, PaymentReference: it.PaymentReference,
		PreservedEarnings: it.PreservedEarnings, PreservedEarningsAmount: zeroMoneyIfUnset(it.PreservedAmount), PreservedEarningsAmountNotReachedAction: it.PreservedAction,
		CarryForwardUnpaidDeductions: it.CarryForwardUnpaid, CarryForwardUnusedPreservedEarnings: it.CarryForwardUnused, Priority: it.Priority, FromDate: it.FromDate}
}

// Liability is EmployerRecurringLiabilityModel.
type Liability struct {
	Recurring
	EmployerLiabilityCategoryID   int64            `json:"employerLiabilityCategoryId" required:"true" example:"14"`
	EmployerLiabilityCategoryName string           `json:"employerLiabilityCategoryName" readOnly:"true"`
	LiabilityType                 string           `json:"liabilityType" enum:"Fixed,PercentageGross,PercentageOTE,PercentageSuperannuation"`
	ExternalReferenceID           string           `json:"externalReferenceId" maxLength:"50"`
	Source                        string           `json:"source" maxLength:"50"`
	FromDate                      payroll.DateTime `json:"fromDate"`
}

// Item checks l and converts it.
func (l Liability) Item() (Item, error) {
	var v payroll.Validation
	it := Item{Kind: Liabilities.Name, CategoryID: l.EmployerLiabilityCategoryID, FromDate: l.FromDate, ExternalReferenceID: strings.TrimSpace(l.ExternalReferenceID), Source: strings.TrimSpace(l.Source)}
	required(&v, "employerLiabilityCategoryId", l.EmployerLiabilityCategoryID)
	v.MaxLen("externalReferenceId", it.ExternalReferenceID, 50)
	if it.Source == "" {
		it.Source = "None"
	}
	it.CalcType = emprec.Enum(&v, "liabilityType", l.LiabilityType, LiabilityTypes, "Fixed")
	l.Recurring.item(&v, &it, isPercentType(it.CalcType))
	return it, v.Err()
}

// LiabilityOf is the wire form of an item.
func LiabilityOf(it Item, active bool) Liability {
	return Liability{Recurring: recurringOf(it, active), EmployerLiabilityCategoryID: it.CategoryID, EmployerLiabilityCategoryName: it.CategoryName,
		LiabilityType: it.CalcType, ExternalReferenceID: it.ExternalReferenceID, Source: it.Source, FromDate: it.FromDate}
}

// AdditionalEarnings is AdditionalEarningsModel (input AdditionalEarningsInputModel
// plus startDate).
type AdditionalEarnings struct {
	Recurring
	Name              string           `json:"name" readOnly:"true"`
	PayCategoryID     int64            `json:"payCategoryId" required:"true" example:"7"`
	StartDate         payroll.DateTime `json:"startDate" doc:"the day the earnings start (default today)"`
	ExpirationType    string           `json:"expirationType" enum:"None,DateExpiry,AmountExpiry" readOnly:"true"`
	Units             *payroll.Rate    `json:"units" nullable:"true"`
	LocationID        *int64           `json:"locationId" nullable:"true"`
	LocationName      string           `json:"locationName" readOnly:"true"`
	SuperRate         *payroll.Rate    `json:"superRate" nullable:"true"`
	OverrideSuperRate bool             `json:"overrideSuperRate"`
}

// Item checks e and converts it.
func (e AdditionalEarnings) Item() (Item, error) {
	var v payroll.Validation
	it := Item{Kind: Earnings.Name, CategoryID: e.PayCategoryID, FromDate: e.StartDate, Units: e.Units, LocationID: e.LocationID, SuperRate: e.SuperRate, OverrideSuperRate: e.OverrideSuperRate}
	required(&v, "payCategoryId", e.PayCategoryID)
	if e.Units != nil {
		emprec.Rate(&v, "units", *e.Units, payroll.RateFromInt(1_000_000))
	}
	if e.SuperRate != nil {
		emprec.Rate(&v, "superRate", *e.SuperRate, payroll.RateFromInt(100))
	}
	if e.OverrideSuperRate && e.SuperRate == nil {
		v.Add("superRate", "superRate is required when overrideSuperRate is set")
	}
	e.Recurring.item(&v, &it, false)
	return it, v.Err()
}

// EarningsOf is the wire form of an item.
func EarningsOf(it Item, active bool) AdditionalEarnings {
	exp := "None"
	switch {
	case !it.ExpiryDate.IsZero():
		exp = "DateExpiry"
	case it.MaximumAmountPaid != nil:
		exp = "AmountExpiry"
	}
	return AdditionalEarnings{Recurring: recurringOf(it, active), Name: it.CategoryName, PayCategoryID: it.CategoryID, StartDate: it.FromDate, ExpirationType: exp,
		Units: it.Units, LocationID: it.LocationID, LocationName: it.LocationName, SuperRate: it.SuperRate, OverrideSuperRate: it.OverrideSuperRate}
}

// Expense is EmployeeRecurringExpenseModel.
type Expense struct {
	Recurring
	Name               string           `json:"name" maxLength:"100"`
	ExpenseCategoryID  int64            `json:"expenseCategoryId" required:"true" example:"9"`
	LocationID         *int64           `json:"locationId" nullable:"true"`
	TaxCode            string           `json:"taxCode" maxLength:"50"`
	TaxCodeDisplayName string           `json:"taxCodeDisplayName" readOnly:"true"`
	TaxRate            *payroll.Rate    `json:"taxRate" nullable:"true"`
	FromDate           payroll.DateTime `json:"fromDate"`
}

// Item checks x and converts it.
func (x Expense) Item() (Item, error) {
	var v payroll.Validation
	it := Item{Kind: Expenses.Name, CategoryID: x.ExpenseCategoryID, Name: strings.TrimSpace(x.Name), LocationID: unsetZero(x.LocationID), TaxCode: strings.TrimSpace(x.TaxCode), TaxRate: x.TaxRate, FromDate: x.FromDate}
	required(&v, "expenseCategoryId", x.ExpenseCategoryID)
	v.MaxLen("name", it.Name, 100)
	v.MaxLen("taxCode", it.TaxCode, 50)
	if x.TaxRate != nil {
		emprec.Rate(&v, "taxRate", *x.TaxRate, payroll.RateFromInt(100))
	}
	x.Recurring.item(&v, &it, false)
	return it, v.Err()
}

// ExpenseOf is the wire form of an item.
func ExpenseOf(it Item, active bool) Expense {
	return Expense{Recurring: recurringOf(it, active), Name: it.Name, ExpenseCategoryID: it.CategoryID, LocationID: zeroIfUnset(it.LocationID), TaxCode: it.TaxCode,
		TaxCodeDisplayName: it.TaxCode, TaxRate: it.TaxRate, FromDate: it.FromDate}
}

// The published description declares paidToAccountId,
// preservedEarningsAmount (deductions) and locationId (expenses) as
// non-nullable numbers: an unset one goes out as 0, and 0 coming back (a
// client writing back what it read) means unset again.

func zeroIfUnset(id *int64) *int64 {
	if id == nil {
		id = new(int64)
	}
	return id
}

func unsetZero(id *int64) *int64 {
	if id != nil && *id == 0 {
		return nil
	}
	return id
}

func zeroMoneyIfUnset(m *payroll.Money) *payroll.Money {
	if m == nil {
		z := payroll.Money{}
		return &z
	}
	return m
}
