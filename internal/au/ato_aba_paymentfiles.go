package au

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// AtoSupplier is the business's ATO supplier (payer or intermediary)
// details used in lodgements (BusinessAtoSupplierModel, AU). id is the
// business id.
type AtoSupplier struct {
	ID                       int64  `json:"id" readOnly:"true"`
	ABN                      string `json:"abn"`
	Name                     string `json:"name" maxLength:"200"`
	AddressLine1             string `json:"addressLine1" maxLength:"200"`
	AddressLine2             string `json:"addressLine2" maxLength:"200"`
	Suburb                   string `json:"suburb" maxLength:"100"`
	State                    string `json:"state"`
	PostCode                 string `json:"postCode"`
	ContactName              string `json:"contactName" maxLength:"100"`
	SignatoryName            string `json:"signatoryName" maxLength:"100"`
	PhoneNumber              string `json:"phoneNumber" maxLength:"50"`
	FaxNumber                string `json:"faxNumber" maxLength:"50"`
	Country                  string `json:"country" maxLength:"100"`
	Branch                   string `json:"branch" doc:"ABN branch number, 3 digits"`
	Role                     string `json:"role" enum:"Employer,RegisteredTaxAgent,Intermediary"`
	TaxAgentNumber           string `json:"taxAgentNumber"`
	IntermediaryABN          string `json:"intermediaryAbn"`
	IntermediaryContactName  string `json:"intermediaryContactName" maxLength:"100"`
	IntermediaryContactEmail string `json:"intermediaryContactEmail"`
	IntermediaryContactPhone string `json:"intermediaryContactPhone" maxLength:"50"`
}

// StpRegistration is the business's Single Touch Payroll registration
// (AuStpRegistrationModel): who lodges, how the ATO was told about this
// software (atoIntegrationOption) and the software ID (SSID) it was told.
type StpRegistration struct {
	Name                      string `json:"name" maxLength:"200"`
	Branch                    string `json:"branch"`
	ABN                       string `json:"abn"`
	ContactName               string `json:"contactName" maxLength:"100"`
	ContactPhoneNumber        string `json:"contactPhoneNumber" maxLength:"50"`
	ContactEmailAddress       string `json:"contactEmailAddress"`
	AddressLine1              string `json:"addressLine1" maxLength:"200"`
	AddressLine2              string `json:"addressLine2" maxLength:"200"`
	SuburbID                  *int64 `json:"suburbId"`
	Suburb                    string `json:"suburb" maxLength:"100"`
	PostCode                  string `json:"postCode"`
	State                     string `json:"state"`
	LodgementRole             string `json:"lodgementRole" enum:"Employer,RegisteredTaxAgent,Intermediary"`
	TaxAgentNumber            string `json:"taxAgentNumber"`
	IntermediaryABN           string `json:"intermediaryAbn"`
	IntermediaryContactName   string `json:"intermediaryContactName" maxLength:"100"`
	IntermediaryContactEmail  string `json:"intermediaryContactEmail"`
	IntermediaryContactPhone  string `json:"intermediaryContactPhone" maxLength:"50"`
	AtoIntegrationOption      string `json:"atoIntegrationOption" enum:"None,Phone,AccessManager" doc:"how the software ID was notified to the ATO"`
	SbrSoftwareID             string `json:"sbrSoftwareId" doc:"software ID (SSID) notified to the ATO"`
	SbrSoftwareProvider       string `json:"sbrSoftwareProvider" maxLength:"100"`
	SignatoryName             string `json:"signatoryName" maxLength:"100"`
	SbrEnabled                bool   `json:"sbrEnabled"`
	SingleTouchPayrollEnabled bool   `json:"singleTouchPayrollEnabled"`
}

// schedLodgerRole is what the ATO and STP documents share: who lodges, and the
// agent or intermediary details that role needs.
type schedLodgerRole struct {
	field                                 string // wire name of the role member
	role                                  *string
	agentNumber, abn, contactName, email  *string
	agentField, abnField, nameField, mail string
}

func (r schedLodgerRole) validate(v *payroll.Validation) {
	if *r.role == "" {
		*r.role = "Employer"
	}
	*r.agentNumber = strings.TrimSpace(*r.agentNumber)
	if *r.agentNumber != "" && (!record.IsDigits(*r.agentNumber) || len(*r.agentNumber) > 9) {
		v.Add(r.agentField, "%s must be the agent's registration number (digits)", r.agentField)
	}
	schedABN(v, r.abnField, r.abn, false)
	schedEmail(v, r.mail, r.email)
	switch *r.role {
	case "RegisteredTaxAgent":
		if *r.agentNumber == "" {
			v.Add(r.agentField, "%s is required when %s is RegisteredTaxAgent", r.agentField, r.field)
		}
	case "Intermediary":
		if *r.abn == "" {
			v.Add(r.abnField, "%s is required when %s is Intermediary", r.abnField, r.field)
		}
		if strings.TrimSpace(*r.contactName) == "" {
			v.Add(r.nameField, "%s is required when %s is Intermediary", r.nameField, r.field)
		}
	}
}

