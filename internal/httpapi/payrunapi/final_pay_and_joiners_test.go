package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Joiners and leavers part-way through a period, final pays and holiday
// pay on termination across AU, UK, NZ and SG in 2026-27, paid through
// the API in the order a client does them. Each figure is derived by hand
// in the comment from the statute or official guidance named there
// (rates: payroll-rules-2026-27.md; part periods: part-period-pay.md), not
// from our output. AU W(x) is Schedule 1 scale 2 weekly for 2026-27: a ×
// (x + 0.99) − b, rounded to the dollar.

// AU salaried joiner part-way through a fortnight (calendar days,
// part-period-pay.md): Fin, $52,000 a year paid fortnightly (2,000.00 a
// fortnight), starts Wednesday 18 November 2026 in the fortnight 9-22
// November: 5 of 14 days, 2,000 × 5 ÷ 14 = 714.2857 → 714.29. PAYG
// (Schedule 1, fortnightly: half the fortnight's pay in whole dollars
// as weekly earnings, the weekly amount doubled): 714.29 ÷ 2 = 357.14 →
// 357, under the 362 nil band: 0. SG 12% × 714.29 = 85.7148 → 85.71.
func TestAuditAUFortnightlySalaryJoiner(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fortnightly := int64(num(t, e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "Fortnightly", "frequency": "Fortnightly"}).Expect(t, 200).Map(t)["id"]))
		fin := e.employee(t, "Fin", map[string]any{"paySchedule": "Fortnightly", "rate": 52000, "rateUnit": "Annually", "startDate": "2026-11-18T00:00:00"})
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": fortnightly, "payPeriodEnding": "2026-11-22T00:00:00",
			"datePaid": "2026-11-25T00:00:00"}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		want(t, "fortnightly joiner", e.totals(t, P, fin), map[string]int64{"grossEarnings": 71429, "paygWithheld": 0, "superContribution": 8571})
	})
}

// AU part-time employee resigning with annual leave and personal leave
// (Fair Work Act 2009 s 90(2): untaken annual leave is paid out; personal
// leave is not; s 87: four weeks of the ordinary hours a year, so 22.8 ×
// 4 ÷ 52 = 1.753846 hours a week): Pat, $30 an hour for 22.8 hours a week
// (3 days of 7.6), has 60 hours of annual leave and 20 of personal leave
// entered in the week to 15 November 2026 and resigns on Sunday 22
// November.
//   - Week 1: 22.8 × 30 = 684.00; W(684) = 0.17 × 684.99 − 54.3473 =
//     62.10 → 62; SG 12% = 82.08.
//   - Final week: 684.00 and the annual leave 60 + 2 × 1.753846 =
//     63.507692 hours × 30 = 1,905.23 (no personal leave). Schedule 7
//     (normal termination, leave accrued after 17 August 1993, marginal
//     method): 1,905.23 ÷ 52 = 36.64 → 36; W(720) = 0.17 × 720.99 −
//     54.3473 = 68.22 → 68; (68 − 62) × 52 = 312; PAYG 62 + 312 = 374.
//     SG 12% × 684 = 82.08 (unused leave is not OTE).
//   - The year's payment summary: gross payments 684 + 684 + 1,905.23 =
//     3,273.23 → 3,273 (such leave is in gross payments, not Lump Sum A);
//     tax 62 + 374 = 436.
func TestAuditAUPartTimeResignationLeavePayout(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al, personal := e.leave["Annual Leave"], e.leave["Personal/Carer's Leave"]
		if personal == 0 {
			t.Fatalf("no personal leave category in %v", e.leave)
		}
		pat := e.employee(t, "Pat", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 22.8, "hoursPerDay": 7.6, "employmentType": "PartTime"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(pat): []any{
			map[string]any{"leaveCategoryId": al, "amount": 60}, map[string]any{"leaveCategoryId": personal, "amount": 20}}}}).Expect(t, 200)
		want(t, "week 1", e.totals(t, P1, pat), map[string]int64{"grossEarnings": 68400, "paygWithheld": 6200, "superContribution": 8208})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": pat, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, pat), map[string]int64{"grossEarnings": 68400 + 190523, "paygWithheld": 37400, "superContribution": 8208})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, pat), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]float64{"grossPayments": 3273, "lumpSumA": 0, "totalTaxWithheld": 436} {
			if num(t, sum[k]) != v {
				t.Errorf("payment summary %s = %v, want %v", k, sum[k], v)
			}
		}
	})
}

