package employeeapi_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestBankAccountAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		A := e.EA + "/bankaccount"
		s, key := e.Server, e.Key
		s.Do("POST", e.B+"/webhookregistrations", key, map[string]any{"webHookUri": "http://127.0.0.1:9/hook", "secret": "0123456789abcdef0123456789abcdef", "filters": []string{"*"}}).Expect(t, 200)

		// 200: a percentage account, read back normalised; no balance
		// account yet, so the reply warns.
		res := s.Do("POST", A, key, map[string]any{"bsb": "062000", "accountName": "Ann Lee", "accountNumber": "1234 5678",
			"allocatedPercentage": 60, "externalReferenceId": "ext-1"}).Expect(t, 200).Map(t)
		if res["validationWarning"] == nil {
			t.Fatalf("60%% with no balance account should warn: %v", res)
		}
		first := int64(res["result"].(map[string]any)["id"].(float64))
		got := s.Do("GET", fmt.Sprintf("%s/%d", A, first), key, nil).Expect(t, 200).Map(t)
		want := map[string]any{"bsb": "062-000", "accountNumber": "12345678", "accountType": "Electronic", "allocatedPercentage": 60.0,
			"fixedAmount": nil, "allocateBalance": false, "isEmployeeEditable": true, "canBeDeleted": true, "externalReferenceId": "ext-1", "employeeId": float64(e.ann)}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %v, want %v", k, got[k], v)
			}
		}
		// A balance account completes the allocation: no warning.
		res = s.Do("POST", A, key, map[string]any{"bsb": "063-001", "accountName": "Ann Lee", "accountNumber": "87654321", "allocateBalance": true}).Expect(t, 200).Map(t)
		if res["validationWarning"] != nil {
			t.Fatalf("percentage + balance should not warn: %v", res)
		}
		balance := int64(res["result"].(map[string]any)["id"].(float64))
		fixed := idOf(t, s.Do("POST", A, key, map[string]any{"bsb": "063-001", "accountName": "Savings", "accountNumber": "11112222", "fixedAmount": 150.25}).Expect(t, 200))

		var list []map[string]any
		s.Do("GET", A, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 3 || list[2]["fixedAmount"] != 150.25 {
			t.Fatalf("list %v", list)
		}
		s.Do("GET", A+"?$filter=allocateBalance%20eq%20true", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || int64(list[0]["id"].(float64)) != balance {
			t.Fatalf("filtered list %v", list)
		}

		// Update: percentage raised to 100 leaves the balance account
		// nothing (warning); partial replacement keeps the other accounts.
		res = s.Do("PUT", fmt.Sprintf("%s/%d", A, first), key, map[string]any{"bsb": "062-000", "accountName": "Ann Lee", "accountNumber": "12345678", "allocatedPercentage": 100}).Expect(t, 200).Map(t)
		if res["validationWarning"] == nil {
			t.Fatalf("100%% + balance should warn: %v", res)
		}
		if got = s.Do("GET", fmt.Sprintf("%s/%d", A, first), key, nil).Expect(t, 200).Map(t); got["allocatedPercentage"] != 100.0 || got["externalReferenceId"] != "" {
			t.Fatalf("after update %v", got)
		}

		_, ukB := e.AddBusiness("Alice UK", "UK")
		_, nzB := e.AddBusiness("Alice NZ", "NZ")
		ukE := idOf(t, s.Do("POST", ukB+"/employee/unstructured", key, map[string]any{"firstName": "Uma", "surname": "King"}).Expect(t, 200))
		nzE := idOf(t, s.Do("POST", nzB+"/employee/unstructured", key, map[string]any{"firstName": "Nia", "surname": "Kiwi"}).Expect(t, 200))
		UK, NZ := fmt.Sprintf("%s/employee/%d/bankaccount", ukB, ukE), fmt.Sprintf("%s/employee/%d/bankaccount", nzB, nzE)
		acct := func(kv ...any) map[string]any {
			m := map[string]any{"bsb": "062-000", "accountName": "X", "accountNumber": "12345678", "allocateBalance": true}
			for i := 0; i < len(kv); i += 2 {
				if kv[i+1] == nil {
					delete(m, kv[i].(string))
				} else {
					m[kv[i].(string)] = kv[i+1]
				}
			}
			return m
		}
		s.RunCases(t, []testkit.Case{
			{Name: "bad BSB", Method: "POST", Path: A, Key: key, Body: acct("bsb", "06200", "allocateBalance", nil, "fixedAmount", 1), Status: 400, Field: "bsb"},
			{Name: "letters in BSB", Method: "POST", Path: A, Key: key, Body: acct("bsb", "06A-000", "allocateBalance", nil, "fixedAmount", 1), Status: 400, Field: "bsb"},
			{Name: "account number too long", Method: "POST", Path: A, Key: key, Body: acct("accountNumber", "1234567890", "allocateBalance", nil, "fixedAmount", 1), Status: 400, Field: "accountNumber"},
			{Name: "no name", Method: "POST", Path: A, Key: key, Body: acct("accountName", "", "allocateBalance", nil, "fixedAmount", 1), Status: 400, Field: "accountName"},
			{Name: "no allocation", Method: "POST", Path: A, Key: key, Body: acct("allocateBalance", false), Status: 400, Field: "allocatedPercentage"},
			{Name: "two allocations", Method: "POST", Path: A, Key: key, Body: acct("fixedAmount", 10), Status: 400, Field: "allocatedPercentage"},
			{Name: "percentage over 100", Method: "POST", Path: A, Key: key, Body: acct("allocateBalance", nil, "allocatedPercentage", 101), Status: 400, Field: "allocatedPercentage"},
			{Name: "negative fixed", Method: "POST", Path: A, Key: key, Body: acct("allocateBalance", nil, "fixedAmount", -5), Status: 400, Field: "fixedAmount"},
			{Name: "fixed with fractions of a cent", Method: "POST", Path: A, Key: key, Body: acct("allocateBalance", nil, "fixedAmount", 1.005), Status: 400, Field: "fixedAmount"},
			{Name: "bad account type", Method: "POST", Path: A, Key: key, Body: acct("accountType", "Pigeon"), Status: 400, Field: "accountType"},
			{Name: "roll number outside UK", Method: "POST", Path: A, Key: key, Body: acct("allocateBalance", nil, "fixedAmount", 1, "rollNumber", "R1"), Status: 400, Field: "rollNumber"},
			{Name: "second balance account", Method: "POST", Path: A, Key: key, Body: acct(), Status: 409},
			{Name: "percentages over 100 together", Method: "POST", Path: A, Key: key, Body: acct("allocateBalance", nil, "allocatedPercentage", 1), Status: 409},
			{Name: "update another into balance", Method: "PUT", Path: fmt.Sprintf("%s/%d", A, fixed), Key: key, Body: acct(), Status: 409},
			{Name: "cash needs no details", Method: "POST", Path: A, Key: key, Body: map[string]any{"accountType": "CashOrCheque", "fixedAmount": 20}, Status: 200},
			{Name: "UK sort code", Method: "POST", Path: UK, Key: key, Body: acct("bsb", "40 47 84", "rollNumber", "ROLL/1"), Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if res := r.Map(t)["result"].(map[string]any); res["bsb"] != "40-47-84" || res["rollNumber"] != "ROLL/1" {
						t.Fatalf("UK account %v", res)
					}
				}},
			{Name: "UK bad sort code", Method: "POST", Path: UK, Key: key, Body: acct("bsb", "404-784"), Status: 400, Field: "bsb"},
			{Name: "UK account number not 8 digits", Method: "POST", Path: UK, Key: key, Body: acct("bsb", "40-47-84", "accountNumber", "1234567"), Status: 400, Field: "accountNumber"},
			{Name: "NZ account", Method: "POST", Path: NZ, Key: key, Body: acct("bsb", nil, "accountNumber", "12-3456-0123456-00"), Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if res := r.Map(t)["result"].(map[string]any); res["accountNumber"] != "12-3456-0123456-000" || res["bsb"] != "" {
						t.Fatalf("NZ account %v", res)
					}
				}},
			{Name: "NZ bad account", Method: "POST", Path: NZ, Key: key, Body: acct("bsb", nil, "accountNumber", "12-3456-01234-00"), Status: 400, Field: "accountNumber"},
			{Name: "NZ with bsb", Method: "POST", Path: NZ, Key: key, Body: acct("accountNumber", "12-3456-0123456-001"), Status: 400, Field: "bsb"},
		})
		s.RunCases(t, e.tenancyCases("bankaccount", first, acct("allocateBalance", nil, "fixedAmount", 5)))

		// Delete the balance account: the percentage account is left at 100%
		// (complete again: no warning); then 404.
		res = s.Do("DELETE", fmt.Sprintf("%s/%d", A, balance), key, nil).Expect(t, 200).Map(t)
		if res["validationWarning"] != nil || int64(res["result"].(map[string]any)["id"].(float64)) != balance {
			t.Fatalf("delete reply %v", res)
		}
		testkit.ExpectProblem(t, s.Do("GET", fmt.Sprintf("%s/%d", A, balance), key, nil), 404, "")
		testkit.ExpectProblem(t, s.Do("DELETE", fmt.Sprintf("%s/%d", A, balance), key, nil), 404, "")
		// Deleting the 100% account leaves a fixed amount alone: warning.
		if res = s.Do("DELETE", fmt.Sprintf("%s/%d", A, first), key, nil).Expect(t, 200).Map(t); res["validationWarning"] == nil {
			t.Fatalf("fixed amount alone should warn: %v", res)
		}

		// Events: BankAccountUpdated per save in this business (five),
		// BankAccountDeleted per delete (two).
		for ev, want := range map[string]int{"BankAccountUpdated": 5, "BankAccountDeleted": 2} {
			var n int
			if err := d.R.QueryRow(`SELECT COUNT(*) FROM webhook_deliveries WHERE action = $1`, ev).Scan(&n); err != nil || n != want {
				t.Errorf("%s deliveries = %d, want %d (%v)", ev, n, want, err)
			}
		}
	})
}

