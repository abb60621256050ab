package referenceapi_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/settings"

	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

func idOf(t *testing.T, r *testkit.Response) int64 {
	t.Helper()
	m := r.Map(t)
	id, ok := m["id"].(float64)
	if !ok {
		t.Fatalf("no id in %s", r.Body)
	}
	return int64(id)
}

func listOf(t *testing.T, r *testkit.Response) []map[string]any {
	t.Helper()
	var out []map[string]any
	r.JSON(t, &out)
	return out
}

func names(list []map[string]any, member string) string {
	var out []string
	for _, m := range list {
		out = append(out, fmt.Sprint(m[member]))
	}
	return strings.Join(out, ",")
}

func expectMembers(want map[string]any) func(t *testing.T, r *testkit.Response) {
	return func(t *testing.T, r *testkit.Response) {
		t.Helper()
		m := r.Map(t)
		for k, v := range want {
			if fmt.Sprint(m[k]) != fmt.Sprint(v) {
				t.Errorf("%s = %v, want %v (body %s)", k, m[k], v, r.Body)
			}
		}
	}
}

// The settings documents: defaults, save and read back, partial update,
// validation naming the member, region gates and tenancy.
func TestAdminSettings(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		u := testkit.NewBundle(t, d, "AU")
		s := u.Server
		my := s.NewBusiness(u.Key, "Alice Sdn Bhd", "MY")
		nz := s.NewBusiness(u.Key, "Alice NZ", "NZ")
		uk := s.NewBusiness(u.Key, "Alice UK", "UK")
		MY, NZ, UK := testkit.BusinessPath(my), testkit.BusinessPath(nz), testkit.BusinessPath(uk)
		B, key := u.B, u.Key
		s.RunCases(t, []testkit.Case{
			// employee portal settings
			{Name: "portal defaults", Method: "GET", Path: B + "/employeeportalsettings", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"timesheetSetting": "Disabled", "allowEmployeeLeaveSelfService": true, "clockOnWindowMinutes": nil})},
			{Name: "portal save", Method: "POST", Path: B + "/employeeportalsettings", Key: key, Status: 200,
				Body:  map[string]any{"timesheetSetting": "readwrite", "allowEmployeeLeaveSelfService": false, "clockOnWindowMinutes": 15, "unavailabilityCutOff": 7},
				Check: expectMembers(map[string]any{"timesheetSetting": "ReadWrite", "allowEmployeeLeaveSelfService": false, "clockOnWindowMinutes": 15})},
			{Name: "portal partial update keeps the rest", Method: "POST", Path: B + "/employeeportalsettings", Key: key, Status: 200,
				Body:  map[string]any{"requirePhoto": false, "allowEmployeeExpensesSelfService": true},
				Check: expectMembers(map[string]any{"timesheetSetting": "ReadWrite", "clockOnWindowMinutes": 15, "allowEmployeeExpensesSelfService": true, "unavailabilityCutOff": 7})},
			{Name: "portal read back", Method: "GET", Path: B + "/employeeportalsettings", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"timesheetSetting": "ReadWrite", "allowEmployeeExpensesSelfService": true})},
			{Name: "portal bad enum", Method: "POST", Path: B + "/employeeportalsettings", Key: key, Body: map[string]any{"timesheetSetting": "Sometimes"}, Status: 400, Field: "timesheetSetting"},
			{Name: "portal window out of range", Method: "POST", Path: B + "/employeeportalsettings", Key: key, Body: map[string]any{"clockOffWindowMinutes": 2000}, Status: 400, Field: "clockOffWindowMinutes"},
			{Name: "portal photo without work zone", Method: "POST", Path: B + "/employeeportalsettings", Key: key, Body: map[string]any{"requirePhoto": true}, Status: 400, Field: "requirePhoto"},
			{Name: "portal of another tenant", Method: "GET", Path: u.OtherB + "/employeeportalsettings", Key: key, Status: 404},
			{Name: "portal anonymous", Method: "GET", Path: B + "/employeeportalsettings", Status: 401},

			// timesheet rounding rules
			{Name: "rounding defaults", Method: "GET", Path: B + "/roundingrules", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"shiftStartRoundingDirection": "None", "shiftStartRoundingInterval": 0})},
			{Name: "rounding save", Method: "POST", Path: B + "/roundingrules", Key: key, Status: 200,
				Body:  map[string]any{"shiftStartRoundingDirection": "up", "shiftStartRoundingInterval": 15, "roundUpToShiftStartTimeRoundingInterval": 10},
				Check: expectMembers(map[string]any{"shiftStartRoundingDirection": "Up", "shiftStartRoundingInterval": 15, "roundUpToShiftStartTimeRoundingInterval": 10, "shiftEndRoundingDirection": "None"})},
			{Name: "rounding interval required", Method: "POST", Path: B + "/roundingrules", Key: key, Body: map[string]any{"breakStartRoundingDirection": "Down"}, Status: 400, Field: "breakStartRoundingInterval"},
			{Name: "rounding interval above 60", Method: "POST", Path: B + "/roundingrules", Key: key, Body: map[string]any{"shiftStartRoundingInterval": 90}, Status: 400, Field: "shiftStartRoundingInterval"},
			{Name: "rounding bad direction", Method: "POST", Path: B + "/roundingrules", Key: key, Body: map[string]any{"shiftEndRoundingDirection": "Sideways"}, Status: 400, Field: "shiftEndRoundingDirection"},
			{Name: "rounding kept after rejected write", Method: "GET", Path: B + "/roundingrules", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"shiftStartRoundingInterval": 15, "breakStartRoundingDirection": "None"})},
			{Name: "rounding of another tenant", Method: "POST", Path: u.OtherB + "/roundingrules", Key: key, Body: map[string]any{}, Status: 404},

			// statutory settings (MY)
			{Name: "statutory wrong region", Method: "GET", Path: B + "/statutorysettings", Key: key, Status: 400, Field: "region"},
			{Name: "statutory wrong region write", Method: "POST", Path: B + "/statutorysettings", Key: key, Body: map[string]any{"epfNumber": "1"}, Status: 400, Field: "region"},
			{Name: "statutory defaults", Method: "GET", Path: MY + "/statutorysettings", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"hrdfStatus": "NotEligible", "eisEnabled": true})},
			{Name: "statutory save", Method: "POST", Path: MY + "/statutorysettings", Key: key, Status: 200,
				Body:  map[string]any{"eNumber": "e 1234567890", "epfNumber": "012345678", "socsoNumber": "B3200012345Z", "hrdfStatus": "mandatory", "officerEmail": "hr@example.my"},
				Check: expectMembers(map[string]any{"eNumber": "E 1234567890", "hrdfStatus": "Mandatory", "socsoNumber": "B3200012345Z"})},
			{Name: "statutory read back", Method: "GET", Path: MY + "/statutorysettings", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"epfNumber": "012345678", "officerEmail": "hr@example.my"})},
			{Name: "statutory bad E number", Method: "POST", Path: MY + "/statutorysettings", Key: key, Body: map[string]any{"eNumber": "C123"}, Status: 400, Field: "eNumber"},
			{Name: "statutory bad officer email", Method: "POST", Path: MY + "/statutorysettings", Key: key, Body: map[string]any{"officerEmail": "nope"}, Status: 400, Field: "officerEmail"},
			{Name: "statutory EPF top-up needs a type", Method: "POST", Path: MY + "/statutorysettings", Key: key, Body: map[string]any{"additionalEpfAmount": 2}, Status: 400, Field: "additionalEpfType"},

			// timesheet settings
			{Name: "timesheet defaults", Method: "GET", Path: B + "/timesheetsettings", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"timesheetsEnabled": true, "allowPaidBreaks": false})},
			{Name: "timesheet save", Method: "PUT", Path: B + "/timesheetsettings", Key: key, Status: 200,
				Body:  map[string]any{"allowPaidBreaks": true, "hasMaximumPaidBreakDuration": true, "maximumPaidBreakDuration": 20},
				Check: expectMembers(map[string]any{"allowPaidBreaks": true, "maximumPaidBreakDuration": 20, "timesheetsEnabled": true})},
			{Name: "timesheet maximum needs paid breaks", Method: "PUT", Path: B + "/timesheetsettings", Key: key, Body: map[string]any{"allowPaidBreaks": false}, Status: 400, Field: "hasMaximumPaidBreakDuration"},
			{Name: "timesheet maximum out of range", Method: "PUT", Path: B + "/timesheetsettings", Key: key, Body: map[string]any{"maximumPaidBreakDuration": -5}, Status: 400, Field: "maximumPaidBreakDuration"},

			// leave settings (AU and UK), in step with the business record
			{Name: "leave defaults", Method: "GET", Path: B + "/leavesettings", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"leaveCalculationMethod": "FullYear365", "leaveAccrualStartDateType": "EmployeeStartDate"})},
			{Name: "leave save", Method: "PUT", Path: B + "/leavesettings", Key: key, Status: 200,
				Body:  map[string]any{"leaveCalculationMethod": "workdays261", "leaveAccrualStartDateType": "SpecifiedDate", "leaveYearShouldStartOn": "2026-01-01T00:00:00"},
				Check: expectMembers(map[string]any{"leaveCalculationMethod": "Workdays261", "leaveYearShouldStartOn": "2026-01-01T00:00:00"})},
			{Name: "business record follows", Method: "GET", Path: B, Key: key, Status: 200,
				Check: expectMembers(map[string]any{"leaveAccrualStartDateType": "SpecifiedDate", "leaveYearStart": "2026-01-01T00:00:00"})},
			{Name: "leave partial update", Method: "PUT", Path: B + "/leavesettings", Key: key, Body: map[string]any{"requireNotesForLeaveRequests": true}, Status: 200,
				Check: expectMembers(map[string]any{"leaveYearShouldStartOn": "2026-01-01T00:00:00", "requireNotesForLeaveRequests": true, "leaveCalculationMethod": "Workdays261"})},
			{Name: "leave null keeps the date", Method: "PUT", Path: B + "/leavesettings", Key: key, Body: map[string]any{"leaveYearShouldStartOn": nil}, Status: 200,
				Check: expectMembers(map[string]any{"leaveYearShouldStartOn": "2026-01-01T00:00:00"})},
			{Name: "leave back to employee start dates", Method: "PUT", Path: B + "/leavesettings", Key: key, Body: map[string]any{"leaveAccrualStartDateType": "EmployeeStartDate"}, Status: 200,
				Check: expectMembers(map[string]any{"leaveAccrualStartDateType": "EmployeeStartDate"})},
			{Name: "business record follows again", Method: "GET", Path: B, Key: key, Status: 200, Check: expectMembers(map[string]any{"leaveAccrualStartDateType": "EmployeeStartDate"})},
			{Name: "UK specified date needs the date", Method: "PUT", Path: UK + "/leavesettings", Key: key, Body: map[string]any{"leaveAccrualStartDateType": "SpecifiedDate"}, Status: 400, Field: "leaveYearShouldStartOn"},
			{Name: "leave bad enum", Method: "PUT", Path: B + "/leavesettings", Key: key, Body: map[string]any{"leaveCalculationMethod": "Lunar"}, Status: 400, Field: "leaveCalculationMethod"},
			{Name: "leave wrong region", Method: "GET", Path: NZ + "/leavesettings", Key: key, Status: 400, Field: "region"},
			{Name: "leave wrong region write", Method: "PUT", Path: NZ + "/leavesettings", Key: key, Body: map[string]any{}, Status: 400, Field: "region"},
			{Name: "leave of another tenant", Method: "GET", Path: u.OtherB + "/leavesettings", Key: key, Status: 404},

			// payslip configuration
			{Name: "payslip defaults", Method: "GET", Path: B + "/payslip", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"showBasePayRate": true, "logoOption": "BusinessLogo", "paySlipFormat": "Web"})},
			{Name: "payslip save", Method: "POST", Path: B + "/payslip", Key: key, Status: 200,
				Body:  map[string]any{"emailFrom": "payroll@alice.example", "paySlipMessage": "Thank you for your work", "logoOption": "none", "showLineNotes": true, "showLocationInLineNotes": true},
				Check: expectMembers(map[string]any{"emailFrom": "payroll@alice.example", "logoOption": "None", "paySlipMessage": "Thank you for your work"})},
			{Name: "payslip read back", Method: "GET", Path: B + "/payslip", Key: key, Status: 200,
				Check: expectMembers(map[string]any{"showLocationInLineNotes": true, "showBasePayRate": true})},
			{Name: "payslip bad sender", Method: "POST", Path: B + "/payslip", Key: key, Body: map[string]any{"emailFrom": "not an address"}, Status: 400, Field: "emailFrom"},
			{Name: "payslip location notes need line notes", Method: "POST", Path: B + "/payslip", Key: key, Body: map[string]any{"showLineNotes": false}, Status: 400, Field: "showLocationInLineNotes"},
			{Name: "payslip message too long", Method: "POST", Path: B + "/payslip", Key: key, Body: map[string]any{"paySlipMessage": strings.Repeat("x", 1001)}, Status: 400, Field: "paySlipMessage"},
			{Name: "payslip of another tenant", Method: "POST", Path: u.OtherB + "/payslip", Key: key, Body: map[string]any{}, Status: 404},
		})
	})
}

