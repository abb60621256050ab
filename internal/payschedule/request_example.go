package payschedule

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid public holiday (a local date and the states it applies in).
func (PublicHoliday) RequestExample() any {
	return map[string]any{"date": "2026-12-28T00:00:00", "description": "Boxing Day (additional day)", "states": []any{"NSW"}, "locationIds": []any{}, "note": "Substitute day"}
}

// RequestExample is a valid tiered leave template: more days after five years' service.
func (TieredLeaveTemplate) RequestExample() any {
	return map[string]any{"name": "Long service tiers", "leaveCategoryId": 1, "tierOption": "Anniversary", "leaveAllowanceTemplateTiers": []any{map[string]any{"minUnit": 0, "maxUnit": 4, "days": 20}, map[string]any{"minUnit": 5, "maxUnit": 99, "days": 25}}}
}
