package statutoryleave

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid statutory leave period (local dates; the week the baby is due).
func (LeaveInput) RequestExample() any {
	return map[string]any{"startDate": "2027-01-04T00:00:00", "endDate": "2027-04-25T00:00:00", "babyDueDate": "2027-01-11T00:00:00", "notes": "MATB1 received 2 November"}
}

// RequestExample is a valid sickness period (local dates).
func (SSPInput) RequestExample() any {
	return map[string]any{"startDate": "2026-10-26T00:00:00", "endDate": "2026-10-30T00:00:00", "notes": "Self-certified flu"}
}

// RequestExample is a 3% pay rise from 1 October 2026, inside the
// relevant period of the example SMP.
func (EarningsUpdate) RequestExample() any {
	return map[string]any{"payRisePercent": 3, "payRiseEffectiveDate": "2026-10-01T00:00:00"}
}
