package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestBusinessOperations(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, aliceKey := s.NewUser("alice@example.com")
		_, bobKey := s.NewUser("bob@example.com")

		var created map[string]any
		s.Do("POST", "/api/v2/business", aliceKey, map[string]any{
			"name": "Alice Pty Ltd", "abn": "51 824 753 556", "externalId": "ext-1", "endOfWeek": "friday", "contactEmailAddress": "pay@alice.example",
		}).Expect(t, 200).JSON(t, &created)
		id := int64(created["id"].(float64))
		if created["region"] != "AU" || created["endOfWeek"] != "Friday" || created["abn"] != "51 824 753 556" || created["standardHoursPerDay"] != 7.6 {
			t.Fatalf("created = %v", created)
		}
		if !strings.HasPrefix(created["dateCreated"].(string), "2026-11-02T09:00:00") {
			t.Fatalf("dateCreated %v not in local wire format", created["dateCreated"])
		}
		bobBiz := s.NewBusiness(bobKey, "Bob Ltd", "UK")
		B := fmt.Sprintf("/api/v2/business/%d", id)

		cases := []struct {
			name, method, path, key string
			body                    any
			status                  int
			field                   string
		}{
			{"get", "GET", B, aliceKey, nil, 200, ""},
			{"get anonymous", "GET", B, "", nil, 401, ""},
			{"get other tenant", "GET", B, bobKey, nil, 404, ""},
			{"get non-numeric id", "GET", "/api/v2/business/abc", aliceKey, nil, 404, ""},
			{"get unknown", "GET", "/api/v2/business/999999", s.AdminKey, nil, 404, ""},
			{"admin sees any", "GET", B, s.AdminKey, nil, 200, ""},
			{"create without name", "POST", "/api/v2/business", aliceKey, map[string]any{"abn": "1"}, 400, "name"},
			{"create bad region", "POST", "/api/v2/business", aliceKey, map[string]any{"name": "X", "region": "FR"}, 400, "region"},
			{"create bad abn", "POST", "/api/v2/business", aliceKey, map[string]any{"name": "X", "abn": "12 345 678 901"}, 400, "abn"},
			{"create bad enum", "POST", "/api/v2/business", aliceKey, map[string]any{"name": "X", "endOfWeek": "Someday"}, 400, "endOfWeek"},
			{"update partial", "PUT", B, aliceKey, map[string]any{"name": "Alice Holdings"}, 200, ""},
			{"update other tenant", "PUT", B, bobKey, map[string]any{"name": "Hijack"}, 404, ""},
			{"update invalid", "PUT", B, aliceKey, map[string]any{"standardHoursPerDay": 30}, 400, "standardHoursPerDay"},
			{"update by body id", "PUT", "/api/v2/business", aliceKey, map[string]any{"businessId": id, "contactName": "Alice"}, 200, ""},
			{"update by body id other tenant", "PUT", "/api/v2/business", aliceKey, map[string]any{"businessId": bobBiz, "name": "x"}, 404, ""},
			{"update by body without id", "PUT", "/api/v2/business", aliceKey, map[string]any{"name": "x"}, 400, "businessId"},
			{"external id", "GET", "/api/v2/business/externalid?externalId=ext-1", aliceKey, nil, 200, ""},
			{"external id other tenant", "GET", "/api/v2/business/externalid?externalId=ext-1", bobKey, nil, 404, ""},
			{"external id missing", "GET", "/api/v2/business/externalid", aliceKey, nil, 400, "externalId"},
			{"template not a template", "POST", fmt.Sprintf("%s/%d", B, bobBiz), aliceKey, nil, 404, ""},
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
		got := s.Do("GET", B, aliceKey, nil).Expect(t, 200).Map(t)
		if got["name"] != "Alice Holdings" || got["abn"] != "51 824 753 556" || got["contactName"] != "Alice" || got["standardHoursPerDay"] != 7.6 {
			t.Fatalf("partial updates lost or not applied: %v", got)
		}
		var list []map[string]any
		s.Do("GET", "/api/v2/business", aliceKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["name"] != "Alice Holdings" {
			t.Fatalf("alice's list = %v", list)
		}
		s.Do("GET", "/api/v2/business?$filter=Name%20eq%20%27Bob%20Ltd%27", s.AdminKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["region"] != "UK" {
			t.Fatalf("filtered admin list = %v", list)
		}

		// Templates: a template of the same brand (none here: both in no brand) copies settings.
		tpl := s.NewBusiness(aliceKey, "Template", "AU")
		s.Do("PUT", fmt.Sprintf("/api/v2/business/%d", tpl), aliceKey, map[string]any{"standardHoursPerDay": 8, "endOfWeek": "Wednesday"}).Expect(t, 200)
		if err := s.Businesses.SetTemplate(context.Background(), tpl, true); err != nil {
			t.Fatal(err)
		}
		copied := s.Do("POST", fmt.Sprintf("%s/%d", B, tpl), aliceKey, nil).Expect(t, 200).Map(t)
		if copied["standardHoursPerDay"] != 8.0 || copied["endOfWeek"] != "Wednesday" || copied["name"] != "Alice Holdings" {
			t.Fatalf("template copy = %v", copied)
		}
	})
}

func TestBusinessAccess(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, aliceKey := s.NewUser("alice@example.com")
		_, bobKey := s.NewUser("bob@example.com")
		biz := s.NewBusiness(aliceKey, "Alice Pty Ltd", "AU")
		A := fmt.Sprintf("/api/v2/business/%d/access", biz)

		// Granting access to an unknown email creates the user and tells them.
		s.Do("POST", A, aliceKey, map[string]any{"email": "carol@example.com", "name": "Carol", "accessType": "Restricted",
			"employeeGroups": []any{map[string]any{"employeeGroupId": 3, "permissions": "ApproveTimesheets,ViewRosters"}}}).Expect(t, 200)
		carol, err := s.Users.GetByUsername(context.Background(), "carol@example.com")
		if err != nil || carol.DisplayName != "Carol" {
			t.Fatalf("carol not created: %+v %v", carol, err)
		}
		var sent int
		if err := d.R.QueryRow(`SELECT COUNT(*) FROM notifications WHERE recipient = $1`, "carol@example.com").Scan(&sent); err != nil || sent != 1 {
			t.Fatalf("notifications to carol = %d, %v", sent, err)
		}
		var list []map[string]any
		s.Do("GET", A, aliceKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 {
			t.Fatalf("access list = %v", list)
		}
		one := s.Do("GET", A+"/user?email=CAROL@example.com", aliceKey, nil).Expect(t, 200).Map(t)
		if one["accessType"] != "Restricted" || len(one["employeeGroups"].([]any)) != 1 {
			t.Fatalf("carol's access = %v", one)
		}
		s.Do("GET", A+"?$filter=AccessType%20eq%20%27Restricted%27", aliceKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["email"] != "carol@example.com" {
			t.Fatalf("filtered access list = %v", list)
		}

		cases := []struct {
			name, method, path, key string
			body                    any
			status                  int
			field                   string
		}{
			{"list anonymous", "GET", A, "", nil, 401, ""},
			{"list other tenant", "GET", A, bobKey, nil, 404, ""},
			{"grant missing email", "POST", A, aliceKey, map[string]any{"accessType": "Unrestricted"}, 400, "email"},
			{"grant unknown permission", "POST", A, aliceKey, map[string]any{"email": "x@example.com", "accessType": "Restricted",
				"employeeGroups": []any{map[string]any{"employeeGroupId": 1, "permissions": "FlyPlanes"}}}, 400, "employeeGroups"},
			{"grant bad access type", "POST", A, aliceKey, map[string]any{"email": "x@example.com", "accessType": "Sometimes"}, 400, "accessType"},
			{"get unknown user", "GET", A + "/user?email=nobody@example.com", aliceKey, nil, 404, ""},
			{"update to unrestricted", "PUT", A + "?email=carol@example.com", aliceKey, map[string]any{"accessType": "Unrestricted"}, 200, ""},
			{"revoke last other unrestricted is fine", "DELETE", A + "?email=carol@example.com", aliceKey, nil, 200, ""},
			{"revoke the last unrestricted user", "DELETE", A + "?email=alice@example.com", aliceKey, nil, 409, ""},
			{"revoke unknown", "DELETE", A + "?email=carol@example.com", aliceKey, nil, 404, ""},
			{"revoke without email", "DELETE", A, aliceKey, nil, 400, "email"},
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

		// A restricted user sees the business but cannot administer it.
		s.Do("POST", A, aliceKey, map[string]any{"email": "bob@example.com", "accessType": "Restricted", "suppressNotificationEmails": true,
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int{1}, "permissions": "ViewRosters"}}}).Expect(t, 200)
		s.Do("GET", fmt.Sprintf("/api/v2/business/%d", biz), bobKey, nil).Expect(t, 200)
		problem(t, s.Do("GET", A, bobKey, nil), 403, "")
		problem(t, s.Do("PUT", fmt.Sprintf("/api/v2/business/%d", biz), bobKey, map[string]any{"name": "x"}), 403, "")
		// mergeExistingAccess adds groups to the existing restriction.
		s.Do("POST", A, aliceKey, map[string]any{"email": "bob@example.com", "accessType": "Restricted", "mergeExistingAccess": true, "suppressNotificationEmails": true,
			"employeeGroups": []any{map[string]any{"employeeGroupId": 9, "permissions": "ViewRosters"}}}).Expect(t, 200)
		merged := s.Do("GET", A+"/user?email=bob@example.com", aliceKey, nil).Expect(t, 200).Map(t)
		if len(merged["employeeGroups"].([]any)) != 1 || len(merged["locationAccess"].([]any)) != 1 {
			t.Fatalf("merge lost restrictions: %v", merged)
		}
	})
}
