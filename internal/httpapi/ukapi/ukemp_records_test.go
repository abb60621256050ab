package ukapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// totals is the employee's row of a pay run's totals.
func (e *env) totals(t *testing.T, run any) map[string]any {
	t.Helper()
	m := e.Do("GET", fmt.Sprintf("%s/payrun/%v/totals", e.B, run), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)
	return m[fmt.Sprint(e.emp)].(map[string]any)
}

func (e *env) run(t *testing.T, day string) any {
	t.Helper()
	return e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": day + "T00:00:00", "datePaid": day + "T00:00:00"}).Expect(t, 200).Map(t)["id"]
}

// TestHmrcAdjustmentsAPI: standing HMRC adjustments (create, read back,
// by external reference, delete) with their 400/401/404/409 answers, and
// pay runs carrying them until the maximum is paid.
func TestHmrcAdjustmentsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		H := e.E + "/hmrcadjustment"
		a := e.Do("POST", H, key, map[string]any{"amount": 25, "notes": "SMP recovery correction", "fromDate": "2026-06-01T00:00:00",
			"maximumAmountPaid": 40, "externalReferenceId": "ext-1", "source": "tests"}).Expect(t, 200).Map(t)
		if num(t, a["amount"]) != 25 || num(t, a["maximumAmountPaid"]) != 40 || num(t, a["totalAmountPaid"]) != 0 || a["expiryDate"] != nil || a["isActive"] != true {
			t.Fatalf("created %v", a)
		}
		id := int64(num(t, a["id"]))
		got := e.Do("GET", fmt.Sprintf("%s/%d", H, id), key, nil).Expect(t, 200).Map(t)
		if got["notes"] != "SMP recovery correction" || got["fromDate"] != "2026-06-01T00:00:00" || got["externalReferenceId"] != "ext-1" {
			t.Fatalf("read back %v", got)
		}
		if byExt := e.Do("GET", H+"/ext-1", key, nil).Expect(t, 200).Map(t); num(t, byExt["id"]) != float64(id) {
			t.Fatalf("by external reference %v", byExt)
		}
		// A negative one ending before the first run's period.
		neg := int64(num(t, e.Do("POST", H, key, map[string]any{"amount": -3.5, "fromDate": "2026-01-01T00:00:00", "expiryDate": "2026-05-01T00:00:00"}).Expect(t, 200).Map(t)["id"]))
		var list []map[string]any
		e.Do("GET", H, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 || num(t, list[1]["amount"]) != -3.5 {
			t.Fatalf("list %v", list)
		}

		_, auB := e.AddBusiness("Alice AU", "AU")
		auEmp := int64(num(t, e.Do("POST", auB+"/employee/unstructured?matchType=None", key, map[string]any{"firstName": "Au", "surname": "Emp"}).Expect(t, 200).Map(t)["id"]))
		body := map[string]any{"amount": 1, "fromDate": "2026-06-01T00:00:00"}
		e.RunCases(t, []testkit.Case{
			{Name: "no amount", Method: "POST", Path: H, Key: key, Body: map[string]any{"fromDate": "2026-06-01T00:00:00"}, Status: 400, Field: "amount"},
			{Name: "fractional pence", Method: "POST", Path: H, Key: key, Body: map[string]any{"amount": 1.005, "fromDate": "2026-06-01T00:00:00"}, Status: 400, Field: "amount"},
			{Name: "no from date", Method: "POST", Path: H, Key: key, Body: map[string]any{"amount": 1}, Status: 400, Field: "fromDate"},
			{Name: "expiry before from", Method: "POST", Path: H, Key: key, Body: map[string]any{"amount": 1, "fromDate": "2026-06-01T00:00:00", "expiryDate": "2026-05-01T00:00:00"}, Status: 400, Field: "expiryDate"},
			{Name: "maximum of a negative", Method: "POST", Path: H, Key: key, Body: map[string]any{"amount": -1, "fromDate": "2026-06-01T00:00:00", "maximumAmountPaid": 5}, Status: 400, Field: "maximumAmountPaid"},
			{Name: "AU business", Method: "POST", Path: fmt.Sprintf("%s/employee/%d/hmrcadjustment", auB, auEmp), Key: key, Body: body, Status: 400, Field: "region"},
			{Name: "duplicate external reference", Method: "POST", Path: H, Key: key, Body: map[string]any{"amount": 1, "fromDate": "2026-06-01T00:00:00", "externalReferenceId": "ext-1"}, Status: 409},
			{Name: "anonymous", Method: "GET", Path: H, Status: 401},
			{Name: "other tenant list", Method: "GET", Path: H, Key: e.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "POST", Path: e.EO + "/hmrcadjustment", Key: key, Body: body, Status: 404},
			{Name: "unknown id", Method: "GET", Path: H + "/999999", Key: key, Status: 404},
			{Name: "unknown external reference", Method: "GET", Path: H + "/nope", Key: key, Status: 404},
			{Name: "another employee's adjustment", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/hmrcadjustment/%d", e.B, e.other, id), Key: key, Status: 404},
			{Name: "delete other tenant", Method: "DELETE", Path: fmt.Sprintf("%s/%d", H, id), Key: e.OtherKey, Status: 404},
		})

		// Pay runs: 25.00 in the first, the 15.00 the maximum leaves in
		// the second, nothing in the third; the expired one never.
		hmrcLines := func(run any) []any {
			m := e.Do("GET", fmt.Sprintf("%s/payrun/%v/hmrcadjustments/%d", e.B, run, e.emp), key, nil).Expect(t, 200).Map(t)["hmrcAdjustments"].(map[string]any)
			l, _ := m[fmt.Sprint(e.emp)].([]any)
			return l
		}
		for i, c := range []struct {
			day  string
			want []float64
		}{{"2026-07-01", []float64{25}}, {"2026-07-08", []float64{15}}, {"2026-07-15", nil}} {
			run := e.run(t, c.day)
			lines := hmrcLines(run)
			if len(lines) != len(c.want) {
				t.Fatalf("run %d lines %v, want %v", i, lines, c.want)
			}
			for j, w := range c.want {
				if num(t, lines[j].(map[string]any)["amount"]) != w {
					t.Fatalf("run %d line %d %v, want %v", i, j, lines[j], w)
				}
			}
			e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run), key, nil).Expect(t, 200)
			if i == 0 {
				if p := e.Do("GET", fmt.Sprintf("%s/%d", H, id), key, nil).Expect(t, 200).Map(t); num(t, p["totalAmountPaid"]) != 25 {
					t.Fatalf("paid after run 1 %v", p)
				}
			}
		}
		if p := e.Do("GET", fmt.Sprintf("%s/%d", H, id), key, nil).Expect(t, 200).Map(t); num(t, p["totalAmountPaid"]) != 40 || p["isActive"] != false {
			t.Fatalf("paid after the maximum %v", p)
		}
		e.Do("DELETE", fmt.Sprintf("%s/%d", H, neg), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("GET", fmt.Sprintf("%s/%d", H, neg), key, nil), 404, "")
		testkit.ExpectProblem(t, e.Do("DELETE", fmt.Sprintf("%s/%d", H, neg), key, nil), 404, "")
	})
}

