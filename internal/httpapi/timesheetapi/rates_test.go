package timesheetapi_test

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestRateInForceOnTheDay: timesheet lines (read one by one and listed),
// shift costing and roster shifts are priced at one rate source, the
// employee's rate in force on the work's day: a pay rate schedule change
// in mid-week reprices the days from its commencement, everywhere alike.
func TestRateInForceOnTheDay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		// Ben: 60,000 a year over 38 h weeks until Tuesday 3 November 2026;
		// from Wednesday 4 November his pay rate schedule says 36 an hour.
		e.Do("POST", fmt.Sprintf("%s/employee/%d/payrateschedule", B, e.ben), key, map[string]any{"rate": 36, "rateUnit": "Hourly",
			"commencementDate": "2026-11-04T00:00:00"}).Expect(t, 200)
		const mon, tue, wed, thu = "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"
		// Monday 8 h: 60,000 / 52 / 38 = 30.3643724... an hour x 8 = 242.9149... = 242.91.
		// Thursday 8 h: 36 x 8 = 288.00; at the 50% loaded category 36 x 1.5 x 8 = 432.00.
		// Wednesday, the schedule's first day, 09:00-13:00 (4 h): 36 x 4 = 144.00.
		// Tuesday, its last day before, 09:00-13:00: 30.3643724... x 4 = 121.4574... = 121.46.
		monLine := e.line(t, e.ben, mon+"T09:00:00", mon+"T17:00:00", nil)
		thuLine := e.line(t, e.ben, thu+"T09:00:00", thu+"T17:00:00", nil)
		thuLoaded := e.line(t, e.ben, thu+"T18:00:00", thu+"T23:59:00", map[string]any{"payCategoryId": e.loading, "endTime": thu + "T23:59:00"})
		wedLine := e.line(t, e.ben, wed+"T09:00:00", wed+"T13:00:00", nil)
		tueLine := e.line(t, e.ben, tue+"T09:00:00", tue+"T13:00:00", nil)
		// 18:00-23:59 is 5 h 59 m = 359 minutes at 54.00 = 359 x 54 / 60 = 323.10.
		want := map[int64]float64{monLine: 242.91, thuLine: 288.00, thuLoaded: 323.10, wedLine: 144.00, tueLine: 121.46}
		for id, c := range want {
			if got := e.get(t, id); got["cost"] != c {
				t.Errorf("line %d (%v): cost %v, want %v", id, got["startTime"], got["cost"], c)
			}
		}
		if got := e.get(t, thuLine); got["rate"] != 36.0 {
			t.Errorf("Thursday's rate %v, want 36", got["rate"])
		}
		var page struct{ Items []map[string]any }
		e.Do("GET", B+"/timesheet?$filter="+url.QueryEscape(fmt.Sprintf("employeeId eq %d", e.ben)), key, nil).Expect(t, 200).JSON(t, &page)
		if len(page.Items) != len(want) {
			t.Fatalf("listed %d lines, want %d", len(page.Items), len(want))
		}
		for _, it := range page.Items {
			if id := int64(it["id"].(float64)); it["cost"] != want[id] {
				t.Errorf("listed line %d: cost %v, want %v", id, it["cost"], want[id])
			}
		}

		// Shift costing of the same work: the same figures.
		res := e.Do("POST", fmt.Sprintf("%s/employee/%d/timesheet/shiftcosting", B, e.ben), key, map[string]any{"shifts": []any{
			map[string]any{"startTime": mon + "T09:00:00", "endTime": mon + "T17:00:00"},
			map[string]any{"startTime": thu + "T09:00:00", "endTime": thu + "T17:00:00"},
			map[string]any{"startTime": wed + "T09:00:00", "endTime": wed + "T13:00:00"},
		}}).Expect(t, 200).Map(t)
		for i, c := range []float64{242.91, 288.00, 144.00} {
			if sh := res["shifts"].([]any)[i].(map[string]any); sh["cost"] != c {
				t.Errorf("costed shift %d: %v, want %v", i, sh["cost"], c)
			}
		}

		// Roster shifts of the same work: the same figures again.
		for day, c := range map[string]float64{mon: 242.91, thu: 288.00} {
			id := int64(e.Do("POST", B+"/rostershift", key, map[string]any{"employeeId": e.ben, "startTime": day + "T09:00:00",
				"endTime": day + "T17:00:00"}).Expect(t, 200).Map(t)["id"].(float64))
			got := e.Do("GET", fmt.Sprintf("%s/manager/rostershift/%d?includeCosts=true", B, id), key, nil).Expect(t, 200).Map(t)
			if got["cost"] != c {
				t.Errorf("roster shift on %s: cost %v, want %v", day, got["cost"], c)
			}
		}
	})
}
