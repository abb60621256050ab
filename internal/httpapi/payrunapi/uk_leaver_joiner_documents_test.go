package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The P45, P60 and FPS of a UK leaver paid a termination award, derived
// by hand (HMRC, "P45, P60 and P11D forms: workers' guide" and the P45
// part 1A boxes, docs/reference/uk-p45.md; HMRC RTI guidance for the FPS
// NI fields: "Gross earnings for NICs" are the earnings NICs are worked
// on, split at the LEL, PT and UEL; ITEPA 2003 s 403 and SSCBA: a
// termination award is not earnings, so no Class 1 NICs on it;
// payroll-rules-2026-27.md: monthly LEL 559, PT 1,048, UEL 4,189).
//
// Rob, £3,000 a month on BR, category A, student loan plan 2, started on
// 1 October 2026, is made redundant on 31 October with a £9,000 award:
// taxable 3,000, PAYE 20% × 3,000 = 600.00, employee NI 8% × (3,000 −
// 1,048) = 156.16.
//
//	P45: leaving date 31 October 2026, code BR not week 1/month 1, month 7
//	(paid 31 October: 6 October to 5 November), total pay to date 3,000.00
//	and tax 600.00, the same in this employment, student loan deductions
//	to continue.
//	The FPS: NI-able earnings 3,000 (not 12,000): at the LEL 559.00, LEL
//	to PT 489.00, PT to UEL 1,952.00, employee NI 156.16; gross for NICs
//	in the period and to date 3,000.00, taxable pay to date 3,000.00.
//	No P60 for 2026/27: he left before 5 April 2027 (GOV.UK "Give
//	employees a P60": to employees working for you on 5 April); the P60
//	refuses (409) saying he left on 31 October and got a P45. The same
//	figures on a P60 are in ukapi's TestNIablePayStoredAwardLeftOut.
func TestAuditUKLeaverAwardDocuments(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		red := e.redundancyCategory(t)
		rob := e.employee(t, "Rob", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "BR", "nationalInsuranceCategory": "A",
			"startDate": "2026-10-01T00:00:00", "studentLoanType": "Plan2", "gender": "Male", "dateOfBirth": "1990-02-03T00:00:00"})
		P := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": rob, "terminationReason": "Redundancy", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		e.pay(t, P, rob, red, 9000)
		tot := e.totals(t, P, rob)
		expectAmount(t, "taxable", tot["taxableEarnings"], 3000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 600)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 156.16)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, rob), e.Key, nil).Expect(t, 200).Map(t)
		data, _ := p45["data"].(map[string]any)
		if data == nil {
			data = p45
		}
		if l, _ := data["leavingDate"].(string); len(l) < 10 || l[:10] != "2026-10-31" || data["taxCode"] != "BR" || data["week1Month1"] != false ||
			data["periodType"] != "Month" || num(t, data["periodNumber"]) != 7 || data["studentLoanDeductionsToContinue"] != true || data["nationalInsuranceCategory"] != "A" {
			t.Errorf("P45 %v", data)
		}
		for k, v := range map[string]float64{"totalPayToDate": 3000, "totalTaxToDate": 600, "payInThisEmployment": 3000, "taxInThisEmployment": 600} {
			expectAmount(t, "P45 "+k, data[k], v)
		}

		noP60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, rob), e.Key, nil)
		testkit.ExpectProblem(t, noP60, 409, "")
		if b := string(noP60.Body); !strings.Contains(b, "left on 2026-10-31") || !strings.Contains(b, "P45") {
			t.Errorf("a leaver's P60: %s", b)
		}

		runID := num(t, e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t)["id"])
		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": runID}).Expect(t, 200).Map(t)
		emp := fps["employees"].([]any)[0].(map[string]any)
		expectAmount(t, "FPS taxable pay to date", emp["figuresToDate"].(map[string]any)["taxablePay"], 3000)

		ni := emp["niLettersAndValues"].([]any)
		if len(ni) != 1 {
			t.Fatalf("FPS NI %v", ni)
		}
		n := ni[0].(map[string]any)
		for k, v := range map[string]float64{"grossEarningsForNICsInPd": 3000, "grossEarningsForNICsYTD": 3000, "atLELYTD": 559, "lelToPTYTD": 489,
			"ptToUELYTD": 1952, "empeeContribnsYTD": 156.16} {
			expectAmount(t, "FPS "+k, n[k], v)
		}
	})
}

