package ukapi_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

func num(t *testing.T, v any) float64 {
	t.Helper()
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("not a number: %#v", v)
	}
	return f
}

type env struct {
	*testkit.Bundle
	emp, other int64 // alice's UK employee, another of hers
	theirs     int64 // bob's employee
	E, EO      string
	schedule   int64
}

func newEnv(t *testing.T, d *db.DB) *env {
	b := testkit.NewBundle(t, d, "UK")
	e := &env{Bundle: b}
	id := func(key, path string, body map[string]any) int64 {
		return int64(num(t, b.Do("POST", path, key, body).Expect(t, 200).Map(t)["id"]))
	}
	id(b.Key, b.B+"/paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"})
	id(b.Key, b.B+"/location", map[string]any{"name": "Head office"})
	e.schedule = id(b.Key, b.B+"/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
	member := func(first string) map[string]any {
		return map[string]any{"firstName": first, "surname": "Leave", "dateOfBirth": "1990-02-03T00:00:00", "startDate": "2024-01-01T00:00:00",
			"employmentType": "FullTime", "paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office",
			"hoursPerWeek": 37.5, "residentialStreetAddress": "1 High St", "residentialPostCode": "SW1A 1AA", "residentialCity": "London",
			"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100,
			"bankAccount1_SortCode": "12-34-56", "taxCode": "1257L", "nationalInsuranceCategory": "A", "rate": 500, "rateUnit": "Fixed"}
	}
	U := b.B + "/employee/unstructured?matchType=None"
	e.emp, e.other = id(b.Key, U, member("Mary")), id(b.Key, U, member("Olive"))
	e.theirs = id(b.OtherKey, b.OtherB+"/employee/unstructured?matchType=None", map[string]any{"firstName": "Tom", "surname": "Other"})
	e.E, e.EO = fmt.Sprintf("%s/employee/%d", b.B, e.emp), fmt.Sprintf("%s/employee/%d", b.OtherB, e.theirs)
	return e
}

