package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Audit (paydepth28): student loan on secondary codes. IRD: a secondary
// tax code with SL deducts student loan at 12% of all the pay from that
// job, with no threshold (payroll-rules-2026-27.md §3.5); the secondary
// rates before the ACC levy are S 17.5%, SH 30%, ST 33%, SB 10.5%, SA 39%
// (§3.1). Weekly pay of $500 in November 2026:
//   - Ana, S SL: PAYE 17.5% × 500 = 87.50; student loan 12% × 500 = 60.00.
//   - Ben, SH SL: PAYE 30% × 500 = 150.00; student loan 60.00.
//   - Cat, SB SL: PAYE 10.5% × 500 = 52.50; student loan 60.00.
//   - Dee, M SL (main code, for contrast): student loan 12% × (500 − 464
//     threshold a week) = 4.32.
func TestAuditNZStudentLoanOnSecondaryCodes(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		cases := []struct {
			name, code string
			paye, sl   float64
			id         int64
		}{{"Ana", "S SL", 87.50, 60, 0}, {"Ben", "SH SL", 150, 60, 0}, {"Cat", "SB SL", 52.50, 60, 0}, {"Dee", "M SL", -1, 4.32, 0}}
		for i := range cases {
			c := &cases[i]
			c.id = e.employee(t, c.name, "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "hoursPerWeek": 40,
				"taxCodeDeclaration_TaxCode": c.code, "startDate": "2025-01-01T00:00:00"})
		}
		P := e.run(t, "2026-11-15", 0, 0)
		for _, c := range cases {
			tot := e.totals(t, P, c.id)
			if c.paye >= 0 {
				expectAmount(t, c.name+" PAYE", tot["payeWithheld"], c.paye)
			}
			expectAmount(t, c.name+" student loan", tot["studentLoanAmount"], c.sl)
		}
	})
}

// Audit (paydepth28): KiwiSaver on overtime. KiwiSaver contributions are a
// percentage of gross salary or wages (KiwiSaver Act 2006 s 4 "salary or
// wages": overtime included; IRD "KiwiSaver deductions"), 3.5% from 1
// April 2026 for both sides. Tama, $30.00 an hour, 40 hours and 10 hours
// of overtime at 1.5x (the category's 50% loading) in the week to 15
// November 2026: gross 1,200 + 450 = 1,650; KiwiSaver 3.5% × 1,650 =
// 57.75 employee and 57.75 employer.
func TestAuditNZKiwiSaverOnOvertime(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly",
			"rateLoadingPercent": 50}).Expect(t, 200).Map(t)["id"]))
		tama := e.employee(t, "Tama", "Weekly", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2025-01-06T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled"})
		P := e.run(t, "2026-11-15", 0, 0)
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(tama): []any{
			map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 10}}}}).Expect(t, 200)
		tot := e.totals(t, P, tama)
		expectAmount(t, "gross", tot["grossEarnings"], 1650)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 57.75)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 57.75)
	})
}

// Audit (paydepth28): the ACC earners' levy on a fortnightly pay, per
// period (1.75% from 1 April 2026 including GST, payroll-rules-2026-27.md
// §3.2), with PAYE on M. Rua, $2,000 a fortnight (fortnight to 15
// November 2026): annual 52,000: 10.5% × 15,600 = 1,638 + 17.5% × 36,400
// = 6,370 → 8,008 ÷ 26 = PAYE 308.00; ACC 1.75% × 2,000 = 35.00.
func TestAuditNZACCOnAFortnightlyPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Fortnightly")
		rua := e.employee(t, "Rua", "Fortnightly", map[string]any{"rate": 2000, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2025-01-06T00:00:00"})
		P := e.run(t, "2026-11-15", 0, 0)
		tot := e.totals(t, P, rua)
		expectAmount(t, "gross", tot["grossEarnings"], 2000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 308)
		expectAmount(t, "ACC", tot["accLevyAmount"], 35)
	})
}
