package accounts

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/payroll"
)

// ---- Journal accounts ----

// JournalAccount is an account of the business's general ledger that pay
// run journals post to (JournalAccountModel). Codes are unique.
type JournalAccount struct {
	record.Base
	AccountCode         string `json:"accountCode"`
	AccountName         string `json:"accountName"`
	AccountType         string `json:"accountType" enum:"Asset,Expense,Liability,Equity,Income,Unknown,NotAllowed,CostOfGoodsSold,AssetAndLiability,CapitalsAndReserves,Sales,Purchases,Overheads"`
	ExternalReferenceID string `json:"externalReferenceId" doc:"the account's id in the accounting system"`
}

// RecordName is the account code: UniqueName makes a second account with
// the same code a 409.
func (a *JournalAccount) RecordName() string       { return a.AccountCode }
func (a *JournalAccount) RecordExternalID() string { return a.ExternalReferenceID }

// Validate requires a code and a name; the type defaults to Unknown.
func (a *JournalAccount) Validate(v *payroll.Validation) {
	a.AccountCode, a.AccountName = strings.TrimSpace(a.AccountCode), strings.TrimSpace(a.AccountName)
	v.Required("accountCode", a.AccountCode)
	v.MaxLen("accountCode", a.AccountCode, 50)
	v.Required("accountName", a.AccountName)
	v.MaxLen("accountName", a.AccountName, 200)
	v.MaxLen("externalReferenceId", a.ExternalReferenceID, 100)
	if a.AccountType == "" {
		a.AccountType = "Unknown"
	}
}

// JournalAccountTypes are the account types (the accountType enum).
func JournalAccountTypes() []string {
	f, _ := reflect.TypeOf(JournalAccount{}).FieldByName("AccountType")
	return strings.Split(f.Tag.Get("enum"), ",")
}

// ---- Journal service providers ----

// journalServices are the accounting systems journals can be exported
// to, and the regions each serves.
var journalServices = []struct {
	name    string
	regions []string
}{
	{"Xero", nil},
	{"QuickBooks Online", nil},
	{"NetSuite", nil},
	{"Microsoft Dynamics 365 Business Central", nil},
	{"MYOB AccountRight", []string{"AU", "NZ"}},
	{"MYOB Business", []string{"AU", "NZ"}},
	{"Reckon One", []string{"AU"}},
	{"Saasu", []string{"AU"}},
	{"Sage Business Cloud Accounting", []string{"UK"}},
	{"FreeAgent", []string{"UK"}},
	{"SQL Account", []string{"MY"}},
	{"Journal file export", nil},
}

// JournalServices lists the providers available in region.
func JournalServices(region string) []string {
	var out []string
	for _, s := range journalServices {
		if record.RegionIn(s.regions, region) {
			out = append(out, s.name)
		}
	}
	return out
}

// CanonicalJournalService returns the provider named (any case) if it is
// available in region; "" clears the choice.
func CanonicalJournalService(region, name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", nil
	}
	for _, s := range JournalServices(region) {
		if strings.EqualFold(s, name) {
			return s, nil
		}
	}
	return "", payroll.Invalid("journalService", "journalService must be one of %s", strings.Join(JournalServices(region), ", "))
}

// ---- Chart of accounts ----

