package awardapi_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestSameWeekEverywhere: the casual Retail week, approved as timesheets
// and imported into a weekly pay run, is paid the figures shift costing
// gives (one earnings line per pay category and rate; overtime is not
// ordinary time earnings), the pay slip's explanation shows each shift's
// rules and lines, and the same shifts rostered cost the same.
func TestSameWeekEverywhere(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		B, key := b.B, b.Key
		b.Do("PUT", B+"/award/4/install", key, nil).Expect(t, 200)
		casual := agreementNamed(t, b, "Retail Employee Level 1 - Casual (MA000004)")
		loc := idOf(t, b.Do("POST", B+"/location", key, map[string]any{"name": "Parramatta", "state": "NSW"}).Expect(t, 200))
		sched := idOf(t, b.Do("POST", B+"/payschedule", key, map[string]any{"name": "Weekly", "frequency": "Weekly"}).Expect(t, 200))
		// Her own rate ($20) is below the award's: the award's minimum is paid.
		r := b.Do("POST", B+"/employee/unstructured?matchType=None", key, map[string]any{"firstName": "Cas", "surname": "Retail",
			"dateOfBirth": "1990-04-01T00:00:00", "startDate": "2025-07-01T00:00:00", "employmentType": "Casual", "employmentAgreementId": casual.ID,
			"paySchedule": "Weekly", "taxFileNumber": "123456782", "australianResident": true, "claimTaxFreeThreshold": true,
			"rate": 20, "rateUnit": "Hourly", "hoursPerWeek": 20, "primaryPayCategory": "Retail: Ordinary hours", "residentialStreetAddress": "1 Church St", "residentialSuburb": "Parramatta", "residentialState": "NSW",
			"residentialPostCode": "2150", "primaryLocation": "Parramatta", "bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678",
			"bankAccount1_AccountName": "Cas", "bankAccount1_AllocatedPercentage": 100, "superFund1_ProductCode": "AUS0001AU",
			"superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}).Expect(t, 200)
		if m := r.Map(t); m["status"] != "Active" {
			t.Fatalf("employee is %v", m)
		}
		emp := idOf(t, r)

		week := retailWeek(loc)
		var sheets []int64
		for _, s := range week {
			sh := s.(map[string]any)
			body := map[string]any{"employeeId": emp, "startTime": sh["startTime"], "endTime": sh["endTime"], "locationId": loc, "status": "Approved"}
			if br, ok := sh["breaks"]; ok {
				body["breaks"] = br
			}
			sheets = append(sheets, idOf(t, b.Do("POST", B+"/timesheet", key, body).Expect(t, 200)))
			roster := map[string]any{"employeeId": emp, "locationId": loc, "startTime": sh["startTime"], "endTime": sh["endTime"]}
			if br, ok := sh["breaks"]; ok {
				roster["breaks"] = br
			}
			b.Do("POST", B+"/rostershift", key, roster).Expect(t, 200)
		}

		// The timesheet views cost each line under the award, with its week.
		for i, id := range sheets {
			m := b.Do("GET", fmt.Sprintf("%s/timesheet/%d", B, id), key, nil).Expect(t, 200).Map(t)
			if m["cost"] != retailWeekCosts[i] {
				t.Errorf("timesheet line %d costs %v, want %v", i, m["cost"], retailWeekCosts[i])
			}
		}

		// The manager's list and her own self-service list show the same costs.
		var mgr struct {
			Items []struct {
				ID   int64    `json:"id"`
				Cost *float64 `json:"cost"`
			} `json:"items"`
		}
		b.Do("GET", B+"/manager/timesheet?fromDate=2026-10-05&toDate=2026-10-11&employeeId="+fmt.Sprint(emp), key, nil).Expect(t, 200).JSON(t, &mgr)
		userID, essKey := b.NewUser("cas.retail@example.com")
		testkit.MustExec(t, d, `UPDATE employees SET user_id = $1 WHERE id = $2`, userID, emp)
		var own []struct {
			ID   int64    `json:"id"`
			Cost *float64 `json:"cost"`
		}
		b.Do("GET", fmt.Sprintf("/api/v2/ess/%d/timesheet?fromDate=2026-10-05&toDate=2026-10-11", emp), essKey, nil).Expect(t, 200).JSON(t, &own)
		if len(mgr.Items) != len(sheets) || len(own) != len(sheets) {
			t.Fatalf("manager sees %d lines, self-service %d, want %d", len(mgr.Items), len(own), len(sheets))
		}
		for i := range sheets {
			if m := mgr.Items[i]; m.ID != sheets[i] || m.Cost == nil || *m.Cost != retailWeekCosts[i] {
				t.Errorf("manager view: line %d costs %v, want %v", m.ID, m.Cost, retailWeekCosts[i])
			}
			if o := own[i]; o.ID != sheets[i] || o.Cost == nil || *o.Cost != retailWeekCosts[i] {
				t.Errorf("self-service view: line %d costs %v, want %v", o.ID, o.Cost, retailWeekCosts[i])
			}
		}

		run := idOf(t, b.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-10-11T00:00:00",
			"datePaid": "2026-10-13T00:00:00", "timesheetImportOption": "ThisPayPeriod"}).Expect(t, 200))
		P := fmt.Sprintf("%s/payrun/%d", B, run)
		var res struct {
			EarningsLines map[string][]map[string]any `json:"earningsLines"`
		}
		b.Do("GET", P+"/earningslines", key, nil).Expect(t, 200).JSON(t, &res)
		var got []string
		for _, l := range res.EarningsLines[fmt.Sprint(emp)] {
			got = append(got, fmt.Sprintf("%v %v %v %v", l["payCategoryName"], l["units"], l["rate"], l["earnings"]))
		}
		sort.Strings(got)
		// The week's lines by category and rate: the sums of TestRetailCasualWeek's lines.
		want := []string{
			"Retail: Casual Saturday (150%) 5.5 41.72 229.46",
			"Retail: Casual Sunday (175%) 3 48.67 146.01",
			"Retail: Casual ordinary hours (125%) 12.5 34.76 434.5",
			"Retail: Casual overtime (175%) 0.5 48.67 24.34",
			"Retail: Casual public holiday (250%) 4 69.53 278.12",
			"Retail: Casual weekday after 6pm (150%) 3.5 41.72 146.02",
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("earnings lines\n got %v\nwant %v", got, want)
		}
		var totals struct {
			PayRunTotals map[string]map[string]any `json:"payRunTotals"`
		}
		b.Do("GET", P+"/totals", key, nil).Expect(t, 200).JSON(t, &totals)
		tot := totals.PayRunTotals[fmt.Sprint(emp)]
		// Super guarantee 12% of ordinary time earnings: 1,258.45 less the
		// 24.34 of overtime = 1,234.11; 148.09.
		if tot["grossEarnings"] != 1258.45 || tot["superContribution"] != 148.09 {
			t.Errorf("totals: gross %v, super %v", tot["grossEarnings"], tot["superContribution"])
		}

		var x struct {
			Award []struct {
				TimesheetLineID int64 `json:"timesheetLineId"`
				Lines           []struct {
					Rule            string  `json:"rule"`
					Clause          string  `json:"clause"`
					PayCategoryName string  `json:"payCategoryName"`
					Units           float64 `json:"units"`
					Amount          float64 `json:"amount"`
				} `json:"lines"`
			} `json:"award"`
		}
		b.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, emp), key, nil).Expect(t, 200).JSON(t, &x)
		if len(x.Award) != 5 || len(x.Award[4].Lines) != 2 || x.Award[4].Lines[1].Rule != "Casual minimum engagement" ||
			x.Award[4].Lines[1].Clause != "cl 11.3" || x.Award[4].Lines[1].Amount != 48.67 || x.Award[2].Lines[2].PayCategoryName != "Retail: Casual overtime (175%)" {
			t.Errorf("explanation = %+v", x.Award)
		}

		var roster struct {
			RosteredShifts []struct {
				StartTime string   `json:"startTime"`
				Cost      *float64 `json:"cost"`
			} `json:"rosteredShifts"`
		}
		b.Do("GET", B+"/manager/rostershift/manage?date=2026-10-05&includeCosts=true", key, nil).Expect(t, 200).JSON(t, &roster)
		if len(roster.RosteredShifts) != 5 {
			t.Fatalf("%d rostered shifts", len(roster.RosteredShifts))
		}
		for i, sh := range roster.RosteredShifts {
			if sh.Cost == nil || *sh.Cost != retailWeekCosts[i] {
				t.Errorf("rostered shift %s costs %v, want %v", sh.StartTime, sh.Cost, retailWeekCosts[i])
			}
		}
	})
}
