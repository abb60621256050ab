package ess_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/settings"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestFeaturesOf(t *testing.T) {
	five := 5
	cases := []struct {
		name string
		in   settings.EmployeePortalSettings
		ts   settings.TimesheetSettings
		want func(f ess.Features) bool
	}{
		{"timesheets read-only", settings.EmployeePortalSettings{TimesheetSetting: "ReadOnly"}, settings.TimesheetSettings{}, func(f ess.Features) bool {
			return !f.AllowEmployeeTimesheetsSelfService && f.EssTimesheetSetting == "ReadOnly"
		}},
		{"timesheets read-write", settings.EmployeePortalSettings{TimesheetSetting: "ReadWrite"}, settings.TimesheetSettings{}, func(f ess.Features) bool {
			return f.AllowEmployeeTimesheetsSelfService && !f.AllowEmployeesToEditKioskTimesheets
		}},
		{"kiosk edits", settings.EmployeePortalSettings{TimesheetSetting: "EditKiosk"}, settings.TimesheetSettings{}, func(f ess.Features) bool {
			return f.AllowEmployeeTimesheetsSelfService && f.AllowEmployeesToEditKioskTimesheets
		}},
		{"empty setting is Disabled", settings.EmployeePortalSettings{}, settings.TimesheetSettings{RequireStartAndStopTimes: true}, func(f ess.Features) bool {
			return f.EssTimesheetSetting == "Disabled" && f.UnavailabilityCutOff == 0 && !f.AllowEmployeeTimesheetsWithoutStartStop && !f.PaidBreaksEnabled
		}},
		{"cut-off and windows", settings.EmployeePortalSettings{UnavailabilityCutOff: 7, ClockOnWindowMinutes: &five, AllowEmployeeLeaveSelfService: true}, settings.TimesheetSettings{}, func(f ess.Features) bool {
			return f.UnavailabilityCutOff == 7 && *f.ClockOnWindowMinutes == 5 && f.AllowEmployeeLeaveSelfService
		}},
		{"timesheet settings", settings.EmployeePortalSettings{}, settings.TimesheetSettings{AllowPaidBreaks: true, RequireLocation: true, RequireWorkType: true,
			AllowToSelectHigherClassification: true}, func(f ess.Features) bool {
			return f.PaidBreaksEnabled && f.TimesheetsRequireLocation && f.TimesheetsRequireWorkType && f.AllowToSelectHigherClassification &&
				f.AllowEmployeeTimesheetsWithoutStartStop && f.AllowEmployeeToSwapShifts && !f.ShiftBidding
		}},
	}
	for _, c := range cases {
		if !c.want(ess.FeaturesOf(c.in, c.ts)) {
			t.Errorf("%s: %+v", c.name, ess.FeaturesOf(c.in, c.ts))
		}
	}
}

func TestAllowAndAvailableEmployees(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		ctx := context.Background()
		acc, err := b.Businesses.Authorize(ctx, &payroll.Principal{Kind: payroll.PrincipalSystemAdmin}, b.Biz)
		if err != nil {
			t.Fatal(err)
		}
		biz := acc.Business
		// Defaults: leave yes, timesheets no.
		if err := b.ESS.Allow(ctx, biz, true, ess.EditLeave); err != nil {
			t.Fatalf("leave by default: %v", err)
		}
		if err := b.ESS.Allow(ctx, biz, true, ess.EditTimesheets); payroll.KindOf(err) != payroll.KindForbidden {
			t.Fatalf("timesheets disabled by default: %v", err)
		}
		if err := b.ESS.Allow(ctx, biz, false, ess.EditTimesheets); err != nil {
			t.Fatalf("a business user is not bound by portal settings: %v", err)
		}
		b.Do("POST", b.B+"/employeeportalsettings", b.Key, map[string]any{"timesheetSetting": "ReadWrite", "allowEmployeeLeaveSelfService": false}).Expect(t, 200)
		if err := b.ESS.Allow(ctx, biz, true, ess.EditTimesheets); err != nil {
			t.Fatalf("timesheets enabled: %v", err)
		}
		if err := b.ESS.Allow(ctx, biz, true, ess.EditLeave); payroll.KindOf(err) != payroll.KindForbidden {
			t.Fatalf("leave disabled: %v", err)
		}

		id := int64(b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, map[string]any{"firstName": "Ann", "surname": "Lee"}).Expect(t, 200).Map(t)["id"].(float64))
		other := int64(b.Do("POST", b.OtherB+"/employee/unstructured?matchType=None", b.OtherKey, map[string]any{"firstName": "Ann", "surname": "Other"}).Expect(t, 200).Map(t)["id"].(float64))
		b.Do("POST", fmt.Sprintf("%s/employee/%d/access", b.B, id), b.Key, map[string]any{"email": "ann@example.com"}).Expect(t, 200)
		b.Do("POST", fmt.Sprintf("%s/employee/%d/access", b.OtherB, other), b.OtherKey, map[string]any{"email": "ann@example.com"}).Expect(t, 200)
		u, err := b.Users.GetByUsername(ctx, "ann@example.com")
		if err != nil {
			t.Fatal(err)
		}
		list, err := b.ESS.AvailableEmployees(ctx, &payroll.Principal{UserID: u.ID})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != id || list[0].Name != "Ann Lee" || list[0].BusinessID != b.Biz || list[1].ID != other {
			t.Fatalf("available %+v", list)
		}
		if bizID, err := b.EmployeeAccess.SelfOf(ctx, u.ID, id); err != nil || bizID != b.Biz {
			t.Fatalf("self of %d: %d %v", id, bizID, err)
		}
		if bizID, err := b.EmployeeAccess.SelfOf(ctx, u.ID, id+1000); err != nil || bizID != 0 {
			t.Fatalf("not self: %d %v", bizID, err)
		}
	})
}