// Initial financial year per region, the business record, the UK tax
// year list.
func TestAdminTaxYears(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		u := testkit.NewBundle(t, d, "AU") // the clock says 2026-11-02
		s := u.Server
		uk := testkit.BusinessPath(s.NewBusiness(u.Key, "Alice UK", "UK"))
		nz := testkit.BusinessPath(s.NewBusiness(u.Key, "Alice NZ", "NZ"))
		sg := testkit.BusinessPath(s.NewBusiness(u.Key, "Alice SG", "SG"))
		B, key := u.B, u.Key
		str := func(want string) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				var got string
				r.JSON(t, &got)
				if got != want {
					t.Fatalf("got %q, want %q", got, want)
				}
			}
		}
		s.RunCases(t, []testkit.Case{
			{Name: "default is the year the business was created in", Method: "GET", Path: B + "/initialfinancialyear", Key: key, Status: 200, Check: str("2026-07-01T00:00:00")},
			{Name: "UK default", Method: "GET", Path: uk + "/initialfinancialyear", Key: key, Status: 200, Check: str("2026-04-06T00:00:00")},
			{Name: "set by year", Method: "POST", Path: B + "/initialfinancialyear?year=2024", Key: key, Status: 200, Check: str("2024-07-01T00:00:00")},
			{Name: "read back", Method: "GET", Path: B + "/initialfinancialyear", Key: key, Status: 200, Check: str("2024-07-01T00:00:00")},
			{Name: "business record follows", Method: "GET", Path: B, Key: key, Status: 200, Check: expectMembers(map[string]any{"initialFinancialYearStart": 2024})},
			{Name: "set by first day", Method: "POST", Path: B + "/initialfinancialyear?year=2023-07-01", Key: key, Status: 200, Check: str("2023-07-01T00:00:00")},
			{Name: "a day that starts no AU year", Method: "POST", Path: B + "/initialfinancialyear?year=2023-04-06", Key: key, Status: 400, Field: "year"},
			{Name: "UK tax year start", Method: "POST", Path: uk + "/initialfinancialyear?year=2024-04-06", Key: key, Status: 200, Check: str("2024-04-06T00:00:00")},
			{Name: "UK 1 April is not a tax year start", Method: "POST", Path: uk + "/initialfinancialyear?year=2024-04-01", Key: key, Status: 400, Field: "year"},
			{Name: "NZ 1 April", Method: "POST", Path: nz + "/initialfinancialyear?year=2025-04-01", Key: key, Status: 200, Check: str("2025-04-01T00:00:00")},
			{Name: "SG calendar year", Method: "POST", Path: sg + "/initialfinancialyear?year=2025", Key: key, Status: 200, Check: str("2025-01-01T00:00:00")},
			{Name: "too far ahead", Method: "POST", Path: B + "/initialfinancialyear?year=2030", Key: key, Status: 400, Field: "year"},
			{Name: "not a year", Method: "POST", Path: B + "/initialfinancialyear?year=soon", Key: key, Status: 400, Field: "year"},
			{Name: "missing", Method: "POST", Path: B + "/initialfinancialyear", Key: key, Status: 400, Field: "year"},
			{Name: "another tenant", Method: "POST", Path: u.OtherB + "/initialfinancialyear?year=2024", Key: key, Status: 404},
			{Name: "UK tax years", Method: "GET", Path: uk + "/taxyearlist", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				list := listOf(t, r)
				if names(list, "name") != "2024/2025,2025/2026,2026/2027" || list[2]["value"] != 2026.0 ||
					list[0]["fromDate"] != "2024-04-06T00:00:00" || list[0]["toDate"] != "2025-04-05T00:00:00" {
					t.Fatalf("tax years %s", r.Body)
				}
			}},
			{Name: "tax year list is UK only", Method: "GET", Path: B + "/taxyearlist", Key: key, Status: 400, Field: "region"},
			{Name: "tax years of another tenant", Method: "GET", Path: u.OtherB + "/taxyearlist", Key: key, Status: 404},
		})
	})
}