// TestStatutoryLeaveAPI: every family kind's create/list/get/calc and
// their 400/401/404/409 answers, SNCP pause, SMP delete.
func TestStatutoryLeaveAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		SL := e.E + "/statutoryleave/"
		// SMP: due Wed 15 Jul 2026, AWE £500 given: 6 × 450.00 + 33 × 194.32.
		smp := e.Do("POST", SL+"smp", key, map[string]any{"startDate": "2026-06-29T00:00:00", "endDate": "2027-03-28T00:00:00",
			"babyDueDate": "2026-07-15T00:00:00", "averageWeeklyEarningsOverride": 500}).Expect(t, 200).Map(t)
		if smp["status"] != "Eligible" {
			t.Fatalf("smp %v", smp)
		}
		smpID := int64(num(t, smp["id"]))
		c := e.Do("GET", fmt.Sprintf("%ssmpcalc?id=%d", SL, smpID), key, nil).Expect(t, 200).Map(t)
		if num(t, c["total"]) != 9112.56 || len(c["payments"].([]any)) != 39 || c["qualifyingWeekStart"] != "2026-03-29T00:00:00" {
			t.Fatalf("smp calc %v", c)
		}
		rates := c["rates"].(map[string]any)
		if num(t, rates["450.00"]) != 6 || num(t, rates["194.32"]) != 33 {
			t.Fatalf("rates %v", rates)
		}
		// The same calculation found by a day of the leave.
		c2 := e.Do("GET", SL+"smpcalc?periodStart=2026-08-01T00:00:00", key, nil).Expect(t, 200).Map(t)
		if num(t, c2["id"]) != float64(smpID) {
			t.Fatalf("by periodStart %v", c2["id"])
		}
		got := e.Do("GET", fmt.Sprintf("%ssmp/%d", SL, smpID), key, nil).Expect(t, 200).Map(t)
		if got["babyDueDate"] != "2026-07-15T00:00:00" || num(t, got["averageWeeklyEarnings"]) != 500 || got["status"] != "Eligible" {
			t.Fatalf("smp %v", got)
		}
		var list []map[string]any
		e.Do("GET", SL+"smp?periodStart=2026-01-01T00:00:00&periodEnd=2026-12-31T00:00:00", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("list %v", list)
		}
		e.Do("GET", SL+"smp?periodEnd=2026-01-01T00:00:00", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("list before %v", list)
		}

		// Each other kind: the weekly figure (the lower of 194.32 and 90% of AWE).
		for _, k := range []struct {
			kind  string
			body  map[string]any
			total float64
		}{
			{"spp", map[string]any{"babyDueDate": "2026-07-15T00:00:00", "averageWeeklyEarningsOverride": 250}, 388.64},
			{"sap", map[string]any{"matchDate": "2026-05-01T00:00:00", "averageWeeklyEarningsOverride": 300, "weeksToPay": 7}, 6*270 + 194.32},
			{"shpp", map[string]any{"babyDueDate": "2026-07-15T00:00:00", "averageWeeklyEarningsOverride": 200.05, "weeksToPay": 3}, 3 * 180.05},
			{"spbp", map[string]any{"childDeathDate": "2026-06-20T00:00:00", "averageWeeklyEarningsOverride": 1000}, 388.64},
			{"sncp", map[string]any{"babyDueDate": "2026-07-15T00:00:00", "averageWeeklyEarningsOverride": 1000}, 12 * 194.32},
		} {
			body := map[string]any{"startDate": "2026-06-29T00:00:00", "endDate": "2026-12-31T00:00:00"}
			for m, v := range k.body {
				body[m] = v
			}
			r := e.Do("POST", SL+k.kind, key, body).Expect(t, 200).Map(t)
			c := e.Do("GET", fmt.Sprintf("%s%scalc?id=%v", SL, k.kind, r["id"]), key, nil).Expect(t, 200).Map(t)
			if fmt.Sprintf("%.2f", num(t, c["total"])) != fmt.Sprintf("%.2f", k.total) || c["status"] != "Eligible" {
				t.Fatalf("%s calc total %v status %v, want %.2f; %v", k.kind, c["total"], c["status"], k.total, c["log"])
			}
			if k.kind == "sncp" {
				P := fmt.Sprintf("%ssncp/%v/paused", SL, r["id"])
				p := e.Do("PUT", P+"?isPaused=true", key, nil).Expect(t, 200).Map(t)
				if p["paused"] != true {
					t.Fatalf("paused %v", p)
				}
				if c := e.Do("GET", fmt.Sprintf("%ssncpcalc?id=%v", SL, r["id"]), key, nil).Expect(t, 200).Map(t); num(t, c["total"]) != 0 {
					t.Fatalf("paused sncp pays %v", c["total"])
				}
				e.Do("PUT", P+"?isPaused=false", key, nil).Expect(t, 200)
				testkit.ExpectProblem(t, e.Do("PUT", P+"?isPaused=maybe", key, nil), 400, "isPaused")
			}
		}
		// Not eligible: AWE below the LEL of the qualifying week (29 Mar -
		// 4 Apr 2026 ends in 2025-26: £125, not 2026-27's £129).
		low := e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/smp", e.B, e.other), key, map[string]any{"startDate": "2026-06-29T00:00:00",
			"endDate": "2026-08-01T00:00:00", "babyDueDate": "2026-07-15T00:00:00", "averageWeeklyEarningsOverride": 124.99}).Expect(t, 200).Map(t)
		if low["status"] != "NotEligible" {
			t.Fatalf("low earner %v", low)
		}

		_, auB := e.AddBusiness("Alice AU", "AU")
		auEmp := int64(num(t, e.Do("POST", auB+"/employee/unstructured?matchType=None", key, map[string]any{"firstName": "Au", "surname": "Emp"}).Expect(t, 200).Map(t)["id"]))
		smpBody := map[string]any{"startDate": "2026-10-01T00:00:00", "endDate": "2026-11-01T00:00:00", "babyDueDate": "2026-10-15T00:00:00"}
		e.RunCases(t, []testkit.Case{
			{Name: "missing baby due date", Method: "POST", Path: SL + "smp", Key: key, Body: map[string]any{"startDate": "2027-06-01T00:00:00", "endDate": "2027-07-01T00:00:00"}, Status: 400, Field: "babyDueDate"},
			{Name: "sap without match date", Method: "POST", Path: SL + "sap", Key: key, Body: smpBody, Status: 400, Field: "matchDate"},
			{Name: "spbp without death", Method: "POST", Path: SL + "spbp", Key: key, Body: smpBody, Status: 400, Field: "childDeathDate"},
			{Name: "end before start", Method: "POST", Path: SL + "smp", Key: key, Body: map[string]any{"startDate": "2027-06-01T00:00:00", "endDate": "2027-05-01T00:00:00", "babyDueDate": "2027-06-01T00:00:00"}, Status: 400, Field: "endDate"},
			{Name: "weeks over max", Method: "POST", Path: SL + "spp", Key: key, Body: map[string]any{"startDate": "2027-06-01T00:00:00", "endDate": "2027-07-01T00:00:00", "babyDueDate": "2027-06-01T00:00:00", "weeksToPay": 3}, Status: 400, Field: "weeksToPay"},
			{Name: "negative awe", Method: "POST", Path: SL + "smp", Key: key, Body: map[string]any{"startDate": "2027-06-01T00:00:00", "endDate": "2027-07-01T00:00:00", "babyDueDate": "2027-06-01T00:00:00", "averageWeeklyEarningsOverride": -1}, Status: 400, Field: "averageWeeklyEarningsOverride"},
			{Name: "calc needs a day", Method: "GET", Path: SL + "smpcalc", Key: key, Status: 400, Field: "periodStart"},
			{Name: "no rules for 2020", Method: "POST", Path: SL + "spp", Key: key, Body: map[string]any{"startDate": "2020-06-01T00:00:00", "endDate": "2020-06-14T00:00:00", "babyDueDate": "2020-06-01T00:00:00"}, Status: 400, Field: "startDate"},
			{Name: "overlapping smp", Method: "POST", Path: SL + "smp", Key: key, Body: smpBody, Status: 409},
			{Name: "anonymous", Method: "GET", Path: SL + "smp", Status: 401},
			{Name: "anonymous calc", Method: "GET", Path: SL + "smpcalc?periodStart=2026-08-01T00:00:00", Status: 401},
			{Name: "other tenant list", Method: "GET", Path: SL + "smp", Key: e.OtherKey, Status: 404},
			{Name: "other tenant item", Method: "GET", Path: fmt.Sprintf("%ssmp/%d", SL, smpID), Key: e.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "POST", Path: fmt.Sprintf("%s/employee/%d/statutoryleave/smp", e.B, e.theirs), Key: key, Body: smpBody, Status: 404},
			{Name: "through another employee", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/statutoryleave/smp/%d", e.B, e.other, smpID), Key: key, Status: 404},
			{Name: "wrong kind", Method: "GET", Path: fmt.Sprintf("%sspp/%d", SL, smpID), Key: key, Status: 404},
			{Name: "unknown item", Method: "GET", Path: SL + "smp/999999", Key: key, Status: 404},
			{Name: "calc of no leave", Method: "GET", Path: SL + "smpcalc?periodStart=2030-01-01T00:00:00", Key: key, Status: 404},
			{Name: "AU business", Method: "POST", Path: fmt.Sprintf("%s/employee/%d/statutoryleave/smp", auB, auEmp), Key: key, Body: smpBody, Status: 400},
			{Name: "AU business ssp", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/statutoryleave/ssp", auB, auEmp), Key: key, Status: 400},
			{Name: "pause not sncp", Method: "PUT", Path: fmt.Sprintf("%ssncp/%d/paused?isPaused=true", SL, smpID), Key: key, Status: 404},
		})
		// Delete: gone, then 404.
		e.Do("DELETE", fmt.Sprintf("%s/employee/%d/statutoryleave/smp/%v", e.B, e.other, low["id"]), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("DELETE", fmt.Sprintf("%s/employee/%d/statutoryleave/smp/%v", e.B, e.other, low["id"]), key, nil), 404, "")
	})
}

