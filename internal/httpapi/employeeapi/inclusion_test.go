package employeeapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee/inclusion"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestRecurringInclusionsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key, B := e.Server, e.Key, e.B
		s.Do("POST", B+"/webhookregistrations", key, map[string]any{"webHookUri": "http://127.0.0.1:9/hook", "secret": "0123456789abcdef0123456789abcdef", "filters": []string{"*"}}).Expect(t, 200)
		cat := func(path string, body map[string]any) int64 {
			return idOf(t, s.Do("POST", B+"/"+path, key, body).Expect(t, 200))
		}
		union := cat("deductioncategory", map[string]any{"name": "Union fees"})
		levy := cat("employerliabilitycategory", map[string]any{"name": "Fringe levy"})
		bonus := cat("paycategory", map[string]any{"name": "Site allowance", "rateUnit": "Fixed"})
		tools := cat("employeeexpensecategory", map[string]any{"name": "Tools"})
		var locs []map[string]any
		s.Do("GET", B+"/location?$filter=name%20eq%20'Sydney'", key, nil).Expect(t, 200).JSON(t, &locs)
		sydney := int64(locs[0]["id"].(float64))

		D := e.EA + "/deduction"
		ded := map[string]any{"name": "Union", "deductionCategoryId": union, "amount": 50, "deductionType": "Fixed", "externalReferenceId": "D-1",
			"fromDate": "2026-10-01T00:00:00", "maximumAmountPaid": 500, "notes": "weekly"}
		did := idOf(t, s.Do("POST", D, key, ded).Expect(t, 200))
		got := s.Do("GET", fmt.Sprintf("%s/%d", D, did), key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]any{"amount": 50.0, "maximumAmountPaid": 500.0, "totalAmountPaid": 0.0, "isActive": true, "paidTo": "Manual",
			"preservedEarnings": "Never", "fromDate": "2026-10-01T00:00:00", "expiryDate": nil, "externalReferenceId": "D-1", "deductionType": "Fixed",
			"paidToAccountId": 0.0, "preservedEarningsAmount": 0.0} { // unset numbers are 0: the published model has them non-nullable
			if got[k] != v {
				t.Errorf("deduction %s = %v, want %v", k, got[k], v)
			}
		}
		if byRef := s.Do("GET", D+"/D-1", key, nil).Expect(t, 200).Map(t); byRef["id"] != got["id"] {
			t.Fatalf("by external reference %v", byRef)
		}
		var list []map[string]any
		s.Do("POST", B+"/employee/deduction", key, []string{"D-1", "nope"}).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["name"] != "Union" {
			t.Fatalf("bulk lookup %v", list)
		}
		s.Do("POST", B+"/employee/deduction", e.restrictKey, []string{"D-1"}).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("restricted bulk lookup (ann is in scope) %v", list)
		}
		// A percentage deduction paid into the employee's bank account.
		acct := idOf(t, s.Do("POST", e.EA+"/bankaccount", key, map[string]any{"bsb": "062-000", "accountName": "Ann", "accountNumber": "12345678", "allocateBalance": true}).Expect(t, 200))
		pct := idOf(t, s.Do("POST", D, key, map[string]any{"name": "Savings", "deductionCategoryId": union, "amount": 5.5, "deductionType": "PercentageNet",
			"paidTo": "BankAccount", "paidToAccountId": acct, "fromDate": "2026-11-01T00:00:00", "expiryDate": "2026-11-03T00:00:00"}).Expect(t, 200))

		L := e.EA + "/employerliability"
		lid := idOf(t, s.Do("POST", L, key, map[string]any{"employerLiabilityCategoryId": levy, "amount": 12.34, "liabilityType": "Fixed", "fromDate": "2026-01-01T00:00:00"}).Expect(t, 200))
		if got = s.Do("GET", fmt.Sprintf("%s/%d", L, lid), key, nil).Expect(t, 200).Map(t); got["employerLiabilityCategoryName"] != "Fringe levy" || got["amount"] != 12.34 || got["source"] != "None" {
			t.Fatalf("liability %v", got)
		}
		A := e.EA + "/additional-earnings"
		aid := idOf(t, s.Do("POST", A, key, map[string]any{"payCategoryId": bonus, "amount": 25, "units": 2, "locationId": sydney, "startDate": "2026-12-01T00:00:00", "maximumAmountPaid": 100}).Expect(t, 200))
		if got = s.Do("GET", fmt.Sprintf("%s/%d", A, aid), key, nil).Expect(t, 200).Map(t); got["name"] != "Site allowance" || got["locationName"] != "Sydney" ||
			got["expirationType"] != "AmountExpiry" || got["isActive"] != false || got["units"] != 2.0 || got["startDate"] != "2026-12-01T00:00:00" {
			t.Fatalf("earnings %v", got)
		}
		X := e.EA + "/expense"
		xid := idOf(t, s.Do("POST", X, key, map[string]any{"name": "Toolbox", "expenseCategoryId": tools, "amount": 15, "taxCode": "GST", "taxRate": 10, "fromDate": "2026-09-01T00:00:00", "expiryDate": "2026-10-15T00:00:00"}).Expect(t, 200))
		if got = s.Do("GET", fmt.Sprintf("%s/%d", X, xid), key, nil).Expect(t, 200).Map(t); got["isActive"] != false || got["taxRate"] != 10.0 || got["taxCodeDisplayName"] != "GST" {
			t.Fatalf("expense %v", got)
		}
		// What was read goes back unchanged: locationId 0 is no location.
		if got = s.Do("PUT", fmt.Sprintf("%s/%d", X, xid), key, got).Expect(t, 200).Map(t); got["locationId"] != 0.0 || got["taxRate"] != 10.0 {
			t.Fatalf("expense written back %v", got)
		}

		// The batch a pay run reads: week of 2-8 Nov 2026 for Ann and Bob.
		// In force: the union fee (from 1 Oct), the savings percentage
		// (1-3 Nov overlaps), the liability. Not: the earnings (from 1 Dec),
		// the expense (expired 15 Oct).
		svc := &inclusion.Service{Employees: s.Employees, Clock: s.Clock}
		biz := bizOf(t, s, e.Biz)
		ctx := context.Background()
		batch, err := svc.Applicable(ctx, biz, []int64{e.ann, e.bob}, time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 8, 0, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		ids := map[int64]bool{}
		for _, it := range batch[e.ann] {
			ids[it.ID] = true
		}
		if len(batch) != 1 || len(ids) != 3 || !ids[did] || !ids[pct] || !ids[lid] {
			t.Fatalf("applicable %v", batch)
		}
		// Running totals: 300 then 250 would pass the 500 maximum: 409.
		var it inclusion.Item
		err = d.InTx(ctx, func(q *store.Queries) error {
			it, err = inclusion.AddPaid(ctx, q, e.Biz, did, payroll.MustMoney("300"), s.Clock.Now())
			return err
		})
		if err != nil || !it.TotalAmountPaid.Equal(payroll.MustMoney("300")) || !it.Remaining().Equal(payroll.MustMoney("200")) {
			t.Fatalf("add paid: %v %v", it, err)
		}
		err = d.InTx(ctx, func(q *store.Queries) error {
			_, err := inclusion.AddPaid(ctx, q, e.Biz, did, payroll.MustMoney("250"), s.Clock.Now())
			return err
		})
		if payroll.KindOf(err) != payroll.KindConflict {
			t.Fatalf("paying past the maximum: %v", err)
		}
		if got = s.Do("GET", fmt.Sprintf("%s/%d", D, did), key, nil).Expect(t, 200).Map(t); got["totalAmountPaid"] != 300.0 {
			t.Fatalf("running total %v", got)
		}
		// Update keeps the total; a maximum below it is a 409.
		ded["amount"] = 60
		if got = s.Do("PUT", fmt.Sprintf("%s/%d", D, did), key, ded).Expect(t, 200).Map(t); got["amount"] != 60.0 || got["totalAmountPaid"] != 300.0 {
			t.Fatalf("update %v", got)
		}

		with := func(m map[string]any, kv ...any) map[string]any {
			out := map[string]any{}
			for k, v := range m {
				out[k] = v
			}
			for i := 0; i < len(kv); i += 2 {
				out[kv[i].(string)] = kv[i+1]
			}
			return out
		}
		s.RunCases(t, []testkit.Case{
			{Name: "deduction without category", Method: "POST", Path: D, Key: key, Body: map[string]any{"amount": 1}, Status: 400, Field: "deductionCategoryId"},
			{Name: "deduction unknown category", Method: "POST", Path: D, Key: key, Body: map[string]any{"deductionCategoryId": levy, "amount": 1}, Status: 400, Field: "deductionCategoryId"},
			{Name: "deduction percentage over 100", Method: "POST", Path: D, Key: key, Body: map[string]any{"deductionCategoryId": union, "amount": 101, "deductionType": "PercentageGross"}, Status: 400, Field: "amount"},
			{Name: "deduction bad type", Method: "POST", Path: D, Key: key, Body: map[string]any{"deductionCategoryId": union, "amount": 1, "deductionType": "Sometimes"}, Status: 400, Field: "deductionType"},
			{Name: "deduction to bank without account", Method: "POST", Path: D, Key: key, Body: map[string]any{"deductionCategoryId": union, "amount": 1, "paidTo": "BankAccount"}, Status: 400, Field: "paidToAccountId"},
			{Name: "deduction to another employee's account", Method: "POST", Path: e.EB + "/deduction", Key: key, Body: map[string]any{"deductionCategoryId": union, "amount": 1, "paidTo": "BankAccount", "paidToAccountId": acct}, Status: 400, Field: "paidToAccountId"},
			{Name: "deduction preserved without amount", Method: "POST", Path: D, Key: key, Body: map[string]any{"deductionCategoryId": union, "amount": 1, "preservedEarnings": "Amount"}, Status: 400, Field: "preservedEarningsAmount"},
			{Name: "deduction expiring before it starts", Method: "POST", Path: D, Key: key, Body: map[string]any{"deductionCategoryId": union, "amount": 1, "fromDate": "2026-10-01T00:00:00", "expiryDate": "2026-09-01T00:00:00"}, Status: 400, Field: "expiryDate"},
			{Name: "deduction duplicate external reference", Method: "POST", Path: D, Key: key, Body: with(ded, "amount", 1), Status: 409},
			{Name: "deduction maximum below paid", Method: "PUT", Path: fmt.Sprintf("%s/%d", D, did), Key: key, Body: with(ded, "maximumAmountPaid", 200), Status: 409},
			{Name: "deduction unknown external reference", Method: "GET", Path: D + "/nope", Key: key, Status: 404},
			{Name: "liability without category", Method: "POST", Path: L, Key: key, Body: map[string]any{"amount": 1}, Status: 400, Field: "employerLiabilityCategoryId"},
			{Name: "liability bad type", Method: "POST", Path: L, Key: key, Body: map[string]any{"employerLiabilityCategoryId": levy, "amount": 1, "liabilityType": "Weekly"}, Status: 400, Field: "liabilityType"},
			{Name: "earnings unknown location", Method: "POST", Path: A, Key: key, Body: map[string]any{"payCategoryId": bonus, "amount": 1, "locationId": 999999}, Status: 400, Field: "locationId"},
			{Name: "earnings override super without rate", Method: "POST", Path: A, Key: key, Body: map[string]any{"payCategoryId": bonus, "amount": 1, "overrideSuperRate": true}, Status: 400, Field: "superRate"},
			{Name: "earnings external reference path is 404", Method: "GET", Path: A + "/abc", Key: key, Status: 404},
			{Name: "expense negative", Method: "POST", Path: X, Key: key, Body: map[string]any{"expenseCategoryId": tools, "amount": -1}, Status: 400, Field: "amount"},
			{Name: "expense unknown category", Method: "POST", Path: X, Key: key, Body: map[string]any{"expenseCategoryId": union, "amount": 1}, Status: 400, Field: "expenseCategoryId"},
			{Name: "category in use", Method: "DELETE", Path: fmt.Sprintf("%s/employeeexpensecategory/%d", B, tools), Key: key, Status: 409},
			{Name: "bulk lookup other tenant", Method: "POST", Path: B + "/employee/deduction", Key: e.OtherKey, Body: []string{"D-1"}, Status: 404},
			{Name: "bulk lookup anonymous", Method: "POST", Path: B + "/employee/deduction", Body: []string{"D-1"}, Status: 401},
		})
		s.RunCases(t, e.tenancyCases("deduction", did, map[string]any{"deductionCategoryId": union, "amount": 1}))
		s.RunCases(t, e.tenancyCases("employerliability", lid, map[string]any{"employerLiabilityCategoryId": levy, "amount": 1}))
		s.RunCases(t, e.tenancyCases("additional-earnings", aid, map[string]any{"payCategoryId": bonus, "amount": 1}))
		s.RunCases(t, e.tenancyCases("expense", xid, map[string]any{"expenseCategoryId": tools, "amount": 1}))

		for _, p := range []string{fmt.Sprintf("%s/%d", D, pct), fmt.Sprintf("%s/%d", L, lid), fmt.Sprintf("%s/%d", A, aid), fmt.Sprintf("%s/%d", X, xid)} {
			s.Do("DELETE", p, key, nil).Expect(t, 200)
			testkit.ExpectProblem(t, s.Do("GET", p, key, nil), 404, "")
		}
		s.Do("GET", D, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("after deletes %v", list)
		}
		// Events: saves (create D-1, create savings, update D-1) and the delete.
		for ev, want := range map[string]int{"EmployeeRecurringDeductionUpdated": 3, "EmployeeRecurringDeductionDeleted": 1} {
			var n int
			if err := d.R.QueryRow(`SELECT COUNT(*) FROM webhook_deliveries WHERE action = $1`, ev).Scan(&n); err != nil || n != want {
				t.Errorf("%s deliveries = %d, want %d (%v)", ev, n, want, err)
			}
		}

		// Updating a deduction onto another's external reference is a 409
		// that leaves it as it was (the update's unique violation was once
		// lost to a shadowed err, and the update answered 200).
		d9 := idOf(t, s.Do("POST", D, key, with(ded, "externalReferenceId", "D-9")).Expect(t, 200))
		s.Do("PUT", fmt.Sprintf("%s/%d", D, d9), key, with(ded, "externalReferenceId", "D-1")).Expect(t, 409)
		if got := s.Do("GET", fmt.Sprintf("%s/%d", D, d9), key, nil).Expect(t, 200).Map(t); got["externalReferenceId"] != "D-9" {
			t.Fatalf("after the refused update %v", got)
		}
		s.Do("DELETE", fmt.Sprintf("%s/%d", D, d9), key, nil).Expect(t, 200)
	})
}
