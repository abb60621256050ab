package leaveapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestLeaveOverlapReachesLongRequests: the overlapping lists walk requests
// from fromDate less the business's longest request (not less a year), so
// a long request starting weeks before the range is still listed, and the
// bound follows the longest request as requests are added.
func TestLeaveOverlapReachesLongRequests(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		add := func(emp int64, from, to string) int64 {
			return int64(e.Do("POST", e.E(emp)+"/leaverequest", e.Key, map[string]any{"leaveCategoryId": e.unpaid, "fromDate": from, "toDate": to, "hours": 7.6}).Expect(t, 200).Map(t)["id"].(float64))
		}
		ids := func(q string) []float64 {
			var out []float64
			for _, r := range list(t, e.Do("GET", e.B+"/leaverequest"+q, e.Key, nil)) {
				out = append(out, r["id"].(float64))
			}
			return out
		}
		short := add(e.ann, "2026-12-01", "2026-12-01")
		// Only the one-day request exists: the longest span is a day.
		if got := ids("?fromDate=2026-12-01&toDate=2026-12-31"); len(got) != 1 || got[0] != float64(short) {
			t.Fatalf("one-day request: %v", got)
		}
		// A 26-day request of Ben's, 2 to 27 November: it overlaps 27-30
		// November although it starts 25 days before the range.
		long := add(e.ben, "2026-11-02", "2026-11-27")
		for q, want := range map[string][]int64{
			"?fromDate=2026-11-27&toDate=2026-11-30":                               {long},
			"?fromDate=2026-11-28&toDate=2026-11-30":                               nil,
			"?fromDate=2026-11-20&toDate=2026-12-01":                               {long, short},
			"?fromDate=2026-11-27&toDate=2026-11-27&restrictOverlappingLeave=true": nil,
		} {
			got := ids(q)
			if fmt.Sprint(got) != fmt.Sprint(floats(want)) {
				t.Errorf("%s: requests %v, want %v", q, got, want)
			}
		}
	})
}

func floats(ids []int64) []float64 {
	var out []float64
	for _, id := range ids {
		out = append(out, float64(id))
	}
	return out
}
