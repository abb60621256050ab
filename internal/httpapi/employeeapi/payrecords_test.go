package employeeapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// pamAU creates an active AU employee paid 38 h a week at $30 an hour on
// the records env's weekly schedule.
func pamAU(t *testing.T, e *recordsEnv) int64 {
	t.Helper()
	e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
	pam := e.Do("POST", e.B+"/employee/unstructured?matchType=None", e.Key, map[string]any{"firstName": "Pam", "surname": "Paid",
		"dateOfBirth": "1980-02-03T00:00:00", "startDate": "2024-01-01T00:00:00", "employmentType": "FullTime", "paySchedule": "Weekly",
		"primaryPayCategory": "Ordinary Hours", "primaryLocation": "Sydney", "hoursPerWeek": 38, "residentialStreetAddress": "1 High St",
		"residentialPostCode": "2000", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": "Pam", "bankAccount1_AllocatedPercentage": 100,
		"taxFileNumber": "123456782", "australianResident": true, "bankAccount1_BSB": "062-000", "superFund1_ProductCode": "AUS0001AU",
		"superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "1", "rate": 30, "rateUnit": "Hourly"}).Expect(t, 200).Map(t)
	if pam["status"] != "Active" {
		t.Fatalf("pam %v", pam)
	}
	return int64(pam["id"].(float64))
}

func num(t *testing.T, v any) float64 {
	t.Helper()
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("%v is not a number", v)
	}
	return f
}

// payslipOf creates a pay run for the week ending ending and returns pam's
// payslip and the run's path.
func payslipOf(t *testing.T, e *recordsEnv, pam int64, ending string) (map[string]any, string) {
	t.Helper()
	run := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": ending}).Expect(t, 200).Map(t)
	P := fmt.Sprintf("%s/payrun/%d", e.B, int64(run["id"].(float64)))
	slips := e.Do("GET", P+"/payslips", e.Key, nil).Expect(t, 200).Map(t)
	slip, ok := slips[fmt.Sprint(pam)].(map[string]any)
	if !ok {
		t.Fatalf("no payslip of %d in %v", pam, slips)
	}
	return slip, P
}

func TestRecurringTaxAdjustmentsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		T := e.EA + "/taxadjustment"
		body := map[string]any{"adjustmentType": "Fixed", "amount": 25, "fromDate": "2026-10-01T00:00:00", "maximumAmountPaid": 40, "notes": "extra"}
		id := idOf(t, s.Do("POST", T, key, body).Expect(t, 200))
		got := s.Do("GET", fmt.Sprintf("%s/%d", T, id), key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]any{"adjustmentType": "Fixed", "amount": 25.0, "maximumAmountPaid": 40.0, "totalAmountPaid": 0.0, "notes": "extra",
			"fromDate": "2026-10-01T00:00:00", "expiryDate": nil, "employeeId": float64(e.ann)} {
			if got[k] != v {
				t.Errorf("tax adjustment %s = %v, want %v", k, got[k], v)
			}
		}
		got = s.Do("PUT", fmt.Sprintf("%s/%d", T, id), key, map[string]any{"adjustmentType": "PercentageGross", "amount": 2.5, "fromDate": "2026-10-01T00:00:00"}).Expect(t, 200).Map(t)
		if got["adjustmentType"] != "PercentageGross" || got["amount"] != 2.5 || got["maximumAmountPaid"] != nil {
			t.Fatalf("after put %v", got)
		}
		var list []map[string]any
		s.Do("GET", T, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("list %v", list)
		}
		s.RunCases(t, append(e.tenancyCases("taxadjustment", id, body),
			testkit.Case{Name: "bad type", Method: "POST", Path: T, Key: key, Body: map[string]any{"adjustmentType": "Nope", "amount": 1}, Status: 400, Field: "adjustmentType"},
			testkit.Case{Name: "percentage over 100", Method: "POST", Path: T, Key: key, Body: map[string]any{"adjustmentType": "PercentageGross", "amount": 101}, Status: 400, Field: "amount"},
			testkit.Case{Name: "zero amount", Method: "POST", Path: T, Key: key, Body: map[string]any{"amount": 0}, Status: 400, Field: "amount"},
			testkit.Case{Name: "expiry before start", Method: "POST", Path: T, Key: key, Body: map[string]any{"amount": 1, "fromDate": "2026-10-01T00:00:00", "expiryDate": "2026-09-01T00:00:00"}, Status: 400, Field: "expiryDate"},
		))
		s.Do("DELETE", fmt.Sprintf("%s/%d", T, id), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, s.Do("GET", fmt.Sprintf("%s/%d", T, id), key, nil), 404, "")

		// The pay run withholds it: pam's tax with a $25 adjustment (at
		// most $40 in all) is her tax without it plus 25, then 15, then
		// nothing; finalise counts it and unlock takes it back.
		pam := pamAU(t, e)
		PT := fmt.Sprintf("%s/employee/%d/taxadjustment", e.B, pam)
		before, P0 := payslipOf(t, e, pam, "2026-11-06T00:00:00")
		s.Do("DELETE", P0, key, nil).Expect(t, 200)
		aid := idOf(t, s.Do("POST", PT, key, map[string]any{"amount": 25, "fromDate": "2026-10-01T00:00:00", "maximumAmountPaid": 40}).Expect(t, 200))
		slip, P := payslipOf(t, e, pam, "2026-11-06T00:00:00")
		if num(t, slip["paygWithholdingAmount"]) != num(t, before["paygWithholdingAmount"])+25 || num(t, slip["netEarnings"]) != num(t, before["netEarnings"])-25 {
			t.Fatalf("with adjustment %v, without %v", slip, before)
		}
		if adj := slip["taxAdjustments"].([]any); len(adj) != 1 || num(t, adj[0].(map[string]any)["amount"]) != 25 {
			t.Fatalf("payslip tax adjustments %v", slip["taxAdjustments"])
		}
		s.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		if got := s.Do("GET", fmt.Sprintf("%s/%d", PT, aid), key, nil).Expect(t, 200).Map(t); got["totalAmountPaid"] != 25.0 {
			t.Fatalf("after finalise %v", got)
		}
		testkit.ExpectProblem(t, s.Do("PUT", fmt.Sprintf("%s/%d", PT, aid), key, map[string]any{"amount": 25, "fromDate": "2026-10-01T00:00:00", "maximumAmountPaid": 20}), 409, "")
		s.Do("POST", P+"/unlock", key, map[string]any{"comments": "check"}).Expect(t, 200)
		if got := s.Do("GET", fmt.Sprintf("%s/%d", PT, aid), key, nil).Expect(t, 200).Map(t); got["totalAmountPaid"] != 0.0 {
			t.Fatalf("after unlock %v", got)
		}
		s.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		next, _ := payslipOf(t, e, pam, "2026-11-13T00:00:00")
		if adj := next["taxAdjustments"].([]any); len(adj) != 1 || num(t, adj[0].(map[string]any)["amount"]) != 15 {
			t.Fatalf("second run: the rest of the maximum, got %v", next["taxAdjustments"])
		}
	})
}

func TestOpeningBalancesAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		annual := idOf(t, s.Do("POST", e.B+"/leavecategory", key, map[string]any{"name": "Opening Annual"}).Expect(t, 200))
		union := idOf(t, s.Do("POST", e.B+"/deductioncategory", key, map[string]any{"name": "Union fees"}).Expect(t, 200))
		pam := pamAU(t, e)
		O := fmt.Sprintf("%s/employee/%d/openingbalances", e.B, pam)
		empty := s.Do("GET", O, key, nil).Expect(t, 200).Map(t)
		if empty["grossEarnings"] != 0.0 || len(empty["earningsLines"].([]any)) != 0 || empty["etps"] == nil {
			t.Fatalf("before any %v", empty)
		}
		ob := map[string]any{"financialYearStartingYear": 2026, "totalHours": 380, "grossEarnings": 10000, "paygWithholdingAmount": 1500.55,
			"helpAmount": 100, "superContribution": 1200, "locationName": "Sydney",
			"deductions":    []any{map[string]any{"deductionCategoryId": union, "amount": 50}},
			"leaveBalances": []any{map[string]any{"leaveCategoryId": annual, "amount": 12.5}},
			"etps":          []any{map[string]any{"etpType": "R", "taxableComponent": 1000, "taxWithheld": 320, "paymentDate": "2026-08-01T00:00:00"}}}
		if got := s.Do("POST", O, key, ob).Expect(t, 200).Map(t); got["grossEarnings"] != 10000.0 {
			t.Fatalf("POST answers what it stored: grossEarnings %v", got["grossEarnings"])
		}
		got := s.Do("GET", O, key, nil).Expect(t, 200).Map(t)
		if got["grossEarnings"] != 10000.0 || got["paygWithholdingAmount"] != 1500.55 || got["locationName"] != "Sydney" || got["financialYearStartingYear"] != 2026.0 {
			t.Fatalf("read back %v", got)
		}
		if ded := got["deductions"].([]any); len(ded) != 1 || ded[0].(map[string]any)["name"] != "Union fees" {
			t.Fatalf("deductions %v", got["deductions"])
		}
		if etps := got["etps"].([]any); len(etps) != 1 || etps[0].(map[string]any)["etpType"] != "R" {
			t.Fatalf("etps %v", got["etps"])
		}
		// The leave ledger has it: E/leavebalances as at the year's end.
		balance := func() float64 {
			var bal []map[string]any
			s.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=2026-07-02T00:00:00", e.B, pam), key, nil).Expect(t, 200).JSON(t, &bal)
			for _, b := range bal {
				if int64(b["leaveCategoryId"].(float64)) == annual {
					return num(t, b["accruedAmount"])
				}
			}
			return 0
		}
		if b := balance(); b != 12.5 {
			t.Fatalf("leave balance %v, want 12.5", b)
		}
		// The pay run's YTD includes it.
		slip, P := payslipOf(t, e, pam, "2026-11-06T00:00:00")
		gross, payg := num(t, slip["grossEarnings"]), num(t, slip["paygWithholdingAmount"])
		if num(t, slip["grossYTD"]) != 10000+gross || num(t, slip["paygYTD"]) != 1500.55+payg || num(t, slip["helpYTD"]) != 100 ||
			num(t, slip["postTaxDeductionsYTD"]) != 50 {
			t.Fatalf("payslip YTD %v", slip)
		}
		s.Do("DELETE", P, key, nil).Expect(t, 200)
		// Replace: a POST without leave balances drops the opening leave;
		// another financial year leaves this year's YTD alone.
		s.Do("POST", O, key, map[string]any{"financialYearStartingYear": 2025, "grossEarnings": 5}).Expect(t, 200)
		if b := balance(); b != 0 {
			t.Fatalf("leave balance after replace %v", b)
		}
		if got = s.Do("GET", O, key, nil).Expect(t, 200).Map(t); len(got["deductions"].([]any)) != 0 || got["grossEarnings"] != 5.0 {
			t.Fatalf("after replace %v", got)
		}
		slip, _ = payslipOf(t, e, pam, "2026-11-06T00:00:00")
		if num(t, slip["grossYTD"]) != num(t, slip["grossEarnings"]) {
			t.Fatalf("2025's balances counted in 2026: %v", slip)
		}
		s.RunCases(t, []testkit.Case{
			{Name: "anonymous", Method: "GET", Path: O, Status: 401},
			{Name: "other tenant", Method: "GET", Path: O, Key: e.OtherKey, Status: 404},
			{Name: "other tenant post", Method: "POST", Path: O, Key: e.OtherKey, Body: ob, Status: 404},
			{Name: "other tenant's employee", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/openingbalances", e.B, e.theirs), Key: key, Status: 404},
			{Name: "restricted outside scope", Method: "POST", Path: e.EB + "/openingbalances", Key: e.restrictKey, Body: ob, Status: 404},
			{Name: "unknown leave category", Method: "POST", Path: O, Key: key, Body: map[string]any{"leaveBalances": []any{map[string]any{"leaveCategoryId": 999999, "amount": 1}}}, Status: 400, Field: "leaveBalances[0].leaveCategoryId"},
			{Name: "unknown location", Method: "POST", Path: O, Key: key, Body: map[string]any{"locationName": "Atlantis"}, Status: 400, Field: "locationName"},
			{Name: "negative gross", Method: "POST", Path: O, Key: key, Body: map[string]any{"grossEarnings": -1}, Status: 400, Field: "grossEarnings"},
			{Name: "bad etp type", Method: "POST", Path: O, Key: key, Body: map[string]any{"etps": []any{map[string]any{"etpType": "X"}}}, Status: 400, Field: "etps[0].etpType"},
		})
	})
}

func TestEarningsLineSplitsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		var locs []map[string]any
		s.Do("GET", e.B+"/location", key, nil).Expect(t, 200).JSON(t, &locs)
		ids := map[string]int64{}
		for _, l := range locs {
			ids[l["name"].(string)] = int64(l["id"].(float64))
		}
		syd, mel := ids["Sydney"], ids["Melbourne"]
		S := e.EA + "/earningslinesplit"
		got := s.Do("POST", S, key, map[string]any{"locationId": syd, "allocatedPercentage": 60}).Expect(t, 200).Map(t)
		if got["locationName"] != "Sydney" || got["allocatedPercentage"] != 60.0 {
			t.Fatalf("created %v", got)
		}
		s.Do("POST", S, key, map[string]any{"locationId": mel, "allocateBalance": true}).Expect(t, 200)
		var list []map[string]any
		s.Do("GET", S, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 || list[1]["allocateBalance"] != true {
			t.Fatalf("list %v", list)
		}
		got = s.Do("PUT", fmt.Sprintf("%s/%d", S, syd), key, map[string]any{"allocatedPercentage": 70}).Expect(t, 200).Map(t)
		if got["allocatedPercentage"] != 70.0 || got["locationId"] != float64(syd) {
			t.Fatalf("put %v", got)
		}
		if got = s.Do("GET", fmt.Sprintf("%s/%d", S, syd), key, nil).Expect(t, 200).Map(t); got["allocatedPercentage"] != 70.0 {
			t.Fatalf("get %v", got)
		}
		third := idOf(t, s.Do("POST", e.B+"/location", key, map[string]any{"name": "Perth"}).Expect(t, 200))
		s.RunCases(t, []testkit.Case{
			{Name: "over 100 in all", Method: "POST", Path: S, Key: key, Body: map[string]any{"locationId": third, "allocatedPercentage": 31}, Status: 400, Field: "allocatedPercentage"},
			{Name: "two balance shares", Method: "POST", Path: S, Key: key, Body: map[string]any{"locationId": third, "allocateBalance": true}, Status: 400, Field: "allocateBalance"},
			{Name: "unknown location", Method: "POST", Path: S, Key: key, Body: map[string]any{"locationId": 999999, "allocatedPercentage": 1}, Status: 400, Field: "locationId"},
			{Name: "zero share", Method: "POST", Path: S, Key: key, Body: map[string]any{"locationId": third}, Status: 400, Field: "allocatedPercentage"},
			{Name: "same location twice", Method: "POST", Path: S, Key: key, Body: map[string]any{"locationId": syd, "allocatedPercentage": 1}, Status: 409},
			{Name: "anonymous", Method: "GET", Path: S, Status: 401},
			{Name: "other tenant", Method: "GET", Path: S, Key: e.OtherKey, Status: 404},
			{Name: "other tenant put", Method: "PUT", Path: fmt.Sprintf("%s/%d", S, syd), Key: e.OtherKey, Body: map[string]any{"allocatedPercentage": 1}, Status: 404},
			{Name: "restricted outside scope", Method: "POST", Path: e.EB + "/earningslinesplit", Key: e.restrictKey, Body: map[string]any{"locationId": syd, "allocatedPercentage": 1}, Status: 404},
			{Name: "no split there", Method: "GET", Path: fmt.Sprintf("%s/%d", S, third), Key: key, Status: 404},
		})
		s.Do("DELETE", fmt.Sprintf("%s/%d", S, mel), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, s.Do("GET", fmt.Sprintf("%s/%d", S, mel), key, nil), 404, "")

		// Dimension value splits.
		dept := idOf(t, s.Do("POST", e.B+"/dimension", key, map[string]any{"name": "Department"}).Expect(t, 200))
		sales := idOf(t, s.Do("POST", fmt.Sprintf("%s/dimension/%d/value", e.B, dept), key, map[string]any{"name": "Sales"}).Expect(t, 200))
		ops := idOf(t, s.Do("POST", fmt.Sprintf("%s/dimension/%d/value", e.B, dept), key, map[string]any{"name": "Ops"}).Expect(t, 200))
		DS := S + "/dimension"
		got = s.Do("POST", DS, key, map[string]any{"reportingDimensionValueIds": []int64{sales}, "allocatedPercentage": 25}).Expect(t, 200).Map(t)
		if v := got["reportingDimensionValues"].([]any); len(v) != 1 || v[0].(map[string]any)["name"] != "Sales" || v[0].(map[string]any)["reportingDimensionId"] != float64(dept) {
			t.Fatalf("dimension split %v", got)
		}
		s.Do("PUT", DS, key, map[string]any{"reportingDimensionValueIds": []int64{sales}, "allocatedPercentage": 40}).Expect(t, 200)
		V := fmt.Sprintf("%s/%d/value/%d", DS, dept, sales)
		if got = s.Do("GET", V, key, nil).Expect(t, 200).Map(t); got["allocatedPercentage"] != 40.0 {
			t.Fatalf("by value %v", got)
		}
		s.RunCases(t, []testkit.Case{
			{Name: "two values of one dimension", Method: "POST", Path: DS, Key: key, Body: map[string]any{"reportingDimensionValueIds": []int64{sales, ops}, "allocatedPercentage": 1}, Status: 400, Field: "reportingDimensionValueIds"},
			{Name: "over 100", Method: "POST", Path: DS, Key: key, Body: map[string]any{"reportingDimensionValueIds": []int64{ops}, "allocatedPercentage": 61}, Status: 400, Field: "allocatedPercentage"},
			{Name: "no values", Method: "POST", Path: DS, Key: key, Body: map[string]any{"allocatedPercentage": 1}, Status: 400, Field: "reportingDimensionValueIds"},
			{Name: "put unknown set", Method: "PUT", Path: DS, Key: key, Body: map[string]any{"reportingDimensionValueIds": []int64{ops}, "allocatedPercentage": 1}, Status: 404},
			{Name: "same set twice", Method: "POST", Path: DS, Key: key, Body: map[string]any{"reportingDimensionValueIds": []int64{sales}, "allocatedPercentage": 1}, Status: 409},
			{Name: "other tenant", Method: "GET", Path: V, Key: e.OtherKey, Status: 404},
		})
		s.Do("DELETE", V, key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, s.Do("GET", V, key, nil), 404, "")

		// The pay run splits pam's earnings: 1/3 to Sydney, the balance to
		// Melbourne, the cents adding up to her gross exactly.
		pam := pamAU(t, e)
		PS := fmt.Sprintf("%s/employee/%d/earningslinesplit", e.B, pam)
		s.Do("POST", PS, key, map[string]any{"locationId": syd, "allocatedPercentage": 33.3333}).Expect(t, 200)
		s.Do("POST", PS, key, map[string]any{"locationId": mel, "allocateBalance": true}).Expect(t, 200)
		slip, P := payslipOf(t, e, pam, "2026-11-06T00:00:00")
		gross := num(t, slip["grossEarnings"])
		if gross != 1140 { // 38 h x $30
			t.Fatalf("gross %v", gross)
		}
		lines := s.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, pam), key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(pam)].([]any)
		byLoc := map[string]float64{} // locationId is a string in the published earnings line
		for _, l := range lines {
			m := l.(map[string]any)
			byLoc[fmt.Sprint(m["locationId"])] += num(t, m["earnings"])
		}
		// 1140 x 33.3333% = 379.999962 -> 380.00; Melbourne the rest.
		if len(lines) != 2 || byLoc[fmt.Sprint(syd)] != 380 || byLoc[fmt.Sprint(mel)] != 760 {
			t.Fatalf("split lines %v", lines)
		}
	})
}
