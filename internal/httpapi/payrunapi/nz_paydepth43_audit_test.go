package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth43: NZ extra pays on secondary codes (Income Tax Act 2007 s RD
// 17(3)-(4); IR, Payroll Calculations & Business Rules Specification 2025
// V1.3 §5.12, IR's repository InlandRevenue/File_Upload_Services-Returns-
// and-Information, "Service - Payday Filing/2025"), the termination rule
// after a change of pay frequency, and a tax code change mid-year
// (docs/reference/nz-extra-pay-acc.md, nz-extra-pay-on-termination-
// 2025.md). Rates 2026-27 (payroll-rules-2026-27.md §3.1-3.5): bands 10.5%
// to $15,600, 17.5% to $53,500, 30% to $78,100, 33% to $180,000, 39%
// above; secondary codes SB 10.5%, S 17.5%, SH 30%, ST 33%, SA 39%; ACC
// 1.75%, maximum liable earnings $156,641; student loan 12% (main codes
// over $464 a week, secondary codes of all pay); IETC $520 a year from
// $24,000 to $66,000. Every figure by hand.

// A bonus on a secondary code, with three earlier weeks paid here (§5.12
// step 3.1: the four weeks to and including the pay day, this pay's
// regular earnings included, × 13; step 3.2: the code's low threshold
// amount, the first dollar of its income range; step 3.3-3.4: + the extra
// pay, cents dropped; steps 3.5-3.10: the band's rate on the whole extra
// pay; the regular pay at the code's flat rate).
//   - Sam, S SL, $400 a week since January 2025, weeks ending 1, 8 and 15
//     November 2026 paid; the week ending 22 November pays a $20,000
//     bonus. Annualised amount 4 × 400 × 13 = 20,800; + S's low threshold
//     amount 15,601 + 20,000 = 56,401 → 30%: 6,000.00; the week 17.5% ×
//     400 = 70.00; PAYE 6,070.00 (before: 17.5% × 20,400 = 3,570.00).
//     Student loan (secondary, §5.12 step 2.3: 12% of the pay for the
//     period, lump sum included): 12% × 20,400 = 2,448.00. ACC (step 4.3:
//     56,401 ≤ 156,641, all of it): 1.75% × 20,400 = 357.00. Net 20,400 −
//     6,070 − 2,448 − 357 = 11,525.00.
//   - Bo, SB, $300 a week, same weeks, a $1,000 bonus: 4 × 300 × 13 =
//     15,600 + 0 (SB's low threshold amount) + 1,000 = 16,600 → 17.5%:
//     175.00; the week 10.5% × 300 = 31.50; PAYE 206.50 (before: 10.5% ×
//     1,300 = 136.50). ACC 1.75% × 1,300 = 22.75.
func TestAuditNZSecondaryCodeBonusBand(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		sam := e.employee(t, "Sam", "Weekly", map[string]any{"rate": 400, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "S SL",
			"startDate": "2025-01-06T00:00:00"})
		bo := e.employee(t, "Bo", "Weekly", map[string]any{"rate": 300, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "SB",
			"startDate": "2025-01-06T00:00:00"})
		for _, day := range []string{"2026-11-01", "2026-11-08", "2026-11-15"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-22", sam, 20000)
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(bo): []any{map[string]any{"payCategoryId": "BON", "earnings": 1000}}}}).Expect(t, 200)
		tot := e.totals(t, P, sam)
		expectAmount(t, "Sam gross", tot["grossEarnings"], 20400)
		expectAmount(t, "Sam PAYE", tot["payeWithheld"], 6070)
		expectAmount(t, "Sam student loan", tot["studentLoanAmount"], 2448)
		expectAmount(t, "Sam ACC", tot["accLevyAmount"], 357)
		expectAmount(t, "Sam net", tot["netEarnings"], 11525)
		if x := e.explainTerms(t, P, sam, "paye"); x["annualised amount"] != 20800 || x["low threshold amount (S)"] != 15601 || x["grossed amount"] != 56401 {
			t.Errorf("explanation of Sam's PAYE: %v", x)
		}
		tot = e.totals(t, P, bo)
		expectAmount(t, "Bo gross", tot["grossEarnings"], 1300)
		expectAmount(t, "Bo PAYE", tot["payeWithheld"], 206.50)
		expectAmount(t, "Bo ACC", tot["accLevyAmount"], 22.75)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}

