package ukapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestStatutoryLeaveReducesSalary: a monthly run of July 2026 for two
// salaried employees (Monday to Friday, no advanced work week) on SMP from
// Monday 20 July, AWE £500 (override). Figures by hand from
// payroll-rules-2026-27.md (§2.7: SMP's first six weeks at 90% of AWE =
// £450.00 a week; a part week's rate × days ÷ 7 rounded up to the penny;
// NI thresholds monthly PT £1,048, ST £417, category A 8% PT→UEL and
// employer 15% above the ST; 1257L month 1 free pay £1,048.25, taxable pay
// rounded down to the pound, 20%):
//
//   - SMP in the period: week 1 (20-26 Jul) £450.00; week 2 (27 Jul-2 Aug)
//     5 of 7 days: ⌈450 × 5 ÷ 7 = 321.428…⌉ = £321.43; total £771.43.
//   - Working days of July 2026 (Wed 1 to Fri 31): 3 + 5 + 5 + 5 + 5 = 23;
//     absent 20-24 and 27-31 July = 10.
//   - Sally, £31,200 a year = £2,600.00 a month: salary loses 2,600 × 10 ÷ 23
//     = 1,130.434… → £1,130.43, leaving £1,469.57; gross 1,469.57 + 771.43
//     = £2,241.00; NI 8% × (2,241 − 1,048) = £95.44; employer 15% ×
//     (2,241 − 417) = £273.60; PAYE (2,241.00 − 1,048.25 = 1,192.75 → 1,192)
//     × 20% = £238.40.
//   - With an occupational maternity scheme at 100% for 4 weeks from 20
//     July: due 2,600 × 10 ÷ 23 × 100% = £1,130.43 less the SMP of those
//     days £771.43 = a top-up of £359.00; gross £2,600.00; NI 8% ×
//     (2,600 − 1,048) = £124.16.
//   - Pat, £15,600 a year = £1,300.00 a month, scheme at 50%: salary loses
//     1,300 × 10 ÷ 23 = 565.217… → £565.22, leaving £734.78; due
//     1,300 × 10 ÷ 23 × 50% = 282.608… → £282.61 is below the SMP of
//     £771.43: no top-up; gross 734.78 + 771.43 = £1,506.21.
func TestStatutoryLeaveReducesSalary(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		id := func(path string, body map[string]any) int64 {
			t.Helper()
			return int64(num(t, e.Do("POST", path, key, body).Expect(t, 200).Map(t)["id"]))
		}
		monthly := id(e.B+"/payschedule", map[string]any{"name": "Monthly", "frequency": "Monthly"})
		person := func(first string, rate float64) int64 {
			return id(e.B+"/employee/unstructured?matchType=None", map[string]any{"firstName": first, "surname": "Salaried", "dateOfBirth": "1990-05-06T00:00:00",
				"startDate": "2024-01-01T00:00:00", "employmentType": "FullTime", "paySchedule": "Monthly", "primaryPayCategory": "Ordinary Hours",
				"primaryLocation": "Head office", "residentialStreetAddress": "1 High St", "residentialPostCode": "SW1A 1AA", "residentialCity": "London",
				"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100, "bankAccount1_SortCode": "12-34-56",
				"taxCode": "1257L", "taxCalculationMethod": "NonCumulative", "nationalInsuranceCategory": "A", "hoursPerWeek": 37.5, "rate": rate, "rateUnit": "Annually"})
		}
		sally, pat := person("Sally", 31200), person("Pat", 15600)
		for _, emp := range []int64{sally, pat} {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/smp", e.B, emp), key, map[string]any{"startDate": "2026-07-20T00:00:00",
				"endDate": "2027-03-28T00:00:00", "babyDueDate": "2026-08-01T00:00:00", "averageWeeklyEarningsOverride": 500}).Expect(t, 200)
		}
		run := id(e.B+"/payrun", map[string]any{"payScheduleId": monthly, "payPeriodEnding": "2026-07-31T00:00:00", "datePaid": "2026-07-31T00:00:00"})
		R := fmt.Sprintf("%s/payrun/%d", e.B, run)
		lines := func(emp int64) map[string]float64 {
			t.Helper()
			out := map[string]float64{}
			all := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", R, emp), key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)
			for _, l := range all[fmt.Sprint(emp)].([]any) {
				m := l.(map[string]any)
				out[m["payCategoryName"].(string)] += num(t, m["earnings"])
			}
			return out
		}
		totals := func(emp int64) map[string]any {
			t.Helper()
			return e.Do("GET", fmt.Sprintf("%s/totals/%d", R, emp), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(emp)].(map[string]any)
		}
		check := func(name string, got map[string]float64, want map[string]float64) {
			t.Helper()
			if len(got) != len(want) {
				t.Errorf("%s: lines %v, want %v", name, got, want)
				return
			}
			for k, v := range want {
				if fmt.Sprintf("%.2f", got[k]) != fmt.Sprintf("%.2f", v) {
					t.Errorf("%s: %s = %.2f, want %.2f (lines %v)", name, k, got[k], v, got)
				}
			}
		}
		check("sally", lines(sally), map[string]float64{"Ordinary Hours": 1469.57, "Statutory Maternity Pay": 771.43})
		tot := totals(sally)
		if num(t, tot["grossEarnings"]) != 2241 || num(t, tot["employeeNationalInsuranceContribution"]) != 95.44 || num(t, tot["employerNationalInsuranceContribution"]) != 273.60 ||
			num(t, tot["payeWithheld"]) != 238.40 {
			t.Errorf("sally totals %v", tot)
		}
		check("pat", lines(pat), map[string]float64{"Ordinary Hours": 734.78, "Statutory Maternity Pay": 771.43})

		// Occupational schemes top the statutory pay up on recalculation.
		for emp, pct := range map[int64]float64{sally: 100, pat: 50} {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/occupationalabsence", e.B, emp), key, map[string]any{"absenceType": "Maternity",
				"fromDate": "2026-07-20T00:00:00", "weeks": 4, "payPercentage": pct}).Expect(t, 200)
		}
		e.Do("POST", R+"/recalculate", key, nil).Expect(t, 200)
		check("sally topped up", lines(sally), map[string]float64{"Ordinary Hours": 1469.57, "Statutory Maternity Pay": 771.43, "Occupational maternity pay": 359.00})
		tot = totals(sally)
		if num(t, tot["grossEarnings"]) != 2600 || num(t, tot["employeeNationalInsuranceContribution"]) != 124.16 {
			t.Errorf("sally topped-up totals %v", tot)
		}
		check("pat at half pay", lines(pat), map[string]float64{"Ordinary Hours": 734.78, "Statutory Maternity Pay": 771.43})
		if tot := totals(pat); num(t, tot["grossEarnings"]) != 1506.21 {
			t.Errorf("pat totals %v", tot)
		}

		// Pat's standard work days become Monday to Wednesday (advanced work
		// week): July 2026 has 13 of them (Wed 1; 6-8, 13-15, 20-22, 27-29),
		// 6 in the leave (20-22, 27-29): salary 1,300 − 1,300 × 6 ÷ 13 =
		// 700.00; the scheme's 1,300 × 6 ÷ 13 × 50% = 300.00 is below the SMP:
		// gross 700.00 + 771.43 = 1,471.43.
		days := []any{}
		for _, dow := range []int{1, 2, 3} {
			days = append(days, map[string]any{"week": 1, "dayOfWeek": dow, "workDayType": "Full"})
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/%d/standardhours", e.B, pat), key, map[string]any{"useAdvancedWorkWeek": true,
			"advancedWorkWeekConfiguration": "WorkDayType", "standardHoursPerDay": 7.5, "standardWorkDays": days}).Expect(t, 200)
		e.Do("POST", R+"/recalculate", key, nil).Expect(t, 200)
		check("pat three days a week", lines(pat), map[string]float64{"Ordinary Hours": 700, "Statutory Maternity Pay": 771.43})
	})
}