// schedBranch checks an ABN branch number and pads it to 3 digits.
func schedBranch(v *payroll.Validation, field string, s *string) {
	*s = strings.TrimSpace(*s)
	if *s == "" {
		return
	}
	if !record.IsDigits(*s) || len(*s) > 3 {
		v.Add(field, "%s must be an ABN branch number of up to 3 digits", field)
		return
	}
	*s = strings.Repeat("0", 3-len(*s)) + *s
}

func schedPostCode(v *payroll.Validation, field string, s *string) {
	*s = strings.TrimSpace(*s)
	if *s != "" && (len(*s) != 4 || !record.IsDigits(*s)) {
		v.Add(field, "%s must be a 4-digit Australian postcode", field)
	}
}

// defaultAtoSupplier starts from the business's own details.
func defaultAtoSupplier(biz business.Business) AtoSupplier {
	d := biz.Details
	name := d.LegalName
	if name == "" {
		name = biz.Name
	}
	return AtoSupplier{ID: biz.ID, ABN: d.ABN, Name: name, AddressLine1: d.AddressLine1, AddressLine2: d.AddressLine2,
		Suburb: d.Suburb, State: d.State, PostCode: d.PostCode, ContactName: d.ContactName, PhoneNumber: d.ContactPhoneNumber,
		FaxNumber: d.ContactFaxNumber, Country: "Australia", Branch: "001", Role: "Employer"}
}

func validateAtoSupplier(a *AtoSupplier, v *payroll.Validation) {
	schedABN(v, "abn", &a.ABN, true)
	a.Name = strings.TrimSpace(a.Name)
	v.Required("name", a.Name)
	v.MaxLen("name", a.Name, 200)
	schedState(v, "state", &a.State)
	schedPostCode(v, "postCode", &a.PostCode)
	schedBranch(v, "branch", &a.Branch)
	schedLodgerRole{field: "role", role: &a.Role, agentNumber: &a.TaxAgentNumber, abn: &a.IntermediaryABN,
		contactName: &a.IntermediaryContactName, email: &a.IntermediaryContactEmail, agentField: "taxAgentNumber",
		abnField: "intermediaryAbn", nameField: "intermediaryContactName", mail: "intermediaryContactEmail"}.validate(v)
}

// defaultStpRegistration starts from the business's own details and the
// software ID recorded on the business.
func defaultStpRegistration(biz business.Business) StpRegistration {
	d := biz.Details
	name := d.LegalName
	if name == "" {
		name = biz.Name
	}
	return StpRegistration{Name: name, Branch: "001", ABN: d.ABN, ContactName: d.ContactName, ContactPhoneNumber: d.ContactPhoneNumber,
		ContactEmailAddress: d.ContactEmailAddress, AddressLine1: d.AddressLine1, AddressLine2: d.AddressLine2, Suburb: d.Suburb,
		PostCode: d.PostCode, State: d.State, LodgementRole: "Employer", AtoIntegrationOption: "None",
		SbrSoftwareID: d.SbrSoftwareID, SbrSoftwareProvider: d.SbrSoftwareProvider}
}

// validateStpRegistration: turning STP on needs the payer's identity, a
// contact, and a software ID the ATO was told about.
func validateStpRegistration(s *StpRegistration, v *payroll.Validation) {
	schedABN(v, "abn", &s.ABN, s.SingleTouchPayrollEnabled)
	schedEmail(v, "contactEmailAddress", &s.ContactEmailAddress)
	schedState(v, "state", &s.State)
	schedPostCode(v, "postCode", &s.PostCode)
	schedBranch(v, "branch", &s.Branch)
	if s.AtoIntegrationOption == "" {
		s.AtoIntegrationOption = "None"
	}
	s.SbrSoftwareID = strings.TrimSpace(s.SbrSoftwareID)
	if s.SbrSoftwareID != "" && (!record.IsDigits(s.SbrSoftwareID) || len(s.SbrSoftwareID) > 20) {
		v.Add("sbrSoftwareId", "sbrSoftwareId must be the software ID (digits) notified to the ATO")
	}
	if s.SingleTouchPayrollEnabled {
		v.Required("name", s.Name)
		v.Required("contactName", s.ContactName)
		v.Required("contactEmailAddress", s.ContactEmailAddress)
		if s.AtoIntegrationOption == "None" {
			v.Add("atoIntegrationOption", "atoIntegrationOption must say how the software ID was notified to the ATO (Phone or AccessManager) before STP is enabled")
		}
		if s.SbrSoftwareID == "" {
			v.Add("sbrSoftwareId", "sbrSoftwareId is required before STP is enabled")
		}
	}
	schedLodgerRole{field: "lodgementRole", role: &s.LodgementRole, agentNumber: &s.TaxAgentNumber, abn: &s.IntermediaryABN,
		contactName: &s.IntermediaryContactName, email: &s.IntermediaryContactEmail, agentField: "taxAgentNumber",
		abnField: "intermediaryAbn", nameField: "intermediaryContactName", mail: "intermediaryContactEmail"}.validate(v)
}

