package employeeapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/testkit"
)

// ratesByName indexes E/payrate by pay category name.
func ratesByName(t *testing.T, r *testkit.Response) map[string]map[string]any {
	t.Helper()
	var list []map[string]any
	r.JSON(t, &list)
	out := map[string]map[string]any{}
	for _, x := range list {
		out[x["payCategoryName"].(string)] = x
	}
	return out
}

func TestPayRatesAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key, B := e.Server, e.Key, e.B
		cat := func(body map[string]any) int64 {
			return idOf(t, s.Do("POST", B+"/paycategory", key, body).Expect(t, 200))
		}
		ord := cat(map[string]any{"name": "Ordinary Time", "rateUnit": "Hourly", "accruesLeave": true})
		ot := cat(map[string]any{"name": "Overtime 150%", "rateUnit": "Hourly", "parentId": ord, "rateLoadingPercent": 50})
		wk := cat(map[string]any{"name": "Weekend 125%", "rateUnit": "Hourly", "parentId": ord, "rateLoadingPercent": 25})
		cat(map[string]any{"name": "Salary", "rateUnit": "Annually"})

		// Ann: 98,800 a year over 38-hour weeks = 98800 / (38 x 52) = 50.00
		// an hour; overtime 50 x 1.5 = 75; weekend 50 x 1.25 = 62.5.
		U := fmt.Sprintf("%s/employee/unstructured/%d", B, e.ann)
		s.Do("PUT", U, key, map[string]any{"rate": 98800, "rateUnit": "Annually", "hoursPerWeek": 38, "primaryPayCategory": "Ordinary Time"}).Expect(t, 200)
		r := ratesByName(t, s.Do("GET", e.EA+"/payrate", key, nil).Expect(t, 200))
		check := func(who string, r map[string]map[string]any, name string, rate, calc float64, unit string) {
			t.Helper()
			x := r[name]
			if x == nil || x["rate"] != rate || x["calculatedRate"] != calc || x["rateUnit"] != unit {
				t.Errorf("%s %s = %v, want rate %v calculated %v %s", who, name, x, rate, calc, unit)
			}
		}
		check("ann", r, "Ordinary Time", 50, 50, "Hourly")
		check("ann", r, "Overtime 150%", 50, 75, "Hourly")
		check("ann", r, "Weekend 125%", 50, 62.5, "Hourly")
		check("ann", r, "Salary", 98800, 98800, "Annually")
		if r["Ordinary Time"]["isPrimaryPayCategory"] != true || r["Ordinary Time"]["accruesLeave"] != true || r["Salary"]["isPrimaryPayCategory"] != false {
			t.Errorf("flags %v", r)
		}

		// A template: ordinary 30, weekend supplied at 40, overtime derived
		// 30 x 1.5 = 45.
		T := B + "/payratetemplate"
		tmpl := map[string]any{"name": "Award L1", "primaryPayCategoryId": ord, "superThresholdAmount": 450, "payCategories": []any{
			map[string]any{"payCategoryId": ord, "userSuppliedRate": 30, "standardWeeklyHours": 38},
			map[string]any{"payCategoryId": ot, "userSuppliedRate": 0, "superRate": 0},
			map[string]any{"payCategoryId": wk, "userSuppliedRate": 40},
		}}
		tid := idOf(t, s.Do("POST", T, key, tmpl).Expect(t, 200))
		got := s.Do("GET", fmt.Sprintf("%s/%d", T, tid), key, nil).Expect(t, 200).Map(t)
		lines := got["payCategories"].([]any)
		if len(lines) != 3 || lines[0].(map[string]any)["calculatedRate"] != 30.0 || lines[1].(map[string]any)["calculatedRate"] != 45.0 ||
			lines[2].(map[string]any)["calculatedRate"] != 40.0 || lines[1].(map[string]any)["payCategoryName"] != "Overtime 150%" || got["superThresholdAmount"] != 450.0 {
			t.Fatalf("template read back %v", got)
		}
		var list []map[string]any
		s.Do("GET", T+"?$filter=name%20eq%20'Award%20L1'", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("template list %v", list)
		}

		// Bob on the template: its rates; superRate 0 on overtime is an override.
		UB := fmt.Sprintf("%s/employee/unstructured/%d", B, e.bob)
		s.Do("PUT", UB, key, map[string]any{"payRateTemplate": "award l1"}).Expect(t, 200)
		r = ratesByName(t, s.Do("GET", e.EB+"/payrate", key, nil).Expect(t, 200))
		check("bob", r, "Ordinary Time", 30, 30, "Hourly")
		check("bob", r, "Overtime 150%", 30, 45, "Hourly")
		check("bob", r, "Weekend 125%", 40, 40, "Hourly")
		if r["Overtime 150%"]["hasSuperRateOverride"] != true || r["Overtime 150%"]["superRate"] != 0.0 || r["Ordinary Time"]["hasSuperRateOverride"] != false {
			t.Errorf("super overrides %v", r)
		}
		// His own rate overrides the template's primary rate: 32, overtime 48.
		s.Do("PUT", UB, key, map[string]any{"rate": 32, "rateUnit": "Hourly", "overrideTemplateRate": "true"}).Expect(t, 200)
		r = ratesByName(t, s.Do("GET", e.EB+"/payrate", key, nil).Expect(t, 200))
		check("bob", r, "Ordinary Time", 32, 32, "Hourly")
		check("bob", r, "Overtime 150%", 32, 48, "Hourly")

		// Pay rate schedule: Ann to 52 an hour from 1 December 2026. Today
		// (2 Nov 2026) she still earns 50; RateOn in December says 52 / 78.
		S := e.EA + "/payrateschedule"
		sid := idOf(t, s.Do("POST", S, key, map[string]any{"rate": 52, "rateUnit": "hourly", "commencementDate": "2026-12-01T00:00:00"}).Expect(t, 200))
		idOf(t, s.Do("POST", S, key, map[string]any{"rate": 55, "rateUnit": "Hourly", "commencementDate": "2027-07-01T00:00:00"}).Expect(t, 200))
		if got = s.Do("GET", fmt.Sprintf("%s/%d", S, sid), key, nil).Expect(t, 200).Map(t); got["rate"] != 52.0 || got["rateUnit"] != "Hourly" || got["commencementDate"] != "2026-12-01T00:00:00" {
			t.Fatalf("schedule read back %v", got)
		}
		check("ann today", ratesByName(t, s.Do("GET", e.EA+"/payrate", key, nil).Expect(t, 200)), "Ordinary Time", 50, 50, "Hourly")
		svc := &payrate.Service{Employees: s.Employees, PayCategories: s.Reference.PayCategories, Clock: s.Clock}
		biz := bizOf(t, s, e.Biz)
		for _, c := range []struct {
			day       time.Time
			cat       int64
			wantRate  string
			wantCalcd string
		}{
			{time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), ot, "50", "75"},
			{time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), ot, "52", "78"},
			{time.Date(2027, 6, 30, 0, 0, 0, 0, time.UTC), ord, "52", "52"},
			{time.Date(2027, 7, 1, 0, 0, 0, 0, time.UTC), wk, "55", "68.75"},
		} {
			pr, err := svc.RateOn(context.Background(), biz, e.ann, c.cat, c.day)
			if err != nil || pr.Rate.String() != c.wantRate || pr.CalculatedRate.String() != c.wantCalcd {
				t.Errorf("RateOn(%s, %d) = %s / %s, %v; want %s / %s", c.day.Format("2006-01-02"), c.cat, pr.Rate, pr.CalculatedRate, err, c.wantRate, c.wantCalcd)
			}
		}
		if _, err := svc.RateOn(context.Background(), biz, e.theirs, ord, time.Now()); err == nil {
			t.Error("RateOn read another business's employee")
		}
		s.Do("PUT", fmt.Sprintf("%s/%d", S, sid), key, map[string]any{"rate": 53, "rateUnit": "Hourly", "commencementDate": "2026-12-01T00:00:00"}).Expect(t, 200)
		s.Do("GET", S, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 || list[0]["rate"] != 53.0 {
			t.Fatalf("schedule list %v", list)
		}

		s.RunCases(t, []testkit.Case{
			{Name: "template without name", Method: "POST", Path: T, Key: key, Body: map[string]any{"primaryPayCategoryId": ord}, Status: 400, Field: "name"},
			{Name: "template unknown primary", Method: "POST", Path: T, Key: key, Body: map[string]any{"name": "X", "primaryPayCategoryId": 999999}, Status: 400, Field: "primaryPayCategoryId"},
			{Name: "template unknown category", Method: "POST", Path: T, Key: key, Body: map[string]any{"name": "X", "primaryPayCategoryId": ord, "payCategories": []any{map[string]any{"payCategoryId": 999999}}}, Status: 400, Field: "payCategories"},
			{Name: "template negative rate", Method: "POST", Path: T, Key: key, Body: map[string]any{"name": "X", "primaryPayCategoryId": ord, "payCategories": []any{map[string]any{"payCategoryId": ord, "userSuppliedRate": -1}}}, Status: 400, Field: "payCategories[0].userSuppliedRate"},
			{Name: "template rate above 100 an hour", Method: "POST", Path: T, Key: key, Body: map[string]any{"name": "Executive", "primaryPayCategoryId": ord, "payCategories": []any{map[string]any{"payCategoryId": ord, "userSuppliedRate": 150.5}}}, Status: 200},
			{Name: "template duplicate name", Method: "POST", Path: T, Key: key, Body: map[string]any{"name": "AWARD L1", "primaryPayCategoryId": ord}, Status: 409},
			{Name: "template rename in use", Method: "PUT", Path: fmt.Sprintf("%s/%d", T, tid), Key: key, Body: map[string]any{"name": "Award L2", "primaryPayCategoryId": ord}, Status: 409},
			{Name: "template delete in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", T, tid), Key: key, Status: 409},
			{Name: "pay category in template", Method: "DELETE", Path: fmt.Sprintf("%s/paycategory/%d", B, wk), Key: key, Status: 409},
			{Name: "template other tenant", Method: "GET", Path: fmt.Sprintf("%s/payratetemplate/%d", e.OtherB, tid), Key: e.OtherKey, Status: 404},
			{Name: "template other tenant via alice", Method: "GET", Path: fmt.Sprintf("%s/%d", T, tid), Key: e.OtherKey, Status: 404},
			{Name: "template anonymous", Method: "GET", Path: T, Status: 401},
			{Name: "template restricted user cannot write", Method: "POST", Path: T, Key: e.restrictKey, Body: map[string]any{"name": "R", "primaryPayCategoryId": ord}, Status: 403},
			{Name: "payrate other tenant", Method: "GET", Path: e.EA + "/payrate", Key: e.OtherKey, Status: 404},
			{Name: "payrate restricted outside scope", Method: "GET", Path: e.EB + "/payrate", Key: e.restrictKey, Status: 404},
			{Name: "payrate anonymous", Method: "GET", Path: e.EA + "/payrate", Status: 401},
			{Name: "schedule without rate", Method: "POST", Path: S, Key: key, Body: map[string]any{"rateUnit": "Hourly", "commencementDate": "2027-01-01T00:00:00"}, Status: 400, Field: "rate"},
			{Name: "schedule bad unit", Method: "POST", Path: S, Key: key, Body: map[string]any{"rate": 1, "rateUnit": "Fortnightly", "commencementDate": "2027-01-01T00:00:00"}, Status: 400, Field: "rateUnit"},
			{Name: "schedule without date", Method: "POST", Path: S, Key: key, Body: map[string]any{"rate": 1, "rateUnit": "Hourly"}, Status: 400, Field: "commencementDate"},
			{Name: "schedule same day", Method: "POST", Path: S, Key: key, Body: map[string]any{"rate": 60, "rateUnit": "Hourly", "commencementDate": "2026-12-01T09:00:00"}, Status: 409},
		})
		s.RunCases(t, e.tenancyCases("payrateschedule", sid, map[string]any{"rate": 60, "rateUnit": "Hourly", "commencementDate": "2028-01-01T00:00:00"}))

		// Delete then 404; a template nobody uses can go.
		s.Do("DELETE", fmt.Sprintf("%s/%d", S, sid), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, s.Do("GET", fmt.Sprintf("%s/%d", S, sid), key, nil), 404, "")
		s.Do("PUT", UB, key, map[string]any{"payRateTemplate": "(clear)"}).Expect(t, 200)
		s.Do("PUT", fmt.Sprintf("%s/%d", T, tid), key, map[string]any{"name": "Award L2", "primaryPayCategoryId": ord}).Expect(t, 200)
		s.Do("DELETE", fmt.Sprintf("%s/%d", T, tid), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, s.Do("GET", fmt.Sprintf("%s/%d", T, tid), key, nil), 404, "")
	})
}
