package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// NZ final holiday pay: the public holidays of Holidays Act 2003 s 40(3)
// are the business's own public holidays for the employee's region
// (docs/reference/holiday-pay-on-termination.md), so a regional
// anniversary day counts (s 44(1)(j): the anniversary day "observed in
// the locality"). Wen (Wellington) and Ari (Auckland), each $62,400 a
// year (40 hours, Monday to Friday: ordinary weekly pay 1,200, relevant
// daily pay 1,200 ÷ 5 = 240.00), leave on Friday 15 January 2027 with 3
// weeks (120 hours, 15 working days) untaken, taken from Monday 18
// January. The business holds the official 2027 calendar (seeded for the
// clock's year and the next two).
//
//   - Wen: 18-22 January (5 days); Monday 25 January, Wellington
//     Anniversary Day (the Monday nearest 22 January: Friday 22 → Monday
//     25, 3 days, not Monday 18, 4 days; s 44(1)(j)), a holiday; 26-29
//     January (9), 1-5 February (14); Waitangi Day, Saturday 6 February,
//     is Mondayised to Monday 8 February for a Monday-to-Friday worker
//     (s 45(1)(b)), a holiday; 9 February (15). Two days: 480.00.
//   - Ari: 18-22 and 25-29 January (10); Monday 1 February, Auckland
//     Anniversary Day (the Monday nearest 29 January: Friday 29 → Monday 1
//     February), a holiday; 2-5 February (14); Monday 8 February (Waitangi
//     Day), a holiday; 9 February (15). Two days: 480.00.
//
// Before, the national calendar alone was used: the 15 days ran from 18
// January to 5 February without a national holiday, and nothing was paid
// under s 40.
func TestNZFinalHolidayPayRegionalAnniversaryDays(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		cases := []struct {
			name, region string
			days         []string
		}{
			{"Wen", "Wellington", []string{"Wellington Anniversary Day", "25 January 2027", "8 February 2027"}},
			{"Ari", "Auckland", []string{"Auckland Anniversary Day", "1 February 2027", "8 February 2027"}},
		}
		ids := make([]int64, len(cases))
		for i, c := range cases {
			ids[i] = e.employee(t, c.name, "Monthly", map[string]any{"rate": 62400, "rateUnit": "Annually", "hoursPerWeek": 40,
				"taxCodeDeclaration_TaxCode": "M", "startDate": "2024-10-01T00:00:00", "residentialState": c.region})
		}
		// Entitled at the anniversary of 1 October 2026 (s 16): accrued
		// in September's run.
		sep := e.run(t, "2026-09-30", 0, 0)
		for _, id := range ids {
			e.accrue(t, sep, id, annual, 120)
		}
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		for _, day := range []string{"2026-10-31", "2026-11-30", "2026-12-31"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2027-01-31", 0, 0)
		for _, id := range ids {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": id, "terminationReason": "Resignation", "terminationDate": "2027-01-15T00:00:00"}).Expect(t, 200)
		}
		for i, c := range cases {
			var s40 map[string]any
			for _, l := range e.linesNamed(t, P, ids[i], "Annual Leave paid on termination") {
				if strings.Contains(fmt.Sprint(l["notes"]), "s 40(3)") {
					s40 = l
				}
			}
			if s40 == nil {
				t.Errorf("%s: no s 40 line", c.name)
				continue
			}
			expectAmount(t, c.name+" public holidays (s 40)", s40["earnings"], 480)
			expectAmount(t, c.name+" their days", s40["units"], 2)
			n := fmt.Sprint(s40["notes"])
			for _, want := range append(c.days, "for "+c.region) {
				if !strings.Contains(n, want) {
					t.Errorf("%s: s 40 notes %q lack %q", c.name, n, want)
				}
			}
		}
	})
}
