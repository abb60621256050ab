package employeeapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestKiwiSaverDecimalRates: KiwiSaver rates are percentages
// with decimals (3.5% is the 2026-27 default, payroll-rules-2026-27.md
// §3.3), checked against the year in force (the test clock is 2 Nov 2026,
// NZ year 2026-27), stored and returned as given, and a pay run deducts
// them. The employees are paid 38 hours at $30 a week (gross $1,140.00).
func TestKiwiSaverDecimalRates(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "NZ")
		key, B := b.Key, b.B
		b.Do("POST", B+"/paycategory", key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
		b.Do("POST", B+"/location", key, map[string]any{"name": "Head office"}).Expect(t, 200)
		sched := idOf(t, b.Do("POST", B+"/payschedule", key, map[string]any{"name": "Weekly", "frequency": "Weekly"}).Expect(t, 200))
		U := B + "/employee/unstructured"
		member := func(first string, ee, er any) map[string]any {
			return map[string]any{"firstName": first, "surname": "Saver", "dateOfBirth": "1980-02-03T00:00:00", "startDate": "2024-01-01T00:00:00",
				"employmentType": "FullTime", "paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office",
				"hoursPerWeek": 38, "rate": 30, "rateUnit": "Hourly", "residentialStreetAddress": "1 Cuba St", "residentialSuburb": "Te Aro",
				"residentialPostCode": "6011", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100,
				"taxCodeDeclaration_TaxCode": "M", "taxCodeDeclaration_IrdNumber": "49-091-850", "kiwiSaver_EnrollmentStatus": "Enrolled",
				"kiwiSaver_EmployeeContribution": ee, "kiwiSaver_EmployerContribution": er}
		}
		// Kiri: employee 3.5%, employer 4%. Rua: IRD's temporary reduced
		// rate, 3%, matched by the employer.
		kiriID := idOf(t, b.Do("POST", U+"?matchType=None", key, member("Kiri", 3.5, 4)).Expect(t, 200))
		KI := fmt.Sprintf("%s/%d", U, kiriID)
		if got := b.Do("GET", KI, key, nil).Expect(t, 200).Map(t); got["kiwiSaver_EmployeeContribution"] != 3.5 || got["kiwiSaver_EmployerContribution"] != 4.0 || got["status"] != "Active" {
			t.Fatalf("stored %v", got)
		}
		ruaID := idOf(t, b.Do("POST", U+"?matchType=None", key, member("Rua", 3, 3)).Expect(t, 200))
		if got := b.Do("GET", fmt.Sprintf("%s/%d", U, ruaID), key, nil).Expect(t, 200).Map(t); got["kiwiSaver_EmployeeContribution"] != 3.0 || got["kiwiSaver_EmployerContribution"] != 3.0 {
			t.Fatalf("read back %v", got)
		}

		// Rates the year does not allow are 400s naming the member, and
		// change nothing.
		b.RunCases(t, []testkit.Case{
			{Name: "employee 5%", Method: "PUT", Path: KI, Key: key, Body: map[string]any{"kiwiSaver_EmployeeContribution": 5}, Status: 400, Field: "kiwiSaver_EmployeeContribution"},
			{Name: "employee 3.25%", Method: "PUT", Path: KI, Key: key, Body: map[string]any{"kiwiSaver_EmployeeContribution": 3.25}, Status: 400, Field: "kiwiSaver_EmployeeContribution"},
			{Name: "employee negative", Method: "PUT", Path: KI, Key: key, Body: map[string]any{"kiwiSaver_EmployeeContribution": -3.5}, Status: 400, Field: "kiwiSaver_EmployeeContribution"},
			{Name: "employer under the minimum", Method: "PUT", Path: KI, Key: key, Body: map[string]any{"kiwiSaver_EmployerContribution": 3}, Status: 400, Field: "kiwiSaver_EmployerContribution"},
			{Name: "employer over 100", Method: "PUT", Path: KI, Key: key, Body: map[string]any{"kiwiSaver_EmployerContribution": 100.5}, Status: 400, Field: "kiwiSaver_EmployerContribution"},
			{Name: "employer 3% beside employee 4%", Method: "POST", Path: U + "?matchType=None", Key: key, Body: member("Toru", 4, 3), Status: 400, Field: "kiwiSaver_EmployerContribution"},
			{Name: "not a number", Method: "PUT", Path: KI, Key: key, Body: map[string]any{"kiwiSaver_EmployeeContribution": "lots"}, Status: 400, Field: "kiwiSaver_EmployeeContribution"},
		})
		if got := b.Do("GET", KI, key, nil).Expect(t, 200).Map(t); got["kiwiSaver_EmployeeContribution"] != 3.5 || got["kiwiSaver_EmployerContribution"] != 4.0 {
			t.Fatalf("after refused changes %v", got)
		}

		run := b.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00"}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", B, int64(run["id"].(float64)))
		totals := b.Do("GET", P+"/totals", key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)
		for _, c := range []struct {
			who          string
			id           int64
			ee, er, esct float64
		}{
			// Kiri: employee 1,140.00 x 3.5% = 39.90; employer 1,140.00 x 4%
			// = 45.60; ESCT threshold (1,140.00 + 45.60) / 7 x 365 =
			// 61,820.57 (IR's specification §5.22.2), the 17.5% band (to
			// $64,200); on whole dollars 45 x 17.5% = 7.875, truncated to
			// whole cents (§5.22.3 step 5) -> 7.87 (was rounded: 7.88).
			{"Kiri", kiriID, 39.90, 45.60, 7.87},
			// Rua: 1,140.00 x 3% = 34.20 each; threshold (1,140.00 + 34.20)
			// / 7 x 365 = 61,226.14, 17.5%; 34 x 17.5% = 5.95.
			{"Rua", ruaID, 34.20, 34.20, 5.95},
		} {
			tot, _ := totals[fmt.Sprint(c.id)].(map[string]any)
			if tot == nil || tot["warning"] != "" || tot["grossEarnings"] != 1140.0 || tot["kiwiSaverEmployeeContribution"] != c.ee ||
				tot["kiwiSaverEmployerContribution"] != c.er || tot["esctContribution"] != c.esct {
				t.Errorf("%s: totals %v, want KiwiSaver %v / %v, ESCT %v", c.who, tot, c.ee, c.er, c.esct)
			}
		}
	})
}