// ChartOfAccountsAccounts are the default accounts journals post to
// (AuChartOfAccountsLocationAccountsModel plus the UK accounts). Members
// of another region's statutory amounts are omitted and refused.
type ChartOfAccountsAccounts struct {
	PaymentAccountID                            *int64 `json:"paymentAccountId" slot:"payment"`
	DefaultExpenseAccountID                     *int64 `json:"defaultExpenseAccountId" slot:"defaultExpense"`
	EmployeeExpenseAccountID                    *int64 `json:"employeeExpenseAccountId" slot:"employeeExpense"`
	EmployerLiabilityExpenseAccountID           *int64 `json:"employerLiabilityExpenseAccountId" slot:"employerLiabilityExpense"`
	EmployerLiabilityLiabilityAccountID         *int64 `json:"employerLiabilityLiabilityAccountId" slot:"employerLiabilityLiability"`
	DefaultLiabilityAccountID                   *int64 `json:"defaultLiabilityAccountId" slot:"defaultLiability"`
	PaygLiabilityAccountID                      *int64 `json:"paygLiabilityAccountId,omitempty" slot:"paygLiability" region:"AU"`
	PaygExpenseAccountID                        *int64 `json:"paygExpenseAccountId,omitempty" slot:"paygExpense" region:"AU"`
	SuperannuationExpenseAccountID              *int64 `json:"superannuationExpenseAccountId,omitempty" slot:"superannuationExpense" region:"AU"`
	SuperannuationLiabilityAccountID            *int64 `json:"superannuationLiabilityAccountId,omitempty" slot:"superannuationLiability" region:"AU"`
	PayeLiabilityAccountID                      *int64 `json:"payeLiabilityAccountId,omitempty" slot:"payeLiability" region:"UK"`
	PayeExpenseAccountID                        *int64 `json:"payeExpenseAccountId,omitempty" slot:"payeExpense" region:"UK"`
	EmployerPensionLiabilityAccountID           *int64 `json:"employerPensionLiabilityAccountId,omitempty" slot:"employerPensionLiability" region:"UK"`
	EmployerPensionExpenseAccountID             *int64 `json:"employerPensionExpenseAccountId,omitempty" slot:"employerPensionExpense" region:"UK"`
	NationalInsuranceLiabilityAccountID         *int64 `json:"nationalInsuranceLiabilityAccountId,omitempty" slot:"nationalInsuranceLiability" region:"UK"`
	NationalInsuranceExpenseAccountID           *int64 `json:"nationalInsuranceExpenseAccountId,omitempty" slot:"nationalInsuranceExpense" region:"UK"`
	EmployeeNationalInsuranceLiabilityAccountID *int64 `json:"employeeNationalInsuranceLiabilityAccountId,omitempty" slot:"employeeNationalInsuranceLiability" region:"UK"`
	EmployeePensionLiabilityAccountID           *int64 `json:"employeePensionLiabilityAccountId,omitempty" slot:"employeePensionLiability" region:"UK"`
	StudentLoanLiabilityAccountID               *int64 `json:"studentLoanLiabilityAccountId,omitempty" slot:"studentLoanLiability" region:"UK"`
	PostgraduateStudentLoanLiabilityAccountID   *int64 `json:"postgraduateStudentLoanLiabilityAccountId,omitempty" slot:"postgraduateStudentLoanLiability" region:"UK"`
}

