package ukapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is asks for the FPS of a pay run.
func (FPSRequest) RequestExample() any {
	return map[string]any{"payRunId": 1}
}

// RequestExample is emails the form to this address.
func (mailInput) RequestExample() any {
	return map[string]any{"emailAddress": "ann.lee@example.co.uk"}
}
