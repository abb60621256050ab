package referenceapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is chooses the journal service.
func (JournalServiceProviderModel) RequestExample() any {
	return map[string]any{"journalService": "Xero"}
}

// RequestExample is ends the contract on a local date.
func (DeactivateContractorBody) RequestExample() any {
	return map[string]any{"endDate": "2026-12-18T00:00:00"}
}

// RequestExample is shows the document to every employee, who must acknowledge it.
func (UpdateDocumentPermissionsModel) RequestExample() any {
	return map[string]any{"visibleToAll": true, "employeeGroups": []any{}, "locations": []any{}, "requiresEmployeeAcknowledgement": true, "sendNotificationToEmployee": false}
}

// RequestExample is chooses the Platinum plan (GET subscription/billingplans lists them).
func (SetBillingPlanRequest) RequestExample() any {
	return map[string]any{"billingPlanId": 4}
}
