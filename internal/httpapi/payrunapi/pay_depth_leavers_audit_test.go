package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth23: terminations and ETPs, leave loading, leavers and joiners
// part-way through a period, week 53, year-end amounts and holiday pay on
// termination in AU, UK, NZ and SG, paid through the API the way a client
// does. Each figure is derived by hand in the comment from the statute or
// official guidance named there (rates: payroll-rules-2026-27.md), never
// from our output.

// AU fortnightly salaried leaver on the third day of the fortnight with
// annual leave and its loading paid out (resignation, Schedule 7 normal
// termination):
//   - Ria, $52,000 a year (40 hours a week: $25 an hour, $2,000 a
//     fortnight), has 80 hours entered in the fortnight ending 8 November
//     2026 plus that fortnight's accrual (Fair Work Act 2009 s 87: 4 weeks
//     a year, 160 hours ÷ 26 = 6.153846) and resigns on Wednesday 11
//     November, the third day of the fortnight 9-22 November.
//   - Salary for the days employed (calendar days, part-period-pay.md):
//     2,000 × 3 ÷ 14 = 428.571 → 428.57.
//   - Leave accrued in the last fortnight: the fortnight's 6.153846 for
//     the share of it employed, by calendar days (holiday-pay-on-
//     termination.md, as TestAuditAUPartWeekLeaverLeaveWithLoading):
//     6.153846 × 3 ÷ 14 = 1.318681. (Counting her ordinary hours Monday
//     to Wednesday instead, 24 × 160 ÷ 2,080 = 1.846154, would pay 13.19
//     more: see the report of paydepth23.)
//   - Paid out (s 90(2)): 80 + 6.153846 + 1.318681 = 87.472527 hours × 25
//     = 2,186.81; loading 17.5% = 382.69; together 2,569.50.
//   - Schedule 7 marginal method: normal gross earnings of a full
//     fortnight 2,000; 2,569.50 ÷ 26 = 98.83 → 98; (2,098 ÷ 2 = 1,049: W
//     = 0.3227 × 1,049.99 − 185.1935 = 153.64 → 154) × 2 = 308, less
//     W(1,000) × 2 = 276: 32 × 26 = 832. The part-fortnight's own pay
//     428.57 ÷ 2 = 214 is under the threshold: nil. PAYG 832.
//   - SG 12% × 428.57 = 51.43 (leave paid on termination is not OTE).
func TestAuditAUFortnightlyLeaverThirdDayLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		fortnightly := e.schedule(t, "Fortnightly")
		ria := e.employee(t, "Ria", map[string]any{"paySchedule": "Fortnightly", "rate": 52000, "rateUnit": "Annually"})
		P1 := e.runOn(t, fortnightly, "2026-11-08", "2026-11-11")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ria): []any{
			map[string]any{"leaveCategoryId": al, "amount": 80}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ria, "terminationReason": "Resignation", "terminationDate": "2026-11-11T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, ria), map[string]int64{"grossEarnings": 42857 + 218681 + 38269, "paygWithheld": 83200, "superContribution": 5143})
		e.matchesPaySlip(t, P, ria)
	})
}