// Billing plans, entitlements, business notifications and tags.
func TestAdminBillingNotificationsTags(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		u := testkit.NewBundle(t, d, "AU")
		s := u.Server
		B, key := u.B, u.Key
		ctx := context.Background()
		ad := s.Reference
		// Another area posts a notification, and uses tags.
		err := d.InTx(ctx, func(q *store.Queries) error {
			if _, err := settings.Notify(ctx, q, u.Biz, time.Date(2026, 10, 1, 8, 0, 0, 0, time.UTC), "Pay run 12 is ready to finalise", true); err != nil {
				return err
			}
			award := int64(7)
			for _, tg := range []settings.Tag{{Name: "Night shift"}, {Name: "Level 2", AwardID: &award, AwardName: "Retail Award"}, {Name: "night SHIFT"}} {
				if _, err := ad.EnsureTag(ctx, q, u.Biz, tg); err != nil {
					return err
				}
			}
			_, err := ad.EnsureTag(ctx, q, u.Other, settings.Tag{Name: "Theirs"})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		var firstID int64
		s.RunCases(t, []testkit.Case{
			{Name: "plans", Method: "GET", Path: B + "/subscription/billingplans", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				list := listOf(t, r)
				if names(list, "name") != "Standard,Premium,Platinum" || list[0]["pricePerUnit"] != 4.0 || list[0]["type"] != "PerEmployeePerMonth" {
					t.Fatalf("plans %s", r.Body)
				}
			}},
			{Name: "starts on the trial", Method: "GET", Path: B + "/subscription/currentbillingplan", Key: key, Status: 200, Check: expectMembers(map[string]any{"name": "Trial", "id": 1})},
			{Name: "trial entitlements", Method: "GET", Path: B + "/entitlements", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["planName"] != "Trial" || m["trialExpiryDate"] != "2026-12-02T09:00:00" || !strings.Contains(string(r.Body), `"Rostering"`) {
					t.Fatalf("entitlements %s", r.Body)
				}
			}},
			{Name: "choose a plan", Method: "POST", Path: B + "/subscription/setbillingplan", Key: key, Body: map[string]any{"billingPlanId": 2}, Status: 200, Check: expectMembers(map[string]any{"name": "Standard"})},
			{Name: "current plan", Method: "GET", Path: B + "/subscription/currentbillingplan", Key: key, Status: 200, Check: expectMembers(map[string]any{"name": "Standard", "functionRostering": "Upsell"})},
			{Name: "plan entitlements", Method: "GET", Path: B + "/entitlements", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["planName"] != "Standard" || m["trialExpiryDate"] != nil || strings.Contains(string(r.Body), `"Rostering"`) || !strings.Contains(string(r.Body), `"Payroll"`) {
					t.Fatalf("entitlements %s", r.Body)
				}
			}},
			{Name: "unknown plan", Method: "POST", Path: B + "/subscription/setbillingplan", Key: key, Body: map[string]any{"billingPlanId": 99}, Status: 400, Field: "billingPlanId"},
			{Name: "the trial cannot be chosen", Method: "POST", Path: B + "/subscription/setbillingplan", Key: key, Body: map[string]any{"billingPlanId": 1}, Status: 400, Field: "billingPlanId"},
			{Name: "plan required", Method: "POST", Path: B + "/subscription/setbillingplan", Key: key, Body: map[string]any{}, Status: 400, Field: "billingPlanId"},
			{Name: "another tenant's plan", Method: "POST", Path: u.OtherB + "/subscription/setbillingplan", Key: key, Body: map[string]any{"billingPlanId": 3}, Status: 404},
			{Name: "other tenant still on the trial", Method: "GET", Path: u.OtherB + "/subscription/currentbillingplan", Key: u.OtherKey, Status: 200, Check: expectMembers(map[string]any{"name": "Trial"})},

			{Name: "notifications newest first", Method: "GET", Path: B + "/actionitems/businessnotifications", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				list := listOf(t, r)
				if names(list, "title") != "Billing plan changed from Trial to Standard,Pay run 12 is ready to finalise" ||
					list[0]["date"] != "2026-11-02T09:00:00" || list[1]["highPriority"] != true {
					t.Fatalf("notifications %s", r.Body)
				}
				firstID = int64(list[1]["id"].(float64))
			}},
			{Name: "another tenant sees none of them", Method: "GET", Path: u.OtherB + "/actionitems/businessnotifications", Key: u.OtherKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if len(listOf(t, r)) != 0 {
					t.Fatalf("leak: %s", r.Body)
				}
			}},
		})
		dismiss := fmt.Sprintf("%s/actionitems/businessnotifications/%d/dismiss", B, firstID)
		s.RunCases(t, []testkit.Case{
			{Name: "dismiss through another tenant's business", Method: "DELETE", Path: fmt.Sprintf("%s/actionitems/businessnotifications/%d/dismiss", u.OtherB, firstID), Key: u.OtherKey, Status: 404},
			{Name: "dismiss", Method: "DELETE", Path: dismiss, Key: key, Status: 200},
			{Name: "dismissed is not listed", Method: "GET", Path: B + "/actionitems/businessnotifications", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if names(listOf(t, r), "title") != "Billing plan changed from Trial to Standard" {
					t.Fatalf("notifications %s", r.Body)
				}
			}},
			{Name: "dismiss twice", Method: "DELETE", Path: dismiss, Key: key, Status: 404},
			{Name: "dismiss unknown", Method: "DELETE", Path: B + "/actionitems/businessnotifications/999999/dismiss", Key: key, Status: 404},

			{Name: "tags", Method: "GET", Path: B + "/tags", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				list := listOf(t, r)
				if names(list, "name") != "Night shift,Level 2" || list[1]["awardId"] != 7.0 || list[1]["awardName"] != "Retail Award" {
					t.Fatalf("tags %s", r.Body)
				}
			}},
			{Name: "tags of an award", Method: "GET", Path: B + "/tags?awardName=retail%20award", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if names(listOf(t, r), "name") != "Level 2" {
					t.Fatalf("tags %s", r.Body)
				}
			}},
			{Name: "tags of another tenant", Method: "GET", Path: u.OtherB + "/tags", Key: key, Status: 404},
		})
	})
}

