package award_test

import (
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/award"
)

// Hospitality's evening and night loadings are flat amounts added to the
// rate (casual: 125% + the loading), and only the highest penalty is paid:
// a casual Level 1 ($26.44) on a Monday night, a Friday evening running
// into Saturday, and a Saturday evening (Saturday 150% beats nothing else:
// the evening loading is Monday to Friday only).
func TestHospitalityFlatLoadingsAndHighestPenalty(t *testing.T) {
	rs := ruleSet(t, "MA000009")
	in := award.Input{
		Employee: award.Employee{EmploymentType: award.Casual, Classification: "Level 1"},
		Shifts: []award.Shift{
			shift("2026-10-12", "05:00", "09:00"),
			shift("2026-10-16", "22:00", "02:00"),
			shift("2026-10-17", "18:00", "21:00"),
		},
	}
	// 26.44 × 125% = 33.05; + 4.42 = 37.47; + 2.95 = 36.00; × 150% = 39.66.
	check(t, rs, in, []want{
		{0, "Casual weekday night", "casualNight", "Ordinary", "05:00", "07:00", "2", "37.47", "74.94"},
		{0, "Casual ordinary hours", "casualOrdinary", "Ordinary", "07:00", "09:00", "2", "33.05", "66.10"},
		{1, "Casual weekday evening", "casualEvening", "Ordinary", "22:00", "00:00", "2", "36.00", "72.00"},
		{1, "Casual Saturday", "casualSaturday", "Ordinary", "00:00", "02:00", "2", "39.66", "79.32"},
		{2, "Casual Saturday", "casualSaturday", "Ordinary", "18:00", "21:00", "3", "39.66", "118.98"},
	}, "411.34")
}

// Shift consolidation decides what a minimum engagement tops up: two
// one-hour casual shifts half an hour apart are one engagement under
// Duration consolidation (topped up by 1 hour) and two under None (each
// topped up by 2 hours).
func TestConsolidationAndMinimumEngagement(t *testing.T) {
	b, _ := award.LibraryJSON("MA000004")
	for _, c := range []struct {
		option string
		topUps []string
	}{{"Duration", []string{"1"}}, {"None", []string{"2", "2"}}} {
		rs, err := award.ParseRuleSet([]byte(strings.Replace(string(b), `"shiftConsolidation": "SameDay"`,
			`"shiftConsolidation": "`+c.option+`", "shiftConsolidationMinutes": 60`, 1)))
		if err != nil {
			t.Fatal(err)
		}
		res, err := rs.Interpret(award.Input{Employee: award.Employee{EmploymentType: award.Casual, Classification: "Retail Employee Level 1"},
			Shifts: []award.Shift{shift("2026-10-06", "09:00", "10:00"), shift("2026-10-06", "10:30", "11:30")}, Evaluate: true})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range res.Lines {
			if l.Kind == award.LineTopUp {
				got = append(got, l.Hours().String())
			}
		}
		if strings.Join(got, ",") != strings.Join(c.topUps, ",") {
			t.Errorf("%s: top-ups %v, want %v", c.option, got, c.topUps)
		}
		consolidated := len(res.Shifts[0].Consolidated) == 1 && res.Shifts[0].Consolidated[0] == 1
		if consolidated != (c.option == "Duration") {
			t.Errorf("%s: consolidated = %v", c.option, res.Shifts[0].Consolidated)
		}
	}
}