// AU genuine redundancy in the first pay run of a financial year with leave
// accrued last year (Schedule 7: unused annual leave and its loading paid
// on a genuine redundancy are Lump Sum A type R, 32% of the total, cents
// disregarded; ATO NAT 0046 and STP Phase 2: the payment summary and the
// year to date belong to the income year of the payment date):
//   - Gil, $1,000 a week (40 hours: $25 an hour), has 76 hours of annual
//     leave entered in the week ending 28 June 2026 (paid 30 June 2026,
//     income year 2025-26) plus that week's accrual 40 × 160 ÷ 2,080 =
//     3.076923, and the same again in the week ending 5 July 2026 (paid 8
//     July 2026, income year 2026-27) when he is made redundant on Sunday 5
//     July: 82.153846 hours × 25 = 2,053.85; loading 17.5% = 359.42.
//   - Long service leave (NSW Long Service Leave Act 1955 s 4(2)(a)(iii):
//     pro rata after 5 years on a redundancy; au-lsl-on-termination.md),
//     accrued 40 × 0.0166667 = 0.6667 hours in each of the two weeks:
//     1.3334 × 25 = 33.34, also Lump Sum A type R.
//   - Lump Sum A 2,053.85 + 359.42 + 33.34 = 2,446.61.
//   - PAYG: the week W(1,000) (2026-27 scale 2) = 0.3227 × 1,000.99 −
//     185.1935 = 137.83 → 138; 32% × 2,446.61 = 782.92 → 782; 920.
//   - SG 12% × 1,000 = 120.
//   - Payment summary 2026-27: gross 1,000, Lump Sum A 2,446 type R, tax
//     920; 2025-26: gross 1,000, no Lump Sum A. STP year to date for
//     2026-27: gross 1,000.00, lump sum AR 2,446.61, cessation R.
func TestAuditAUGenuineRedundancyFirstRunOfTheYear(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		gil := e.employee(t, "Gil", map[string]any{"rate": 52000, "rateUnit": "Annually", "startDate": "2020-07-01T00:00:00"})
		P1 := e.run(t, "2026-06-28", "2026-06-30")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(gil): []any{
			map[string]any{"leaveCategoryId": al, "amount": 76}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-07-05", "2026-07-08")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": gil, "terminationReason": "Redundancy", "terminationDate": "2026-07-05T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, gil), map[string]int64{"grossEarnings": 100000 + 205385 + 35942 + 3334, "paygWithheld": 92000, "superContribution": 12000})
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, gil), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary 2026-27", sum, map[string]float64{"grossPayments": 1000, "lumpSumA": 2446, "totalTaxWithheld": 920})
		if sum["lumpSumAType"] != "R" {
			t.Errorf("Lump Sum A type %v, want R", sum["lumpSumAType"])
		}
		last := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2026?employeeId=%d", e.B, gil), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary 2025-26", last, map[string]float64{"grossPayments": 1000, "lumpSumA": 0})
		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		if len(doc.Payees) != 1 || len(doc.Payees[0].IncomeStreams) != 1 {
			t.Fatalf("STP payees %+v", doc.Payees)
		}
		s := doc.Payees[0].IncomeStreams[0]
		if !s.Gross.Equal(payroll.MustMoney("1000")) || !typedAmount(s.LumpSums, "AR").Equal(payroll.MustMoney("2446.61")) {
			t.Errorf("STP year to date gross %s, lump sum AR %s; want 1,000.00 and 2,446.61", s.Gross, typedAmount(s.LumpSums, "AR"))
		}
		if doc.Payees[0].CessationReason != "R" {
			t.Errorf("STP cessation %q", doc.Payees[0].CessationReason)
		}
	})
}

