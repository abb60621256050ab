package platformapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestBusinessOperations(t *testing.T) {
	t.Parallel()
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
		B := testkit.BusinessPath(id)

		cases := []testkit.Case{
			{Name: "get", Method: "GET", Path: B, Key: aliceKey, Status: 200},
			{Name: "get anonymous", Method: "GET", Path: B, Status: 401},
			{Name: "get other tenant", Method: "GET", Path: B, Key: bobKey, Status: 404},
			{Name: "get non-numeric id", Method: "GET", Path: "/api/v2/business/abc", Key: aliceKey, Status: 404},
			{Name: "get unknown", Method: "GET", Path: "/api/v2/business/999999", Key: s.AdminKey, Status: 404},
			{Name: "admin sees any", Method: "GET", Path: B, Key: s.AdminKey, Status: 200},
			{Name: "create without name", Method: "POST", Path: "/api/v2/business", Key: aliceKey, Body: map[string]any{"abn": "1"}, Status: 400, Field: "name"},
			{Name: "create bad region", Method: "POST", Path: "/api/v2/business", Key: aliceKey, Body: map[string]any{"name": "X", "region": "FR"}, Status: 400, Field: "region"},
			{Name: "create bad abn", Method: "POST", Path: "/api/v2/business", Key: aliceKey, Body: map[string]any{"name": "X", "abn": "12 345 678 901"}, Status: 400, Field: "abn"},
			{Name: "create bad enum", Method: "POST", Path: "/api/v2/business", Key: aliceKey, Body: map[string]any{"name": "X", "endOfWeek": "Someday"}, Status: 400, Field: "endOfWeek"},
			{Name: "update partial", Method: "PUT", Path: B, Key: aliceKey, Body: map[string]any{"name": "Alice Holdings"}, Status: 200},
			{Name: "update other tenant", Method: "PUT", Path: B, Key: bobKey, Body: map[string]any{"name": "Hijack"}, Status: 404},
			{Name: "update invalid", Method: "PUT", Path: B, Key: aliceKey, Body: map[string]any{"standardHoursPerDay": 30}, Status: 400, Field: "standardHoursPerDay"},
			{Name: "update by body id", Method: "PUT", Path: "/api/v2/business", Key: aliceKey, Body: map[string]any{"businessId": id, "contactName": "Alice"}, Status: 200},
			{Name: "update by body id other tenant", Method: "PUT", Path: "/api/v2/business", Key: aliceKey, Body: map[string]any{"businessId": bobBiz, "name": "x"}, Status: 404},
			{Name: "update by body without id", Method: "PUT", Path: "/api/v2/business", Key: aliceKey, Body: map[string]any{"name": "x"}, Status: 400, Field: "businessId"},
			{Name: "external id", Method: "GET", Path: "/api/v2/business/externalid?externalId=ext-1", Key: aliceKey, Status: 200},
			{Name: "external id other tenant", Method: "GET", Path: "/api/v2/business/externalid?externalId=ext-1", Key: bobKey, Status: 404},
			{Name: "external id missing", Method: "GET", Path: "/api/v2/business/externalid", Key: aliceKey, Status: 400, Field: "externalId"},
			{Name: "template not a template", Method: "POST", Path: fmt.Sprintf("%s/%d", B, bobBiz), Key: aliceKey, Status: 404},
		}
		s.RunCases(t, cases)
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
		s.Do("PUT", testkit.BusinessPath(tpl), aliceKey, map[string]any{"standardHoursPerDay": 8, "endOfWeek": "Wednesday"}).Expect(t, 200)
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
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, aliceKey := s.NewUser("alice@example.com")
		_, bobKey := s.NewUser("bob@example.com")
		biz := s.NewBusiness(aliceKey, "Alice Pty Ltd", "AU")
		A := fmt.Sprintf("/api/v2/business/%d/access", biz)
		newID := func(coll string, body map[string]any) int64 {
			return int64(s.Do("POST", fmt.Sprintf("/api/v2/business/%d/%s", biz, coll), aliceKey, body).Expect(t, 200).Map(t)["id"].(float64))
		}
		group := newID("employeegroup", map[string]any{"name": "Kitchen"})
		group2 := newID("employeegroup", map[string]any{"name": "Bar"})
		location := newID("location", map[string]any{"name": "Sydney"})

		// Granting access to an unknown email creates the user and tells them.
		s.Do("POST", A, aliceKey, map[string]any{"email": "carol@example.com", "name": "Carol", "accessType": "Restricted",
			"employeeGroups": []any{map[string]any{"employeeGroupId": group, "permissions": "ApproveTimesheets,ViewRosters"}}}).Expect(t, 200)
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

		cases := []testkit.Case{
			{Name: "list anonymous", Method: "GET", Path: A, Status: 401},
			{Name: "list other tenant", Method: "GET", Path: A, Key: bobKey, Status: 404},
			{Name: "grant missing email", Method: "POST", Path: A, Key: aliceKey, Body: map[string]any{"accessType": "Unrestricted"}, Status: 400, Field: "email"},
			{Name: "grant unknown permission", Method: "POST", Path: A, Key: aliceKey, Body: map[string]any{"email": "x@example.com", "accessType": "Restricted", "employeeGroups": []any{map[string]any{"employeeGroupId": 1, "permissions": "FlyPlanes"}}}, Status: 400, Field: "employeeGroups"},
			{Name: "grant bad access type", Method: "POST", Path: A, Key: aliceKey, Body: map[string]any{"email": "x@example.com", "accessType": "Sometimes"}, Status: 400, Field: "accessType"},
			{Name: "get unknown user", Method: "GET", Path: A + "/user?email=nobody@example.com", Key: aliceKey, Status: 404},
			{Name: "update to unrestricted", Method: "PUT", Path: A + "?email=carol@example.com", Key: aliceKey, Body: map[string]any{"accessType": "Unrestricted"}, Status: 200},
			{Name: "revoke last other unrestricted is fine", Method: "DELETE", Path: A + "?email=carol@example.com", Key: aliceKey, Status: 200},
			{Name: "revoke the last unrestricted user", Method: "DELETE", Path: A + "?email=alice@example.com", Key: aliceKey, Status: 409},
			{Name: "revoke unknown", Method: "DELETE", Path: A + "?email=carol@example.com", Key: aliceKey, Status: 404},
			{Name: "revoke without email", Method: "DELETE", Path: A, Key: aliceKey, Status: 400, Field: "email"},
		}
		s.RunCases(t, cases)

		// A restricted user sees the business but cannot administer it.
		s.Do("POST", A, aliceKey, map[string]any{"email": "bob@example.com", "accessType": "Restricted", "suppressNotificationEmails": true,
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{location}, "permissions": "ViewRosters"}}}).Expect(t, 200)
		s.Do("GET", testkit.BusinessPath(biz), bobKey, nil).Expect(t, 200)
		testkit.ExpectProblem(t, s.Do("GET", A, bobKey, nil), 403, "")
		testkit.ExpectProblem(t, s.Do("PUT", testkit.BusinessPath(biz), bobKey, map[string]any{"name": "x"}), 403, "")
		// mergeExistingAccess adds groups to the existing restriction.
		s.Do("POST", A, aliceKey, map[string]any{"email": "bob@example.com", "accessType": "Restricted", "mergeExistingAccess": true, "suppressNotificationEmails": true,
			"employeeGroups": []any{map[string]any{"employeeGroupId": group2, "permissions": "ViewRosters"}}}).Expect(t, 200)
		merged := s.Do("GET", A+"/user?email=bob@example.com", aliceKey, nil).Expect(t, 200).Map(t)
		if len(merged["employeeGroups"].([]any)) != 1 || len(merged["locationAccess"].([]any)) != 1 {
			t.Fatalf("merge lost restrictions: %v", merged)
		}
		// Grants refer to real employee groups and locations, which cannot go while used.
		testkit.ExpectProblem(t, s.Do("POST", A, aliceKey, map[string]any{"email": "dan@example.com", "accessType": "Restricted",
			"employeeGroups": []any{map[string]any{"employeeGroupId": 999999, "permissions": "ViewRosters"}}}), 400, "employeeGroups")
		testkit.ExpectProblem(t, s.Do("DELETE", fmt.Sprintf("/api/v2/business/%d/employeegroup/%d", biz, group2), aliceKey, nil), 409, "")
		testkit.ExpectProblem(t, s.Do("DELETE", fmt.Sprintf("/api/v2/business/%d/location/%d", biz, location), aliceKey, nil), 409, "")
		s.Do("DELETE", A+"?email=bob@example.com", aliceKey, nil).Expect(t, 200)
		s.Do("DELETE", fmt.Sprintf("/api/v2/business/%d/employeegroup/%d", biz, group2), aliceKey, nil).Expect(t, 200)
	})
}