// ChartOfAccountsSplits say, per default account, whether journal lines
// are split by location or employing entity. The split enum and the two
// flags are kept in step.
type ChartOfAccountsSplits struct {
	PaymentAccountSplitByLocation                            bool   `json:"paymentAccountSplitByLocation" slot:"payment"`
	PaymentAccountSplitByEmployingEntity                     *bool  `json:"paymentAccountSplitByEmployingEntity" slot:"payment"`
	PaymentAccountSplit                                      string `json:"paymentAccountSplit" enum:"None,Location,EmployingEntity" slot:"payment"`
	DefaultExpenseSplitByLocation                            bool   `json:"defaultExpenseSplitByLocation" slot:"defaultExpense"`
	DefaultExpenseSplitByEmployingEntity                     *bool  `json:"defaultExpenseSplitByEmployingEntity" slot:"defaultExpense"`
	DefaultExpenseSplit                                      string `json:"defaultExpenseSplit" enum:"None,Location,EmployingEntity" slot:"defaultExpense"`
	EmployeeExpenseSplitByLocation                           bool   `json:"employeeExpenseSplitByLocation" slot:"employeeExpense"`
	EmployeeExpenseSplitByEmployingEntity                    *bool  `json:"employeeExpenseSplitByEmployingEntity" slot:"employeeExpense"`
	EmployeeExpenseSplit                                     string `json:"employeeExpenseSplit" enum:"None,Location,EmployingEntity" slot:"employeeExpense"`
	EmployerLiabilityExpenseSplitByLocation                  bool   `json:"employerLiabilityExpenseSplitByLocation" slot:"employerLiabilityExpense"`
	EmployerLiabilityExpenseSplitByEmployingEntity           *bool  `json:"employerLiabilityExpenseSplitByEmployingEntity" slot:"employerLiabilityExpense"`
	EmployerLiabilityExpenseSplit                            string `json:"employerLiabilityExpenseSplit" enum:"None,Location,EmployingEntity" slot:"employerLiabilityExpense"`
	EmployerLiabilityLiabilitySplitByLocation                bool   `json:"employerLiabilityLiabilitySplitByLocation" slot:"employerLiabilityLiability"`
	EmployerLiabilityLiabilitySplitByEmployingEntity         *bool  `json:"employerLiabilityLiabilitySplitByEmployingEntity" slot:"employerLiabilityLiability"`
	EmployerLiabilityLiabilitySplit                          string `json:"employerLiabilityLiabilitySplit" enum:"None,Location,EmployingEntity" slot:"employerLiabilityLiability"`
	DefaultLiabilitySplitByLocation                          bool   `json:"defaultLiabilitySplitByLocation" slot:"defaultLiability"`
	DefaultLiabilitySplitByEmployingEntity                   *bool  `json:"defaultLiabilitySplitByEmployingEntity" slot:"defaultLiability"`
	DefaultLiabilitySplit                                    string `json:"defaultLiabilitySplit" enum:"None,Location,EmployingEntity" slot:"defaultLiability"`
	PaygLiabilityAccountSplitByLocation                      *bool  `json:"paygLiabilityAccountSplitByLocation,omitempty" slot:"paygLiability" region:"AU"`
	PaygLiabilityAccountSplitByEmployingEntity               *bool  `json:"paygLiabilityAccountSplitByEmployingEntity,omitempty" slot:"paygLiability" region:"AU"`
	PaygLiabilityAccountSplit                                string `json:"paygLiabilityAccountSplit,omitempty" enum:"None,Location,EmployingEntity" slot:"paygLiability" region:"AU"`
	PaygExpenseSplitByLocation                               *bool  `json:"paygExpenseSplitByLocation,omitempty" slot:"paygExpense" region:"AU"`
	PaygExpenseSplitByEmployingEntity                        *bool  `json:"paygExpenseSplitByEmployingEntity,omitempty" slot:"paygExpense" region:"AU"`
	PaygExpenseSplit                                         string `json:"paygExpenseSplit,omitempty" enum:"None,Location,EmployingEntity" slot:"paygExpense" region:"AU"`
	SuperannuationExpenseSplitByLocation                     *bool  `json:"superannuationExpenseSplitByLocation,omitempty" slot:"superannuationExpense" region:"AU"`
	SuperannuationExpenseSplitByEmployingEntity              *bool  `json:"superannuationExpenseSplitByEmployingEntity,omitempty" slot:"superannuationExpense" region:"AU"`
	SuperannuationExpenseSplit                               string `json:"superannuationExpenseSplit,omitempty" enum:"None,Location,EmployingEntity" slot:"superannuationExpense" region:"AU"`
	SuperannuationLiabilitySplitByLocation                   *bool  `json:"superannuationLiabilitySplitByLocation,omitempty" slot:"superannuationLiability" region:"AU"`
	SuperannuationLiabilitySplitByEmployingEntity            *bool  `json:"superannuationLiabilitySplitByEmployingEntity,omitempty" slot:"superannuationLiability" region:"AU"`
	SuperannuationLiabilitySplit                             string `json:"superannuationLiabilitySplit,omitempty" enum:"None,Location,EmployingEntity" slot:"superannuationLiability" region:"AU"`
	PayeLiabilityAccountSplitByLocation                      *bool  `json:"payeLiabilityAccountSplitByLocation,omitempty" slot:"payeLiability" region:"UK"`
	PayeLiabilityAccountSplitByEmployingEntity               *bool  `json:"payeLiabilityAccountSplitByEmployingEntity,omitempty" slot:"payeLiability" region:"UK"`
	PayeLiabilityAccountSplit                                string `json:"payeLiabilityAccountSplit,omitempty" enum:"None,Location,EmployingEntity" slot:"payeLiability" region:"UK"`
	PayeExpenseSplitByLocation                               *bool  `json:"payeExpenseSplitByLocation,omitempty" slot:"payeExpense" region:"UK"`
	PayeExpenseSplitByEmployingEntity                        *bool  `json:"payeExpenseSplitByEmployingEntity,omitempty" slot:"payeExpense" region:"UK"`
	PayeExpenseSplit                                         string `json:"payeExpenseSplit,omitempty" enum:"None,Location,EmployingEntity" slot:"payeExpense" region:"UK"`
	EmployerPensionLiabilitySplitByLocation                  *bool  `json:"employerPensionLiabilitySplitByLocation,omitempty" slot:"employerPensionLiability" region:"UK"`
	EmployerPensionLiabilitySplitByEmployingEntity           *bool  `json:"employerPensionLiabilitySplitByEmployingEntity,omitempty" slot:"employerPensionLiability" region:"UK"`
	EmployerPensionLiabilitySplit                            string `json:"employerPensionLiabilitySplit,omitempty" enum:"None,Location,EmployingEntity" slot:"employerPensionLiability" region:"UK"`
	EmployerPensionExpenseSplitByLocation                    *bool  `json:"employerPensionExpenseSplitByLocation,omitempty" slot:"employerPensionExpense" region:"UK"`
	EmployerPensionExpenseSplitByEmployingEntity             *bool  `json:"employerPensionExpenseSplitByEmployingEntity,omitempty" slot:"employerPensionExpense" region:"UK"`
	EmployerPensionExpenseSplit                              string `json:"employerPensionExpenseSplit,omitempty" enum:"None,Location,EmployingEntity" slot:"employerPensionExpense" region:"UK"`
	NationalInsuranceLiabilitySplitByLocation                *bool  `json:"nationalInsuranceLiabilitySplitByLocation,omitempty" slot:"nationalInsuranceLiability" region:"UK"`
	NationalInsuranceLiabilitySplitByEmployingEntity         *bool  `json:"nationalInsuranceLiabilitySplitByEmployingEntity,omitempty" slot:"nationalInsuranceLiability" region:"UK"`
	NationalInsuranceLiabilitySplit                          string `json:"nationalInsuranceLiabilitySplit,omitempty" enum:"None,Location,EmployingEntity" slot:"nationalInsuranceLiability" region:"UK"`
	NationalInsuranceExpenseSplitByLocation                  *bool  `json:"nationalInsuranceExpenseSplitByLocation,omitempty" slot:"nationalInsuranceExpense" region:"UK"`
	NationalInsuranceExpenseSplitByEmployingEntity           *bool  `json:"nationalInsuranceExpenseSplitByEmployingEntity,omitempty" slot:"nationalInsuranceExpense" region:"UK"`
	NationalInsuranceExpenseSplit                            string `json:"nationalInsuranceExpenseSplit,omitempty" enum:"None,Location,EmployingEntity" slot:"nationalInsuranceExpense" region:"UK"`
	EmployeeNationalInsuranceLiabilitySplitByLocation        *bool  `json:"employeeNationalInsuranceLiabilitySplitByLocation,omitempty" slot:"employeeNationalInsuranceLiability" region:"UK"`
	EmployeeNationalInsuranceLiabilitySplitByEmployingEntity *bool  `json:"employeeNationalInsuranceLiabilitySplitByEmployingEntity,omitempty" slot:"employeeNationalInsuranceLiability" region:"UK"`
	EmployeeNationalInsuranceLiabilitySplit                  string `json:"employeeNationalInsuranceLiabilitySplit,omitempty" enum:"None,Location,EmployingEntity" slot:"employeeNationalInsuranceLiability" region:"UK"`
	EmployeePensionLiabilitySplitByLocation                  *bool  `json:"employeePensionLiabilitySplitByLocation,omitempty" slot:"employeePensionLiability" region:"UK"`
	EmployeePensionLiabilitySplitByEmployingEntity           *bool  `json:"employeePensionLiabilitySplitByEmployingEntity,omitempty" slot:"employeePensionLiability" region:"UK"`
	EmployeePensionLiabilitySplit                            string `json:"employeePensionLiabilitySplit,omitempty" enum:"None,Location,EmployingEntity" slot:"employeePensionLiability" region:"UK"`
	StudentLoanLiabilitySplitByLocation                      *bool  `json:"studentLoanLiabilitySplitByLocation,omitempty" slot:"studentLoanLiability" region:"UK"`
	StudentLoanLiabilitySplitByEmployingEntity               *bool  `json:"studentLoanLiabilitySplitByEmployingEntity,omitempty" slot:"studentLoanLiability" region:"UK"`
	StudentLoanLiabilitySplit                                string `json:"studentLoanLiabilitySplit,omitempty" enum:"None,Location,EmployingEntity" slot:"studentLoanLiability" region:"UK"`
	PostgraduateStudentLoanLiabilitySplitByLocation          *bool  `json:"postgraduateStudentLoanLiabilitySplitByLocation,omitempty" slot:"postgraduateStudentLoanLiability" region:"UK"`
	PostgraduateStudentLoanLiabilitySplitByEmployingEntity   *bool  `json:"postgraduateStudentLoanLiabilitySplitByEmployingEntity,omitempty" slot:"postgraduateStudentLoanLiability" region:"UK"`
	PostgraduateStudentLoanLiabilitySplit                    string `json:"postgraduateStudentLoanLiabilitySplit,omitempty" enum:"None,Location,EmployingEntity" slot:"postgraduateStudentLoanLiability" region:"UK"`
}

