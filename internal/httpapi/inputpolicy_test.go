package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The input policy (inputpolicy.go, docs/input-policy.md) is applied to
// every operation before its handler: violations are 400s naming the member
// by its JSON path, on both engines alike, and nothing is stored.
func TestInputPolicy(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, key := s.NewUser("alice@example.com")
		biz := s.NewBusiness(key, "Alice", "AU")
		uk := s.NewBusiness(key, "Alice UK", "UK")
		B := testkit.BusinessPath(biz)
		U := testkit.BusinessPath(uk)
		long := strings.Repeat("x", 100000)

		s.RunCases(t, []testkit.Case{
			// strings
			{Name: "NUL in a name", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "a\x00b"}, Status: 400, Field: "name"},
			{Name: "control character in a name", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "a\x07b"}, Status: 400, Field: "name"},
			{Name: "newline in a name", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "a\nb"}, Status: 400, Field: "name"},
			{Name: "100k name", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": long}, Status: 400, Field: "name"},
			{Name: "256-character code", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "L", "generalLedgerMappingCode": strings.Repeat("c", 256)}, Status: 400, Field: "generalLedgerMappingCode"},
			{Name: "code within the policy reaches the service", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "L255", "generalLedgerMappingCode": strings.Repeat("c", 50)}, Status: 200},
			{Name: "NUL in a dictionary key", Method: "POST", Path: B + "/webhookregistrations", Key: key, Body: map[string]any{"webHookUri": "http://127.0.0.1:1/h", "filters": []string{"*"}, "headers": map[string]any{"a\x00": "b"}}, Status: 400},
			{Name: "web hook header values may be long tokens", Method: "POST", Path: B + "/webhookregistrations", Key: key, Body: map[string]any{"webHookUri": "http://127.0.0.1:1/h", "filters": []string{"*"}, "headers": map[string]any{"Authorization": "Bearer " + strings.Repeat("t", 1500)}}, Status: 200},
			{Name: "free text keeps newlines", Method: "POST", Path: B + "/publicholiday", Key: key, Body: map[string]any{"date": "2026-12-25T00:00:00", "description": "Christmas", "note": "line 1\nline 2\ttabbed"}, Status: 200},
			{Name: "free text refuses NUL", Method: "POST", Path: B + "/publicholiday", Key: key, Body: map[string]any{"date": "2026-12-26T00:00:00", "description": "Boxing", "note": "a\x00"}, Status: 400, Field: "note"},
			{Name: "bidi override in a name", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "Depot \u202egnp.exe"}, Status: 400, Field: "name"},
			{Name: "bidi isolate in an employee's surname", Method: "POST", Path: B + "/employee/unstructured", Key: key, Body: map[string]any{"firstName": "Ann", "surname": "Lee\u2067x"}, Status: 400, Field: "surname"},
			{Name: "zero-width space in an external id", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "ZW", "externalId": "EXT\u200b1"}, Status: 400, Field: "externalId"},
			{Name: "byte order mark in a name", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "\ufeffDepot"}, Status: 400, Field: "name"},
			{Name: "bidi override in a query value", Method: "GET", Path: B + "/location?$filter=name%20eq%20%27%E2%80%AEa%27", Key: key, Status: 400, Field: "$filter"},
			{Name: "bidi override in free text", Method: "POST", Path: B + "/publicholiday", Key: key, Body: map[string]any{"date": "2026-12-27T00:00:00", "description": "Day", "note": "pay \u202e0001"}, Status: 400, Field: "note"},
			{Name: "free text keeps joiners and marks", Method: "POST", Path: B + "/publicholiday", Key: key, Body: map[string]any{"date": "2026-12-28T00:00:00", "description": "Family \U0001F468\u200d\U0001F469\u200d\U0001F467 day", "note": "\u05e9\u05dc\u05d5\u05dd\u200e 2026\nline"}, Status: 200},
			{Name: "names in any script", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "渡辺 Zoë Ólafsdóttir محمد"}, Status: 200},
			{Name: "case-insensitive member names are checked", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"NAME": "a\x00b"}, Status: 400, Field: "name"},
			{Name: "nested member named by its path", Method: "POST", Path: B + "/employeegroup", Key: key, Body: map[string]any{"name": "G", "filters": []map[string]any{{"filterType": "Location", "value": "1"}, {"filterType": "Location", "value": "x\x00"}}}, Status: 400, Field: "filters[1].value"},
			// dates
			{Name: "date 9999-12-31", Method: "POST", Path: B + "/publicholiday", Key: key, Body: map[string]any{"date": "9999-12-31T00:00:00", "description": "Far"}, Status: 400, Field: "date"},
			{Name: "date 1899-12-31", Method: "POST", Path: B + "/publicholiday", Key: key, Body: map[string]any{"date": "1899-12-31", "description": "Old"}, Status: 400, Field: "date"},
			{Name: "date 2100-12-31", Method: "POST", Path: B + "/publicholiday", Key: key, Body: map[string]any{"date": "2100-12-31", "description": "Edge"}, Status: 200},
			// numbers
			{Name: "amount 1e308", Method: "POST", Path: B + "/employeeexpensecategory", Key: key, Body: map[string]any{"name": "E1", "taxRate": 1e308}, Status: 400, Field: "taxRate"},
			{Name: "percentage -1e15", Method: "POST", Path: B + "/paycategory", Key: key, Body: map[string]any{"name": "P1", "penaltyLoadingPercent": -1e15}, Status: 400, Field: "penaltyLoadingPercent"},
			{Name: "super rate above 100", Method: "POST", Path: B + "/paycategory", Key: key, Body: map[string]any{"name": "P2", "defaultSuperRate": 101}, Status: 400, Field: "defaultSuperRate"},
			{Name: "percentage with 5 decimals", Method: "POST", Path: B + "/paycategory", Key: key, Body: map[string]any{"name": "P3", "defaultSuperRate": 11.12345}, Status: 400, Field: "defaultSuperRate"},
			{Name: "percentage in range", Method: "POST", Path: B + "/paycategory", Key: key, Body: map[string]any{"name": "P4", "defaultSuperRate": 11.5, "rateLoadingPercent": 150}, Status: 200},
			{Name: "negative hours", Method: "PUT", Path: B, Key: key, Body: map[string]any{"standardHoursPerDay": -1}, Status: 400, Field: "standardHoursPerDay"},
			{Name: "hours above 10,000", Method: "PUT", Path: B, Key: key, Body: map[string]any{"standardHoursPerDay": 10001}, Status: 400, Field: "standardHoursPerDay"},
			{Name: "negative amount", Method: "POST", Path: U + "/pensionscheme/1/plan", Key: key, Body: map[string]any{"contributionPlanName": "X", "upperEarningsCap": -5}, Status: 400, Field: "upperEarningsCap"},
			{Name: "amount with 3 decimals", Method: "POST", Path: U + "/pensionscheme/1/plan", Key: key, Body: map[string]any{"contributionPlanName": "X", "upperEarningsCap": 1.005}, Status: 400, Field: "upperEarningsCap"},
			// ids
			{Name: "id -1 in a body", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "L2", "parentId": -1}, Status: 400, Field: "parentId"},
			{Name: "id int64 max in a body", Method: "POST", Path: B + "/location", Key: key, Body: `{"name":"L3","parentId":9223372036854775807}`, Status: 400, Field: "parentId"},
			{Name: "id list member", Method: "POST", Path: B + "/location", Key: key, Body: map[string]any{"name": "L4", "defaultShiftConditionIds": []any{1, -1}}, Status: 400, Field: "defaultShiftConditionIds[1]"},
			{Name: "id -1 in the path", Method: "GET", Path: B + "/location/-1", Key: key, Status: 400, Field: "id"},
			{Name: "id int64 max in the path", Method: "PUT", Path: B + "/location/9223372036854775807", Key: key, Body: map[string]any{"name": "L"}, Status: 400, Field: "id"},
			// parameters
			{Name: "NUL in a query value", Method: "GET", Path: B + "/location?$filter=name%20eq%20%27a%00%27", Key: key, Status: 400, Field: "$filter"},
			{Name: "NUL in a string path parameter", Method: "GET", Path: B + "/webhookregistrations/a%00b", Key: key, Status: 400, Field: "id"},
			// nesting
			{Name: "deeply nested junk", Method: "POST", Path: B + "/location", Key: key, Body: `{"name":"L5","defaultShiftConditionIds":` + strings.Repeat("[", 200) + strings.Repeat("]", 200) + `}`, Status: 400},
		})
		// routes served outside huma (OAuth) answer in their own style
		if r := s.Do("GET", "/oauth/authorise?client_id=%00&response_type=code", "", nil); r.Status != 400 || !strings.Contains(r.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("authorise page with NUL: %d %s", r.Status, r.Body)
		}
		req, _ := http.NewRequest("POST", s.URL+"/oauth/token", strings.NewReader("grant_type=authorization_code&code=x&client_id=a%00b&client_secret=s"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if r := s.Send(req); r.Status != 400 || r.Map(t)["error"] != "invalid_request" {
			t.Fatalf("token with NUL: %d %s", r.Status, r.Body)
		}
		// form-encoded bodies are held to the same rule
		req, _ = http.NewRequest("POST", s.URL+B+"/location", strings.NewReader("name=Dep%E2%80%8Dot&state=VIC"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(key, "")
		testkit.ExpectProblem(t, s.Send(req), 400, "name")
		// the policy is checked after authentication: no credentials stays 401
		testkit.ExpectProblem(t, s.Do("POST", B+"/location", "", map[string]any{"name": "a\x00"}), 401, "")

		var list []map[string]any
		s.Do("GET", B+"/location", key, nil).Expect(t, 200).JSON(t, &list)
		for _, l := range list {
			if name, _ := l["name"].(string); strings.ContainsAny(name, "\x00\u202e\u200b\u200d\ufeff") || len(name) > 255 {
				t.Fatalf("stored %q", name)
			}
		}
	})
}