// TestNILetterPerPeriod: Mary (weekly £500, week 1/month 1) is paid a
// finalised run under category A, then her letter becomes M and a second
// run pays her under M. The P60 reports the year by letter (HMRC's P60
// shows each letter used). Per week from payroll-rules-2026-27.md: bands
// LEL £129, LEL to PT £113 (242 − 129), PT to UEL £258 (500 − 242);
// employee NI 8% × 258 = £20.64 under both letters; employer NI under A
// 15% × (500 − 96) = £60.60, under M nil below the UEL-level threshold.
// The P45 names the letter of the last pay (M).
func TestNILetterPerPeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		U := fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.emp)
		e.Do("PUT", U, key, map[string]any{"taxCalculationMethod": "NonCumulative"}).Expect(t, 200)
		finalise := func(day string) {
			run := e.run(t, day)
			e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run), key, nil).Expect(t, 200)
		}
		finalise("2026-07-01")
		e.Do("PUT", U, key, map[string]any{"nationalInsuranceCategory": "M"}).Expect(t, 200)
		finalise("2026-07-08")
		F := e.E + "/hmrcforms"
		ni := e.Do("GET", F+"/p60/2027", key, nil).Expect(t, 200).Map(t)["nationalInsurance"].([]any)
		if len(ni) != 2 {
			t.Fatalf("p60 NI by letter %v", ni)
		}
		want := []map[string]any{
			{"category": "A", "earningsAtLEL": 129.0, "earningsAboveLELUpToPT": 113.0, "earningsAbovePTUpToUEL": 258.0, "employeeContributions": 20.64, "employerContributions": 60.6},
			{"category": "M", "earningsAtLEL": 129.0, "earningsAboveLELUpToPT": 113.0, "earningsAbovePTUpToUEL": 258.0, "employeeContributions": 20.64, "employerContributions": 0.0},
		}
		for i, w := range want {
			for k, v := range w {
				if got := ni[i].(map[string]any)[k]; got != v {
					t.Errorf("p60 NI[%d] %s = %v, want %v", i, k, got, v)
				}
			}
		}
		e.Do("PUT", U, key, map[string]any{"nationalInsuranceCategory": "A", "endDate": "2026-07-10T00:00:00", "terminationReason": "VoluntaryCessation"}).Expect(t, 200)
		if p45 := e.Do("GET", F+"/p45", key, nil).Expect(t, 200).Map(t)["data"].(map[string]any); p45["nationalInsuranceCategory"] != "M" {
			t.Errorf("p45 letter %v", p45["nationalInsuranceCategory"])
		}
	})
}