// AU casual with no start date leaving with long service leave: the
// leave is payable on termination only after the qualifying service (NSW
// Long Service Leave Act 1955 s 4(2)(a)(iii): 5 years, and the category's
// 7), which cannot be checked without a start date. The final pay is
// refused (409, naming the start date) and the termination is not stored,
// where before 100 × 25 = 2,500.00 was paid without the check.
func TestAuditAUCasualWithoutStartDateLongServiceLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lsl := e.leave["Long Service Leave"]
		cas := e.employee(t, "Cas", map[string]any{"rate": 25, "rateUnit": "Hourly", "employmentType": "Casual", "startDate": nil})
		// An employee without a start date is added to a run by hand.
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", fmt.Sprintf("%s/employee/%d", P1, cas), e.Key, nil).Expect(t, 200)
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(cas): []any{
			map[string]any{"leaveCategoryId": lsl, "amount": 100}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", fmt.Sprintf("%s/employee/%d", P, cas), e.Key, nil).Expect(t, 200)
		r := e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": cas, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"})
		if r.Status != 409 || !strings.Contains(string(r.Body), "start date") {
			t.Fatalf("terminate without a start date: %d %s, want 409 naming the start date", r.Status, r.Body)
		}
		emp := e.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, cas), e.Key, nil).Expect(t, 200).Map(t)
		if emp["endDate"] != nil || emp["status"] == "Terminated" {
			t.Errorf("the refused termination was stored: %v %v", emp["endDate"], emp["status"])
		}
	})
}

// UK new starter whose P45 was operated on the week 1/month 1 basis
// (HMRC, "PAYE: starter checklist and P45": where box 6 shows week 1 or
// month 1, operate the code on that basis and do not use the P45's pay
// and tax to date): Pia, £3,000 a month on 1257L, starts Tuesday 20
// October 2026 (3,000 × 12 ÷ 31 = 1,161.29); her P45 shows 1257L M1, pay
// 15,000, tax 1,700. Month 1 basis: free pay 1,048.26 (HMRC's routine for
// 1257), taxable 113.03 → 113 × 20% = 22.60. NI 8% × (1,161.29 − 1,048)
// = 9.06.
func TestAuditUKStarterWithWeek1Month1P45(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pia := e.employee(t, "Pia", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-10-20T00:00:00", "previousEmployerTaxablePay": 15000, "previousEmployerTaxWithheld": 1700,
			"previousEmployerLeavingDate": "2026-09-30T00:00:00", "previousEmployerTaxCode": "1257L", "previousEmployerW1M1": true})
		tot := e.totals(t, e.run(t, "2026-10-31", 0, 0), pia)
		expectAmount(t, "gross", tot["grossEarnings"], 1161.29)
		expectAmount(t, "PAYE (month 1)", tot["payeWithheld"], 22.60)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 9.06)
	})
}

// UK hourly joiner without timesheets, weekly: Uma, £18 an hour for 37.5
// hours a week (7.5 a day, Monday to Friday), starts Thursday 22 October
// 2026 in the week 19-25 October: Thursday and Friday, 15 hours × 18 =
// 270.00. PAYE (1257L cumulative, week 29): free pay to date far above
// 270: nil. NI category A weekly: employee 8% × (270 − PT 242) = 2.24;
// employer 15% × (270 − ST 96) = 26.10.
func TestAuditUKHourlyJoinerWeekly(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		uma := e.employee(t, "Uma", "Weekly", map[string]any{"rate": 18, "rateUnit": "Hourly", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "1257L", "nationalInsuranceCategory": "A", "startDate": "2026-10-22T00:00:00"})
		tot := e.totals(t, e.run(t, "2026-10-25", 0, 0), uma)
		expectAmount(t, "gross", tot["grossEarnings"], 270)
		expectAmount(t, "PAYE", tot["payeWithheld"], 0)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 2.24)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 26.10)
	})
}

// NZ public holidays in the final holiday pay (Holidays Act 2003 s 40(2)
// and (3): an employee leaving with untaken annual holidays is paid for
// each public holiday that would have been a working day and would have
// fallen during those holidays had they been taken immediately after
// employment ended; s 40(1): a public holiday is not part of the annual
// holidays, so it extends them; s 49: paid at relevant daily pay). Tai,
// $62,400 a year monthly (40 hours, Monday to Friday), leaves on 30
// November 2026 with four weeks untaken (TestNZHolidayPayAfterEntitlement:
// 4,800.00 and the 8% 1,216.00). Four weeks from Tuesday 1 December run
// to 28 December; Christmas Day (Friday 25) and Boxing Day (Saturday 26,
// observed Monday 28 for a Monday-to-Friday worker, s 45) fall in them
// and extend them to Wednesday 30 December; New Year's Day (Friday 1
// January) is after. Two days at relevant daily pay (62,400 ÷ 52 ÷ 5 =
// 240.00): 480.00. Payments for public holidays are gross earnings (s
// 14(a)), so the s 25 8% is 8% × (15,200 + 480) = 1,254.40. Final gross
// 5,200 + 4,800 + 480 + 1,254.40 = 11,734.40.
func TestAuditNZPublicHolidaysInFinalHolidayPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		tai, _, P := e.nzEntitledLeaver(t, nil, map[int64]float64{annual: 160}, nil)
		paid := e.linesNamed(t, P, tai, "Annual Leave paid on termination")
		var ph map[string]any
		for _, l := range paid {
			if strings.Contains(fmt.Sprint(l["notes"]), "s 40") {
				ph = l
			}
		}
		if ph == nil {
			t.Fatalf("final pay lines %v, want a public holidays line (s 40)", paid)
		}
		expectAmount(t, "public holidays (s 40)", ph["earnings"], 480)
		expectAmount(t, "their days", ph["units"], 2)
		if n := fmt.Sprint(ph["notes"]); !strings.Contains(n, "Christmas Day 25 December 2026") || !strings.Contains(n, "Boxing Day (Mondayised) 28 December 2026") {
			t.Errorf("public holidays line notes %q", n)
		}
		expectAmount(t, "final gross", e.totals(t, P, tai)["grossEarnings"], 11734.40)
	})
}

