package httpapi_test

import (
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// exampleExceptions are the operations whose documented example does not
// answer 2xx on a fresh business, with the status it answers and why.
// Keep it short: an example is meant to work.
var exampleExceptions = map[string]struct {
	status int
	reason string
}{}

// requiredWithoutExample are request schemas that list required members
// but whose operations carry no example yet, so the drift check below
// cannot send them (each predates the example mechanism). A new schema
// with a required list must come with an example.
var requiredWithoutExample = map[string]bool{
	"AdditionalEarnings": true, "Deduction": true, "Expense": true, "Liability": true, "New": true, "NewAccess": true,
	"NewUserModel": true, "OAuthAuthoriseForm": true, "OAuthRevokeRequest": true, "OAuthTokenRequest": true,
	"OnboardingRequest": true, "Schedule": true, "SetBillingPlanRequest": true,
	"UpdateEmployeeDocumentPermissionsModel": true, "UpdateUserModel": true,
}

type exampleOp struct {
	method, path string
	example      map[string]any
	required     []string
	schema       string
}

var pathParam = regexp.MustCompile(`\{([^}]+)\}`)

// examples lists every operation of the document whose JSON body carries
// an example, creates before updates and parents before children.
func examples(t *testing.T, oapi *huma.OpenAPI) (ops []exampleOp, gaps []string) {
	t.Helper()
	reg := oapi.Components.Schemas
	for path, item := range oapi.Paths {
		for method, op := range map[string]*huma.Operation{http.MethodPost: item.Post, http.MethodPut: item.Put, http.MethodPatch: item.Patch} {
			if op == nil || op.RequestBody == nil || op.RequestBody.Content["application/json"] == nil {
				continue
			}
			mt := op.RequestBody.Content["application/json"]
			var required []string
			name := ""
			if mt.Schema != nil && mt.Schema.Ref != "" {
				name = mt.Schema.Ref[strings.LastIndexByte(mt.Schema.Ref, '/')+1:]
				if s := reg.SchemaFromRef(mt.Schema.Ref); s != nil {
					required = s.Required
				}
			}
			if mt.Example == nil {
				if len(required) > 0 && !requiredWithoutExample[name] {
					gaps = append(gaps, method+" "+path+" ("+name+")")
				}
				continue
			}
			ex, ok := mt.Example.(map[string]any)
			if !ok {
				t.Fatalf("%s %s: example is %T, want a JSON object", method, path, mt.Example)
			}
			ops = append(ops, exampleOp{method: method, path: path, example: ex, required: required, schema: name})
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		a, b := ops[i], ops[j]
		if (a.method == http.MethodPost) != (b.method == http.MethodPost) {
			return a.method == http.MethodPost
		}
		if na, nb := strings.Count(a.path, "{"), strings.Count(b.path, "{"); na != nb {
			return na < nb
		}
		return a.path < b.path
	})
	return ops, gaps
}

// TestRequestExamples sends every documented example body to a fresh
// server, with ids resolved to fixtures the test creates (path parameters
// and the id members of the body), and expects 2xx (or the documented
// exception). Before that, for each required member of the body's schema,
// the example without that member must answer 400 naming it: the schema's
// required list and the server's validation cannot drift apart.
func TestRequestExamples(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		ops, gaps := examples(t, b.App.API.Huma().OpenAPI())
		if len(gaps) > 0 {
			t.Errorf("request schemas with required members but no example (add RequestExample): %v", gaps)
		}
		if len(ops) < 30 {
			t.Fatalf("only %d operations carry an example", len(ops))
		}
		// ids of records the test created, by the collection path that
		// created them (path template) and by the body member naming them.
		created := map[string]string{}
		members := map[string]int64{"businessId": b.Biz}
		ensure := func(path string, body any) int64 {
			t.Helper()
			r := b.Do(http.MethodPost, path, b.Key, body)
			if r.Status/100 != 2 {
				t.Fatalf("fixture POST %s: %d %s", path, r.Status, r.Body)
			}
			return int64(r.Map(t)["id"].(float64))
		}
		// The fixtures the examples' ids name: a pay schedule, a leave
		// category, an employee on that schedule.
		members["payScheduleId"] = ensure(b.B+"/payschedule", map[string]any{"name": "Fixture fortnightly", "frequency": "Fortnightly"})
		members["leaveCategoryId"] = ensure(b.B+"/leavecategory", map[string]any{"name": "Fixture leave", "isBalanceUntracked": true})
		r := b.Do(http.MethodPost, b.B+"/employee/unstructured", b.Key, map[string]any{"firstName": "Ann", "surname": "Lee",
			"startDate": "2026-01-05T00:00:00", "dateOfBirth": "1990-04-02T00:00:00", "payScheduleId": members["payScheduleId"],
			"rateUnit": "Hourly", "rate": 32.5, "employmentType": "Casual", "isEnabledForTimesheets": "true", "hoursPerWeek": 38})
		if r.Status/100 != 2 {
			t.Fatalf("fixture employee: %d %s", r.Status, r.Body)
		}
		members["employeeId"] = int64(r.Map(t)["id"].(float64))

		resolve := func(op exampleOp) (string, bool) {
			ok := true
			p := pathParam.ReplaceAllStringFunc(op.path, func(m string) string {
				name := m[1 : len(m)-1]
				if id, found := members[name]; found && (name == "businessId" || name == "employeeId") {
					return fmt.Sprint(id)
				}
				// {x} names the record the collection path before it created.
				i := strings.Index(op.path, m)
				if id, found := created[strings.TrimSuffix(op.path[:i], "/")]; found {
					return id
				}
				ok = false
				return m
			})
			return p, ok
		}
		body := func(op exampleOp, without string) map[string]any {
			out := map[string]any{}
			for k, v := range op.example {
				if k == without {
					continue
				}
				if id, found := members[k]; found {
					v = id
				} else if id, found := created[op.path]; found && k == "id" {
					v = id // an update naming its record in the body
				}
				out[k] = v
			}
			return out
		}
		sent := 0
		for _, op := range ops {
			name := op.method + " " + op.path
			path, ok := resolve(op)
			if !ok {
				t.Errorf("%s: no fixture for a path parameter (give its collection an example)", name)
				continue
			}
			for _, m := range op.required {
				r := b.Do(op.method, path, b.Key, body(op, m))
				if r.Status != http.StatusBadRequest || !strings.Contains(string(r.Body), `"`+m+`"`) {
					t.Errorf("%s without required %s: %d %s, want 400 naming it", name, m, r.Status, r.Body)
				}
			}
			r := b.Do(op.method, path, b.Key, body(op, ""))
			sent++
			if exc, found := exampleExceptions[name]; found {
				if r.Status != exc.status {
					t.Errorf("%s: %d %s, want the documented %d (%s)", name, r.Status, r.Body, exc.status, exc.reason)
				}
				continue
			}
			if r.Status/100 != 2 {
				t.Errorf("%s: example answered %d %s", name, r.Status, r.Body)
				continue
			}
			if op.method == http.MethodPost {
				var out map[string]any
				if r.JSON(t, &out); out != nil {
					switch id := out["id"].(type) {
					case float64:
						created[op.path] = fmt.Sprint(int64(id))
					case string:
						created[op.path] = id
					}
				}
			}
		}
		t.Logf("%d examples sent", sent)
	})
}
