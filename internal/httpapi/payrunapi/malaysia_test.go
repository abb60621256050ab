package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// myEnv is a Malaysian business with a monthly schedule and Aminah, a
// citizen on RM60,000 a year.
type myEnv struct {
	*testkit.Bundle
	sched, aminah int64
}

func newMYEnv(t *testing.T, d *db.DB) *myEnv {
	b := testkit.NewBundle(t, d, "MY")
	e := &myEnv{Bundle: b}
	e.sched = int64(num(t, b.Do("POST", b.B+"/payschedule", b.Key, map[string]any{"name": "Monthly", "frequency": "Monthly"}).Expect(t, 200).Map(t)["id"]))
	b.Do("POST", b.B+"/paycategory", b.Key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
	b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Head office"}).Expect(t, 200)
	m := baseMembers("MY", "Aminah", "Monthly")
	m["surname"], m["dateOfBirth"], m["rate"], m["rateUnit"], m["hoursPerWeek"], m["externalId"] = "Binti Ali", "1990-02-03T00:00:00", 60000, "Annually", 40, "A001"
	r := b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, m).Expect(t, 200).Map(t)
	if r["status"] != "Active" {
		t.Fatalf("employee %v", r)
	}
	e.aminah = int64(num(t, r["id"]))
	return e
}

func (e *myEnv) run(t *testing.T, paid string) (int64, string) {
	r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.sched, "payPeriodEnding": paid + "T00:00:00", "datePaid": paid + "T00:00:00"}).Expect(t, 200).Map(t)
	id := int64(num(t, r["id"]))
	return id, fmt.Sprintf("%s/payrun/%d", e.B, id)
}

func (e *myEnv) total(t *testing.T, P string) map[string]any {
	tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, e.aminah), e.Key, nil).Expect(t, 200).Map(t)
	return tot["payRunTotals"].(map[string]any)[fmt.Sprint(e.aminah)].(map[string]any)
}

func wantCents(t *testing.T, what string, m map[string]any, want map[string]int64) {
	t.Helper()
	for k, w := range want {
		if got := cents(t, m[k]); got != w {
			t.Errorf("%s %s = %d, want %d", what, k, got, w)
		}
	}
}