// NZ average weekly earnings above ordinary weekly pay (Holidays Act 2003
// s 24: untaken annual holidays at the greater of ordinary weekly pay, s
// 8, and average weekly earnings, s 5: gross earnings of the 12 months
// before the end of the last pay period ÷ 52; s 8(1)(b): a one-off bonus
// is not ordinary weekly pay, but s 14 counts it in gross earnings): Tai
// as above with a $60,000 bonus in October.
//   - OWP 1,200.00; AWE (5,200 + 65,200) ÷ 52 = 1,353.846 → 1,353.85 a
//     week (the line's weekly rate, in cents): s 24 4 × 1,353.85 =
//     5,415.40.
//   - s 40: Christmas and Boxing Day at relevant daily pay 240.00 (the
//     bonus is not pay for a day worked): 480.00.
//   - s 25: 8% × (October 65,200 + November 5,200 + 5,415.40 + 480) = 8%
//     × 76,295.40 = 6,103.632 → 6,103.63.
//   - Final gross 5,200 + 5,415.40 + 480 + 6,103.63 = 17,199.03.
func TestAuditNZAverageWeeklyEarningsAboveOrdinaryPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		tai := e.employee(t, "Tai", "Monthly", map[string]any{"rate": 62400, "rateUnit": "Annually", "hoursPerWeek": 40, "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2024-10-01T00:00:00"})
		sep := e.run(t, "2026-09-30", 0, 0)
		e.accrue(t, sep, tai, annual, 160)
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.Do("POST", e.run(t, "2026-10-31", tai, 60000)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.run(t, "2026-11-30", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": tai, "terminationReason": "Resignation", "terminationDate": "2026-11-30T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, tai, "Annual Leave paid on termination")
		if len(paid) != 3 {
			t.Fatalf("final pay lines %v, want s 24, s 40 and the 8%%", paid)
		}
		expectAmount(t, "untaken entitlement at AWE (s 24)", paid[0]["earnings"], 5415.40)
		expectAmount(t, "public holidays (s 40)", paid[1]["earnings"], 480)
		expectAmount(t, "8% since the anniversary (s 25)", paid[2]["earnings"], 6103.63)
		expectAmount(t, "final gross", e.totals(t, P, tai)["grossEarnings"], 17199.03)
	})
}

// NZ hourly joiner without timesheets (part-period-pay.md: the working
// days employed): Hemi, $25 an hour for 40 hours (8 a day, Monday to
// Friday), starts Thursday 1 October 2026 in the week 28 September-4
// October: 16 hours × 25 = 400.00. PAYE (IR340, M: 400 × 52 = 20,800:
// 10.5% × 15,600 + 17.5% × 5,200 = 2,548 ÷ 52) = 49.00; ACC earners'
// levy 1.75% × 400 = 7.00.
func TestAuditNZHourlyJoinerMidWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		hemi := e.employee(t, "Hemi", "Weekly", map[string]any{"rate": 25, "rateUnit": "Hourly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-10-01T00:00:00"})
		tot := e.totals(t, e.run(t, "2026-10-04", 0, 0), hemi)
		expectAmount(t, "gross", tot["grossEarnings"], 400)
		expectAmount(t, "PAYE", tot["payeWithheld"], 49)
		expectAmount(t, "ACC levy", tot["accLevyAmount"], 7)
	})
}

