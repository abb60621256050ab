// Package business owns businesses (the tenants) and who may access them.
package business

import (
	"encoding/json"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Regions a business can be in; the region decides which region-specific
// operations and pay rules apply.
var Regions = []string{"AU", "UK", "NZ", "SG", "MY"}

// Details are the descriptive settings of a business, stored as one
// document: nothing queries them, they are stored and returned.
type Details struct {
	LegalName                    string           `json:"legalName"`
	ABN                          string           `json:"abn"`
	Suburb                       string           `json:"suburb"`
	State                        string           `json:"state"`
	AddressLine1                 string           `json:"addressLine1"`
	AddressLine2                 string           `json:"addressLine2"`
	PostCode                     string           `json:"postCode"`
	City                         string           `json:"city"`
	County                       string           `json:"county"`
	ContactName                  string           `json:"contactName"`
	ContactEmailAddress          string           `json:"contactEmailAddress"`
	ContactPhoneNumber           string           `json:"contactPhoneNumber"`
	ContactFaxNumber             string           `json:"contactFaxNumber"`
	StandardHoursPerDay          payroll.Rate     `json:"standardHoursPerDay"`
	JournalService               string           `json:"journalService"`
	EndOfWeek                    string           `json:"endOfWeek" enum:"Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday"`
	InitialFinancialYearStart    *int             `json:"initialFinancialYearStart"`
	ManagersCanEditRosterBudgets *bool            `json:"managersCanEditRosterBudgets"`
	BudgetWarningPercent         *payroll.Rate    `json:"budgetWarningPercent" nullable:"true"`
	BudgetEntryMethod            string           `json:"budgetEntryMethod" enum:"PercentageOfSales,Direct"`
	PromoCode                    string           `json:"promoCode"`
	LeaveAccrualStartDateType    string           `json:"leaveAccrualStartDateType" enum:"EmployeeStartDate,SpecifiedDate,CalendarYear,CategorySpecificDate"`
	LeaveYearStart               payroll.DateTime `json:"leaveYearStart"`
	Source                       ExternalService  `json:"source" nullable:"true"`
	NumberOfEmployees            string           `json:"numberOfEmployees" enum:"OneToTen,ElevenToFifty,FiftyOneToTwoFifty,TwoFiftyOneAndUp"`
	IndustryName                 string           `json:"industryName"`
	PayCycleFrequency            string           `json:"payCycleFrequency" enum:"Weekly,Fortnightly,Monthly,FourWeekly,Quarterly,Annually,HalfMonthly"`
	ManagementSoftwareID         string           `json:"managementSoftwareId"`
	SbrSoftwareProvider          string           `json:"sbrSoftwareProvider"`
	SbrSoftwareID                string           `json:"sbrSoftwareId"`
	IsForeignEntity              bool             `json:"isForeignEntity"`
	ForeignEntityCountry         string           `json:"foreignEntityCountry"`
	DefaultSuperRate             payroll.Rate     `json:"defaultSuperRate"`
	IsSmsNotificationEnabled     bool             `json:"isSmsNotificationEnabled"`
	Chrn                         string           `json:"chrn"`
	AutoEnrolmentStagingDate     payroll.DateTime `json:"autoEnrolmentStagingDate"`
}

// ExternalService names the system a record came from (the published
// API's Nullable<ExternalService>): null on the wire when unset, since ""
// is no name a client can map.
type ExternalService string

// MarshalJSON writes null for an unset source.
func (e ExternalService) MarshalJSON() ([]byte, error) {
	if e == "" {
		return []byte("null"), nil
	}
	return json.Marshal(string(e))
}

// enumDefaults gives unset enums the value a new business has: clients
// cannot read "" as an enum.
func (d *Details) enumDefaults() {
	for _, f := range []struct {
		v   *string
		def string
	}{
		{&d.BudgetEntryMethod, "PercentageOfSales"}, {&d.LeaveAccrualStartDateType, "EmployeeStartDate"},
		{&d.NumberOfEmployees, "OneToTen"}, {&d.PayCycleFrequency, "Weekly"}, {&d.EndOfWeek, "Sunday"},
	} {
		if *f.v == "" {
			*f.v = f.def
		}
	}
}

// Business is a tenant.
type Business struct {
	ID           int64
	Name         string
	Region       string
	ExternalID   string
	BrandID      int64
	WhiteLabelID int64
	Details      Details
	DateCreated  payroll.DateTime
}

// Input is what create and update accept.
type Input struct {
	Name         string
	Region       string
	ExternalID   string
	WhiteLabelID int64
	Details      Details
}

// Validate checks and tidies the input.
func (in *Input) Validate(creating bool) error {
	var v payroll.Validation
	in.Name = strings.TrimSpace(in.Name)
	v.Required("name", in.Name)
	v.MaxLen("name", in.Name, 200)
	v.MaxLen("externalId", in.ExternalID, 50)
	if creating {
		in.Region = strings.ToUpper(strings.TrimSpace(in.Region))
		if in.Region == "" {
			in.Region = "AU"
		}
		if in.Region == "GB" {
			in.Region = "UK"
		}
		if !contains(Regions, in.Region) {
			v.Add("region", "region must be one of %s", strings.Join(Regions, ", "))
		}
	}
	d := &in.Details
	v.MaxLen("legalName", d.LegalName, 200)
	if d.ABN != "" && in.Region == "AU" && !payroll.ValidABN(d.ABN) {
		v.Add("abn", "abn is not a valid Australian Business Number")
	}
	if d.ContactEmailAddress != "" && !payroll.ValidEmail(d.ContactEmailAddress) {
		v.Add("contactEmailAddress", "contactEmailAddress is not a valid email address")
	}
	if !d.StandardHoursPerDay.Within(0, 24) {
		v.Add("standardHoursPerDay", "standardHoursPerDay must be between 0 and 24")
	}
	if d.StandardHoursPerDay.IsZero() {
		d.StandardHoursPerDay = payroll.MustRate("7.6")
	}
	if d.EndOfWeek == "" {
		d.EndOfWeek = "Sunday"
	}
	d.enumDefaults()
	if d.InitialFinancialYearStart != nil && (*d.InitialFinancialYearStart < 1900 || *d.InitialFinancialYearStart > 2200) {
		v.Add("initialFinancialYearStart", "initialFinancialYearStart must be a year")
	}
	if !d.DefaultSuperRate.Within(0, 100) {
		v.Add("defaultSuperRate", "defaultSuperRate must be a percentage between 0 and 100")
	}
	return v.Err()
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}