// Business documents: upload (several files), exact bytes back, permissions
// naming groups and locations of the business, 409 for a group in use,
// delete, tenancy, the upload limit.
func TestAdminDocuments(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		u := testkit.NewBundle(t, d, "AU", testkit.Options{Config: func(c *config.Config) { c.MaxUploadBytes = 64 << 10 }})
		s := u.Server
		B, key := u.B, u.Key
		D := B + "/document"
		binary := make([]byte, 3000)
		for i := range binary {
			binary[i] = byte(i*7 + i/256) // every byte value, NULs included
		}
		up := s.UploadFiles(D+"?visibleToAll=true", key, testkit.File{Name: "handbook.pdf", ContentType: "application/pdf", Data: binary},
			testkit.File{Name: `C:\docs\policy.txt`, ContentType: "text/plain; charset=utf-8", Data: []byte("Be kind.\n")}).Expect(t, 200)
		docs := listOf(t, up)
		if len(docs) != 2 || docs[0]["friendlyName"] != "handbook.pdf" || docs[1]["friendlyName"] != "policy.txt" ||
			docs[0]["visibleToAllEmployees"] != true || docs[0]["dateCreated"] != "2026-11-02T09:00:00" || docs[0]["contentLength"] != 3000.0 {
			t.Fatalf("uploaded %s", up.Body)
		}
		pdf, txt := int64(docs[0]["id"].(float64)), int64(docs[1]["id"].(float64))
		theirs := int64(listOf(t, s.UploadFiles(u.OtherB+"/document", u.OtherKey, testkit.File{Name: "theirs.txt", ContentType: "text/plain", Data: []byte("x")}).Expect(t, 200))[0]["id"].(float64))
		loc := idOf(t, s.Do("POST", B+"/location", key, map[string]any{"name": "Sydney"}).Expect(t, 200))
		otherLoc := idOf(t, s.Do("POST", u.OtherB+"/location", u.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200))
		group := idOf(t, s.Do("POST", B+"/employeegroup", key, map[string]any{"name": "Kitchen staff"}).Expect(t, 200))
		item := func(id int64) string { return fmt.Sprintf("%s/%d", D, id) }

		s.RunCases(t, []testkit.Case{
			{Name: "content is byte-identical", Method: "GET", Path: item(pdf) + "/content", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if !bytes.Equal(r.Body, binary) || r.Header.Get("Content-Type") != "application/pdf" || r.Header.Get("X-Content-Type-Options") != "nosniff" ||
					!strings.Contains(r.Header.Get("Content-Disposition"), `filename="handbook.pdf"`) {
					t.Fatalf("content %d bytes, type %q, disposition %q", len(r.Body), r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"))
				}
			}},
			{Name: "text content", Method: "GET", Path: item(txt) + "/content", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if string(r.Body) != "Be kind.\n" || r.Header.Get("Content-Type") != "text/plain; charset=utf-8" {
					t.Fatalf("content %q %q", r.Body, r.Header.Get("Content-Type"))
				}
			}},
			{Name: "list", Method: "GET", Path: D, Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if names(listOf(t, r), "friendlyName") != "handbook.pdf,policy.txt" {
					t.Fatalf("list %s", r.Body)
				}
			}},
			{Name: "get", Method: "GET", Path: item(pdf), Key: key, Status: 200, Check: expectMembers(map[string]any{"friendlyName": "handbook.pdf", "contentType": "application/pdf"})},
			{Name: "restrict to a group and a location", Method: "PUT", Path: item(pdf), Key: key, Status: 200,
				Body: map[string]any{"id": pdf, "visibleToAll": false, "employeeGroups": []int64{group}, "locations": []int64{loc, loc},
					"requiresEmployeeAcknowledgement": true, "sendNotificationToEmployee": true, "sendInitialNotificationOn": "2026-11-09T08:00:00", "sendReminderEveryXDays": 7},
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					if m["visibleToAllEmployees"] != false || fmt.Sprint(m["selectedGroups"]) != fmt.Sprintf("[map[id:%d name:Kitchen staff]]", group) ||
						fmt.Sprint(m["selectedLocations"]) != fmt.Sprintf("[map[id:%d name:Sydney]]", loc) ||
						m["sendInitialNotificationOn"] != "2026-11-09T08:00:00" || m["sendNotificationImmediately"] != false || m["sendReminderEveryXDays"] != 7.0 {
						t.Fatalf("permissions %s", r.Body)
					}
				}},
			{Name: "partial update keeps the selection", Method: "PUT", Path: item(pdf), Key: key, Status: 200, Body: map[string]any{"sendNotificationImmediately": true},
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					if len(m["selectedGroups"].([]any)) != 1 || m["sendNotificationImmediately"] != true || m["sendInitialNotificationOn"] != nil {
						t.Fatalf("permissions %s", r.Body)
					}
				}},
			{Name: "read back", Method: "GET", Path: item(pdf), Key: key, Status: 200, Check: expectMembers(map[string]any{"requiresEmployeeAcknowledgement": true, "visibleToAllEmployees": false})},
			{Name: "unknown group", Method: "PUT", Path: item(pdf), Key: key, Body: map[string]any{"employeeGroups": []int64{999999}}, Status: 400, Field: "employeeGroups"},
			{Name: "another tenant's location", Method: "PUT", Path: item(pdf), Key: key, Body: map[string]any{"locations": []int64{otherLoc}}, Status: 400, Field: "locations"},
			{Name: "a location id that is a group", Method: "PUT", Path: item(pdf), Key: key, Body: map[string]any{"locations": []int64{group}}, Status: 400, Field: "locations"},
			{Name: "reminder out of range", Method: "PUT", Path: item(pdf), Key: key, Body: map[string]any{"sendReminderEveryXDays": 0}, Status: 400, Field: "sendReminderEveryXDays"},
			{Name: "location in use by the document", Method: "DELETE", Path: fmt.Sprintf("%s/location/%d", B, loc), Key: key, Status: 409},
			{Name: "group in use by the document", Method: "DELETE", Path: fmt.Sprintf("%s/employeegroup/%d", B, group), Key: key, Status: 409},
			{Name: "another tenant's document", Method: "GET", Path: item(theirs), Key: key, Status: 404},
			{Name: "another tenant's content", Method: "GET", Path: item(theirs) + "/content", Key: key, Status: 404},
			{Name: "another tenant's business", Method: "GET", Path: u.OtherB + "/document", Key: key, Status: 404},
			{Name: "update another tenant's document", Method: "PUT", Path: item(theirs), Key: key, Body: map[string]any{"visibleToAll": true}, Status: 404},
			{Name: "delete another tenant's document", Method: "DELETE", Path: item(theirs), Key: key, Status: 404},
			{Name: "visible to all clears the selection", Method: "PUT", Path: item(txt), Key: key, Body: map[string]any{"visibleToAll": true, "locations": []int64{loc}}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); len(m["selectedLocations"].([]any)) != 0 {
						t.Fatalf("permissions %s", r.Body)
					}
				}},
		})
		// Once the document is gone its group and location can go.
		s.RunCases(t, []testkit.Case{
			{Name: "delete", Method: "DELETE", Path: item(pdf), Key: key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: item(pdf), Key: key, Status: 404},
			{Name: "its content is gone", Method: "GET", Path: item(pdf) + "/content", Key: key, Status: 404},
			{Name: "delete twice", Method: "DELETE", Path: item(pdf), Key: key, Status: 404},
			{Name: "the location is free", Method: "DELETE", Path: fmt.Sprintf("%s/location/%d", B, loc), Key: key, Status: 200},
			{Name: "the group is free", Method: "DELETE", Path: fmt.Sprintf("%s/employeegroup/%d", B, group), Key: key, Status: 200},
			{Name: "non-numeric id", Method: "GET", Path: D + "/abc", Key: key, Status: 404},
		})
		testkit.ExpectProblem(t, s.UploadFiles(D, key), 400, "file")
		testkit.ExpectProblem(t, s.UploadFiles(D, key, testkit.File{Name: "empty.txt", ContentType: "text/plain", Data: nil}), 400, "file")
		testkit.ExpectProblem(t, s.UploadFiles(D, key, testkit.File{Name: "big.bin", ContentType: "application/octet-stream", Data: make([]byte, 64<<10+1)}), 413, "")
		testkit.ExpectProblem(t, s.UploadFiles(D, key, testkit.File{Name: "ok.txt", ContentType: "text/plain", Data: []byte("ok")},
			testkit.File{Name: "big.bin", ContentType: "application/octet-stream", Data: make([]byte, 64<<10+1)}), 413, "")
		if list := listOf(t, s.Do("GET", D, key, nil).Expect(t, 200)); len(list) != 1 {
			t.Fatalf("a rejected upload stored documents: %v", list)
		}
	})
}

