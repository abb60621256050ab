package kiosk

// RequestExample is a valid create body (the OpenAPI example).
func (Kiosk) RequestExample() any {
	return map[string]any{"name": "Collins Street front counter", "externalId": "KIOSK-MEL-01",
		"ianaTimeZone": "Australia/Melbourne", "isLocationRequired": false, "isWorkTypeRequired": false,
		"canAddEmployees": true, "paidBreaksEnabled": false, "clockOnWindowMinutes": 60, "clockOffWindowMinutes": 60}
}