// NZ leaver part-way through a week within the first year, by the
// employee's end date (Holidays Act 2003 s 23: 8% of gross earnings
// since employment began): Nia, $1,000 a week, started Monday 28
// September 2026 and her end date is Wednesday 14 October. Her last week
// pays 1,000 × 3 ÷ 7 = 428.57; 8% × (1,000 + 1,000 + 428.57) = 194.2856
// → 194.29; final gross 622.86.
func TestAuditNZLeaverMidWeekEightPercent(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		nia := e.employee(t, "Nia", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-09-28T00:00:00"})
		for _, day := range []string{"2026-10-04", "2026-10-11"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.leaveOn(t, nia, "2026-10-14")
		P := e.run(t, "2026-10-18", 0, 0)
		paid := e.linesNamed(t, P, nia, "Annual Leave paid on termination")
		if len(paid) != 1 {
			t.Fatalf("final pay lines %v, want one 8%% line", paid)
		}
		expectAmount(t, "8% of the gross since she started", paid[0]["earnings"], 194.29)
		expectAmount(t, "final gross", e.totals(t, P, nia)["grossEarnings"], 622.86)
	})
}

// SG joiner aged 58 part-way through a month (MOM, salary for an
// incomplete month: monthly rate ÷ working days in the month × days
// worked; CPF 2026, above 55 to 60: employer 16%, employee 18%, total
// 34%): Sam, born 1 March 1968, $6,000 a month, Monday to Friday, starts
// Wednesday 16 September 2026: September has 22 working days, 11 from the
// 16th: 6,000 × 11 ÷ 22 = 3,000.00. CPF total 1,020, employee 540,
// employer 480.
func TestAuditSGJoinerAged58(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		sam := e.employee(t, "Sam", "Monthly", map[string]any{"rate": 6000, "rateUnit": "Fixed", "dateOfBirth": "1968-03-01T00:00:00",
			"startDate": "2026-09-16T00:00:00"})
		tot := e.totals(t, e.run(t, "2026-09-30", 0, 0), sam)
		expectAmount(t, "gross", tot["grossEarnings"], 3000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 540)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 480)
	})
}

// SG leaver's AW ceiling recalculated on the actual ordinary wages (CPF
// Board, "Additional wage ceiling": the ceiling is 102,000 less the
// total OW of the year; for an employee who leaves, the actual OW up to
// the last month of employment; the employer pays the additional CPF
// then; sg-cpf-aw-ceiling.md): Ann, $8,000 a month, age 46, is paid a
// $60,000 bonus in March 2026 and leaves on 30 June.
//   - March: estimated OW 12 × 8,000 = 96,000, ceiling 6,000: CPF on
//     8,000 + 6,000 = 14,000: total 37% = 5,180, employee 2,800,
//     employer 2,380.
//   - June: actual OW 6 × 8,000 = 48,000, ceiling 54,000, so 54,000 of
//     the bonus is subject, 48,000 more than in March: CPF on 8,000 +
//     48,000 = 56,000: total 20,720, employee 11,200, employer 9,520.
func TestAuditSGLeaverAWCeilingRecalculated(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ann := e.employee(t, "Ann", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2020-01-01T00:00:00"})
		for _, day := range []string{"2026-01-31", "2026-02-28"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		mar := e.run(t, "2026-03-31", ann, 60000)
		tot := e.totals(t, mar, ann)
		expectAmount(t, "March CPF employee", tot["cpfEmployeeContributionAmount"], 2800)
		expectAmount(t, "March CPF employer", tot["cpfEmployerContributionAmount"], 2380)
		e.Do("POST", mar+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		for _, day := range []string{"2026-04-30", "2026-05-31"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-06-30", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ann, "terminationReason": "Resignation", "terminationDate": "2026-06-30T00:00:00"}).Expect(t, 200)
		tot = e.totals(t, P, ann)
		expectAmount(t, "June CPF employee", tot["cpfEmployeeContributionAmount"], 11200)
		expectAmount(t, "June CPF employer", tot["cpfEmployerContributionAmount"], 9520)
	})
}

// AU fortnightly resignation with annual leave and its loading (Schedule
// 7, normal termination, leave accrued after 17 August 1993: the marginal
// method with the payment ÷ 26 for a fortnightly payee; au-pay-rules.md
// §2): Ria, $52,000 a year fortnightly (2,000.00; 40 hours, $25 an hour),
// annual leave with a 17.5% loading, has 80 hours entered in the
// fortnight to 8 November 2026 and resigns on Sunday 22 November.
//   - Accrual: 40 × 4 ÷ 52 × 2 = 6.153846 hours a fortnight; balance 80 +
//     2 × 6.153846 = 92.307692 hours × 25 = 2,307.69; loading 17.5% ×
//     2,307.69 = 403.85; together 2,711.54.
//   - Normal fortnight: 2,000 ÷ 2 = 1,000 weekly: W(1000) = 0.3227 ×
//     1000.99 − 185.1935 = 137.83 → 138, × 2 = 276.
//   - 2,711.54 ÷ 26 = 104.29 → 104; 2,104 ÷ 2 = 1,052: W(1052) = 0.3227 ×
//     1052.99 − 185.1935 = 154.62 → 155, × 2 = 310; (310 − 276) × 26 =
//     884. PAYG 276 + 884 = 1,160. SG 12% × 2,000 = 240 (unused leave
//     and its loading on termination are not OTE).
func TestAuditAUFortnightlyResignationLeaveWithLoading(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		fortnightly := int64(num(t, e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "Fortnightly", "frequency": "Fortnightly"}).Expect(t, 200).Map(t)["id"]))
		ria := e.employee(t, "Ria", map[string]any{"paySchedule": "Fortnightly", "rate": 52000, "rateUnit": "Annually"})
		run := func(ending, paid string) string {
			r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": fortnightly, "payPeriodEnding": ending + "T00:00:00",
				"datePaid": paid + "T00:00:00"}).Expect(t, 200).Map(t)
			return fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		}
		P1 := run("2026-11-08", "2026-11-11")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ria): []any{
			map[string]any{"leaveCategoryId": al, "amount": 80}}}}).Expect(t, 200)
		want(t, "first fortnight", e.totals(t, P1, ria), map[string]int64{"grossEarnings": 200000, "paygWithheld": 27600, "superContribution": 24000})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := run("2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ria, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, ria), map[string]int64{"grossEarnings": 200000 + 230769 + 40385, "paygWithheld": 116000, "superContribution": 24000})
	})
}

