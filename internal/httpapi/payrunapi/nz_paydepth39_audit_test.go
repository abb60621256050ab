package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth39: NZ extra pays to the letter of IR's Payroll Calculations &
// Business Rules Specification 2025 V1.3 §5.11 (IR's repository
// InlandRevenue/File_Upload_Services-Returns-and-Information, "Service -
// Payday Filing/2025"; docs/reference/nz-extra-pay-acc.md), and the
// extra pay on termination from 1 April 2025 (Income Tax Act 2007 s RD 17
// as amended by the Taxation (Budget Measures) Act 2024;
// docs/reference/nz-extra-pay-on-termination-2025.md). Rates 2026-27:
// payroll-rules-2026-27.md §3.1 (bands 10.5% to $15,600, 17.5% to
// $53,500, 30% to $78,100, 33% to $180,000, 39% above), §3.2 (ACC 1.75%,
// maximum liable earnings $156,641). Every figure by hand.

// A new employee's bonus in their first pay: step 3.1, "in other
// circumstances, add all PAYE income payments made to the employee in the
// four weeks prior and multiply by 13": only what was paid, this pay's
// regular earnings included, no estimate of the weeks before the start.
// Step 3.9: taxed at 10.5%, the lump sum indicator (DEI field 14) is 1.
//   - Aio, $1,000 a week on M, starts Monday 9 November 2026; the week
//     ending 15 November pays a $2,000 bonus. Regular: 52,000 a year:
//     10.5% × 15,600 = 1,638 + 17.5% × 36,400 = 6,370 → 8,008 ÷ 52 =
//     154.00. Bonus: 1,000 × 13 = 13,000 + 2,000 = 15,000 ≤ 15,600 →
//     10.5%: 210.00. PAYE 364.00. ACC (step 4: 15,000 ≤ 156,641, all of
//     it): 1.75% × 3,000 = 52.50.
//     Before: the four weeks were estimated as 4 × 1,000: 52,000 + 2,000
//     = 54,000 → 30%: 600.00, PAYE 754.00.
//   - Tui, $1,500 a week, same start and bonus: 1,500 × 13 = 19,500 +
//     2,000 = 21,500 → 17.5%: 350.00; regular 78,000: 1,638 + 17.5% ×
//     37,900 = 6,632.50 + 30% × 24,500 = 7,350 → 15,620.50 ÷ 52 =
//     300.394 → 300.39; PAYE 650.39 (before: 6,000 × 13 + 2,000 = 80,000
//     → 33%: 660.00, PAYE 960.39). ACC 1.75% × 3,500 = 61.25. Indicator 0.
//   - EI: Aio's DEI field 14 is 1 and field 15 (PAYE with the levy)
//     36,400 + 5,250 = 41650 cents; Tui's field 14 is 0.
func TestAuditNZNewEmployeeBonusOnlyWhatWasPaid(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.Do("POST", e.B+"/employingentity", e.Key, map[string]any{"name": "Kiwi Ltd", "irdNumber": "123-123-123",
			"contactName": "Bill Smith", "contactPhoneNumber": "041234567", "contactEmailAddress": "payroll@kiwi.example"}).Expect(t, 200)
		aio := e.employee(t, "Aio", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-11-09T00:00:00"})
		tui := e.employee(t, "Tui", "Weekly", map[string]any{"rate": 1500, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-11-09T00:00:00"})
		P := e.run(t, "2026-11-15", aio, 2000)
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(tui): []any{map[string]any{"payCategoryId": "BON", "earnings": 2000}}}}).Expect(t, 200)
		tot := e.totals(t, P, aio)
		expectAmount(t, "Aio gross", tot["grossEarnings"], 3000)
		expectAmount(t, "Aio PAYE", tot["payeWithheld"], 364)
		expectAmount(t, "Aio ACC", tot["accLevyAmount"], 52.50)
		tot = e.totals(t, P, tui)
		expectAmount(t, "Tui PAYE", tot["payeWithheld"], 650.39)
		expectAmount(t, "Tui ACC", tot["accLevyAmount"], 61.25)
		if x := e.explainTerms(t, P, aio, "paye"); x["annualised income"] != 13000 || x["grossed-up amount"] != 15000 {
			t.Errorf("explanation of Aio's PAYE: %v", x)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		recs := strings.Split(strings.TrimSuffix(string(e.Do("GET", P+"/file/paydayfiling", e.Key, nil).Expect(t, 200).Body), "\n"), "\n")
		lump := map[string]string{}
		for _, r := range recs[1:] {
			f := strings.Split(r, ",")
			lump[f[2]] = f[13] + "/" + f[14]
		}
		if lumpOf(lump, "Aio") != "1/41650" {
			t.Errorf("Aio's DEI lump sum indicator/PAYE %v, want 1/41650", lump)
		}
		if !strings.HasPrefix(lumpOf(lump, "Tui"), "0/") {
			t.Errorf("Tui's DEI lump sum indicator %v, want 0", lump)
		}
	})
}

