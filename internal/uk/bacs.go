package uk

import (
	"context"
	"regexp"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// UKBacs is a BACS payment file settings record (UkBacsApiModel): the
// account salaries are paid from and how the file is laid out. Enum
// orders follow the reference API's, so integer values map the same.
type UKBacs struct {
	record.Base
	FileFormat                   string `json:"fileFormat" enum:"Standard,Hsbc,BankOfIreland,Barclays,Lloyds,NatWest,Sage,ClydesdaleBank,MetroBank,BarclaysPaymentFile,CooperativePaymentFile,NatWestBankLine,SantanderBulkBankLine,LloydsMultipleBacs,LloydsFasterPayment,OpenBanking,LloydsNonStandardBacsFormat,Telleroo,NatWestBulkBankLine,VirginMoney,StarlingBank,Comma,LloydsCboPayments,SantanderMultipleBacs,SantanderUpdatedMultipleBacs,RoyalBankOfScotlandBulkBankLine"`
	ServiceUserNumber            string `json:"serviceUserNumber" maxLength:"6" doc:"BACS service user number (6 digits); required for the Standard format"`
	SortCode                     string `json:"sortCode" maxLength:"8" doc:"NN-NN-NN or 6 digits"`
	AccountNumber                string `json:"accountNumber" maxLength:"8" doc:"8 digits"`
	AccountName                  string `json:"accountName" maxLength:"18"`
	ContraIdentification         string `json:"contraIdentification" maxLength:"18"`
	LodgementReference           string `json:"lodgementReference" maxLength:"18"`
	PaymentAdditionalContent     string `json:"paymentAdditionalContent" enum:"None,PeriodEndingDate,PaymentDate,EmployeeId,PayRunId"`
	ExcludeFooter                bool   `json:"excludeFooter"`
	MergeMultipleAccountPayments bool   `json:"mergeMultipleAccountPayments"`
	PayHmrc                      bool   `json:"payHmrc" doc:"include the PAYE payment to HMRC in the file"`
	PaymentDate                  *int   `json:"paymentDate" doc:"day of the month (1-31) payments are dated"`
	UniqueReference              string `json:"uniqueReference" maxLength:"18"`
}

var ukSUNRE = regexp.MustCompile(`^\d{6}$`)

func (b *UKBacs) RecordName() string { return b.AccountName }

// Validate checks the bank details and BACS field lengths.
func (b *UKBacs) Validate(v *payroll.Validation) {
	if b.FileFormat == "" {
		b.FileFormat = "Standard"
	}
	if b.PaymentAdditionalContent == "" {
		b.PaymentAdditionalContent = "None"
	}
	v.Required("sortCode", b.SortCode)
	ukSortCode(v, "sortCode", &b.SortCode)
	v.Required("accountNumber", b.AccountNumber)
	ukAccountNumber(v, "accountNumber", &b.AccountNumber)
	b.AccountName = strings.TrimSpace(b.AccountName)
	v.Required("accountName", b.AccountName)
	ukMaxLens(v, 18, map[string]string{"accountName": b.AccountName, "contraIdentification": b.ContraIdentification,
		"lodgementReference": b.LodgementReference, "uniqueReference": b.UniqueReference})
	ukMatch(v, "serviceUserNumber", &b.ServiceUserNumber, ukSUNRE, "6 digits")
	if b.FileFormat == "Standard" && b.ServiceUserNumber == "" {
		v.Add("serviceUserNumber", "serviceUserNumber is required for the Standard BACS format")
	}
	if b.PaymentDate != nil && (*b.PaymentDate < 1 || *b.PaymentDate > 31) {
		v.Add("paymentDate", "paymentDate must be a day of the month between 1 and 31")
	}
}

// --- CIS subcontractors ----------------------------------------------------

// UKSubcontractor is a Construction Industry Scheme subcontractor
// (UkSubcontractorCreateModel / UkSubcontractorReadModel). taxStatus
// follows HMRC verification: Gross (no deduction), Standard, Unmatched
// (higher rate deduction), VerificationRequired (not verified yet).
type UKSubcontractor struct {
	record.Base
	TradingName                        string           `json:"tradingName" maxLength:"100" doc:"business name; required for partnerships, companies and trusts"`
	BusinessType                       string           `json:"businessType" enum:"Unknown,SoleTrader,Partnership,Company,Trust"`
	FirstName                          string           `json:"firstName" maxLength:"35"`
	Surname                            string           `json:"surname" maxLength:"35"`
	MiddleName                         string           `json:"middleName" maxLength:"35"`
	AddressLine1                       string           `json:"addressLine1" maxLength:"35"`
	AddressLine2                       string           `json:"addressLine2" maxLength:"35"`
	Town                               string           `json:"town" maxLength:"35"`
	Postcode                           string           `json:"postcode" maxLength:"8"`
	County                             string           `json:"county" maxLength:"35"`
	CountryID                          string           `json:"countryId" maxLength:"3"`
	EmailAddress                       string           `json:"emailAddress" maxLength:"100"`
	PhoneNumber                        string           `json:"phoneNumber" maxLength:"30"`
	UniqueTaxpayerReference            string           `json:"uniqueTaxpayerReference" maxLength:"10" doc:"10-digit UTR; required"`
	PartnershipUniqueTaxpayerReference string           `json:"partnershipUniqueTaxpayerReference" maxLength:"10"`
	NationalInsuranceNumber            string           `json:"nationalInsuranceNumber" maxLength:"9"`
	CompanyRegistrationNumber          string           `json:"companyRegistrationNumber" maxLength:"8"`
	TaxStatus                          string           `json:"taxStatus" enum:"Unknown,Unmatched,Standard,Gross,VerificationRequired"`
	DateMatched                        payroll.DateTime `json:"dateMatched" doc:"date HMRC verified the subcontractor"`
	VerificationNumber                 string           `json:"verificationNumber" maxLength:"13" doc:"HMRC verification reference, V and 10 digits (plus letters when unmatched)"`
	IsContractAgreed                   bool             `json:"isContractAgreed"`
	LastPaymentDate                    payroll.DateTime `json:"lastPaymentDate"`
}

var ukVerificationRE = regexp.MustCompile(`^V\d{10}([A-Z]{1,2})?$`)

func (s *UKSubcontractor) RecordName() string {
	if s.TradingName != "" {
		return s.TradingName
	}
	return strings.TrimSpace(s.FirstName + " " + s.Surname)
}

// The UTR is the column duplicate subcontractors are found by.
func (s *UKSubcontractor) RecordExternalID() string { return s.UniqueTaxpayerReference }

// Validate checks what HMRC verification needs for the business type.
func (s *UKSubcontractor) Validate(v *payroll.Validation) {
	for _, p := range []*string{&s.TradingName, &s.FirstName, &s.Surname, &s.MiddleName, &s.EmailAddress} {
		*p = strings.TrimSpace(*p)
	}
	ukMaxLens(v, 35, map[string]string{"firstName": s.FirstName, "surname": s.Surname, "middleName": s.MiddleName,
		"addressLine1": s.AddressLine1, "addressLine2": s.AddressLine2, "town": s.Town, "county": s.County})
	ukMaxLens(v, 100, map[string]string{"tradingName": s.TradingName, "emailAddress": s.EmailAddress})
	v.MaxLen("phoneNumber", s.PhoneNumber, 30)
	v.MaxLen("countryId", s.CountryID, 3)
	switch s.BusinessType {
	case "", "Unknown":
		v.Add("businessType", "businessType is required (SoleTrader, Partnership, Company or Trust)")
	case "SoleTrader":
		v.Required("firstName", s.FirstName)
		v.Required("surname", s.Surname)
	case "Partnership":
		v.Required("tradingName", s.TradingName)
		v.Required("partnershipUniqueTaxpayerReference", s.PartnershipUniqueTaxpayerReference)
	default:
		v.Required("tradingName", s.TradingName)
	}
	v.Required("uniqueTaxpayerReference", s.UniqueTaxpayerReference)
	ukMatch(v, "uniqueTaxpayerReference", &s.UniqueTaxpayerReference, ukDigits10RE, "10 digits")
	ukMatch(v, "partnershipUniqueTaxpayerReference", &s.PartnershipUniqueTaxpayerReference, ukDigits10RE, "10 digits")
	ukMatch(v, "nationalInsuranceNumber", &s.NationalInsuranceNumber, ukNINORE, "a National Insurance number such as QQ123456C")
	ukMatch(v, "companyRegistrationNumber", &s.CompanyRegistrationNumber, ukCompanyNumberRE, "8 digits, or 2 letters and 6 digits")
	ukPostcode(v, "postcode", &s.Postcode)
	ukEmails(v, "emailAddress", s.EmailAddress)
	ukMatch(v, "verificationNumber", &s.VerificationNumber, ukVerificationRE, "V followed by 10 digits (and letters when unmatched)")
	if s.TaxStatus == "" || s.TaxStatus == "Unknown" {
		s.TaxStatus = "VerificationRequired"
	}
	verified := s.TaxStatus == "Gross" || s.TaxStatus == "Standard" || s.TaxStatus == "Unmatched"
	suffixed := len(s.VerificationNumber) > 11
	switch {
	case verified && s.VerificationNumber == "":
		v.Add("verificationNumber", "a %s subcontractor needs the verification number HMRC gave", s.TaxStatus)
	case s.TaxStatus == "Unmatched" && s.VerificationNumber != "" && !suffixed:
		v.Add("verificationNumber", "an unmatched verification number ends in letters, e.g. V1234567890A")
	case s.TaxStatus != "Unmatched" && suffixed:
		v.Add("taxStatus", "a verification number ending in letters means HMRC could not match the subcontractor: taxStatus must be Unmatched")
	}
}

// checkSubcontractor makes the UTR unique among the business's subcontractors.
func checkSubcontractor(ctx context.Context, q *store.Queries, bizID int64, s *UKSubcontractor) error {
	rows, err := q.ListRecordsByExternalID(ctx, store.ListRecordsByExternalIDParams{BusinessID: bizID, Kind: KindSubcontractor,
		ExternalID: s.UniqueTaxpayerReference})
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.ID != s.ID {
			return payroll.Conflict("subcontractor %d already has the UTR %s", r.ID, s.UniqueTaxpayerReference)
		}
	}
	return nil
}