// Locations: the tree, fully qualified names, nested locations, cycles,
// 409 for a parent with children or a work type in use, OData, tenancy.
func TestAdminLocations(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		u := testkit.NewBundle(t, d, "AU")
		s := u.Server
		B, key := u.B, u.Key
		L := B + "/location"
		item := func(id int64) string { return fmt.Sprintf("%s/%d", L, id) }
		pc := idOf(t, s.Do("POST", B+"/paycategory", key, map[string]any{"name": "Ordinary"}).Expect(t, 200))
		night := idOf(t, s.Do("POST", B+"/worktype", key, map[string]any{"name": "Night loading", "payCategoryId": pc, "mappingType": "ShiftCondition"}).Expect(t, 200))
		hq := idOf(t, s.Do("POST", L, key, map[string]any{"name": "Head Office", "externalId": "HQ", "state": "NSW", "country": "Australia"}).Expect(t, 200))
		syd := s.Do("POST", L, key, map[string]any{"name": "Sydney", "parentId": hq, "defaultShiftConditionIds": []int64{night}, "isRollupReportingLocation": true}).Expect(t, 200)
		if m := syd.Map(t); m["fullyQualifiedName"] != "Head Office/Sydney" || fmt.Sprint(m["defaultShiftConditionIds"]) != fmt.Sprintf("[%d]", night) {
			t.Fatalf("created %s", syd.Body)
		}
		sydID := idOf(t, syd)
		kitchen := idOf(t, s.Do("POST", L, key, map[string]any{"name": "Kitchen", "parentId": sydID}).Expect(t, 200))
		mel := idOf(t, s.Do("POST", L, key, map[string]any{"name": "Melbourne", "parentId": hq}).Expect(t, 200))
		melKitchen := idOf(t, s.Do("POST", L, key, map[string]any{"name": "Kitchen", "parentId": mel}).Expect(t, 200))
		theirs := idOf(t, s.Do("POST", u.OtherB+"/location", u.OtherKey, map[string]any{"name": "Theirs"}).Expect(t, 200))

		s.RunCases(t, []testkit.Case{
			{Name: "read back with nested locations", Method: "GET", Path: item(hq), Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var m struct {
					Name, ExternalID, State string
					NestedLocations         []struct {
						ID                 int64
						FullyQualifiedName string
					}
				}
				r.JSON(t, &m)
				var fq []string
				for _, n := range m.NestedLocations {
					fq = append(fq, n.FullyQualifiedName)
				}
				if m.Name != "Head Office" || m.ExternalID != "HQ" || m.State != "NSW" ||
					strings.Join(fq, ",") != "Head Office/Sydney,Head Office/Sydney/Kitchen,Head Office/Melbourne,Head Office/Melbourne/Kitchen" {
					t.Fatalf("location %s", r.Body)
				}
			}},
			{Name: "leaf has no nested locations", Method: "GET", Path: item(kitchen), Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["fullyQualifiedName"] != "Head Office/Sydney/Kitchen" || len(m["nestedLocations"].([]any)) != 0 {
					t.Fatalf("location %s", r.Body)
				}
			}},
			{Name: "OData filter", Method: "GET", Path: L + "?$filter=Name%20eq%20'Kitchen'", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if names(listOf(t, r), "fullyQualifiedName") != "Head Office/Sydney/Kitchen,Head Office/Melbourne/Kitchen" {
					t.Fatalf("filtered %s", r.Body)
				}
			}},
			{Name: "OData top and skip", Method: "GET", Path: L + "?$orderby=Name&$top=2&$skip=1", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if names(listOf(t, r), "name") != "Kitchen,Kitchen" {
					t.Fatalf("paged %s", r.Body)
				}
			}},
			{Name: "OData top above 100", Method: "GET", Path: L + "?$top=101", Key: key, Status: 400},
			{Name: "rename shows in children's names", Method: "PUT", Path: item(sydID), Key: key, Body: map[string]any{"name": "Sydney CBD"}, Status: 200,
				Check: expectMembers(map[string]any{"fullyQualifiedName": "Head Office/Sydney CBD", "isRollupReportingLocation": true})},
			{Name: "child follows", Method: "GET", Path: item(kitchen), Key: key, Status: 200, Check: expectMembers(map[string]any{"fullyQualifiedName": "Head Office/Sydney CBD/Kitchen"})},
			{Name: "cycle", Method: "PUT", Path: item(hq), Key: key, Body: map[string]any{"parentId": kitchen}, Status: 400, Field: "parentId"},
			{Name: "own parent", Method: "PUT", Path: item(hq), Key: key, Body: map[string]any{"parentId": hq}, Status: 400, Field: "parentId"},
			{Name: "move a subtree", Method: "PUT", Path: item(kitchen), Key: key, Body: map[string]any{"parentId": hq}, Status: 200,
				Check: expectMembers(map[string]any{"fullyQualifiedName": "Head Office/Kitchen"})},
			{Name: "duplicate sibling name", Method: "POST", Path: L, Key: key, Body: map[string]any{"name": "kitchen", "parentId": hq}, Status: 409},
			{Name: "same name elsewhere is fine", Method: "POST", Path: L, Key: key, Body: map[string]any{"name": "Kitchen", "parentId": sydID}, Status: 200},
			{Name: "no name", Method: "POST", Path: L, Key: key, Body: map[string]any{"state": "VIC"}, Status: 400, Field: "name"},
			{Name: "parent of another tenant", Method: "POST", Path: L, Key: key, Body: map[string]any{"name": "X", "parentId": theirs}, Status: 400, Field: "parentId"},
			{Name: "unknown shift condition", Method: "POST", Path: L, Key: key, Body: map[string]any{"name": "Y", "defaultShiftConditionIds": []int64{999999}}, Status: 400, Field: "defaultShiftConditionIds"},
			{Name: "a pay category is not a work type", Method: "PUT", Path: item(mel), Key: key, Body: map[string]any{"defaultShiftConditionIds": []int64{pc}}, Status: 400, Field: "defaultShiftConditionIds"},
			{Name: "work type in use", Method: "DELETE", Path: fmt.Sprintf("%s/worktype/%d", B, night), Key: key, Status: 409},
			{Name: "parent with children", Method: "DELETE", Path: item(hq), Key: key, Status: 409},
			{Name: "another tenant's location", Method: "GET", Path: item(theirs), Key: key, Status: 404},
			{Name: "another tenant's business", Method: "GET", Path: u.OtherB + "/location", Key: key, Status: 404},
			{Name: "update another tenant's location", Method: "PUT", Path: item(theirs), Key: key, Body: map[string]any{"name": "Mine"}, Status: 404},
			{Name: "delete a leaf", Method: "DELETE", Path: item(melKitchen), Key: key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: item(melKitchen), Key: key, Status: 404},
			{Name: "and its parent can go", Method: "DELETE", Path: item(mel), Key: key, Status: 200},
		})
	})
}