// BusinessAba holds the business's ABA (Australian Banking Association /
// APCA direct entry) bank file settings (BusinessAbaModel). Lengths are
// the direct entry record's field widths.
type BusinessAba struct {
	record.Base
	BSB                             string `json:"bsb" doc:"NNN-NNN"`
	AccountNumber                   string `json:"accountNumber" doc:"at most 9 digits"`
	AccountName                     string `json:"accountName" maxLength:"32"`
	FinancialInstitutionCode        string `json:"financialInstitutionCode" doc:"3-letter bank code, e.g. CBA, WBC, NAB, ANZ"`
	LodgementReference              string `json:"lodgementReference" maxLength:"18"`
	UserName                        string `json:"userName" maxLength:"26" doc:"name of the user supplying the file"`
	UserID                          string `json:"userId" doc:"6-digit APCA user id"`
	IncludeSelfBalancingTransaction bool   `json:"includeSelfBalancingTransaction"`
	MergeMultipleAccountPayments    bool   `json:"mergeMultipleAccountPayments"`
	BalanceLodgementReference       string `json:"balanceLodgementReference" maxLength:"18"`
	PaymentAdditionalContent        string `json:"paymentAdditionalContent" enum:"None,PeriodEndingDate,PaymentDate,EmployeeId,PayRunId"`
	BalanceAdditionalContent        string `json:"balanceAdditionalContent" enum:"None,PeriodEndingDate,PaymentDate,PayRunId"`
}

func (a *BusinessAba) RecordName() string { return a.BSB + " " + a.AccountNumber }

// Validate checks the ABA settings.
func (a *BusinessAba) Validate(v *payroll.Validation) {
	CheckBSB(v, "bsb", &a.BSB, true)
	CheckAccountNumber(v, "accountNumber", &a.AccountNumber, true)
	a.AccountName = strings.TrimSpace(a.AccountName)
	v.Required("accountName", a.AccountName)
	v.MaxLen("accountName", a.AccountName, 32)
	a.FinancialInstitutionCode = strings.ToUpper(strings.TrimSpace(a.FinancialInstitutionCode))
	if len(a.FinancialInstitutionCode) != 3 || strings.Trim(a.FinancialInstitutionCode, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		v.Add("financialInstitutionCode", "financialInstitutionCode must be the bank's 3-letter code")
	}
	a.UserName = strings.TrimSpace(a.UserName)
	v.Required("userName", a.UserName)
	v.MaxLen("userName", a.UserName, 26)
	if a.UserID = strings.TrimSpace(a.UserID); len(a.UserID) != 6 || !record.IsDigits(a.UserID) {
		v.Add("userId", "userId must be the 6-digit APCA user id")
	}
	v.MaxLen("lodgementReference", a.LodgementReference, 18)
	v.MaxLen("balanceLodgementReference", a.BalanceLodgementReference, 18)
	if a.PaymentAdditionalContent == "" {
		a.PaymentAdditionalContent = "None"
	}
	if a.BalanceAdditionalContent == "" {
		a.BalanceAdditionalContent = "None"
	}
}

