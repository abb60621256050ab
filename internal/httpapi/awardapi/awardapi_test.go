package awardapi_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

type basic struct {
	ID             int64  `json:"id"`
	Name           string `json:"name"`
	Classification string `json:"classification"`
	EmploymentType string `json:"employmentType"`
	AwardID        int64  `json:"awardId"`
	AwardName      string `json:"awardName"`
}

// agreementNamed finds an agreement of the list by name.
func agreementNamed(t *testing.T, b *testkit.Bundle, name string) basic {
	t.Helper()
	var list []basic
	b.Do("GET", b.B+"/employmentagreement", b.Key, nil).Expect(t, 200).JSON(t, &list)
	for _, a := range list {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("no agreement %q in %d", name, len(list))
	return basic{}
}

func idOf(t *testing.T, r *testkit.Response) int64 {
	t.Helper()
	var out struct {
		ID int64 `json:"id"`
	}
	r.JSON(t, &out)
	if out.ID == 0 {
		t.Fatalf("no id in %.300s", r.Body)
	}
	return out.ID
}

// retailWeek is the casual Retail Level 1 week of internal/award's
// TestRetailCasualWeek (Labour Day, 5 October 2026, in NSW), as shift
// costing requests: each shift's cost, hand-derived there, is the sum of
// its lines.
func retailWeek(loc int64) []any {
	shift := func(day, from, to string, breaks ...string) map[string]any {
		m := map[string]any{"startTime": day + "T" + from + ":00", "endTime": day + "T" + to + ":00", "locationId": fmt.Sprint(loc), "externalId": day}
		var bs []any
		for i := 0; i+1 < len(breaks); i += 2 {
			bs = append(bs, map[string]any{"startTime": day + "T" + breaks[i] + ":00", "endTime": day + "T" + breaks[i+1] + ":00"})
		}
		if bs != nil {
			m["breaks"] = bs
		}
		return m
	}
	return []any{
		shift("2026-10-05", "09:00", "13:00"),
		shift("2026-10-06", "08:00", "18:30", "12:00", "12:30"),
		shift("2026-10-08", "15:00", "21:30"),
		shift("2026-10-10", "09:00", "15:00", "12:00", "12:30"),
		shift("2026-10-11", "10:00", "12:00"),
	}
}

// retailWeekCosts are the week's shift costs: 278.12 (public holiday
// 250%), 351.08 (9.5 h at 125%, 0.5 h after 6 pm at 150%), 253.78 (3 h
// 125%, 3 h 150%, 0.5 h overtime 175%), 229.46 (5.5 h Saturday 150%),
// 146.01 (2 h Sunday 175% topped up by 1 h to the 3-hour minimum).
var retailWeekCosts = []float64{278.12, 351.08, 253.78, 229.46, 146.01}

type costing struct {
	EmploymentAgreementID   int64  `json:"employmentAgreementId"`
	EmploymentAgreementName string `json:"employmentAgreementName"`
	PayConditionRuleSetName string `json:"payConditionRuleSetName"`
	Shifts                  []struct {
		ExternalID         string   `json:"externalId"`
		Cost               float64  `json:"cost"`
		ConsolidatedShifts []string `json:"consolidatedShifts"`
		EvaluationResults  []struct {
			RuleName    string `json:"ruleName"`
			MatchResult string `json:"matchResult"`
		} `json:"evaluationResults"`
		CostBreakdown []struct {
			PayCategoryName string  `json:"payCategoryName"`
			Units           float64 `json:"units"`
			Rate            float64 `json:"rate"`
			Cost            float64 `json:"cost"`
			Type            string  `json:"type"`
		} `json:"costBreakdown"`
	} `json:"shifts"`
}

func checkWeek(t *testing.T, c costing) {
	t.Helper()
	if len(c.Shifts) != len(retailWeekCosts) {
		t.Fatalf("%d shifts", len(c.Shifts))
	}
	for i, want := range retailWeekCosts {
		if c.Shifts[i].Cost != want {
			t.Errorf("shift %d (%s) costs %v, want %v: %+v", i, c.Shifts[i].ExternalID, c.Shifts[i].Cost, want, c.Shifts[i].CostBreakdown)
		}
	}
	sun := c.Shifts[4].CostBreakdown
	if len(sun) != 2 || sun[0].PayCategoryName != "Retail: Casual Sunday (175%)" || sun[0].Rate != 48.67 || sun[1].Units != 1 {
		t.Errorf("Sunday's breakdown = %+v", sun)
	}
}

// TestAwardsAndEmploymentAgreements installs the Retail award and serves
// its agreements, costs the casual week under one (by agreement and by an
// employee assigned it), and answers 400, 401, 404 and the region gate.
func TestAwardsAndEmploymentAgreements(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		B, key := b.B, b.Key
		b.Do("PUT", B+"/award/4/install", key, nil).Expect(t, 200)
		b.Do("PUT", B+"/award/4/install", key, nil).Expect(t, 200) // again: refreshed, not duplicated
		var awards []struct {
			ID     int64  `json:"id"`
			Code   string `json:"code"`
			Status string `json:"status"`
		}
		b.Do("GET", B+"/award", key, nil).Expect(t, 200).JSON(t, &awards)
		if len(awards) != 3 {
			t.Fatalf("awards = %+v", awards)
		}
		b.Do("GET", B+"/award/installed", key, nil).Expect(t, 200).JSON(t, &awards)
		if len(awards) != 1 || awards[0].Code != "MA000004" || awards[0].Status != "Installed" {
			t.Fatalf("installed = %+v", awards)
		}
		b.Do("GET", B+"/award?status=notinstalled", key, nil).Expect(t, 200).JSON(t, &awards)
		if len(awards) != 2 {
			t.Fatalf("not installed = %+v", awards)
		}

		var list []basic
		b.Do("GET", B+"/employmentagreement", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 24 {
			t.Fatalf("%d agreements, want 8 classifications x 3 employment types", len(list))
		}
		b.Do("GET", B+"/employmentagreement?$filter="+url.QueryEscape("employmentType eq 'Casual'"), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 8 || list[0].AwardID != 4 || list[0].AwardName != "General Retail Industry Award 2020" {
			t.Fatalf("casual agreements = %+v", list)
		}
		casual := agreementNamed(t, b, "Retail Employee Level 1 - Casual (MA000004)")
		var full struct {
			PayConditionRuleSet struct {
				Name            string `json:"name"`
				PeriodType      string `json:"periodType"`
				DayOfWeekEnding int    `json:"dayOfWeekEnding"`
				RulesJSON       string `json:"rulesJson"`
			} `json:"payConditionRuleSet"`
			AgePayRateTemplates []struct {
				MinAge          *int `json:"minAge"`
				MaxAge          *int `json:"maxAge"`
				PayRateTemplate struct {
					Name          string `json:"name"`
					PayCategories []struct {
						UserSuppliedRate float64 `json:"userSuppliedRate"`
					} `json:"payCategories"`
				} `json:"payRateTemplate"`
			} `json:"agePayRateTemplates"`
		}
		b.Do("GET", fmt.Sprintf("%s/employmentagreement/%d", B, casual.ID), key, nil).Expect(t, 200).JSON(t, &full)
		var rules struct {
			Versions []struct {
				Rules []struct{ Name string } `json:"rules"`
			} `json:"versions"`
		}
		if err := json.Unmarshal([]byte(full.PayConditionRuleSet.RulesJSON), &rules); err != nil || len(rules.Versions) != 2 || len(rules.Versions[0].Rules) < 10 {
			t.Fatalf("rulesJson = %.300s (%v)", full.PayConditionRuleSet.RulesJSON, err)
		}
		if full.PayConditionRuleSet.Name != "General Retail Industry Award 2020" || full.PayConditionRuleSet.PeriodType != "Weekly" || full.PayConditionRuleSet.DayOfWeekEnding != 0 {
			t.Errorf("rule set = %+v", full.PayConditionRuleSet)
		}
		// Junior bands of Level 1 at the rates in force on 2 November 2026
		// (the test clock): under 16 45% of 1,056.80 / 38 = 12.51, ...,
		// 20 with 6 months or less 90% = 25.03, then adults 27.81.
		bands := full.AgePayRateTemplates
		if len(bands) != 8 || bands[0].PayRateTemplate.PayCategories[0].UserSuppliedRate != 12.51 ||
			bands[5].PayRateTemplate.PayCategories[0].UserSuppliedRate != 25.03 || bands[7].PayRateTemplate.PayCategories[0].UserSuppliedRate != 27.81 ||
			bands[7].MinAge == nil || *bands[7].MinAge != 21 {
			t.Errorf("age pay rate templates = %+v", bands)
		}

		// Costing the casual week under the agreement.
		loc := idOf(t, b.Do("POST", B+"/location", key, map[string]any{"name": "Parramatta", "state": "NSW"}).Expect(t, 200))
		var c costing
		b.Do("POST", fmt.Sprintf("%s/employmentagreement/%d/shiftcosting", B, casual.ID), key, map[string]any{"shifts": retailWeek(loc),
			"includeEvaluationResults": true, "employee": map[string]any{"dateOfBirth": "1990-04-01T00:00:00"}}).Expect(t, 200).JSON(t, &c)
		checkWeek(t, c)
		if c.EmploymentAgreementID != casual.ID || c.PayConditionRuleSetName != "General Retail Industry Award 2020" || len(c.Shifts[4].EvaluationResults) == 0 {
			t.Errorf("costing header %+v", c)
		}

		// The same week for an employee assigned the agreement.
		emp := idOf(t, b.Do("POST", B+"/employee/unstructured?matchType=None", key, map[string]any{"firstName": "Cas", "surname": "Retail",
			"dateOfBirth": "1990-04-01T00:00:00", "startDate": "2025-07-01T00:00:00", "employmentType": "Casual", "employmentAgreementId": casual.ID,
			"residentialState": "NSW"}).Expect(t, 200))
		c = costing{}
		b.Do("POST", fmt.Sprintf("%s/employee/%d/timesheet/shiftcosting", B, emp), key, map[string]any{"shifts": retailWeek(loc)}).Expect(t, 200).JSON(t, &c)
		checkWeek(t, c)
		if c.EmploymentAgreementName != casual.Name {
			t.Errorf("employee costing names %q", c.EmploymentAgreementName)
		}

		var bulk []costing
		b.Do("POST", fmt.Sprintf("%s/employmentagreement/%d/shiftcosting/bulk", B, casual.ID), key, []any{map[string]any{"shifts": retailWeek(loc)},
			map[string]any{"shifts": retailWeek(loc)[:1]}}).Expect(t, 200).JSON(t, &bulk)
		if len(bulk) != 2 || len(bulk[1].Shifts) != 1 || bulk[1].Shifts[0].Cost != 278.12 {
			t.Errorf("bulk = %+v", bulk)
		}
		var periods []struct{ FromDate, ToDate string }
		b.Do("POST", fmt.Sprintf("%s/employmentagreement/%d/shiftperiods", B, casual.ID), key, map[string]any{"firstShiftStartTime": "2026-10-07T09:00:00",
			"lastShiftStartTime": "2026-10-13T09:00:00"}).Expect(t, 200).JSON(t, &periods)
		if len(periods) != 2 || periods[0].FromDate != "2026-10-05T00:00:00" || periods[1].ToDate != "2026-10-18T00:00:00" {
			t.Errorf("periods = %+v", periods)
		}

		UK, _ := b.AddBusiness("Alice UK", "UK")
		costAt := fmt.Sprintf("%s/employmentagreement/%d/shiftcosting", B, casual.ID)
		b.RunCases(t, []testkit.Case{
			{Name: "no key", Method: "GET", Path: B + "/employmentagreement", Status: 401},
			{Name: "other tenant's list", Method: "GET", Path: B + "/employmentagreement", Key: b.OtherKey, Status: 404},
			{Name: "other tenant's agreement", Method: "GET", Path: fmt.Sprintf("%s/employmentagreement/%d", b.OtherB, casual.ID), Key: b.OtherKey, Status: 404},
			{Name: "unknown agreement", Method: "POST", Path: B + "/employmentagreement/999999/shiftcosting", Key: key, Body: map[string]any{"shifts": []any{}}, Status: 404},
			{Name: "unknown award", Method: "PUT", Path: B + "/award/99/install", Key: key, Status: 404},
			{Name: "other tenant installs", Method: "PUT", Path: B + "/award/9/install", Key: b.OtherKey, Status: 404},
			{Name: "UK business", Method: "PUT", Path: testkit.BusinessPath(UK) + "/award/4/install", Key: key, Status: 400, Field: "region"},
			{Name: "bad status", Method: "GET", Path: B + "/award?status=Maybe", Key: key, Status: 400, Field: "status"},
			{Name: "shift ends before it starts", Method: "POST", Path: costAt, Key: key, Status: 400, Field: "shifts[0].endTime",
				Body: map[string]any{"shifts": []any{map[string]any{"startTime": "2026-10-06T10:00:00", "endTime": "2026-10-06T09:00:00"}}}},
			{Name: "rates not loaded", Method: "POST", Path: costAt, Key: key, Status: 400, Field: "shifts[0].startTime",
				Body: map[string]any{"shifts": []any{map[string]any{"startTime": "2026-06-30T10:00:00", "endTime": "2026-06-30T14:00:00"}}}},
			{Name: "bulk item named", Method: "POST", Path: costAt + "/bulk", Key: key, Status: 400, Field: "[1].shifts[0].endTime",
				Body: []any{map[string]any{"shifts": []any{}}, map[string]any{"shifts": []any{map[string]any{"startTime": "2026-10-06T10:00:00"}}}}},
			{Name: "periods need both times", Method: "POST", Path: fmt.Sprintf("%s/employmentagreement/%d/shiftperiods", B, casual.ID), Key: key,
				Body: map[string]any{"firstShiftStartTime": "2026-10-07T09:00:00"}, Status: 400, Field: "lastShiftStartTime"},
		})
	})
}