// Journal accounts, bulk creation, types, the journal service.
func TestAdminAccounts(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		u := testkit.NewBundle(t, d, "AU")
		s := u.Server
		B, key := u.B, u.Key
		A := B + "/accounts"
		wages := idOf(t, s.Do("POST", A, key, map[string]any{"accountCode": "6-1000", "accountName": "Wages", "accountType": "expense", "externalReferenceId": "x-1"}).Expect(t, 200))
		theirs := idOf(t, s.Do("POST", u.OtherB+"/accounts", u.OtherKey, map[string]any{"accountCode": "6-1000", "accountName": "Theirs"}).Expect(t, 200))
		item := func(id int64) string { return fmt.Sprintf("%s/%d", A, id) }
		s.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: item(wages), Key: key, Status: 200,
				Check: expectMembers(map[string]any{"accountCode": "6-1000", "accountName": "Wages", "accountType": "Expense", "externalReferenceId": "x-1"})},
			{Name: "type defaults to Unknown", Method: "POST", Path: A, Key: key, Body: map[string]any{"accountCode": "9-9999", "accountName": "Suspense"}, Status: 200,
				Check: expectMembers(map[string]any{"accountType": "Unknown"})},
			{Name: "duplicate code", Method: "POST", Path: A, Key: key, Body: map[string]any{"accountCode": "6-1000", "accountName": "Again"}, Status: 409},
			{Name: "no code", Method: "POST", Path: A, Key: key, Body: map[string]any{"accountName": "Nameless"}, Status: 400, Field: "accountCode"},
			{Name: "no name", Method: "POST", Path: A, Key: key, Body: map[string]any{"accountCode": "1"}, Status: 400, Field: "accountName"},
			{Name: "bad type", Method: "POST", Path: A, Key: key, Body: map[string]any{"accountCode": "1", "accountName": "x", "accountType": "Vibes"}, Status: 400, Field: "accountType"},
			{Name: "bulk", Method: "POST", Path: A + "/bulk", Key: key, Status: 200,
				Body: []map[string]any{{"accountCode": "2-1400", "accountName": "PAYG Withholding Payable", "accountType": "Liability"},
					{"accountCode": "6-1100", "accountName": "Superannuation", "accountType": "Expense"}},
				Check: func(t *testing.T, r *testkit.Response) {
					var m struct {
						ErrorMessages          []string
						CreatedJournalAccounts []struct {
							ID          int64
							AccountCode string
						}
					}
					r.JSON(t, &m)
					if len(m.ErrorMessages) != 0 || len(m.CreatedJournalAccounts) != 2 || m.CreatedJournalAccounts[1].AccountCode != "6-1100" || m.CreatedJournalAccounts[1].ID == 0 {
						t.Fatalf("bulk %s", r.Body)
					}
				}},
			{Name: "bulk is all or nothing", Method: "POST", Path: A + "/bulk", Key: key, Status: 400, Field: "[1]",
				Body: []map[string]any{{"accountCode": "1-1000", "accountName": "Bank"}, {"accountCode": "1-1000", "accountName": "Bank again"}, {"accountCode": "3", "accountName": ""}},
				Check: func(t *testing.T, r *testkit.Response) {
					if !strings.Contains(string(r.Body), `"[2].accountName"`) {
						t.Fatalf("errors %s", r.Body)
					}
				}},
			{Name: "nothing from the failed bulk", Method: "GET", Path: A + "?$filter=AccountCode%20eq%20'1-1000'", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if len(listOf(t, r)) != 0 {
					t.Fatalf("bulk leaked %s", r.Body)
				}
			}},
			{Name: "empty bulk", Method: "POST", Path: A + "/bulk", Key: key, Body: []any{}, Status: 400},
			{Name: "list with OData", Method: "GET", Path: A + "?$filter=AccountType%20eq%20'Expense'&$orderby=AccountCode%20desc", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if names(listOf(t, r), "accountCode") != "6-1100,6-1000" {
					t.Fatalf("filtered %s", r.Body)
				}
			}},
			{Name: "list paged", Method: "GET", Path: A + "?$orderby=AccountCode&$top=2&$skip=1", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if names(listOf(t, r), "accountCode") != "6-1000,6-1100" {
					t.Fatalf("paged %s", r.Body)
				}
			}},
			{Name: "partial update", Method: "PUT", Path: item(wages), Key: key, Body: map[string]any{"accountName": "Wages and Salaries"}, Status: 200,
				Check: expectMembers(map[string]any{"accountCode": "6-1000", "accountName": "Wages and Salaries", "accountType": "Expense"})},
			{Name: "update to a taken code", Method: "PUT", Path: item(wages), Key: key, Body: map[string]any{"accountCode": "6-1100"}, Status: 409},
			{Name: "types", Method: "GET", Path: A + "/types", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var list []string
				r.JSON(t, &list)
				if len(list) != 13 || list[0] != "Asset" || list[12] != "Overheads" {
					t.Fatalf("types %s", r.Body)
				}
			}},
			{Name: "journal services", Method: "GET", Path: A + "/journalservices", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if s := string(r.Body); !strings.Contains(s, `"Xero"`) || !strings.Contains(s, `"MYOB AccountRight"`) || strings.Contains(s, "FreeAgent") {
					t.Fatalf("services %s", r.Body)
				}
			}},
			{Name: "no journal service yet", Method: "GET", Path: A + "/journalservice", Key: key, Status: 200, Check: expectMembers(map[string]any{"journalService": ""})},
			{Name: "choose a journal service", Method: "PUT", Path: A + "/journalservice", Key: key, Body: map[string]any{"journalService": "xero"}, Status: 200, Check: expectMembers(map[string]any{"journalService": "Xero"})},
			{Name: "journal service read back", Method: "GET", Path: A + "/journalservice", Key: key, Status: 200, Check: expectMembers(map[string]any{"journalService": "Xero"})},
			{Name: "business record follows", Method: "GET", Path: B, Key: key, Status: 200, Check: expectMembers(map[string]any{"journalService": "Xero"})},
			{Name: "a UK-only service", Method: "PUT", Path: A + "/journalservice", Key: key, Body: map[string]any{"journalService": "FreeAgent"}, Status: 400, Field: "journalService"},
			{Name: "another tenant's journal service", Method: "PUT", Path: u.OtherB + "/accounts/journalservice", Key: key, Body: map[string]any{"journalService": "Xero"}, Status: 404},
			{Name: "another tenant's account", Method: "GET", Path: item(theirs), Key: key, Status: 404},
			{Name: "another tenant's accounts", Method: "GET", Path: u.OtherB + "/accounts", Key: key, Status: 404},
			{Name: "delete", Method: "DELETE", Path: item(wages), Key: key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: item(wages), Key: key, Status: 404},
		})
	})
}

