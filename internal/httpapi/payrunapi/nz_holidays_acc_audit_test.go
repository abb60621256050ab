package payrunapi_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An audit of NZ holidays and the ACC earners' levy in 2026-27, through the
// API in a business created with the NZ default data, as a client
// creates one. Figures by hand from the Holidays Act 2003 and
// payroll-rules-2026-27.md §3.

// newNZDefaultsEnv is an NZ business with its default pay and leave
// categories, a location and a schedule of each frequency named.
func newNZDefaultsEnv(t *testing.T, d *db.DB, frequencies ...string) (*auEnv, map[string]int64) {
	b := testkit.NewBundle(t, d, "NZ")
	var biz struct {
		ID int64 `json:"id"`
	}
	b.Do("POST", "/api/v2/business", b.Key, map[string]any{"name": "Kiwi Ltd", "region": "NZ"}).Expect(t, 200).JSON(t, &biz)
	e := &auEnv{Bundle: b, B: testkit.BusinessPath(biz.ID), pay: map[string]int64{}, ded: map[string]int64{}, leave: map[string]int64{}}
	b.Do("POST", e.B+"/location", b.Key, map[string]any{"name": "Head office"}).Expect(t, 200)
	schedules := map[string]int64{}
	for _, f := range frequencies {
		schedules[f] = int64(num(t, b.Do("POST", e.B+"/payschedule", b.Key, map[string]any{"name": f, "frequency": f}).Expect(t, 200).Map(t)["id"]))
	}
	for coll, m := range map[string]map[string]int64{"paycategory": e.pay, "deductioncategory": e.ded, "leavecategory": e.leave} {
		var list []map[string]any
		b.Do("GET", e.B+"/"+coll, b.Key, nil).Expect(t, 200).JSON(t, &list)
		for _, c := range list {
			m[c["name"].(string)] = int64(num(t, c["id"]))
		}
	}
	return e, schedules
}

// nzEmployee is an M-code employee of the NZ defaults business, working
// Monday to Friday, employed since 1 October 2024.
func (e *auEnv) nzEmployee(t *testing.T, first, schedule string, extra map[string]any) int64 {
	m := baseMembers("NZ", first, schedule)
	m["taxCodeDeclaration_IrdNumber"], m["taxCodeDeclaration_TaxCode"], m["startDate"] = "136-410-132", "M", "2024-10-01T00:00:00"
	m["hoursPerWeek"], m["hoursPerDay"] = 40, 8
	for k, v := range extra {
		m[k] = v
	}
	return int64(num(t, e.Do("POST", e.B+"/employee/unstructured?matchType=None", e.Key, m).Expect(t, 200).Map(t)["id"]))
}

// figureValue is the value of one figure of an employee's explanation.
func (e *auEnv) figureValue(t *testing.T, P string, emp int64, code string) float64 {
	t.Helper()
	x := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, emp), e.Key, nil).Expect(t, 200).Map(t)
	for _, f := range x["figures"].([]any) {
		if fig := f.(map[string]any); fig["code"] == code {
			return num(t, fig["amount"])
		}
	}
	t.Fatalf("no %s figure in %v", code, x)
	return 0
}

// The ACC earners' levy on regular pay is levied per pay up to the year's
// maximum liable earnings ÷ the pays in the year (IRD's PAYE
// specification, docs/reference/nz-extra-pay-acc.md; 2026-27: 1.75% and
// $156,641, payroll-rules-2026-27.md §3.2):
//   - Fay, four-weekly (13 pays), $15,000 a period: 156,641 ÷ 13 =
//     12,049.31; 1.75% × 12,049.31 = 210.86;
//   - Mo, monthly, $20,000 a month: 156,641 ÷ 12 = 13,053.42; 1.75% ×
//     13,053.42 = 228.43;
//   - Lu, monthly, $5,000 a month (under it): 1.75% × 5,000 = 87.50.
func TestAuditNZACCPerPeriodFourWeeklyAndMonthly(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "FourWeekly", "Monthly")
		fay := e.nzEmployee(t, "Fay", "FourWeekly", map[string]any{"rate": 15000, "rateUnit": "Fixed"})
		mo := e.nzEmployee(t, "Mo", "Monthly", map[string]any{"rate": 20000, "rateUnit": "Fixed"})
		lu := e.nzEmployee(t, "Lu", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed"})
		F := e.runOn(t, sch["FourWeekly"], "2026-11-22", "2026-11-25")
		M := e.runOn(t, sch["Monthly"], "2026-11-30", "2026-11-30")
		for _, c := range []struct {
			what string
			P    string
			emp  int64
			acc  float64
		}{{"Fay four-weekly", F, fay, 210.86}, {"Mo monthly", M, mo, 228.43}, {"Lu monthly", M, lu, 87.50}} {
			if got := e.figureValue(t, c.P, c.emp, "acc"); math.Abs(got-c.acc) > 0.001 {
				t.Errorf("%s: ACC earners' levy %v, want %v", c.what, got, c.acc)
			}
		}
	})
}