// TestBankAccountBalanceRace: concurrent creates of a balance account for
// one employee: exactly one wins, the rest are 409, on both engines.
func TestBankAccountBalanceRace(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		A := e.EA + "/bankaccount"
		var wg sync.WaitGroup
		codes := make([]int, 8)
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				body := map[string]any{"bsb": "062-000", "accountName": "A", "accountNumber": "12345678", "allocatedPercentage": 40}
				if i%2 == 0 {
					body = map[string]any{"bsb": "062-000", "accountName": "A", "accountNumber": "12345678", "allocateBalance": true}
				}
				codes[i] = e.Do("POST", A, e.Key, body).Status
			}(i)
		}
		wg.Wait()
		ok := map[bool]int{}
		for i, c := range codes {
			if c != 200 && c != 409 {
				t.Fatalf("request %d: status %d", i, c)
			}
			ok[i%2 == 0 && c == 200]++
		}
		var list []map[string]any
		e.Do("GET", A, e.Key, nil).Expect(t, 200).JSON(t, &list)
		balances, pct := 0, 0
		for _, a := range list {
			if a["allocateBalance"] == true {
				balances++
			} else {
				pct += int(a["allocatedPercentage"].(float64))
			}
		}
		if balances != 1 || pct > 100 || pct != 80 {
			t.Fatalf("after the race: %d balance accounts, %d%% by percentage (want 1 and 80): %v", balances, pct, codes)
		}
	})
}
