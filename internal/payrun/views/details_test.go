package views_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/views"
	"github.com/payrolld/payrolld/internal/testkit"
)

// P/details reads the run a range of employees at a time and writes the
// answer as it goes; the answer must not depend on where the ranges fall
// (no employee lost or repeated at a boundary), and the hand-framed JSON
// must be exactly the model's encoding. Not parallel: it
// changes the package's chunk size.
func TestDetailsInChunks(t *testing.T) {
	// Serial: it sets the package's chunk size, which every other test of
	// the package reads (its own two engines set it alike).
	testkit.Serial(t)
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
		sched := id(b.Do("POST", b.B+"/payschedule", b.Key, map[string]any{"name": "Weekly", "frequency": "Weekly"}))
		id(b.Do("POST", b.B+"/paycategory", b.Key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}))
		id(b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Sydney"}))
		var emps []int64
		for i, rate := range []float64{31.5, 42, 28.75, 55.1, 36, 47.25, 25} {
			emps = append(emps, id(b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, map[string]any{
				"firstName": fmt.Sprintf("E%d", i), "surname": "Chunk", "dateOfBirth": "2010-02-03T00:00:00", "startDate": "2025-07-01T00:00:00",
				"taxFileNumber": "123456782", "employmentType": "FullTime", "australianResident": true, "claimTaxFreeThreshold": true,
				"paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours", "rate": rate, "rateUnit": "Hourly", "hoursPerWeek": 38 - i,
				"residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney", "residentialState": "NSW", "residentialPostCode": "2000", "primaryLocation": "Sydney",
				"bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": "E", "bankAccount1_AllocatedPercentage": 100,
				"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"})))
		}
		run := id(b.Do("POST", b.B+"/payrun", b.Key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00", "datePaid": "2026-11-20T00:00:00"}))
		// Every employee gets a salary-sacrifice super adjustment of its own
		// amount: details reads it from the lines.
		adj := map[string]any{}
		for i, e := range emps {
			adj[fmt.Sprint(e)] = []any{map[string]any{"amount": 10 + i, "contributionType": "salarysacrifice"}}
		}
		b.Do("POST", fmt.Sprintf("%s/payrun/%d/superadjustments", b.B, run), b.Key, map[string]any{"superAdjustments": adj}).Expect(t, 200)
		P := fmt.Sprintf("%s/payrun/%d/details", b.B, run)
		whole := b.Do("GET", P, b.Key, nil).Expect(t, 200).Body
		var got map[string]any
		b.Do("GET", P, b.Key, nil).Expect(t, 200).JSON(t, &got)
		totals := got["payRunTotals"].([]any)
		if len(totals) != len(emps) {
			t.Fatalf("%d employees in details, want %d", len(totals), len(emps))
		}
		for i, x := range totals {
			if s := x.(map[string]any)["salarySacrificeSuperAmount"]; s != float64(10+i) {
				t.Fatalf("employee %d: salary sacrifice %v, want %d", i, s, 10+i)
			}
		}
		var model payrun.DetailsModel
		if err := json.Unmarshal(whole, &model); err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		enc := json.NewEncoder(&again)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(model); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again.Bytes(), whole) {
			t.Fatalf("streamed details are not the model's JSON:\n%s\n%s", whole, again.Bytes())
		}
		if g := model.GrandTotal; g.NumberOfEmployees != int64(len(emps)) || !g.GrossEarnings.IsPos() {
			t.Fatalf("grand total %+v", g)
		}
		// P/totals is written the same way: every employee's totals, each
		// as P/totals/{employeeId} answers it.
		T := fmt.Sprintf("%s/payrun/%d/totals", b.B, run)
		allTotals := b.Do("GET", T, b.Key, nil).Expect(t, 200).Body
		var all payrun.TotalsResponse
		if err := json.Unmarshal(allTotals, &all); err != nil {
			t.Fatalf("%v: %s", err, allTotals)
		}
		if all.PayRunID != run || len(all.PayRunTotals) != len(emps) {
			t.Fatalf("totals of run %d with %d employees, want %d and %d", all.PayRunID, len(all.PayRunTotals), run, len(emps))
		}
		for _, e := range emps {
			var one payrun.TotalsResponse
			b.Do("GET", fmt.Sprintf("%s/%d", T, e), b.Key, nil).Expect(t, 200).JSON(t, &one)
			k := fmt.Sprint(e)
			if a, o := all.PayRunTotals[k], one.PayRunTotals[k]; a.GrossEarnings != o.GrossEarnings || a.NetEarnings != o.NetEarnings ||
				a.PaygWithheld != o.PaygWithheld || !a.GrossEarnings.IsPos() {
				t.Fatalf("employee %d: totals %+v, alone %+v", e, a, o)
			}
		}
		for _, n := range []int{1, 2, 3, 7, 8} {
			restore := views.SetDetailsChunk(n)
			chunked := b.Do("GET", P, b.Key, nil).Expect(t, 200).Body
			chunkedTotals := b.Do("GET", T, b.Key, nil).Expect(t, 200).Body
			restore()
			if !bytes.Equal(chunked, whole) {
				t.Fatalf("details read %d employees at a time differ from one read:\n%s\n%s", n, chunked, whole)
			}
			if !bytes.Equal(chunkedTotals, allTotals) {
				t.Fatalf("totals read %d employees at a time differ from one read:\n%s\n%s", n, chunkedTotals, allTotals)
			}
		}
	})
}