// Work on a public holiday that is an otherwise working day (Holidays Act
// 2003 s 50(1): pay at least time and a half for the hours worked; s
// 56(1): also an alternative holiday, a whole day). Ari, $25 an hour for
// 40 hours Monday to Friday, works 8 hours on each of Monday 26 October
// 2026 (Labour Day) to Friday 30 October, from approved timesheets on
// Ordinary Hours: 8 × 25 × 1.5 = 300.00 for Labour Day and 4 × 8 × 25 =
// 800.00 for the rest, gross 1,100.00; his Alternative Holiday balance is
// 1 day after the run is finalised.
func TestAuditNZPublicHolidayWorkedTimeAndAHalf(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		ari := e.nzEmployee(t, "Ari", "Weekly", map[string]any{"rate": 25, "rateUnit": "Hourly"})
		b := withBusiness(e)
		for day := 26; day <= 30; day++ {
			approvedTimesheet(t, b, e.B, ari, e.pay["Ordinary Hours"], fmt.Sprintf("2026-10-%02dT08:00:00", day), fmt.Sprintf("2026-10-%02dT16:00:00", day))
		}
		P := timesheetRun(t, b, e.B, sch["Weekly"], "2026-11-01", "2026-11-04")
		want(t, "Labour Day week", e.totals(t, P, ari), map[string]int64{"grossEarnings": 110000})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		var bal []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=2026-11-01T00:00:00", e.B, ari), e.Key, nil).Expect(t, 200).JSON(t, &bal)
		got := math.NaN()
		for _, x := range bal {
			if int64(num(t, x["leaveCategoryId"])) == e.leave["Alternative Holiday"] {
				got = num(t, x["accruedAmount"])
			}
		}
		if got != 1 {
			t.Errorf("alternative holiday balance %v days, want 1", got)
		}
	})
}

// Annual holidays taken are paid at the greater of ordinary weekly pay
// and average weekly earnings (Holidays Act 2003 s 21(2); s 5: AWE is
// 1/52 of the gross earnings of the 12 months before the end of the last
// pay period before the holiday). Tia, $62,400 a year paid monthly (40
// hours a week, OWP 62,400 ÷ 52 = 1,200.00), paid a $10,400 bonus in
// June 2026, takes a week of annual holidays on 7-11 December 2026. Her
// 12 months to 30 November 2026: 12 × 5,200 + 10,400 = 72,800; AWE
// 72,800 ÷ 52 = 1,400.00 > 1,200.00, so the week is paid 1,400.00, and
// December's gross is 5,200 − 1,200 + 1,400 = 5,400.00.
func TestAuditNZAnnualHolidaysTakenAtAverageWeeklyEarnings(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Monthly")
		bonus := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Bonus", "rateUnit": "Fixed", "payCategoryType": "Bonus"}).Expect(t, 200).Map(t)["id"]))
		tia := e.nzEmployee(t, "Tia", "Monthly", map[string]any{"rate": 62400, "rateUnit": "Annually"})
		ends := []string{"2025-12-31", "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31",
			"2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30"}
		for i, end := range ends {
			P := e.runOn(t, sch["Monthly"], end, end)
			if i == 0 {
				e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(tia): []any{
					map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 20}}}}).Expect(t, 200)
			}
			if end == "2026-06-30" {
				e.earnings(t, P, tia, map[string]any{"payCategoryId": fmt.Sprint(bonus), "earnings": 10400}).Expect(t, 200)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, tia), e.Key, map[string]any{"leaveCategoryId": e.leave["Annual Leave"],
			"fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-11T00:00:00", "hours": 40, "automaticallyApprove": true}).Expect(t, 200)
		P := e.runOn(t, sch["Monthly"], "2026-12-31", "2026-12-31")
		want(t, "December", e.totals(t, P, tia), map[string]int64{"grossEarnings": 540000})
	})
}

// A public holiday not worked that would otherwise be a working day is
// paid at relevant daily pay (Holidays Act 2003 s 49(1); s 9(1)(a): what
// the employee would have received had they worked that day). Hemi, $25
// an hour for 8 hours a day Monday to Friday, paid from timesheets, with
// automaticallyApplyPublicHolidayNotWorkedEarningsLines set, works 8
// hours on each of Tuesday 27 to Friday 30 October 2026 and not on Labour
// Day, Monday 26: 4 × 8 × 25 = 800.00 and Labour Day 8 × 25 = 200.00,
// gross 1,000.00.
func TestAuditNZPublicHolidayNotWorkedFromTimesheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		hemi := e.nzEmployee(t, "Hemi", "Weekly", map[string]any{"rate": 25, "rateUnit": "Hourly",
			"automaticallyApplyPublicHolidayNotWorkedEarningsLines": true})
		b := withBusiness(e)
		for day := 27; day <= 30; day++ {
			approvedTimesheet(t, b, e.B, hemi, e.pay["Ordinary Hours"], fmt.Sprintf("2026-10-%02dT08:00:00", day), fmt.Sprintf("2026-10-%02dT16:00:00", day))
		}
		P := timesheetRun(t, b, e.B, sch["Weekly"], "2026-11-01", "2026-11-04")
		want(t, "Labour Day week", e.totals(t, P, hemi), map[string]int64{"grossEarnings": 100000})
	})
}
