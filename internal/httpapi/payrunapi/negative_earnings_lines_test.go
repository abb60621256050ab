package payrunapi_test

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A negative earnings line takes back an overpayment in the next run, as
// bureaus correct pay (KeyPay's earnings line takes signed units and
// earnings). Its effect is that of the lower pay: the employee paid
// salary S with a line of −100 is taxed, contributes (super, NI, CPF,
// KiwiSaver, ACC) and is paid exactly as a twin paid S − 100, whose
// figures are those the statutory vectors check; the run finalises, its
// payslip (JSON and PDF), journal and the region's filing render, and
// year to date holds the lower pay.
func TestNegativeEarningsLineIsLowerPay(t *testing.T) {
	t.Parallel()
	cases := []struct {
		region, freq, day string
		salary            float64
		members           map[string]any
		file              func(t *testing.T, e *regionEnv, P string) // the region's filing of the run (after finalise)
	}{
		{"AU", "Weekly", "2026-11-22", 1200, map[string]any{}, func(t *testing.T, e *regionEnv, P string) {
			e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200)
		}},
		{"UK", "Monthly", "2026-11-30", 3000, map[string]any{"taxCode": "1257L", "nationalInsuranceCategory": "A", "gender": "Female"}, func(t *testing.T, e *regionEnv, P string) {
			e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": runOf(t, P)}).Expect(t, 200)
		}},
		{"NZ", "Fortnightly", "2026-11-22", 3000, map[string]any{"taxCodeDeclaration_TaxCode": "M SL", "kiwiSaver_EnrollmentStatus": "Enrolled"}, func(t *testing.T, e *regionEnv, P string) {
			e.Do("POST", e.B+"/employingentity", e.Key, map[string]any{"name": "Kiwi Ltd", "irdNumber": "123-123-123",
				"contactName": "Bill Smith", "contactPhoneNumber": "041234567", "contactEmailAddress": "payroll@kiwi.example"}).Expect(t, 200)
			e.Do("GET", P+"/file/paydayfiling", e.Key, nil).Expect(t, 200)
		}},
		{"SG", "Monthly", "2026-11-30", 5000, map[string]any{"dateOfBirth": "1985-02-03T00:00:00"}, func(t *testing.T, e *regionEnv, P string) {
			e.Do("POST", e.B+"/filing/cpfsubmission", e.Key, map[string]any{"month": "2026-11", "csn": "201912345KPTE01", "adviceCode": "01"}).Expect(t, 200)
		}},
	}
	for _, c := range cases {
		t.Run(c.region, func(t *testing.T) {
			t.Parallel()
			testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
				e := newRegionEnv(t, d, c.region, c.freq)
				members := func(salary float64) map[string]any {
					m := map[string]any{"rate": salary, "rateUnit": "Fixed", "startDate": "2025-01-06T00:00:00"}
					for k, v := range c.members {
						m[k] = v
					}
					return m
				}
				rev := e.employee(t, "Rev", c.freq, members(c.salary))
				hrs := e.employee(t, "Hours", c.freq, members(c.salary))
				twin := e.employee(t, "Twin", c.freq, members(c.salary-100))
				P := e.run(t, c.day, 0, 0)
				var ordinary int64
				var pcs []map[string]any
				e.Do("GET", e.B+"/paycategory", e.Key, nil).Expect(t, 200).JSON(t, &pcs)
				for _, pc := range pcs {
					if pc["name"] == "Ordinary Hours" {
						ordinary = int64(num(t, pc["id"]))
					}
				}
				// Rev: −100.00 of earnings; Hours: 4 hours at 25.00 taken back.
				e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{
					fmt.Sprint(rev): []any{map[string]any{"payCategoryId": ordinary, "earnings": -100, "notes": "overpaid last period"}},
					fmt.Sprint(hrs): []any{map[string]any{"payCategoryId": ordinary, "units": -4, "rate": 25}}}}).Expect(t, 200)

				want := e.totals(t, P, twin)
				for _, emp := range []int64{rev, hrs} {
					got := e.totals(t, P, emp)
					expectAmount(t, "gross", got["grossEarnings"], c.salary-100)
					var keys []string
					for k := range want {
						keys = append(keys, k)
					}
					sort.Strings(keys)
					compared := 0
					for _, k := range keys {
						w, ok := want[k].(float64)
						if !ok || strings.Contains(strings.ToLower(k), "id") || strings.Contains(strings.ToLower(k), "hours") {
							continue
						}
						compared++
						if g, _ := got[k].(float64); g != w {
							t.Errorf("employee %d %s: %v with the reversal, %v for the twin", emp, k, got[k], w)
						}
					}
					if compared < 6 {
						t.Fatalf("only %d money totals compared: %v", compared, want)
					}
				}
				got := e.totals(t, P, rev)

				slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, rev), e.Key, nil).Expect(t, 200).Map(t)
				found := false
				for _, l := range slip["earningsLines"].([]any) {
					if m := l.(map[string]any); num(t, m["grossEarnings"]) == -100 {
						found = true
					}
				}
				if !found {
					t.Errorf("the reversal is not on the payslip: %v", slip["earningsLines"])
				}
				if c.region == "AU" { // the run is lodged at finalise
					e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
						"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
				}
				net1 := num(t, got["netEarnings"])
				e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": c.region == "AU"}).Expect(t, 200)
				e.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, rev), e.Key, nil).Expect(t, 200)
				c.file(t, e, P)
				acct := func(code, typ string) int64 {
					return int64(num(t, e.Do("POST", e.B+"/accounts", e.Key, map[string]any{"accountCode": code, "accountName": "Account " + code,
						"accountType": typ, "externalReferenceId": "ext-" + code}).Expect(t, 200).Map(t)["id"]))
				}
				e.Do("POST", e.B+"/chartofaccounts", e.Key, map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": acct("1100", "Asset"),
					"defaultExpenseAccountId": acct("6100", "Expense"), "defaultLiabilityAccountId": acct("2100", "Liability")}}).Expect(t, 200)
				var items []map[string]any
				e.Do("GET", fmt.Sprintf("%s/journal/%d", e.B, runOf(t, P)), e.Key, nil).Expect(t, 200).JSON(t, &items)
				var sum float64
				for _, it := range items {
					sum += num(t, it["amount"])
				}
				if math.Abs(sum) > 0.001 {
					t.Errorf("journal does not balance (%v): %v", sum, items)
				}

				// Year to date: the next run's payslip counts the lower pay.
				next := e.run(t, nextPeriodEnd(t, c.freq, c.day), 0, 0)
				net2 := num(t, e.totals(t, next, rev)["netEarnings"])
				slip = e.Do("GET", fmt.Sprintf("%s/payslips/%d", next, rev), e.Key, nil).Expect(t, 200).Map(t)
				expectAmount(t, "next payslip grossYTD", slip["grossYTD"], 2*c.salary-100)
				if got := num(t, slip["netYTD"]); math.Abs(got-(net1+net2)) > 0.001 {
					t.Errorf("next payslip netYTD %v, want %v + %v", got, net1, net2)
				}
			})
		})
	}
}