// UK statutory sick pay for a leaver (Social Security Contributions and
// Benefits Act 1992 s 153(2)(c): the period of entitlement ends when the
// contract of service ends; 2026-27, payroll-rules-2026-27.md §2.7: no
// waiting days, the lower of £123.25 and 80% of AWE a week, ÷ the
// qualifying days): Sid, £600 a week, Monday to Friday, is sick from
// Monday 16 November 2026 for two weeks and his employment ends on
// Wednesday 18 November. AWE 600 × 80% = 480 > 123.25; daily 123.25 ÷ 5
// = 24.65; SSP for 16-18 November: 3 × 24.65 = 73.95 (none for the 19th
// on, nor for waiting days).
func TestAuditUKSickPayStopsAtLeaving(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		sid := e.employee(t, "Sid", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2025-04-01T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/ssp", e.B, sid), e.Key, map[string]any{"startDate": "2026-11-16T00:00:00",
			"endDate": "2026-11-27T00:00:00", "week1QualifyingDays": []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"},
			"averageWeeklyEarningsOverride": 600}).Expect(t, 200)
		e.leaveOn(t, sid, "2026-11-18")
		P := e.run(t, "2026-11-22", 0, 0)
		lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, sid), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(sid)].([]any)
		var ssp float64
		for _, l := range lines {
			m := l.(map[string]any)
			if strings.Contains(strings.ToLower(fmt.Sprint(m["payCategoryName"])), "sick") {
				ssp += num(t, m["earnings"])
			}
		}
		if fmt.Sprintf("%.2f", ssp) != "73.95" {
			t.Errorf("SSP in the final week = %.2f, want 73.95; lines %v", ssp, lines)
		}
		if n := fmt.Sprint(lines[0].(map[string]any)["notes"]); !strings.Contains(n, "employment ended 2026-11-18") {
			t.Errorf("SSP line notes %q do not say it stops at the end of employment", n)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if P2 := e.run(t, "2026-11-29", 0, 0); e.inRun(t, P2, sid) {
			t.Errorf("the leaver is in the next week's run (SSP after leaving)")
		}
	})
}

// standardWeek stores employee emp's work week as the days given (1 =
// Monday), full days of hours each.
func standardWeek(t *testing.T, b *testkit.Bundle, B string, emp int64, hours float64, days ...int) {
	t.Helper()
	var wd []any
	for _, d := range days {
		wd = append(wd, map[string]any{"dayOfWeek": d, "workDayType": "Full"})
	}
	b.Do("PUT", fmt.Sprintf("%s/employee/%d/standardhours", B, emp), b.Key, map[string]any{"useAdvancedWorkWeek": true,
		"advancedWorkWeekConfiguration": "WorkDayType", "standardHoursPerDay": hours, "standardWorkDays": wd}).Expect(t, 200)
}

// AU part-time hourly joiner who works Monday to Wednesday
// (part-period-pay.md: standard hours paid by the hour are shared by the
// employee's working days employed, from their stored work week): Pam,
// $30 an hour for 22.8 hours a week (7.6 on Monday, Tuesday and
// Wednesday), starts Tuesday 17 November 2026: she works Tuesday and
// Wednesday, 2 of her 3 days: 15.2 hours × 30 = 456.00 (a Monday-to-Friday
// week would pay Tuesday to Friday, 22.8 × 4 ÷ 5 = 18.24 hours = 547.20).
// PAYG W(456) = 0.15 × 456.99 − 54.3462 = 14.20 → 14; SG 12% × 456 =
// 54.72.
func TestAuditAUPartTimeJoinerByWorkWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pam := e.employee(t, "Pam", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 22.8, "hoursPerDay": 7.6,
			"employmentType": "PartTime", "startDate": "2026-11-17T00:00:00"})
		standardWeek(t, e.Bundle, e.B, pam, 7.6, 1, 2, 3)
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "part-time joiner", e.totals(t, P, pam), map[string]int64{"grossEarnings": 45600, "paygWithheld": 1400, "superContribution": 5472})
	})
}