// lumpOf is the entry of m whose key starts with first.
func lumpOf(m map[string]string, first string) string {
	for k, v := range m {
		if strings.HasPrefix(k, first) {
			return v
		}
	}
	return ""
}

// A joiner's bonus in their third week: step 3.1 counts "the PAYE income
// payments made in the four weeks prior to, and inclusive of the day on
// which the extra pay is paid": this pay's regular earnings and the two
// weeks before (IR's example: four weekly pays "inclusive of this pay").
//   - Rangi, $1,000 a week on M, starts Monday 26 October 2026 (Labour Day
//     is paid as his salary); weeks ending 1 and 8 November paid; the week
//     ending 15 November pays a $15,000 bonus.
//   - 3 × 1,000 = 3,000 × 13 = 39,000 + 15,000 = 54,000 → 30%: 4,500.00;
//     regular 154.00 (above); PAYE 4,654.00. ACC: 54,000 ≤ 156,641: 1.75%
//     × 16,000 = 280.00.
//   - Before: the two weeks before the period only, 2,000 × 13 = 26,000
//   - 15,000 = 41,000 → 17.5%: 2,625.00, PAYE 2,779.00.
func TestAuditNZJoinerBonusCountsThisPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		rangi := e.employee(t, "Rangi", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-10-26T00:00:00"})
		for _, day := range []string{"2026-11-01", "2026-11-08"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-15", rangi, 15000)
		tot := e.totals(t, P, rangi)
		expectAmount(t, "gross", tot["grossEarnings"], 16000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 4654)
		expectAmount(t, "ACC", tot["accLevyAmount"], 280)
	})
}