// Bad reversals are refused naming the field, with nothing stored.
func TestNegativeEarningsLineRefusals(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "AU", "Weekly")
		emp := e.employee(t, "Rev", "Weekly", map[string]any{"rate": 1200, "rateUnit": "Fixed"})
		P := e.run(t, "2026-11-22", 0, 0)
		for _, line := range []map[string]any{
			{"payCategoryId": "BON", "units": -2, "rate": -50},
			{"payCategoryId": "BON", "earnings": -1e10},
			{"payCategoryId": "BON", "units": -2e6, "rate": 1},
			{"payCategoryId": "BON", "earnings": -10.001},
		} {
			r := e.Do("POST", P+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{fmt.Sprint(emp): []any{line}}})
			r.Expect(t, 400)
		}
		expectAmount(t, "gross", e.totals(t, P, emp)["grossEarnings"], 1200)
	})
}

func nextPeriodEnd(t *testing.T, freq, day string) string {
	switch freq {
	case "Weekly":
		return map[string]string{"2026-11-22": "2026-11-29"}[day]
	case "Fortnightly":
		return map[string]string{"2026-11-22": "2026-12-06"}[day]
	case "Monthly":
		return map[string]string{"2026-11-30": "2026-12-31"}[day]
	}
	t.Fatalf("no next period for %s", freq)
	return ""
}