// NZ part-time leaver's public holidays (Holidays Act 2003 s 40 as in
// TestAuditNZPublicHolidaysInFinalHolidayPay; s 45: Christmas Day on a
// Friday is that day, Boxing Day on a Saturday that is not a working day
// is observed on Monday): Pita, $37,440 a year monthly for 24 hours a
// week (8 hours Monday to Wednesday), employed since 1 October 2024,
// leaves on 30 November 2026 with four weeks (96 hours) untaken. Twelve
// working days from Tuesday 1 December: 1-2, 7-9, 14-16, 21-23 December
// (11), Monday 28 December is Boxing Day observed (a public holiday on a
// working day: paid, and it extends the holidays), Tuesday 29 December
// the twelfth. Christmas Day (Friday) is not one of her working days. One
// day at relevant daily pay (37,440 ÷ 52 = 720 a week ÷ 3 days = 240.00):
// 240.00.
func TestAuditNZPartTimePublicHolidaysInFinalHolidayPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		pita, _, P := e.nzEntitledLeaver(t, map[string]any{"rate": 37440, "hoursPerWeek": 24, "hoursPerDay": 8}, map[int64]float64{annual: 96},
			func(pita int64) { standardWeek(t, e.Bundle, e.B, pita, 8, 1, 2, 3) })
		paid := e.linesNamed(t, P, pita, "Annual Leave paid on termination")
		if len(paid) != 3 {
			t.Fatalf("final pay lines %v, want s 24, s 40 and the 8%%", paid)
		}
		expectAmount(t, "public holidays (s 40)", paid[1]["earnings"], 240)
		expectAmount(t, "their days", paid[1]["units"], 1)
		if n := fmt.Sprint(paid[1]["notes"]); !strings.Contains(n, "Boxing Day (Mondayised) 28 December 2026") || strings.Contains(n, "Christmas") {
			t.Errorf("public holidays line notes %q", n)
		}
	})
}

// SG joiner above the OW ceiling for a whole month (CPF Board: the OW
// ceiling, $8,000 from 2026, applies to the ordinary wages paid for the
// month; the MOM incomplete-month formula gives those wages first): Max,
// $12,000 a month, age 46, Monday to Friday, starts Wednesday 16
// September 2026: 12,000 × 11 ÷ 22 = 6,000.00, under the ceiling: CPF
// total 37% = 2,220, employee 20% = 1,200, employer 1,020 (capping the
// rate before prorating, 8,000 × 11 ÷ 22 = 4,000, would give 1,480 / 800).
func TestAuditSGJoinerAboveTheCeilingProrated(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		max := e.employee(t, "Max", "Monthly", map[string]any{"rate": 12000, "rateUnit": "Fixed", "startDate": "2026-09-16T00:00:00"})
		tot := e.totals(t, e.run(t, "2026-09-30", 0, 0), max)
		expectAmount(t, "gross", tot["grossEarnings"], 6000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 1200)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 1020)
	})
}

// AU leaver by the employee's end date (no terminate operation): the
// run of the period with the end date is the final pay and pays the
// unused annual leave (Fair Work Act s 90(2); Schedule 7 marginal method,
// a normal termination): Ed, $1,000 a week (40 hours, $25), 40 hours of
// annual leave entered in the week to 15 November 2026, end date Sunday
// 22 November set on the employee. Balance 40 + 2 × 3.076923 = 46.153846
// hours × 25 = 1,153.85. PAYG: 1,153.85 ÷ 52 = 22.19 → 22; W(1022) =
// 0.3227 × 1022.99 − 185.1935 = 144.93 → 145; W(1000) = 138; 7 × 52 =
// 364; 138 + 364 = 502. SG 120.
func TestAuditAULeaverByEndDatePaysLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		ed := e.employee(t, "Ed", nil)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ed): []any{
			map[string]any{"leaveCategoryId": al, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, ed), e.Key, map[string]any{"endDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "final pay", e.totals(t, P, ed), map[string]int64{"grossEarnings": 100000 + 115385, "paygWithheld": 50200, "superContribution": 12000})
	})
}

