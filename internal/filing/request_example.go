package filing

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid STP finalisation request: every employee paid
// in the income year 1 July 2026 to 30 June 2027.
func (FinaliseYearRequest) RequestExample() any {
	return map[string]any{"financialYear": 2026}
}

// RequestExample is a valid IRAS AIS request: the basis year 2026 (YA 2027).
func (AISRequest) RequestExample() any {
	return map[string]any{"basisYear": 2026}
}