// TestNILetterRefreshedOnEdit: a weekly run is created for Mary (weekly
// £500 fixed, category A), then her letter becomes M and an earnings line
// is added to the run, which recalculates her: the run's stored letter is
// the one the recalculated figures used (M), so the FPS and P60 count
// them under M (and a letter from an NI record in force on the payment
// date likewise). Per week from payroll-rules-2026-27.md: pay £500 + £100
// = £600; employee NI 8% × (600 − 242) = £28.64 under both letters;
// employer NI under M nil below the UEL-level threshold (under A it would
// be 15% × (600 − 96) = £75.60).
func TestNILetterRefreshedOnEdit(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		bonus := num(t, e.Do("POST", e.B+"/paycategory", key, map[string]any{"name": "Bonus", "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"])
		run := e.run(t, "2026-07-01")
		P := fmt.Sprintf("%s/payrun/%v", e.B, run)
		letter := func() string {
			t.Helper()
			var s *string
			if err := d.R.QueryRow(`SELECT ni_category FROM pay_run_employees WHERE pay_run_id = $1 AND employee_id = $2`, run, e.emp).Scan(&s); err != nil {
				t.Fatal(err)
			}
			if s == nil {
				return "null"
			}
			return *s
		}
		if l := letter(); l != "A" {
			t.Fatalf("letter at create %s", l)
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.emp), key, map[string]any{"nationalInsuranceCategory": "M"}).Expect(t, 200)
		res := e.Do("POST", P+"/earningslines", key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(e.emp): []any{
			map[string]any{"payCategoryId": fmt.Sprint(bonus), "earnings": 100, "notes": "bonus"}}}}).Expect(t, 200).Map(t)
		var line any
		for _, l := range res["earningsLines"].(map[string]any)[fmt.Sprint(e.emp)].([]any) {
			if l.(map[string]any)["notes"] == "bonus" {
				line = l.(map[string]any)["id"]
			}
		}
		totals := func() map[string]any {
			t.Helper()
			return e.Do("GET", fmt.Sprintf("%s/totals/%d", P, e.emp), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(e.emp)].(map[string]any)
		}
		if tot := totals(); num(t, tot["grossEarnings"]) != 600 || num(t, tot["employeeNationalInsuranceContribution"]) != 28.64 || num(t, tot["employerNationalInsuranceContribution"]) != 0 {
			t.Errorf("totals after the edit %v", tot)
		}
		if l := letter(); l != "M" {
			t.Errorf("stored letter after the edit %s, want M (the figures' letter)", l)
		}
		// An NI record in force on the payment date (A from 1 June) is the
		// letter a calculation uses over the employee's own: deleting the
		// bonus line recalculates her at £500 under A (employer 15% × (500
		// − 96) = £60.60, employee £20.64) and the stored letter follows.
		e.Do("POST", e.E+"/nationalinsurancerecord", key, map[string]any{"nationalInsuranceCategory": "A", "effectiveFrom": "2026-06-01T00:00:00"}).Expect(t, 200)
		e.Do("DELETE", fmt.Sprintf("%s/earningslines?id=%v", P, line), key, nil).Expect(t, 200)
		if tot := totals(); num(t, tot["grossEarnings"]) != 500 || num(t, tot["employeeNationalInsuranceContribution"]) != 20.64 || num(t, tot["employerNationalInsuranceContribution"]) != 60.6 {
			t.Errorf("totals after the delete %v", tot)
		}
		if l := letter(); l != "A" {
			t.Errorf("stored letter after the delete %s, want A (the record in force)", l)
		}
	})
}