// A joiner with a P45 from a previous employment in the year (HMRC P60:
// "Pay and Income Tax details: in previous employment(s), in this
// employment, total for year"; the FPS reports this employment's
// figures to date only: HMRC RTI, "Taxable pay to date in this
// employment"; docs/reference/uk-p45.md for the October tax):
// Jo, 1257L, joins on 1 October 2026 at £3,000 a month with a P45 of pay
// 20,000 and tax 2,000 (left 30 September 2026): month 7 tax 1,132.40.
//
//	P60 2026/27 (read while she is employed): previous 20,000.00 /
//	2,000.00; this employment 3,000.00 / 1,132.40; total 23,000.00 /
//	3,132.40.
//	FPS: taxable pay to date 3,000.00, tax to date 1,132.40, a starter
//	from 1 October 2026.
//	She leaves on 31 October: no P60 then (not employed on 5 April), her P45 (part 1A boxes 7 and 8) gives the
//	totals to date with the previous employment, 23,000.00 / 3,132.40
//	(box 7, the code being cumulative), and this employment's 3,000.00 /
//	1,132.40 (box 8).
func TestAuditUKJoinerWithP45Documents(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		jo := e.employee(t, "Jo", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-10-01T00:00:00", "gender": "Female", "dateOfBirth": "1990-02-03T00:00:00",
			"previousEmployerTaxablePay": 20000, "previousEmployerTaxWithheld": 2000, "previousEmployerLeavingDate": "2026-09-30T00:00:00"})
		P := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "October PAYE", e.totals(t, P, jo)["payeWithheld"], 1132.40)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		p60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, jo), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]float64{"payInPreviousEmployments": 20000, "taxInPreviousEmployments": 2000, "payInThisEmployment": 3000,
			"taxInThisEmployment": 1132.40, "totalPayForYear": 23000, "totalTaxForYear": 3132.40} {
			expectAmount(t, "P60 "+k, p60[k], v)
		}
		runID := num(t, e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t)["id"])
		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": runID}).Expect(t, 200).Map(t)
		emp := fps["employees"].([]any)[0].(map[string]any)
		td := emp["figuresToDate"].(map[string]any)
		expectAmount(t, "FPS taxable pay to date", td["taxablePay"], 3000)
		expectAmount(t, "FPS tax to date", td["totalTax"], 1132.40)
		if s, _ := emp["starter"].(map[string]any); s == nil || s["startDate"] != "2026-10-01" {
			t.Errorf("FPS starter %v", emp["starter"])
		}
		// She leaves on 31 October (the end of the period paid): from then
		// no P60 for 2026/27 (not working for you on 5 April 2027), a P45.
		e.leaveOn(t, jo, "2026-10-31")
		testkit.ExpectProblem(t, e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, jo), e.Key, nil), 409, "")
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, jo), e.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		for k, v := range map[string]float64{"totalPayToDate": 23000, "totalTaxToDate": 3132.40, "payInThisEmployment": 3000, "taxInThisEmployment": 1132.40} {
			expectAmount(t, "P45 "+k, p45[k], v)
		}
	})
}

// P45s of two leavers, by hand from the P45 part 1A boxes
// (docs/reference/uk-p45.md; HMRC: the week or month number is the tax
// period of the last payment, 6 April starting week 1 and month 1):
//   - Wes, weekly (weeks ending Fridays), £600 on BR, joined Saturday 3
//     October 2026, leaves Friday 16 October; paid on Fridays 9 and 16
//     October (tax weeks 27 and 28: 6 April + 26 weeks = 5 October). PAYE
//     20% × 600 = 120.00 a week. P45: week 28, pay and tax to date
//     1,200.00 and 240.00.
//   - Mo, monthly, £3,000 on 1257L week 1/month 1 (non-cumulative), with a
//     P45 from a previous employment this year that was also operated
//     week 1/month 1 (pay 20,000, tax 2,000: not counted, HMRC starter
//     guidance), joins 1 October and leaves 31 October 2026: month 1
//     free pay 1,048.26 (uk-p45.md), 3,000 − 1,048.26 → £1,951 × 20% =
//     390.20. P45: code 1257L week 1/month 1, month 7, pay and tax in this
//     employment (box 8) 3,000.00 / 390.20, and no totals to date: box 7
//     is "complete only if tax code is cumulative. If there is an 'X' at
//     box 6 there will be no entries here" (HMRC P45(Continuous)(E)
//     Part 1A; docs/reference/uk-p45.md). Before paydepth38 the JSON
//     gave 3,000.00 / 390.20 there.
func TestAuditUKLeaversP45Periods(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		w := newRegionEnv(t, d, "UK", "Weekly")
		wes := w.employee(t, "Wes", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "taxCode": "BR", "nationalInsuranceCategory": "A",
			"startDate": "2026-10-03T00:00:00"})
		P1 := w.run(t, "2026-10-09", 0, 0)
		expectAmount(t, "Wes's first week PAYE", w.totals(t, P1, wes)["payeWithheld"], 120)
		w.Do("POST", P1+"/finalise", w.Key, map[string]any{}).Expect(t, 200)
		w.leaveOn(t, wes, "2026-10-16")
		P2 := w.run(t, "2026-10-16", 0, 0)
		w.Do("POST", P2+"/finalise", w.Key, map[string]any{}).Expect(t, 200)
		p45 := w.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", w.B, wes), w.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		if p45["periodType"] != "Week" || num(t, p45["periodNumber"]) != 28 || p45["week1Month1"] != false {
			t.Errorf("Wes's P45 %v", p45)
		}
		for k, v := range map[string]float64{"totalPayToDate": 1200, "totalTaxToDate": 240, "payInThisEmployment": 1200, "taxInThisEmployment": 240} {
			expectAmount(t, "Wes's P45 "+k, p45[k], v)
		}
	})
}

