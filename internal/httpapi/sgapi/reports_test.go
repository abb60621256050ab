package sgapi_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func locationID(t *testing.T, rows []map[string]any, emp int64) any {
	t.Helper()
	for _, r := range rows {
		if int64(num(t, r["employeeId"])) == emp {
			return r["locationId"]
		}
	}
	t.Fatalf("employee %d not in %v", emp, rows)
	return nil
}

func cents(t *testing.T, v any) int64 { return int64(math.Round(num(t, v) * 100)) }

// cpfVector is the CPF of one month's ordinary wages by the 2026 rules
// (payroll-rules-2026-27.md §4): OW capped at the $8,000 ceiling; the
// total rounded to the dollar (50 cents up), the employee's share with
// its cents dropped, the employer's the rest. Rates in tenths of a percent.
func cpfVector(gross, totalPermille, employeePermille int64) (ow, total, employee, employer int64) {
	ow = min(gross, 800000)
	total = (ow*totalPermille/1000 + 50) / 100 * 100
	employee = ow * employeePermille / 1000 / 100 * 100
	return ow, total, employee, total - employee
}

// TestCPFAndWithholdingReports pays three SG citizens (two age bands, one
// above the OW ceiling) in a finalised monthly run and checks the CPF
// report against the rules' figures and the run's own totals.
func TestCPFAndWithholdingReports(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "SG")
		key, B := b.Key, b.B
		b.Do("POST", B+"/paycategory", key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
		b.Do("POST", B+"/location", key, map[string]any{"name": "Head office"}).Expect(t, 200)
		sched := int64(num(t, b.Do("POST", B+"/payschedule", key, map[string]any{"name": "Monthly", "frequency": "Monthly"}).Expect(t, 200).Map(t)["id"]))
		type person struct {
			first, dob, nric          string
			rate                      int64 // monthly, dollars
			totalPermille, eePermille int64
			id                        int64
		}
		people := []*person{
			{first: "Mei", dob: "1990-02-03T00:00:00", nric: "S9012345I", rate: 5000, totalPermille: 370, eePermille: 200},  // 55 and below: 17/20
			{first: "Lim", dob: "1963-02-03T00:00:00", nric: "S6312345E", rate: 5000, totalPermille: 250, eePermille: 125},  // above 60 to 65: 12.5/12.5
			{first: "Raj", dob: "1985-02-03T00:00:00", nric: "S8512345I", rate: 10000, totalPermille: 370, eePermille: 200}, // OW ceiling
		}
		for _, p := range people {
			m := map[string]any{"firstName": p.first, "surname": "Tan", "dateOfBirth": p.dob, "startDate": "2024-01-01T00:00:00",
				"employmentType": "FullTime", "paySchedule": "Monthly", "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office",
				"hoursPerWeek": 40, "residentialStreetAddress": "1 Orchard Rd", "residentialPostCode": "238801",
				"bankAccount1_BankSwift": "OCBCSGSGXXX", "bankAccount1_AccountNumber": "5012345678", "bankAccount1_AccountName": p.first,
				"bankAccount1_AllocatedPercentage": 100, "nationalRegistrationIdentityNumber": p.nric, "legalStatus": "Citizen",
				"rate": p.rate, "rateUnit": "Monthly"}
			r := b.Do("POST", B+"/employee/unstructured?matchType=None", key, m).Expect(t, 200).Map(t)
			if r["status"] != "Active" {
				t.Fatalf("employee %v", r)
			}
			p.id = int64(num(t, r["id"]))
		}
		run := b.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-30T00:00:00"}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", B, int64(num(t, run["id"])))
		totals := map[int64]map[string]any{}
		for _, p := range people {
			tot := b.Do("GET", fmt.Sprintf("%s/totals/%d", P, p.id), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(p.id)].(map[string]any)
			if cents(t, tot["grossEarnings"]) != p.rate*100 {
				t.Fatalf("%s gross %v, want %d", p.first, tot["grossEarnings"], p.rate)
			}
			totals[p.id] = tot
		}
		// A draft run is not reported.
		var rows []map[string]any
		b.Do("GET", B+"/report/cpf?fromDate=2026-11-01&toDate=2026-11-30", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("draft reported: %v", rows)
		}
		b.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		b.Do("GET", B+"/report/cpf?fromDate=2026-11-01&toDate=2026-11-30", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 2*len(people) {
			t.Fatalf("rows %v", rows)
		}
		byKey := map[string]map[string]any{}
		for _, r := range rows {
			byKey[fmt.Sprintf("%v/%v", r["employeeId"], r["paymentType"])] = r
		}
		for _, p := range people {
			ow, total, ee, er := cpfVector(p.rate*100, p.totalPermille, p.eePermille)
			c := byKey[fmt.Sprintf("%d/CPF", p.id)]
			if c == nil || cents(t, c["paymentAmount"]) != total || cents(t, c["employeeContribution"]) != ee || cents(t, c["employerContribution"]) != er ||
				cents(t, c["ordinaryWages"]) != ow || cents(t, c["additionalWages"]) != 0 || num(t, c["paymentTypeId"]) != 1 ||
				c["paymentDate"] != "2026-11" || c["employeeNric"] != p.nric || c["locationName"] != "Head office" || c["employeeStartDate"] != "2024-01-01T00:00:00" {
				t.Fatalf("%s CPF row %v, want OW %d total %d = %d + %d", p.first, c, ow, total, ee, er)
			}
			tot := totals[p.id]
			if cents(t, tot["cpfEmployeeContributionAmount"]) != ee || cents(t, tot["cpfEmployerContributionAmount"]) != er {
				t.Fatalf("%s run totals %v", p.first, tot)
			}
			// SDL: 0.25% of the first $4,500 of the month's remuneration.
			s := byKey[fmt.Sprintf("%d/SDL", p.id)]
			if s == nil || cents(t, s["paymentAmount"]) != 1125 || num(t, s["paymentTypeId"]) != 11 || cents(t, tot["sdlContributionAmount"]) != 1125 {
				t.Fatalf("%s SDL row %v", p.first, s)
			}
		}
		b.Do("GET", fmt.Sprintf("%s/report/cpf?employeeId=%d&paymentTypeId=11", B, people[0].id), key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 1 || rows[0]["paymentType"] != "SDL" {
			t.Fatalf("filtered %v", rows)
		}
		b.Do("GET", B+"/report/cpf?fromDate=2026-12-01", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("December %v", rows)
		}
		var wh []map[string]any
		b.Do("GET", B+"/report/withholding?fromDate=2026-11-01&toDate=2026-11-30", key, nil).Expect(t, 200).JSON(t, &wh)
		if len(wh) != 1 || wh[0]["location"] != "Head office" || wh[0]["month"] != "2026-11" || cents(t, wh[0]["grossEarnings"]) != 2000000 ||
			cents(t, wh[0]["withholdingTaxAmount"]) != 0 || cents(t, wh[0]["clearanceTaxAmount"]) != 0 {
			t.Fatalf("withholding %v", wh)
		}
		// Restricted users: one to Head office sees the employees and their
		// IRAS items, one to another location sees neither (404, empty report).
		east := int64(num(t, b.Do("POST", B+"/location", key, map[string]any{"name": "East"}).Expect(t, 200).Map(t)["id"]))
		b.Do("GET", B+"/report/cpf", key, nil).Expect(t, 200).JSON(t, &rows)
		head := int64(num(t, locationID(t, rows, people[0].id)))
		restricted := func(email string, loc int64) string {
			_, k := b.NewUser(email)
			b.Do("POST", B+"/access", key, map[string]any{"email": email, "accessType": "Restricted",
				"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{loc}, "permissions": "ApproveLeaveRequests,ViewEmployeeDetails"}},
				"reports":        map[string]any{"accessType": "AllReports"}}).Expect(t, 200)
			return k
		}
		carol, dave := restricted("carol@example.com", east), restricted("dave@example.com", head)
		items := fmt.Sprintf("%s/employee/%d/lumpsum", B, people[0].id)
		b.Do("POST", items, key, map[string]any{"basisPeriod": 2026, "paymentReason": "Gratuity"}).Expect(t, 200)
		b.Do("GET", B+"/report/cpf", carol, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("restricted to East sees %v", rows)
		}
		testkit.ExpectProblem(t, b.Do("GET", items, carol, nil), 404, "")
		testkit.ExpectProblem(t, b.Do("POST", items, carol, map[string]any{"basisPeriod": 2026}), 404, "")
		b.Do("GET", B+"/report/cpf", dave, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 2*len(people) {
			t.Fatalf("restricted to Head office sees %d rows", len(rows))
		}
		var ls []map[string]any
		b.Do("GET", items, dave, nil).Expect(t, 200).JSON(t, &ls)
		if len(ls) != 1 || ls[0]["paymentReason"] != "Gratuity" {
			t.Fatalf("restricted to Head office: items %v", ls)
		}

		_, auB := b.AddBusiness("Alice AU", "AU")
		b.RunCases(t, []testkit.Case{
			{Name: "anonymous", Method: "GET", Path: B + "/report/cpf", Status: 401},
			{Name: "other tenant", Method: "GET", Path: B + "/report/cpf", Key: b.OtherKey, Status: 404},
			{Name: "AU business", Method: "GET", Path: auB + "/report/cpf", Key: key, Status: 400, Field: "region"},
			{Name: "AU withholding", Method: "GET", Path: auB + "/report/withholding", Key: key, Status: 400, Field: "region"},
			{Name: "bad payment type", Method: "GET", Path: B + "/report/cpf?paymentTypeId=7", Key: key, Status: 400, Field: "paymentTypeId"},
			{Name: "dates reversed", Method: "GET", Path: B + "/report/cpf?fromDate=2026-11-30&toDate=2026-11-01", Key: key, Status: 400, Field: "toDate"},
			{Name: "bad date", Method: "GET", Path: B + "/report/withholding?fromDate=soon", Key: key, Status: 400, Field: "fromDate"},
			{Name: "other tenant's report is empty", Method: "GET", Path: b.OtherB + "/report/cpf", Key: b.OtherKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var rows []map[string]any
				r.JSON(t, &rows)
				if len(rows) != 0 {
					t.Fatalf("bob sees %v", rows)
				}
			}},
		})
	})
}