// AU monthly salaried leaver part-way through a month, dismissed with a
// payment in lieu of notice (an ETP, code O: ATO "Employment termination
// payments", life benefit non-excluded; Schedule 11: 32% under the
// preservation age, within the whole-of-income cap $180,000 less the
// year's other taxable payments):
//   - Moe, $78,000 a year ($6,500 a month), born 1990, starts 1 October
//     2026. October: Schedule 1 monthly (earnings × 3 ÷ 13 = 1,500.00:
//     W(1,500) = 0.32 × 1,500.99 − 181.7319 = 298.59 → 299; × 13 ÷ 3 =
//     1,295.67 → 1,296).
//   - Dismissed on Tuesday 10 November: 6,500 × 10 ÷ 30 = 2,166.67; ×
//     3 ÷ 13 = 500.00 → W(500) = 0.15 × 500.99 − 54.3462 = 20.80 → 21;
//     × 13 ÷ 3 = 91.00. PILON 6,500 × 32% = 2,080.
//   - Annual leave paid out (Fair Work Act s 90(2); no balance entered):
//     October's accrual 4 ÷ 52 × 173.3333 hours = 13.3333, November's
//     share by calendar days × 10 ÷ 30 = 4.4444: 17.7777 hours × 37.50 =
//     666.66. Schedule 7 marginal method on a full month's 6,500: 666.66
//     ÷ 12 = 55.55 → 55; 6,555 × 3 ÷ 13 = 1,512.69 → 1,512: W = 0.32 ×
//     1,512.99 − 181.7319 = 302.42 → 302 × 13 ÷ 3 = 1,308.67 → 1,309;
//     (1,309 − 1,296) × 12 = 156.
//   - PAYG 91 + 156 + 2,080 = 2,327. SG: the leave is not OTE, the
//     payment in lieu of notice is (SGR 2009/2; a superable ETP, the
//     default category since paydepth56): 12% × (2,166.67 + 6,500) = 12%
//     × 8,666.67 = 1,040.0004 → 1,040.00 (before: 12% × 2,166.67 =
//     260.00); the year's base 6,500 + 8,666.67 is far under the 2026-27
//     maximum contribution base of $270,830.
//   - Payment summary 2026-27: gross 6,500 + 2,166.67 + 666.66 = 9,333.33
//     → 9,333, ETP taxable component 6,500 code O, tax 1,296 + 2,327 =
//     3,623. STP (Phase 2: the leave is paid leave type U, apart from
//     gross): gross 8,666.67, income stream PAYGW 1,296 + 91 + 156 =
//     1,543.00; ETP O 6,500.00 withheld 2,080.00. Before paydepth23 the
//     run's lodgement was refused (409): the recomputation of the
//     leaver's cut-short salary lost the whole month's normal earnings,
//     so the ETP's own withholding could not be told apart.
func TestAuditAUMonthlyLeaverPaymentInLieuOfNotice(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		monthly := e.schedule(t, "Monthly")
		moe := e.employee(t, "Moe", map[string]any{"paySchedule": "Monthly", "rate": 78000, "rateUnit": "Annually", "startDate": "2026-10-01T00:00:00"})
		P1 := e.runOn(t, monthly, "2026-10-31", "2026-10-30")
		want(t, "October", e.totals(t, P1, moe), map[string]int64{"grossEarnings": 650000, "paygWithheld": 129600, "superContribution": 78000})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.runOn(t, monthly, "2026-11-30", "2026-11-30")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": moe, "terminationReason": "Dismissal", "terminationDate": "2026-11-10T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, moe, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 6500}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, moe), map[string]int64{"grossEarnings": 216667 + 66666 + 650000, "paygWithheld": 232700, "superContribution": 104000})
		e.matchesPaySlip(t, P, moe)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, moe), e.Key, nil).Expect(t, 200).Map(t)
		// The ETP is on its own summary with its 2,080: 3,623 − 2,080.
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 9333, "taxableComponent": 0, "totalTaxWithheld": 1543})
		e.etpSummary(t, 2027, moe, "O", 6500, 2080)
		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		if len(doc.Payees) != 1 || len(doc.Payees[0].IncomeStreams) != 1 {
			t.Fatalf("STP payees %+v", doc.Payees)
		}
		s := doc.Payees[0].IncomeStreams[0]
		if !s.Gross.Equal(payroll.MustMoney("8666.67")) || !s.TaxWithheld.Equal(payroll.MustMoney("1543")) {
			t.Errorf("STP gross %s tax %s, want 8,666.67 and 1,543.00", s.Gross, s.TaxWithheld)
		}
		if len(s.EmploymentTermination) != 1 || s.EmploymentTermination[0].Code != "O" ||
			!s.EmploymentTermination[0].TaxableComponent.Equal(payroll.MustMoney("6500")) || !s.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("2080")) {
			t.Errorf("STP ETPs %+v, want O 6,500.00 withheld 2,080.00", s.EmploymentTermination)
		}
	})
}

