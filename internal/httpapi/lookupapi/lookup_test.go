package lookupapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

type pair struct{ ID, Name string }

func TestLookupData(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "UK")
		var countries, zones, ukZones, perms, reports []pair
		b.Do("GET", "/api/v2/lookupdata/countries", b.Key, nil).Expect(t, 200).JSON(t, &countries)
		found := map[string]string{}
		for _, c := range countries {
			found[c.ID] = c.Name
		}
		if len(countries) != 249 || found["AU"] != "Australia" || found["GB"] != "United Kingdom" || found["SG"] != "Singapore" {
			t.Errorf("%d countries, AU %q GB %q", len(countries), found["AU"], found["GB"])
		}
		var genders, industries []string
		b.Do("GET", "/api/v2/lookupdata/genders", b.Key, nil).Expect(t, 200).JSON(t, &genders)
		b.Do("GET", "/api/v2/lookupdata/industries", b.Key, nil).Expect(t, 200).JSON(t, &industries)
		if len(genders) != 3 || genders[0] != "Male" || len(industries) != 19 || industries[4] != "Construction" {
			t.Errorf("genders %v industries %v", genders, industries)
		}
		b.Do("GET", "/api/v2/lookupdata/timezones", b.Key, nil).Expect(t, 200).JSON(t, &zones)
		b.Do("GET", b.B+"/lookupdata/timezones", b.Key, nil).Expect(t, 200).JSON(t, &ukZones)
		if len(zones) != 11 || zones[0] != (pair{"AUS Eastern Standard Time", "AUS Eastern Standard Time (Australia/Sydney)"}) {
			t.Errorf("zones %v", zones)
		}
		if len(ukZones) != 2 || ukZones[0].ID != "GMT Standard Time" || ukZones[1].ID != "UTC" {
			t.Errorf("UK business zones %v", ukZones)
		}
		b.Do("GET", "/api/v2/lookupdata/employeegrouppermissions", b.Key, nil).Expect(t, 200).JSON(t, &perms)
		if len(perms) == 0 || perms[0] != (pair{"ApproveTimesheets", "Approve Timesheets"}) {
			t.Errorf("permissions %v", perms)
		}
		b.Do("GET", "/api/v2/lookupdata/reports", b.Key, nil).Expect(t, 200).JSON(t, &reports)
		if len(reports) != 102 || reports[0] != (pair{"DetailedActivityReport", "Detailed Activity Report"}) {
			t.Errorf("%d reports, first %v", len(reports), reports[0])
		}
		b.RunCases(t, []testkit.Case{
			{Name: "anonymous", Method: "GET", Path: "/api/v2/lookupdata/countries", Status: 401},
			{Name: "business anonymous", Method: "GET", Path: b.B + "/lookupdata/timezones", Status: 401},
			{Name: "other tenant", Method: "GET", Path: b.B + "/lookupdata/timezones", Key: b.OtherKey, Status: 404},
		})
	})
}
