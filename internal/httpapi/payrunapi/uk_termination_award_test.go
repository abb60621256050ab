package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// UK redundancy pay in the final pay (ITEPA 2003 s 403: the first £30,000
// of a termination award is exempt from income tax; it is not earnings,
// so no Class 1 NI; GOV.UK, "Redundancy: your rights – tax and National
// Insurance": "Statutory redundancy pay under £30,000 is not taxable"):
// Rob, £3,000 a month on BR, category A, made redundant on 31 October 2026
// with £9,000 of redundancy pay:
//   - PAYE BR: 20% × 3,000 = 600.00 (taxing the award too: 2,400.00);
//   - employee NI 8% × (3,000 − 1,048) = 156.16; employer 15% × (3,000 −
//     417) = 387.45;
//   - gross 12,000, taxable 3,000.
func TestAuditUKRedundancyPayUnderThirtyThousand(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		red := e.redundancyCategory(t)
		rob := e.employee(t, "Rob", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "BR", "nationalInsuranceCategory": "A",
			"startDate": "2020-01-06T00:00:00"})
		P := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": rob, "terminationReason": "Redundancy", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		e.pay(t, P, rob, red, 9000)
		tot := e.totals(t, P, rob)
		expectAmount(t, "gross", tot["grossEarnings"], 12000)
		expectAmount(t, "taxable", tot["taxableEarnings"], 3000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 600)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 156.16)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 387.45)
		expectAmount(t, "Class 1A", tot["employerClass1ANicsAmount"], 0)
	})
}

