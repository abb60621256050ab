package timesheetapi_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestShiftCosting: proposed shifts are costed as timesheet lines would
// be, and nothing is stored.
func TestShiftCosting(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		costing := func(emp int64) string { return fmt.Sprintf("%s/employee/%d/timesheet/shiftcosting", B, emp) }
		periods := func(emp int64) string { return fmt.Sprintf("%s/employee/%d/timesheet/shiftperiods", B, emp) }
		shift := func(start, end string, extra ...any) map[string]any {
			m := map[string]any{"startTime": start, "endTime": end}
			for i := 0; i+1 < len(extra); i += 2 {
				m[extra[i].(string)] = extra[i+1]
			}
			return m
		}
		num := func(v any) float64 { f, _ := v.(float64); return f }

		// Ann, $30 an hour, at the 50% loaded pay category: 09:00-17:00 with
		// an unpaid half hour and a paid quarter hour. Base 30 x 1.5 = 45:
		// 3 h 135.00 + 2.5 h 112.50 + paid break 0.25 h 11.25 + 1.75 h
		// 78.75 = 337.50, in four breakdown entries.
		res := e.Do("POST", costing(e.ann), key, map[string]any{"transactionExternalId": "T-1", "shifts": []any{
			shift("2026-11-02T09:00:00", "2026-11-02T17:00:00", "payCategoryId", fmt.Sprint(e.loading), "locationId", fmt.Sprint(e.sydney), "externalId", "S-1",
				"breaks", []any{map[string]any{"startTime": "2026-11-02T12:00:00", "endTime": "2026-11-02T12:30:00"},
					map[string]any{"startTime": "2026-11-02T15:00:00", "endTime": "2026-11-02T15:15:00", "isPaidBreak": true}}),
		}}).Expect(t, 200).Map(t)
		if res["transactionExternalId"] != "T-1" || len(res["transactionId"].(string)) != 36 {
			t.Fatalf("costing header %v", res)
		}
		sh := res["shifts"].([]any)[0].(map[string]any)
		parts := sh["costBreakdown"].([]any)
		if num(sh["cost"]) != 337.50 || sh["externalId"] != "S-1" || len(parts) != 4 {
			t.Fatalf("Ann's shift %v", sh)
		}
		for i, want := range []struct {
			cost, units float64
			typ         string
		}{{135, 3, "Shift"}, {112.50, 2.5, "Shift"}, {11.25, 0.25, "PaidBreak"}, {78.75, 1.75, "Shift"}} {
			p := parts[i].(map[string]any)
			if num(p["cost"]) != want.cost || num(p["units"]) != want.units || p["type"] != want.typ || num(p["rate"]) != 45 ||
				num(p["payCategoryId"]) != float64(e.loading) || p["payCategoryName"] != "Time and a half" || num(p["locationId"]) != float64(e.sydney) || p["locationName"] != "Sydney" {
				t.Errorf("part %d = %v, want %+v at 45/h", i, p, want)
			}
		}

		// Ben, $60,000 a year over 38 h a week: 60,000 / 52 / 38 =
		// 30.36437... an hour; 8 h = 242.91. Costed over a 40-hour week
		// instead: 60,000 / 52 / 40 = 28.84615... x 8 = 230.77.
		benShift := []any{shift("2026-11-03T09:00:00", "2026-11-03T17:00:00")}
		sh = e.Do("POST", costing(e.ben), key, map[string]any{"shifts": benShift}).Expect(t, 200).Map(t)["shifts"].([]any)[0].(map[string]any)
		if num(sh["cost"]) != 242.91 {
			t.Errorf("Ben's salaried shift = %v, want 242.91", sh["cost"])
		}
		sh = e.Do("POST", costing(e.ben), key, map[string]any{"shifts": benShift, "employee": map[string]any{"standardHoursPerWeek": 40}}).Expect(t, 200).
			Map(t)["shifts"].([]any)[0].(map[string]any)
		if num(sh["cost"]) != 230.77 {
			t.Errorf("Ben over a 40-hour week = %v, want 230.77", sh["cost"])
		}

		// Override rates: $20 for the loaded category is loaded (x 1.5)
		// unless useRateAsIs: 2 h = 60.00, or 40.00 as is; the shift's own
		// override wins over the request's.
		two := func(extra ...any) []any {
			return []any{shift("2026-11-04T09:00:00", "2026-11-04T11:00:00", append([]any{"payCategoryId", fmt.Sprint(e.loading)}, extra...)...)}
		}
		for _, c := range []struct {
			name string
			body map[string]any
			want float64
		}{
			{"loaded override", map[string]any{"shifts": two(), "overrideRates": []any{map[string]any{"payCategoryId": e.loading, "rate": 20}}}, 60},
			{"as is", map[string]any{"shifts": two(), "overrideRates": []any{map[string]any{"payCategoryId": e.loading, "rate": 20, "useRateAsIs": true}}}, 40},
			{"shift's own first", map[string]any{"shifts": two("overrideRates", []any{map[string]any{"payCategoryId": e.loading, "rate": 10}}),
				"overrideRates": []any{map[string]any{"payCategoryId": e.loading, "rate": 20}}}, 30},
		} {
			sh := e.Do("POST", costing(e.ann), key, c.body).Expect(t, 200).Map(t)["shifts"].([]any)[0].(map[string]any)
			if num(sh["cost"]) != c.want {
				t.Errorf("%s: cost %v, want %v", c.name, sh["cost"], c.want)
			}
		}

		// Nothing was stored.
		var page struct{ ItemCount int }
		e.Do("GET", B+"/timesheet", key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 0 {
			t.Errorf("costing stored %d timesheet lines", page.ItemCount)
		}

		// Shift periods: the business's weeks from the first shift's to the
		// last's, each ending on its end-of-week day.
		var biz struct{ EndOfWeek string }
		e.Do("GET", B, key, nil).Expect(t, 200).JSON(t, &biz)
		var ps []struct{ FromDate, ToDate string }
		e.Do("POST", periods(e.ann), key, map[string]any{"firstShiftStartTime": "2026-11-04T09:00:00", "lastShiftStartTime": "2026-11-18T22:00:00"}).
			Expect(t, 200).JSON(t, &ps)
		day := func(s string) time.Time { v, _ := time.Parse("2006-01-02T15:04:05", s); return v }
		if len(ps) < 3 || len(ps) > 4 {
			t.Fatalf("periods %v", ps)
		}
		for i, p := range ps {
			from, to := day(p.FromDate), day(p.ToDate)
			if to.Sub(from) != 6*24*time.Hour || (biz.EndOfWeek != "" && to.Weekday().String() != biz.EndOfWeek) || (i > 0 && !from.Equal(day(ps[i-1].ToDate).AddDate(0, 0, 1))) {
				t.Errorf("period %d %v (end of week %q)", i, p, biz.EndOfWeek)
			}
		}
		if day(ps[0].FromDate).After(day("2026-11-04T00:00:00")) || day(ps[0].ToDate).Before(day("2026-11-04T00:00:00")) ||
			day(ps[len(ps)-1].ToDate).Before(day("2026-11-18T00:00:00")) || day(ps[len(ps)-1].FromDate).After(day("2026-11-18T00:00:00")) {
			t.Errorf("periods %v do not span 4 to 18 November", ps)
		}

		// Restricted users: Carol may see Sydney's shift costs and rosters;
		// Dave only Sydney's employee details (403 naming the permission).
		_, carolKey := e.NewUser("carol@example.com")
		e.Do("POST", B+"/access", key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ViewEmployeeDetails,ViewShiftCosts,ViewRosters"}}}).Expect(t, 200)
		_, daveKey := e.NewUser("dave@example.com")
		e.Do("POST", B+"/access", key, map[string]any{"email": "dave@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ViewEmployeeDetails"}}}).Expect(t, 200)
		ok := map[string]any{"shifts": []any{shift("2026-11-02T09:00:00", "2026-11-02T17:00:00")}}
		bad := func(extra ...any) map[string]any {
			return map[string]any{"shifts": []any{shift("2026-11-02T09:00:00", "2026-11-02T17:00:00", extra...)}}
		}
		e.RunCases(t, []testkit.Case{
			{Name: "restricted user in scope", Method: "POST", Path: costing(e.ann), Key: carolKey, Body: ok, Status: 200},
			{Name: "restricted user without ViewShiftCosts", Method: "POST", Path: costing(e.ann), Key: daveKey, Body: ok, Status: 403},
			{Name: "periods restricted in scope", Method: "POST", Path: periods(e.ann), Key: carolKey, Body: map[string]any{"firstShiftStartTime": "2026-11-04T00:00:00",
				"lastShiftStartTime": "2026-11-04T00:00:00"}, Status: 200},
			{Name: "ends before start", Method: "POST", Path: costing(e.ann), Key: key, Body: bad("endTime", "2026-11-02T08:00:00"), Status: 400, Field: "shifts[0].endTime"},
			{Name: "no start", Method: "POST", Path: costing(e.ann), Key: key, Body: map[string]any{"shifts": []any{map[string]any{"endTime": "2026-11-02T08:00:00"}}}, Status: 400, Field: "shifts[0].startTime"},
			{Name: "bad id type", Method: "POST", Path: costing(e.ann), Key: key, Body: map[string]any{"locationIdType": "Guess", "shifts": []any{}}, Status: 400, Field: "locationIdType"},
			{Name: "unknown external location", Method: "POST", Path: costing(e.ann), Key: key, Body: map[string]any{"locationIdType": "External",
				"shifts": []any{shift("2026-11-02T09:00:00", "2026-11-02T17:00:00", "locationId", "NOWHERE")}}, Status: 400, Field: "shifts[0].locationId"},
			{Name: "other tenant location", Method: "POST", Path: costing(e.ann), Key: key, Body: bad("locationId", fmt.Sprint(e.bobLoc)), Status: 400, Field: "shifts[0].locationId"},
			{Name: "pay category not an id", Method: "POST", Path: costing(e.ann), Key: key, Body: bad("payCategoryId", "lots"), Status: 400, Field: "shifts[0].payCategoryId"},
			{Name: "negative override", Method: "POST", Path: costing(e.ann), Key: key, Body: map[string]any{"shifts": []any{},
				"overrideRates": []any{map[string]any{"payCategoryId": e.loading, "rate": -5}}}, Status: 400, Field: "overrideRates[0].rate"},
			{Name: "anonymous", Method: "POST", Path: costing(e.ann), Body: ok, Status: 401},
			{Name: "other tenant employee", Method: "POST", Path: costing(e.bobEmp), Key: key, Body: ok, Status: 404},
			{Name: "other tenant's key", Method: "POST", Path: costing(e.ann), Key: e.OtherKey, Body: ok, Status: 404},
			{Name: "restricted user, employee outside", Method: "POST", Path: costing(e.ben), Key: carolKey, Body: ok, Status: 404},
			{Name: "periods backwards", Method: "POST", Path: periods(e.ann), Key: key, Body: map[string]any{"firstShiftStartTime": "2026-11-18T00:00:00",
				"lastShiftStartTime": "2026-11-04T00:00:00"}, Status: 400, Field: "lastShiftStartTime"},
			{Name: "periods without first", Method: "POST", Path: periods(e.ann), Key: key, Body: map[string]any{"lastShiftStartTime": "2026-11-04T00:00:00"},
				Status: 400, Field: "firstShiftStartTime"},
			{Name: "periods over a year", Method: "POST", Path: periods(e.ann), Key: key, Body: map[string]any{"firstShiftStartTime": "2026-01-01T00:00:00",
				"lastShiftStartTime": "2027-06-01T00:00:00"}, Status: 400, Field: "lastShiftStartTime"},
			{Name: "periods anonymous", Method: "POST", Path: periods(e.ann), Body: map[string]any{}, Status: 401},
			{Name: "periods restricted outside", Method: "POST", Path: periods(e.ben), Key: carolKey, Body: map[string]any{"firstShiftStartTime": "2026-11-04T00:00:00",
				"lastShiftStartTime": "2026-11-04T00:00:00"}, Status: 404},
		})
	})
}