// TestStatutoryPayInPayRuns: a weekly run whose period covers part of an
// SMP week pays those days (rate × days ÷ 7 rounded up), the next run
// pays the rest of that week plus the next week's days, the two parts
// adding up to the week's £450.00; finalised weeks show as Processed and
// keep the leave from being deleted (409).
func TestStatutoryPayInPayRuns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		SL := e.E + "/statutoryleave/"
		smpID := int64(num(t, e.Do("POST", SL+"smp", key, map[string]any{"startDate": "2026-06-29T00:00:00", "endDate": "2027-03-28T00:00:00",
			"babyDueDate": "2026-07-15T00:00:00", "averageWeeklyEarningsOverride": 500}).Expect(t, 200).Map(t)["id"]))
		smpLines := func(run float64) ([]map[string]any, float64) {
			var out []map[string]any
			var sum float64
			lines := e.Do("GET", fmt.Sprintf("%s/payrun/%v/earningslines/%d", e.B, run, e.emp), key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)
			for _, l := range lines[fmt.Sprint(e.emp)].([]any) {
				m := l.(map[string]any)
				sum += num(t, m["earnings"])
				if m["payCategoryName"] == "Statutory Maternity Pay" {
					out = append(out, m)
				}
			}
			return out, sum
		}
		// Run 1: Mon 29 Jun to Wed 1 Jul = 3 days of week 1: ⌈450 × 3 ÷ 7⌉ = 192.86.
		run1 := e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-07-01T00:00:00", "datePaid": "2026-07-01T00:00:00"}).Expect(t, 200).Map(t)["id"]
		l1, gross1 := smpLines(num(t, run1))
		if len(l1) != 1 || num(t, l1[0]["earnings"]) != 192.86 {
			t.Fatalf("run 1 smp lines %v", l1)
		}
		// The week's salary of 500 (Thu 25 Jun to Wed 1 Jul, 5 working days)
		// loses the 3 days of leave (29 Jun-1 Jul): 500 × 2 ÷ 5 = 200, + SMP.
		if fmt.Sprintf("%.2f", gross1) != "392.86" {
			t.Fatalf("run 1 gross %v", gross1)
		}
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run1), key, nil).Expect(t, 200)
		// Run 2: Thu 2 Jul to Wed 8 Jul: days 4-7 of week 1 (450 − 192.86 =
		// 257.14) and days 1-3 of week 2 (192.86).
		run2 := e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-07-08T00:00:00", "datePaid": "2026-07-08T00:00:00"}).Expect(t, 200).Map(t)["id"]
		l2, _ := smpLines(num(t, run2))
		if len(l2) != 2 || num(t, l2[0]["earnings"]) != 257.14 || num(t, l2[1]["earnings"]) != 192.86 {
			t.Fatalf("run 2 smp lines %v", l2)
		}
		c := e.Do("GET", fmt.Sprintf("%ssmpcalc?id=%d", SL, smpID), key, nil).Expect(t, 200).Map(t)
		p := c["payments"].([]any)
		w1, w2 := p[0].(map[string]any), p[1].(map[string]any)
		if w1["status"] != "Processed" || num(t, w1["amountPaid"]) != 450 || w2["status"] != "Current" || num(t, w2["payRunId"]) != num(t, run2) {
			t.Fatalf("payments %v %v", w1, w2)
		}
		got := e.Do("GET", fmt.Sprintf("%ssmp/%d", SL, smpID), key, nil).Expect(t, 200).Map(t)
		if num(t, got["weeksPaid"]) != 0.4286 {
			t.Fatalf("weeks paid %v", got["weeksPaid"])
		}
		testkit.ExpectProblem(t, e.Do("DELETE", fmt.Sprintf("%ssmp/%d", SL, smpID), key, nil), 409, "")

		// SAP of a run: none for this employee in run 2; 404s for others.
		sap := e.Do("GET", fmt.Sprintf("%s/payrun/%v/statutorypay/sap/employee/%d", e.B, run2, e.emp), key, nil).Expect(t, 200).Map(t)
		if len(sap["payments"].([]any)) != 0 || sap["status"] != "NotEligible" {
			t.Fatalf("sap %v", sap)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "sap other tenant", Method: "GET", Path: fmt.Sprintf("%s/payrun/%v/statutorypay/sap/employee/%d", e.B, run2, e.emp), Key: e.OtherKey, Status: 404},
			{Name: "sap unknown run", Method: "GET", Path: fmt.Sprintf("%s/payrun/999999/statutorypay/sap/employee/%d", e.B, e.emp), Key: key, Status: 404},
			{Name: "sap anonymous", Method: "GET", Path: fmt.Sprintf("%s/payrun/%v/statutorypay/sap/employee/%d", e.B, run2, e.emp), Status: 401},
		})

		// SAP paid by a run: the other employee, matched 1 May, leave from
		// Thu 9 Jul, AWE 300: week 1 at 270.00, the run's days 9-15 Jul.
		O := fmt.Sprintf("%s/employee/%d/statutoryleave/", e.B, e.other)
		e.Do("POST", O+"sap", key, map[string]any{"startDate": "2026-07-09T00:00:00", "endDate": "2026-12-31T00:00:00",
			"matchDate": "2026-05-01T00:00:00", "averageWeeklyEarningsOverride": 300}).Expect(t, 200)
		run3 := e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-07-15T00:00:00", "datePaid": "2026-07-15T00:00:00"}).Expect(t, 200).Map(t)["id"]
		sap = e.Do("GET", fmt.Sprintf("%s/payrun/%v/statutorypay/sap/employee/%d", e.B, run3, e.other), key, nil).Expect(t, 200).Map(t)
		if sap["status"] != "Eligible" || num(t, sap["total"]) != 270 || len(sap["payments"].([]any)) != 1 || num(t, sap["averageWeeklyEarnings"]) != 300 {
			t.Fatalf("sap of run 3 %v", sap)
		}
	})
}