// UKSubcontractorPaymentDetails is how a subcontractor is paid
// (UkSaveSubcontractorPaymentDetailsModel / UkSubcontractorPaymentDetailsModel):
// bank details and the pay schedule and pay category of their pay runs.
// bankAccountId is the record's id.
type UKSubcontractorPaymentDetails struct {
	BankAccountID   int64            `json:"bankAccountId" doc:"id of the stored details; optional on save (a subcontractor has one)"`
	AccountType     string           `json:"accountType" enum:"Electronic,ManualDeposit,CashOrCheque"`
	SortCode        string           `json:"sortCode" maxLength:"8"`
	AccountName     string           `json:"accountName" maxLength:"18"`
	AccountNumber   string           `json:"accountNumber" maxLength:"8"`
	RollNumber      string           `json:"rollNumber" maxLength:"18" doc:"building society roll number"`
	LastPaymentDate payroll.DateTime `json:"lastPaymentDate"`
	PayScheduleID   int64            `json:"payScheduleId"`
	PayCategoryID   int64            `json:"payCategoryId"`
}

func (p *UKSubcontractorPaymentDetails) GetID() int64   { return p.BankAccountID }
func (p *UKSubcontractorPaymentDetails) SetID(id int64) { p.BankAccountID = id }

// Validate checks the bank details an electronic payment needs.
func (p *UKSubcontractorPaymentDetails) Validate(v *payroll.Validation) {
	if p.AccountType == "" {
		p.AccountType = "Electronic"
	}
	ukSortCode(v, "sortCode", &p.SortCode)
	ukAccountNumber(v, "accountNumber", &p.AccountNumber)
	p.AccountName = strings.TrimSpace(p.AccountName)
	ukMaxLens(v, 18, map[string]string{"accountName": p.AccountName, "rollNumber": p.RollNumber})
	if p.AccountType == "Electronic" {
		v.Required("sortCode", p.SortCode)
		v.Required("accountNumber", p.AccountNumber)
		v.Required("accountName", p.AccountName)
	}
}

