package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Primitives of the wrong JSON type are converted as the public API's
// binder (Newtonsoft.Json) converts them, for every operation, and the
// converted value is what is stored and read back; a value that does not
// convert is still a 400 naming the member, and nothing is stored.
func TestPrimitiveCoercion(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		B, key := b.B, b.Key
		idOf := func(r *testkit.Response) int64 {
			t.Helper()
			return int64(r.Map(t)["id"].(float64))
		}
		sydney := idOf(b.Do("POST", B+"/location", key, map[string]any{"name": "Sydney", "state": "NSW"}).Expect(t, 200))
		sched := idOf(b.Do("POST", B+"/payschedule", key, map[string]any{"name": "Weekly", "frequency": "Weekly"}).Expect(t, 200))
		U := B + "/employee/unstructured"
		base := func(extra map[string]any) map[string]any {
			m := map[string]any{"firstName": "Ann", "surname": "Lee", "dateOfBirth": "1990-01-01T00:00:00", "startDate": "2026-07-01T00:00:00",
				"residentialStreetAddress": "1 Main St", "residentialSuburb": "Melbourne", "residentialState": "VIC", "rateUnit": "Hourly"}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		form := func(m map[string]any) string {
			v := url.Values{}
			for k, x := range m {
				v.Set(k, fmt.Sprint(x))
			}
			return v.Encode()
		}

		type check map[string]any
		cases := []struct {
			name   string
			body   map[string]any
			asForm bool
			want   check
		}{
			{"number into a string member", base(map[string]any{"taxFileNumber": 459599230, "residentialPostCode": 3000}), false,
				check{"taxFileNumber": "459599230", "residentialPostCode": "3000"}},
			{"boolean into a string member", base(map[string]any{"isEnabledForTimesheets": true}), false,
				check{"isEnabledForTimesheets": "true"}},
			{"boolean string into a boolean", base(map[string]any{"australianResident": "true", "claimTaxFreeThreshold": "False"}), false,
				check{"australianResident": true, "claimTaxFreeThreshold": false}},
			{"numeric strings into numbers", base(map[string]any{"rate": "30.50", "hoursPerWeek": "38", "hoursPerDay": " 7.6 "}), false,
				check{"rate": 30.5, "hoursPerWeek": 38.0, "hoursPerDay": 7.6}},
			{"enum display name", base(map[string]any{"employmentType": "Full Time", "rateUnit": "hourly"}), false,
				check{"employmentType": "FullTime", "rateUnit": "Hourly"}},
			{"empty string in a number member is null", base(map[string]any{"rate": "", "hoursPerWeek": "38"}), false,
				check{"rate": nil, "hoursPerWeek": 38.0}},
			{"form body gets the same", base(map[string]any{"taxFileNumber": 459599230, "rate": "30.50", "australianResident": "true", "employmentType": "Part Time"}), true,
				check{"taxFileNumber": "459599230", "rate": 30.5, "australianResident": true, "employmentType": "PartTime"}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				var r *testkit.Response
				if c.asForm {
					r = send(t, b.Server, "POST", U+"?matchType=None", key, "application/x-www-form-urlencoded", "", form(c.body))
				} else {
					r = b.Do("POST", U+"?matchType=None", key, c.body)
				}
				id := idOf(r.Expect(t, 200))
				got := b.Do("GET", fmt.Sprintf("%s/%d", U, id), key, nil).Expect(t, 200).Map(t)
				for k, want := range c.want {
					if got[k] != want {
						t.Errorf("%s = %#v, want %#v", k, got[k], want)
					}
				}
			})
		}

		paid := idOf(b.Do("POST", U+"?matchType=None", key, base(map[string]any{"firstName": "Pat", "rate": 30})).Expect(t, 200))
		run := b.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": fmt.Sprint(sched), "payPeriodEnding": "2026-11-01T00:00:00"}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", B, int64(run["id"].(float64)))
		b.Do("POST", fmt.Sprintf("%s/employee/%d", P, paid), key, nil).Expect(t, 200)
		t.Run("numeric string id", func(t *testing.T) {
			if got := b.Do("GET", P, key, nil).Expect(t, 200).Map(t); got["payScheduleId"] != float64(sched) {
				t.Fatalf("pay run %v", got)
			}
		})
		// Pay run line lists keyed by employee id, in the form binding's
		// bracket spelling; a form that does not describe a list is a 400
		// naming it, never a 200 that stored nothing.
		t.Run("form pay run lines", func(t *testing.T) {
			cat := idOf(b.Do("POST", B+"/deductioncategory", key, map[string]any{"name": "Union fees"}).Expect(t, 200))
			f := url.Values{}
			f.Set(fmt.Sprintf("deductions[%d][0].deductionCategoryId", paid), fmt.Sprint(cat))
			f.Set(fmt.Sprintf("deductions[%d][0].amount", paid), "12.50")
			send(t, b.Server, "POST", P+"/deductions", key, "application/x-www-form-urlencoded", "", f.Encode()).Expect(t, 200)
			got := b.Do("GET", P+"/deductions", key, nil).Expect(t, 200).Map(t)
			lines, _ := got["deductions"].(map[string]any)[fmt.Sprint(paid)].([]any)
			if len(lines) != 1 || lines[0].(map[string]any)["amount"] != 12.5 {
				t.Fatalf("deductions %v", got)
			}
			testkit.ExpectProblem(t, send(t, b.Server, "POST", P+"/deductions", key, "application/x-www-form-urlencoded", "", "deductions=12.50"), 400, "deductions")
			testkit.ExpectProblem(t, send(t, b.Server, "POST", P+"/deductions", key, "application/x-www-form-urlencoded", "",
				fmt.Sprintf("deductions[%d].amount=12.50", paid)), 400, fmt.Sprintf("deductions.%d", paid))
		})

		// Date-times without an offset in *Utc members are UTC: the kiosk
		// and self-service clock operations and the kiosk's added shift.
		emp := idOf(b.Do("POST", U+"?matchType=None", key, base(map[string]any{"rate": 30, "primaryLocation": "Sydney", "locations": "Sydney"})).Expect(t, 200))
		kiosk := idOf(b.Do("POST", B+"/kiosk", key, map[string]any{"name": "Front desk", "locationId": sydney, "timeZone": "AUS Eastern Standard Time"}).Expect(t, 200))
		b.Do("POST", fmt.Sprintf("%s/employee/grantkioskaccess/%d", B, emp), key, nil).Expect(t, 200)
		K := fmt.Sprintf("%s/kiosk/%d", B, kiosk)
		t.Run("utc date-times without an offset", func(t *testing.T) {
			act := func(op, utc string) map[string]any {
				return b.Do("POST", K+"/"+op, key, map[string]any{"employeeId": fmt.Sprint(emp), "recordedTimeUtc": utc}).Expect(t, 200).Map(t)
			}
			// Sydney is UTC+11 in November: 22:04 UTC is 09:04 local.
			act("clockon", "2026-11-01T22:04:00")
			act("startbreak", "2026-11-02T01:00:00.000")
			act("endbreak", "2026-11-02 01:30:00")
			off := act("clockoff", "2026-11-02T06:02:00")
			line := b.Do("GET", fmt.Sprintf("%s/timesheet/%d", B, int64(off["timesheetLineId"].(float64))), key, nil).Expect(t, 200).Map(t)
			if line["start"] != "2026-11-02T09:04:00" || line["end"] != "2026-11-02T17:02:00" {
				t.Fatalf("line %v", line)
			}
			add := b.Do("POST", K+"/addshift", key, map[string]any{"employeeId": emp, "recordedStartTimeUtc": "2026-10-30T22:00:00",
				"recordedEndTimeUtc": "2026-10-31T06:00:00", "breaks": []any{map[string]any{"start": map[string]any{"recordedTimeUtc": "2026-10-31T01:00:00"},
					"end": map[string]any{"recordedTimeUtc": "2026-10-31T01:30:00"}}}})
			add.Expect(t, 200)
		})
		t.Run("self-service clock on without an offset", func(t *testing.T) {
			b.Do("POST", B+"/employeeportalsettings", key, map[string]any{"enableWorkZoneClockOn": "true"}).Expect(t, 200)
			S := fmt.Sprintf("/api/v2/ess/%d/timeandattendance/", emp)
			// Without a kiosk the device's utcOffset says the local time.
			b.Do("POST", S+"clockon", key, map[string]any{"locationId": fmt.Sprint(sydney), "recordedTimeUtc": "2026-11-02T07:00:00", "utcOffset": "+11:00"}).Expect(t, 200)
			off := b.Do("POST", S+"clockoff", key, map[string]any{"recordedTimeUtc": "2026-11-02T08:30:00", "utcOffset": "+11:00"}).Expect(t, 200).Map(t)
			line := b.Do("GET", fmt.Sprintf("%s/timesheet/%d", B, int64(off["timesheetLineId"].(float64))), key, nil).Expect(t, 200).Map(t)
			if line["start"] != "2026-11-02T18:00:00" || line["end"] != "2026-11-02T19:30:00" {
				t.Fatalf("ess line %v", line)
			}
		})

		// What does not convert cleanly is still refused, naming the member.
		var before []any
		b.Do("GET", B+"/employee/unstructured", key, nil).Expect(t, 200).JSON(t, &before)
		bad := []struct{ name, field string }{
			{"rate", "rate"}, {"hoursPerWeek", "hoursPerWeek"}, {"australianResident", "australianResident"},
		}
		values := map[string]any{"rate": "abc", "hoursPerWeek": "38 hours", "australianResident": "yes"}
		for _, c := range bad {
			testkit.ExpectProblem(t, b.Do("POST", U+"?matchType=None", key, base(map[string]any{c.name: values[c.name]})), 400, c.field)
		}
		testkit.ExpectProblem(t, b.Do("POST", U+"?matchType=None", key, base(map[string]any{"rate": "1,000.50"})), 400, "rate")
		testkit.ExpectProblem(t, b.Do("POST", U+"?matchType=None", key, base(map[string]any{"taxFileNumber": 459599231})), 400, "taxFileNumber")
		testkit.ExpectProblem(t, b.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": "12x", "payPeriodEnding": "2026-11-01T00:00:00"}), 400, "payScheduleId")
		testkit.ExpectProblem(t, b.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": 1.5, "payPeriodEnding": "2026-11-01T00:00:00"}), 400, "payScheduleId")
		testkit.ExpectProblem(t, b.Do("POST", K+"/clockon", key, map[string]any{"employeeId": emp, "recordedTimeUtc": "yesterday"}), 400, "recordedTimeUtc")
		testkit.ExpectProblem(t, b.Do("POST", U+"?matchType=None", key, base(map[string]any{"employmentType": "Full Timer"})), 400, "employmentType")
		var after []any
		b.Do("GET", B+"/employee/unstructured", key, nil).Expect(t, 200).JSON(t, &after)
		if len(after) != len(before) {
			t.Fatalf("a refused body stored an employee: %d -> %d", len(before), len(after))
		}
	})
}