// SG leaver paid a bonus in the final, part month (CPF Board: for an
// employee who leaves, the AW ceiling is 102,000 less the actual OW of
// the year up to the last month of employment; MOM incomplete month):
// Liu, $8,000 a month since 2020, age 46, Monday to Friday, leaves on
// Tuesday 15 September 2026 and is paid a $50,000 bonus with her final
// pay. September's OW: 8,000 × 11 ÷ 22 = 4,000.00; the year's OW 8 ×
// 8,000 + 4,000 = 68,000; AW ceiling 34,000. CPF on 4,000 + 34,000 =
// 38,000: total 37% = 14,060, employee 20% = 7,600, employer 6,460.
func TestAuditSGLeaverBonusInPartMonth(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		liu := e.employee(t, "Liu", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2020-01-01T00:00:00"})
		for _, day := range []string{"2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31", "2026-08-31"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.leaveOn(t, liu, "2026-09-15")
		P := e.run(t, "2026-09-30", liu, 50000)
		tot := e.totals(t, P, liu)
		expectAmount(t, "final gross", tot["grossEarnings"], 54000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 7600)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 6460)
	})
}

// NZ joiner who leaves in the week she started (Holidays Act 2003 s 23:
// 8% of gross earnings since employment began): Ana, $1,000 a week,
// starts Monday 5 October 2026 and her employment ends on Friday 9
// October: 1,000 × 5 ÷ 7 = 714.29 (calendar days, part-period-pay.md);
// 8% × 714.29 = 57.1432 → 57.14; final gross 771.43.
func TestAuditNZJoinerLeavesInFirstWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		ana := e.employee(t, "Ana", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-10-05T00:00:00"})
		P := e.run(t, "2026-10-11", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ana, "terminationReason": "Resignation", "terminationDate": "2026-10-09T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, ana, "Annual Leave paid on termination")
		if len(paid) != 1 {
			t.Fatalf("final pay lines %v, want one 8%% line", paid)
		}
		expectAmount(t, "8%", paid[0]["earnings"], 57.14)
		expectAmount(t, "final gross", e.totals(t, P, ana)["grossEarnings"], 771.43)
	})
}

// UK four-weekly week 56 (Specification for PAYE Tax Table Routines,
// "Payments in weeks 53, 54 or 56": a four-weekly payment in week 56 is
// taxed on the week 1 basis for its period, the four weeks' free pay and
// bands, not cumulatively; docs/reference/uk-paye.md): Qiu, £2,000 every
// four weeks on 1257L, employed from Tuesday 9 March 2027, is paid on 5
// April 2027 (week 53 of 2026-27, a four-weekly payroll's week 56) for 9
// March-5 April (28 days). Free pay for 4 weeks: the two 500 blocks 2 × 4
// × 96.16 = 769.28 and 257: 2,579 × 4 ÷ 52 = 198.38 → 198.39 (rounded
// up): 967.67; taxable 1,032.33 → 1,032 × 20% = 206.40 (the four-week
// basic band 37,700 × 4 ÷ 52 = 2,900). NI on the four-weekly earnings
// period (payroll-rules-2026-27.md 2.4: PT 967, ST 385, the annual
// figures ÷ 13 rounded up): employee 8% × (2,000 − 967) = 82.64, employer
// 15% × (2,000 − 385) = 242.25.
func TestAuditUKFourWeeklyWeek56(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "FourWeekly")
		qiu := e.employee(t, "Qiu", "FourWeekly", map[string]any{"rate": 2000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2027-03-09T00:00:00"})
		tot := e.totals(t, e.run(t, "2027-04-05", 0, 0), qiu)
		expectAmount(t, "gross", tot["grossEarnings"], 2000)
		expectAmount(t, "week 56 PAYE", tot["payeWithheld"], 206.40)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 82.64)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 242.25)
	})
}

// NZ public holidays over Christmas and New Year in the final holiday
// pay, the extension reaching further holidays (Holidays Act 2003 s
// 40(1)-(3); s 45 for a Monday-to-Friday worker: Boxing Day, Saturday 26
// December 2026, is observed Monday 28 December; the day after New
// Year's Day, Saturday 2 January 2027, Monday 4 January). Tai ($62,400 a
// year, Monday to Friday) leaves on Friday 18 December 2026 with two weeks
// (80 hours, 10 working days) untaken. From Monday 21 December: 21-24
// (4 days), Christmas Day Friday 25 (holiday), Monday 28 (holiday),
// 29-31 (7 days), New Year's Day Friday 1 January (holiday), Monday 4
// January (holiday), 5-7 January (10 days). Four holidays × relevant
// daily pay 240.00 = 960.00.
func TestAuditNZFinalHolidayPayOverNewYear(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		tai := e.employee(t, "Tai", "Monthly", map[string]any{"rate": 62400, "rateUnit": "Annually", "hoursPerWeek": 40, "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2024-10-01T00:00:00"})
		sep := e.run(t, "2026-09-30", 0, 0)
		e.accrue(t, sep, tai, annual, 80)
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		for _, day := range []string{"2026-10-31", "2026-11-30"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-12-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": tai, "terminationReason": "Resignation", "terminationDate": "2026-12-18T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, tai, "Annual Leave paid on termination")
		if len(paid) != 3 {
			t.Fatalf("final pay lines %v, want s 24, s 40 and the 8%%", paid)
		}
		expectAmount(t, "public holidays (s 40)", paid[1]["earnings"], 960)
		expectAmount(t, "their days", paid[1]["units"], 4)
		n := fmt.Sprint(paid[1]["notes"])
		for _, day := range []string{"25 December 2026", "28 December 2026", "1 January 2027", "4 January 2027"} {
			if !strings.Contains(n, day) {
				t.Errorf("public holidays line notes %q lack %s", n, day)
			}
		}
	})
}

