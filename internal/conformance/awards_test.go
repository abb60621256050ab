package conformance_test

import (
	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseAwards installs the Hospitality award and steps through its
// employment agreements: list, get, shift costing (one, bulk) and shift
// periods.
func exerciseAwards(r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	key, biz := b.Key, b.Biz
	r.call(key, "PUT", B+"/award/{awardId}/install", nil, biz, 9)
	var list []struct {
		ID int64 `json:"id"`
	}
	r.call(key, "GET", B+"/employmentagreement", nil, biz).JSON(r.t, &list)
	if len(list) == 0 {
		r.t.Fatal("no employment agreements after installing an award")
	}
	id := list[0].ID
	r.call(key, "GET", B+"/employmentagreement/{id}", nil, biz, id)
	costing := map[string]any{"transactionExternalId": "awards", "includeEvaluationResults": true,
		"employee": map[string]any{"dateOfBirth": "1990-01-01T00:00:00"},
		"shifts": []any{
			map[string]any{"startTime": "2026-11-14T10:00:00", "endTime": "2026-11-14T16:00:00", "externalId": "sat"},
			map[string]any{"startTime": "2026-11-16T17:00:00", "endTime": "2026-11-16T23:00:00", "externalId": "mon"},
		}}
	r.form(key, "POST", B+"/employmentagreement/{id}/shiftcosting", costing, biz, id)
	r.call(key, "POST", B+"/employmentagreement/{id}/shiftcosting/bulk", []any{costing, costing}, biz, id)
	r.form(key, "POST", B+"/employmentagreement/{id}/shiftperiods", map[string]any{"firstShiftStartTime": "2026-11-14T10:00:00",
		"lastShiftStartTime": "2026-11-30T10:00:00"}, biz, id)
}