// ChartOfAccountsDefaultAccounts are the business-wide default accounts
// with their splits (AuChartOfAccountsDefaultAccountsModel).
type ChartOfAccountsDefaultAccounts struct {
	ChartOfAccountsAccounts
	ChartOfAccountsSplits
}

// ChartOfAccountsCategory maps one category to accounts. liabilityAccountId
// appears for deduction, employer liability and leave categories;
// accrueFromContingentPeriod and isLongServiceLeave for leave categories;
// the split flags in the business-wide chart only.
type ChartOfAccountsCategory struct {
	ID                         int64  `json:"id"`
	Name                       string `json:"name" readOnly:"true"`
	ExpenseAccountID           *int64 `json:"expenseAccountId"`
	LiabilityAccountID         *int64 `json:"liabilityAccountId,omitempty"`
	AccrueFromContingentPeriod *bool  `json:"accrueFromContingentPeriod,omitempty"`
	IsLongServiceLeave         *bool  `json:"isLongServiceLeave,omitempty" readOnly:"true"`
	SplitByLocation            *bool  `json:"splitByLocation,omitempty"`
	SplitByEmployingEntity     *bool  `json:"splitByEmployingEntity,omitempty"`
}

// ChartOfAccountsMappings are the per-category mappings. Reads list every
// category of the business; writes change the categories they name.
type ChartOfAccountsMappings struct {
	LeaveCategories             []ChartOfAccountsCategory `json:"leaveCategories"`
	PayCategories               []ChartOfAccountsCategory `json:"payCategories"`
	DeductionCategories         []ChartOfAccountsCategory `json:"deductionCategories"`
	EmployeeExpenseCategories   []ChartOfAccountsCategory `json:"employeeExpenseCategories"`
	EmployerLiabilityCategories []ChartOfAccountsCategory `json:"employerLiabilityCategories"`
}