// Holiday pay on termination in a weekly leaver's final pay: an extra pay
// on termination, from 1 April 2025 taxed on the last two fully paid pay
// periods before the termination pay × 26 (weekly), plus the extra pay.
//   - Aroha, $1,500 a week (78,000 a year) on M, 40 hours, starts Monday
//     28 September 2026 and resigns on Sunday 25 October (4 weeks paid,
//     the final week included).
//   - Holidays Act 2003 s 23(2) (under 12 months): 8% × 6,000 = 480.00.
//   - Regular: 300.39 (78,000: 15,620.50 ÷ 52). The holiday pay: weeks
//     ending 11 and 18 October, 3,000 × 26 = 78,000 + 480 = 78,480 → 33%:
//     158.40. PAYE 458.79. ACC 1.75% × 1,980 = 34.65 (78,480 ≤ 156,641).
//   - Before (the four weeks before the period: 3 weeks paid, 4,500 × 13
//     = 58,500 + 480 = 58,980 → 30%): 144.00, PAYE 444.39.
func TestAuditNZWeeklyLeaverHolidayPayTwoPeriods(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		aroha := e.employee(t, "Aroha", "Weekly", map[string]any{"rate": 1500, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-09-28T00:00:00"})
		for _, day := range []string{"2026-10-04", "2026-10-11", "2026-10-18"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-25", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": aroha, "terminationReason": "Resignation", "terminationDate": "2026-10-25T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, aroha)
		expectAmount(t, "gross", tot["grossEarnings"], 1980)
		expectAmount(t, "PAYE", tot["payeWithheld"], 458.79)
		expectAmount(t, "ACC", tot["accLevyAmount"], 34.65)
		if x := e.explainTerms(t, P, aroha, "paye"); x["regular earnings of the last two fully paid pay periods before the termination pay"] != 3000 {
			t.Errorf("explanation of the PAYE: %v", x)
		}
	})
}

// Redundancy in a monthly leaver's final pay: the last two fully paid
// months × 6, plus the redundancy.
//   - Mia, $6,000 a month (72,000 a year) on M, employed since 2024, made
//     redundant on 31 October 2026 with $30,000 compensation; August and
//     September paid.
//   - Regular: 72,000: 1,638 + 6,632.50 + 30% × 18,500 = 5,550 →
//     13,820.50, + the levy 1.75% × 72,000 = 1,260: 15,080.50 ÷ 52 =
//     290.0096 → 290.00 a week, × 52 ÷ 12 = 1,256.6666 → 1,256.66 (IR's
//     Payroll Calculations & Business Rules Specification §5.2), less the
//     month's levy 105.00: 1,151.66. Redundancy: 12,000 × 6 = 72,000 +
//     30,000 = 102,000 → 33%: 9,900.00. PAYE 11,051.66 (11,051.71 when
//     the month's tax was 13,820.50 ÷ 12 rounded).
//   - ACC: the redundancy is not liable (IRD, "Taxing employee
//     redundancy"): 1.75% × 6,000 = 105.00.
//   - The four-week rule agrees here (this month's 6,000 × 12 + 30,000):
//     the figure was right before; the rule applied is the termination
//     one.
func TestAuditNZMonthlyLeaverRedundancyTwoPeriods(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		red := e.redundancyCategory(t)
		mia := e.employee(t, "Mia", "Monthly", map[string]any{"rate": 6000, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2024-01-08T00:00:00"})
		for _, day := range []string{"2026-08-31", "2026-09-30"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": mia, "terminationReason": "Redundancy", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		e.pay(t, P, mia, red, 30000)
		tot := e.totals(t, P, mia)
		expectAmount(t, "PAYE", tot["payeWithheld"], 11051.66)
		expectAmount(t, "ACC", tot["accLevyAmount"], 105)
		if x := e.explainTerms(t, P, mia, "paye"); x["regular earnings of the last two fully paid pay periods before the termination pay"] != 12000 ||
			x["annualised income"] != 72000 {
			t.Errorf("explanation of the PAYE: %v", x)
		}
	})
}

// A leaver whose last period before the termination pay was unpaid: a
// period paid $0 is not a fully paid period and is passed over (Access
// Group Definitiv, citing IR's Business Rules Specification 2026).
//   - Hine, $1,500 a week on M, starts Monday 2 November 2026; off sick
//     all of 16-20 November, in her first 6 months, so unpaid (Holidays
//     Act 2003 s 63: no entitlement yet): the week ending 22 November
//     pays 0. She resigns on Sunday 29 November.
//   - s 23(2): 8% × gross since the start, 3 × 1,500 = 4,500: 360.00.
//   - The last two fully paid weeks: 8 and 15 November, 3,000 × 26 =
//     78,000 + 360 = 78,360 → 33%: 118.80; regular 300.39; PAYE 419.19.
//     ACC 1.75% × 1,860 = 32.55.
//   - Counting the unpaid week (1,500 × 26 = 39,000 + 360 → 17.5%: 63.00)
//     or the four weeks before the period (3,000 × 13 + 360 → 17.5%, the
//     figure before): PAYE 363.39.
func TestAuditNZLeaverUnpaidWeekPassedOver(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		hine := e.nzEmployee(t, "Hine", "Weekly", map[string]any{"rate": 1500, "rateUnit": "Fixed", "startDate": "2026-11-02T00:00:00"})
		e.nzWeeks(t, sch["Weekly"], "2026-11-08", "2026-11-15")
		e.nzLeave(t, hine, "Sick Leave", "2026-11-16", "2026-11-20", 40)
		unpaid := e.runOn(t, sch["Weekly"], "2026-11-22", "2026-11-22")
		want(t, "the unpaid week", e.totals(t, unpaid, hine), map[string]int64{"grossEarnings": 0})
		e.Do("POST", unpaid+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.runOn(t, sch["Weekly"], "2026-11-29", "2026-11-29")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": hine, "terminationReason": "Resignation", "terminationDate": "2026-11-29T00:00:00"}).Expect(t, 200)
		want(t, "final week", e.totals(t, P, hine), map[string]int64{"grossEarnings": 186000, "payeWithheld": 41919, "accLevyAmount": 3255})
	})
}

// A new employee with fewer than two pay periods before the termination
// pay: the termination rule has nothing to annualise and its sources give
// no rate for the case (Definitiv: the employee may notify one under s RD
// 10, which the API does not record), so the holiday pay keeps the
// four-week rule, only what was paid (IR Payroll Calculations & Business
// Rules Specification §5.11 step 3.1), and the run finalises.
//   - Piri, $1,000 a week, starts Monday 9 November 2026, paid the week
//     ending 15 November, resigns on Sunday 22 November: 8% × 2,000 =
//     160.00 holiday pay. Four weeks to the pay day: 1,000 + this week's
//     1,000 = 2,000 × 13 = 26,000 + 160 = 26,160 → 17.5%: 28.00. The
//     week: 52,000 a year, 1,638 + 17.5% × 36,400 = 8,008 ÷ 52 = 154.00.
//     PAYE 182.00; ACC 1.75% × 1,160 = 20.30.
func TestAuditNZNewLeaverKeepsTheFourWeekRule(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		piri := e.employee(t, "Piri", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-11-09T00:00:00"})
		e.Do("POST", e.run(t, "2026-11-15", 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.run(t, "2026-11-22", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": piri, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final week", e.totals(t, P, piri), map[string]int64{"grossEarnings": 116000, "payeWithheld": 18200, "accLevyAmount": 2030})
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}