// The termination rule from 1 April 2025 ("the last two fully paid pay
// periods", annualised) for a leaver whose pay frequency changed: each
// period is annualised by its own frequency, so a fortnight is not taken
// for a week (the rule annualises the periods' pay; the sources name the
// case, NZPPA's webinar "Extra pay on termination (when an employee has
// different pay periods)", without giving it; docs/reference/nz-extra-
// pay-on-termination-2025.md).
//   - Hemi, $52,000 a year on M since October 2024, paid fortnightly
//     (2,000) to the fortnight ending 1 November 2026, then weekly
//     (1,000): the week ending 8 November paid; made redundant on Sunday
//     15 November with $5,000 redundancy in the final week.
//   - The two periods before the termination pay: the week ending 8
//     November (1,000 × 52 = 52,000) and the fortnight ending 1 November
//     (2,000 × 26 = 52,000): 104,000 ÷ 2 = 52,000 + 5,000 = 57,000 → 30%:
//     1,500.00. The week: 52,000 a year: 1,638 + 17.5% × 36,400 = 8,008
//     ÷ 52 = 154.00. PAYE 1,654.00 (before: (1,000 + 2,000) × 52 ÷ 2 =
//     78,000 + 5,000 = 83,000 → 33%: 1,650.00, PAYE 1,804.00).
//   - ACC: redundancy is not liable (IRD, "Taxing employee redundancy";
//     §5.11 step 4.1): 1.75% × 1,000 = 17.50. Net 6,000 − 1,654 − 17.50
//     = 4,328.50.
func TestAuditNZFrequencyChangeBeforeLeaving(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Fortnightly")
		weekly := int64(num(t, e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "Weekly", "frequency": "Weekly"}).Expect(t, 200).Map(t)["id"]))
		red := e.redundancyCategory(t)
		hemi := e.employee(t, "Hemi", "Fortnightly", map[string]any{"rate": 52000, "rateUnit": "Annually", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2024-10-01T00:00:00"})
		for _, day := range []string{"2026-10-18", "2026-11-01"} {
			P := e.run(t, day, 0, 0)
			expectAmount(t, "fortnight "+day, e.totals(t, P, hemi)["grossEarnings"], 2000)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, hemi), e.Key, map[string]any{"paySchedule": "Weekly"}).Expect(t, 200)
		weekRun := func(day string) string {
			r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": weekly, "payPeriodEnding": day + "T00:00:00", "datePaid": day + "T00:00:00"}).Expect(t, 200).Map(t)
			return fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		}
		P := weekRun("2026-11-08")
		expectAmount(t, "week ending 8 November", e.totals(t, P, hemi)["grossEarnings"], 1000)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P = weekRun("2026-11-15")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": hemi, "terminationReason": "Redundancy", "terminationDate": "2026-11-15T00:00:00"}).Expect(t, 200)
		e.pay(t, P, hemi, red, 5000)
		tot := e.totals(t, P, hemi)
		expectAmount(t, "gross", tot["grossEarnings"], 6000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 1654)
		expectAmount(t, "ACC", tot["accLevyAmount"], 17.50)
		expectAmount(t, "net", tot["netEarnings"], 4328.50)
		if x := e.explainTerms(t, P, hemi, "paye"); x["annualised income"] != 52000 || x["grossed-up amount"] != 57000 {
			t.Errorf("explanation of Hemi's PAYE: %v", x)
		}
	})
}