// PaymentFile holds bank payment file settings for SG (GIRO, SgGiroBankModel)
// and MY (MyBankDetailsModel) businesses; fileFormat names the bank's
// format and decides which members the bank needs.
type PaymentFile struct {
	record.Base
	FileFormat                  string `json:"fileFormat" doc:"the bank file format: SG GiroBankFileFormat or MY BankFileFormatMy names (DBS, UOB, OCBC, Maybank, CIMBBulkPayment, ...)"`
	AccountNumber               string `json:"accountNumber" maxLength:"34"`
	AccountName                 string `json:"accountName" maxLength:"140"`
	LodgementReference          string `json:"lodgementReference" maxLength:"35"`
	PaymentAdditionalContent    string `json:"paymentAdditionalContent" enum:"None,PeriodEndingDate,PaymentDate,EmployeeId,PayRunId"`
	BranchCode                  string `json:"branchCode" maxLength:"20"`
	PaymentCode                 string `json:"paymentCode" maxLength:"20"`
	ValueDateDaysBeforeDatePaid *int   `json:"valueDateDaysBeforeDatePaid"`
	// SG (GIRO)
	BulkCustomerReference      string `json:"bulkCustomerReference" maxLength:"35"`
	BankSwift                  string `json:"bankSwift" doc:"8 or 11 character SWIFT/BIC"`
	CustomerReference          string `json:"customerReference" maxLength:"35"`
	AlternateCustomerReference string `json:"alternateCustomerReference" maxLength:"35"`
	ConfidentialIndicator      *bool  `json:"confidentialIndicator"`
	EnablePaymentNotifications *bool  `json:"enablePaymentNotifications"`
	// MY
	OrganisationCode      string `json:"organisationCode" maxLength:"50"`
	HsbcConnectCustomerID string `json:"hsbcConnectCustomerId" maxLength:"50"`
	HsbcnetCustomerID     string `json:"hsbcnetCustomerId" maxLength:"50"`
	BankCode              string `json:"bankCode" maxLength:"20"`
	CorporateID           string `json:"corporateId" maxLength:"50"`
}

// Bank file formats by region (GiroBankFileFormat, BankFileFormatMy).
var (
	PaymentFileFormatsSG = []string{"DBS", "UOB", "OCBC", "StandardChartered", "Citibank", "HSBC", "BNPParibas", "Mizuho"}
	PaymentFileFormatsMY = []string{"HSBC", "Maybank", "HSBCnet", "AmBank", "CIMBBulkPayment", "PublicBankECP",
		"HongLeongConnectFirst", "HongLeongConnectBiz", "OCBCGiro", "Maybank2UBiz", "Maybank2E_StaffPayroll",
		"RHBSmartPayroll", "AllianceBizSmart", "EAmPayday", "UnitedOverseas", "StandardCharteredS2B",
		"IslamBulkPayment", "AffinBankAutopay"}
)

func (p *PaymentFile) RecordName() string { return p.FileFormat + " " + p.AccountNumber }

// Validate checks the region-independent members.
func (p *PaymentFile) Validate(v *payroll.Validation) {
	p.FileFormat = strings.TrimSpace(p.FileFormat)
	v.Required("fileFormat", p.FileFormat)
	p.AccountNumber = strings.TrimSpace(p.AccountNumber)
	v.Required("accountNumber", p.AccountNumber)
	if p.AccountNumber != "" && strings.Trim(p.AccountNumber, "0123456789- ") != "" {
		v.Add("accountNumber", "accountNumber must be digits (dashes and spaces allowed)")
	}
	v.Required("accountName", p.AccountName)
	if p.PaymentAdditionalContent == "" {
		p.PaymentAdditionalContent = "None"
	}
	if d := p.ValueDateDaysBeforeDatePaid; d != nil && (*d < 0 || *d > 10) {
		v.Add("valueDateDaysBeforeDatePaid", "valueDateDaysBeforeDatePaid must be between 0 and 10")
	}
	p.BankSwift = strings.ToUpper(strings.TrimSpace(p.BankSwift))
	if p.BankSwift != "" && len(p.BankSwift) != 8 && len(p.BankSwift) != 11 {
		v.Add("bankSwift", "bankSwift must be an 8 or 11 character SWIFT/BIC code")
	}
}

// checkPaymentFile validates the file format against the region's banks
// and keeps each region's members to its own businesses.
func checkPaymentFile(ctx context.Context, q *store.Queries, bizID int64, p *PaymentFile) error {
	region, err := categories.BusinessRegion(ctx, q, bizID)
	if err != nil {
		return err
	}
	formats := PaymentFileFormatsSG
	if region == "MY" {
		formats = PaymentFileFormatsMY
	}
	c, ok := record.Canonical(formats, p.FileFormat)
	if !ok {
		return payroll.Invalid("fileFormat", "fileFormat must be one of %s for %s businesses", strings.Join(formats, ", "), region)
	}
	p.FileFormat = c
	foreign := map[string]string{"bulkCustomerReference": p.BulkCustomerReference, "bankSwift": p.BankSwift,
		"customerReference": p.CustomerReference, "alternateCustomerReference": p.AlternateCustomerReference}
	if region == "SG" {
		foreign = map[string]string{"organisationCode": p.OrganisationCode, "hsbcConnectCustomerId": p.HsbcConnectCustomerID,
			"hsbcnetCustomerId": p.HsbcnetCustomerID, "bankCode": p.BankCode, "corporateId": p.CorporateID}
	}
	for field, val := range foreign {
		if val != "" {
			return payroll.Invalid(field, "%s is not a payment file setting of %s businesses", field, region)
		}
	}
	return nil
}
