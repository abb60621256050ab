package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth29: UK leavers and joiners part-way through a period, holiday
// pay on termination and the year-end amounts (P45, P60), 2026-27, paid
// through the API the way a client does. PAYE by HMRC's tax table
// routines (docs/reference/uk-paye.md, uk-p45.md): code 1257L free pay
// 1,048.26 a month and 241.92 a week (2 × the 500 part + the 257
// remainder, each rounded up), taxable pay to date rounded down to the
// pound, 20% to the basic-rate limit; NI 8% above the PT
// (payroll-rules-2026-27.md 2.4: monthly 1,048, fortnightly 484,
// four-weekly 967).

// A joiner with a P45 (cumulative 1257L) who stays to the end of the
// year: the P60 (HMRC, "P60": pay and tax in previous employments, in this
// employment and the total for the year):
//   - Jo joins on 1 October 2026 at £3,000 a month with a P45 of pay
//     20,000 and tax 2,000 and is paid every month to March 2027 (month
//     12).
//   - Month 12: pay to date 20,000 + 6 × 3,000 = 38,000; free pay 12 ×
//     1,048.26 = 12,579.12; taxable 25,420.88 → 25,420 × 20% = 5,084.00
//     (under the 37,700 limit).
//   - P60: previous 20,000.00 / 2,000.00; this employment 18,000.00 /
//     3,084.00; total 38,000.00 / 5,084.00; employee NI 6 × 8% × (3,000 −
//     1,048) = 6 × 156.16 = 936.96.
func TestAuditUKJoinerWithP45FullYearP60(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		jo := e.employee(t, "Jo", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-10-01T00:00:00", "previousEmployerTaxablePay": 20000, "previousEmployerTaxWithheld": 2000,
			"previousEmployerLeavingDate": "2026-09-30T00:00:00"})
		for _, day := range []string{"2026-10-31", "2026-11-30", "2026-12-31", "2027-01-31", "2027-02-28", "2027-03-31"} {
			P := e.run(t, day, 0, 0)
			expectAmount(t, "NI "+day, e.totals(t, P, jo)["employeeNationalInsuranceContribution"], 156.16)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		p60 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p60/2027", e.B, jo), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]float64{"payInPreviousEmployments": 20000, "taxInPreviousEmployments": 2000, "payInThisEmployment": 18000,
			"taxInThisEmployment": 3084, "totalPayForYear": 38000, "totalTaxForYear": 5084} {
			expectAmount(t, "P60 "+k, p60[k], v)
		}
	})
}

// A fortnightly joiner part-way through a fortnight with a P45 on a
// cumulative code:
//   - Fen, £31,200 a year (£1,200 a fortnight), joins Thursday 5 November
//     2026 with a P45 of pay 15,000 and tax 1,500; the fortnight 2-15
//     November is paid on 15 November, tax week 32 (6 April + 31 weeks =
//     9 November).
//   - Pay for 11 of 14 days (calendar days, part-period-pay.md): 1,200 ×
//     11 ÷ 14 = 942.857 → 942.86.
//   - PAYE: pay to date 15,942.86 − free pay 32 × 241.92 = 7,741.44 →
//     8,201.42 → 8,201 × 20% = 1,640.20, less the P45's 1,500 = 140.20.
//   - NI 8% × (942.86 − 484) = 36.7088 → 36.71.
func TestAuditUKFortnightlyJoinerP45PartPeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Fortnightly")
		fen := e.employee(t, "Fen", "Fortnightly", map[string]any{"rate": 31200, "rateUnit": "Annually", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-11-05T00:00:00", "previousEmployerTaxablePay": 15000, "previousEmployerTaxWithheld": 1500,
			"previousEmployerLeavingDate": "2026-10-31T00:00:00"})
		tot := e.totals(t, e.run(t, "2026-11-15", 0, 0), fen)
		expectAmount(t, "gross", tot["grossEarnings"], 942.86)
		expectAmount(t, "PAYE", tot["payeWithheld"], 140.20)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 36.71)
	})
}

