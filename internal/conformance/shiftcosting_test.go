package conformance_test

import (
	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseShiftCosting steps through an employee's shift costing and
// shift periods: proposed shifts priced without storing.
func exerciseShiftCosting(r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	key, biz := b.Key, b.Biz
	loc := r.id(r.call(key, "POST", B+"/location", map[string]any{"name": "Costing Depot", "state": "VIC"}, biz))
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Cass", "surname": "Costing",
		"startDate": "2025-07-01T00:00:00", "rate": 32, "rateUnit": "Hourly", "hoursPerWeek": 38}, biz, "?matchType=None"))
	r.form(key, "POST", B+"/employee/{employeeId}/timesheet/shiftcosting", map[string]any{"transactionExternalId": "conformance",
		"shifts": []any{map[string]any{"startTime": "2026-11-16T09:00:00", "endTime": "2026-11-16T17:00:00", "locationId": loc, "externalId": "c-1",
			"breaks": []any{map[string]any{"startTime": "2026-11-16T12:00:00", "endTime": "2026-11-16T12:30:00", "isPaidBreak": false}}}}}, biz, emp)
	r.form(key, "POST", B+"/employee/{employeeId}/timesheet/shiftperiods", map[string]any{"firstShiftStartTime": "2026-11-16T09:00:00",
		"lastShiftStartTime": "2026-11-25T09:00:00"}, biz, emp)
}
