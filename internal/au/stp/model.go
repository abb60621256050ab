package stp

import "github.com/payrolld/payrolld/internal/payroll"

// Message names and event kinds.
const (
	MessagePayer = "PAYEVNT"
	EventPay     = "Pay"    // a pay (submit) event: with the payer period totals
	EventUpdate  = "Update" // an update event: payees' corrected YTD, no period totals
)

// Document is one pay or update event.
type Document struct {
	Message   string  `json:"message"`
	EventType string  `json:"eventType"`
	Payer     Payer   `json:"payer"`
	Payees    []Payee `json:"payees"`
}

// Payer is the PAYEVNT part: who reports, for which pay day.
type Payer struct {
	BMSIdentifier                string        `json:"bmsIdentifier"`
	AustralianBusinessNumber     string        `json:"australianBusinessNumber"`
	BranchCode                   string        `json:"branchCode"`
	OrganisationName             string        `json:"organisationName"`
	ContactName                  string        `json:"contactName,omitempty"`
	ContactEmail                 string        `json:"contactEmail,omitempty"`
	ContactPhone                 string        `json:"contactPhone,omitempty"`
	PayOrUpdateDate              string        `json:"payOrUpdateDate"`
	PayeeRecordCount             int           `json:"payeeRecordCount"`
	RunDateTimeStamp             string        `json:"runDateTimeStamp"`
	SubmissionID                 string        `json:"submissionId"`
	FullFileReplacementIndicator bool          `json:"fullFileReplacementIndicator"`
	PeriodTotals                 *PeriodTotals `json:"periodTotals,omitempty"`
	Declaration                  Declaration   `json:"declaration"`
}

// PeriodTotals are a pay event's totals of the pay (W1, W2; child support
// totals). An update event has none.
type PeriodTotals struct {
	TotalGrossPaymentsW1       payroll.Money `json:"totalGrossPaymentsW1"`
	TotalPAYGWithholdingW2     payroll.Money `json:"totalPaygWithholdingW2"`
	ChildSupportDeductionTotal payroll.Money `json:"childSupportDeductionTotal"`
	ChildSupportGarnisheeTotal payroll.Money `json:"childSupportGarnisheeTotal"`
}

// Declaration is the payer's declaration.
type Declaration struct {
	SignatoryIdentifier string `json:"signatoryIdentifier"`
	SignatureDate       string `json:"signatureDate"`
	StatementAccepted   bool   `json:"statementAccepted"`
}

// Payee is one PAYEVNTEMP record: year-to-date figures of the tax year.
type Payee struct {
	PayrollID           string           `json:"payrollId"`
	TaxFileNumber       string           `json:"taxFileNumber"`
	FamilyName          string           `json:"familyName"`
	GivenName           string           `json:"givenName"`
	DateOfBirth         string           `json:"dateOfBirth"`
	EmploymentStartDate string           `json:"employmentStartDate"`
	CessationDate       string           `json:"cessationDate,omitempty"`
	CessationReason     string           `json:"cessationReason,omitempty"`
	EmploymentBasis     string           `json:"employmentBasis"`
	TaxTreatmentCode    string           `json:"taxTreatmentCode"`
	FinalEventIndicator bool             `json:"finalEventIndicator"`
	IncomeStreams       []IncomeStream   `json:"incomeStreams"`
	Deductions          []TypedAmount    `json:"deductions"`
	SuperEntitlement    SuperEntitlement `json:"superEntitlement"`
}

// IncomeStream is the payee's amounts of one income type (and country).
type IncomeStream struct {
	IncomeType            string        `json:"incomeType"`
	CountryCode           string        `json:"countryCode,omitempty"`
	TaxWithheld           payroll.Money `json:"taxWithheld"`
	Gross                 payroll.Money `json:"gross"`
	PaidLeave             []TypedAmount `json:"paidLeave"`
	Allowances            []Allowance   `json:"allowances"`
	Overtime              payroll.Money `json:"overtime"`
	BonusesAndCommissions payroll.Money `json:"bonusesAndCommissions"`
	DirectorsFees         payroll.Money `json:"directorsFees"`
	CDEP                  payroll.Money `json:"cdep"`
	SalarySacrifice       []TypedAmount `json:"salarySacrifice"`
	LumpSums              []TypedAmount `json:"lumpSums"`
	EmploymentTermination []ETP         `json:"employmentTerminationPayments"`
}

// TypedAmount is an amount of a one-letter (or two) type code.
type TypedAmount struct {
	Type   string        `json:"type"`
	Amount payroll.Money `json:"amount"`
}

// Allowance is an allowance amount of a type (OD with a description).
type Allowance struct {
	Type        string        `json:"type"`
	Description string        `json:"description,omitempty"`
	Amount      payroll.Money `json:"amount"`
}

// ETP is the employment termination payments of one code paid on one date
// (docs/reference/au-stp-phase2.md, "ETPs"), with their own PAYG
// withholding, which is not in the income stream's.
type ETP struct {
	PaymentDate      string        `json:"paymentDate"`
	Code             string        `json:"code"`
	TaxableComponent payroll.Money `json:"taxableComponent"`
	TaxFreeComponent payroll.Money `json:"taxFreeComponent"`
	TaxWithheld      payroll.Money `json:"taxWithheld" doc:"PAYG withheld from the ETPs (Schedule 11)"`
}

// SuperEntitlement is the payee's super YTD.
type SuperEntitlement struct {
	SuperannuationGuaranteeLiability             payroll.Money `json:"superannuationGuaranteeLiability"`
	OrdinaryTimeEarnings                         payroll.Money `json:"ordinaryTimeEarnings"`
	ReportableEmployerSuperannuationContribution payroll.Money `json:"reportableEmployerSuperannuationContribution"`
}
