package employeeapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestRecordChangesAudited: creates, updates and deletes made
// through the employee record services show in the employee audit report
// (B/report/employeeaudit) in their section, one row per changed member
// with old and new values, bank account numbers masked to their last
// three characters, with the user and channel; a refused (400) write
// records nothing.
func TestRecordChangesAudited(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		type row struct{ section, field, old, new string }
		audit := func(section string) []row {
			t.Helper()
			var got []map[string]any
			s.Do("GET", fmt.Sprintf("%s/report/employeeaudit?employeeId=%d&section=%s", e.B, e.ann, section), key, nil).Expect(t, 200).JSON(t, &got)
			out := make([]row, len(got))
			for i, r := range got {
				if r["channel"] != "Api" || r["userName"] == "" || r["firstName"] != "Ann" {
					t.Errorf("row %v", r)
				}
				out[i] = row{r["section"].(string), r["fieldName"].(string), r["oldValue"].(string), r["newValue"].(string)}
			}
			return out
		}
		same := func(what string, got, want []row) {
			t.Helper()
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s:\n got %v\nwant %v", what, got, want)
			}
		}

		// Bank account: created (the members it has), changed (number and
		// percentage), deleted (the members it had).
		A := e.EA + "/bankaccount"
		acct := idOf(t, s.Do("POST", A, key, map[string]any{"bsb": "062000", "accountName": "Ann Lee", "accountNumber": "12345678", "allocatedPercentage": 60}).Expect(t, 200))
		s.Do("POST", A, key, map[string]any{"bsb": "06200", "accountName": "Ann Lee", "accountNumber": "1", "allocateBalance": true}).Expect(t, 400)
		s.Do("PUT", fmt.Sprintf("%s/%d", A, acct), key, map[string]any{"bsb": "062-000", "accountName": "Ann Lee", "accountNumber": "87654321", "allocatedPercentage": 100}).Expect(t, 200)
		s.Do("PUT", fmt.Sprintf("%s/%d", A, acct), key, map[string]any{"bsb": "062-000", "accountName": "Ann Lee", "accountNumber": "87654321", "allocatedPercentage": 100}).Expect(t, 200) // no change, no rows
		s.Do("DELETE", fmt.Sprintf("%s/%d", A, acct), key, nil).Expect(t, 200)
		b := fmt.Sprintf("bankAccount[%d].", acct)
		same("bank accounts", audit("BankAccounts"), []row{
			{"BankAccounts", b + "accountType", "", "Electronic"}, {"BankAccounts", b + "bsb", "", "062-000"},
			{"BankAccounts", b + "accountName", "", "Ann Lee"}, {"BankAccounts", b + "accountNumber", "", "*****678"},
			{"BankAccounts", b + "allocatedPercentage", "", "60"}, {"BankAccounts", b + "isEmployeeEditable", "", "true"},
			{"BankAccounts", b + "accountNumber", "*****678", "*****321"}, {"BankAccounts", b + "allocatedPercentage", "60", "100"},
			{"BankAccounts", b + "accountType", "Electronic", ""}, {"BankAccounts", b + "bsb", "062-000", ""},
			{"BankAccounts", b + "accountName", "Ann Lee", ""}, {"BankAccounts", b + "accountNumber", "*****321", ""},
			{"BankAccounts", b + "allocatedPercentage", "100", ""}, {"BankAccounts", b + "isEmployeeEditable", "true", ""},
		})

		// Pay rate change: created, rate raised, refused updates (400)
		// leave no trace.
		S := e.EA + "/payrateschedule"
		sc := idOf(t, s.Do("POST", S, key, map[string]any{"rate": 32.5, "rateUnit": "Hourly", "commencementDate": "2027-01-01T00:00:00"}).Expect(t, 200))
		s.Do("PUT", fmt.Sprintf("%s/%d", S, sc), key, map[string]any{"rate": -1, "rateUnit": "Hourly", "commencementDate": "2027-01-01T00:00:00"}).Expect(t, 400)
		s.Do("PUT", fmt.Sprintf("%s/%d", S, sc), key, map[string]any{"rate": 34.25, "rateUnit": "Hourly", "commencementDate": "2027-01-01T00:00:00"}).Expect(t, 200)
		p := fmt.Sprintf("payRateSchedule[%d].", sc)
		same("pay rates", audit("PayRates"), []row{
			{"PayRates", p + "rate", "", "32.5"}, {"PayRates", p + "rateUnit", "", "Hourly"}, {"PayRates", p + "commencementDate", "", "2027-01-01T00:00:00"},
			{"PayRates", p + "rate", "32.5", "34.25"},
		})

		// Another employee's records are not Ann's trail; another tenant
		// cannot write them (404) and so records nothing.
		s.Do("POST", e.EOth+"/bankaccount", key, map[string]any{"bsb": "062000", "accountName": "X", "accountNumber": "12345678", "allocateBalance": true}).Expect(t, 404)
		var all []map[string]any
		s.Do("GET", e.B+"/report/employeeaudit?section=BankAccounts", key, nil).Expect(t, 200).JSON(t, &all)
		if len(all) != 14 {
			t.Errorf("bank account rows of the business: %d, want 14", len(all))
		}
	})
}
