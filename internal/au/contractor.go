package au

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Contractor is an AU contractor paid through payroll
// (AuContractorUnstructuredModel). Like the unstructured employee, pay
// defaults name other records (paySchedule, primaryPayCategory,
// primaryLocation, "|"-separated locations and workTypes); the names must
// exist in the business. isActive is false once deactivated.
type Contractor struct {
	record.Base
	ExternalID                       string           `json:"externalId" maxLength:"50"`
	Title                            string           `json:"title" maxLength:"50"`
	FirstName                        string           `json:"firstName" maxLength:"50"`
	MiddleName                       string           `json:"middleName" maxLength:"50"`
	Surname                          string           `json:"surname" maxLength:"50"`
	PreferredName                    string           `json:"preferredName" maxLength:"50"`
	DateOfBirth                      payroll.DateTime `json:"dateOfBirth"`
	ABN                              string           `json:"abn"`
	TradingName                      string           `json:"tradingName" maxLength:"200"`
	RegisteredForGst                 string           `json:"registeredForGst" doc:"true or false"`
	CommissionerInstalmentRate       *payroll.Rate    `json:"commissionerInstalmentRate" nullable:"true"`
	TaxCalculation                   string           `json:"taxCalculation" maxLength:"50"`
	TaxFileNumber                    string           `json:"taxFileNumber"`
	PayrollID                        string           `json:"payrollId" maxLength:"50"`
	IsExemptFromPayrollTax           *bool            `json:"isExemptFromPayrollTax"`
	ResidentialStreetAddress         string           `json:"residentialStreetAddress" maxLength:"200"`
	ResidentialAddressLine2          string           `json:"residentialAddressLine2" maxLength:"200"`
	ResidentialSuburb                string           `json:"residentialSuburb" maxLength:"100"`
	ResidentialState                 string           `json:"residentialState"`
	ResidentialPostCode              string           `json:"residentialPostCode" maxLength:"20"`
	ResidentialCountry               string           `json:"residentialCountry" maxLength:"100"`
	ResidentialAddressIsOverseas     *bool            `json:"residentialAddressIsOverseas"`
	PostalStreetAddress              string           `json:"postalStreetAddress" maxLength:"200"`
	PostalAddressLine2               string           `json:"postalAddressLine2" maxLength:"200"`
	PostalSuburb                     string           `json:"postalSuburb" maxLength:"100"`
	PostalState                      string           `json:"postalState"`
	PostalPostCode                   string           `json:"postalPostCode" maxLength:"20"`
	PostalCountry                    string           `json:"postalCountry" maxLength:"100"`
	PostalAddressIsOverseas          *bool            `json:"postalAddressIsOverseas"`
	EmailAddress                     string           `json:"emailAddress"`
	HomePhone                        string           `json:"homePhone" maxLength:"50"`
	WorkPhone                        string           `json:"workPhone" maxLength:"50"`
	MobilePhone                      string           `json:"mobilePhone" maxLength:"50"`
	StartDate                        payroll.DateTime `json:"startDate"`
	EndDate                          payroll.DateTime `json:"endDate"`
	TerminationReason                string           `json:"terminationReason" maxLength:"200"`
	Status                           string           `json:"status" enum:"Active,Terminated,Incomplete"`
	IsActive                         bool             `json:"isActive" readOnly:"true"`
	DateCreated                      payroll.DateTime `json:"dateCreated" readOnly:"true"`
	EmployingEntityID                string           `json:"employingEntityId" doc:"id of an employing entity"`
	EmployingEntityABN               string           `json:"employingEntityABN"`
	PaySchedule                      string           `json:"paySchedule" doc:"pay schedule name"`
	PrimaryPayCategory               string           `json:"primaryPayCategory" doc:"pay category name"`
	PrimaryLocation                  string           `json:"primaryLocation" doc:"location name"`
	Locations                        string           `json:"locations" doc:"location names separated by |"`
	WorkTypes                        string           `json:"workTypes" doc:"work type names separated by |"`
	Rate                             *payroll.Money   `json:"rate" nullable:"true"`
	RateUnit                         string           `json:"rateUnit" enum:"Hourly,Annually,Fixed,Daily,Monthly,Weekly"`
	HoursPerWeek                     *payroll.Rate    `json:"hoursPerWeek" nullable:"true"`
	HoursPerDay                      *payroll.Rate    `json:"hoursPerDay" nullable:"true"`
	OverrideTemplateRate             string           `json:"overrideTemplateRate"`
	PayRateTemplate                  string           `json:"payRateTemplate"`
	PayConditionRuleSet              string           `json:"payConditionRuleSet"`
	AutomaticallyPayEmployee         string           `json:"automaticallyPayEmployee" doc:"true or false"`
	IsEnabledForTimesheets           string           `json:"isEnabledForTimesheets" doc:"true or false"`
	ReportingDimensionValues         string           `json:"reportingDimensionValues"`
	Tags                             string           `json:"tags"`
	EmergencyContact1Name            string           `json:"emergencyContact1_Name" maxLength:"100"`
	EmergencyContact1Relationship    string           `json:"emergencyContact1_Relationship" maxLength:"100"`
	EmergencyContact1Address         string           `json:"emergencyContact1_Address" maxLength:"500"`
	EmergencyContact1ContactNumber   string           `json:"emergencyContact1_ContactNumber" maxLength:"50"`
	EmergencyContact1AlternateNumber string           `json:"emergencyContact1_AlternateContactNumber" maxLength:"50"`
	EmergencyContact2Name            string           `json:"emergencyContact2_Name" maxLength:"100"`
	EmergencyContact2Relationship    string           `json:"emergencyContact2_Relationship" maxLength:"100"`
	EmergencyContact2Address         string           `json:"emergencyContact2_Address" maxLength:"500"`
	EmergencyContact2ContactNumber   string           `json:"emergencyContact2_ContactNumber" maxLength:"50"`
	EmergencyContact2AlternateNumber string           `json:"emergencyContact2_AlternateContactNumber" maxLength:"50"`
	BankAccount1BSB                  string           `json:"bankAccount1_BSB"`
	BankAccount1AccountNumber        string           `json:"bankAccount1_AccountNumber"`
	BankAccount1AccountName          string           `json:"bankAccount1_AccountName" maxLength:"32"`
	BankAccount1AllocatedPercentage  *payroll.Rate    `json:"bankAccount1_AllocatedPercentage" nullable:"true"`
	BankAccount1FixedAmount          *payroll.Money   `json:"bankAccount1_FixedAmount" nullable:"true"`
	BankAccount2BSB                  string           `json:"bankAccount2_BSB"`
	BankAccount2AccountNumber        string           `json:"bankAccount2_AccountNumber"`
	BankAccount2AccountName          string           `json:"bankAccount2_AccountName" maxLength:"32"`
	BankAccount2AllocatedPercentage  *payroll.Rate    `json:"bankAccount2_AllocatedPercentage" nullable:"true"`
	BankAccount2FixedAmount          *payroll.Money   `json:"bankAccount2_FixedAmount" nullable:"true"`
	BankAccount3BSB                  string           `json:"bankAccount3_BSB"`
	BankAccount3AccountNumber        string           `json:"bankAccount3_AccountNumber"`
	BankAccount3AccountName          string           `json:"bankAccount3_AccountName" maxLength:"32"`
	BankAccount3AllocatedPercentage  *payroll.Rate    `json:"bankAccount3_AllocatedPercentage" nullable:"true"`
	BankAccount3FixedAmount          *payroll.Money   `json:"bankAccount3_FixedAmount" nullable:"true"`
	SuperFund1ProductCode            string           `json:"superFund1_ProductCode"`
	SuperFund1FundName               string           `json:"superFund1_FundName" maxLength:"200"`
	SuperFund1MemberNumber           string           `json:"superFund1_MemberNumber" maxLength:"50"`
	SuperFund1AllocatedPercentage    *payroll.Rate    `json:"superFund1_AllocatedPercentage" nullable:"true"`
	SuperFund1FixedAmount            *payroll.Money   `json:"superFund1_FixedAmount" nullable:"true"`
	SuperFund1EmployerNominatedFund  *bool            `json:"superFund1_EmployerNominatedFund"`
	SuperFund2ProductCode            string           `json:"superFund2_ProductCode"`
	SuperFund2FundName               string           `json:"superFund2_FundName" maxLength:"200"`
	SuperFund2MemberNumber           string           `json:"superFund2_MemberNumber" maxLength:"50"`
	SuperFund2AllocatedPercentage    *payroll.Rate    `json:"superFund2_AllocatedPercentage" nullable:"true"`
	SuperFund2FixedAmount            *payroll.Money   `json:"superFund2_FixedAmount" nullable:"true"`
	SuperFund2EmployerNominatedFund  *bool            `json:"superFund2_EmployerNominatedFund"`
	SuperFund3ProductCode            string           `json:"superFund3_ProductCode"`
	SuperFund3FundName               string           `json:"superFund3_FundName" maxLength:"200"`
	SuperFund3MemberNumber           string           `json:"superFund3_MemberNumber" maxLength:"50"`
	SuperFund3AllocatedPercentage    *payroll.Rate    `json:"superFund3_AllocatedPercentage" nullable:"true"`
	SuperFund3FixedAmount            *payroll.Money   `json:"superFund3_FixedAmount" nullable:"true"`
	SuperFund3EmployerNominatedFund  *bool            `json:"superFund3_EmployerNominatedFund"`
	SuperThresholdAmount             *payroll.Money   `json:"superThresholdAmount" nullable:"true"`
	MaximumQuarterlySuperBase        *payroll.Money   `json:"maximumQuarterlySuperContributionsBase" nullable:"true"`
	MaximumAnnualSuperBase           *payroll.Money   `json:"maximumAnnualSuperContributionsBase" nullable:"true"`
}