// A Malaysian pay run computes every statutory figure (the issue's
// RM60,000-a-year employee in October 2026: PCB 110.00 with her earlier
// months from a previous employer's Form TP3, EPF 550/650, SOCSO
// 24.75/86.65, EIS 9.90/9.90, LINDUNG 24 Jam 37.15, HRD levy 50.00, net
// 4,268.20 rather than gross), or is refused with nothing stored (a year
// without rules), or holds the employee incomplete (no statutory details)
// so it cannot be finalised. The payslip, totals, journal, CP39 file and
// the next month's year to date reconcile.
func TestMalaysianPayRun(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newMYEnv(t, d)
		B, key := e.B, e.Key

		// A year without rules: 409 for sync and async creation, nothing stored.
		create := map[string]any{"payScheduleId": e.sched, "payPeriodEnding": "2027-01-31T00:00:00", "datePaid": "2027-01-31T00:00:00"}
		for _, path := range []string{B + "/payrun", B + "/payrun/async"} {
			r := e.Do("POST", path, key, create).Expect(t, 409)
			if msg := r.Map(t)["detail"].(string); !strings.Contains(msg, "not available") || !strings.Contains(msg, "nothing was stored") {
				t.Errorf("POST %s: %s", path, msg)
			}
		}
		var runs []map[string]any
		e.Do("GET", B+"/payrun", key, nil).Expect(t, 200).JSON(t, &runs)
		var jobs int
		if err := d.R.QueryRow("SELECT count(*) FROM payrun_jobs").Scan(&jobs); err != nil || len(runs) != 0 || jobs != 0 {
			t.Fatalf("refused runs stored: %v, %d jobs (%v)", runs, jobs, err)
		}

		// No statutory details: the employee is incomplete, never paid gross as net.
		id, P := e.run(t, "2026-10-31")
		tot := e.total(t, P)
		if tot["isComplete"] != false || !strings.Contains(tot["warning"].(string), "statutory details") {
			t.Fatalf("an employee without statutory details: %v", tot)
		}
		testkit.ExpectProblem(t, e.Do("POST", P+"/finalise", key, map[string]any{}), 409, "")

		// Her details, the employer's HRD registration; recalculate.
		details := map[string]any{"citizenship": "Citizen", "identityType": "NewIC", "identityNumber": "900203-14-5678", "taxNumber": "SG 1234567-08",
			"maritalStatus": "Single", "epfNumber": "12345678",
			"previousEmployment": map[string]any{"year": 2026, "remuneration": 45000, "epf": 4950, "pcb": 990}}
		got := e.Do("PUT", fmt.Sprintf("%s/employee/%d/statutorydetails", B, e.aminah), key, details).Expect(t, 200).Map(t)
		if got["recorded"] != true || got["identityNumber"] != "900203145678" || got["epfPart"] != "Auto" || got["lindung24"] != "Participating" {
			t.Fatalf("details %v", got)
		}
		e.Do("POST", B+"/statutorysettings", key, map[string]any{"eNumber": "E 90891510", "hrdfStatus": "Mandatory"}).Expect(t, 200)
		e.Do("POST", P+"/recalculate", key, nil).Expect(t, 200)

		tot = e.total(t, P)
		if tot["isComplete"] != true {
			t.Fatalf("recalculated: %v", tot)
		}
		wantCents(t, "totals", tot, map[string]int64{"grossEarnings": 500000, "payeWithheld": 11000, "pcbAmount": 11000,
			"epfEmployeeAmount": 55000, "epfEmployerAmount": 65000, "socsoEmployeeAmount": 2475, "socsoEmployerAmount": 8665,
			"eisEmployeeAmount": 990, "eisEmployerAmount": 990, "lindung24Amount": 3715, "hrdfAmount": 5000, "zakatAmount": 0,
			"netEarnings": 426820, "paygWithheld": 0})

		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, e.aminah), key, nil).Expect(t, 200).Map(t)
		wantCents(t, "payslip", slip, map[string]int64{"netEarnings": 426820, "pcbAmount": 11000, "epfEmployeeAmount": 55000,
			"socsoEmployeeAmount": 2475, "eisEmployeeAmount": 990, "lindung24Amount": 3715, "pcbYTD": 11000, "epfEmployeeYTD": 55000})

		ex := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, e.aminah), key, nil).Expect(t, 200).Map(t)
		if ex["matchesPaySlip"] != true || ex["region"] != "MY" || ex["taxYear"] != "2026" || ex["inputs"].(map[string]any)["my"] == nil {
			t.Fatalf("explain %v", ex)
		}
		codes := map[string]bool{}
		for _, f := range ex["figures"].([]any) {
			m := f.(map[string]any)
			codes[m["code"].(string)] = true
			if r := m["rule"].(map[string]any); !strings.HasPrefix(r["code"].(string), "my.") || r["source"] == "" {
				t.Errorf("figure rule %v", m)
			}
		}
		for _, c := range []string{"pcb", "epf.employee", "epf.employer", "socso.employee", "socso.employer", "eis.employee", "eis.employer", "lindung24", "hrd"} {
			if !codes[c] {
				t.Errorf("explain lacks %s: %v", c, codes)
			}
		}

		// The journal balances and carries every Malaysian amount.
		e.Do("POST", B+"/chartofaccounts", key, map[string]any{"defaultAccounts": map[string]any{
			"paymentAccountId": acct(t, e, "1100", "Asset"), "defaultExpenseAccountId": acct(t, e, "6100", "Expense"),
			"defaultLiabilityAccountId": acct(t, e, "2100", "Liability")}}).Expect(t, 200)
		var items []map[string]any
		e.Do("GET", fmt.Sprintf("%s/journal/%d", B, id), key, nil).Expect(t, 200).JSON(t, &items)
		var sum, asset int64
		var details_ []string
		for _, it := range items {
			a := cents(t, it["amount"])
			sum += a
			if it["journalItemType"] == "Asset" {
				asset += a
			}
			details_ = append(details_, fmt.Sprint(it["details"]))
		}
		text := strings.Join(details_, "|")
		if sum != 0 || asset != -426820 {
			t.Fatalf("journal sum %d, net pay %d: %v", sum, asset, items)
		}
		for _, w := range []string{"PCB/MTD", "EPF employee", "EPF employer", "SOCSO employee", "SOCSO employer", "EIS employee", "EIS employer", "LINDUNG 24 Jam", "HRD Corp levy"} {
			if !strings.Contains(text, w) {
				t.Errorf("journal lacks %s: %s", w, text)
			}
		}

		e.Do("POST", P+"/finalise", key, map[string]any{}).Expect(t, 200)

		// CP39: the header and Aminah's line, PCB in sen.
		cp := e.Do("GET", B+"/report/cp39?year=2026&month=10", key, nil).Expect(t, 200)
		lines := strings.Split(strings.TrimRight(string(cp.Body), "\r\n"), "\r\n")
		if len(lines) != 2 || len(lines[0]) != 57 || len(lines[1]) != 136 {
			t.Fatalf("CP39 %q", cp.Body)
		}
		if h := lines[0]; h != "H"+"0090891510"+"0090891510"+"2026"+"10"+"0000011000"+"00001"+"0000000000"+"00000" {
			t.Errorf("CP39 header %q", h)
		}
		dl := lines[1]
		if dl[:12] != "D"+"0123456708"+"0" || !strings.HasPrefix(dl[12:72], "Aminah Binti Ali") || dl[84:96] != "900203145678" ||
			dl[110:118] != "00011000" || dl[118:126] != "00000000" || strings.TrimSpace(dl[126:]) != "A001" {
			t.Errorf("CP39 detail %q", dl)
		}
		testkit.ExpectProblem(t, e.Do("GET", B+"/report/cp39?year=2026&month=13", key, nil), 400, "month")

		// November: the year to date now includes October's finalised run.
		// P = (50,000 - 4,000) + 5,000 + 5,000 x 1 - 9,000 = 47,000; tax
		// 1,320; X = 990 + 110: (1,320 - 1,100) / 2 = 110.00.
		_, P2 := e.run(t, "2026-11-30")
		wantCents(t, "November totals", e.total(t, P2), map[string]int64{"pcbAmount": 11000, "epfEmployeeAmount": 55000, "netEarnings": 426820})
		slip2 := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P2, e.aminah), key, nil).Expect(t, 200).Map(t)
		wantCents(t, "November payslip", slip2, map[string]int64{"pcbYTD": 22000, "epfEmployeeYTD": 110000, "lindung24YTD": 7430})

		// Other tenants and regions.
		testkit.ExpectProblem(t, e.Do("GET", fmt.Sprintf("%s/employee/%d/statutorydetails", e.OtherB, e.aminah), e.OtherKey, nil), 404, "")
		testkit.ExpectProblem(t, e.Do("PUT", fmt.Sprintf("%s/employee/%d/statutorydetails", B, e.aminah), key, map[string]any{"citizenship": "Martian"}), 400, "citizenship")
		testkit.ExpectProblem(t, e.Do("PUT", fmt.Sprintf("%s/employee/%d/statutorydetails", B, e.aminah), key,
			map[string]any{"citizenship": "Foreign", "lindung24": "OptedOut"}), 400, "lindung24")
	})
}

func acct(t *testing.T, e *myEnv, code, typ string) int64 {
	return int64(num(t, e.Do("POST", e.B+"/accounts", e.Key, map[string]any{"accountCode": code, "accountName": "Account " + code,
		"accountType": typ, "externalReferenceId": "ext-" + code}).Expect(t, 200).Map(t)["id"]))
}
