package myapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestStatutoryDetailsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "MY")
		s, key := b.Server, b.Key
		emp := s.SeedEmployee(t, d, b.Biz, "Siti", "Test", "Active", "")
		theirs := s.SeedEmployee(t, d, b.Other, "Bob", "Other", "Active", "")
		auID, auB := b.AddBusiness("Alice AU", "AU")
		auEmp := s.SeedEmployee(t, d, auID, "Au", "Test", "Active", "")
		H := fmt.Sprintf("%s/employee/%d/statutorydetails", b.B, emp)

		full := map[string]any{"citizenship": "PermanentResident", "identityType": "Passport", "identityNumber": "a1234567",
			"passportCountry": "sg", "taxNumber": "ig 12345678090", "taxWifeCode": 1, "maritalStatus": "Married", "spouseWorking": true,
			"children": map[string]any{"under18": 2, "higherEducation": 1}, "sharedChildren": map[string]any{"disabled": 1},
			"epfPart": "A", "socsoCategory": "First", "lindung24": "OptedOut", "monthlyZakat": 50, "monthlyTaxRelief": 250.5,
			"monthlyBenefitsInKind": 1000, "previousEmployment": map[string]any{"year": 2026, "remuneration": 12000, "epf": 1320, "pcb": 210.4}}
		s.RunCases(t, []testkit.Case{
			{Name: "defaults before any save", Method: "GET", Path: H, Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["recorded"] != false || m["citizenship"] != "Citizen" || m["maritalStatus"] != "Single" || m["epfPart"] != "Auto" ||
					m["lindung24"] != "Participating" || m["children"].(map[string]any)["under18"] != 0.0 {
					t.Fatalf("defaults %v", m)
				}
			}},
			{Name: "save", Method: "PUT", Path: H, Key: key, Body: full, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["recorded"] != true || m["identityNumber"] != "A1234567" || m["passportCountry"] != "SG" || m["taxNumber"] != "IG 12345678090" ||
					m["monthlyTaxRelief"] != 250.5 || m["sharedChildren"].(map[string]any)["disabled"] != 1.0 ||
					m["previousEmployment"].(map[string]any)["pcb"] != 210.4 {
					t.Fatalf("saved %v", m)
				}
			}},
			{Name: "read back", Method: "GET", Path: H, Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["spouseWorking"] != true || m["lindung24"] != "OptedOut" || m["epfPart"] != "A" {
					t.Fatalf("read %v", m)
				}
			}},
			{Name: "replace", Method: "PUT", Path: H, Key: key, Body: map[string]any{"citizenship": "citizen", "maritalStatus": "widowed", "children": map[string]any{"under18": 1}}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); m["maritalStatus"] != "Widowed" || m["citizenship"] != "Citizen" || m["children"].(map[string]any)["under18"] != 1.0 || m["epfPart"] != "Auto" || m["lindung24"] != "Participating" {
						t.Fatalf("replaced %v", m)
					}
				}},
			{Name: "bad citizenship", Method: "PUT", Path: H, Key: key, Body: map[string]any{"citizenship": "Martian"}, Status: 400, Field: "citizenship"},
			{Name: "bad new IC", Method: "PUT", Path: H, Key: key, Body: map[string]any{"identityNumber": "12345"}, Status: 400, Field: "identityNumber"},
			{Name: "foreign opt-out", Method: "PUT", Path: H, Key: key, Body: map[string]any{"citizenship": "Foreign", "lindung24": "OptedOut"}, Status: 400, Field: "lindung24"},
			{Name: "negative zakat", Method: "PUT", Path: H, Key: key, Body: map[string]any{"monthlyZakat": -1}, Status: 400, Field: "monthlyZakat"},
			{Name: "children out of range", Method: "PUT", Path: H, Key: key, Body: map[string]any{"children": map[string]any{"disabled": 51}}, Status: 400, Field: "children.disabled"},
			{Name: "TP3 amounts without a year", Method: "PUT", Path: H, Key: key, Body: map[string]any{"previousEmployment": map[string]any{"pcb": 10}}, Status: 400, Field: "previousEmployment.year"},
			{Name: "spouse of a single employee", Method: "PUT", Path: H, Key: key, Body: map[string]any{"spouseWorking": true}, Status: 400, Field: "maritalStatus"},
			{Name: "wife code", Method: "PUT", Path: H, Key: key, Body: map[string]any{"taxWifeCode": 10}, Status: 400, Field: "taxWifeCode"},
			{Name: "anonymous", Method: "GET", Path: H, Status: 401},
			{Name: "other tenant's key", Method: "GET", Path: H, Key: b.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "PUT", Path: fmt.Sprintf("%s/employee/%d/statutorydetails", b.B, theirs), Key: key, Body: full, Status: 404},
			{Name: "no such employee", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/statutorydetails", b.B, theirs+1000), Key: key, Status: 404},
			{Name: "another region", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/statutorydetails", auB, auEmp), Key: key, Status: 400, Field: "region"},
			{Name: "CP39 in another region", Method: "GET", Path: auB + "/report/cp39?year=2026&month=10", Key: key, Status: 400, Field: "region"},
			{Name: "CP39 without the employer number", Method: "GET", Path: b.B + "/report/cp39?year=2026&month=10", Key: key, Status: 400, Field: "eNumber"},
		})
		// A failed save lost nothing.
		if m := s.Do("GET", H, key, nil).Expect(t, 200).Map(t); m["maritalStatus"] != "Widowed" {
			t.Fatalf("after refused saves %v", m)
		}
		// An empty month: the header alone.
		s.Do("POST", b.B+"/statutorysettings", key, map[string]any{"eNumber": "E12345678"}).Expect(t, 200)
		if r := s.Do("GET", b.B+"/report/cp39?year=2026&month=1", key, nil).Expect(t, 200); string(r.Body) != "H00123456780012345678202601000000000000000000000000000000\r\n" {
			t.Fatalf("empty CP39 %q", r.Body)
		}
	})
}
