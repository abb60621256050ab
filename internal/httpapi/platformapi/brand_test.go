package platformapi_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestBrandOperations(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		ctx := context.Background()
		acme, err := s.Brands.CreateBrand(ctx, "Acme Payroll")
		if err != nil {
			t.Fatal(err)
		}
		other, _ := s.Brands.CreateBrand(ctx, "Other Brand")
		label, _ := s.Brands.CreateWhiteLabel(ctx, acme.ID, "Acme White")
		_, brandKey := s.NewUser("reseller@acme.example")
		_, otherKey := s.NewUser("reseller@other.example")
		if err := s.Brands.SetBrandAdmin(ctx, "reseller@acme.example", acme.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.Brands.SetBrandAdmin(ctx, "reseller@other.example", other.ID); err != nil {
			t.Fatal(err)
		}
		// A brand admin's users and businesses belong to the brand.
		var newUser map[string]any
		s.Do("POST", "/api/v2/user", brandKey, map[string]any{"username": "owner@client.example", "displayName": "Owner"}).Expect(t, 200).JSON(t, &newUser)
		ownerKey := newUser["apiKey"].(string)
		biz := s.NewBusiness(ownerKey, "Client Co", "AU")
		wlBiz := s.NewBusiness(brandKey, "Labelled Co", "NZ")
		s.Do("PUT", testkit.BusinessPath(wlBiz), brandKey, map[string]any{"abn": ""}).Expect(t, 200)
		testkit.MustExec(t, d, `UPDATE businesses SET white_label_id = $1 WHERE id = $2`, label.ID, wlBiz)
		for _, st := range []string{"Active", "Active", "Incomplete", "Terminated"} {
			s.SeedEmployee(t, d, biz, "A", "B", st, "")
		}

		var brands []map[string]any
		s.Do("GET", "/api/v2/brand", brandKey, nil).Expect(t, 200).JSON(t, &brands)
		if len(brands) != 1 || brands[0]["name"] != "Acme Payroll" {
			t.Fatalf("brand admin sees %v", brands)
		}
		s.Do("GET", "/api/v2/brand", s.AdminKey, nil).Expect(t, 200).JSON(t, &brands)
		if len(brands) != 2 {
			t.Fatalf("system admin sees %v", brands)
		}
		var rows []map[string]any
		s.Do("GET", fmt.Sprintf("/api/v2/brand/%d/reports/activeemployees", acme.ID), brandKey, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 2 || rows[0]["businessName"] != "Client Co" || rows[0]["numberOfCompleteEmployees"] != 2.0 ||
			rows[0]["numberOfIncompleteEmployees"] != 1.0 || rows[0]["emailAddresses"] != "owner@client.example" {
			t.Fatalf("active employees = %v", rows)
		}
		s.Do("GET", fmt.Sprintf("/api/v2/brand/%d/reports/signups?fromDate=2026-11-03", acme.ID), brandKey, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("signups after creation date = %v", rows)
		}
		s.Do("GET", fmt.Sprintf("/api/v2/whitelabel/%d/reports/signups?fromDate=2026-11-01&toDate=2026-11-02", label.ID), brandKey, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 1 || rows[0]["businessName"] != "Labelled Co" {
			t.Fatalf("white label signups = %v", rows)
		}
		s.Do("GET", fmt.Sprintf("/api/v2/brand/%d/reports/activeemployees?emailAddresses=nobody@x.example", acme.ID), brandKey, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("email filter ignored: %v", rows)
		}

		cases := []testkit.Case{
			{Name: "get brand", Method: "GET", Path: fmt.Sprintf("/api/v2/brand/%d", acme.ID), Key: brandKey, Status: 200},
			{Name: "get other brand", Method: "GET", Path: fmt.Sprintf("/api/v2/brand/%d", acme.ID), Key: otherKey, Status: 404},
			{Name: "list as plain user", Method: "GET", Path: "/api/v2/brand", Key: ownerKey, Status: 403},
			{Name: "anonymous", Method: "GET", Path: "/api/v2/brand", Status: 401},
			{Name: "templates", Method: "GET", Path: fmt.Sprintf("/api/v2/brand/%d/business-templates", acme.ID), Key: brandKey, Status: 200},
			{Name: "templates other brand", Method: "GET", Path: fmt.Sprintf("/api/v2/brand/%d/business-templates", acme.ID), Key: otherKey, Status: 404},
			{Name: "report bad date", Method: "GET", Path: fmt.Sprintf("/api/v2/brand/%d/reports/signups?fromDate=yesterday", acme.ID), Key: brandKey, Status: 400, Field: "fromDate"},
			{Name: "report other brand", Method: "GET", Path: fmt.Sprintf("/api/v2/brand/%d/reports/signups", acme.ID), Key: otherKey, Status: 404},
			{Name: "white labels", Method: "GET", Path: "/api/v2/whitelabel", Key: brandKey, Status: 200},
			{Name: "white label", Method: "GET", Path: fmt.Sprintf("/api/v2/whitelabel/%d", label.ID), Key: brandKey, Status: 200},
			{Name: "white label other brand", Method: "GET", Path: fmt.Sprintf("/api/v2/whitelabel/%d", label.ID), Key: otherKey, Status: 404},
			{Name: "white label report other brand", Method: "GET", Path: fmt.Sprintf("/api/v2/whitelabel/%d/reports/activeemployees", label.ID), Key: otherKey, Status: 404},
			{Name: "cancel by other brand", Method: "DELETE", Path: fmt.Sprintf("/api/v2/brand/%d/business/%d/cancel", other.ID, biz), Key: otherKey, Status: 404},
			{Name: "cancel", Method: "DELETE", Path: fmt.Sprintf("/api/v2/brand/%d/business/%d/cancel", acme.ID, biz), Key: brandKey, Status: 200},
			{Name: "cancelled business is gone", Method: "GET", Path: testkit.BusinessPath(biz), Key: ownerKey, Status: 404},
			{Name: "cancel twice", Method: "DELETE", Path: fmt.Sprintf("/api/v2/brand/%d/business/%d/cancel", acme.ID, biz), Key: brandKey, Status: 404},
		}
		s.RunCases(t, cases)
		s.Do("GET", fmt.Sprintf("/api/v2/brand/%d/reports/activeemployees?includeInactiveBusinesses=true", acme.ID), brandKey, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 2 || rows[0]["numberOfCompleteEmployees"] != 0.0 {
			t.Fatalf("cancelled business should report terminated employees: %v", rows)
		}
	})
}
