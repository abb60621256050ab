package categories

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// EmployingEntity is a legal employer within the business (its own
// registration, address, payslip sender, FBT status): AuEmployingEntityModel
// plus the NZ (nzbn, irdNumber, ...), SG (uen, block/unit/level, ...) and
// MY (crn) members. UK businesses have PAYE schemes instead.
type EmployingEntity struct {
	record.Base
	Name                                      string  `json:"name" maxLength:"200" required:"true"`
	ABN                                       string  `json:"abn" doc:"Australian Business Number (AU businesses: checked with the ABN checksum)"`
	BranchCode                                string  `json:"branchCode" maxLength:"3"`
	Suburb                                    string  `json:"suburb" maxLength:"100"`
	State                                     string  `json:"state" maxLength:"50"`
	AddressLine1                              string  `json:"addressLine1" maxLength:"200"`
	AddressLine2                              string  `json:"addressLine2" maxLength:"200"`
	Postcode                                  string  `json:"postcode" maxLength:"20"`
	ContactName                               string  `json:"contactName" maxLength:"100"`
	SignatoryName                             string  `json:"signatoryName" maxLength:"100"`
	ContactEmailAddress                       string  `json:"contactEmailAddress" maxLength:"200"`
	ContactPhoneNumber                        string  `json:"contactPhoneNumber" maxLength:"50"`
	ContactFaxNumber                          string  `json:"contactFaxNumber" maxLength:"50"`
	ExternalReferenceID                       string  `json:"externalReferenceId" maxLength:"50"`
	PaySlipFromEmailAddress                   string  `json:"paySlipFromEmailAddress" maxLength:"200"`
	IsExemptFromFringeBenefitsTax             bool    `json:"isExemptFromFringeBenefitsTax"`
	HasSeparateEntertainmentFringeBenefitsCap bool    `json:"hasSeparateEntertainmentFringeBenefitsCap"`
	FbtExemptOrganisationType                 *string `json:"fbtExemptOrganisationType" enum:"PublicBenevolentInstitution,HealthPromotionCharity,PublicAndNonProfitHospital,PublicAmbulanceService,PovertyRelief,EducationAdvancement,ReligionAdvancement,CommunityBenefit"`
	IsForeignEntity                           *bool   `json:"isForeignEntity"`
	ForeignEntityCountry                      string  `json:"foreignEntityCountry" maxLength:"100"`
	AddressLine3                              string  `json:"addressLine3" maxLength:"200"`
	City                                      string  `json:"city" maxLength:"100"`
	Region                                    string  `json:"region" maxLength:"100" doc:"NZ region"`
	Nzbn                                      string  `json:"nzbn" doc:"NZ Business Number, 13 digits"`
	IrdNumber                                 string  `json:"irdNumber" doc:"NZ IRD number, 8 or 9 digits"`
	CharitableOrganisation                    bool    `json:"charitableOrganisation"`
	Uen                                       string  `json:"uen" maxLength:"10" doc:"SG Unique Entity Number"`
	Crn                                       string  `json:"crn" maxLength:"20" doc:"MY company registration number"`
	CountryID                                 string  `json:"countryId" maxLength:"2"`
	BlockNumber                               string  `json:"blockNumber" maxLength:"20"`
	UnitNumber                                string  `json:"unitNumber" maxLength:"20"`
	LevelNumber                               string  `json:"levelNumber" maxLength:"20"`
	IsInternationalAddress                    bool    `json:"isInternationalAddress"`
	// IsActive is ours (the reference model has none, but its list takes
	// includeInactive): an entity no longer employing anyone is set
	// inactive instead of deleted so history keeps its name.
	IsActive *bool `json:"isActive" doc:"inactive entities are left out of lists unless includeInactive=true; default true"`
}

var auStates = []string{"ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"}

func (e *EmployingEntity) RecordName() string       { return e.Name }
func (e *EmployingEntity) RecordExternalID() string { return e.ExternalReferenceID }

// RequestExample is a valid create body (the OpenAPI example).
func (EmployingEntity) RequestExample() any {
	return map[string]any{"name": "Harbour Cafe Pty Ltd", "suburb": "Sydney", "state": "NSW", "postcode": "2000"}
}

