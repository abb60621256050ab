package ukapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The statutory payments other than SMP crossing 6 April 2027 into
// 2027-28, whose rates the rules files do not give (payroll-rules-2026-27.md
// §2.7 gives £194.32 for the pay weeks beginning from Sunday 5 April 2026;
// the next rate applies from the week beginning Sunday 4 April 2027): the
// request is stored and its log warns of the weeks it cannot pay; those
// weeks are not paid and a pay run keeps the salary of their days, with a
// pay-run warning. The figures (the lower of £194.32 and 90% of AWE, 90%
// rounded up to the penny; SAP's first 6 weeks at 90% of AWE uncapped):
//   - SPP from Monday 29 March 2027 for 2 weeks, AWE £500: week 1 (29 March
//     to 4 April) 194.32; week 2 (5 to 11 April) unrated;
//   - SAP from Monday 4 January 2027 for 39 weeks, AWE £500: weeks 1-6
//     450.00, weeks 7-13 194.32, week 14 (5 April) unrated;
//   - ShPP from Monday 22 March 2027 for 3 weeks, AWE £200.05: 90% =
//     180.045 → 180.05 (below £194.32) for weeks 1-2, week 3 (5 April)
//     unrated.
//
// Mary's weekly run of Tuesday 30 March - Monday 5 April 2027 pays SPP's
// week 1 for its 6 days in the period, 194.32 − ⌈194.32 ÷ 7⌉ = 166.56
// (the daily rate rounded up, as the SMP test derives), and keeps her
// salary of Monday 5 April: £500 × 1 ÷ 5 working days = 100.00. The next
// run (6 - 12 April) pays no SPP and keeps her whole week's salary,
// 500.00, with a warning: nothing is dropped silently.
func TestParentalPayAcrossTaxYears(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		for _, k := range []struct {
			kind, emp string
			body      map[string]any
			rated     int     // the weeks with a rate
			weekly    float64 // the last rated week's pay
		}{
			{"spp", e.E, map[string]any{"startDate": "2027-03-29T00:00:00", "endDate": "2027-04-11T00:00:00", "babyDueDate": "2027-03-29T00:00:00",
				"averageWeeklyEarningsOverride": 500}, 1, 194.32},
			{"sap", fmt.Sprintf("%s/employee/%d", e.B, e.other), map[string]any{"startDate": "2027-01-04T00:00:00", "endDate": "2027-10-03T00:00:00",
				"matchDate": "2026-12-01T00:00:00", "averageWeeklyEarningsOverride": 500}, 13, 194.32},
			{"shpp", fmt.Sprintf("%s/employee/%d", e.B, e.other), map[string]any{"startDate": "2027-03-22T00:00:00", "endDate": "2027-04-11T00:00:00",
				"babyDueDate": "2026-10-01T00:00:00", "averageWeeklyEarningsOverride": 200.05, "weeksToPay": 3}, 2, 180.05},
		} {
			SL := k.emp + "/statutoryleave/"
			res := e.Do("POST", SL+k.kind, key, k.body).Expect(t, 200).Map(t)
			unrated := fmt.Sprintf("week %d (2027-04-05", k.rated+1)
			if res["status"] != "Eligible" || !strings.Contains(fmt.Sprint(res["log"]), "Warning") || !strings.Contains(fmt.Sprint(res["log"]), unrated) {
				t.Fatalf("%s create %v, want a warning naming %s", k.kind, res, unrated)
			}
			var list []map[string]any
			e.Do("GET", SL+k.kind, key, nil).Expect(t, 200).JSON(t, &list)
			if len(list) != 1 {
				t.Fatalf("%s list %v", k.kind, list)
			}
			c := e.Do("GET", fmt.Sprintf("%s%scalc?id=%v", SL, k.kind, res["id"]), key, nil).Expect(t, 200).Map(t)
			pays := c["payments"].([]any)
			last, next := pays[k.rated-1].(map[string]any), pays[k.rated].(map[string]any)
			if last["include"] != true || num(t, last["amount"]) != k.weekly || next["include"] != false || num(t, next["amount"]) != 0 {
				t.Fatalf("%s weeks %d and %d: %v %v", k.kind, k.rated, k.rated+1, last, next)
			}
			if k.kind == "sap" {
				if w6, w7 := pays[5].(map[string]any), pays[6].(map[string]any); num(t, w6["amount"]) != 450 || num(t, w7["amount"]) != 194.32 {
					t.Fatalf("sap weeks 6 and 7: %v %v", w6, w7)
				}
			}
		}

		runOf := func(ending string) string {
			run := e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": ending + "T00:00:00",
				"datePaid": ending + "T00:00:00"}).Expect(t, 200).Map(t)["id"]
			return fmt.Sprintf("%s/payrun/%v", e.B, run)
		}
		gross := func(P string) float64 {
			tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, e.emp), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(e.emp)].(map[string]any)
			return num(t, tot["grossEarnings"])
		}
		warned := func(P, what string) bool {
			var warnings []map[string]any
			e.Do("GET", P+"/warnings", key, nil).Expect(t, 200).JSON(t, &warnings)
			for _, w := range warnings {
				if num(t, w["employeeId"]) == float64(e.emp) && strings.Contains(fmt.Sprint(w["warning"]), what) &&
					strings.Contains(fmt.Sprint(w["warning"]), "salary of its days is kept") {
					return true
				}
			}
			return false
		}
		P := runOf("2027-04-05")
		if g := gross(P); g != 266.56 {
			t.Fatalf("gross %v, want 100.00 salary + 166.56 SPP", g)
		}
		if !warned(P, "Statutory Paternity Pay week 2") {
			t.Fatal("no warning for SPP's unpaid week 2")
		}
		e.Do("POST", P+"/finalise", key, map[string]any{}).Expect(t, 200)
		P = runOf("2027-04-12")
		if g := gross(P); g != 500 {
			t.Fatalf("gross %v, want the week's salary 500.00 (SPP week 2 has no rate)", g)
		}
		if !warned(P, "Statutory Paternity Pay week 2") {
			t.Fatal("no warning for SPP's unpaid week 2 in the week it falls in")
		}
	})
}

