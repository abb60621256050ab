package conformance_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseReportsAfterRun calls the second set of reports on the business the
// earlier steps filled: timesheet lines of November 2026 (exerciseAreas)
// and the run exercisePayRunOutputs finalised (paid 20 Nov 2026), so the
// leave liability has ledger rows and the timesheet reports have lines.
func exerciseReportsAfterRun(t *testing.T, r *run, b *testkit.Bundle) {
	t.Helper()
	key, biz := b.Key, b.Biz
	R := "/api/v2/business/{businessId}/report/"
	nov := "?fromDate=2026-11-01&toDate=2026-11-30"
	r.call(key, "GET", R+"leaveliability", nil, biz, "?asAtDate=2026-11-30&includeApprovedLeave=true")
	r.call(key, "GET", R+"leaveliability/xlsx", nil, biz, "")
	r.form(key, "POST", R+"leaveliability/preparation", map[string]any{"asAtDate": "2026-11-30T00:00:00", "includeApprovedLeave": true}, biz)
	r.call(key, "GET", R+"timesheet", nil, biz, nov+"&includeCosts=true")
	r.call(key, "GET", R+"shiftswapping", nil, biz, nov)
	r.call(key, "GET", R+"rostertimesheetcomparison", nil, biz, nov+"&includeCosts=true")
	// The finalised runs (looked up, not exercised: the pay run list is
	// another area's step).
	var runs []struct {
		ID          int64 `json:"id"`
		IsFinalised bool  `json:"isFinalised"`
	}
	b.Do("GET", fmt.Sprintf("/api/v2/business/%d/payrun", biz), key, nil).Expect(t, 200).JSON(t, &runs)
	var final []int64
	for _, x := range runs {
		if x.IsFinalised {
			final = append(final, x.ID)
		}
	}
	if len(final) == 0 {
		t.Fatal("no finalised pay run to report on")
	}
	r.call(key, "GET", R+"payrunaudit/{payRunId}/xlxs", nil, biz, final[0], "?showAllSummaryDetails=true")
	r.call(key, "GET", R+"payrunvariance/xlxs", nil, biz, fmt.Sprintf("?payRunId1=%d&payRunId2=%d", final[0], final[len(final)-1]))
	r.call(key, "GET", R+"documentAcknowledgements", nil, biz)
	r.call(key, "GET", R+"employeedetails/fields", nil, biz)
	r.call(key, "GET", R+"employeedetails", nil, biz, "?selectedColumns=firstName&selectedColumns=startDate&selectedColumns=rate")
	r.form(key, "POST", R+"employeedetails", map[string]any{"selectedColumns": []any{"surname", "australianResident"}, "includeInactive": false}, biz)
}
