package au

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid self-managed super fund (ABN, bank details and electronic service address).
func (SelfManagedSuperFund) RequestExample() any {
	return map[string]any{"fundName": "Lee Family Super Fund", "abn": "53004085616", "bsb": "062-000", "accountNumber": "10459983", "accountName": "Lee Family Super Fund", "electronicServiceAddress": "CLICKSUPER", "email": "trustee@leefamilysuper.example.com"}
}

// RequestExample is valid ABA (direct entry) file settings.
func (BusinessAba) RequestExample() any {
	return map[string]any{"bsb": "062-000", "accountNumber": "10459983", "accountName": "Harbour Cafe Pty Ltd", "financialInstitutionCode": "CBA", "lodgementReference": "PAYROLL", "userName": "Harbour Cafe", "userId": "301500", "includeSelfBalancingTransaction": false, "mergeMultipleAccountPayments": false, "balanceAdditionalContent": "None", "paymentAdditionalContent": "None"}
}

// RequestExample is valid Singapore payment file settings (a DBS account).
func (PaymentFile) RequestExample() any {
	return map[string]any{"fileFormat": "DBS", "accountName": "Lion City Labs Pte Ltd", "accountNumber": "0720123456", "branchCode": "072", "bankSwift": "DBSSSGSG", "customerReference": "LIONCITYPAY", "valueDateDaysBeforeDatePaid": 1, "enablePaymentNotifications": false, "paymentAdditionalContent": "None"}
}

// RequestExample is valid ATO supplier details (the employer lodging for itself).
func (AtoSupplier) RequestExample() any {
	return map[string]any{"abn": "53004085616", "name": "Harbour Cafe Pty Ltd", "addressLine1": "12 Wharf Street", "suburb": "Sydney", "state": "NSW", "postCode": "2000", "country": "Australia", "contactName": "Ann Lee", "phoneNumber": "02 9555 0101", "signatoryName": "Ann Lee", "role": "Employer"}
}

// RequestExample is a valid Single Touch Payroll registration (the employer lodging for itself).
func (StpRegistration) RequestExample() any {
	return map[string]any{"abn": "53004085616", "name": "Harbour Cafe Pty Ltd", "addressLine1": "12 Wharf Street", "suburb": "Sydney", "state": "NSW", "postCode": "2000", "contactName": "Ann Lee", "contactEmailAddress": "payroll@harbourcafe.example.com", "contactPhoneNumber": "02 9555 0101", "signatoryName": "Ann Lee", "lodgementRole": "Employer", "singleTouchPayrollEnabled": true, "sbrSoftwareId": "12345678", "sbrSoftwareProvider": "payrolld", "atoIntegrationOption": "AccessManager"}
}

// RequestExample is a valid contractor (name, ABN, start date, bank account; pay rate per hour in the business currency).
func (Contractor) RequestExample() any {
	return map[string]any{"firstName": "Marco", "surname": "Bianchi", "abn": "53004085616", "startDate": "2026-11-02T00:00:00", "emailAddress": "marco.bianchi@example.com", "mobilePhone": "0412 555 020", "residentialStreetAddress": "4 Beach Road", "residentialSuburb": "Bondi", "residentialState": "NSW", "residentialPostCode": "2026", "rate": 65.0, "rateUnit": "Hourly", "bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "10459984", "bankAccount1_AccountName": "Marco Bianchi", "bankAccount1_AllocatedPercentage": 100}
}
