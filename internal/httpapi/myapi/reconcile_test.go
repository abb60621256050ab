package myapi_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
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

func cents(t *testing.T, v any) int64 {
	t.Helper()
	m, err := payroll.ParseMoney(strconv.FormatFloat(num(t, v), 'f', -1, 64))
	if err != nil {
		t.Fatal(err)
	}
	return m.MinorUnits()
}

// TestMalaysianRunReconciles pays two employees in January 2026, one with
// a bonus, and checks that each payslip, the journal and the CP39 file
// (the one statutory return built: docs/reference/my-pay-rules.md §7)
// carry the same figures to the sen, and that those figures are the
// hand-derived ones below.
//
// Aminah: single (category 1), citizen aged 35, RM60,000 a year = 5,000.00
// in January, no earlier months.
//
//	EPF Part A (§3): 5,000 is the upper limit of its RM20 band:
//	employee 11% = 550.00, employer 13% (wages up to 5,000) = 650.00.
//	SOCSO first category, band 4,900.01-5,000 (§4.2): 0.5% of 4,950 = 24.75.
//	EIS, same band (§5): 0.2% of 4,950 = 9.90.
//	PCB (§2.1, January: n = 11, Y = K = X = 0):
//	  K2 = (4,000 - 550) / 11 = 313.6363 -> 313.63 (two decimals kept);
//	  P = (5,000 - 550) + (5,000 - 313.63) x 11 - 9,000 = 47,000.07;
//	  T = (47,000.07 - 35,000) x 6% + 600 = 1,320.0042 -> 1,320.00;
//	  MTD = 1,320.00 / 12 = 110.00 (already a multiple of five sen).
//	Net = 5,000 - 110.00 - 550.00 - 24.75 - 9.90 = 4,305.35.
//	(LINDUNG 24 Jam begins 1 June 2026; no HRD registration here.)
//
// Badrul: single (category 1), citizen aged 40, RM72,000 a year =
// 6,000.00 and a bonus of 6,000.00 in January.
//
//	EPF Part A on wages 12,000 (upper limit of its RM100 band): employee
//	11% = 1,320.00, employer 12% (normal wages over 5,000) = 1,440.00.
//	K1 = EPF on the normal 6,000 = 660.00; Kt = 1,320 - 660 = 660.00.
//	PCB normal part (§2.1 step 1): K2 = (4,000 - 660) / 11 = 303.6363 ->
//	  303.63; P = (6,000 - 660) + (6,000 - 303.63) x 11 - 9,000 =
//	  5,340 + 62,660.07 - 9,000 = 59,000.07; T = (59,000.07 - 50,000) x 11%
//	  + 1,500 = 2,490.0077 -> 2,490.00; [C] = 2,490.00 / 12 = 207.50;
//	  step 1[E] = X + [C] x 12 = 2,490.00.
//	Bonus (steps 2-4, K2 recomputed with Kt as in S3's April example):
//	  K2 = (4,000 - (660 + 660)) / 11 = 243.6363 -> 243.63;
//	  P = (6,000 - 660) + (6,000 - 243.63) x 11 + (6,000 - 660) - 9,000 =
//	  5,340 + 63,320.07 + 5,340 - 9,000 = 65,000.07;
//	  T = (65,000.07 - 50,000) x 11% + 1,500 = 3,150.0077 -> 3,150.00;
//	  MTD on the bonus = 3,150.00 - 2,490.00 = 660.00.
//	PCB = 207.50 + 660.00 = 867.50.
//
// CP39 (S2): total PCB 110.00 + 867.50 = 977.50 = 97750 sen, 2 employees.
// chartOfAccounts gives business B a payment, an expense and a liability
// account as its defaults, so its pay runs' journals post.
func chartOfAccounts(t *testing.T, b *testkit.Bundle, B, key string) {
	t.Helper()
	acct := func(code, typ string) int64 {
		return int64(num(t, b.Do("POST", B+"/accounts", key, map[string]any{"accountCode": code, "accountName": "Account " + code,
			"accountType": typ, "externalReferenceId": "ext-" + code}).Expect(t, 200).Map(t)["id"]))
	}
	b.Do("POST", B+"/chartofaccounts", key, map[string]any{"defaultAccounts": map[string]any{
		"paymentAccountId": acct("1100", "Asset"), "defaultExpenseAccountId": acct("6100", "Expense"),
		"defaultLiabilityAccountId": acct("2100", "Liability")}}).Expect(t, 200)
}