// SSP across 6 April 2027: the SSP of the days from 6 April depends on the
// 2027-28 rate, which the rules files do not give (payroll-rules-2026-27.md
// §2.7 gives £123.25 for 2026-27 only). A period of incapacity running
// into 2027-28 is refused with a 400 naming endDate, and nothing is
// stored; ending it on 5 April 2027 is paid: Monday 29 March - Monday 5
// April, Monday to Friday, AWE £500 (80% = 400 > 123.25): no waiting days
// in 2026-27, 6 qualifying days: 123.25 ÷ 5 a day, 5 days = 123.25 and 1
// day ⌈24.65⌉ = 24.65: 147.90.
func TestSSPAcrossTaxYears(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		S := e.E + "/statutoryleave/ssp"
		days := []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}
		testkit.ExpectProblem(t, e.Do("POST", S, e.Key, map[string]any{"startDate": "2027-03-29T00:00:00", "endDate": "2027-04-09T00:00:00",
			"week1QualifyingDays": days, "averageWeeklyEarningsOverride": 500}), 400, "endDate")
		var list []map[string]any
		e.Do("GET", S, e.Key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("a refused SSP period was stored: %v", list)
		}
		a := e.Do("POST", S, e.Key, map[string]any{"startDate": "2027-03-29T00:00:00", "endDate": "2027-04-05T00:00:00",
			"week1QualifyingDays": days, "averageWeeklyEarningsOverride": 500}).Expect(t, 200).Map(t)
		if num(t, a["amount"]) != 147.90 || num(t, a["daysPaid"]) != 6 {
			t.Fatalf("ssp to 5 April %v", a)
		}
	})
}
