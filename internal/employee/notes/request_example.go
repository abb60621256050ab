package notes

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid employee note.
func (New) RequestExample() any {
	return map[string]any{"note": "Completed forklift induction on 30 October."}
}