// The chart of accounts: default accounts per region, category mappings,
// splits, accounts and overrides in use (409), location and employing
// entity overrides.
func TestAdminChartOfAccounts(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		u := testkit.NewBundle(t, d, "AU")
		s := u.Server
		B, key := u.B, u.Key
		C := B + "/chartofaccounts"
		acct := func(code, name string) int64 {
			return idOf(t, s.Do("POST", B+"/accounts", key, map[string]any{"accountCode": code, "accountName": name}).Expect(t, 200))
		}
		wages, payg, superExp, superLiab, bank, liab := acct("6-1000", "Wages"), acct("2-1400", "PAYG"), acct("6-1100", "Super expense"),
			acct("2-1500", "Super payable"), acct("1-1100", "Bank"), acct("2-1000", "Payables")
		theirAcct := idOf(t, s.Do("POST", u.OtherB+"/accounts", u.OtherKey, map[string]any{"accountCode": "1", "accountName": "Theirs"}).Expect(t, 200))
		ordinary := idOf(t, s.Do("POST", B+"/paycategory", key, map[string]any{"name": "Ordinary"}).Expect(t, 200))
		bonus := idOf(t, s.Do("POST", B+"/paycategory", key, map[string]any{"name": "Bonus"}).Expect(t, 200))
		s.Do("POST", B+"/leavecategory", key, map[string]any{"name": "Long service", "leaveCategoryType": "LongServiceLeave"}).Expect(t, 200)
		union := idOf(t, s.Do("POST", B+"/deductioncategory", key, map[string]any{"name": "Union fees"}).Expect(t, 200))
		entity := idOf(t, s.Do("POST", B+"/employingentity", key, map[string]any{"name": "Alice Holdings"}).Expect(t, 200))
		theirEntity := idOf(t, s.Do("POST", u.OtherB+"/employingentity", u.OtherKey, map[string]any{"name": "Bob Holdings"}).Expect(t, 200))
		loc := idOf(t, s.Do("POST", B+"/location", key, map[string]any{"name": "Sydney"}).Expect(t, 200))

		type chart struct {
			Complete        bool
			ChartofAccounts struct {
				DefaultAccounts     map[string]any
				PayCategories       []map[string]any
				LeaveCategories     []map[string]any
				DeductionCategories []map[string]any
			}
			LocationSpecificChartOfAccounts        []map[string]any
			EmployingEntitySpecificChartOfAccounts []map[string]any
		}
		read := func(t *testing.T, r *testkit.Response) chart {
			var c chart
			r.JSON(t, &c)
			return c
		}
		s.RunCases(t, []testkit.Case{
			{Name: "empty chart lists every category", Method: "GET", Path: C, Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				c := read(t, r)
				da := c.ChartofAccounts.DefaultAccounts
				if c.Complete || names(c.ChartofAccounts.PayCategories, "name") != "Ordinary,Bonus" || da["paygExpenseSplit"] != "None" ||
					da["paymentAccountSplitByLocation"] != false || da["paymentAccountId"] != nil || c.ChartofAccounts.LeaveCategories[0]["isLongServiceLeave"] != true {
					t.Fatalf("chart %s", r.Body)
				}
				if _, uk := da["payeLiabilityAccountId"]; uk {
					t.Fatalf("UK accounts shown to an AU business: %s", r.Body)
				}
				if _, liab := c.ChartofAccounts.PayCategories[0]["liabilityAccountId"]; liab {
					t.Fatalf("pay categories have no liability account: %s", r.Body)
				}
			}},
			{Name: "map accounts and categories", Method: "POST", Path: C, Key: key, Status: 200,
				Body: map[string]any{"defaultAccounts": map[string]any{"paygLiabilityAccountId": payg, "paygExpenseAccountId": wages, "paygExpenseSplitByLocation": true,
					"superannuationExpenseAccountId": superExp, "superannuationLiabilityAccountId": superLiab, "defaultExpenseAccountId": wages},
					"payCategories":       []map[string]any{{"id": bonus, "expenseAccountId": wages, "splitByLocation": true}},
					"deductionCategories": []map[string]any{{"id": union, "liabilityAccountId": liab}}},
				Check: func(t *testing.T, r *testkit.Response) {
					c := read(t, r)
					da := c.ChartofAccounts.DefaultAccounts
					if c.Complete || da["paygExpenseAccountId"] != float64(wages) || da["paygExpenseSplit"] != "Location" || da["paygLiabilityAccountSplit"] != "None" ||
						c.ChartofAccounts.PayCategories[1]["expenseAccountId"] != float64(wages) || c.ChartofAccounts.PayCategories[1]["splitByLocation"] != true ||
						c.ChartofAccounts.PayCategories[0]["expenseAccountId"] != nil || c.ChartofAccounts.DeductionCategories[0]["liabilityAccountId"] != float64(liab) {
						t.Fatalf("chart %s", r.Body)
					}
				}},
			{Name: "complete once every default account is mapped; members not sent keep their values", Method: "POST", Path: C, Key: key, Status: 200,
				Body: map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": bank, "employeeExpenseAccountId": wages, "employerLiabilityExpenseAccountId": wages,
					"employerLiabilityLiabilityAccountId": liab, "defaultLiabilityAccountId": liab, "paygExpenseSplit": "EmployingEntity"}},
				Check: func(t *testing.T, r *testkit.Response) {
					c := read(t, r)
					da := c.ChartofAccounts.DefaultAccounts
					if !c.Complete || da["paygLiabilityAccountId"] != float64(payg) || da["paygExpenseSplit"] != "EmployingEntity" ||
						da["paygExpenseSplitByLocation"] != false || da["paygExpenseSplitByEmployingEntity"] != true || c.ChartofAccounts.PayCategories[1]["expenseAccountId"] != float64(wages) {
						t.Fatalf("chart %s", r.Body)
					}
				}},
			{Name: "clearing the flag clears the split", Method: "POST", Path: C, Key: key, Status: 200,
				Body: map[string]any{"defaultAccounts": map[string]any{"paygExpenseSplitByEmployingEntity": false}},
				Check: func(t *testing.T, r *testkit.Response) {
					if da := read(t, r).ChartofAccounts.DefaultAccounts; da["paygExpenseSplit"] != "None" {
						t.Fatalf("chart %s", r.Body)
					}
				}},
			{Name: "unknown account", Method: "POST", Path: C, Key: key, Body: map[string]any{"defaultAccounts": map[string]any{"paygExpenseAccountId": 999999}}, Status: 400, Field: "defaultAccounts.paygExpenseAccountId"},
			{Name: "another tenant's account", Method: "POST", Path: C, Key: key, Body: map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": theirAcct}}, Status: 400, Field: "defaultAccounts.paymentAccountId"},
			{Name: "a pay category is not an account", Method: "POST", Path: C, Key: key, Body: map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": ordinary}}, Status: 400, Field: "defaultAccounts.paymentAccountId"},
			{Name: "UK account on an AU business", Method: "POST", Path: C, Key: key, Body: map[string]any{"defaultAccounts": map[string]any{"payeLiabilityAccountId": payg}}, Status: 400, Field: "defaultAccounts.payeLiabilityAccountId"},
			{Name: "bad split", Method: "POST", Path: C, Key: key, Body: map[string]any{"defaultAccounts": map[string]any{"paymentAccountSplit": "Weekly"}}, Status: 400},
			{Name: "category not the business's", Method: "POST", Path: C, Key: key, Body: map[string]any{"payCategories": []map[string]any{{"id": union, "expenseAccountId": wages}}}, Status: 400, Field: "payCategories[0].id"},
			{Name: "category mapped to an unknown account", Method: "POST", Path: C, Key: key, Body: map[string]any{"payCategories": []map[string]any{{"id": ordinary, "expenseAccountId": 999999}}}, Status: 400, Field: "payCategories[0].expenseAccountId"},
			{Name: "pay categories have no liability account", Method: "POST", Path: C, Key: key, Body: map[string]any{"payCategories": []map[string]any{{"id": ordinary, "liabilityAccountId": liab}}}, Status: 400, Field: "payCategories[0].liabilityAccountId"},
			{Name: "rejected writes changed nothing", Method: "GET", Path: C, Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if c := read(t, r); !c.Complete || c.ChartofAccounts.PayCategories[0]["expenseAccountId"] != nil {
					t.Fatalf("chart %s", r.Body)
				}
			}},
			{Name: "mapped account in use", Method: "DELETE", Path: fmt.Sprintf("%s/accounts/%d", B, superLiab), Key: key, Status: 409},
			{Name: "another tenant's chart", Method: "GET", Path: u.OtherB + "/chartofaccounts", Key: key, Status: 404},
			{Name: "another tenant's chart write", Method: "POST", Path: u.OtherB + "/chartofaccounts", Key: key, Body: map[string]any{}, Status: 404},

			// location override
			{Name: "location override starts empty", Method: "GET", Path: fmt.Sprintf("%s/location/%d", C, loc), Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["locationId"] != float64(loc) || fmt.Sprint(m["defaultAccounts"]) != "map[defaultExpenseAccountId:<nil> defaultLiabilityAccountId:<nil> employeeExpenseAccountId:<nil> employerLiabilityExpenseAccountId:<nil> employerLiabilityLiabilityAccountId:<nil> paymentAccountId:<nil>]" {
					t.Fatalf("override %s", r.Body)
				}
				if _, ok := m["employingEntityId"]; ok || strings.Contains(string(r.Body), "splitByLocation") {
					t.Fatalf("override %s", r.Body)
				}
			}},
			{Name: "save a location override", Method: "POST", Path: fmt.Sprintf("%s/location/%d", C, loc), Key: key, Status: 200,
				Body: map[string]any{"locationId": 12345, "defaultAccounts": map[string]any{"paymentAccountId": bank}, "payCategories": []map[string]any{{"id": ordinary, "expenseAccountId": superExp}}},
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					if m["locationId"] != float64(loc) || m["defaultAccounts"].(map[string]any)["paymentAccountId"] != float64(bank) ||
						m["payCategories"].([]any)[0].(map[string]any)["expenseAccountId"] != float64(superExp) {
						t.Fatalf("override %s", r.Body)
					}
				}},
			{Name: "listed in the chart", Method: "GET", Path: C, Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				c := read(t, r)
				if len(c.LocationSpecificChartOfAccounts) != 1 || c.LocationSpecificChartOfAccounts[0]["locationId"] != float64(loc) || len(c.EmployingEntitySpecificChartOfAccounts) != 0 {
					t.Fatalf("chart %s", r.Body)
				}
			}},
			{Name: "override account must exist", Method: "POST", Path: fmt.Sprintf("%s/location/%d", C, loc), Key: key, Body: map[string]any{"defaultAccounts": map[string]any{"defaultExpenseAccountId": theirAcct}}, Status: 400, Field: "defaultAccounts.defaultExpenseAccountId"},
			{Name: "AU statutory accounts in an override", Method: "POST", Path: fmt.Sprintf("%s/location/%d", C, loc), Key: key, Body: map[string]any{"defaultAccounts": map[string]any{"paygExpenseAccountId": wages}}, Status: 200},
			{Name: "location with an override is in use", Method: "DELETE", Path: fmt.Sprintf("%s/location/%d", B, loc), Key: key, Status: 409},
			{Name: "unknown location", Method: "GET", Path: C + "/location/999999", Key: key, Status: 404},
			{Name: "override for an unknown location", Method: "POST", Path: C + "/location/999999", Key: key, Body: map[string]any{}, Status: 404},
			{Name: "an employing entity id is not a location", Method: "GET", Path: fmt.Sprintf("%s/location/%d", C, entity), Key: key, Status: 404},
			{Name: "remove the override", Method: "DELETE", Path: fmt.Sprintf("%s/location/%d", C, loc), Key: key, Status: 200},
			{Name: "removed", Method: "GET", Path: fmt.Sprintf("%s/location/%d", C, loc), Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["defaultAccounts"].(map[string]any)["paymentAccountId"] != nil {
					t.Fatalf("override %s", r.Body)
				}
			}},
			{Name: "the location is free", Method: "DELETE", Path: fmt.Sprintf("%s/location/%d", B, loc), Key: key, Status: 200},
			{Name: "override of a deleted location", Method: "DELETE", Path: fmt.Sprintf("%s/location/%d", C, loc), Key: key, Status: 404},

			// employing entity override
			{Name: "save an employing entity override", Method: "POST", Path: fmt.Sprintf("%s/employingEntity/%d", C, entity), Key: key, Status: 200,
				Body:  map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": bank, "defaultLiabilityAccountId": liab}},
				Check: expectMembers(map[string]any{"employingEntityId": entity})},
			{Name: "employing entity override read back", Method: "GET", Path: fmt.Sprintf("%s/employingentity/%d", C, entity), Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["defaultAccounts"].(map[string]any)["defaultLiabilityAccountId"] != float64(liab) {
					t.Fatalf("override %s", r.Body)
				}
			}},
			{Name: "listed in the chart", Method: "GET", Path: C, Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if c := read(t, r); len(c.EmployingEntitySpecificChartOfAccounts) != 1 || len(c.LocationSpecificChartOfAccounts) != 0 {
					t.Fatalf("chart %s", r.Body)
				}
			}},
			{Name: "another tenant's employing entity", Method: "GET", Path: fmt.Sprintf("%s/employingEntity/%d", C, theirEntity), Key: key, Status: 404},
			{Name: "another tenant's employing entity write", Method: "POST", Path: fmt.Sprintf("%s/employingEntity/%d", C, theirEntity), Key: key, Body: map[string]any{}, Status: 404},
			{Name: "bank account in use by the override", Method: "DELETE", Path: fmt.Sprintf("%s/accounts/%d", B, bank), Key: key, Status: 409},
			{Name: "remove the employing entity override", Method: "DELETE", Path: fmt.Sprintf("%s/employingEntity/%d", C, entity), Key: key, Status: 200},
		})
		// A deleted pay category's mapping drops out instead of blocking the delete.
		s.Do("DELETE", fmt.Sprintf("%s/paycategory/%d", B, bonus), key, nil).Expect(t, 200)
		if c := read(t, s.Do("GET", C, key, nil).Expect(t, 200)); names(c.ChartofAccounts.PayCategories, "name") != "Ordinary" {
			t.Fatalf("pay categories %v", c.ChartofAccounts.PayCategories)
		}
	})
}

