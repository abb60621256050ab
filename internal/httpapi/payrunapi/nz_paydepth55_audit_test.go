package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth55: an NZ audit round (2026-27) of leavers' final pays. Every
// figure by hand from the Holidays Act 2003 (legislation.govt.nz/act/
// public/2003/0129/latest: s 16 four weeks' annual holidays after 12
// months; s 24 the untaken entitlement at the greater of ordinary weekly
// pay and average weekly earnings; s 25 8% of gross earnings since the
// last anniversary; s 40 public holidays in the holidays treated as taken
// after the end) and IR's Payroll Calculations & Business Rules
// Specification (§5.2 M code, §5.11 extra pays; docs/reference/
// nz-paye-rounding.md), the extra pay on termination taxed on the last two
// fully paid periods × 26 plus the extra pay (nz-extra-pay-on-termination-2025.md),
// with 2026-27's rates (payroll-rules-2026-27.md §3).

// A weekly salaried leaver whose last week is cut short, with annual
// holidays owed after the anniversary.
//   - Mere, $1,200 a week fixed (40 hours, 8-hour days), code M, started
//     Wednesday 1 July 2025; her first anniversary, Wednesday 1 July 2026,
//     entitles her to four weeks (160 hours; accrued by hand on the week
//     to Sunday 28 June), none taken. Weeks to 28 June, 5, 12, 19, 26
//     July, 2, 9 and 16 August paid and finalised (1,200.00 each).
//   - She resigns on Wednesday 19 August. Final week Monday 17 - Sunday 23
//     August, salary by calendar days (part-period-pay.md): 1,200 × 3 ÷ 7
//     = 514.2857 → 514.29.
//   - s 24: 4 weeks at the greater of ordinary weekly pay 1,200.00 and
//     average weekly earnings (12 months to 16 August: 8 × 1,200 = 9,600 ÷
//     52 = 184.62): 4 × 1,200 = 4,800.00. s 40: the four weeks of
//     working days from Thursday 20 August (to Wednesday 16 September)
//     hold no national public holiday: nothing more.
//   - s 25: 8% of gross earnings since 1 July 2026: the week to 5 July
//     (29 June - 5 July) counts 5 of its 7 days, 1,200 × 5 ÷ 7 = 857.14;
//     six weeks 7,200.00; the final week 514.29 + 4,800.00 (s 14): total
//     13,371.43 × 8% = 1,069.7144 → 1,069.71.
//   - Final gross 514.29 + 4,800 + 1,069.71 = 6,384.00.
//   - PAYE, regular (§5.2): 514.29 × 52 = 26,743.08, cents dropped:
//     26,743; tax 1,638 + 17.5% × 11,143 = 3,588.025, levy 1.75% ×
//     26,743 = 468.0025; 4,056.0275 ÷ 52 = 78.0005 → 78.00. Extra pay
//     5,869.71 (§5.11, termination): the weeks to 9 and 16 August, 2,400
//     × 26 = 62,400 + 5,869.71 = 68,269.71, the 30% band: tax 1,760.913
//     and levy 102.719925, together 1,863.632925 → 1,863.63. IR's total
//     1,941.63;
//     the levy reported on its own (nz-extra-pay-acc.md): the regular
//     pay's 1.75% × 514.29 = 9.00 + the extra pay's 102.71 (truncated) =
//     111.71; PAYE 1,941.63 − 111.71 = 1,829.92.
//   - The EI (payday filing, DEI record: IR's Payday Filing File Upload
//     Specification §3.4.1.2; nz-payday-filing.md): finish date
//     20260819 (field 6), period 20260817-20260823 (7-8), gross 6,384.00
//     = 638400 cents (11), nothing not liable for the levy (13), lump sum
//     indicator 0 (14: the extra pay was taxed at 30%, not 10.5%), PAYE
//     with the levy 1,941.63 = 194163 (15).
//
// The engine was right: no change.
func TestAuditNZLeaverPartWeekAnnualHolidaysAfterAnniversary(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.Do("POST", e.B+"/employingentity", e.Key, map[string]any{"name": "Kiwi Ltd", "irdNumber": "123-123-123",
			"contactName": "Bill Smith", "contactPhoneNumber": "041234567", "contactEmailAddress": "payroll@kiwi.example"}).Expect(t, 200)
		annual := e.nzAnnualLeave(t, true)
		mere := e.employee(t, "Mere", "Weekly", map[string]any{"rate": 1200, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2025-07-01T00:00:00"})
		for _, day := range []string{"2026-06-28", "2026-07-05", "2026-07-12", "2026-07-19", "2026-07-26", "2026-08-02", "2026-08-09", "2026-08-16"} {
			P := e.run(t, day, 0, 0)
			if day == "2026-06-28" {
				e.accrue(t, P, mere, annual, 160)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-08-23", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": mere, "terminationReason": "Resignation", "terminationDate": "2026-08-19T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, mere, "Annual Leave paid on termination")
		if len(paid) != 2 {
			t.Fatalf("holiday pay lines %v, want s 24's 4,800.00 and s 25's 1,069.71", paid)
		}
		expectAmount(t, "s 24 entitlement", paid[0]["earnings"], 4800)
		expectAmount(t, "s 24 rate", paid[0]["rate"], 1200)
		expectAmount(t, "s 25 8%", paid[1]["earnings"], 1069.71)
		if n := fmt.Sprint(paid[1]["notes"]); !strings.Contains(n, "13371.43") || !strings.Contains(n, "5 of its 7 days") {
			t.Errorf("8%% notes %q, want gross 13371.43 and the anniversary week counted for 5 of its 7 days", n)
		}
		tot := e.totals(t, P, mere)
		expectAmount(t, "final gross", tot["grossEarnings"], 6384)
		expectAmount(t, "PAYE", tot["payeWithheld"], 1829.92)
		expectAmount(t, "ACC", tot["accLevyAmount"], 111.71)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		recs := strings.Split(strings.TrimSuffix(string(e.Do("GET", P+"/file/paydayfiling", e.Key, nil).Expect(t, 200).Body), "\n"), "\n")
		var dei []string
		for _, r := range recs[1:] {
			if f := strings.Split(r, ","); len(f) > 14 && strings.Contains(f[2], "Mere") {
				dei = f
			}
		}
		if dei == nil {
			t.Fatalf("no DEI record of Mere in %q", recs)
		}
		for i, want := range map[int]string{6: "20260819", 7: "20260817", 8: "20260823", 11: "638400", 13: "0", 14: "0", 15: "194163"} {
			if dei[i-1] != want {
				t.Errorf("DEI field %d = %q, want %q (%v)", i, dei[i-1], want, dei)
			}
		}
	})
}

// The anniversary inside a final week cut short. Holidays Act 2003 s 25:
// 8% of the gross earnings since the employee last became entitled; the
// final week's pay is for the days worked of it (Monday to the last day,
// calendar days: part-period-pay.md), so the part since the anniversary
// is those days' share of it — not the anniversary's share of the whole
// week's seven days.
//   - Rua, $1,000 a week fixed (40 hours), M, started Thursday 20 August
//     2025; 160 hours (four weeks) accrued by hand on the week to Sunday 9
//     August 2026; weeks to 9 and 16 August paid and finalised.
//   - She resigns on Saturday 22 August 2026, two days after her first
//     anniversary (Thursday 20 August). Final week Monday 17 - Sunday 23
//     August: 6 of 7 days, 1,000 × 6 ÷ 7 = 857.1428 → 857.14.
//   - s 24: the 160 hours owed at the anniversary, 4 weeks at the greater
//     of OWP 1,000.00 and AWE 2,000 ÷ 52 = 38.46: 4,000.00; s 40: the four
//     weeks from Monday 24 August hold no national public holiday.
//   - s 25: earnings since 20 August: the final week's 857.14 was earned
//     over 17-22 August (6 days), 3 of them (20-22) since the
//     anniversary: 857.14 × 3 ÷ 6 = 428.57; with the s 24 pay 4,000.00:
//     4,428.57 × 8% = 354.2856 → 354.29.
//   - Final gross 857.14 + 4,000 + 354.29 = 5,211.43.
//   - PAYE (§5.2, §5.11): regular 857.14 × 52 = 44,571.28 → 44,571; tax
//     1,638 + 17.5% × 28,971 = 6,707.925, levy 1.75% × 44,571 =
//     779.9925; 7,487.9175 ÷ 52 = 143.9984 → 143.99. Extra pay 4,354.29:
//     2,000 × 26 = 52,000 + 4,354.29 = 56,354.29, the 30% band: tax
//     1,306.287 and levy 76.200075, together 1,382.487075 → 1,382.48.
//     IR's total 1,526.47; ACC 1.75% × 857.14 = 15.00 + 76.20 = 91.20;
//     PAYE 1,435.27.
//
// Before: the final week counted 4 of its 7 days (20-23 August, the 23rd
// after she left): 857.14 × 4 ÷ 7 = 489.79, 8% × 4,489.79 = 359.18.
func TestAuditNZAnniversaryInsideAShortFinalWeek(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		annual := e.nzAnnualLeave(t, true)
		rua := e.employee(t, "Rua", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2025-08-20T00:00:00"})
		for _, day := range []string{"2026-08-09", "2026-08-16"} {
			P := e.run(t, day, 0, 0)
			if day == "2026-08-09" {
				e.accrue(t, P, rua, annual, 160)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-08-23", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": rua, "terminationReason": "Resignation", "terminationDate": "2026-08-22T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, rua, "Annual Leave paid on termination")
		if len(paid) != 2 {
			t.Fatalf("holiday pay lines %v, want s 24's 4,000.00 and s 25's 354.29", paid)
		}
		expectAmount(t, "s 24 entitlement", paid[0]["earnings"], 4000)
		expectAmount(t, "s 25 8%", paid[1]["earnings"], 354.29)
		if n := fmt.Sprint(paid[1]["notes"]); !strings.Contains(n, "4428.57") || !strings.Contains(n, "3 of its 6 days") {
			t.Errorf("8%% notes %q, want gross 4428.57 and the final week counted for 3 of its 6 days", n)
		}
		tot := e.totals(t, P, rua)
		expectAmount(t, "final gross", tot["grossEarnings"], 5211.43)
		expectAmount(t, "PAYE", tot["payeWithheld"], 1435.27)
		expectAmount(t, "ACC", tot["accLevyAmount"], 91.20)
	})
}

// The same rule on a monthly pay: the anniversary inside a final month
// cut short (s 25; nz-final-pay-part-period.md).
//   - Awhina, $6,200 a month fixed (40 hours), M, started Monday 10
//     August 2025; 160 hours accrued by hand in July 2026; June and July
//     2026 paid and finalised.
//   - She resigns on Thursday 20 August 2026. August by calendar days: 20
//     of 31, 6,200 × 20 ÷ 31 = 4,000.00, earned over 1-20 August, 11 of
//     those days (10-20) since the anniversary: 4,000 × 11 ÷ 20 =
//     2,200.00.
//   - s 24: 4 weeks at the greater of OWP 6,200 × 12 ÷ 52 = 1,430.77 and
//     AWE 12,400 ÷ 52 = 238.46: 5,723.08 (no national public holiday in
//     the four weeks from Friday 21 August). s 25: 8% × (2,200 +
//     5,723.08) = 633.8464 → 633.85. Final gross 4,000 + 5,723.08 +
//     633.85 = 10,356.93.
//   - PAYE: regular 4,000 × 12 = 48,000: tax 1,638 + 17.5% × 32,400 =
//     7,308 + levy 840 = 8,148 ÷ 52 = 156.6923 → 156.69 a week, × 52 ÷ 12
//     = 678.99. Extra pay 6,356.93: June and July 12,400 × 6 = 74,400 +
//     6,356.93 = 80,756.93, the 33% band: 2,097.7869 and levy 111.246275,
//     together 2,209.033175 → 2,209.03. IR's total 2,888.02; ACC 1.75% ×
//     4,000 = 70.00 + 111.24 = 181.24; PAYE 2,706.78.
//
// Before: August counted 22 of its 31 days (10-31): 4,000 × 22 ÷ 31 =
// 2,838.71, 8% × 8,561.79 = 684.94.
func TestAuditNZAnniversaryInsideAShortFinalMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		aw := e.employee(t, "Awhina", "Monthly", map[string]any{"rate": 6200, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2025-08-10T00:00:00"})
		for _, day := range []string{"2026-06-30", "2026-07-31"} {
			P := e.run(t, day, 0, 0)
			if day == "2026-07-31" {
				e.accrue(t, P, aw, annual, 160)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-08-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": aw, "terminationReason": "Resignation", "terminationDate": "2026-08-20T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, aw, "Annual Leave paid on termination")
		if len(paid) != 2 {
			t.Fatalf("holiday pay lines %v, want s 24's 5,723.08 and s 25's 633.85", paid)
		}
		expectAmount(t, "s 24 entitlement", paid[0]["earnings"], 5723.08)
		expectAmount(t, "s 25 8%", paid[1]["earnings"], 633.85)
		if n := fmt.Sprint(paid[1]["notes"]); !strings.Contains(n, "11 of its 20 days") {
			t.Errorf("8%% notes %q, want August counted for 11 of its 20 days", n)
		}
		tot := e.totals(t, P, aw)
		expectAmount(t, "final gross", tot["grossEarnings"], 10356.93)
		expectAmount(t, "PAYE", tot["payeWithheld"], 2706.78)
		expectAmount(t, "ACC", tot["accLevyAmount"], 181.24)
	})
}

// Within the first year (s 23: 8% of the gross earnings since employment
// began) a final week cut short counts whole: everything earned counts,
// whatever the days.
//   - Kiri, $900 a week fixed (40 hours), M, starts Monday 6 July 2026;
//     weeks to 12, 19 and 26 July paid and finalised; resigns Wednesday 29
//     July: final week 3 of 7 days, 900 × 3 ÷ 7 = 385.7142 → 385.71.
//   - s 23: 8% × (2,700 + 385.71) = 246.8568 → 246.86; final gross 632.57.
//   - PAYE: regular 385.71 × 52 = 20,056.92 → 20,056: tax 1,638 + 17.5% ×
//     4,456 = 2,417.80, levy 350.98, 2,768.78 ÷ 52 = 53.2457 → 53.24.
//     Extra pay 246.86: the weeks to 19 and 26 July, 1,800 × 26 =
//     46,800, with the 246.86 47,046.86, the 17.5% band: 43.2005 and levy 4.32005,
//     together 47.52055 → 47.52. IR's total 100.76; ACC 1.75% × 385.71 =
//     6.75 + 4.32 = 11.07; PAYE 89.69.
//
// The engine was right: pinned (the previous fix splits a final period
// only after an anniversary).
func TestAuditNZFirstYearLeaverShortFinalWeek(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		kiri := e.employee(t, "Kiri", "Weekly", map[string]any{"rate": 900, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-07-06T00:00:00"})
		for _, day := range []string{"2026-07-12", "2026-07-19", "2026-07-26"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-08-02", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": kiri, "terminationReason": "Resignation", "terminationDate": "2026-07-29T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, kiri, "Annual Leave paid on termination")
		if len(paid) != 1 {
			t.Fatalf("holiday pay lines %v, want s 23's 246.86", paid)
		}
		expectAmount(t, "s 23 8%", paid[0]["earnings"], 246.86)
		tot := e.totals(t, P, kiri)
		expectAmount(t, "final gross", tot["grossEarnings"], 632.57)
		expectAmount(t, "PAYE", tot["payeWithheld"], 89.69)
		expectAmount(t, "ACC", tot["accLevyAmount"], 11.07)
	})
}