// AU salaried joiner on the Wednesday of a weekly run: Joe, $1,400 a week,
// starts Wednesday 18 November 2026 (week 16-22 November; calendar days,
// part-period-pay.md): 1,400 × 5 ÷ 7 = 1,000.00; PAYG W(1,000) = 138; SG
// 12% = 120.00.
func TestAuditAUSalariedJoinerOnAWednesday(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		joe := e.employee(t, "Joe", map[string]any{"rate": 1400, "rateUnit": "Weekly", "startDate": "2026-11-18T00:00:00"})
		want(t, "first week", e.totals(t, e.run(t, "2026-11-22", "2026-11-25"), joe), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800, "superContribution": 12000})
	})
}

// AU leave taken in the final week and the rest paid out (Fair Work Act
// 2009 s 90(2): the balance at the end of employment): Tia, $1,000 a week
// (40 hours, $25 an hour), 40 hours entered in the week ending 15
// November 2026 plus its accrual 3.076923; in her last week (to Sunday 22
// November, a resignation) she takes 16 hours of annual leave (the week
// is still 40 ordinary hours: a further 3.076923 accrues). Balance paid
// out: 40 + 3.076923 + 3.076923 − 16 = 30.153846 hours × 25 = 753.85;
// loading 17.5% × 753.85 = 131.92.
func TestAuditAULeaveTakenThenRestPaidOut(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		tia := e.employee(t, "Tia", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(tia): []any{
			map[string]any{"leaveCategoryId": al, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, tia), e.Key, map[string]any{"leaveCategoryId": al, "fromDate": "2026-11-16T00:00:00",
			"toDate": "2026-11-17T00:00:00", "hours": 16, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": tia, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		var out, loading float64
		lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, tia), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(tia)].([]any)
		for _, l := range lines {
			m := l.(map[string]any)
			switch m["payCategoryName"] {
			case "Unused Leave on Termination", "Annual Leave paid on termination":
				out += num(t, m["earnings"])
			case "Unused Leave Loading on Termination":
				loading += num(t, m["earnings"])
			}
		}
		if fmt.Sprintf("%.2f/%.2f", out, loading) != "753.85/131.92" {
			t.Errorf("paid out %.2f, loading %.2f; want 753.85 and 131.92 (lines %v)", out, loading, lines)
		}
	})
}

// UK leaver paid in lieu of notice and statutory redundancy in the final
// pay (ITEPA 2003 s 401-403: the first £30,000 of a termination award is
// exempt and not earnings for NI; ss 402A-402E, from 6 April 2018: post-
// employment notice pay, and any contractual PILON, is earnings, taxable
// and NI-able):
//   - Lee, £3,000 a month on BR, category A; September 3,000: PAYE 600.
//   - Leaves Thursday 15 October 2026: salary 3,000 × 15 ÷ 31 = 1,451.61
//     (part-period-pay.md); PILON 3,000; redundancy 6,000.
//   - PAYE BR cumulative: 3,000 + 1,451.61 + 3,000 = 7,451.61 → 7,451 ×
//     20% = 1,490.20 − 600 = 890.20.
//   - NI monthly (PT 1,048, UEL 4,189): employee 8% × (4,189 − 1,048) =
//     251.28 + 2% × (4,451.61 − 4,189) = 5.25: 256.53; employer 15% ×
//     (4,451.61 − 417) = 605.19.
//   - P45: pay to date 7,451.61, tax 1,490.20 (the award is not pay).
func TestAuditUKLeaverPILONAndRedundancy(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		red := e.redundancyCategory(t)
		pilon := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Pay in Lieu of Notice", "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"]))
		lee := e.employee(t, "Lee", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "BR", "nationalInsuranceCategory": "A"})
		sep := e.run(t, "2026-09-30", 0, 0)
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": lee, "terminationReason": "Redundancy", "terminationDate": "2026-10-15T00:00:00"}).Expect(t, 200)
		e.pay(t, P, lee, pilon, 3000)
		e.pay(t, P, lee, red, 6000)
		tot := e.totals(t, P, lee)
		expectAmount(t, "gross", tot["grossEarnings"], 10451.61)
		expectAmount(t, "PAYE", tot["payeWithheld"], 890.20)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 256.53)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 605.19)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45data", e.B, lee), e.Key, nil).Expect(t, 200).Map(t)
		if p45["data"] != nil {
			p45 = p45["data"].(map[string]any)
		}
		expectAmount(t, "P45 pay to date", p45["totalPayToDate"], 7451.61)
		expectAmount(t, "P45 tax to date", p45["totalTaxToDate"], 1490.20)
	})
}

