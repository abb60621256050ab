package httpapi_test

import (
	"context"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestUserOperations(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, aliceKey := s.NewUser("alice@example.com")
		_, bobKey := s.NewUser("bob@example.com")

		var me map[string]any
		s.Do("GET", "/api/v2/user", aliceKey, nil).Expect(t, 200).JSON(t, &me)
		if me["email"] != "alice@example.com" || me["displayName"] != "alice@example.com" || me["timeZone"] == "" {
			t.Fatalf("GET /user = %v", me)
		}
		cases := []testkit.Case{
			{Name: "get anonymous", Method: "GET", Path: "/api/v2/user", Status: 401},
			{Name: "get bad key", Method: "GET", Path: "/api/v2/user", Key: "pk_nope", Status: 401},
			{Name: "create missing displayName", Method: "POST", Path: "/api/v2/user", Key: s.AdminKey, Body: map[string]any{"username": "c@example.com"}, Status: 400, Field: "displayName"},
			{Name: "create bad email", Method: "POST", Path: "/api/v2/user", Key: s.AdminKey, Body: map[string]any{"username": "c", "displayName": "C", "email": "not-an-email"}, Status: 400, Field: "email"},
			{Name: "create duplicate", Method: "POST", Path: "/api/v2/user", Key: s.AdminKey, Body: map[string]any{"username": "ALICE@example.com", "displayName": "A"}, Status: 409},
			{Name: "create by plain user", Method: "POST", Path: "/api/v2/user", Key: aliceKey, Body: map[string]any{"username": "d@example.com", "displayName": "D"}, Status: 403},
			{Name: "update self", Method: "PUT", Path: "/api/v2/user", Key: aliceKey, Body: map[string]any{"username": "alice@example.com", "emailConfirmed": true}, Status: 200},
			{Name: "update other user as plain user", Method: "PUT", Path: "/api/v2/user", Key: bobKey, Body: map[string]any{"username": "alice@example.com", "emailConfirmed": false}, Status: 404},
			{Name: "update unknown", Method: "PUT", Path: "/api/v2/user", Key: s.AdminKey, Body: map[string]any{"username": "ghost@example.com"}, Status: 404},
			{Name: "update missing username", Method: "PUT", Path: "/api/v2/user", Key: s.AdminKey, Body: map[string]any{"emailConfirmed": true}, Status: 400, Field: "username"},
		}
		s.RunCases(t, cases)
		u, err := s.Users.GetByUsername(context.Background(), "alice@example.com")
		if err != nil || !u.EmailConfirmed {
			t.Fatalf("PUT /user did not store emailConfirmed: %+v %v", u, err)
		}
		if r := s.Do("GET", "/api/v2/user", "", nil); r.Header.Get("WWW-Authenticate") == "" {
			t.Fatal("401 without WWW-Authenticate")
		}
	})
}