// A tax code change mid-year (M to ME SL): NZ PAYE is worked out per pay
// on the code held on the pay day, no cumulative catch-up (IR340; the
// IETC per pay, s LC 13; student loan per pay over the threshold).
//   - Rua, $1,000 a week since 2024. Week ending 1 November 2026 on M:
//     52,000 a year: 8,008 ÷ 52 = 154.00; ACC 17.50; net 828.50.
//   - Week ending 8 November on ME SL: (8,008 − IETC 520, 52,000 within
//     $24,000-$66,000) = 7,488 ÷ 52 = 144.00; student loan 12% × (1,000 −
//     464) = 64.32; ACC 17.50; net 1,000 − 144 − 64.32 − 17.50 = 774.18.
func TestAuditNZTaxCodeChangeMidYear(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		rua := e.employee(t, "Rua", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2024-06-03T00:00:00"})
		P := e.run(t, "2026-11-01", 0, 0)
		tot := e.totals(t, P, rua)
		expectAmount(t, "M PAYE", tot["payeWithheld"], 154)
		expectAmount(t, "M student loan", tot["studentLoanAmount"], 0)
		expectAmount(t, "M net", tot["netEarnings"], 828.50)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, rua), e.Key, map[string]any{"taxCodeDeclaration_TaxCode": "ME SL"}).Expect(t, 200)
		P = e.run(t, "2026-11-08", 0, 0)
		tot = e.totals(t, P, rua)
		expectAmount(t, "ME SL PAYE", tot["payeWithheld"], 144)
		expectAmount(t, "ME SL student loan", tot["studentLoanAmount"], 64.32)
		expectAmount(t, "ME SL ACC", tot["accLevyAmount"], 17.50)
		expectAmount(t, "ME SL net", tot["netEarnings"], 774.18)
	})
}

// Holiday pay on termination to a leaver on a secondary code: an extra pay
// on termination (Holidays Act 2003 s 23: 8% of gross earnings within the
// first year), taxed under the secondary formula (§5.12) on the
// termination rule's annualised amount (the last two fully paid periods,
// × 26 weekly).
//   - Kahu, SH, $1,200 a week (40 hours), starts Monday 28 September 2026,
//     weeks ending 4, 11 and 18 October paid, resigns on Sunday 25
//     October: 8% × 4,800 = 384.00.
//   - Annualised amount: weeks ending 11 and 18 October, 2,400 × 26 =
//     62,400; + SH's low threshold amount 53,501 + 384 = 116,285 → 33%:
//     126.72. The week: 30% × 1,200 = 360.00. PAYE 486.72 (before: 30% ×
//     1,584 = 475.20).
//   - ACC: 62,400 + 53,501 = 115,901 and the grossed amount 116,285 within
//     156,641: 1.75% × 1,584 = 27.72. Net 1,584 − 486.72 − 27.72 =
//     1,069.56.
func TestAuditNZSecondaryCodeLeaverHolidayPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		kahu := e.employee(t, "Kahu", "Weekly", map[string]any{"rate": 1200, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "SH", "startDate": "2026-09-28T00:00:00"})
		for _, day := range []string{"2026-10-04", "2026-10-11", "2026-10-18"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-25", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": kahu, "terminationReason": "Resignation", "terminationDate": "2026-10-25T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, kahu)
		expectAmount(t, "gross", tot["grossEarnings"], 1584)
		expectAmount(t, "PAYE", tot["payeWithheld"], 486.72)
		expectAmount(t, "ACC", tot["accLevyAmount"], 27.72)
		expectAmount(t, "net", tot["netEarnings"], 1069.56)
		if x := e.explainTerms(t, P, kahu, "paye"); x["annualised amount"] != 62400 || x["grossed amount"] != 116285 {
			t.Errorf("explanation of the PAYE: %v", x)
		}
	})
}