// setupDefaultData (default true) gives a new business what its region
// needs for a first pay run; with false the collections start empty.
func TestBusinessSetupDefaultData(t *testing.T) {
	t.Parallel()
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d)
	_, key := s.NewUser("alice@example.com")
	var withDefaults, plain map[string]any
	s.Do("POST", "/api/v2/business?setupDefaultData=true", key, map[string]any{"name": "Defaults Co", "region": "AU"}).Expect(t, 200).JSON(t, &withDefaults)
	s.Do("POST", "/api/v2/business?setupDefaultData=false", key, map[string]any{"name": "Plain Co", "region": "AU"}).Expect(t, 200).JSON(t, &plain)
	var implicit map[string]any // the published default is true
	s.Do("POST", "/api/v2/business", key, map[string]any{"name": "Implicit Co", "region": "AU"}).Expect(t, 200).JSON(t, &implicit)
	count := func(biz any, coll string) int {
		var list []map[string]any
		s.Do("GET", fmt.Sprintf("/api/v2/business/%v/%s", biz, coll), key, nil).Expect(t, 200).JSON(t, &list)
		return len(list)
	}
	if count(withDefaults["id"], "paycategory") == 0 || count(withDefaults["id"], "leavecategory") == 0 {
		t.Fatal("setupDefaultData=true created no pay or leave categories")
	}
	if count(plain["id"], "paycategory") != 0 {
		t.Fatal("a business created with setupDefaultData=false got defaults")
	}
	if count(implicit["id"], "paycategory") != count(withDefaults["id"], "paycategory") {
		t.Fatal("a business created without setupDefaultData did not get the defaults")
	}
}