// A rule switched off is not applied and says so in the evaluations.
func TestDisabledRulesAndEvaluations(t *testing.T) {
	rs := ruleSet(t, "MA000004")
	res, err := rs.Interpret(award.Input{Employee: award.Employee{EmploymentType: award.Casual, Classification: "Retail Employee Level 1"},
		Shifts: []award.Shift{shift("2026-10-11", "10:00", "14:00")}, Disabled: []string{"casual sunday"}, Evaluate: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Lines) != 1 || res.Lines[0].Rule != "Casual ordinary hours" || res.Lines[0].RateCents != 3476 {
		t.Fatalf("lines = %+v", res.Lines)
	}
	results := map[string]string{}
	for _, e := range res.Shifts[0].Evaluations {
		results[e.Rule] = e.Result
	}
	if results["Casual Sunday"] != award.DisabledForRuleSet || results["Casual ordinary hours"] != award.Match || results["Saturday"] != award.NoMatch {
		t.Errorf("evaluations = %v", results)
	}
}

// The conditions and actions no shipped award uses are data too: a missed
// break, consecutive days, a shift condition paid by the hour, a
// fortnightly period threshold.
func TestEngineConditions(t *testing.T) {
	rs, err := award.ParseRuleSet([]byte(`{"name":"Test award","periodType":"Fortnightly","periodEnding":"2026-10-11","dayOfWeekEnding":"Sunday",
	 "categories":[{"key":"ord","name":"Ordinary","type":"Ordinary","ote":true},{"key":"nobreak","name":"No break","type":"Ordinary","ote":true},
	   {"key":"seventh","name":"Seventh day","type":"Ordinary","ote":true},{"key":"ot","name":"Overtime","type":"Overtime"},
	   {"key":"cold","name":"Cold work","type":"Allowance","ote":true}],
	 "classifications":["Grade 1"],
	 "versions":[{"from":"2026-07-01","source":"test","rates":[{"classification":"Grade 1","weekly":760,"hourly":20}],
	  "rules":[
	   {"name":"Ordinary","kind":"penalty","pay":{"category":"ord","multiplier":1}},
	   {"name":"No break after 5 hours","kind":"penalty","when":{"missedBreakAfterHours":5,"missedBreakMinutes":30},"pay":{"category":"nobreak","multiplier":1.5}},
	   {"name":"Seventh consecutive day","kind":"penalty","when":{"minConsecutiveDays":7},"pay":{"category":"seventh","multiplier":2}},
	   {"name":"Beyond 76 hours a fortnight","kind":"overtime","beyond":{"periodHours":76},"rates":[{"when":{},"tiers":[{"category":"ot","multiplier":1.5}]}]},
	   {"name":"Cold work","kind":"allowance","when":{"shiftConditions":["Cold room"]},"allowance":{"category":"cold","amount":0.6,"per":"Hour"}}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var shifts []award.Shift
	// Monday 12 Oct to Sunday 18 Oct 2026, 7 days of 8 hours: 56 hours.
	for d := 12; d <= 18; d++ {
		shifts = append(shifts, shift("2026-10-"+itoa(d), "08:00", "16:00", "12:00-12:30"))
	}
	shifts[0].Breaks = nil // Monday: no break, 8 hours straight
	shifts[0].Conditions = []string{"cold room"}
	// Monday 19 Oct to Wednesday 21 Oct: 24 more hours; 77 in the
	// fortnight 12-25 Oct, 1 beyond 76.
	for d := 19; d <= 21; d++ {
		shifts = append(shifts, shift("2026-10-"+itoa(d), "08:00", "16:00"))
	}
	res, err := rs.Interpret(award.Input{Employee: award.Employee{EmploymentType: award.FullTime, Classification: "Grade 1"}, Shifts: shifts})
	if err != nil {
		t.Fatal(err)
	}
	sum := map[string]int64{}
	for _, l := range res.Lines {
		sum[l.Rule] += l.Minutes
	}
	// Monday: 5 ordinary + 3 without a break (cold work all 8); Sunday 18
	// Oct is the 7th day in a row, and 19 to 21 Oct the 8th to 10th: 7.5 + 8
	// + 8 + 7 hours at 200% (the last hour of the fortnight is overtime,
	// which overtime pays instead).
	if sum["No break after 5 hours"] != 3*60 || sum["Cold work"] != 8*60 {
		t.Errorf("no break %d min, cold work %d min", sum["No break after 5 hours"], sum["Cold work"])
	}
	if sum["Seventh consecutive day"] != (7.5+8+8+7)*60 || sum["Beyond 76 hours a fortnight"] != 60 {
		t.Errorf("seventh day %d min, overtime %d min", sum["Seventh consecutive day"], sum["Beyond 76 hours a fortnight"])
	}
	periods := rs.ShiftPeriods(at("2026-10-07 09:00"), at("2026-10-21 09:00"))
	if len(periods) != 2 || periods[0].From != at("2026-09-28 00:00") || periods[1].To != at("2026-10-25 00:00") {
		t.Errorf("periods = %v", periods)
	}

	// Fortnights ending 18 Oct and 1 Nov split the same hours 53 / 24: no
	// overtime.
	rs2, _ := award.ParseRuleSet([]byte(strings.Replace(`{"name":"T","periodType":"Fortnightly","periodEnding":"2026-10-18","categories":[{"key":"ord","name":"O","type":"Ordinary"},{"key":"ot","name":"OT","type":"Overtime"}],"classifications":["G"],"versions":[{"from":"2026-07-01","source":"t","rates":[{"classification":"G","weekly":760,"hourly":20}],"rules":[{"name":"Ordinary","kind":"penalty","pay":{"category":"ord","multiplier":1}},{"name":"OT","kind":"overtime","beyond":{"periodHours":76},"rates":[{"when":{},"tiers":[{"category":"ot","multiplier":1.5}]}]}]}]}`, "\n", "", -1)))
	res, err = rs2.Interpret(award.Input{Employee: award.Employee{EmploymentType: award.FullTime, Classification: "G"}, Shifts: shifts})
	if err != nil {
		t.Fatal(err)
	}
	var ot int64
	for _, l := range res.Lines {
		if l.Kind == award.LineOvertime {
			ot += l.Minutes
		}
	}
	if ot != 0 {
		t.Errorf("overtime %d min", ot)
	}
}

func itoa(n int) string { return time.Date(2000, 1, n, 0, 0, 0, 0, time.UTC).Format("02") }

// A rule set that is not well formed is refused, naming the member.
func TestRuleSetValidation(t *testing.T) {
	for _, c := range []struct{ json, member string }{
		{`{"name":"X","categories":[],"classifications":[],"versions":[]}`, "versions"},
		{`{"name":"X","periodType":"Daily","categories":[],"classifications":[],"versions":[{"from":"2026-07-01","rules":[]}]}`, "periodType"},
		{`{"name":"X","categories":[{"key":"a","name":"A","type":"Ordinary"}],"classifications":["G"],"versions":[{"from":"2026-07-01","rules":[{"name":"R","kind":"penalty","pay":{"category":"b","multiplier":1}}]}]}`, "versions[0].rules[0].pay.category"},
		{`{"name":"X","categories":[{"key":"a","name":"A","type":"Ordinary"}],"classifications":["G"],"versions":[{"from":"2026-07-01","rules":[{"name":"R","kind":"penalty","when":{"from":"19:00","to":"07:00"},"pay":{"category":"a","multiplier":1}}]}]}`, "versions[0].rules[0].when"},
		{`{"name":"X","categories":[],"classifications":["G"],"versions":[{"from":"2026-07-01","rates":[{"classification":"H","weekly":1,"hourly":1}],"rules":[]}]}`, "versions[0].rates[0].classification"},
	} {
		_, err := award.ParseRuleSet([]byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.member) {
			t.Errorf("%s: err = %v, want it to name %s", c.json, err, c.member)
		}
	}
}
