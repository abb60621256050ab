package payrunapi_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The employment information (payday filing) line of a NZ leaver paid
// final holiday pay and a redundancy, by hand (IR, "Payday filing file
// upload specification", DEI fields, docs/reference/nz-payday-filing.md:
// 6 finish date, 11 gross earnings, 13 earnings not liable for the ACC
// earners' levy, 15 PAYE including the levy; IRD, "Taxing employee
// redundancy": the ACC earners' levy does not apply to redundancy, so it
// is earnings not liable for the levy; employment.govt.nz: final holiday
// pay is liable; KiwiSaver Act 2006 s 4 and IRD "Redundancy and
// KiwiSaver": holiday pay is salary or wages, redundancy is not, so no
// KiwiSaver on it). Nia, a KiwiSaver member at 3% (employer 3%), $1,000 a
// week from Monday 28 September 2026, made
// redundant on Sunday 18 October with $5,000, is paid 8% × 3,000 =
// 240.00 holiday pay (TestAuditNZRedundancyOutOfTheEightPercent):
//
//	finish date 20261018; gross 1,000 + 240 + 5,000 = 6,240.00; not liable
//	for the levy 5,000.00; the levy 1.75% × 1,240 = 21.70; PAYE = the
//	run's tax plus the levy; KiwiSaver (22) 3% × 1,240 = 37.20; the
//	employer's 3% × 1,240 = 37.20, net (23) plus ESCT (24); the header's
//	field 13 = 5,000.00.
func TestAuditNZLeaverPaydayFiling(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		red := e.redundancyCategory(t)
		nia := e.employee(t, "Nia", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-09-28T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled",
			"kiwiSaver_EmployeeContribution": 3, "kiwiSaver_EmployerContribution": 3})
		e.Do("POST", e.B+"/employingentity", e.Key, map[string]any{"name": "Kiwi Ltd", "irdNumber": "123-123-123",
			"contactName": "Bill Smith", "contactPhoneNumber": "041234567", "contactEmailAddress": "payroll@kiwi.example"}).Expect(t, 200)
		for _, day := range []string{"2026-10-04", "2026-10-11"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-18", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nia, "terminationReason": "Redundancy", "terminationDate": "2026-10-18T00:00:00"}).Expect(t, 200)
		e.pay(t, P, nia, red, 5000)
		tot := e.totals(t, P, nia)
		expectAmount(t, "gross", tot["grossEarnings"], 6240)
		expectAmount(t, "ACC earners' levy", tot["accLevyAmount"], 21.70)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		recs := strings.Split(strings.TrimSuffix(string(e.Do("GET", P+"/file/paydayfiling", e.Key, nil).Expect(t, 200).Body), "\n"), "\n")
		if len(recs) != 2 {
			t.Fatalf("EI %v", recs)
		}
		head, line := strings.Split(recs[0], ","), strings.Split(recs[1], ",")
		field := func(rec []string, pos int) int64 {
			n, err := strconv.ParseInt(rec[pos-1], 10, 64)
			if err != nil {
				t.Fatalf("field %d of %v: %v", pos, rec, err)
			}
			return n
		}
		paye := cents(t, tot["payeWithheld"]) + 2170
		if line[5] != "20261018" || field(line, 11) != 624000 || field(line, 13) != 500000 || field(line, 15) != paye {
			t.Errorf("DEI finish %s, gross %s, not liable for ACC %s, PAYE %s; want 20261018, 624000, 500000, %d", line[5], line[10], line[12], line[14], paye)
		}
		if field(line, 22) != 3720 || field(line, 23)+field(line, 24) != 3720 {
			t.Errorf("DEI KiwiSaver %s, employer net %s + ESCT %s; want 3720 and 3720 in all", line[21], line[22], line[23])
		}
		if field(head, 11) != 624000 || field(head, 13) != 500000 {
			t.Errorf("HEI2 gross %s, not liable for ACC %s; want 624000, 500000", head[10], head[12])
		}
	})
}
