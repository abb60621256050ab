package employeeapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestStandardHoursAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		H := e.EA + "/standardhours"

		// Never set: the employee's hours and the defaults (unset hours are
		// 0: the published model's numbers are not nullable).
		got := s.Do("GET", H, key, nil).Expect(t, 200).Map(t)
		if got["useAdvancedWorkWeek"] != false || got["advancedWorkWeekConfiguration"] != "StartTimeAndStopTime" || len(got["standardWorkDays"].([]any)) != 0 || got["standardHoursPerWeek"] != 0.0 || got["standardHoursPerDay"] != 0.0 {
			t.Fatalf("defaults %v", got)
		}
		// Simple hours land on the employee too.
		s.Do("PUT", H, key, map[string]any{"standardHoursPerWeek": 38, "standardHoursPerDay": 7.6, "fullTimeEquivalentHours": 38}).Expect(t, 200)
		emp := s.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.ann), key, nil).Expect(t, 200).Map(t)
		if emp["hoursPerWeek"] != 38.0 || emp["hoursPerDay"] != 7.6 {
			t.Fatalf("employee hours %v", emp)
		}

		// Advanced, start/stop times over two weeks: week 1 Mon 09:00-17:30
		// with a 30-minute break = 8h, Tue 08:00-12:00 = 4h; week 2 Mon
		// 09:00-15:00 = 6h, Sat off. (8 + 4 + 6) / 2 weeks = 9 hours a week.
		adv := map[string]any{"useAdvancedWorkWeek": true, "advancedWorkWeekConfiguration": "StartTimeAndStopTime", "standardHoursPerDay": 8, "standardWorkDays": []any{
			map[string]any{"week": 1, "dayOfWeek": 1, "startTime": "09:00", "endTime": "17:30", "breakStartTime": "12:00", "breakEndTime": "12:30", "locationId": nil},
			map[string]any{"week": 1, "dayOfWeek": 2, "startTime": "08:00:00", "endTime": "12:00:00"},
			map[string]any{"week": 2, "dayOfWeek": 1, "startTime": "09:00", "endTime": "15:00"},
			map[string]any{"week": 2, "dayOfWeek": 6, "workDayType": "Off"},
		}}
		got = s.Do("PUT", H, key, adv).Expect(t, 200).Map(t)
		days := got["standardWorkDays"].([]any)
		if got["standardHoursPerWeek"] != 9.0 || len(days) != 4 || got["fullTimeEquivalentHours"] != nil {
			t.Fatalf("advanced %v", got)
		}
		mon := days[0].(map[string]any)
		if mon["hours"] != 8.0 || mon["dayName"] != "Monday" || mon["startTime"] != "09:00:00" || mon["breakEndTime"] != "12:30:00" || mon["workDayType"] != "Full" {
			t.Fatalf("monday %v", mon)
		}
		if sat := days[3].(map[string]any); sat["hours"] != 0.0 || sat["dayName"] != "Saturday" {
			t.Fatalf("saturday %v", sat)
		}
		if again := s.Do("GET", H, key, nil).Expect(t, 200).Map(t); fmt.Sprint(again) != fmt.Sprint(got) {
			t.Fatalf("read back %v, saved %v", again, got)
		}
		// Work day types: 5 full days of 7.6 and one half = 41.8 a week.
		wdt := []any{}
		for d := 1; d <= 5; d++ {
			wdt = append(wdt, map[string]any{"dayOfWeek": d, "workDayType": "Full"})
		}
		wdt = append(wdt, map[string]any{"dayOfWeek": 6, "workDayType": "half"})
		got = s.Do("PUT", H, key, map[string]any{"useAdvancedWorkWeek": true, "advancedWorkWeekConfiguration": "WorkDayType", "standardHoursPerDay": 7.6, "standardWorkDays": wdt}).Expect(t, 200).Map(t)
		if got["standardHoursPerWeek"] != 41.8 {
			t.Fatalf("work day types %v", got)
		}

		day := func(kv ...any) map[string]any {
			m := map[string]any{"week": 1, "dayOfWeek": 1, "startTime": "09:00", "endTime": "17:00"}
			for i := 0; i < len(kv); i += 2 {
				m[kv[i].(string)] = kv[i+1]
			}
			return map[string]any{"useAdvancedWorkWeek": true, "standardWorkDays": []any{m}}
		}
		s.RunCases(t, []testkit.Case{
			{Name: "hours per week over 168", Method: "PUT", Path: H, Key: key, Body: map[string]any{"standardHoursPerWeek": 169}, Status: 400, Field: "standardHoursPerWeek"},
			{Name: "advanced without days", Method: "PUT", Path: H, Key: key, Body: map[string]any{"useAdvancedWorkWeek": true}, Status: 400, Field: "standardWorkDays"},
			{Name: "end before start", Method: "PUT", Path: H, Key: key, Body: day("endTime", "08:00"), Status: 400, Field: "standardWorkDays[0].endTime"},
			{Name: "bad time", Method: "PUT", Path: H, Key: key, Body: day("startTime", "9am"), Status: 400, Field: "standardWorkDays[0].startTime"},
			{Name: "break outside the day", Method: "PUT", Path: H, Key: key, Body: day("breakStartTime", "18:00", "breakEndTime", "18:30"), Status: 400, Field: "standardWorkDays[0].breakStartTime"},
			{Name: "day of week 7", Method: "PUT", Path: H, Key: key, Body: day("dayOfWeek", 7), Status: 400, Field: "standardWorkDays[0].dayOfWeek"},
			{Name: "week 5", Method: "PUT", Path: H, Key: key, Body: day("week", 5), Status: 400, Field: "standardWorkDays[0].week"},
			{Name: "unknown location", Method: "PUT", Path: H, Key: key, Body: day("locationId", 999999), Status: 400, Field: "standardWorkDays[0].locationId"},
			{Name: "bad configuration", Method: "PUT", Path: H, Key: key, Body: map[string]any{"advancedWorkWeekConfiguration": "Shifts"}, Status: 400, Field: "advancedWorkWeekConfiguration"},
			{Name: "hour only without hours", Method: "PUT", Path: H, Key: key, Body: map[string]any{"useAdvancedWorkWeek": true, "advancedWorkWeekConfiguration": "HourOnly", "standardWorkDays": []any{map[string]any{"dayOfWeek": 1}}}, Status: 400, Field: "standardWorkDays[0].hours"},
			{Name: "same day twice", Method: "PUT", Path: H, Key: key, Body: map[string]any{"useAdvancedWorkWeek": true, "advancedWorkWeekConfiguration": "HourOnly", "standardWorkDays": []any{map[string]any{"dayOfWeek": 1, "hours": 4}, map[string]any{"dayOfWeek": 1, "hours": 3}}}, Status: 400, Field: "standardWorkDays[1].dayOfWeek"},
			{Name: "anonymous", Method: "GET", Path: H, Status: 401},
			{Name: "other tenant get", Method: "GET", Path: H, Key: e.OtherKey, Status: 404},
			{Name: "other tenant put", Method: "PUT", Path: H, Key: e.OtherKey, Body: map[string]any{"standardHoursPerWeek": 1}, Status: 404},
			{Name: "other tenant's employee via own business", Method: "PUT", Path: fmt.Sprintf("%s/employee/%d/standardhours", e.B, e.theirs), Key: key, Body: map[string]any{"standardHoursPerWeek": 1}, Status: 404},
			{Name: "restricted in scope", Method: "GET", Path: H, Key: e.restrictKey, Status: 200},
			{Name: "restricted outside scope", Method: "PUT", Path: e.EB + "/standardhours", Key: e.restrictKey, Body: map[string]any{"standardHoursPerWeek": 1}, Status: 404},
		})
		// Back to simple hours: the pattern goes.
		got = s.Do("PUT", H, key, map[string]any{"standardHoursPerWeek": 20}).Expect(t, 200).Map(t)
		if got["useAdvancedWorkWeek"] != false || len(got["standardWorkDays"].([]any)) != 0 || got["standardHoursPerWeek"] != 20.0 || got["standardHoursPerDay"] != 0.0 {
			t.Fatalf("simple again %v", got)
		}
		// Written back as read, 0 hours a day stays unset on the employee.
		s.Do("PUT", H, key, got).Expect(t, 200)
		if emp := s.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.ann), key, nil).Expect(t, 200).Map(t); emp["hoursPerWeek"] != 20.0 || emp["hoursPerDay"] != nil {
			t.Fatalf("employee hours after writing back %v", emp)
		}
	})
}