// UK weekly leaver paid in week 53 with holiday in lieu (HMRC, "Week 53
// payments": a payment on 5 April 2027 to a weekly-paid employee is taxed
// on the week 1 basis; Working Time Regulations 1998 reg 14: untaken
// holiday paid on leaving): Wes, £500 a week for 40 hours (£12.50 an
// hour), 1257L, category A, has 16 hours of holiday owed and leaves on
// Monday 5 April 2027 (paid that day, week 53): 500 + 16 × 12.50 = 700.
// PAYE week 1 basis: free pay 241.92; 458.08 → 458 × 20% = 91.60. NI
// weekly: employee 8% × (700 − 242) = 36.64; employer 15% × (700 − 96) =
// 90.60.
func TestAuditUKWeek53LeaverHolidayInLieu(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		holiday := e.manualLeave(t, "Holiday")
		wes := e.employee(t, "Wes", "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00"})
		P1 := e.run(t, "2027-03-29", 0, 0)
		e.accrue(t, P1, wes, holiday, 16)
		e.Do("POST", P1+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.leaveOn(t, wes, "2027-04-05")
		P := e.run(t, "2027-04-05", 0, 0)
		expectAmount(t, "holiday in lieu", e.paidOnTermination(t, P, wes), 200)
		tot := e.totals(t, P, wes)
		expectAmount(t, "gross", tot["grossEarnings"], 700)
		expectAmount(t, "week 53 PAYE", tot["payeWithheld"], 91.60)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 36.64)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 90.60)
	})
}

// UK fortnightly joiner and leaver in the same fortnight (calendar days,
// part-period-pay.md): Fin, £1,400 a fortnight, 1257L, category A, starts
// Monday 2 November 2026 and leaves Friday 13 November (fortnight 2-15
// November, paid 15 November): 1,400 × 12 ÷ 14 = 1,200.00. PAYE
// cumulative 1257L in fortnight 17: free pay far above 1,200: nil. NI
// fortnightly (payroll-rules-2026-27.md §2.4: PT 484, ST 193, the annual
// ÷ 26 rounded up): employee 8% × 716 = 57.28; employer 15% × 1,007 =
// 151.05.
func TestAuditUKFortnightlyJoinerLeaverSamePeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Fortnightly")
		fin := e.employee(t, "Fin", "Fortnightly", map[string]any{"rate": 1400, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-11-02T00:00:00"})
		e.leaveOn(t, fin, "2026-11-13")
		P := e.run(t, "2026-11-15", 0, 0)
		tot := e.totals(t, P, fin)
		expectAmount(t, "gross", tot["grossEarnings"], 1200)
		expectAmount(t, "PAYE", tot["payeWithheld"], 0)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 57.28)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 151.05)
	})
}