// ChartOfAccountsGroup is the business-wide chart (AuChartOfAccountsGroupModel).
type ChartOfAccountsGroup struct {
	DefaultAccounts ChartOfAccountsDefaultAccounts `json:"defaultAccounts"`
	ChartOfAccountsMappings
}

// ChartOfAccountsOverrideGroup overrides the chart for one location or
// one employing entity (AuChartOfAccountsLocationGroupModel /
// ...EmployingEntityGroupModel): unset accounts fall back to the chart.
type ChartOfAccountsOverrideGroup struct {
	LocationID        int64                   `json:"locationId,omitempty"`
	EmployingEntityID int64                   `json:"employingEntityId,omitempty"`
	DefaultAccounts   ChartOfAccountsAccounts `json:"defaultAccounts"`
	ChartOfAccountsMappings
}

// ChartOfAccounts is the whole chart of a business (AuChartOfAccountsModel).
type ChartOfAccounts struct {
	Complete                               bool                           `json:"complete" doc:"every default account of the business's region is mapped"`
	ChartofAccounts                        ChartOfAccountsGroup           `json:"chartofAccounts"`
	LocationSpecificChartOfAccounts        []ChartOfAccountsOverrideGroup `json:"locationSpecificChartOfAccounts"`
	EmployingEntitySpecificChartOfAccounts []ChartOfAccountsOverrideGroup `json:"employingEntitySpecificChartOfAccounts"`
}