// A UK termination award past £30,000 (ITEPA 2003 s 403(1): only the
// first £30,000 is exempt, counting the employment's earlier awards; the
// excess is taxable through PAYE but is not earnings for Class 1 NI, so
// no employee or employer Class 1 and no student loan on it; the employer
// owes Class 1A NICs on it, paid and reported in real time: HMRC NIM02511,
// NIM13203, NIM13205; Class 1A rate 15%, payroll-rules-2026-27.md).
// Rae, £3,000 a month on 1257L, category A, no earlier pay this tax year
// in this payroll, made redundant on 31 October 2026 (month 7) with a
// £40,000 award in her final pay:
//   - exempt 30,000, excess 10,000: gross 43,000, taxable 3,000 + 10,000
//     = 13,000;
//   - PAYE month 7, cumulative (HMRC's Specification for PAYE Tax Table
//     Routines, docs/reference/uk-paye.md): 1257L free pay 2 × 416.67 +
//     214.92 (257: 2,579 ÷ 12 rounded up) = 1,048.26 a month, × 7 =
//     7,337.82; taxable to date 13,000 − 7,337.82 = 5,662.18 → £5,662, under
//     the month-7 basic-rate limit 37,700 × 7 ÷ 12 = 21,991.67: 20% × 5,662
//     = 1,132.40;
//   - NI on the 3,000 only (monthly PT 1,048, ST 417): employee 8% ×
//     (3,000 − 1,048) = 156.16, employer 15% × (3,000 − 417) = 387.45 (on
//     13,000 the employee's would be 8% × (4,189 − 1,048) + 2% × (13,000 −
//     4,189) = 427.50);
//   - Class 1A 15% × 10,000 = 1,500.00 (whole pence, no rounding);
//   - net 43,000 − 1,132.40 − 156.16 = 41,711.44.
//
// The run finalises; its FPS carries Class1ANICsYTD 1500.00 and the
// journal posts the 1,500.00 as an expense and a liability.
//
// In November a second award of £5,000 is paid after leaving (a run
// including leavers): with the 40,000 before, all of it is excess:
//   - taxable 5,000; PAYE 0T month 1 (GOV.UK "Employee leaving"; the
//     routine: month-1 basic-rate limit 37,700 ÷ 12 = 3,141.6666, its tax
//     7,540 ÷ 12 = 628.3333; 628.3333 + 40% × (5,000 − 3,141.6666) =
//     1,371.66666 → 1,371.66);
//   - no NI (nothing NI-able); Class 1A 15% × 5,000 = 750.00;
//   - the FPS's Class1ANICsYTD 1,500.00 + 750.00 = 2,250.00.
func TestAuditUKTerminationAwardPastThirtyThousand(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		red := e.redundancyCategory(t)
		rae := e.employee(t, "Rae", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2020-01-06T00:00:00", "gender": "Female", "dateOfBirth": "1990-02-03T00:00:00"})
		P := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": rae, "terminationReason": "Redundancy", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		e.pay(t, P, rae, red, 40000)
		tot := e.totals(t, P, rae)
		for _, c := range []struct {
			name, member string
			want         float64
		}{
			{"gross", "grossEarnings", 43000}, {"taxable", "taxableEarnings", 13000}, {"PAYE", "payeWithheld", 1132.40},
			{"employee NI", "employeeNationalInsuranceContribution", 156.16}, {"employer NI", "employerNationalInsuranceContribution", 387.45},
			{"Class 1A", "employerClass1ANicsAmount", 1500}, {"net", "netEarnings", 41711.44},
		} {
			expectAmount(t, c.name, tot[c.member], c.want)
		}
		if x := e.explainTerms(t, P, rae, "ni.class1a"); x["termination award over £30,000 (not Class 1 earnings)"] != 10000 {
			t.Errorf("explanation of Class 1A: %v", x)
		}
		acct := func(code, typ string) int64 {
			return int64(num(t, e.Do("POST", e.B+"/accounts", e.Key, map[string]any{"accountCode": code, "accountName": "Account " + code,
				"accountType": typ}).Expect(t, 200).Map(t)["id"]))
		}
		e.Do("POST", e.B+"/chartofaccounts", e.Key, map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": acct("1100", "Asset"),
			"defaultExpenseAccountId": acct("6100", "Expense"), "defaultLiabilityAccountId": acct("2100", "Liability"),
			"nationalInsuranceExpenseAccountId": acct("6300", "Expense"), "nationalInsuranceLiabilityAccountId": acct("2300", "Liability")}}).Expect(t, 200)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		var items []map[string]any
		e.Do("GET", fmt.Sprintf("%s/journal/%d", e.B, runOf(t, P)), e.Key, nil).Expect(t, 200).JSON(t, &items)
		posted := map[string]bool{}
		for _, it := range items {
			posted[fmt.Sprintf("%s %s %s %.2f", it["details"], it["journalItemType"], it["accountCode"], it["amount"])] = true
		}
		// Class 1A posts like employer NI, on its own line: expense (NI
		// expense account) and liability to HMRC (NI liability account).
		for _, want := range []string{"Employer Class 1A NICs NationalInsuranceExpense 6300 1500.00",
			"Employer Class 1A NICs NationalInsuranceLiability 2300 -1500.00", "Employer National Insurance NationalInsuranceExpense 6300 387.45"} {
			if !posted[want] {
				t.Errorf("journal has no %q: %v", want, posted)
			}
		}

		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-11-30T00:00:00",
			"datePaid": "2026-11-30T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		nov := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.pay(t, nov, rae, red, 5000)
		tot = e.totals(t, nov, rae)
		for _, c := range []struct {
			name, member string
			want         float64
		}{
			{"November taxable", "taxableEarnings", 5000}, {"November PAYE", "payeWithheld", 1371.66},
			{"November employee NI", "employeeNationalInsuranceContribution", 0}, {"November employer NI", "employerNationalInsuranceContribution", 0},
			{"November Class 1A", "employerClass1ANicsAmount", 750},
		} {
			expectAmount(t, c.name, tot[c.member], c.want)
		}
		e.Do("POST", nov+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		for _, c := range []struct {
			name    string
			run     string
			taxable float64
			ytd     float64
		}{{"October", P, 13000, 1500}, {"November", nov, 5000, 2250}} {
			fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": runOf(t, c.run)}).Expect(t, 200).Map(t)
			pay := fps["employees"].([]any)[0].(map[string]any)["payment"].(map[string]any)
			if pay["taxablePay"] != c.taxable || pay["class1ANICsYTD"] != c.ytd {
				t.Errorf("%s's FPS: taxable %v, Class1ANICsYTD %v, want %v and %v", c.name, pay["taxablePay"], pay["class1ANICsYTD"], c.taxable, c.ytd)
			}
		}

		// The P32 owes HMRC the Class 1A with the month's PAYE and NI (no
		// employment allowance claimed here): October's run is in tax
		// month 7, 1,132.40 + 156.16 + 387.45 + 1,500.00 = 3,176.01;
		// November's in month 8, 1,371.66 + 750.00 = 2,121.66.
		p32 := e.Do("GET", e.B+"/report/p32?taxYear=2026/27", e.Key, nil).Expect(t, 200).Map(t)
		// The apprenticeship levy's pay bill (earnings liable to Class 1
		// secondary NICs) leaves the awards out: 3,000 in month 7, 0 in 8.
		due := map[float64][3]float64{7: {1500, 3176.01, 3000}, 8: {750, 2121.66, 0}}
		for _, m := range p32["months"].([]any) {
			m := m.(map[string]any)
			if w, ok := due[m["taxMonth"].(float64)]; ok {
				expectAmount(t, fmt.Sprintf("P32 month %v Class 1A", m["taxMonth"]), m["class1ANICs"], w[0])
				expectAmount(t, fmt.Sprintf("P32 month %v total due", m["taxMonth"]), m["totalDue"], w[1])
				expectAmount(t, fmt.Sprintf("P32 month %v pay bill", m["taxMonth"]), m["payBill"], w[2])
			}
		}
	})
}