// ContractorSummary is the list item (ContractorSimpleModel).
type ContractorSummary struct {
	ID          int64            `json:"id"`
	FirstName   string           `json:"firstName"`
	Surname     string           `json:"surname"`
	TradingName string           `json:"tradingName"`
	ABN         string           `json:"abn"`
	DateOfBirth payroll.DateTime `json:"dateOfBirth"`
	StartDate   payroll.DateTime `json:"startDate"`
}

func (c *Contractor) RecordName() string       { return strings.TrimSpace(c.FirstName + " " + c.Surname) }
func (c *Contractor) RecordExternalID() string { return c.ExternalID }

// Validate checks the contractor's own members.
func (c *Contractor) Validate(v *payroll.Validation) {
	c.FirstName, c.Surname = strings.TrimSpace(c.FirstName), strings.TrimSpace(c.Surname)
	v.Required("firstName", c.FirstName)
	v.Required("surname", c.Surname)
	schedABN(v, "abn", &c.ABN, false)
	schedABN(v, "employingEntityABN", &c.EmployingEntityABN, false)
	if c.TaxFileNumber = strings.TrimSpace(c.TaxFileNumber); c.TaxFileNumber != "" && !payroll.ValidTFN(c.TaxFileNumber) {
		v.Add("taxFileNumber", "taxFileNumber is not a valid tax file number")
	}
	schedEmail(v, "emailAddress", &c.EmailAddress)
	for _, s := range []struct {
		field    string
		state    *string
		overseas *bool
	}{{"residentialState", &c.ResidentialState, c.ResidentialAddressIsOverseas}, {"postalState", &c.PostalState, c.PostalAddressIsOverseas}} {
		if s.overseas == nil || !*s.overseas {
			schedState(v, s.field, s.state)
		}
	}
	for _, b := range []struct {
		n            int
		bsb, account *string
		percent      *payroll.Rate
	}{{1, &c.BankAccount1BSB, &c.BankAccount1AccountNumber, c.BankAccount1AllocatedPercentage},
		{2, &c.BankAccount2BSB, &c.BankAccount2AccountNumber, c.BankAccount2AllocatedPercentage},
		{3, &c.BankAccount3BSB, &c.BankAccount3AccountNumber, c.BankAccount3AllocatedPercentage}} {
		prefix := fmt.Sprintf("bankAccount%d_", b.n)
		has := *b.bsb != "" || *b.account != ""
		CheckBSB(v, prefix+"BSB", b.bsb, has)
		CheckAccountNumber(v, prefix+"AccountNumber", b.account, has)
		schedPercent(v, prefix+"AllocatedPercentage", b.percent)
	}
	for i, p := range []*payroll.Rate{c.SuperFund1AllocatedPercentage, c.SuperFund2AllocatedPercentage, c.SuperFund3AllocatedPercentage} {
		schedPercent(v, fmt.Sprintf("superFund%d_AllocatedPercentage", i+1), p)
	}
	for field, s := range map[string]*string{"registeredForGst": &c.RegisteredForGst,
		"automaticallyPayEmployee": &c.AutomaticallyPayEmployee, "isEnabledForTimesheets": &c.IsEnabledForTimesheets} {
		if *s == "" {
			continue
		}
		b, err := strconv.ParseBool(strings.TrimSpace(*s))
		if err != nil {
			v.Add(field, "%s must be true or false", field)
			continue
		}
		*s = strconv.FormatBool(b)
	}
	if c.EmployingEntityID != "" {
		if id, err := strconv.ParseInt(c.EmployingEntityID, 10, 64); err != nil || id <= 0 {
			v.Add("employingEntityId", "employingEntityId must be an employing entity id")
		}
	}
	if c.Status == "" {
		c.Status = "Active"
	}
	if c.Status == "Terminated" && c.EndDate.IsZero() {
		v.Add("endDate", "endDate is required for a terminated contractor")
	}
	if !c.EndDate.IsZero() && !c.StartDate.IsZero() && c.EndDate.Before(c.StartDate.Time) {
		v.Add("endDate", "endDate must not be before startDate")
	}
	if c.Rate != nil && c.Rate.IsNeg() {
		v.Add("rate", "rate must not be negative")
	}
	if c.RateUnit == "" && c.Rate != nil {
		c.RateUnit = "Hourly"
	}
	c.IsActive = c.Status != "Terminated"
}