// Validate checks the entity's own fields; region rules (ABN, state) are
// in checkEmployingEntity.
func (e *EmployingEntity) Validate(v *payroll.Validation) {
	e.Name = strings.TrimSpace(e.Name)
	e.ABN = strings.TrimSpace(e.ABN)
	v.RequiredMembers(e)
	v.MaxLen("name", e.Name, 200)
	v.MaxLen("externalReferenceId", e.ExternalReferenceID, 50)
	if e.BranchCode != "" && !digitsOnly(e.BranchCode, 1, 3) {
		v.Add("branchCode", "branchCode must be up to 3 digits")
	}
	for field, addr := range map[string]string{"contactEmailAddress": e.ContactEmailAddress, "paySlipFromEmailAddress": e.PaySlipFromEmailAddress} {
		if addr != "" && !payroll.ValidEmail(addr) {
			v.Add(field, "%s is not a valid email address", field)
		}
	}
	if e.IsExemptFromFringeBenefitsTax && e.FbtExemptOrganisationType == nil {
		v.Add("fbtExemptOrganisationType", "fbtExemptOrganisationType is required when isExemptFromFringeBenefitsTax is true")
	}
	if !e.IsExemptFromFringeBenefitsTax && e.FbtExemptOrganisationType != nil {
		v.Add("fbtExemptOrganisationType", "fbtExemptOrganisationType applies only when isExemptFromFringeBenefitsTax is true")
	}
	if e.HasSeparateEntertainmentFringeBenefitsCap && !e.IsExemptFromFringeBenefitsTax {
		v.Add("hasSeparateEntertainmentFringeBenefitsCap", "hasSeparateEntertainmentFringeBenefitsCap applies only when isExemptFromFringeBenefitsTax is true")
	}
	if e.IsForeignEntity != nil && *e.IsForeignEntity && strings.TrimSpace(e.ForeignEntityCountry) == "" {
		v.Add("foreignEntityCountry", "foreignEntityCountry is required when isForeignEntity is true")
	}
	if e.Nzbn != "" && !digitsOnly(e.Nzbn, 13, 13) {
		v.Add("nzbn", "nzbn must be 13 digits")
	}
	if e.IrdNumber != "" && !digitsOnly(strings.ReplaceAll(e.IrdNumber, "-", ""), 8, 9) {
		v.Add("irdNumber", "irdNumber must be 8 or 9 digits")
	}
	if e.IsActive == nil {
		active := true
		e.IsActive = &active
	}
}

// checkEmployingEntity applies the rules that depend on the business's
// region: an AU entity's ABN passes the checksum and its state is an
// Australian state or territory.
func checkEmployingEntity(ctx context.Context, q *store.Queries, bizID int64, e *EmployingEntity) error {
	region, err := BusinessRegion(ctx, q, bizID)
	if err != nil || region != "AU" {
		return err
	}
	var v payroll.Validation
	if e.ABN != "" && !payroll.ValidABN(e.ABN) {
		v.Add("abn", "abn is not a valid Australian Business Number")
	}
	if e.State != "" {
		if s, ok := record.Canonical(auStates, e.State); ok {
			e.State = s
		} else {
			v.Add("state", "state must be one of %s", strings.Join(auStates, ", "))
		}
	}
	return v.Err()
}

