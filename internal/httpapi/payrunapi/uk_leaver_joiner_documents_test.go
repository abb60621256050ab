package payrunapi_test

import (
	"fmt"
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
//	P60 2026/27 and the FPS: NI-able earnings 3,000 (not 12,000): at the
//	LEL 559.00, LEL to PT 489.00, PT to UEL 1,952.00, employee NI 156.16;
//	FPS gross for NICs in the period and to date 3,000.00, taxable pay to
//	date 3,000.00.
func TestAuditUKLeaverAwardDocuments(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		e.Do("PUT", e.B+"/hmrcsettings", e.Key, map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456",
			"accountsOfficeReference": "123PX00123456", "rtiUserId": "ISV123", "rtiTestMode": true}).Expect(t, 200)
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

		p60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, rob), e.Key, nil).Expect(t, 200).Map(t)
		expectAmount(t, "P60 pay in this employment", p60["payInThisEmployment"], 3000)
		expectAmount(t, "P60 tax in this employment", p60["taxInThisEmployment"], 600)

		runID := num(t, e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t)["id"])
		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": runID}).Expect(t, 200).Map(t)
		emp := fps["employees"].([]any)[0].(map[string]any)
		expectAmount(t, "FPS taxable pay to date", emp["figuresToDate"].(map[string]any)["taxablePay"], 3000)

		bands := p60["nationalInsurance"].([]any)
		if len(bands) != 1 {
			t.Fatalf("P60 NI %v", bands)
		}
		a := bands[0].(map[string]any)
		for k, v := range map[string]float64{"earningsAtLEL": 559, "earningsAboveLELUpToPT": 489, "earningsAbovePTUpToUEL": 1952, "employeeContributions": 156.16} {
			expectAmount(t, "P60 "+k, a[k], v)
		}
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
//	P60 2026/27: previous 20,000.00 / 2,000.00; this employment 3,000.00 /
//	1,132.40; total 23,000.00 / 3,132.40.
//	FPS: taxable pay to date 3,000.00, tax to date 1,132.40, a starter
//	from 1 October 2026.
func TestAuditUKJoinerWithP45Documents(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		e.Do("PUT", e.B+"/hmrcsettings", e.Key, map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456",
			"accountsOfficeReference": "123PX00123456", "rtiUserId": "ISV123", "rtiTestMode": true}).Expect(t, 200)
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
	})
}