// The UK chart has the PAYE, NI and pension accounts and not the AU ones.
func TestAdminChartOfAccountsUK(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		u := testkit.NewBundle(t, d, "UK")
		s := u.Server
		C := u.B + "/chartofaccounts"
		acct := idOf(t, s.Do("POST", u.B+"/accounts", u.Key, map[string]any{"accountCode": "7000", "accountName": "Gross wages"}).Expect(t, 200))
		s.RunCases(t, []testkit.Case{
			{Name: "UK accounts", Method: "POST", Path: C, Key: u.Key, Status: 200,
				Body: map[string]any{"defaultAccounts": map[string]any{"payeLiabilityAccountId": acct, "nationalInsuranceExpenseSplitByLocation": true}},
				Check: func(t *testing.T, r *testkit.Response) {
					s := string(r.Body)
					if !strings.Contains(s, fmt.Sprintf(`"payeLiabilityAccountId":%d`, acct)) || !strings.Contains(s, `"nationalInsuranceExpenseSplit":"Location"`) ||
						strings.Contains(s, "paygLiabilityAccountId") || !strings.Contains(s, `"complete":false`) {
						t.Fatalf("chart %s", r.Body)
					}
				}},
			{Name: "AU account on a UK business", Method: "POST", Path: C, Key: u.Key, Body: map[string]any{"defaultAccounts": map[string]any{"superannuationExpenseAccountId": acct}}, Status: 400, Field: "defaultAccounts.superannuationExpenseAccountId"},
		})
	})
}

// A business created with default data gets its region's payroll accounts
// with the chart's default slots mapped to them (docs/reference/
// default-chart-of-accounts.md); without default data it gets none.
func TestNewBusinessDefaultChartOfAccounts(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		u := testkit.NewBundle(t, d, "AU")
		s, key := u.Server, u.Key
		newBusiness := func(region, query string) string {
			var biz struct {
				ID int64 `json:"id"`
			}
			s.Do("POST", "/api/v2/business"+query, key, map[string]any{"name": "Fresh " + region, "region": region}).Expect(t, 200).JSON(t, &biz)
			return testkit.BusinessPath(biz.ID)
		}
		for _, tc := range []struct {
			region string
			want   map[string]string // default account member -> "code name"
		}{
			{"AU", map[string]string{"paymentAccountId": "804 Wages Payable - Payroll", "defaultExpenseAccountId": "477 Wages and Salaries",
				"defaultLiabilityAccountId": "800 Accounts Payable", "paygLiabilityAccountId": "825 PAYG Withholdings Payable",
				"superannuationExpenseAccountId": "478 Superannuation", "superannuationLiabilityAccountId": "826 Superannuation Payable"}},
			{"UK", map[string]string{"paymentAccountId": "814 Wages Payable - Payroll", "defaultExpenseAccountId": "477 Salaries",
				"payeLiabilityAccountId": "815 PAYE & NI Payable", "employeeNationalInsuranceLiabilityAccountId": "815 PAYE & NI Payable",
				"nationalInsuranceExpenseAccountId": "479 Employers National Insurance", "employerPensionExpenseAccountId": "482 Pensions Costs",
				"employeePensionLiabilityAccountId": "816 Pension Payable", "studentLoanLiabilityAccountId": "815 PAYE & NI Payable"}},
			{"NZ", map[string]string{"paymentAccountId": "814 Wages Payable - Payroll", "defaultExpenseAccountId": "477 Wages and Salaries",
				"defaultLiabilityAccountId": "800 Accounts Payable"}},
			{"SG", map[string]string{"paymentAccountId": "814 Wages Payable - Payroll", "defaultExpenseAccountId": "477 Wages and Salaries",
				"defaultLiabilityAccountId": "800 Accounts Payable"}},
		} {
			B := newBusiness(tc.region, "")
			byID := map[float64]string{}
			for _, a := range listOf(t, s.Do("GET", B+"/accounts", key, nil).Expect(t, 200)) {
				byID[a["id"].(float64)] = fmt.Sprint(a["accountCode"], " ", a["accountName"])
			}
			var chart struct {
				Chart struct {
					Defaults map[string]any `json:"defaultAccounts"`
				} `json:"chartofAccounts"`
			}
			s.Do("GET", B+"/chartofaccounts", key, nil).Expect(t, 200).JSON(t, &chart)
			for member, want := range tc.want {
				id, _ := chart.Chart.Defaults[member].(float64)
				if got := byID[id]; got != want {
					t.Errorf("%s %s: %q, want %q", tc.region, member, got, want)
				}
			}
			// A mapped account is in use.
			pay := int64(chart.Chart.Defaults["paymentAccountId"].(float64))
			s.Do("DELETE", fmt.Sprintf("%s/accounts/%d", B, pay), key, nil).Expect(t, 409)
		}
		bare := newBusiness("AU", "?setupDefaultData=false")
		if got := listOf(t, s.Do("GET", bare+"/accounts", key, nil).Expect(t, 200)); len(got) != 0 {
			t.Fatalf("a business without default data has accounts: %v", got)
		}
	})
}