// TestSSPAndDocumentsAPI: SSP periods (2026-27 rules), linking, overlap,
// delete; documents attached to a period.
func TestSSPAndDocumentsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		S := e.E + "/statutoryleave/ssp"
		// Mon 4 May to Fri 8 May 2026, AWE 150.01: 80% = 120.008 a week, 5 days = ⌈120.008⌉ = 120.01.
		a := e.Do("POST", S, key, map[string]any{"startDate": "2026-05-04T00:00:00", "endDate": "2026-05-08T00:00:00",
			"week1QualifyingDays": []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}, "averageWeeklyEarningsOverride": 150.01}).Expect(t, 200).Map(t)
		if num(t, a["amount"]) != 120.01 || num(t, a["waitingDays"]) != 0 || num(t, a["daysPaid"]) != 5 || a["qualifiesForSsp"] != true || a["rulesTaxYear"] != "2026-27" {
			t.Fatalf("ssp %v", a)
		}
		// A second spell 23 days later links to the first (its AWE too).
		b := e.Do("POST", S, key, map[string]any{"startDate": "2026-06-01T00:00:00", "endDate": "2026-06-05T00:00:00"}).Expect(t, 200).Map(t)
		if ids := b["linkedPeriodIds"].([]any); len(ids) != 1 || num(t, ids[0]) != num(t, a["id"]) || num(t, b["amount"]) != 120.01 {
			t.Fatalf("linked ssp %v", b)
		}
		pol := e.Do("GET", fmt.Sprintf("%s/%v", S, b["id"]), key, nil).Expect(t, 200).Map(t)
		if pol["leaveCategoryType"] != "Sick" || pol["canDelete"] != true || num(t, pol["ssp"].(map[string]any)["daysPaidInLinkedPeriods"]) != 5 {
			t.Fatalf("period of leave %v", pol)
		}
		var list []map[string]any
		e.Do("GET", S+"?periodStart=2026-05-10T00:00:00", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["id"] != b["id"] {
			t.Fatalf("ssp list %v", list)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "overlap", Method: "POST", Path: S, Key: key, Body: map[string]any{"startDate": "2026-05-07T00:00:00", "endDate": "2026-05-12T00:00:00"}, Status: 409},
			{Name: "bad day", Method: "POST", Path: S, Key: key, Body: map[string]any{"startDate": "2026-09-07T00:00:00", "endDate": "2026-09-12T00:00:00", "week1QualifyingDays": []string{"Funday"}}, Status: 400, Field: "week1QualifyingDays"},
			{Name: "no start", Method: "POST", Path: S, Key: key, Body: map[string]any{"endDate": "2026-09-12T00:00:00"}, Status: 400, Field: "startDate"},
			{Name: "anonymous", Method: "POST", Path: S, Body: map[string]any{}, Status: 401},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%v", S, a["id"]), Key: e.OtherKey, Status: 404},
			{Name: "other tenant delete", Method: "DELETE", Path: fmt.Sprintf("%s/%v", S, a["id"]), Key: e.OtherKey, Status: 404},
			{Name: "unknown", Method: "GET", Path: S + "/999999", Key: key, Status: 404},
		})
		e.Do("DELETE", fmt.Sprintf("%s/%v", S, b["id"]), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("GET", fmt.Sprintf("%s/%v", S, b["id"]), key, nil), 404, "")

		// Documents: an employee document of Mary's attaches to her SMP;
		// Olive's does not (404).
		smp := e.Do("POST", e.E+"/statutoryleave/smp", key, map[string]any{"startDate": "2026-06-29T00:00:00", "endDate": "2026-12-31T00:00:00",
			"babyDueDate": "2026-07-15T00:00:00", "averageWeeklyEarningsOverride": 500}).Expect(t, 200).Map(t)
		// No employee document operation exists on this branch yet: the
		// documents table's own query stores them.
		doc := func(emp int64, name string) int64 {
			var id int64
			err := e.DB.InTx(context.Background(), func(q *store.Queries) error {
				r, err := q.CreateDocument(context.Background(), store.CreateDocumentParams{BusinessID: e.Biz, EmployeeID: sql.NullInt64{Int64: emp, Valid: true},
					FriendlyName: name, ContentType: "application/pdf", Size: 3, Content: []byte("pdf"), Permissions: "{}", CreatedAt: time.Now()})
				id = r.ID
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		mat, olives := doc(e.emp, "MATB1.pdf"), doc(e.other, "other.pdf")
		D := fmt.Sprintf("%s/statutoryleave/smp/%v", e.E, smp["id"])
		var att []map[string]any
		e.Do("PUT", fmt.Sprintf("%s/employeedocument/%d", D, mat), key, nil).Expect(t, 200).JSON(t, &att)
		if len(att) != 1 || att[0]["employeeDocument"].(map[string]any)["friendlyName"] != "MATB1.pdf" {
			t.Fatalf("attachments %v", att)
		}
		e.Do("PUT", fmt.Sprintf("%s/employeedocument/%d", D, mat), key, nil).Expect(t, 200) // idempotent
		e.Do("GET", D+"/attachments", key, nil).Expect(t, 200).JSON(t, &att)
		if len(att) != 1 || num(t, att[0]["id"]) != float64(mat) {
			t.Fatalf("attachments %v", att)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "another employee's document", Method: "PUT", Path: fmt.Sprintf("%s/employeedocument/%d", D, olives), Key: key, Status: 404},
			{Name: "unknown document", Method: "PUT", Path: fmt.Sprintf("%s/employeedocument/999999", D), Key: key, Status: 404},
			{Name: "other tenant attachments", Method: "GET", Path: D + "/attachments", Key: e.OtherKey, Status: 404},
			{Name: "anonymous attach", Method: "PUT", Path: fmt.Sprintf("%s/employeedocument/%d", D, mat), Status: 401},
		})
		e.Do("DELETE", fmt.Sprintf("%s/employeedocument/%d", D, mat), key, nil).Expect(t, 200).JSON(t, &att)
		if len(att) != 0 {
			t.Fatalf("after detach %v", att)
		}
		testkit.ExpectProblem(t, e.Do("DELETE", fmt.Sprintf("%s/employeedocument/%d", D, mat), key, nil), 404, "")
	})
}