// References names the pay schedule and pay category.
func (p *UKSubcontractorPaymentDetails) References() []record.Ref {
	return []record.Ref{{Field: "payScheduleId", Kind: record.KindPaySchedule, ID: p.PayScheduleID}, {Field: "payCategoryId", Kind: record.KindPayCategory, ID: p.PayCategoryID}}
}

// SaveSubcontractorPayment creates or replaces a subcontractor's payment
// details (one set per subcontractor).
func (uk *UKCollections) SaveSubcontractorPayment(ctx context.Context, biz business.Business, subcontractorID int64, in UKSubcontractorPaymentDetails) (UKSubcontractorPaymentDetails, error) {
	cur, err := uk.SubcontractorPayments.List(ctx, biz, subcontractorID)
	if err != nil {
		return in, err
	}
	if len(cur) == 0 {
		if in.BankAccountID != 0 {
			return in, payroll.Invalid("bankAccountId", "the subcontractor has no payment details %d yet: leave bankAccountId out to create them", in.BankAccountID)
		}
		return uk.SubcontractorPayments.Create(ctx, biz, subcontractorID, &in)
	}
	id := cur[0].BankAccountID
	if in.BankAccountID != 0 && in.BankAccountID != id {
		return in, payroll.Invalid("bankAccountId", "the subcontractor's payment details are %d", id)
	}
	return uk.SubcontractorPayments.Update(ctx, biz, subcontractorID, id, func(p *UKSubcontractorPaymentDetails) error {
		*p = in
		return nil
	})
}
