package ukapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestPensionAndYearToDateAPI: the auto-enrolment assessment (2026-27
// weekly band: trigger £192, qualifying earnings £120-£967) of an eligible
// jobholder (36, £500), a non-eligible jobholder (18, £500) and an
// entitled worker (40, £100); the employer's actions and their 400/409
// answers; year-to-date sums of finalised runs. The test clock's today is
// 2 November 2026.
func TestPensionAndYearToDateAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		worker := func(first, dob string, rate float64) string {
			body := map[string]any{"firstName": first, "surname": "Worker", "dateOfBirth": dob + "T00:00:00", "startDate": "2024-01-01T00:00:00",
				"employmentType": "FullTime", "paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office",
				"hoursPerWeek": 37.5, "residentialStreetAddress": "1 High St", "residentialPostCode": "SW1A 1AA", "residentialCity": "London",
				"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100,
				"bankAccount1_SortCode": "12-34-56", "taxCode": "1257L", "nationalInsuranceCategory": "A", "rate": rate, "rateUnit": "Fixed"}
			id := e.Do("POST", e.B+"/employee/unstructured?matchType=None", key, body).Expect(t, 200).Map(t)["id"]
			return fmt.Sprintf("%s/employee/%v", e.B, id)
		}
		young, low := worker("Young", "2008-05-01", 500), worker("Low", "1986-01-01", 100)
		P := e.E + "/pension"
		p := e.Do("GET", P+"?date=2026-06-30T00:00:00", key, nil).Expect(t, 200).Map(t)
		if p["workerCategory"] != "NotAssessed" || p["enrolmentStatus"] != "NotEnrolled" || num(t, p["age"]) != 36 || p["assessedPayRunId"] != nil {
			t.Fatalf("before any pay %v", p)
		}
		run1 := e.run(t, "2026-07-01")
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run1), key, nil).Expect(t, 200)
		p = e.Do("GET", P+"?date=2026-07-02T00:00:00", key, nil).Expect(t, 200).Map(t)
		if p["workerCategory"] != "EligibleJobholder" || p["mustBeEnrolled"] != true || num(t, p["earnings"]) != 500 || num(t, p["qualifyingEarnings"]) != 380 ||
			num(t, p["earningsTrigger"]) != 192 || num(t, p["lowerQualifyingEarnings"]) != 120 || num(t, p["upperQualifyingEarnings"]) != 967 ||
			p["taxYear"] != "2026-27" || p["frequency"] != "Weekly" || num(t, p["assessedPayRunId"]) != num(t, run1) {
			t.Fatalf("eligible %v", p)
		}
		if y := e.Do("GET", young+"/pension", key, nil).Expect(t, 200).Map(t); y["workerCategory"] != "NonEligibleJobholder" || num(t, y["age"]) != 18 {
			t.Fatalf("young %v", y)
		}
		if l := e.Do("GET", low+"/pension", key, nil).Expect(t, 200).Map(t); l["workerCategory"] != "EntitledWorker" || num(t, l["qualifyingEarnings"]) != 0 {
			t.Fatalf("low %v", l)
		}
		e.Do("PUT", young+"/pension", key, map[string]any{"enrolmentStatus": "OptedIn"}).Expect(t, 200)
		if y := e.Do("GET", young+"/pension", key, nil).Expect(t, 200).Map(t); y["enrolmentStatus"] != "OptedIn" || y["optInDate"] != "2026-11-02T00:00:00" {
			t.Fatalf("opted in %v", y)
		}

		pp := e.Do("PUT", P, key, map[string]any{"enrolmentStatus": "Postponed", "postponementEndDate": "2027-01-15T00:00:00"}).Expect(t, 200).Map(t)
		if pp["enrolmentStatus"] != "Postponed" || pp["mustBeEnrolled"] != false || num(t, pp["version"]) != 1 {
			t.Fatalf("postponed %v", pp)
		}
		_, auB := e.AddBusiness("Alice AU", "AU")
		auEmp := e.Do("POST", auB+"/employee/unstructured?matchType=None", key, map[string]any{"firstName": "Au", "surname": "Emp"}).Expect(t, 200).Map(t)["id"]
		e.RunCases(t, []testkit.Case{
			{Name: "opt in an eligible jobholder", Method: "PUT", Path: P, Key: key, Body: map[string]any{"enrolmentStatus": "OptedIn"}, Status: 400, Field: "enrolmentStatus"},
			{Name: "unknown status", Method: "PUT", Path: P, Key: key, Body: map[string]any{"enrolmentStatus": "Maybe"}, Status: 400},
			{Name: "opt out a non-member", Method: "PUT", Path: P, Key: key, Body: map[string]any{"enrolmentStatus": "OptedOut"}, Status: 409},
			{Name: "postpone too far", Method: "PUT", Path: P, Key: key, Body: map[string]any{"enrolmentStatus": "Postponed", "postponementEndDate": "2027-06-01T00:00:00"}, Status: 400, Field: "postponementEndDate"},
			{Name: "postpone without end", Method: "PUT", Path: P, Key: key, Body: map[string]any{"enrolmentStatus": "Postponed"}, Status: 400, Field: "postponementEndDate"},
			{Name: "stale version", Method: "PUT", Path: P, Key: key, Body: map[string]any{"enrolmentStatus": "NotEnrolled", "version": 9}, Status: 409},
			{Name: "bad date", Method: "GET", Path: P + "?date=later", Key: key, Status: 400, Field: "date"},
			{Name: "AU business", Method: "GET", Path: fmt.Sprintf("%s/employee/%v/pension", auB, auEmp), Key: key, Status: 400, Field: "region"},
			{Name: "AU year to date", Method: "GET", Path: fmt.Sprintf("%s/employee/%v/yeartodate", auB, auEmp), Key: key, Status: 400, Field: "region"},
			{Name: "anonymous", Method: "GET", Path: P, Status: 401},
			{Name: "other tenant", Method: "GET", Path: P, Key: e.OtherKey, Status: 404},
			{Name: "other tenant force", Method: "POST", Path: P + "/force", Key: e.OtherKey, Status: 404},
			{Name: "other tenant year to date", Method: "GET", Path: e.E + "/yeartodate", Key: e.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "GET", Path: e.EO + "/pension", Key: key, Status: 404},
		})
		f := e.Do("POST", P+"/force", key, nil).Expect(t, 200).Map(t)
		if f["enrolmentStatus"] != "Enrolled" || f["isForced"] != true || f["enrolmentDate"] != "2026-11-02T00:00:00" || f["postponementEndDate"] != nil {
			t.Fatalf("forced %v", f)
		}
		testkit.ExpectProblem(t, e.Do("POST", P+"/force", key, nil), 409, "")
		o := e.Do("PUT", P, key, map[string]any{"enrolmentStatus": "OptedOut", "version": f["version"]}).Expect(t, 200).Map(t)
		if o["enrolmentStatus"] != "OptedOut" || o["optOutDate"] != "2026-11-02T00:00:00" || o["enrolmentDate"] != "2026-11-02T00:00:00" {
			t.Fatalf("opted out %v", o)
		}

		// Year to date: two finalised weeks of £500 (category A: NI 20.64
		// and 60.60 each), the first alone up to 5 July.
		run2 := e.run(t, "2026-07-08")
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run2), key, nil).Expect(t, 200)
		y := e.Do("GET", e.E+"/yeartodate", key, nil).Expect(t, 200).Map(t)
		if y["taxYear"] != "2026-27" || y["fromDate"] != "2026-04-06T00:00:00" || num(t, y["grossEarnings"]) != 1000 ||
			num(t, y["employeeNationalInsurance"]) != 41.28 || num(t, y["employerNationalInsurance"]) != 121.20 {
			t.Fatalf("year to date %v", y)
		}
		if y := e.Do("GET", e.E+"/yeartodate?date=2026-07-05T00:00:00", key, nil).Expect(t, 200).Map(t); num(t, y["grossEarnings"]) != 500 {
			t.Fatalf("year to date on 5 July %v", y)
		}
		if y := e.Do("GET", e.E+"/yeartodate?date=2026-04-05T00:00:00", key, nil).Expect(t, 200).Map(t); num(t, y["grossEarnings"]) != 0 || y["taxYear"] != "2025-26" {
			t.Fatalf("year to date of 2025-26 %v", y)
		}
	})
}