// A monthly joiner with a P45 who leaves part-way through her second
// month with holiday untaken (WTR 1998 reg 14: payment in lieu of leave
// accrued and not taken; reg 16: a week's pay, here the hourly rate of a
// salary for 37.5 hours a week), and her P45 (part 1A: total pay and tax
// to date with the previous employment on a cumulative code, and in this
// employment):
//   - Liv, £39,000 a year (£3,250 a month; £750 a week ÷ 37.5 = £20 an
//     hour), 1257L cumulative, joins 1 October 2026 with a P45 of 20,000 /
//     2,000. October (month 7): 23,250 − 7,337.82 = 15,912.18 → 15,912 ×
//     20% = 3,182.40 − 2,000 = 1,182.40; NI 8% × (3,250 − 1,048) = 176.16.
//   - 30 hours of holiday entered in October; she resigns on Friday 20
//     November: salary 3,250 × 20 ÷ 30 = 2,166.67; holiday 30 × 20 =
//     600.00; 2,766.67.
//   - November (month 8): 26,016.67 − 8 × 1,048.26 = 8,386.08 → 17,630.59
//     → 17,630 × 20% = 3,526.00 − 3,182.40 = 343.60; NI 8% × (2,766.67 −
//     1,048) = 137.49.
//   - P45: pay and tax to date 26,016.67 / 3,526.00; in this employment
//     6,016.67 / 1,526.00.
func TestAuditUKMonthlyLeaverHolidayPayAfterP45Start(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		holiday := e.manualLeave(t, "Holiday")
		liv := e.employee(t, "Liv", "Monthly", map[string]any{"rate": 39000, "rateUnit": "Annually", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2026-10-01T00:00:00", "previousEmployerTaxablePay": 20000, "previousEmployerTaxWithheld": 2000,
			"previousEmployerLeavingDate": "2026-09-30T00:00:00"})
		oct := e.run(t, "2026-10-31", 0, 0)
		e.accrue(t, oct, liv, holiday, 30)
		tot := e.totals(t, oct, liv)
		expectAmount(t, "October PAYE", tot["payeWithheld"], 1182.40)
		expectAmount(t, "October NI", tot["employeeNationalInsuranceContribution"], 176.16)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.run(t, "2026-11-30", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": liv, "terminationReason": "Resignation", "terminationDate": "2026-11-20T00:00:00"}).Expect(t, 200)
		tot = e.totals(t, P, liv)
		expectAmount(t, "final gross", tot["grossEarnings"], 2766.67)
		expectAmount(t, "final PAYE", tot["payeWithheld"], 343.60)
		expectAmount(t, "final NI", tot["employeeNationalInsuranceContribution"], 137.49)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, liv), e.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		for k, v := range map[string]float64{"totalPayToDate": 26016.67, "totalTaxToDate": 3526, "payInThisEmployment": 6016.67, "taxInThisEmployment": 1526} {
			expectAmount(t, "P45 "+k, p45[k], v)
		}
	})
}

// A four-weekly hourly leaver with holiday paid on termination (WTR 1998
// reg 14), on BR:
//   - Hal, £15 an hour, 38 hours a week (152 hours = 2,280.00 a four-week
//     period), 40 hours of holiday entered in the period ending 25
//     October 2026, resigns on 22 November, the last day of the next
//     period: holiday 40 × 15 = 600.00; final gross 2,880.00.
//   - PAYE BR 20%: 456.00 then 576.00. NI 8% × (2,280 − 967) = 105.04,
//     then 8% × (2,880 − 967) = 153.04.
//   - P45: pay and tax to date 5,160.00 / 1,032.00.
func TestAuditUKFourWeeklyLeaverHolidayPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "FourWeekly")
		hal, _, P := e.holidayLeaver(t, "FourWeekly", "2026-10-25", "2026-11-22", map[string]any{"taxCode": "BR", "nationalInsuranceCategory": "A"})
		expectAmount(t, "holiday paid on termination", e.paidOnTermination(t, P, hal), 600)
		tot := e.totals(t, P, hal)
		expectAmount(t, "final gross", tot["grossEarnings"], 2880)
		expectAmount(t, "final PAYE", tot["payeWithheld"], 576)
		expectAmount(t, "final NI", tot["employeeNationalInsuranceContribution"], 153.04)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, hal), e.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		for k, v := range map[string]float64{"totalPayToDate": 5160, "totalTaxToDate": 1032} {
			expectAmount(t, "P45 "+k, p45[k], v)
		}
	})
}

// The fortnightly joiner of TestAuditUKFortnightlyJoinerP45PartPeriod
// leaves on Wednesday 25 November, inside her second fortnight (16-29
// November, paid 29 November, tax week 34: 6 April + 33 weeks = 23
// November):
//   - Pay 1,200 × 10 ÷ 14 = 857.142 → 857.14.
//   - PAYE: pay to date 15,000 + 942.86 + 857.14 = 16,800.00 − 34 ×
//     241.92 = 8,225.28 → 8,574.72 → 8,574 × 20% = 1,714.80, less 1,640.20
//     = 74.60.
//   - P45: week 34, pay and tax to date 16,800.00 / 1,714.80 (cumulative
//     code: with the previous employment), in this employment 1,800.00 /
//     214.80.
func TestAuditUKFortnightlyLeaverP45WithPreviousPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Fortnightly")
		fen := e.employee(t, "Fen", "Fortnightly", map[string]any{"rate": 31200, "rateUnit": "Annually", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-11-05T00:00:00", "previousEmployerTaxablePay": 15000, "previousEmployerTaxWithheld": 1500,
			"previousEmployerLeavingDate": "2026-10-31T00:00:00"})
		P1 := e.run(t, "2026-11-15", 0, 0)
		expectAmount(t, "first PAYE", e.totals(t, P1, fen)["payeWithheld"], 140.20)
		e.Do("POST", P1+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.run(t, "2026-11-29", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": fen, "terminationReason": "Resignation", "terminationDate": "2026-11-25T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, fen)
		expectAmount(t, "final gross", tot["grossEarnings"], 857.14)
		expectAmount(t, "final PAYE", tot["payeWithheld"], 74.60)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, fen), e.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		if p45["periodType"] != "Week" || num(t, p45["periodNumber"]) != 34 {
			t.Errorf("P45 period %v %v, want week 34", p45["periodType"], p45["periodNumber"])
		}
		for k, v := range map[string]float64{"totalPayToDate": 16800, "totalTaxToDate": 1714.80, "payInThisEmployment": 1800, "taxInThisEmployment": 214.80} {
			expectAmount(t, "P45 "+k, p45[k], v)
		}
	})
}