// NZ salaried joiner part-way through a fortnight (calendar days,
// part-period-pay.md): Tama, $72,800 a year ($2,800 a fortnight), M,
// KiwiSaver 3.5% / 3.5%, starts Wednesday 18 November 2026 (fortnight
// 9-22 November): 2,800 × 5 ÷ 14 = 1,000.00. PAYE (IR340 formula,
// annualised × 26 = 26,000: 10.5% × 15,600 + 17.5% × 10,400 = 3,458 ÷
// 26) = 133.00; ACC 1.75% × 1,000 = 17.50; KiwiSaver 35.00 each.
func TestAuditNZFortnightlyJoinerPartPeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Fortnightly")
		tama := e.employee(t, "Tama", "Fortnightly", map[string]any{"rate": 72800, "rateUnit": "Annually", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-11-18T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled",
			"kiwiSaver_EmployeeContribution": 3.5, "kiwiSaver_EmployerContribution": 3.5})
		tot := e.totals(t, e.run(t, "2026-11-22", 0, 0), tama)
		expectAmount(t, "gross", tot["grossEarnings"], 1000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 133)
		expectAmount(t, "ACC", tot["accLevyAmount"], 17.50)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 35)
	})
}

// NZ fortnightly leaver part-way through a fortnight before 12 months
// (Holidays Act 2003 s 23: 8% of gross earnings; IR340: holiday pay paid
// on termination is an extra pay):
//   - Hemi, $2,800 a fortnight, M, starts Monday 12 October 2026, paid the
//     fortnights ending 25 October and 8 November, leaves Wednesday 18
//     November (fortnight 9-22 November): 2,800 × 10 ÷ 14 = 2,000.00.
//   - 8% × (2,800 + 2,800 + 2,000) = 608.00.
//   - PAYE on the 2,000: × 26 = 52,000: 10.5% × 15,600 + 17.5% × 36,400
//     = 8,008 ÷ 26 = 308.00. Extra pay (IR Payroll Calculations &
//     Business Rules Specification §5.11 step 3.1, nz-extra-pay-acc.md):
//     the two fortnights 2,800 + 2,800 = 5,600 × 13 = 72,800, plus 608 =
//     73,408: 30% (53,501-78,100): 182.40. PAYE 490.40 (annualising the
//     608 too, 80,704, gave 33%: 508.64).
func TestAuditNZFortnightlyLeaverBeforeTwelveMonths(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Fortnightly")
		e.nzAnnualLeave(t, false)
		hemi := e.employee(t, "Hemi", "Fortnightly", map[string]any{"rate": 72800, "rateUnit": "Annually", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-10-12T00:00:00"})
		for _, day := range []string{"2026-10-25", "2026-11-08"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-22", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": hemi, "terminationReason": "Resignation", "terminationDate": "2026-11-18T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, hemi, "Annual Leave paid on termination")
		if len(paid) != 1 {
			t.Fatalf("final pay lines %v, want one 8%% line", paid)
		}
		expectAmount(t, "8%", paid[0]["earnings"], 608)
		tot := e.totals(t, P, hemi)
		expectAmount(t, "gross", tot["grossEarnings"], 2608)
		expectAmount(t, "PAYE", tot["payeWithheld"], 490.40)
	})
}

// NZ redundancy and 8% holiday pay in the same final pay (IR340: two extra
// pays in one pay are added together to find the rate; docs/reference/
// holiday-pay-on-termination.md: redundancy is out of gross earnings):
// Nia, $1,000 a week, M, started Monday 28 September 2026, made redundant
// Sunday 18 October with $5,000: 8% × 3,000 = 240.00. The week: 154.00.
// Both are extra pays on termination (from 1 April 2025, s RD 17 as
// amended; docs/reference/nz-extra-pay-on-termination-2025.md): the last
// two fully paid periods before the termination pay, the weeks ending 4
// and 11 October, 2,000 × 26 = 52,000, plus the extra pays 5,240 = 57,240
// → 30%: 1,572.00. PAYE 1,726.00 (paydepth39; the four weeks before the
// period, 2,000 × 13 = 26,000 + 5,240 = 31,240 → 17.5%, gave 1,071.00;
// annualising the extra pays too gave 1,883.20); ACC 1.75% × (1,000 +
// 240) = 21.70 (redundancy is not liable).
func TestAuditNZRedundancyAndHolidayPayExtraPays(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		red := e.redundancyCategory(t)
		nia := e.employee(t, "Nia", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-09-28T00:00:00"})
		for _, day := range []string{"2026-10-04", "2026-10-11"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-18", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nia, "terminationReason": "Redundancy", "terminationDate": "2026-10-18T00:00:00"}).Expect(t, 200)
		e.pay(t, P, nia, red, 5000)
		tot := e.totals(t, P, nia)
		expectAmount(t, "gross", tot["grossEarnings"], 6240)
		expectAmount(t, "PAYE", tot["payeWithheld"], 1726)
		expectAmount(t, "ACC", tot["accLevyAmount"], 21.70)
	})
}

// SG joiner and leaver in the same month (MOM, "Salary for an incomplete
// month of work": monthly gross rate ÷ working days in the month × days
// worked; CPF Board: contributions on the wages actually paid): Siti,
// $6,000 a month, a citizen aged 46, Monday-to-Friday week, starts Monday
// 5 October 2026 and leaves Friday 23 October. October 2026 has 22
// working days; she worked 15: 6,000 × 15 ÷ 22 = 4,090.91. CPF (age 55
// and below, 37% / 20%): total 37% × 4,090.91 = 1,513.64 → 1,514;
// employee 20% = 818.18 → 818; employer 696.
func TestAuditSGJoinerAndLeaverSameMonth(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		siti := e.employee(t, "Siti", "Monthly", map[string]any{"rate": 6000, "rateUnit": "Fixed", "startDate": "2026-10-05T00:00:00"})
		e.leaveOn(t, siti, "2026-10-23")
		tot := e.totals(t, e.run(t, "2026-10-31", 0, 0), siti)
		expectAmount(t, "gross", tot["grossEarnings"], 4090.91)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 818)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 696)
	})
}

