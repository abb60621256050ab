package essapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid forgotten-password request.
func (RecoverPassword) RequestExample() any {
	return map[string]any{"username": "ann.lee@example.com"}
}

// RequestExample is valid emergency contacts.
func (EssEmergencyContactsEdit) RequestExample() any {
	return map[string]any{"primaryEmergencyContact": map[string]any{"name": "David Lee", "relationship": "Spouse", "contactNumber": "0412 555 030", "address": "8 Elm Street, Carlton VIC 3053"}, "secondaryEmergencyContact": map[string]any{"name": "Grace Lee", "relationship": "Mother", "contactNumber": "03 9555 0131"}}
}

// RequestExample is valid personal details (an AU address).
func (EssDetailsEdit) RequestExample() any {
	return map[string]any{"firstName": "Ann", "surname": "Lee", "dateOfBirth": "1990-04-02T00:00:00", "email": "ann.lee@example.com", "mobilePhone": "0412 555 019", "residentialStreetAddress": "8 Elm Street", "residentialSuburb": "Carlton", "residentialState": "VIC", "residentialPostcode": "3053", "residentialCountry": "Australia", "isPostalAddressSameAsResidential": true}
}

// RequestExample is valid personal details (an AU address).
func (EssPersonalDetailsEdit) RequestExample() any {
	return map[string]any{"firstName": "Ann", "surname": "Lee", "dateOfBirth": "1990-04-02T00:00:00", "email": "ann.lee@example.com", "mobilePhone": "0412 555 019", "residentialAddress": map[string]any{"streetAddress": "8 Elm Street", "suburb": "Carlton", "state": "VIC", "postcode": "3053", "country": "Australia"}, "isPostalAddressSameAsResidential": true}
}

// RequestExample is a valid self-service timesheet: local start and end, a 30-minute unpaid break.
func (EssTimesheet) RequestExample() any {
	return map[string]any{"start": "2026-10-27T09:00:00", "end": "2026-10-27T17:30:00", "breaks": []any{map[string]any{"start": "2026-10-27T12:30:00", "end": "2026-10-27T13:00:00", "isPaidBreak": false}}, "comments": "Stocktake"}
}