func TestMalaysianRunReconciles(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "MY")
		B, key := b.B, b.Key
		sched := int64(num(t, b.Do("POST", B+"/payschedule", key, map[string]any{"name": "Monthly", "frequency": "Monthly"}).Expect(t, 200).Map(t)["id"]))
		b.Do("POST", B+"/paycategory", key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
		b.Do("POST", B+"/paycategory", key, map[string]any{"name": "Bonus", "rateUnit": "Fixed", "externalId": "BON", "payCategoryType": "Bonus"}).Expect(t, 200)
		b.Do("POST", B+"/location", key, map[string]any{"name": "Head office"}).Expect(t, 200)
		b.Do("POST", B+"/statutorysettings", key, map[string]any{"eNumber": "E 90891510"}).Expect(t, 200)

		type person struct {
			first, surname, born, ext, ic, tax string
			annual                             float64
			id                                 int64
		}
		people := []*person{
			{first: "Aminah", surname: "Binti Ali", born: "1990-02-03", ext: "A001", ic: "900203-14-5678", tax: "SG 1234567-08", annual: 60000},
			{first: "Badrul", surname: "Bin Hasan", born: "1985-06-07", ext: "B002", ic: "850607-10-1234", tax: "SG 7654321-09", annual: 72000},
		}
		for _, p := range people {
			m := map[string]any{"firstName": p.first, "surname": p.surname, "dateOfBirth": p.born + "T00:00:00", "startDate": "2024-01-01T00:00:00",
				"employmentType": "FullTime", "paySchedule": "Monthly", "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office",
				"hoursPerWeek": 40, "rate": p.annual, "rateUnit": "Annually", "externalId": p.ext, "residentialStreetAddress": "1 Jalan Ampang",
				"residentialPostCode": "50450", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": p.first, "bankAccount1_AllocatedPercentage": 100}
			r := b.Do("POST", B+"/employee/unstructured?matchType=None", key, m).Expect(t, 200).Map(t)
			if r["status"] != "Active" {
				t.Fatalf("employee %s: %v", p.first, r)
			}
			p.id = int64(num(t, r["id"]))
			b.Do("PUT", fmt.Sprintf("%s/employee/%d/statutorydetails", B, p.id), key, map[string]any{"citizenship": "Citizen", "identityType": "NewIC",
				"identityNumber": p.ic, "taxNumber": p.tax, "maritalStatus": "Single"}).Expect(t, 200)
		}
		aminah, badrul := people[0], people[1]

		r := b.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-01-31T00:00:00", "datePaid": "2026-01-31T00:00:00"}).Expect(t, 200).Map(t)
		runID := int64(num(t, r["id"]))
		P := fmt.Sprintf("%s/payrun/%d", B, runID)
		b.Do("POST", P+"/earningslines", key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(badrul.id): []any{map[string]any{"payCategoryId": "BON", "earnings": 6000}}}}).Expect(t, 200)

		// The hand-derived figures (see the derivations above).
		want := map[int64]map[string]int64{
			aminah.id: {"grossEarnings": 500000, "pcbAmount": 11000, "payeWithheld": 11000, "epfEmployeeAmount": 55000, "epfEmployerAmount": 65000,
				"socsoEmployeeAmount": 2475, "eisEmployeeAmount": 990, "lindung24Amount": 0, "netEarnings": 430535},
			badrul.id: {"grossEarnings": 1200000, "pcbAmount": 86750, "payeWithheld": 86750, "epfEmployeeAmount": 132000, "epfEmployerAmount": 144000,
				"lindung24Amount": 0},
		}
		slips := map[int64]map[string]any{}
		for _, p := range people {
			tot := b.Do("GET", fmt.Sprintf("%s/totals/%d", P, p.id), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(p.id)].(map[string]any)
			if tot["isComplete"] != true {
				t.Fatalf("%s incomplete: %v", p.first, tot)
			}
			for k, w := range want[p.id] {
				if got := cents(t, tot[k]); got != w {
					t.Errorf("%s totals %s = %d, want %d", p.first, k, got, w)
				}
			}
			slips[p.id] = b.Do("GET", fmt.Sprintf("%s/payslips/%d", P, p.id), key, nil).Expect(t, 200).Map(t)
			// The payslip says what the totals say.
			for _, k := range []string{"grossEarnings", "netEarnings", "pcbAmount", "epfEmployeeAmount", "socsoEmployeeAmount", "eisEmployeeAmount"} {
				if cents(t, slips[p.id][k]) != cents(t, tot[k]) {
					t.Errorf("%s payslip %s %v, totals %v", p.first, k, slips[p.id][k], tot[k])
				}
			}
		}

		// The journal: per kind, the sum of both payslips.
		chartOfAccounts(t, b, B, key)
		var items []map[string]any
		b.Do("GET", fmt.Sprintf("%s/journal/%d", B, runID), key, nil).Expect(t, 200).JSON(t, &items)
		byLabel := map[string]int64{}
		var sum, asset int64
		for _, it := range items {
			a := cents(t, it["amount"])
			sum += a
			if it["journalItemType"] == "Asset" {
				asset += a
			}
			details := fmt.Sprint(it["details"])
			for _, l := range []string{"PCB/MTD", "EPF employee", "SOCSO employee", "EIS employee"} {
				if strings.Contains(details, l) && a < 0 {
					byLabel[l] += -a
				}
			}
		}
		slipSum := func(k string) int64 { return cents(t, slips[aminah.id][k]) + cents(t, slips[badrul.id][k]) }
		if sum != 0 || asset != -slipSum("netEarnings") {
			t.Errorf("journal sum %d, net pay %d, payslips' net %d: %v", sum, asset, slipSum("netEarnings"), items)
		}
		if byLabel["PCB/MTD"] != 97750 || slipSum("pcbAmount") != 97750 {
			t.Errorf("PCB: journal %d, payslips %d, want 97750", byLabel["PCB/MTD"], slipSum("pcbAmount"))
		}
		for l, k := range map[string]string{"EPF employee": "epfEmployeeAmount", "SOCSO employee": "socsoEmployeeAmount", "EIS employee": "eisEmployeeAmount"} {
			if byLabel[l] != slipSum(k) {
				t.Errorf("%s: journal %d, payslips %d", l, byLabel[l], slipSum(k))
			}
		}
		if byLabel["EPF employee"] != 55000+132000 {
			t.Errorf("EPF employee in the journal %d, want 187000", byLabel["EPF employee"])
		}

		// Nothing is in a return before the run is finalised.
		if body := string(b.Do("GET", B+"/report/cp39?year=2026&month=1", key, nil).Expect(t, 200).Body); body != "H"+"0090891510"+"0090891510"+"2026"+"01"+"0000000000"+"00000"+"0000000000"+"00000"+"\r\n" {
			t.Errorf("CP39 before finalising %q", body)
		}
		b.Do("POST", P+"/finalise", key, map[string]any{}).Expect(t, 200)

		// CP39: its total and each line equal the payslips.
		cp := string(b.Do("GET", B+"/report/cp39?year=2026&month=1", key, nil).Expect(t, 200).Body)
		lines := strings.Split(strings.TrimRight(cp, "\r\n"), "\r\n")
		if len(lines) != 3 {
			t.Fatalf("CP39 %q", cp)
		}
		if h := lines[0]; h != "H"+"0090891510"+"0090891510"+"2026"+"01"+"0000097750"+"00002"+"0000000000"+"00000" {
			t.Errorf("CP39 header %q", h)
		}
		var detailSum int64
		for i, p := range people {
			dl := lines[i+1]
			n, err := strconv.ParseInt(dl[110:118], 10, 64)
			if err != nil || len(dl) != 136 || !strings.HasPrefix(dl[12:72], p.first+" "+p.surname) || strings.TrimSpace(dl[126:]) != p.ext {
				t.Fatalf("CP39 line %q (%v)", dl, err)
			}
			if n != cents(t, slips[p.id]["pcbAmount"]) {
				t.Errorf("%s: CP39 %d sen, payslip %v", p.first, n, slips[p.id]["pcbAmount"])
			}
			detailSum += n
		}
		if detailSum != slipSum("pcbAmount") || detailSum != byLabel["PCB/MTD"] {
			t.Errorf("CP39 lines %d, payslips %d, journal %d", detailSum, slipSum("pcbAmount"), byLabel["PCB/MTD"])
		}
	})
}