// TestStatutoryAbsenceAndLeaveRequest: a day of statutory absence that an
// approved leave request also covers is absent once; the
// statutory absence wins. Mary, £500.00 a week for 37.5 h (Monday to
// Friday): the weekly run of Monday 29 June to Sunday 5 July 2026. SSP
// from Wednesday 1 to Saturday 4 July (AWE £500: the flat £123.25 a week,
// payroll-rules-2026-27.md §2.7; qualifying days Monday to Friday, no
// waiting days): Wednesday to Friday, ⌈123.25 × 3 ÷ 5⌉ = £73.95. Annual
// leave of 15 h on Tuesday 30 June and Wednesday 1 July, approved: it pays
// Tuesday only, 7.5 h × (500 ÷ 37.5 = 13.333…) = £100.00, and only those
// 7.5 h are taken from the balance. Salary: 500 − 100 (Tuesday's leave) −
// 500 × 3 ÷ 5 (the absence) = £100.00 (Monday). Before: the leave paid
// £200.00 and the salary £120.00 (Wednesday paid twice).
func TestStatutoryAbsenceAndLeaveRequest(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		id := func(path string, body map[string]any) int64 {
			t.Helper()
			return int64(num(t, e.Do("POST", path, key, body).Expect(t, 200).Map(t)["id"]))
		}
		holiday := id(e.B+"/paycategory", map[string]any{"name": "Holiday Pay", "rateUnit": "Hourly"})
		annual := id(e.B+"/leavecategory", map[string]any{"name": "Annual Leave", "units": 0, "unitType": "HoursPerHourWorked", "transferToPayCategoryId": holiday})
		e.Do("POST", e.E+"/statutoryleave/ssp", key, map[string]any{"startDate": "2026-07-01T00:00:00", "endDate": "2026-07-04T00:00:00",
			"averageWeeklyEarningsOverride": 500}).Expect(t, 200)
		req := id(e.E+"/leaverequest", map[string]any{"leaveCategoryId": annual, "fromDate": "2026-06-30T00:00:00", "toDate": "2026-07-01T00:00:00", "hours": 15})
		e.Do("POST", fmt.Sprintf("%s/leaverequest/%d/approve", e.E, req), key, nil).Expect(t, 200)
		run := e.run(t, "2026-07-05")
		all := e.Do("GET", fmt.Sprintf("%s/payrun/%v/earningslines/%d", e.B, run, e.emp), key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)
		got := map[string]string{}
		for _, l := range all[fmt.Sprint(e.emp)].([]any) {
			m := l.(map[string]any)
			got[m["payCategoryName"].(string)] = fmt.Sprintf("%.2f", num(t, m["earnings"]))
		}
		if want := map[string]string{"Ordinary Hours": "100.00", "Holiday Pay": "100.00", "Statutory Sick Pay": "73.95"}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("earnings lines %v, want %v", got, want)
		}
		var hours int64
		if err := d.R.QueryRow(`SELECT hours_e6 FROM pay_run_sources WHERE pay_run_id = $1 AND kind = 'leave' AND source_id = $2`, run, req).Scan(&hours); err != nil || hours != 7_500_000 {
			t.Fatalf("leave taken %d µh (%v), want 7.5 h", hours, err)
		}
	})
}

