package httpapi_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// wireChecker asserts the outbound conventions against the served OpenAPI
// document: enum members are never "", declared objects are never null.
type wireChecker struct {
	schemas map[string]any
	paths   map[string]any
}

func newWireChecker(t *testing.T, s *testkit.Server) *wireChecker {
	doc := s.Do("GET", "/openapi.json", "", nil).Expect(t, 200).Map(t)
	return &wireChecker{schemas: doc["components"].(map[string]any)["schemas"].(map[string]any), paths: doc["paths"].(map[string]any)}
}

func (c *wireChecker) resolve(s map[string]any) map[string]any {
	for i := 0; s != nil && i < 16; i++ {
		ref, ok := s["$ref"].(string)
		if !ok {
			break
		}
		s, _ = c.schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any)
	}
	return s
}

// types lists a schema's JSON types ("type" is a string or a list).
func types(s map[string]any) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, e := range t {
			out = append(out, fmt.Sprint(e))
		}
		return out
	}
	return nil
}

// check reports the violations in the 200 body of GET pattern.
func (c *wireChecker) check(t *testing.T, pattern string, body any) {
	t.Helper()
	op := c.paths[pattern].(map[string]any)["get"].(map[string]any)
	s := op["responses"].(map[string]any)["200"].(map[string]any)["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)
	var bad []string
	c.walk("", body, s, &bad, 0)
	if len(bad) > 0 {
		t.Fatalf("GET %s breaks the outbound conventions:\n%s", pattern, strings.Join(bad, "\n"))
	}
}

func (c *wireChecker) walk(at string, v any, s map[string]any, bad *[]string, depth int) {
	s = c.resolve(s)
	if s == nil || depth > 16 {
		return
	}
	switch val := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for name, ps := range props {
			p := c.resolve(ps.(map[string]any))
			e, present := val[name]
			ts := types(p)
			switch {
			case present && e == nil && slices.Contains(ts, "object") && !slices.Contains(ts, "null"):
				*bad = append(*bad, at+name+": null object")
			case p["enum"] != nil && e == "":
				*bad = append(*bad, at+name+`: "" enum`)
			default:
				c.walk(at+name+".", e, p, bad, depth+1)
			}
		}
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range val {
				c.walk(fmt.Sprintf("%s[%d].", strings.TrimSuffix(at, "."), i), e, items, bad, depth+1)
			}
		}
	}
}

// Enum members are never "" and declared objects never null in responses,
// also for records created with nothing but a name.
func TestOutboundDefaults(t *testing.T) {
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d)
	_, key := s.NewUser("alice@example.com")
	biz := s.NewBusiness(key, "Alice", "AU")
	B := testkit.BusinessPath(biz)
	c := newWireChecker(t, s)
	var body any
	get := func(t *testing.T, path string) any {
		t.Helper()
		var v any
		s.Do("GET", path, key, nil).Expect(t, 200).JSON(t, &v)
		return v
	}
	create := func(t *testing.T, path string, in map[string]any) int64 {
		t.Helper()
		var out struct {
			ID int64 `json:"id"`
		}
		s.Do("POST", path, key, in).Expect(t, 200).JSON(t, &out)
		return out.ID
	}

	t.Run("business", func(t *testing.T) {
		body = get(t, B)
		c.check(t, "/api/v2/business/{businessId}", body)
		m := body.(map[string]any)
		for member, want := range map[string]string{"budgetEntryMethod": "PercentageOfSales", "leaveAccrualStartDateType": "EmployeeStartDate",
			"payCycleFrequency": "Weekly", "numberOfEmployees": "OneToTen"} {
			if m[member] != want {
				t.Errorf("%s = %v, want %s", member, m[member], want)
			}
		}
	})
	t.Run("business access", func(t *testing.T) {
		s.Do("POST", B+"/access", key, map[string]any{"email": "bob@example.com", "name": "Bob"}).Expect(t, 200)
		body = get(t, B+"/access")
		c.check(t, "/api/v2/business/{businessId}/access", body)
		for _, g := range body.([]any) {
			for _, member := range []string{"reports", "kioskAccess", "payrollAccess"} {
				if g.(map[string]any)[member] == nil {
					t.Errorf("%s is null: %v", member, g)
				}
			}
		}
	})
	t.Run("deduction category, dimension, dimension value source", func(t *testing.T) {
		dc := create(t, B+"/deductioncategory", map[string]any{"name": "Union"})
		dim := create(t, B+"/dimension", map[string]any{"name": "Department"})
		val := create(t, fmt.Sprintf("%s/dimension/%d/value", B, dim), map[string]any{"name": "Sales"})
		for pattern, path := range map[string]string{
			"/api/v2/business/{businessId}/deductioncategory/{id}":             fmt.Sprintf("%s/deductioncategory/%d", B, dc),
			"/api/v2/business/{businessId}/dimension/{id}":                     fmt.Sprintf("%s/dimension/%d", B, dim),
			"/api/v2/business/{businessId}/dimension/{dimensionId}/value/{id}": fmt.Sprintf("%s/dimension/%d/value/%d", B, dim, val),
		} {
			body = get(t, path)
			c.check(t, pattern, body)
			if src := body.(map[string]any)["source"]; src != "None" {
				t.Errorf("GET %s source = %v, want None", path, src)
			}
		}
	})
	t.Run("leave category", func(t *testing.T) {
		id := create(t, B+"/leavecategory", map[string]any{"name": "Annual"})
		body = get(t, fmt.Sprintf("%s/leavecategory/%d", B, id))
		c.check(t, "/api/v2/business/{businessId}/leavecategory/{id}", body)
		if body.(map[string]any)["leaveEntitlement"] == nil {
			t.Fatalf("leaveEntitlement is null: %v", body)
		}
	})
	t.Run("pay schedule", func(t *testing.T) {
		id := create(t, B+"/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
		body = get(t, fmt.Sprintf("%s/payschedule/%d", B, id))
		c.check(t, "/api/v2/business/{businessId}/payschedule/{id}", body)
		for _, member := range []string{"autoPayConfiguration", "defaultFinaliseSettings", "payScheduleApprovalSettings", "paySchedulePaymentApprovalSettings"} {
			if body.(map[string]any)[member] == nil {
				t.Errorf("%s is null", member)
			}
		}
	})
}