// TestNationalInsuranceAPI: NI category history read by pay runs on
// their payment date, and back calculations applied by the next run.
// Figures (2026-27 weekly, £500 a week): category A employee NI
// (500 − 242) × 8% = 20.64, employer (500 − 96) × 15% = 60.60; category M
// employer NI is nil below the UEL (£967), category C employee NI is nil.
func TestNationalInsuranceAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		N, BC := e.E+"/nationalinsurancerecord", e.E+"/nationalinsurancebackcalculation"
		run1 := e.run(t, "2026-07-01")
		if tot := e.totals(t, run1); num(t, tot["employeeNationalInsuranceContribution"]) != 20.64 || num(t, tot["employerNationalInsuranceContribution"]) != 60.60 {
			t.Fatalf("run 1 (category A) %v", tot)
		}
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run1), key, nil).Expect(t, 200)

		// The corrected category is M: the calculation shows 60.60 over-paid.
		c := e.Do("GET", BC+"/calculation?nationalInsuranceCategory=m&toDate=2026-07-05T00:00:00", key, nil).Expect(t, 200).Map(t)
		if c["taxYear"] != "2026-27" || c["fromDate"] != "2026-04-06T00:00:00" || len(c["periods"].([]any)) != 1 || num(t, c["employerNiRecorded"]) != 60.60 ||
			num(t, c["employerNiRecalculated"]) != 0 || num(t, c["employerNiDifference"]) != -60.60 || num(t, c["employeeNiDifference"]) != 0 || c["status"] != "Calculated" {
			t.Fatalf("calculation %v", c)
		}
		// Under C the employee over-paid instead.
		if c := e.Do("GET", BC+"/calculation?nationalInsuranceCategory=C&toDate=2026-07-05T00:00:00", key, nil).Expect(t, 200).Map(t); num(t, c["employeeNiDifference"]) != -20.64 || num(t, c["employerNiDifference"]) != 0 {
			t.Fatalf("calculation C %v", c)
		}
		testkit.ExpectProblem(t, e.Do("GET", BC, key, nil), 404, "")
		bc := e.Do("POST", BC, key, map[string]any{"nationalInsuranceCategory": "M", "toDate": "2026-07-05T00:00:00"}).Expect(t, 200).Map(t)
		if bc["status"] != "Pending" || num(t, bc["employerNiDifference"]) != -60.60 {
			t.Fatalf("recorded %v", bc)
		}
		rec := e.Do("POST", N, key, map[string]any{"nationalInsuranceCategory": "M", "effectiveFrom": "2026-04-06T00:00:00"}).Expect(t, 200).Map(t)
		if rec["nationalInsuranceCategory"] != "M" || rec["effectiveTo"] != nil {
			t.Fatalf("record %v", rec)
		}
		// From October back to A (a later record closes the first).
		e.Do("POST", N, key, map[string]any{"nationalInsuranceCategory": "A", "effectiveFrom": "2026-10-01T00:00:00"}).Expect(t, 200)
		var recs []map[string]any
		e.Do("GET", N, key, nil).Expect(t, 200).JSON(t, &recs)
		if len(recs) != 2 || recs[0]["effectiveTo"] != "2026-09-30T00:00:00" {
			t.Fatalf("records %v", recs)
		}

		e.RunCases(t, []testkit.Case{
			{Name: "second pending", Method: "POST", Path: BC, Key: key, Body: map[string]any{"nationalInsuranceCategory": "M"}, Status: 409},
			{Name: "unknown category", Method: "GET", Path: BC + "/calculation?nationalInsuranceCategory=Q", Key: key, Status: 400, Field: "nationalInsuranceCategory"},
			{Name: "no category", Method: "GET", Path: BC + "/calculation", Key: key, Status: 400, Field: "nationalInsuranceCategory"},
			{Name: "from in another year", Method: "GET", Path: BC + "/calculation?nationalInsuranceCategory=M&fromDate=2026-01-01T00:00:00&toDate=2026-07-05T00:00:00", Key: key, Status: 400, Field: "fromDate"},
			{Name: "bad date", Method: "GET", Path: BC + "/calculation?nationalInsuranceCategory=M&toDate=soon", Key: key, Status: 400, Field: "toDate"},
			{Name: "same day", Method: "POST", Path: N, Key: key, Body: map[string]any{"nationalInsuranceCategory": "B", "effectiveFrom": "2026-04-06T00:00:00"}, Status: 409},
			{Name: "record without day", Method: "POST", Path: N, Key: key, Body: map[string]any{"nationalInsuranceCategory": "B"}, Status: 400, Field: "effectiveFrom"},
			{Name: "record bad letter", Method: "POST", Path: N, Key: key, Body: map[string]any{"nationalInsuranceCategory": "AB", "effectiveFrom": "2026-05-06T00:00:00"}, Status: 400, Field: "nationalInsuranceCategory"},
			{Name: "put without id", Method: "PUT", Path: N, Key: key, Body: map[string]any{"nationalInsuranceCategory": "B", "effectiveFrom": "2026-05-06T00:00:00"}, Status: 400, Field: "id"},
			{Name: "put unknown id", Method: "PUT", Path: N, Key: key, Body: map[string]any{"id": 999999, "nationalInsuranceCategory": "B", "effectiveFrom": "2026-05-06T00:00:00"}, Status: 404},
			{Name: "put stale version", Method: "PUT", Path: N, Key: key, Body: map[string]any{"id": rec["id"], "version": 7, "nationalInsuranceCategory": "M", "effectiveFrom": "2026-04-06T00:00:00"}, Status: 409},
			{Name: "put onto another's day", Method: "PUT", Path: N, Key: key, Body: map[string]any{"id": rec["id"], "nationalInsuranceCategory": "M", "effectiveFrom": "2026-10-01T00:00:00"}, Status: 409},
			{Name: "anonymous", Method: "GET", Path: N, Status: 401},
			{Name: "other tenant records", Method: "GET", Path: N, Key: e.OtherKey, Status: 404},
			{Name: "other tenant back calculation", Method: "GET", Path: BC, Key: e.OtherKey, Status: 404},
			{Name: "other tenant delete", Method: "DELETE", Path: BC, Key: e.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "POST", Path: e.EO + "/nationalinsurancerecord", Key: key, Body: map[string]any{"nationalInsuranceCategory": "B", "effectiveFrom": "2026-05-06T00:00:00"}, Status: 404},
		})
		upd := e.Do("PUT", N, key, map[string]any{"id": rec["id"], "version": rec["version"], "nationalInsuranceCategory": "M", "effectiveFrom": "2026-04-06T00:00:00", "notes": "under 21"}).Expect(t, 200).Map(t)
		if upd["notes"] != "under 21" || num(t, upd["version"]) != num(t, rec["version"])+1 {
			t.Fatalf("updated %v", upd)
		}

		// Run 2 (paid 8 July): category M from the records (employer NI
		// nil) and the back calculation's −60.60 employer NI.
		run2 := e.run(t, "2026-07-08")
		if tot := e.totals(t, run2); num(t, tot["employeeNationalInsuranceContribution"]) != 20.64 || num(t, tot["employerNationalInsuranceContribution"]) != -60.60 {
			t.Fatalf("run 2 (category M, back calculation) %v", tot)
		}
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run2), key, nil).Expect(t, 200)
		got := e.Do("GET", BC, key, nil).Expect(t, 200).Map(t)
		if got["status"] != "Applied" || num(t, got["appliedPayRunId"]) != num(t, run2) || len(got["periods"].([]any)) != 1 {
			t.Fatalf("applied %v", got)
		}
		testkit.ExpectProblem(t, e.Do("DELETE", BC, key, nil), 404, "")
		// Run 3 (paid 15 July): M, no more back calculation. Run 4 (paid
		// 7 October): A again.
		run3 := e.run(t, "2026-07-15")
		if tot := e.totals(t, run3); num(t, tot["employerNationalInsuranceContribution"]) != 0 {
			t.Fatalf("run 3 %v", tot)
		}
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run3), key, nil).Expect(t, 200)
		run4 := e.run(t, "2026-10-07")
		if tot := e.totals(t, run4); num(t, tot["employerNationalInsuranceContribution"]) != 60.60 {
			t.Fatalf("run 4 %v", tot)
		}
		// A pending calculation can be deleted.
		e.Do("POST", BC, key, map[string]any{"nationalInsuranceCategory": "C", "toDate": "2026-07-31T00:00:00"}).Expect(t, 200)
		e.Do("DELETE", BC, key, nil).Expect(t, 200)
		if got := e.Do("GET", BC, key, nil).Expect(t, 200).Map(t); got["status"] != "Applied" {
			t.Fatalf("after delete %v", got)
		}
	})
}
