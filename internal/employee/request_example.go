package employee

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid AU employee (local dates; pay rate per unit in the business currency; hours per week in decimal hours).
func (Employee) RequestExample() any {
	return map[string]any{"firstName": "Sam", "surname": "Patel", "dateOfBirth": "1995-08-21T00:00:00", "startDate": "2026-11-09T00:00:00", "emailAddress": "sam.patel@example.com", "mobilePhone": "0412 555 023", "residentialStreetAddress": "22 Smith Street", "residentialSuburb": "Fitzroy", "residentialState": "VIC", "residentialPostCode": "3065", "employmentType": "PartTime", "rateUnit": "Hourly", "rate": 31.2, "hoursPerWeek": 24, "taxFileNumber": "123456782", "australianResident": true, "claimTaxFreeThreshold": true, "isEnabledForTimesheets": "true", "jobTitle": "Barista", "bankAccount1_BSB": "063-000", "bankAccount1_AccountNumber": "13572468", "bankAccount1_AccountName": "Sam Patel", "bankAccount1_AllocatedPercentage": 100}
}