// A date-time without an offset is read as UTC in every member carrying an
// instant (format date-time), which is right only while each of them is a
// *Utc member: a new instant member in another zone needs its own rule in
// coerce.go. api/openapi.json is what the server serves (internal/cli
// checks it).
func TestInstantMembersAreUtc(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(filepath.Join("..", "..", "api", "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var walk func(where string, v any)
	walk = func(where string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if ref, ok := x["$ref"].(string); ok {
				name := strings.TrimPrefix(ref, "#/components/schemas/")
				if !seen[name] {
					seen[name] = true
					var s any
					if err := json.Unmarshal(doc.Components.Schemas[name], &s); err != nil {
						t.Fatal(err)
					}
					walk(name, s)
				}
			}
			if props, ok := x["properties"].(map[string]any); ok {
				for member, ps := range props {
					if p, ok := ps.(map[string]any); ok && p["format"] == "date-time" && !strings.HasSuffix(member, "Utc") {
						t.Errorf("%s.%s carries an instant but is not a *Utc member", where, member)
					}
				}
			}
			for _, e := range x {
				walk(where, e)
			}
		case []any:
			for _, e := range x {
				walk(where, e)
			}
		}
	}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			var o struct {
				RequestBody any `json:"requestBody"`
			}
			if json.Unmarshal(op, &o) == nil && o.RequestBody != nil {
				walk(method+" "+path, o.RequestBody)
			}
		}
	}
	if len(seen) == 0 {
		t.Fatal("no request schemas found")
	}
}
