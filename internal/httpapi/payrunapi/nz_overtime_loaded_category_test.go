package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Overtime entered as hours without a rate on an NZ pay category with a
// loading is paid at the employee's hourly rate times the loading, as in
// AU, UK and SG (NZ law sets no overtime rate; the employment agreement
// does, and the category records it: NZ's default "Overtime 1.5x" is
// Ordinary Hours loaded by 50%). Tama, $30.00 an hour, 40 hours a week,
// works 10 hours of overtime in the week to 11 July 2026: 10 × 30.00 ×
// 1.5 = 450.00 at 45.00 an hour; gross 40 × 30.00 + 450.00 = 1,650.00.
func TestNZOvertimeHoursOnALoadedCategory(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly",
			"rateLoadingPercent": 50}).Expect(t, 200).Map(t)["id"]))
		tama := e.employee(t, "Tama", "Weekly", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M"})
		P := e.run(t, "2026-07-11", 0, 0)
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(tama): []any{
			map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 10}}}}).Expect(t, 200)
		expectAmount(t, "gross", e.totals(t, P, tama)["grossEarnings"], 1650)
		if l := e.linesNamed(t, P, tama, "Overtime 1.5x"); len(l) != 1 || num(t, l[0]["rate"]) != 45 || l[0]["notes"] == "" {
			t.Errorf("overtime lines %v, want one at 45.00 with a note of the loading", l)
		}
	})
}