// TestOccupationalSickPayTopUpByQualifyingDay: an occupational sick pay
// scheme sets SSP against its days by the qualifying days SSP pays
// (SSP's daily rate is the weekly rate ÷ qualifying days, §2.7), not by
// calendar days. Mary, £500.00 a week, works Monday, Wednesday
// and Friday (advanced work week; SSP qualifying days the same); sick
// Monday 29 June to Sunday 5 July 2026 (the weekly run's period): SSP at
// the flat £123.25 for her 3 qualifying days (Mon 29, Wed 1, Fri 3). A
// 100% scheme for a week from Thursday 2 July: due 500 × 1 working day
// (Friday) ÷ 3 = £166.67, less SSP of 1 of its 3 paid days 123.25 ÷ 3 =
// 41.083… → £41.08: a top-up of £125.59 (by calendar days, Thursday and
// Friday of the SSP line's Monday to Friday, it was 123.25 × 2 ÷ 5 = 49.30
// and the top-up £117.37). No salary: all 3 working days absent.
func TestOccupationalSickPayTopUpByQualifyingDay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		days := []any{}
		for _, dow := range []int{1, 3, 5} {
			days = append(days, map[string]any{"week": 1, "dayOfWeek": dow, "workDayType": "Full"})
		}
		e.Do("PUT", e.E+"/standardhours", key, map[string]any{"useAdvancedWorkWeek": true, "advancedWorkWeekConfiguration": "WorkDayType",
			"standardHoursPerDay": 7.5, "standardWorkDays": days}).Expect(t, 200)
		e.Do("POST", e.E+"/statutoryleave/ssp", key, map[string]any{"startDate": "2026-06-29T00:00:00", "endDate": "2026-07-05T00:00:00",
			"week1QualifyingDays": []string{"Monday", "Wednesday", "Friday"}, "averageWeeklyEarningsOverride": 500}).Expect(t, 200)
		e.Do("POST", e.E+"/occupationalabsence", key, map[string]any{"absenceType": "Sickness", "fromDate": "2026-07-02T00:00:00", "weeks": 1,
			"payPercentage": 100}).Expect(t, 200)
		run := e.run(t, "2026-07-05")
		all := e.Do("GET", fmt.Sprintf("%s/payrun/%v/earningslines/%d", e.B, run, e.emp), key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)
		got := map[string]string{}
		for _, l := range all[fmt.Sprint(e.emp)].([]any) {
			m := l.(map[string]any)
			got[m["payCategoryName"].(string)] = fmt.Sprintf("%.2f", num(t, m["earnings"]))
		}
		if want := map[string]string{"Statutory Sick Pay": "123.25", "Occupational sickness pay": "125.59"}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("earnings lines %v, want %v", got, want)
		}
	})
}

// TestStatutoryAbsenceAcrossARateChange: with a pay rate change within
// the period, statutory absence reduces the part of the period paid at
// the rate in force on the absent days, by that part's working days
// . Mary, £500 a week (Fixed), £700 from Thursday 2 July 2026;
// the weekly run of Monday 29 June to Sunday 5 July pays Monday to
// Wednesday 500 × 3 ÷ 7 = 214.29 and Thursday to Sunday 700 × 4 ÷ 7 =
// 400.00. SSP Monday 29 June to Thursday 2 July (AWE £500: the flat
// £123.25; 4 of 5 qualifying days: ⌈123.25 × 4 ÷ 5⌉ = £98.60): the first
// part is absent on all its 3 working days (nothing left), the second on 1
// of its 2: 400 − 400 × 1 ÷ 2 = £200.00. Before, each part lost 4/5 of
// itself: 42.86 + 80.00 = £122.86.
func TestStatutoryAbsenceAcrossARateChange(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		e.Do("POST", e.E+"/payrateschedule", key, map[string]any{"rate": 700, "rateUnit": "Fixed", "commencementDate": "2026-07-02T00:00:00"}).Expect(t, 200)
		e.Do("POST", e.E+"/statutoryleave/ssp", key, map[string]any{"startDate": "2026-06-29T00:00:00", "endDate": "2026-07-02T00:00:00",
			"averageWeeklyEarningsOverride": 500}).Expect(t, 200)
		run := e.run(t, "2026-07-05")
		all := e.Do("GET", fmt.Sprintf("%s/payrun/%v/earningslines/%d", e.B, run, e.emp), key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)
		got := map[string]float64{}
		for _, l := range all[fmt.Sprint(e.emp)].([]any) {
			m := l.(map[string]any)
			got[m["payCategoryName"].(string)] += num(t, m["earnings"])
		}
		if s := fmt.Sprintf("%.2f %.2f %d", got["Ordinary Hours"], got["Statutory Sick Pay"], len(got)); s != "200.00 98.60 2" {
			t.Fatalf("earnings lines %v, want Ordinary Hours 200.00 and Statutory Sick Pay 98.60", got)
		}
	})
}