func schedPercent(v *payroll.Validation, field string, p *payroll.Rate) {
	if p != nil && !p.Within(0, 100) {
		v.Add(field, "%s must be a percentage between 0 and 100", field)
	}
}

// References names the employing entity.
func (c *Contractor) References() []record.Ref {
	id, _ := strconv.ParseInt(c.EmployingEntityID, 10, 64)
	return []record.Ref{{Field: "employingEntityId", Kind: record.KindEmployingEntity, ID: id}}
}

// checkContractor checks the pay defaults given by name exist.
func checkContractor(ctx context.Context, q *store.Queries, bizID int64, c *Contractor) error {
	names := []struct {
		field, kind, value string
	}{
		{"paySchedule", record.KindPaySchedule, c.PaySchedule},
		{"primaryPayCategory", record.KindPayCategory, c.PrimaryPayCategory},
		{"primaryLocation", record.KindLocation, c.PrimaryLocation},
	}
	for _, l := range strings.Split(c.Locations, "|") {
		names = append(names, struct{ field, kind, value string }{"locations", record.KindLocation, l})
	}
	for _, w := range strings.Split(c.WorkTypes, "|") {
		names = append(names, struct{ field, kind, value string }{"workTypes", record.KindWorkType, w})
	}
	for _, n := range names {
		name := strings.TrimSpace(n.value)
		if name == "" {
			continue
		}
		rows, err := q.ListRecordsByName(ctx, store.ListRecordsByNameParams{BusinessID: bizID, Kind: n.kind, Lower: name})
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return payroll.Invalid(n.field, "no %s named %q exists in this business", strings.ReplaceAll(n.kind, "_", " "), name)
		}
	}
	return nil
}