// AU long service leave pro rata on a redundancy short of the category's
// 7 years (NSW Long Service Leave Act 1955 s 4(2)(a)(iii): a worker with
// at least 5 years' service whose services are terminated by the employer
// for any reason other than serious and wilful misconduct is paid pro
// rata; internal/payschedule/leavetemplates.go, NSW): Ned, $1,000 a week
// (40 hours, $25) in NSW since 1 July 2020 (6.39 years), has 100 hours of
// LSL entered in the week to 15 November 2026 and is made redundant on
// Sunday 22 November. LSL: 100 + 2 × (40 × 0.016667 = 0.6667) = 101.3334
// hours × 25 = 2,533.34; annual leave: 2 × 3.076923 = 6.153846 hours × 25
// = 153.85. On a genuine redundancy both are Lump Sum A type R, 32% of
// the total, cents disregarded (Schedule 7): 32% × 2,687.19 = 859.90 →
// 859; PAYG W(1000) = 138 + 859 = 997. Final gross 3,687.19. The year's
// payment summary (ATO, PAYG payment summary – individual non-business:
// unused leave on a genuine redundancy is Lump Sum A, type R): gross
// payments 1,000 + 1,000 = 2,000, Lump Sum A 2,687 (whole dollars), tax
// 138 + 997 = 1,135. Nat, the same but resigning (VoluntaryCessation: no
// pro rata), is paid the annual leave only: 1,153.85.
func TestAuditAUNSWLongServiceLeaveProRataOnRedundancy(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lsl := e.leave["Long Service Leave"]
		ned := e.employee(t, "Ned", map[string]any{"startDate": "2020-07-01T00:00:00"})
		nat := e.employee(t, "Nat", map[string]any{"startDate": "2020-07-01T00:00:00"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		for _, emp := range []int64{ned, nat} {
			e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(emp): []any{
				map[string]any{"leaveCategoryId": lsl, "amount": 100}}}}).Expect(t, 200)
		}
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ned, "terminationReason": "Redundancy", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nat, "terminationReason": "VoluntaryCessation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "redundancy", e.totals(t, P, ned), map[string]int64{"grossEarnings": 368719, "paygWithheld": 99700, "superContribution": 12000})
		want(t, "resignation", e.totals(t, P, nat), map[string]int64{"grossEarnings": 115385})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, ned), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]float64{"grossPayments": 2000, "lumpSumA": 2687, "totalTaxWithheld": 1135} {
			if num(t, sum[k]) != v {
				t.Errorf("payment summary %s = %v, want %v", k, sum[k], v)
			}
		}
		if sum["lumpSumAType"] != "R" {
			t.Errorf("payment summary lumpSumAType = %v, want R", sum["lumpSumAType"])
		}
	})
}

// AU part-time hourly leaver on her work week (part-period-pay.md; Fair
// Work Act s 87: four weeks of ordinary hours a year accrue
// progressively, s 90(2): paid out on termination): Pam, $30 an hour for
// 22.8 hours on Monday to Wednesday, employed since 1 July 2025, has her
// end date on Tuesday 17 November 2026 (no runs before). The week 16-22
// November pays Monday and Tuesday, 2 of her 3 days: 15.2 hours × 30 =
// 456.00 (a Monday-to-Friday week would pay 2 of 5 days: 273.60). Annual
// leave accrued on those hours, 15.2 × 4 ÷ 52 = 1.169231 hours × 30 =
// 35.08, is paid out: final gross 491.08; SG 12% × 456 = 54.72.
func TestAuditAUPartTimeLeaverByWorkWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pam := e.employee(t, "Pam", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 22.8, "hoursPerDay": 7.6, "employmentType": "PartTime"})
		standardWeek(t, e.Bundle, e.B, pam, 7.6, 1, 2, 3)
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, pam), e.Key, map[string]any{"endDate": "2026-11-17T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "part-time leaver", e.totals(t, P, pam), map[string]int64{"grossEarnings": 49108, "superContribution": 5472})
	})
}