// Holiday kept in days, entered in the final run itself and paid on
// termination (WTR 1998 reg 14 and reg 16: a day's pay is a week's pay ÷
// the days worked in the week; P/leaveaccrued amounts are hours, the
// ledger's unit, whatever the category's balance unit):
//   - Dot, £26,000 a year paid monthly (£500 a week, 5 days of 7.5 hours:
//     £13.3333 an hour, a day's pay 100.00), on BR, leaves on 31 October
//     2026 (a whole month: 2,166.67); the client enters her untaken 3 days
//     (22.5 hours) of a holiday category kept in days on that final run:
//     holiday 22.5 × 13.3333 = 300.00, gross 2,466.67.
//   - PAYE BR on pay to date (rounded down to the pound): 2,466 × 20% =
//     493.20.
func TestAuditUKHolidayEnteredInTheFinalRunPaidOnTermination(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		holiday := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday", "leaveUnitType": "Days",
			"leaveCategoryType": "Standard"}).Expect(t, 200).Map(t)["id"]))
		dot := e.employee(t, "Dot", "Monthly", map[string]any{"rate": 26000, "rateUnit": "Annually", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "BR", "nationalInsuranceCategory": "A"})
		P := e.run(t, "2026-10-31", 0, 0)
		e.accrue(t, P, dot, holiday, 22.5)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": dot, "terminationReason": "Resignation", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, dot)
		expectAmount(t, "final gross", tot["grossEarnings"], 2466.67)
		expectAmount(t, "final PAYE", tot["payeWithheld"], 493.20)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if n, unit := e.balanceOf(t, dot, holiday, "2026-10-31"); n != 0 {
			t.Errorf("holiday left after the final pay: %v %s", n, unit)
		}
	})
}

// Holiday paid on termination includes regularly paid overtime (WTR 1998
// reg 14(3)(b): the payment in lieu is "the amount that would be due to
// the worker under regulation 16" for the leave (A × B) − C; reg 16(3ZA)
// as amended by SI 2023/1426: a week's pay for reg 13 leave includes
// overtime regularly paid in the 52 weeks before; the reference period
// and the choices as docs/reference/uk-holiday-pay-regular-overtime.md):
//   - Holly, £15.00 an hour, 37.5 hours a week, weekly from 6 April 2026,
//     works 5 hours of overtime at time and a half (112.50) in each of her
//     first four weeks, with 40 hours of holiday entered in the first; she
//     resigns on Saturday 9 May, the last day of her fifth week (no
//     overtime that week).
//   - Overtime 4 × 112.50 ÷ 4 weeks = 112.50 a week ÷ 37.5 = 3.00 an hour
//     on top of 15.00: holiday 40 × 18.00 = 720.00 (at the basic rate
//     only: 600.00).
//   - Gross 562.50 + 720.00 = 1,282.50; employee NI 8% × (967 − 242) =
//     58.00 + 2% × (1,282.50 − 967) = 6.31: 64.31 (weekly PT and UEL).
func TestAuditUKHolidayOnTerminationWithRegularOvertime(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", e.B+path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		ot := id("/paycategory", map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly", "rateLoadingPercent": 50})
		hp := id("/paycategory", map[string]any{"name": "Holiday Pay", "rateUnit": "Hourly"})
		hol := id("/leavecategory", map[string]any{"name": "Holiday", "leaveUnitType": "Hours", "leaveCategoryType": "Standard", "transferToPayCategoryId": hp})
		holly := e.employee(t, "Holly", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "1257L", "nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00"})
		for i, day := range []string{"2026-04-11", "2026-04-18", "2026-04-25", "2026-05-02"} {
			P := e.run(t, day, 0, 0)
			e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(holly): []any{
				map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 5}}}}).Expect(t, 200)
			if i == 0 {
				e.accrue(t, P, holly, hol, 40)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-05-09", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": holly, "terminationReason": "Resignation", "terminationDate": "2026-05-09T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, holly)
		expectAmount(t, "final gross", tot["grossEarnings"], 1282.50)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 64.31)
		l := e.linesNamed(t, P, holly, "Holiday paid on termination")
		if len(l) != 1 || num(t, l[0]["rate"]) != 18 || !strings.Contains(fmt.Sprint(l[0]["notes"]), "regs 14(3)(b) and 16") {
			t.Errorf("holiday paid on termination %v, want 40 hours at 18.00 with a note of regs 14 and 16", l)
		}
	})
}