// schedClear applies the "(clear)" convention of partial updates: a string
// member sent as "(clear)" is blanked.
func schedClear(v any) {
	rv := reflect.ValueOf(v).Elem()
	for i := 0; i < rv.NumField(); i++ {
		if f := rv.Field(i); f.Kind() == reflect.String && strings.EqualFold(f.String(), "(clear)") {
			f.SetString("")
		}
	}
}

// SaveContractor is POST B/contractor: the contractor named by id, or else
// by externalId, is updated with the members the body has (a body id that
// names no contractor is a 404; two contractors with that external id a
// 409); otherwise a new contractor is created.
func (c *AUCollections) SaveContractor(ctx context.Context, biz business.Business, raw []byte) (Contractor, error) {
	var probe struct {
		ID         int64  `json:"id"`
		ExternalID string `json:"externalId"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		return Contractor{}, payroll.Invalid("body", "%s", err.Error())
	}
	id := probe.ID
	if id == 0 && strings.TrimSpace(probe.ExternalID) != "" {
		matches, err := c.Contractors.ByExternalID(ctx, biz, strings.TrimSpace(probe.ExternalID))
		if err != nil {
			return Contractor{}, err
		}
		switch len(matches) {
		case 0:
		case 1:
			id = matches[0].ID
		default:
			return Contractor{}, payroll.Conflict("%d contractors have externalId %q", len(matches), probe.ExternalID)
		}
	}
	if id != 0 {
		return c.UpdateContractor(ctx, biz, id, raw)
	}
	var v Contractor
	if err := json.Unmarshal(raw, &v); err != nil {
		return Contractor{}, payroll.Invalid("body", "%s", err.Error())
	}
	schedClear(&v)
	v.DateCreated = payroll.NewDateTime(c.Contractors.S.Clock.Now())
	return c.Contractors.Create(ctx, biz, 0, &v)
}

// UpdateContractor merges the members of raw onto the contractor; omitted
// members keep their values and "(clear)" blanks a string.
func (c *AUCollections) UpdateContractor(ctx context.Context, biz business.Business, id int64, raw []byte) (Contractor, error) {
	return c.Contractors.Update(ctx, biz, 0, id, func(cur *Contractor) error {
		created := cur.DateCreated
		if err := json.Unmarshal(raw, cur); err != nil {
			return payroll.Invalid("body", "%s", err.Error())
		}
		schedClear(cur)
		cur.DateCreated = created
		return nil
	})
}

// DeactivateContractor ends a contractor's engagement on endDate (today by
// the clock when zero). The record stays readable with isActive false.
func (c *AUCollections) DeactivateContractor(ctx context.Context, biz business.Business, id int64, endDate payroll.DateTime) (Contractor, error) {
	if endDate.IsZero() {
		endDate = payroll.NewDateTime(payroll.DateOnly(c.Contractors.S.Clock.Now()))
	}
	return c.Contractors.Update(ctx, biz, 0, id, func(cur *Contractor) error {
		if cur.Status == "Terminated" {
			return payroll.Conflict("contractor %d is already deactivated", id)
		}
		cur.Status, cur.EndDate = "Terminated", endDate
		return nil
	})
}

// ActiveContractors lists contractors not deactivated (GET B/contractor).
func (c *AUCollections) ActiveContractors(ctx context.Context, biz business.Business) ([]ContractorSummary, error) {
	all, err := c.Contractors.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	out := []ContractorSummary{}
	for _, x := range all {
		if x.IsActive {
			out = append(out, ContractorSummary{ID: x.ID, FirstName: x.FirstName, Surname: x.Surname, TradingName: x.TradingName,
				ABN: x.ABN, DateOfBirth: x.DateOfBirth, StartDate: x.StartDate})
		}
	}
	return out, nil
}
