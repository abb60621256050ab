package httpapi_test

import (
	"context"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// problem asserts a ProblemDetails body with status and, when field is not
// empty, an errors entry naming it.
func problem(t *testing.T, r *testkit.Response, status int, field string) {
	t.Helper()
	r.Expect(t, status)
	if ct := r.Header.Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("content type %q, want application/problem+json; body %s", ct, r.Body)
	}
	m := r.Map(t)
	if int(m["status"].(float64)) != status || m["title"] == "" || m["message"] == nil {
		t.Fatalf("not a ProblemDetails body: %s", r.Body)
	}
	if field != "" {
		errs, _ := m["errors"].(map[string]any)
		if _, ok := errs[field]; !ok {
			t.Fatalf("errors does not name %q: %s", field, r.Body)
		}
	}
}

func TestUserOperations(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, aliceKey := s.NewUser("alice@example.com")
		_, bobKey := s.NewUser("bob@example.com")

		var me map[string]any
		s.Do("GET", "/api/v2/user", aliceKey, nil).Expect(t, 200).JSON(t, &me)
		if me["email"] != "alice@example.com" || me["displayName"] != "alice@example.com" || me["timeZone"] == "" {
			t.Fatalf("GET /user = %v", me)
		}
		cases := []struct {
			name, method, path, key string
			body                    any
			status                  int
			field                   string
		}{
			{"get anonymous", "GET", "/api/v2/user", "", nil, 401, ""},
			{"get bad key", "GET", "/api/v2/user", "pk_nope", nil, 401, ""},
			{"create missing displayName", "POST", "/api/v2/user", s.AdminKey, map[string]any{"username": "c@example.com"}, 400, "displayName"},
			{"create bad email", "POST", "/api/v2/user", s.AdminKey, map[string]any{"username": "c", "displayName": "C", "email": "not-an-email"}, 400, "email"},
			{"create duplicate", "POST", "/api/v2/user", s.AdminKey, map[string]any{"username": "ALICE@example.com", "displayName": "A"}, 409, ""},
			{"create by plain user", "POST", "/api/v2/user", aliceKey, map[string]any{"username": "d@example.com", "displayName": "D"}, 403, ""},
			{"update self", "PUT", "/api/v2/user", aliceKey, map[string]any{"username": "alice@example.com", "emailConfirmed": true}, 200, ""},
			{"update other user as plain user", "PUT", "/api/v2/user", bobKey, map[string]any{"username": "alice@example.com", "emailConfirmed": false}, 404, ""},
			{"update unknown", "PUT", "/api/v2/user", s.AdminKey, map[string]any{"username": "ghost@example.com"}, 404, ""},
			{"update missing username", "PUT", "/api/v2/user", s.AdminKey, map[string]any{"emailConfirmed": true}, 400, "username"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := s.Do(tc.method, tc.path, tc.key, tc.body)
				if tc.status >= 400 {
					problem(t, r, tc.status, tc.field)
				} else {
					r.Expect(t, tc.status)
				}
			})
		}
		u, err := s.Users.GetByUsername(context.Background(), "alice@example.com")
		if err != nil || !u.EmailConfirmed {
			t.Fatalf("PUT /user did not store emailConfirmed: %+v %v", u, err)
		}
		if r := s.Do("GET", "/api/v2/user", "", nil); r.Header.Get("WWW-Authenticate") == "" {
			t.Fatal("401 without WWW-Authenticate")
		}
	})
}
