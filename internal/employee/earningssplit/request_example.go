package earningssplit

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid earnings split: this share of the employee's earnings to a location (a percentage).
func (EarningsLineSplitEdit) RequestExample() any {
	return map[string]any{"locationId": 1, "allocatedPercentage": 40, "allocateBalance": false, "reportingDimensionValueIds": []any{}}
}