// A bonus on ST to a monthly employee whose secondary job alone is well
// paid: the ACC room of an extra pay on a secondary code is the maximum
// less the annualised amount and the low threshold amount (§5.12 step
// 4.2: "If the annualised amount plus the low threshold amount exceeds"
// the maximum, "ACC Earners' Levy on the extra pay is $0.00").
//   - Tama, ST, $8,000 a month since 2024, paid on 31 October 2026 with a
//     $20,000 bonus; no earlier pay recorded here, so the four weeks' one
//     monthly pay is taken as this one (docs/reference/nz-extra-pay-acc.md).
//   - Annualised amount 8,000 × 12 = 96,000; + ST's low threshold amount
//     78,101 + 20,000 = 194,101 → 39%: 7,800.00; the month 33% × 8,000 =
//     2,640.00; PAYE 10,440.00 (before: 33% × 28,000 = 9,240.00).
//   - ACC: 96,000 + 78,101 = 174,101 > 156,641: none on the bonus; the
//     month's 8,000 within 156,641 ÷ 12 = 13,053.42: 1.75% × 8,000 =
//     140.00 (before: 490.00, the bonus levied against 96,000 alone).
func TestAuditNZSecondaryCodeBonusBeyondACCMaximum(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		tama := e.employee(t, "Tama", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "ST",
			"startDate": "2024-06-03T00:00:00"})
		P := e.run(t, "2026-10-31", tama, 20000)
		tot := e.totals(t, P, tama)
		expectAmount(t, "gross", tot["grossEarnings"], 28000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 10440)
		expectAmount(t, "ACC", tot["accLevyAmount"], 140)
	})
}

// The lump sum indicator for a secondary code (§5.12 step 3.11: "If tax
// rate was 10.5%. Record a flag showing extra pay deducted at the low
// rate ... a '1' on the electronic file"; the EI's DEI field 14).
//   - Ari, SB, $200 a week since January 2025, weeks ending 1, 8 and 15
//     November 2026 paid; the week ending 22 November pays a $1,000
//     bonus: 4 × 200 × 13 = 10,400 + 0 + 1,000 = 11,400 → 10.5%: 105.00;
//     the week 10.5% × 200 = 21.00; PAYE 126.00 (the same as SB's flat
//     rate, but the indicator was 0: the flat rate carried no extra-pay
//     rate). ACC 1.75% × 1,200 = 21.00.
//   - EI: DEI field 14 is 1, field 15 (PAYE with the levy) 147.00 = 14700
//     cents.
func TestAuditNZSecondaryCodeLumpSumIndicator(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.Do("POST", e.B+"/employingentity", e.Key, map[string]any{"name": "Kiwi Ltd", "irdNumber": "123-123-123",
			"contactName": "Bill Smith", "contactPhoneNumber": "041234567", "contactEmailAddress": "payroll@kiwi.example"}).Expect(t, 200)
		ari := e.employee(t, "Ari", "Weekly", map[string]any{"rate": 200, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "SB",
			"startDate": "2025-01-06T00:00:00"})
		for _, day := range []string{"2026-11-01", "2026-11-08", "2026-11-15"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-22", ari, 1000)
		tot := e.totals(t, P, ari)
		expectAmount(t, "gross", tot["grossEarnings"], 1200)
		expectAmount(t, "PAYE", tot["payeWithheld"], 126)
		expectAmount(t, "ACC", tot["accLevyAmount"], 21)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		recs := strings.Split(strings.TrimSuffix(string(e.Do("GET", P+"/file/paydayfiling", e.Key, nil).Expect(t, 200).Body), "\n"), "\n")
		lump := map[string]string{}
		for _, r := range recs[1:] {
			f := strings.Split(r, ",")
			lump[f[2]] = f[13] + "/" + f[14]
		}
		if lumpOf(lump, "Ari") != "1/14700" {
			t.Errorf("Ari's DEI lump sum indicator/PAYE %v, want 1/14700", lump)
		}
	})
}