// SG joiner at the end of a month whose part-month wages fall in a low
// wage band (MOM, incomplete month: 2,000 ÷ 22 working days × 5 = 454.55
// for Monday 26 to Friday 30 October 2026; CPF Board contribution rates
// from 1 January 2026, total wages above $50 and up to $500: employer
// 17% of total wages, no employee share): 17% × 454.55 = 77.27 → 77
// (the total rounded to the dollar); employee nil.
func TestAuditSGJoinerPartMonthLowWageBand(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ana := e.employee(t, "Ana", "Monthly", map[string]any{"rate": 2000, "rateUnit": "Fixed", "startDate": "2026-10-26T00:00:00"})
		tot := e.totals(t, e.run(t, "2026-10-31", 0, 0), ana)
		expectAmount(t, "gross", tot["grossEarnings"], 454.55)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 0)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 77)
	})
}

// SG salary in lieu of notice paid by the employer (CPF Board, employer
// FAQ "Are CPF contributions payable on reimbursement ... for his payment
// in lieu of notice": "payment in lieu of notice is liquidated damages for
// the breach of contract", not wages; paid through a termination (ETP)
// category, not wages: sg.go): Ravi, $5,000 a month, aged 46, leaves on 30
// September 2026 with $5,000 in lieu of notice: CPF on the month's 5,000:
// total 37% = 1,850, employee 20% = 1,000, employer 850.
func TestAuditSGSalaryInLieuOfNoticeNoCPF(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		pilon := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Salary in Lieu of Notice", "rateUnit": "Fixed",
			"payCategoryType": "ETP"}).Expect(t, 200).Map(t)["id"]))
		ravi := e.employee(t, "Ravi", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "startDate": "2020-01-01T00:00:00"})
		P := e.run(t, "2026-09-30", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ravi, "terminationReason": "Dismissal", "terminationDate": "2026-09-30T00:00:00"}).Expect(t, 200)
		e.pay(t, P, ravi, pilon, 5000)
		tot := e.totals(t, P, ravi)
		expectAmount(t, "gross", tot["grossEarnings"], 10000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 1000)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 850)
	})
}