// ChartOfAccountsScope names the location or employing entity an
// override is for.
type ChartOfAccountsScope struct {
	Kind string // KindLocation or KindEmployingEntity
	ID   int64
}

func (s ChartOfAccountsScope) key() string   { return fmt.Sprintf("%s:%d", s.Kind, s.ID) }
func (s ChartOfAccountsScope) label() string { return strings.ReplaceAll(s.Kind, "_", " ") }

// refKind is the from_kind of the override's references.
func (s ChartOfAccountsScope) refKind() string {
	if s.Kind == record.KindLocation {
		return KindChartOfAccountsLocation
	}
	return KindChartOfAccountsEmployingEntity
}

// accountField is one default account member, found by reflection so the
// member list above is the only place that names them.
type accountField struct {
	index  int
	json   string
	slot   string
	region []string
}

func fieldsOf(t reflect.Type) []accountField {
	out := make([]accountField, t.NumField())
	for i := range out {
		f := t.Field(i)
		out[i] = accountField{index: i, json: strings.Split(f.Tag.Get("json"), ",")[0], slot: f.Tag.Get("slot")}
		if r := f.Tag.Get("region"); r != "" {
			out[i].region = []string{r}
		}
	}
	return out
}

var (
	accountFields = fieldsOf(reflect.TypeOf(ChartOfAccountsAccounts{}))
	splitFields   = fieldsOf(reflect.TypeOf(ChartOfAccountsSplits{}))
)

// tidy refuses accounts of another region's slots (400 naming
// prefix+member) and reports the references of the rest.
func (a *ChartOfAccountsAccounts) tidy(region, prefix string, v *payroll.Validation) []record.Ref {
	rv := reflect.ValueOf(a).Elem()
	var refs []record.Ref
	for _, f := range accountFields {
		id, _ := rv.Field(f.index).Interface().(*int64)
		switch {
		case id == nil:
		case !record.RegionIn(f.region, region):
			v.Add(prefix+f.json, "%s is for businesses in %s", f.json, strings.Join(f.region, ", "))
		case *id == 0:
			rv.Field(f.index).Set(reflect.Zero(rv.Field(f.index).Type()))
		default:
			refs = append(refs, record.Ref{Field: prefix + f.json, Kind: record.KindAccount, ID: *id})
		}
	}
	return refs
}

// complete reports whether every account of region's slots is set.
func (a ChartOfAccountsAccounts) complete(region string) bool {
	rv := reflect.ValueOf(a)
	for _, f := range accountFields {
		if record.RegionIn(f.region, region) && rv.Field(f.index).IsNil() {
			return false
		}
	}
	return true
}

// AccountCollections holds the journal accounts and the chart of accounts
// mappings (business-wide and per location / employing entity).
type AccountCollections struct {
	Accounts              record.Collection[JournalAccount, *JournalAccount]
	ChartOfAccountsGroup  record.Settings[ChartOfAccountsGroup]
	ChartOfAccountsScoped record.Settings[ChartOfAccountsOverrideGroup]
}

func NewAccountCollections(s *record.Service) *AccountCollections {
	return &AccountCollections{
		Accounts:             record.Collection[JournalAccount, *JournalAccount]{S: s, Kind: record.KindAccount, Label: "journal account", UniqueName: true},
		ChartOfAccountsGroup: record.Settings[ChartOfAccountsGroup]{S: s, Kind: KindChartOfAccounts, Label: "chart of accounts"},
		ChartOfAccountsScoped: record.Settings[ChartOfAccountsOverrideGroup]{S: s, Kind: "chart_of_accounts_override",
			Label: "chart of accounts overrides"},
	}
}

const KindChartOfAccounts = "chart_of_accounts"

const KindChartOfAccountsLocation = "chart_of_accounts_location"

const KindChartOfAccountsEmployingEntity = "chart_of_accounts_employing_entity"
