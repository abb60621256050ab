package ukapi_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestUKPensionContributions: memberships of four pension plans, one
// finalised weekly and one finalised monthly run of July 2026, their
// totals, pay slips and the pension contributions report.
//
// Figures by hand from payroll-rules-2026-27.md (§2.6: qualifying earnings
// band frozen at 2025-26, payroll-rules.md §2.6: weekly £120-£967, monthly
// £520-£4,189; PT weekly £242, monthly £1,048; 1257L free pay weekly
// £241.90, monthly £1,048.25; taxable pay rounded down to the pound, 20%),
// all on week 1/month 1, NI category A (8% PT→UEL). Contributions rounded
// to the penny half up (the rules give no rounding).
//
// Mary, weekly £500, qualifying earnings, net pay arrangement 5% / 3%:
// base 500 − 120 = 380.00; employee 19.00, employer 11.40; taxable
// 500 − 19 = 481 − 241.90 = 239.10 → 239 × 20% = 47.80; NI (500 − 242) × 8%
// = 20.64 (not reduced by net pay); net 500 − 47.80 − 20.64 − 19.00 = 412.56.
//
// Olive, weekly £500, full pay, relief at source 5% / 3%: base 500; gross
// 25.00, deducted 80% = 20.00, employer 15.00; tax (500 − 241.90 → 258) × 20%
// = 51.60; NI 20.64; net 500 − 51.60 − 20.64 − 20.00 = 407.76.
//
// Monty, monthly £3,000, qualifying earnings, net pay, the plan's 5% / 3%:
// base 3,000 − 520 = 2,480; employee 124.00, employer 74.40; tax
// (3,000 − 124 − 1,048.25 = 1,827.75 → 1,827) × 20% = 365.40; NI
// (3,000 − 1,048) × 8% = 156.16; net 3,000 − 365.40 − 156.16 − 124 = 2,354.44.
//
// Mona, monthly £2,500, full pay, salary sacrifice 5%, employer 4% (her
// own rate over the plan's 3%): sacrifice 125.00 (pre-tax), employer 100.00;
// pay after sacrifice 2,375; tax (2,375 − 1,048.25 = 1,326.75 → 1,326) × 20%
// = 265.20; NI (2,375 − 1,048) × 8% = 106.16; net 2,500 − 125 − 265.20 −
// 106.16 = 2,003.64.
func TestUKPensionContributions(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		id := func(path string, body map[string]any) int64 {
			t.Helper()
			return int64(num(t, e.Do("POST", path, key, body).Expect(t, 200).Map(t)["id"]))
		}
		scheme := id(e.B+"/pensionscheme", map[string]any{"name": "NEST"})
		plan := func(name string, qe bool, typ string, ee, er, ss float64) int64 {
			return id(fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), map[string]any{"contributionPlanName": name, "calculateOnQualifyingEarnings": qe,
				"pensionType": typ, "employeeContribution": ee, "employerContribution": er, "salarySacrifice": ss})
		}
		qeNet := plan("QE net pay", true, "NetPay", 5, 3, 0)
		fullRAS := plan("Full pay RAS", false, "ReliefAtSource", 5, 3, 0)
		fullSS := plan("Full pay salary sacrifice", false, "NetPay", 0, 3, 5)
		monthly := id(e.B+"/payschedule", map[string]any{"name": "Monthly", "frequency": "Monthly"})
		person := func(first string, rate float64) int64 {
			return id(e.B+"/employee/unstructured?matchType=None", map[string]any{"firstName": first, "surname": "Pension", "dateOfBirth": "1980-05-06T00:00:00",
				"startDate": "2024-01-01T00:00:00", "employmentType": "FullTime", "paySchedule": "Monthly", "primaryPayCategory": "Ordinary Hours",
				"primaryLocation": "Head office", "residentialStreetAddress": "1 High St", "residentialPostCode": "SW1A 1AA", "residentialCity": "London",
				"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100, "bankAccount1_SortCode": "12-34-56",
				"taxCode": "1257L", "taxCalculationMethod": "NonCumulative", "nationalInsuranceCategory": "A", "rate": rate, "rateUnit": "Fixed"})
		}
		monty, mona := person("Monty", 3000), person("Mona", 2500)
		for _, emp := range []int64{e.emp, e.other} {
			e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, emp), key, map[string]any{"taxCalculationMethod": "NonCumulative"}).Expect(t, 200)
		}
		M := func(emp int64) string { return fmt.Sprintf("%s/employee/%d/pension/membership", e.B, emp) }

		// Membership: 404 before, defaults from the plan, overrides, 409 on a stale version.
		testkit.ExpectProblem(t, e.Do("GET", M(e.emp), key, nil), 404, "")
		m := e.Do("PUT", M(e.emp), key, map[string]any{"pensionSchemeContributionPlanId": qeNet, "startDate": "2026-04-06T00:00:00"}).Expect(t, 200).Map(t)
		if m["pensionSchemeId"] != float64(scheme) || m["pensionSchemeName"] != "NEST" || m["arrangement"] != "NetPay" || m["basis"] != "QualifyingEarnings" ||
			m["effectiveEmployeeContribution"] != 5.0 || m["effectiveEmployerContribution"] != 3.0 || m["employeeContribution"] != nil || m["version"] != 1.0 {
			t.Fatalf("membership %v", m)
		}
		e.Do("PUT", M(e.other), key, map[string]any{"pensionSchemeContributionPlanId": fullRAS, "startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
		e.Do("PUT", M(monty), key, map[string]any{"pensionSchemeContributionPlanId": qeNet, "startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
		ss := e.Do("PUT", M(mona), key, map[string]any{"pensionSchemeContributionPlanId": fullSS, "employerContribution": 4, "startDate": "2026-07-01T00:00:00"}).Expect(t, 200).Map(t)
		if ss["arrangement"] != "SalarySacrifice" || ss["basis"] != "PensionablePay" || ss["effectiveEmployeeContribution"] != 5.0 || ss["effectiveEmployerContribution"] != 4.0 {
			t.Fatalf("salary sacrifice membership %v", ss)
		}
		// Updating with the version read; the old version again is a 409.
		up := e.Do("PUT", M(monty), key, map[string]any{"pensionSchemeContributionPlanId": qeNet, "startDate": "2026-04-06T00:00:00", "version": 1}).Expect(t, 200).Map(t)
		if up["version"] != 2.0 {
			t.Fatalf("update %v", up)
		}
		testkit.ExpectProblem(t, e.Do("PUT", M(monty), key, map[string]any{"pensionSchemeContributionPlanId": qeNet, "version": 1}), 409, "")

		// A weekly and a monthly run, finalised.
		runOf := func(schedule int64, end string) string {
			r := id(e.B+"/payrun", map[string]any{"payScheduleId": schedule, "payPeriodEnding": end + "T00:00:00", "datePaid": end + "T00:00:00"})
			return fmt.Sprintf("%s/payrun/%d", e.B, r)
		}
		W, Mo := runOf(e.schedule, "2026-07-01"), runOf(monthly, "2026-07-31")
		want := []struct {
			run                   string
			emp                   int64
			ee, er, base, net, pt float64
			preTax, taxable       float64
		}{
			{W, e.emp, 19, 11.40, 380, 412.56, 47.80, 0, 481},
			{W, e.other, 20, 15, 500, 407.76, 51.60, 0, 500},
			{Mo, monty, 124, 74.40, 2480, 2354.44, 365.40, 0, 2876},
			{Mo, mona, 125, 100, 2500, 2003.64, 265.20, 125, 2375},
		}
		for _, w := range want {
			tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", w.run, w.emp), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(w.emp)].(map[string]any)
			got := []float64{num(t, tot["employeePensionContribution"]), num(t, tot["employerPensionContribution"]), num(t, tot["employeePensionableEarnings"]),
				num(t, tot["netEarnings"]), num(t, tot["payeWithheld"]), num(t, tot["preTaxDeductions"]), num(t, tot["taxableEarnings"])}
			exp := []float64{w.ee, w.er, w.base, w.net, w.pt, w.preTax, w.taxable}
			for i := range got {
				if got[i] != exp[i] {
					t.Errorf("employee %d: totals %v, want ee/er/base/net/paye/preTax/taxable %v", w.emp, got, exp)
					break
				}
			}
		}
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", W, e.other), key, nil).Expect(t, 200).Map(t)
		if slip["employeePensionContribution"] != 20.0 || slip["employerPensionContribution"] != 15.0 || slip["pensionArrangement"] != "ReliefAtSource" {
			t.Errorf("payslip %v", slip)
		}
		for _, r := range []string{W, Mo} {
			e.Do("POST", r+"/finalise", key, nil).Expect(t, 200)
		}
		checkPensionJournal(t, e, Mo)
		// Year to date (finalised runs): Monty's contributions of July.
		if y := e.Do("GET", fmt.Sprintf("%s/employee/%d/yeartodate?date=2026-08-15T00:00:00", e.B, monty), key, nil).Expect(t, 200).Map(t); y["employeePension"] != 124.0 || y["employerPension"] != 74.4 {
			t.Errorf("monty year to date %v", y)
		}
		if y := e.Do("GET", fmt.Sprintf("%s/employee/%d/yeartodate?date=2026-08-15T00:00:00", e.B, mona), key, nil).Expect(t, 200).Map(t); y["employeePension"] != 125.0 || y["employerPension"] != 100.0 {
			t.Errorf("mona year to date %v", y)
		}
		// A draft run of August is not counted.
		runOf(monthly, "2026-08-31")

		var rows []map[string]any
		e.Do("GET", e.B+"/report/pensioncontributions?fromDate=2026-07-01&toDate=2026-08-31", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 4 {
			t.Fatalf("report rows %v", rows)
		}
		byEmp := map[float64]map[string]any{}
		for _, r := range rows {
			if r["pensionSchemeName"] != "NEST" || r["payRuns"] != 1.0 {
				t.Errorf("report row %v", r)
			}
			byEmp[num(t, r["employeeId"])] = r
		}
		// Olive: gross 25.00 + employer 15.00 = 40.00 to the scheme.
		if o := byEmp[float64(e.other)]; o["employeeContribution"] != 20.0 || o["employeeGrossContribution"] != 25.0 || o["totalContribution"] != 40.0 ||
			o["contributionPlanName"] != "Full pay RAS" {
			t.Errorf("olive %v", o)
		}
		if m := byEmp[float64(mona)]; m["arrangement"] != "SalarySacrifice" || m["employeeContribution"] != 125.0 || m["employerContribution"] != 100.0 || m["pensionablePay"] != 2500.0 {
			t.Errorf("mona %v", m)
		}
		e.Do("GET", fmt.Sprintf("%s/report/pensioncontributions?fromDate=2026-07-01&toDate=2026-07-31&employeeId=%d", e.B, monty), key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 1 || rows[0]["employeeContribution"] != 124.0 || rows[0]["contributionBase"] != 2480.0 {
			t.Errorf("monty only %v", rows)
		}
		e.Do("GET", e.B+"/report/pensioncontributions?fromDate=2026-08-01", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 0 {
			t.Errorf("august (draft only) %v", rows)
		}
		x := e.Do("GET", e.B+"/report/pensioncontributions/xlsx?fromDate=2026-07-01", key, nil).Expect(t, 200)
		if !bytes.HasPrefix(x.Body, []byte("PK")) {
			t.Fatal("xlsx is not a zip")
		}

		// Ending the membership before a period stops contributions there.
		e.Do("PUT", M(monty), key, map[string]any{"pensionSchemeContributionPlanId": qeNet, "startDate": "2026-04-06T00:00:00", "endDate": "2026-07-31T00:00:00"}).Expect(t, 200)
		sep := runOf(monthly, "2026-09-30")
		if tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", sep, monty), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(monty)].(map[string]any); tot["employeePensionContribution"] != 0.0 {
			t.Errorf("after endDate %v", tot)
		}
		e.Do("DELETE", M(mona), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("GET", M(mona), key, nil), 404, "")

		_, auB := e.AddBusiness("Alice AU", "AU")
		e.RunCases(t, []testkit.Case{
			{Name: "membership needs a plan", Method: "PUT", Path: M(e.emp), Key: key, Body: map[string]any{}, Status: 400, Field: "pensionSchemeContributionPlanId"},
			{Name: "unknown plan", Method: "PUT", Path: M(e.emp), Key: key, Body: map[string]any{"pensionSchemeContributionPlanId": fullSS + 1000}, Status: 400, Field: "pensionSchemeContributionPlanId"},
			{Name: "rate over 100", Method: "PUT", Path: M(e.emp), Key: key, Body: map[string]any{"pensionSchemeContributionPlanId": qeNet, "employeeContribution": 101}, Status: 400, Field: "employeeContribution"},
			{Name: "end before start", Method: "PUT", Path: M(e.emp), Key: key, Body: map[string]any{"pensionSchemeContributionPlanId": qeNet, "startDate": "2026-05-01T00:00:00", "endDate": "2026-04-01T00:00:00"}, Status: 400, Field: "endDate"},
			{Name: "bob's employee", Method: "PUT", Path: e.EO + "/pension/membership", Key: key, Body: map[string]any{"pensionSchemeContributionPlanId": qeNet}, Status: 404},
			{Name: "another tenant's plan", Method: "PUT", Path: e.EO + "/pension/membership", Key: e.OtherKey, Body: map[string]any{"pensionSchemeContributionPlanId": qeNet}, Status: 400, Field: "pensionSchemeContributionPlanId"},
			{Name: "delete twice", Method: "DELETE", Path: M(mona), Key: key, Status: 404},
			{Name: "membership anonymous", Method: "GET", Path: M(e.emp), Status: 401},
			{Name: "report anonymous", Method: "GET", Path: e.B + "/report/pensioncontributions", Status: 401},
			{Name: "report bad date", Method: "GET", Path: e.B + "/report/pensioncontributions?fromDate=July", Key: key, Status: 400, Field: "fromDate"},
			{Name: "report dates reversed", Method: "GET", Path: e.B + "/report/pensioncontributions?fromDate=2026-08-01&toDate=2026-07-01", Key: key, Status: 400, Field: "toDate"},
			{Name: "report other tenant", Method: "GET", Path: e.B + "/report/pensioncontributions", Key: e.OtherKey, Status: 404},
			{Name: "report outside the UK", Method: "GET", Path: auB + "/report/pensioncontributions", Key: key, Status: 400},
			{Name: "xlsx outside the UK", Method: "GET", Path: auB + "/report/pensioncontributions/xlsx", Key: key, Status: 400},
		})
	})
}

// checkPensionJournal: the journal of the monthly run (Monty and Mona)
// posts the pension contributions and balances to the cent. By hand from
// the figures above: debits wages 3,000 + 2,500 = 5,500.00, employer NI
// 15% × (3,000 − 417) = 387.45 and 15% × (2,375 − 417) = 293.70 (681.15),
// employer pension 74.40 + 100.00 = 174.40; credits net 2,354.44 +
// 2,003.64 = 4,358.08, PAYE 365.40 + 265.20 = 630.60, employee NI 156.16
// + 106.16 = 262.32, employee pension 124.00 + 125.00 = 249.00 (net pay
// deducted; salary sacrifice given up), employer NI 681.15, employer
// pension 174.40: 5,500 + 681.15 + 174.40 = 6,355.55 = 4,358.08 + 630.60 +
// 262.32 + 249.00 + 681.15 + 174.40.
func checkPensionJournal(t *testing.T, e *env, run string) {
	t.Helper()
	acct := func(code, typ string) int64 {
		return int64(num(t, e.Do("POST", e.B+"/accounts", e.Key, map[string]any{"accountCode": code, "accountName": "Account " + code,
			"accountType": typ, "externalReferenceId": "ext-" + code}).Expect(t, 200).Map(t)["id"]))
	}
	pay, exp, liab := acct("1100", "Asset"), acct("6100", "Expense"), acct("2100", "Liability")
	e.Do("POST", e.B+"/chartofaccounts", e.Key, map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": pay,
		"defaultExpenseAccountId": exp, "defaultLiabilityAccountId": liab}}).Expect(t, 200)
	var runID int64
	fmt.Sscanf(run[len(e.B+"/payrun/"):], "%d", &runID)
	var items []map[string]any
	e.Do("GET", fmt.Sprintf("%s/journal/%d", e.B, runID), e.Key, nil).Expect(t, 200).JSON(t, &items)
	var debits, credits int64
	byType := map[string]int64{}
	for _, it := range items {
		a := int64(num(t, it["amount"])*100 + 0.5*sign(num(t, it["amount"])))
		if it["isDebit"] == true {
			debits += a
		} else {
			credits -= a
		}
		byType[it["journalItemType"].(string)] += a
	}
	if debits != credits || debits != 635555 {
		t.Errorf("journal debits %d credits %d, want 635555 each: %v", debits, credits, items)
	}
	if byType["EmployeePensionLiability"] != -24900 || byType["EmployerPensionExpense"] != 17440 || byType["EmployerPensionLiability"] != -17440 {
		t.Errorf("journal pension lines %v", byType)
	}
}

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}