// matchesPaySlip checks that an employee's explanation recomputes their
// payslip (the STP pay event, the journal and the payslip PDF read the
// same recomputation).
func (e *auEnv) matchesPaySlip(t *testing.T, P string, emp int64) {
	t.Helper()
	x := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, emp), e.Key, nil).Expect(t, 200).Map(t)
	if x["matchesPaySlip"] != true {
		t.Errorf("the explanation does not recompute the payslip: %v", x["figures"])
	}
}

// NZ ESCT for a joiner part-way through a fortnight (IRD, "Find the ESCT
// rate for each employee": an employee who started during the tax year
// has the rate of their estimated salary or wages and employer
// contributions for the rest of the year; nz-esct.md): Aroha, $67,600 a
// year ($2,600 a fortnight), KiwiSaver 3.5% / 3.5%, starts Wednesday 18
// November 2026 (fortnight 9-22 November): pay 2,600 × 5 ÷ 14 = 928.57;
// employer KiwiSaver 3.5% = 32.49995, truncated to 32.49 (IR's
// specification §5.21.2; was rounded, 32.50). The estimate (IR §5.22.2
// Example One: the pay and contributions ÷ the days they cover × the days
// left): (2,600 + 91.00) ÷ 14 × 134 days to 31 March = 25,757.57 →
// 17.5% (was 69,966 × 134 ÷ 365 = 25,686.13, the same band); on $32:
// 5.60. (Annualising the part-fortnight's 928.57 as a whole fortnight's
// pay estimates 9,173.70 → 10.5%: 3.36.)
func TestAuditNZESCTJoinerPartPeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Fortnightly")
		aroha := e.employee(t, "Aroha", "Fortnightly", map[string]any{"rate": 67600, "rateUnit": "Annually", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-11-18T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled",
			"kiwiSaver_EmployeeContribution": 3.5, "kiwiSaver_EmployerContribution": 3.5})
		tot := e.totals(t, e.run(t, "2026-11-22", 0, 0), aroha)
		expectAmount(t, "gross", tot["grossEarnings"], 928.57)
		expectAmount(t, "employer KiwiSaver", tot["kiwiSaverEmployerContribution"], 32.49)
		expectAmount(t, "ESCT", tot["esctContribution"], 5.60)
	})
}

// AU termination for ill health (invalidity: Schedule 7, unused annual
// leave and its loading at 32% as Lump Sum A type R; au-pay-rules.md §2
// takes the reason IllHealth as invalidity; STP Phase 2 cessation type I):
// Ivy, $1,000 a week (40 hours, $25 an hour), 38 hours entered in the
// week ending 15 November 2026 plus 3.076923 accrued in each of the two
// weeks, leaves on Sunday 22 November: 44.153846 × 25 = 1,103.85; loading
// 17.5% = 193.17; Lump Sum A 1,297.02 × 32% = 415.05 → 415; PAYG 138 +
// 415 = 553; SG 120. Payment summary: Lump Sum A 1,297 type R.
func TestAuditAUIllHealthLeaveLumpSumA(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		ivy := e.employee(t, "Ivy", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ivy): []any{
			map[string]any{"leaveCategoryId": al, "amount": 38}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ivy, "terminationReason": "IllHealth", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, ivy), map[string]int64{"grossEarnings": 100000 + 110385 + 19317, "paygWithheld": 55300, "superContribution": 12000})
		e.matchesPaySlip(t, P, ivy)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, ivy), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"lumpSumA": 1297})
		if sum["lumpSumAType"] != "R" {
			t.Errorf("Lump Sum A type %v, want R", sum["lumpSumAType"])
		}
		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		if len(doc.Payees) != 1 || doc.Payees[0].CessationReason != "I" {
			t.Errorf("STP payees %+v, want cessation I", doc.Payees)
		}
	})
}