// FilterEmployingEntities applies the list's includeInactive and query
// (a case-insensitive search of name, ABN and external reference id).
func FilterEmployingEntities(list []EmployingEntity, query string, includeInactive bool) []EmployingEntity {
	query = strings.ToLower(strings.TrimSpace(query))
	digits := strings.ReplaceAll(query, " ", "")
	out := make([]EmployingEntity, 0, len(list))
	for _, e := range list {
		if !includeInactive && e.IsActive != nil && !*e.IsActive {
			continue
		}
		if query != "" && !strings.Contains(strings.ToLower(e.Name), query) &&
			!strings.Contains(strings.ToLower(e.ExternalReferenceID), query) &&
			!strings.Contains(strings.ReplaceAll(e.ABN, " ", ""), digits) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// EmployerLiabilityCategory is a cost the employer pays on top of wages
// (workers' compensation, payroll tax, a super fund) shown on pay runs.
type EmployerLiabilityCategory struct {
	record.Base
	Name                 string `json:"name" maxLength:"100" required:"true"`
	ExternalReferenceID  string `json:"externalReferenceId" maxLength:"50"`
	CanBeDeleted         bool   `json:"canBeDeleted" readOnly:"true" doc:"false while employees or pay runs use it"`
	HideFromPaySlips     bool   `json:"hideFromPaySlips"`
	ShowTotalPayments    bool   `json:"showTotalPayments"`
	IncludeInShiftCosts  bool   `json:"includeInShiftCosts"`
	IsSuperannuationFund bool   `json:"isSuperannuationFund"`
}

func (c *EmployerLiabilityCategory) RecordName() string       { return c.Name }
func (c *EmployerLiabilityCategory) RecordExternalID() string { return c.ExternalReferenceID }

// RequestExample is a valid create body (the OpenAPI example).
func (EmployerLiabilityCategory) RequestExample() any {
	return map[string]any{"name": "Workers compensation insurance"}
}

// Validate checks the category's own fields.
func (c *EmployerLiabilityCategory) Validate(v *payroll.Validation) {
	v.RequiredMembers(c)
	v.MaxLen("name", c.Name, 100)
	v.MaxLen("externalReferenceId", c.ExternalReferenceID, 50)
	c.CanBeDeleted = false // computed on read
}

// DeductionCategory is a kind of deduction from pay
// (AuDeductionCategoryModel). The classification decides how it is
// reported to the tax authority and whether it is taken before tax.
type DeductionCategory struct {
	record.Base
	Name                              string `json:"name" maxLength:"100" required:"true"`
	ExternalID                        string `json:"externalId" maxLength:"50"`
	Source                            string `json:"source"`
	TaxExempt                         bool   `json:"taxExempt" doc:"taken before tax (pre-tax deduction)"`
	IsSystem                          bool   `json:"isSystem" readOnly:"true"`
	IsResc                            bool   `json:"isResc" doc:"reportable employer super contribution"`
	ExpenseGeneralLedgerMappingCode   string `json:"expenseGeneralLedgerMappingCode" maxLength:"50"`
	LiabilityGeneralLedgerMappingCode string `json:"liabilityGeneralLedgerMappingCode" maxLength:"50"`
	SgcCalculationImpact              string `json:"sgcCalculationImpact" enum:"None,ReducesOTE"`
	PaymentSummaryClassification      string `json:"paymentSummaryClassification" enum:"Default,UnionOrProfessionalAssociationFees,WorkplaceGiving,ChildSupportDeduction,ChildSupportGarnishee,SalarySacrificeOtherEmployeeBenefits,SalarySacrificeSuperannuation"`
	InUse                             bool   `json:"inUse" readOnly:"true"`
}

func (d *DeductionCategory) RecordName() string       { return d.Name }
func (d *DeductionCategory) RecordExternalID() string { return d.ExternalID }

// RequestExample is a valid create body (the OpenAPI example).
func (DeductionCategory) RequestExample() any {
	return map[string]any{"name": "Union fees", "taxExempt": false}
}

// Validate checks the category's own fields: salary sacrifice comes out
// before tax, child support after it, and only sacrificed super is RESC.
func (d *DeductionCategory) Validate(v *payroll.Validation) {
	v.RequiredMembers(d)
	v.MaxLen("name", d.Name, 100)
	v.MaxLen("externalId", d.ExternalID, 50)
	d.Source = record.WithDefault(d.Source, "None")
	d.SgcCalculationImpact = record.WithDefault(d.SgcCalculationImpact, "None")
	d.PaymentSummaryClassification = record.WithDefault(d.PaymentSummaryClassification, "Default")
	switch d.PaymentSummaryClassification {
	case "SalarySacrificeSuperannuation", "SalarySacrificeOtherEmployeeBenefits":
		if !d.TaxExempt {
			v.Add("taxExempt", "a salary sacrifice deduction is taken before tax: taxExempt must be true")
		}
	case "ChildSupportDeduction", "ChildSupportGarnishee":
		if d.TaxExempt {
			v.Add("taxExempt", "child support is deducted after tax: taxExempt must be false")
		}
	}
	if d.IsResc && d.PaymentSummaryClassification != "SalarySacrificeSuperannuation" {
		v.Add("isResc", "isResc applies only to the SalarySacrificeSuperannuation classification")
	}
	// Every category here is the business's own (defaults included), so
	// none is system-defined; inUse is computed on read.
	d.IsSystem, d.InUse = false, false
}

// ExpenseCategory is a kind of employee expense reimbursed through pay
// runs (EmployeeExpenseCategoryModel). taxCode is one of the business's
// region's ExpenseTaxCodes; taxRate follows from it.
type ExpenseCategory struct {
	record.Base
	Name                     string        `json:"name" maxLength:"100" required:"true"`
	ExternalID               string        `json:"externalId" maxLength:"50"`
	ExternalReferenceID      string        `json:"externalReferenceId" maxLength:"50"`
	Description              string        `json:"description" maxLength:"500"`
	GeneralLedgerMappingCode string        `json:"generalLedgerMappingCode" maxLength:"50"`
	ExternalTaxCodeID        string        `json:"externalTaxCodeId" maxLength:"50" doc:"the accounting system's id of the tax code"`
	TaxCode                  string        `json:"taxCode" doc:"id of one of GET employeeexpensecategory/taxcodes"`
	TaxRate                  *payroll.Rate `json:"taxRate" nullable:"true" readOnly:"true" doc:"percentage of the tax code"`
}

func (c *ExpenseCategory) RecordName() string       { return c.Name }
func (c *ExpenseCategory) RecordExternalID() string { return c.ExternalID }

// RequestExample is a valid create body (the OpenAPI example).
func (ExpenseCategory) RequestExample() any {
	return map[string]any{"name": "Travel", "description": "Public transport and taxi fares"}
}

// Validate checks the category's own fields; the tax code is checked
// against the region in checkExpenseCategory.
func (c *ExpenseCategory) Validate(v *payroll.Validation) {
	v.RequiredMembers(c)
	v.MaxLen("name", c.Name, 100)
	v.MaxLen("externalId", c.ExternalID, 50)
	v.MaxLen("description", c.Description, 500)
	c.TaxCode = strings.TrimSpace(c.TaxCode)
}

func checkExpenseCategory(ctx context.Context, q *store.Queries, bizID int64, c *ExpenseCategory) error {
	c.TaxRate = nil
	if c.TaxCode == "" {
		return nil
	}
	region, err := BusinessRegion(ctx, q, bizID)
	if err != nil {
		return err
	}
	codes := ExpenseTaxCodes(region)
	for _, tc := range codes {
		if strings.EqualFold(tc.ID, c.TaxCode) {
			rate := tc.TaxRate
			c.TaxCode, c.TaxRate = tc.ID, &rate
			return nil
		}
	}
	ids := make([]string, len(codes))
	for i, tc := range codes {
		ids[i] = tc.ID
	}
	return payroll.Invalid("taxCode", "taxCode must be one of the %s tax codes: %s", region, strings.Join(ids, ", "))
}

// TaxCode is a sales tax (GST/VAT/SST) code an expense can carry
// (JournalServiceTaxCode plus a description).
type TaxCode struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Description string       `json:"description"`
	TaxRate     payroll.Rate `json:"taxRate" doc:"percentage"`
}

// expenseTaxCodes are the standard purchase tax codes of each region: the
// codes accounting packages of that country use for expenses, with the
// statutory rate (AU GST 10%, NZ GST 15%, UK VAT 20%/5%, SG GST 9% from
// 2024, MY service tax 8% with 6% kept for F&B, telecoms, parking and
// logistics, sales tax 10%/5%).
var expenseTaxCodes = map[string][]TaxCode{
	"AU": {
		{"GST", "GST on Expenses", "Purchases that include 10% GST (input tax credit claimable)", payroll.RateFromInt(10)},
		{"CAP", "GST on Capital", "Capital purchases that include 10% GST", payroll.RateFromInt(10)},
		{"FRE", "GST Free Expenses", "GST-free purchases (basic food, some medical and education)", payroll.RateFromInt(0)},
		{"INP", "Input Taxed", "Input-taxed purchases (financial supplies, residential rent)", payroll.RateFromInt(0)},
		{"N-T", "BAS Excluded", "Not reported on the BAS (wages, super, private items)", payroll.RateFromInt(0)},
	},
	"NZ": {
		{"GST", "GST on Expenses", "Purchases that include 15% GST", payroll.RateFromInt(15)},
		{"Z", "Zero Rated", "Zero-rated purchases", payroll.RateFromInt(0)},
		{"E", "Exempt", "GST-exempt purchases (financial services, residential rent)", payroll.RateFromInt(0)},
		{"N-T", "No GST", "Purchases outside the GST system", payroll.RateFromInt(0)},
	},
	"UK": {
		{"S", "Standard Rated", "Purchases including VAT at the standard rate of 20%", payroll.RateFromInt(20)},
		{"R", "Reduced Rate", "Purchases including VAT at the reduced rate of 5%", payroll.RateFromInt(5)},
		{"Z", "Zero Rated", "Zero-rated purchases (most food, books, children's clothes)", payroll.RateFromInt(0)},
		{"E", "Exempt", "VAT-exempt purchases (insurance, postage, some training)", payroll.RateFromInt(0)},
		{"O", "No VAT", "Purchases outside the scope of VAT", payroll.RateFromInt(0)},
	},
	"SG": {
		{"TX", "Standard-Rated Purchases", "Purchases from GST-registered suppliers with 9% GST", payroll.RateFromInt(9)},
		{"ZP", "Zero-Rated Purchases", "Zero-rated purchases from GST-registered suppliers", payroll.RateFromInt(0)},
		{"EP", "Exempt Purchases", "Exempt purchases (financial services, residential property)", payroll.RateFromInt(0)},
		{"OP", "Out-of-Scope Purchases", "Purchases outside the scope of GST", payroll.RateFromInt(0)},
		{"NR", "Non-Registered Supplier", "Purchases from suppliers not registered for GST", payroll.RateFromInt(0)},
	},
	"MY": {
		{"SV-8", "Service Tax 8%", "Taxable services at the standard service tax rate", payroll.RateFromInt(8)},
		{"SV-6", "Service Tax 6%", "Food and beverage, telecommunications, parking and logistics services", payroll.RateFromInt(6)},
		{"ST-10", "Sales Tax 10%", "Taxable goods at the standard sales tax rate", payroll.RateFromInt(10)},
		{"ST-5", "Sales Tax 5%", "Taxable goods at the reduced sales tax rate", payroll.RateFromInt(5)},
		{"NS", "Not Subject to SST", "Purchases not subject to sales and service tax", payroll.RateFromInt(0)},
	},
}

// ExpenseTaxCodes lists the tax codes expense categories of a business in
// region may use.
func ExpenseTaxCodes(region string) []TaxCode {
	return append([]TaxCode{}, expenseTaxCodes[region]...)
}

// Qualification is a licence or certificate employees can hold.
type Qualification struct {
	record.Base
	Name string `json:"name" maxLength:"100" required:"true"`
}

func (q *Qualification) RecordName() string { return q.Name }

// RequestExample is a valid create body (the OpenAPI example).
func (Qualification) RequestExample() any {
	return map[string]any{"name": "First aid certificate"}
}

// Validate checks the qualification's name.
func (q *Qualification) Validate(v *payroll.Validation) {
	v.RequiredMembers(q)
	v.MaxLen("name", q.Name, 100)
}

// recordInUse reports whether any row refers to the record (so deleting it
// would be a 409).
func recordInUse(ctx context.Context, q *store.Queries, kind string, id int64) (bool, error) {
	uses, err := q.ListRecordRefsTo(ctx, store.ListRecordRefsToParams{ToID: id, ToKind: kind})
	return len(uses) > 0, err
}

// businessRegion is the region of a business, for rules that differ by
// region inside a collection's Check.
func BusinessRegion(ctx context.Context, q *store.Queries, bizID int64) (string, error) {
	b, err := q.GetBusiness(ctx, bizID)
	if db.IsNoRows(err) {
		return "", payroll.NotFound("business")
	}
	return b.Region, err
}

// digitsOnly reports whether s is min to max decimal digits.
func digitsOnly(s string, min, max int) bool {
	return len(s) >= min && len(s) <= max && record.IsDigits(s)
}
