package employeeapi_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

func employeePatch(t *testing.T, v map[string]any) employee.Patch {
	t.Helper()
	b, _ := json.Marshal(v)
	p, err := employee.ParsePatch(b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVisibleAndRoundTrip(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		srv := testkit.NewServer(t, d)
		ctx := context.Background()
		admin := &payroll.Principal{Kind: payroll.PrincipalSystemAdmin}
		bizA, _ := srv.Businesses.Authorize(ctx, admin, srv.NewBusiness(srv.AdminKey, "A", "AU"))
		bizB, _ := srv.Businesses.Authorize(ctx, admin, srv.NewBusiness(srv.AdminKey, "B", "AU"))
		s := srv.Employees
		res, err := s.Create(ctx, bizA.Business, admin, employeePatch(t, map[string]any{
			"firstName": "Ann", "surname": "Lee", "taxFileNumber": "123 456 782", "dateOfBirth": "1990-02-03T00:00:00",
			"rate": 35.1234, "superThresholdAmount": 450.5, "australianResident": true, "taxCategory": "DailyCasual", "externalId": "E1"}))
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != employee.StatusIncomplete || res.ID == 0 {
			t.Fatalf("result %+v", res)
		}
		e, err := s.Visible(ctx, bizA.Business, admin, res.ID)
		if err != nil {
			t.Fatal(err)
		}
		if e.FirstName != "Ann" || e.TaxFileNumber != "123456782" || e.Rate.String() != "35.1234" || e.SuperThresholdAmount.String() != "450.5" ||
			e.AustralianResident == nil || !*e.AustralianResident || *e.TaxCategory != "DailyCasual" || e.DateOfBirth.String() != "1990-02-03T00:00:00" {
			t.Fatalf("read back %+v", e.Members)
		}
		if _, err := s.Visible(ctx, bizB.Business, admin, res.ID); payroll.KindOf(err) != payroll.KindNotFound {
			t.Fatalf("other business: %v", err)
		}
		var nobody *payroll.Principal
		if _, err := s.Visible(ctx, bizA.Business, nobody, res.ID); payroll.KindOf(err) != payroll.KindNotFound {
			t.Fatalf("no principal: %v", err)
		}
		_ = business.Business{}
	})
}
