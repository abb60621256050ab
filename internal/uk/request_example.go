package uk

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is valid BACS settings (sort code, account, service user number).
func (UKBacs) RequestExample() any {
	return map[string]any{"sortCode": "40-47-84", "accountNumber": "70872490", "accountName": "Thames Bakery Ltd", "serviceUserNumber": "123456", "fileFormat": "Standard", "lodgementReference": "PAYROLL", "paymentDate": 1, "payHmrc": false, "mergeMultipleAccountPayments": false, "paymentAdditionalContent": "None"}
}

// RequestExample is a valid benefit category: private medical insurance reported as Class 1A.
func (UKBenefitCategory) RequestExample() any {
	return map[string]any{"name": "Private medical insurance", "description": "Bupa company scheme", "benefitType": "PrivateMedicalTreatmentOrInsurance", "niTreatment": "Class1A", "year": 2027, "payrollingBenefit": false, "carryBenefitForward": true}
}

// RequestExample is valid benefit processing options.
func (UKBenefitProcessingOptions) RequestExample() any {
	return map[string]any{"isP11dBenefitsEnabled": true, "isPayrollingBenefitsEnabled": false, "isInformallyPayrollingEnabled": false, "registeredFromTaxYear": 2027}
}

// RequestExample is a valid workplace pension scheme.
func (UKPensionScheme) RequestExample() any {
	return map[string]any{"name": "Thames Bakery pension", "providerName": "NEST", "employerNumber": "EMP012345678", "adminTitle": "Ms", "adminFirstName": "Sarah", "adminSurname": "Clarke", "adminEmailAddress": "sarah.clarke@example.co.uk", "adminPhoneNumber": "020 7946 0018", "adminAddressLine1": "10 Mill Lane", "adminSuburb": "Reading", "adminPostcode": "RG1 2AB"}
}

// RequestExample is a valid contribution plan: 5% employee, 3% employer of qualifying earnings.
func (UKPensionPlan) RequestExample() any {
	return map[string]any{"contributionPlanName": "Auto-enrolment standard", "employeeContribution": 5, "employerContribution": 3, "calculateOnQualifyingEarnings": true, "isAutoEnrolmentScheme": true, "pensionType": "ReliefAtSource", "reportingFrequency": "M1"}
}

// RequestExample is a valid CIS subcontractor (a sole trader with a UTR).
func (UKSubcontractor) RequestExample() any {
	return map[string]any{"firstName": "Gareth", "surname": "Jones", "tradingName": "G Jones Joinery", "businessType": "SoleTrader", "uniqueTaxpayerReference": "1234567890", "nationalInsuranceNumber": "AB123456C", "addressLine1": "3 Station Road", "town": "Cardiff", "postcode": "CF10 1AA", "emailAddress": "gareth@gjonesjoinery.example.co.uk", "isContractAgreed": true}
}

// RequestExample is valid HMRC settings (PAYE and accounts office references).
func (UKHmrcSettings) RequestExample() any {
	return map[string]any{"businessName": "Thames Bakery Ltd", "payeReference": "123/AB45678", "taxOfficeNumber": "123", "taxOfficeReference": "AB45678", "accountsOfficeReference": "123PA00045678", "addressLine1": "10 Mill Lane", "suburb": "Reading", "postcode": "RG1 2AB", "country": "United Kingdom", "isRtiEnabled": false, "claimEmploymentAllowance": true, "claimSmallEmployersRelief": true}
}

// RequestExample is valid HMRC references.
func (UKSimpleHmrcSettings) RequestExample() any {
	return map[string]any{"paye": "123/AB45678", "accountsOfficeReference": "123PA00045678", "uniqueTaxPayerReference": "1234567890"}
}

// RequestExample is a valid Employment Allowance claim for the 2026-27 tax year.
func (UKEmploymentAllowance) RequestExample() any {
	return map[string]any{"claimEmploymentAllowance": true, "financialYearEnding": 2027, "stateAidRulesDoNotApply": true, "includeEmploymentAllowanceInJournals": false}
}

// RequestExample is valid auto-enrolment dates.
func (UKPensionSchemeDates) RequestExample() any {
	return map[string]any{"stagingDate": "2026-04-06T00:00:00", "payFrequency": "Monthly", "postponementRuleOptionType": "PostponeMonths", "postponementPeriod": 3, "includeOptedOutEmployees": true}
}

// RequestExample is valid subcontractor payment details (a UK bank account).
func (UKSubcontractorPaymentDetails) RequestExample() any {
	return map[string]any{"accountName": "G Jones Joinery", "sortCode": "40-47-84", "accountNumber": "70872491", "accountType": "Electronic", "payScheduleId": 1}
}
