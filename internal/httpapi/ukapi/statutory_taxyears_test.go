package ukapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SMP from Monday 2 November 2026 for 39 weeks runs into 2027-28, whose
// rates are not loaded (not published when the rules were written): the
// request is stored and answers with a warning naming the unpaid weeks;
// listing never fails; a pay run pays the weeks with known rates and keeps
// the salary of the days it cannot pay, with a pay-run warning. A request
// whose qualifying week has no figures is refused and nothing is stored.
func TestSMPAcrossTaxYears(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		SL := e.E + "/statutoryleave/"
		res := e.Do("POST", SL+"smp", key, map[string]any{"startDate": "2026-11-02T00:00:00", "endDate": "2027-08-01T00:00:00",
			"babyDueDate": "2026-11-16T00:00:00", "averageWeeklyEarningsOverride": 500}).Expect(t, 200).Map(t)
		if res["status"] != "Eligible" || !strings.Contains(fmt.Sprint(res["log"]), "Warning") || !strings.Contains(fmt.Sprint(res["log"]), "week 23 (2027-04-05") {
			t.Fatalf("create %v", res)
		}
		id := int64(num(t, res["id"]))
		var list []map[string]any
		e.Do("GET", SL+"smp", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || num(t, list[0]["id"]) != float64(id) {
			t.Fatalf("list %v", list)
		}
		c := e.Do("GET", fmt.Sprintf("%ssmpcalc?id=%d", SL, id), key, nil).Expect(t, 200).Map(t)
		pays := c["payments"].([]any)
		w22, w23 := pays[21].(map[string]any), pays[22].(map[string]any)
		if w22["include"] != true || num(t, w22["weeklyRate"]) != 194.32 || w23["include"] != false || num(t, w23["amount"]) != 0 {
			t.Fatalf("weeks 22 and 23: %v %v", w22, w23)
		}

		// The run of Tue 30 Mar to Mon 5 Apr 2027 (paid 5 Apr, 2026-27):
		// week 22 (29 Mar - 4 Apr) pays 6 days: 194.32 - ⌈194.32 ÷ 7⌉ =
		// 166.56; week 23 starts 5 Apr and has no rate: not paid, and the
		// salary of Monday 5 Apr is kept: 500 × 1 ÷ 5 working days = 100.
		run := e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2027-04-05T00:00:00",
			"datePaid": "2027-04-05T00:00:00"}).Expect(t, 200).Map(t)["id"]
		P := fmt.Sprintf("%s/payrun/%v", e.B, run)
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, e.emp), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(e.emp)].(map[string]any)
		if num(t, tot["grossEarnings"]) != 266.56 {
			t.Fatalf("gross %v, want 100 salary + 166.56 SMP", tot["grossEarnings"])
		}
		var warnings []map[string]any
		e.Do("GET", P+"/warnings", key, nil).Expect(t, 200).JSON(t, &warnings)
		found := false
		for _, w := range warnings {
			if num(t, w["employeeId"]) == float64(e.emp) && strings.Contains(fmt.Sprint(w["warning"]), "Statutory Maternity Pay week 23") &&
				strings.Contains(fmt.Sprint(w["warning"]), "salary of its days is kept") {
				found = true
			}
		}
		if !found {
			t.Fatalf("no warning for the unpaid week: %v", warnings)
		}

		// No figures for the qualifying week: refused, nothing stored.
		testkit.ExpectProblem(t, e.Do("POST", SL+"spp", key, map[string]any{"startDate": "2020-06-01T00:00:00", "endDate": "2020-06-14T00:00:00",
			"babyDueDate": "2020-06-01T00:00:00"}), 400, "startDate")
		e.Do("GET", SL+"spp", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("a refused request was stored: %v", list)
		}
	})
}