// Mo: see TestAuditUKLeaversP45Periods.
func TestAuditUKWeek1Month1LeaverP45(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		m := newRegionEnv(t, d, "UK", "Monthly")
		mo := m.employee(t, "Mo", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "taxCalculationMethod": "NonCumulative",
			"nationalInsuranceCategory": "A", "startDate": "2026-10-01T00:00:00", "previousEmployerTaxablePay": 20000, "previousEmployerTaxWithheld": 2000,
			"previousEmployerLeavingDate": "2026-09-30T00:00:00", "previousEmployerW1M1": true})
		m.leaveOn(t, mo, "2026-10-31")
		P := m.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "Mo's PAYE", m.totals(t, P, mo)["payeWithheld"], 390.20)
		m.Do("POST", P+"/finalise", m.Key, map[string]any{}).Expect(t, 200)
		p45 := m.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", m.B, mo), m.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		if p45["periodType"] != "Month" || num(t, p45["periodNumber"]) != 7 || p45["week1Month1"] != true || p45["taxCode"] != "1257L" {
			t.Errorf("Mo's P45 %v", p45)
		}
		for k, v := range map[string]float64{"payInThisEmployment": 3000, "taxInThisEmployment": 390.20} {
			expectAmount(t, "Mo's P45 "+k, p45[k], v)
		}
		// Box 7 is completed only on a cumulative code (HMRC P45 Part 1A/2:
		// "If there is an 'X' at box 6 there will be no entries here").
		if p45["totalPayToDate"] != nil || p45["totalTaxToDate"] != nil {
			t.Errorf("Mo's P45 box 7 on week 1/month 1: pay %v, tax %v, want none", p45["totalPayToDate"], p45["totalTaxToDate"])
		}
	})
}

// The P45 shows the position at leaving: a payment after leaving is
// reported on the FPS with the indicator and there is "no second P45"
// (GOV.UK, "Employee leaving", docs/reference/uk-paye.md "Payments after
// leaving"), so it is not in the P45's pay and tax to date. Lee, £3,000 a
// month on 1257L, started 6 April 2026 but paid here first in October,
// leaves on 15 October: October pays 3,000 × 15 ÷ 31 = 1,451.61
// (calendar days, docs/reference/part-period-pay.md), tax month 7: free
// pay 7 × 1,048.26 = 7,337.82 covers it, 0.00. A £1,000 bonus paid in
// November after leaving (0T month 1: 200.00) does not change the P45:
// month 7, pay 1,451.61, tax 0.00.
func TestAuditUKP45WithoutPaymentAfterLeaving(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		lee := e.employee(t, "Lee", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-04-06T00:00:00"})
		e.leaveOn(t, lee, "2026-10-15")
		oct := e.run(t, "2026-10-31", 0, 0)
		tot := e.totals(t, oct, lee)
		expectAmount(t, "October pay", tot["grossEarnings"], 1451.61)
		expectAmount(t, "October PAYE", tot["payeWithheld"], 0)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-11-30T00:00:00",
			"datePaid": "2026-11-30T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		nov := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.Do("POST", nov+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(lee): []any{map[string]any{"payCategoryId": "BON", "earnings": 1000}}}}).Expect(t, 200)
		expectAmount(t, "November PAYE after leaving", e.totals(t, nov, lee)["payeWithheld"], 200)
		e.Do("POST", nov+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, lee), e.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		if p45["periodType"] != "Month" || num(t, p45["periodNumber"]) != 7 || p45["taxCode"] != "1257L" || p45["week1Month1"] != false {
			t.Errorf("P45 %v", p45)
		}
		for k, v := range map[string]float64{"totalPayToDate": 1451.61, "totalTaxToDate": 0, "payInThisEmployment": 1451.61, "taxInThisEmployment": 0} {
			expectAmount(t, "P45 "+k, p45[k], v)
		}
		if num(t, p45["payRunsCounted"]) != 1 {
			t.Errorf("P45 counts %v runs, want 1", p45["payRunsCounted"])
		}
	})
}
