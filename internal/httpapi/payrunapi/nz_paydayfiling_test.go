package payrunapi_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestNZPaydayFilingEI: the Employment Information file of a finalised
// weekly NZ run of two employees (one a KiwiSaver member) carries one DEI
// line each whose figures are the employee's totals in cents (PAYE with
// the ACC earner's levy, the employer's KiwiSaver net of ESCT), and a
// HEI2 header whose totals are the lines' sums and the run's totals to
// the cent.
func TestNZPaydayFilingEI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		ana := e.employee(t, "Ana", "Weekly", map[string]any{"rate": 1500, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 4, "kiwiSaver_EmployerContribution": 3.5})
		ben := e.employee(t, "Ben", "Weekly", map[string]any{"rate": 900, "rateUnit": "Fixed", "hoursPerWeek": 30,
			"taxCodeDeclaration_TaxCode": "M SL", "taxCodeDeclaration_IrdNumber": "49-091-850", "startDate": "2026-10-13T00:00:00"})
		P := e.run(t, "2026-10-18", 0, 0)
		file := P + "/file/paydayfiling"
		testkit.ExpectProblem(t, e.Do("GET", file, e.Key, nil), 409, "") // a draft
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("GET", file, e.Key, nil), 409, "") // no employer IRD number
		e.Do("POST", e.B+"/employingentity", e.Key, map[string]any{"name": "Kiwi Ltd", "irdNumber": "123-123-123",
			"contactName": "Bill Smith", "contactPhoneNumber": "041234567", "contactEmailAddress": "payroll@kiwi.example"}).Expect(t, 200)

		r := e.Do("GET", file, e.Key, nil).Expect(t, 200)
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
			t.Fatalf("content type %q", ct)
		}
		recs := strings.Split(strings.TrimSuffix(string(r.Body), "\n"), "\n")
		if len(recs) != 3 {
			t.Fatalf("EI:\n%s", r.Body)
		}
		head := strings.Split(recs[0], ",")
		if len(head) != 28 || head[0] != "HEI2" || head[1] != "123123123" || head[2] != "20261018" || head[6] != "Bill Smith" || head[9] != "2" {
			t.Fatalf("header %v", head)
		}
		cents := func(v any) int64 { return int64(num(t, v)*100 + 0.5) }
		field := func(rec []string, pos int) int64 {
			n, err := strconv.ParseInt(rec[pos-1], 10, 64)
			if err != nil {
				t.Fatalf("field %d of %v: %v", pos, rec, err)
			}
			return n
		}
		var sum [5]int64
		for i, emp := range []int64{ana, ben} {
			tot := e.totals(t, P, emp)
			line := strings.Split(recs[i+1], ",")
			if len(line) != 27 || line[0] != "DEI" {
				t.Fatalf("line %v", line)
			}
			want := map[int]int64{11: cents(tot["taxableEarnings"]), 15: cents(tot["payeWithheld"]) + cents(tot["accLevyAmount"]),
				19: cents(tot["studentLoanAmount"]), 22: cents(tot["kiwiSaverEmployeeContribution"]),
				23: cents(tot["kiwiSaverEmployerContribution"]) - cents(tot["esctContribution"]), 24: cents(tot["esctContribution"])}
			for pos, w := range want {
				if got := field(line, pos); got != w {
					t.Errorf("%s field %d = %d, want %d (totals %v)", line[2], pos, got, w, tot)
				}
			}
			sum[0] += field(line, 11)
			sum[1] += field(line, 15)
			sum[2] += field(line, 19)
			sum[3] += field(line, 22)
			sum[4] += field(line, 23) + field(line, 24)
		}
		ln := func(i int) []string { return strings.Split(recs[i], ",") }
		if a := ln(1); a[1] != "136410132" || a[2] != "Ana Vector" || a[3] != "M" || a[4] != "" || a[6] != "20261012" || a[7] != "20261018" || a[8] != "WK" ||
			field(a, 22) == 0 || field(a, 24) == 0 {
			t.Errorf("Ana's line %v", a)
		}
		if b := ln(2); b[1] != "049091850" || b[3] != "M SL" || b[4] != "20261013" || field(b, 19) == 0 {
			t.Errorf("Ben's line (a new starter with a student loan) %v", b)
		}
		if field(head, 11) != sum[0] || field(head, 14) != sum[1] || field(head, 17) != sum[2] || field(head, 20) != sum[3] ||
			field(head, 21)+field(head, 22) != sum[4] || field(head, 23) != sum[1]+sum[2]+sum[3]+sum[4] {
			t.Errorf("header totals %v, lines' sums %v", head, sum)
		}
		// The run's totals, to the cent.
		var all struct {
			PayRunTotals map[string]map[string]any `json:"payRunTotals"`
		}
		e.Do("GET", P+"/totals", e.Key, nil).Expect(t, 200).JSON(t, &all)
		var taxable int64
		for _, tot := range all.PayRunTotals {
			taxable += cents(tot["taxableEarnings"])
		}
		if taxable != field(head, 11) {
			t.Errorf("run taxable %d, EI %d", taxable, field(head, 11))
		}

		e.RunCases(t, []testkit.Case{
			{Name: "another business's run", Method: "GET", Path: strings.Replace(file, e.B, e.OtherB, 1), Key: e.OtherKey, Status: 404},
			{Name: "anonymous", Method: "GET", Path: file, Status: 401},
			{Name: "unknown run", Method: "GET", Path: fmt.Sprintf("%s/payrun/999999/file/paydayfiling", e.B), Key: e.Key, Status: 404},
		})
	})
}
