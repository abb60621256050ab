package reportapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// restricted adds carol, a user restricted to Sydney (Ann's location),
// and returns her key.
func (e *env) restricted(t *testing.T) string {
	t.Helper()
	_, carol := e.NewUser("carol@example.com")
	e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
		"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ApproveLeaveRequests"}},
		"reports":        map[string]any{"accessType": "AllReports"}}).Expect(t, 200)
	return carol
}

func TestLeaveLiabilityReport(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		annual := num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Liability Annual", "leaveLoading": 17.5}).Expect(t, 200).Map(t)["id"])
		e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Liability Unpaid", "isBalanceUntracked": true}).Expect(t, 200)
		err := e.DB.InTx(context.Background(), func(q *store.Queries) error {
			for _, o := range []struct {
				emp   int64
				hours string
			}{{e.ann, "40"}, {e.bob, "15.2"}} {
				if err := e.App.Leave.SetOpening(context.Background(), q, e.Biz, o.emp, annual, payroll.MustRate(o.hours), time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		// Ann's rate becomes 40 an hour from 1 October.
		e.Do("POST", fmt.Sprintf("%s/employee/%d/payrateschedule", e.B, e.ann), e.Key, map[string]any{"rate": 40, "rateUnit": "Hourly", "commencementDate": "2026-10-01T00:00:00"}).Expect(t, 200)
		// An approved leave request of Ann's not yet paid.
		lr := num(t, e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, e.ann), e.Key, map[string]any{"leaveCategoryId": annual,
			"fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-07T00:00:00", "hours": 7.6, "notes": "day off"}).Expect(t, 200).Map(t)["id"])
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest/%d/approve", e.B, e.ann, lr), e.Key, nil).Expect(t, 200)

		mine := func(key string, q url.Values) []map[string]any {
			var out []map[string]any
			for _, r := range rows(t, e.Do("GET", e.B+"/report/leaveliability?"+q.Encode(), key, nil)) {
				if r["leaveCategoryName"] == "Liability Annual" {
					out = append(out, r)
				} else if r["leaveCategoryName"] == "Liability Unpaid" {
					t.Fatalf("untracked category reported %v", r)
				}
			}
			return out
		}
		m := payroll.MustMoney
		cases := []struct {
			name                 string
			q                    url.Values
			annHours, annValue   string
			annLoading, annWeeks string
			annApproved          string
			annLastPaid          any
		}{
			// Before October: 40h x 35.1234 = 1,404.936; loading 17.5% of 1,404.94 = 245.8645.
			{"rate before the schedule", url.Values{"asAtDate": {"2026-09-30"}}, "40", "1404.94", "245.86", "1.0526", "0", nil},
			// From October: 40h x 40 = 1,600; loading 280; 40 / 38 = 1.05263 weeks.
			{"rate in force", url.Values{"asAtDate": {"2026-11-02"}}, "40", "1600", "280", "1.0526", "0", nil},
			// Approved leave taken off: 32.4h x 40 = 1,296; loading 226.80; 32.4 / 38 = 0.85263.
			{"approved leave", url.Values{"asAtDate": {"2026-11-02"}, "includeApprovedLeave": {"true"}}, "32.4", "1296", "226.8", "0.8526", "7.6", nil},
			// As at the finalised run's date paid: last paid then.
			{"pay run filter", url.Values{"filterType": {"PayRun"}, "payRunId": {fmt.Sprint(e.run)}}, "40", "1600", "280", "1.0526", "0", "2026-11-20T00:00:00"},
		}
		for _, c := range cases {
			rs := mine(e.Key, c.q)
			if len(rs) != 2 {
				t.Fatalf("%s: rows %v", c.name, rs)
			}
			ann, bob := byEmployee(t, rs, e.ann), byEmployee(t, rs, e.bob)
			eqMoney(t, c.name+" ann hours", ann["accruedAmountInHours"], m(c.annHours))
			eqMoney(t, c.name+" ann value", ann["leaveValue"], m(c.annValue))
			eqMoney(t, c.name+" ann loading", ann["leaveLoadingDollarValue"], m(c.annLoading))
			eqMoney(t, c.name+" ann weeks", ann["calculatedWeeks"], m(c.annWeeks))
			eqMoney(t, c.name+" ann approved", ann["approvedLeaveAmountInHours"], m(c.annApproved))
			if ann["lastPaidDate"] != c.annLastPaid || ann["startDate"] != "2025-07-01T00:00:00" || ann["unitType"] != "Hours" {
				t.Errorf("%s: ann %v", c.name, ann)
			}
			// Bob: 15.2h x 91,300 / 52 / 38 = 702.3077; loading 17.5% = 122.904.
			eqMoney(t, c.name+" bob value", bob["leaveValue"], m("702.31"))
			eqMoney(t, c.name+" bob loading", bob["leaveLoadingDollarValue"], m("122.9"))
		}
		// Before the openings: nothing accrued.
		for _, r := range mine(e.Key, url.Values{"asAtDate": {"2026-06-30"}}) {
			eqMoney(t, "before openings", r["leaveValue"], payroll.Money{})
		}
		if rs := mine(e.Key, url.Values{"leaveTypeId": {fmt.Sprint(annual)}, "locationId": {fmt.Sprint(e.melbourne)}}); len(rs) != 1 || rs[0]["employeeId"] != json.Number(fmt.Sprint(e.bob)) {
			t.Fatalf("location filter %v", rs)
		}
		if rs := mine(e.restricted(t), url.Values{}); len(rs) != 1 || rs[0]["employeeId"] != json.Number(fmt.Sprint(e.ann)) {
			t.Fatalf("restricted user sees %v", rs)
		}
		s := sheet(t, e.Do("GET", e.B+"/report/leaveliability/xlsx?asAtDate=2026-11-02&leaveTypeIds="+fmt.Sprint(annual), e.Key, nil).Expect(t, 200).Body)
		// Header, two employees and the totals row (leave value 1,600 +
		// 702.31; the totals row's "Total" column is the sum of totals).
		if len(s) != 4 || cell(t, s, "Total", "Leave Value") != "2302.31" || cell(t, s, "Total", "Total") != "2705.21" ||
			cell(t, s, fmt.Sprint(e.ann), "Leave Value") != "1600.00" && cell(t, s, fmt.Sprint(e.ann), "Leave Value") != "1600" || cell(t, s, fmt.Sprint(e.ann), "Total") != "1880.00" && cell(t, s, fmt.Sprint(e.ann), "Total") != "1880" {
			t.Fatalf("liability sheet %v", s)
		}

		R := e.B + "/report/leaveliability"
		e.RunCases(t, []testkit.Case{
			{Name: "bad asAtDate", Method: "GET", Path: R + "?asAtDate=soon", Key: e.Key, Status: 400, Field: "asAtDate"},
			{Name: "bad groupBy", Method: "GET", Path: R + "?groupBy=Region", Key: e.Key, Status: 400, Field: "groupBy"},
			{Name: "super batch", Method: "GET", Path: R + "?filterType=SuperBatch", Key: e.Key, Status: 400, Field: "filterType"},
			{Name: "pay run without id", Method: "GET", Path: R + "?filterType=PayRun", Key: e.Key, Status: 400, Field: "payRunId"},
			{Name: "draft pay run", Method: "GET", Path: R + "?filterType=PayRun&payRunId=" + fmt.Sprint(e.draft), Key: e.Key, Status: 404},
			{Name: "xlsx bad asAtDate", Method: "GET", Path: R + "/xlsx?asAtDate=soon", Key: e.Key, Status: 400, Field: "asAtDate"},
			{Name: "anonymous", Method: "GET", Path: R, Status: 401},
			{Name: "other tenant", Method: "GET", Path: R, Key: e.OtherKey, Status: 404},
			{Name: "xlsx other tenant", Method: "GET", Path: R + "/xlsx", Key: e.OtherKey, Status: 404},
		})
	})
}

func TestTimeReports(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		barista := num(t, e.Do("POST", e.B+"/worktype", e.Key, map[string]any{"name": "Barista"}).Expect(t, 200).Map(t)["id"])
		line := func(emp int64, day int, loc int64, brk bool) int64 {
			body := map[string]any{"employeeId": emp, "startTime": fmt.Sprintf("2026-11-%02dT09:00:00", day), "endTime": fmt.Sprintf("2026-11-%02dT17:00:00", day),
				"locationId": loc, "workTypeId": barista, "comments": "shift"}
			if brk {
				body["breaks"] = []any{map[string]any{"startTime": fmt.Sprintf("2026-11-%02dT12:00:00", day), "endTime": fmt.Sprintf("2026-11-%02dT12:30:00", day)}}
			}
			return num(t, e.Do("POST", e.B+"/timesheet", e.Key, body).Expect(t, 200).Map(t)["id"])
		}
		annLine := line(e.ann, 16, e.sydney, true)
		bobLine := line(e.bob, 17, e.melbourne, false)
		shift := func(emp int64, start, end string) int64 {
			return num(t, e.Do("POST", e.B+"/rostershift?publish=true", e.Key, map[string]any{"employeeId": emp, "startTime": start, "endTime": end,
				"locationId": e.sydney, "workTypeId": barista}).Expect(t, 200).Map(t)["id"])
		}
		annShift := shift(e.ann, "2026-11-16T09:00:00", "2026-11-16T16:00:00") // rostered 7h, worked 7.5h
		lonely := shift(e.ann, "2026-11-19T09:00:00", "2026-11-19T13:00:00")   // rostered, not worked
		m := payroll.MustMoney

		// Timesheet report: durations, breaks, costs at the employee's rate.
		ts := rows(t, e.Do("GET", e.B+"/report/timesheet?fromDate=2026-11-01&toDate=2026-11-30&includeCosts=true", e.Key, nil))
		if len(ts) != 2 || ts[0]["id"] != json.Number(fmt.Sprint(annLine)) || ts[1]["id"] != json.Number(fmt.Sprint(bobLine)) {
			t.Fatalf("timesheet report %v", ts)
		}
		a := ts[0]
		if a["duration"] != "08:00:00" || a["durationExcludingBreaks"] != "07:30:00" || a["breakDuration"] != "00:30:00" || a["numberOfBreaks"] != json.Number("1") ||
			a["workType"] != "Barista" || a["location"] != "Sydney" || a["startTime"] != "09:00" || a["status"] != "Submitted" || len(a["breaks"].([]any)) != 1 {
			t.Fatalf("ann's line %v", a)
		}
		eqMoney(t, "ann units", a["units"], m("7.5"))
		eqMoney(t, "ann cost", a["totalCost"], m("263.43")) // 7.5h x 35.1234 = 263.4255
		eqMoney(t, "bob cost", ts[1]["gross"], m("369.64")) // 8h x 91,300 / 52 / 38 = 369.6356
		if a["payg"] != nil || a["netEarnings"] != nil {
			t.Fatalf("per-line tax figures are not computed: %v", a)
		}
		if plain := rows(t, e.Do("GET", e.B+"/report/timesheet?fromDate=2026-11-01&toDate=2026-11-30", e.Key, nil)); plain[0]["totalCost"] != nil {
			t.Fatalf("costs without includeCosts %v", plain[0])
		}
		for q, n := range map[string]int{"statuses=Approved": 0, "statuses=Submitted&statuses=Approved": 2, "locationId=" + fmt.Sprint(e.melbourne): 1,
			"employeeId=" + fmt.Sprint(e.ann): 1, "fromDate=2026-11-17&toDate=2026-11-17": 1, "workTypeId=" + fmt.Sprint(barista): 2} {
			if got := rows(t, e.Do("GET", e.B+"/report/timesheet?"+q, e.Key, nil)); len(got) != n {
				t.Errorf("timesheet %s: %d rows, want %d", q, len(got), n)
			}
		}
		carol := e.restricted(t)
		if got := rows(t, e.Do("GET", e.B+"/report/timesheet", carol, nil)); len(got) != 1 || got[0]["employeeId"] != json.Number(fmt.Sprint(e.ann)) {
			t.Fatalf("restricted timesheet report %v", got)
		}

		// Roster against timesheets: Ann's shift beside her line, her
		// unworked shift alone, Bob's line alone.
		cmp := rows(t, e.Do("GET", e.B+"/report/rostertimesheetcomparison?fromDate=2026-11-16&toDate=2026-11-22&includeCosts=true", e.Key, nil))
		if len(cmp) != 3 {
			t.Fatalf("comparison %v", cmp)
		}
		pair, alone, bob := cmp[0], cmp[1], cmp[2]
		if pair["rosteredId"] != json.Number(fmt.Sprint(annShift)) || pair["timesheetId"] != json.Number(fmt.Sprint(annLine)) || pair["timeVariance"] != "00:30:00" ||
			pair["rosteredDuration"] != "07:00:00" || pair["timesheetDuration"] != "07:30:00" || pair["rosteredStatus"] != "Published" || pair["employmentType"] != "FullTime" {
			t.Fatalf("pair %v", pair)
		}
		eqMoney(t, "rostered cost", pair["rosteredCost"], m("245.86")) // 7h x 35.1234 = 245.8638
		eqMoney(t, "cost variance", pair["costVariance"], m("17.57"))  // 263.43 - 245.86
		if alone["rosteredId"] != json.Number(fmt.Sprint(lonely)) || alone["timesheetId"] != nil || alone["timeVariance"] != "-04:00:00" {
			t.Fatalf("unworked shift %v", alone)
		}
		if bob["rosteredId"] != nil || bob["timesheetId"] != json.Number(fmt.Sprint(bobLine)) || bob["employeeId"] != json.Number(fmt.Sprint(e.bob)) {
			t.Fatalf("unrostered line %v", bob)
		}
		if got := rows(t, e.Do("GET", e.B+"/report/rostertimesheetcomparison?fromDate=2026-11-16&toDate=2026-11-22", carol, nil)); len(got) != 2 {
			t.Fatalf("restricted comparison %v", got)
		}
		if got := rows(t, e.Do("GET", e.B+"/report/rostertimesheetcomparison?fromDate=2026-11-16&toDate=2026-11-22&rosterStatuses=Unpublished&employmentTypeId=5", e.Key, nil)); len(got) != 0 {
			t.Fatalf("no casuals: %v", got)
		}

		// No swap was proposed in this business: the report is empty (swaps
		// proposed through self-service show in rosterapi's ess3_test.go), and
		// filters are checked.
		if got := rows(t, e.Do("GET", e.B+"/report/shiftswapping?statuses=Created&includeCosts=true", e.Key, nil)); len(got) != 0 {
			t.Fatalf("swaps %v", got)
		}

		C := e.B + "/report/rostertimesheetcomparison"
		T := e.B + "/report/timesheet"
		S := e.B + "/report/shiftswapping"
		e.RunCases(t, []testkit.Case{
			{Name: "timesheet bad status", Method: "GET", Path: T + "?statuses=Done", Key: e.Key, Status: 400, Field: "statuses"},
			{Name: "timesheet bad fromDate", Method: "GET", Path: T + "?fromDate=x", Key: e.Key, Status: 400, Field: "fromDate"},
			{Name: "timesheet dates reversed", Method: "GET", Path: T + "?fromDate=2026-11-02&toDate=2026-11-01", Key: e.Key, Status: 400, Field: "toDate"},
			{Name: "timesheet anonymous", Method: "GET", Path: T, Status: 401},
			{Name: "timesheet other tenant", Method: "GET", Path: T, Key: e.OtherKey, Status: 404},
			{Name: "comparison without dates", Method: "GET", Path: C, Key: e.Key, Status: 400, Field: "fromDate"},
			{Name: "comparison bad roster status", Method: "GET", Path: C + "?fromDate=2026-11-01&toDate=2026-11-02&rosterStatuses=Maybe", Key: e.Key, Status: 400, Field: "rosterStatuses"},
			{Name: "comparison bad employment type", Method: "GET", Path: C + "?fromDate=2026-11-01&toDate=2026-11-02&employmentTypeId=99", Key: e.Key, Status: 400, Field: "employmentTypeId"},
			{Name: "comparison anonymous", Method: "GET", Path: C, Status: 401},
			{Name: "comparison other tenant", Method: "GET", Path: C + "?fromDate=2026-11-01&toDate=2026-11-02", Key: e.OtherKey, Status: 404},
			{Name: "swaps bad status", Method: "GET", Path: S + "?statuses=Open", Key: e.Key, Status: 400, Field: "statuses"},
			{Name: "swaps dates reversed", Method: "GET", Path: S + "?fromDate=2026-11-02&toDate=2026-11-01", Key: e.Key, Status: 400, Field: "toDate"},
			{Name: "swaps anonymous", Method: "GET", Path: S, Status: 401},
			{Name: "swaps other tenant", Method: "GET", Path: S, Key: e.OtherKey, Status: 404},
		})
	})
}

func TestEmployeeDetailsReport(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		fields := rows(t, e.Do("GET", e.B+"/report/employeedetails/fields", e.Key, nil))
		values := map[any]bool{}
		for _, f := range fields {
			values[f["value"]] = true
		}
		if !values["firstName"] || !values["startDate"] || values["taxFileNumber"] {
			t.Fatalf("fields %v", fields)
		}
		got := rows(t, e.Do("GET", e.B+"/report/employeedetails?selectedColumns=firstName&selectedColumns=StartDate,rate&selectedColumns=australianResident", e.Key, nil))
		if len(got) != 2 || got[0]["firstName"] != "Ann" || got[0]["startDate"] != "2025-07-01T00:00:00" || got[0]["australianResident"] != true || len(got[0]) != 4 {
			t.Fatalf("employee details %v", got)
		}
		eqMoney(t, "bob rate", got[1]["rate"], payroll.MustMoney("91300"))
		post := rows(t, e.Do("POST", e.B+"/report/employeedetails", e.Key, map[string]any{"selectedColumns": []string{"surname", "primaryLocation"}, "locationId": e.melbourne}))
		if len(post) != 1 || post[0]["primaryLocation"] != "Melbourne" || len(post[0]) != 2 {
			t.Fatalf("posted employee details %v", post)
		}
		if none := rows(t, e.Do("POST", e.B+"/report/employeedetails", e.Key, map[string]any{"includeActive": false})); len(none) != 0 {
			t.Fatalf("no terminated employees: %v", none)
		}
		if def := rows(t, e.Do("GET", e.B+"/report/employeedetails", e.restricted(t), nil)); len(def) != 1 || def[0]["employeeId"] != json.Number(fmt.Sprint(e.ann)) || def[0]["status"] != "Active" {
			t.Fatalf("restricted default columns %v", def)
		}
		R := e.B + "/report/employeedetails"
		e.RunCases(t, []testkit.Case{
			{Name: "unknown column", Method: "GET", Path: R + "?selectedColumns=taxFileNumber", Key: e.Key, Status: 400, Field: "selectedColumns"},
			{Name: "post unknown column", Method: "POST", Path: R, Key: e.Key, Body: map[string]any{"selectedColumns": []string{"salary"}}, Status: 400, Field: "selectedColumns"},
			{Name: "anonymous", Method: "GET", Path: R, Status: 401},
			{Name: "other tenant", Method: "GET", Path: R, Key: e.OtherKey, Status: 404},
			{Name: "fields other tenant", Method: "GET", Path: R + "/fields", Key: e.OtherKey, Status: 404},
			{Name: "post other tenant", Method: "POST", Path: R, Key: e.OtherKey, Body: map[string]any{}, Status: 404},
		})
	})
}

// sheetAt is worksheet n (1-based) of a workbook, as sheet reads the first.
func sheetAt(t *testing.T, data []byte, n int) []map[string]string {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, f := range z.File {
		name := f.Name
		switch name {
		case fmt.Sprintf("xl/worksheets/sheet%d.xml", n):
			name = "xl/worksheets/sheet1.xml"
		case "xl/worksheets/sheet1.xml":
			name = "xl/worksheets/moved.xml"
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(rc)
		rc.Close()
		out, _ := w.Create(name)
		out.Write(body)
	}
	w.Close()
	return sheet(t, buf.Bytes())
}

func sheetNames(t *testing.T, data []byte) string {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range z.File {
		if f.Name == "xl/workbook.xml" {
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			return string(b)
		}
	}
	return ""
}

func TestPayRunSpreadsheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		// The second run: standard pay only (no bonus, deductions, expenses).
		e.Do("POST", fmt.Sprintf("%s/payrun/%d/finalise", e.B, e.draft), e.Key, map[string]any{}).Expect(t, 200)
		g2n := func(run int64) map[string]any {
			return byEmployee(t, rows(t, e.Do("GET", fmt.Sprintf("%s/report/grosstonet?filterType=PayRun&payRunId=%d", e.B, run), e.Key, nil)), e.ann)
		}
		first, second := g2n(e.run), g2n(e.draft)
		x := func(v any) payroll.Money { return payroll.MustMoney(fmt.Sprint(v)) }
		gross1, gross2 := x(first["totalGrossEarnings"]), x(second["totalGrossEarnings"])
		if !gross1.Sub(gross2).Equal(payroll.MustMoney("100")) {
			t.Fatalf("the bonus is the difference: %s vs %s", gross1, gross2)
		}

		for _, path := range []string{"xlsx", "xlxs"} {
			v := e.Do("GET", fmt.Sprintf("%s/report/payrunvariance/%s?payRunId1=%d&payRunId2=%d&highlightVariancePercentage=5", e.B, path, e.run, e.draft), e.Key, nil).Expect(t, 200)
			s := sheet(t, v.Body)
			a := fmt.Sprint(e.ann)
			if len(s) != 3 {
				t.Fatalf("variance rows %v", s)
			}
			eqMoney(t, "gross 1", cellNum(t, s, a, "Gross 1"), gross1)
			eqMoney(t, "gross variance", cellNum(t, s, a, "Gross Variance"), payroll.MustMoney("-100"))
			// -100 / gross1 x 100, to 2 places.
			pct := payroll.RateFromInt(-10000).Div(payroll.RateFromDecimal(gross1.Decimal())).RoundHalfUp(2)
			eqMoney(t, "gross variance %", cellNum(t, s, a, "Gross Variance %"), payroll.MustMoney(pct.String()))
			eqMoney(t, "net variance", cellNum(t, s, a, "Net Variance"), x(second["netEarnings"]).Sub(x(first["netEarnings"])))
			if cell(t, s, a, "Highlighted") != "1" || cell(t, s, fmt.Sprint(e.bob), "Highlighted") != "0" {
				t.Fatalf("highlighting %v", s)
			}
		}
		only := sheet(t, e.Do("GET", fmt.Sprintf("%s/report/payrunvariance/xlsx?payRunId1=%d&payRunId2=%d&onlyShowVariances=true", e.B, e.run, e.draft), e.Key, nil).Expect(t, 200).Body)
		if len(only) != 2 || only[1]["A"] != fmt.Sprint(e.ann) {
			t.Fatalf("only variances %v", only)
		}
		periods := sheet(t, e.Do("GET", e.B+"/report/payrunvariance/xlsx?comparisonType=PayPeriods&payPeriodFrom1=2026-11-14&payPeriodTo1=2026-11-20&payPeriodFrom2=2026-11-21&payPeriodTo2=2026-11-27", e.Key, nil).Expect(t, 200).Body)
		eqMoney(t, "periods gross variance", cellNum(t, periods, fmt.Sprint(e.ann), "Gross Variance"), payroll.MustMoney("-100"))

		// The audit workbook of the first run.
		au := e.Do("GET", fmt.Sprintf("%s/report/payrunaudit/%d/xlsx", e.B, e.run), e.Key, nil).Expect(t, 200)
		sum := sheet(t, au.Body)
		if cell(t, sum, "Status", "Value") != "Finalised" || cell(t, sum, "Date Paid", "Value") != "2026-11-20T00:00:00" || cell(t, sum, "Employees", "Value") != "2" {
			t.Fatalf("summary %v", sum)
		}
		eqMoney(t, "summary gross", cellNum(t, sum, "Gross Earnings", "Value"), gross1.Add(x(byEmployee(t, rows(t, e.Do("GET", fmt.Sprintf("%s/report/grosstonet?filterType=PayRun&payRunId=%d", e.B, e.run), e.Key, nil)), e.bob)["totalGrossEarnings"])))
		emps := sheetAt(t, au.Body, 3)
		eqMoney(t, "ann gross", cellNum(t, emps, fmt.Sprint(e.ann), "Gross"), gross1)
		lines := sheetAt(t, au.Body, 4)
		found := false
		for _, r := range lines[1:] {
			if r["A"] == fmt.Sprint(e.ann) && r["D"] == "Union fees" {
				eqMoney(t, "union line", json.Number(r["G"]), payroll.MustMoney("12.5"))
				found = true
			}
		}
		if !found {
			t.Fatalf("lines %v", lines)
		}
		per := e.Do("GET", fmt.Sprintf("%s/report/payrunaudit/%d/xlxs?singleEmployeeWorksheet=true", e.B, e.run), e.Key, nil).Expect(t, 200)
		if names := sheetNames(t, per.Body); !strings.Contains(names, fmt.Sprintf(`name="%d Ann Test"`, e.ann)) || !strings.Contains(names, fmt.Sprintf(`name="%d Bob Test"`, e.bob)) {
			t.Fatalf("one worksheet per employee: %s", names)
		}
		carol := e.restricted(t)
		if s := sheetAt(t, e.Do("GET", fmt.Sprintf("%s/report/payrunaudit/%d/xlsx", e.B, e.run), carol, nil).Expect(t, 200).Body, 3); len(s) != 3 || s[1]["A"] != fmt.Sprint(e.ann) || s[2]["A"] != "Total" || s[2]["G"] != s[1]["G"] {
			t.Fatalf("restricted audit %v", s)
		}

		A := fmt.Sprintf("%s/report/payrunaudit/%d/xlsx", e.B, e.run)
		V := e.B + "/report/payrunvariance/xlsx"
		e.RunCases(t, []testkit.Case{
			{Name: "audit absent run", Method: "GET", Path: e.B + "/report/payrunaudit/999999/xlsx", Key: e.Key, Status: 404},
			{Name: "audit anonymous", Method: "GET", Path: A, Status: 401},
			{Name: "audit other tenant", Method: "GET", Path: A, Key: e.OtherKey, Status: 404},
			{Name: "variance without runs", Method: "GET", Path: V, Key: e.Key, Status: 400, Field: "payRunId1"},
			{Name: "variance bad comparison", Method: "GET", Path: V + "?comparisonType=Years", Key: e.Key, Status: 400, Field: "comparisonType"},
			{Name: "variance periods missing", Method: "GET", Path: V + "?comparisonType=PayPeriods&payPeriodFrom1=2026-11-01", Key: e.Key, Status: 400, Field: "payPeriodFrom1"},
			{Name: "variance bad date", Method: "GET", Path: V + "?comparisonType=PayPeriods&payPeriodTo2=x", Key: e.Key, Status: 400, Field: "payPeriodTo2"},
			{Name: "variance bad highlight", Method: "GET", Path: V + "?highlightVariancePercentage=lots", Key: e.Key, Status: 400, Field: "highlightVariancePercentage"},
			{Name: "variance absent run", Method: "GET", Path: fmt.Sprintf("%s?payRunId1=%d&payRunId2=999999", V, e.run), Key: e.Key, Status: 404},
			{Name: "variance anonymous", Method: "GET", Path: V, Status: 401},
			{Name: "variance other tenant", Method: "GET", Path: fmt.Sprintf("%s?payRunId1=%d&payRunId2=%d", V, e.run, e.draft), Key: e.OtherKey, Status: 404},
		})
	})
}

// cellNum is a numeric cell as a JSON number, for eqMoney.
func cellNum(t *testing.T, s []map[string]string, key, name string) json.Number {
	t.Helper()
	return json.Number(cell(t, s, key, name))
}

func TestLeaveLiabilityPreparation(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		annual := num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Prepared Annual", "leaveLoading": 17.5}).Expect(t, 200).Map(t)["id"])
		err := e.DB.InTx(context.Background(), func(q *store.Queries) error {
			return e.App.Leave.SetOpening(context.Background(), q, e.Biz, e.ann, annual, payroll.MustRate("40"), time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC))
		})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := e.StartJobs(ctx)
		t.Cleanup(func() { cancel(); <-done })

		P := e.B + "/report/leaveliability/preparation"
		st := e.Do("POST", P, e.Key, map[string]any{"asAtDate": "2026-11-02T00:00:00", "leaveTypeIds": []int64{annual}}).Expect(t, 200).Map(t)
		id, _ := st["jobId"].(string)
		if len(id) != 36 || st["status"] != "Queued" {
			t.Fatalf("preparation %v", st)
		}
		deadline := time.Now().Add(60 * time.Second)
		for {
			st = e.Do("POST", P, e.Key, map[string]any{"jobId": id}).Expect(t, 200).Map(t)
			if st["status"] == "Complete" {
				break
			}
			if st["status"] == "Failed" || time.Now().After(deadline) {
				t.Fatalf("job %v", st)
			}
			time.Sleep(100 * time.Millisecond)
		}
		if st["employeesTotal"] != float64(2) || st["employeesDone"] != float64(2) {
			t.Fatalf("progress %v", st)
		}
		// The prepared rows are the report's own.
		prepared := e.Do("GET", e.B+"/report/leaveliability?jobId="+id, e.Key, nil).Expect(t, 200).Body
		direct := e.Do("GET", fmt.Sprintf("%s/report/leaveliability?asAtDate=2026-11-02&leaveTypeIds=%d", e.B, annual), e.Key, nil).Expect(t, 200).Body
		if !bytes.Equal(prepared, direct) {
			t.Fatalf("prepared %s\ndirect %s", prepared, direct)
		}
		rs := rows(t, e.Do("GET", e.B+"/report/leaveliability?jobId="+id, e.Key, nil))
		if len(rs) != 1 {
			t.Fatalf("prepared rows %v", rs)
		}
		eqMoney(t, "prepared value", rs[0]["leaveValue"], payroll.MustMoney("1404.94")) // 40h x 35.1234
		s := sheet(t, e.Do("GET", e.B+"/report/leaveliability/xlsx?jobId="+id, e.Key, nil).Expect(t, 200).Body)
		eqMoney(t, "prepared sheet", cellNum(t, s, fmt.Sprint(e.ann), "Leave Value"), payroll.MustMoney("1404.94"))

		carol := e.restricted(t)
		e.RunCases(t, []testkit.Case{
			{Name: "another user's job", Method: "GET", Path: e.B + "/report/leaveliability?jobId=" + id, Key: carol, Status: 404},
			{Name: "another user's job status", Method: "POST", Path: P, Key: carol, Body: map[string]any{"jobId": id}, Status: 404},
			{Name: "unknown job", Method: "GET", Path: e.B + "/report/leaveliability?jobId=00000000-0000-4000-8000-000000000000", Key: e.Key, Status: 404},
			{Name: "other tenant's job", Method: "POST", Path: P, Key: e.OtherKey, Body: map[string]any{"jobId": id}, Status: 404},
			{Name: "bad asAtDate", Method: "POST", Path: P, Key: e.Key, Body: map[string]any{"asAtDate": "soon"}, Status: 400, Field: "asAtDate"},
			{Name: "bad groupBy", Method: "POST", Path: P, Key: e.Key, Body: map[string]any{"groupBy": "Region"}, Status: 400, Field: "groupBy"},
			{Name: "draft pay run", Method: "POST", Path: P, Key: e.Key, Body: map[string]any{"filterType": "PayRun", "payRunId": e.draft}, Status: 404},
			{Name: "anonymous", Method: "POST", Path: P, Body: map[string]any{}, Status: 401},
			{Name: "other tenant", Method: "POST", Path: P, Key: e.OtherKey, Body: map[string]any{}, Status: 404},
		})
	})
}

func TestDocumentAcknowledgementsReport(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		upload := func(q string, name string) int64 {
			r := e.UploadFiles(e.B+"/document"+q, e.Key, testkit.File{Name: name, ContentType: "text/plain", Data: []byte("read me")}).Expect(t, 200)
			var docs []map[string]any
			r.JSON(t, &docs)
			return int64(docs[0]["id"].(float64))
		}
		everyone := upload("?visibleToAll=true", "handbook.txt")
		melbourne := upload("", "melbourne.txt")
		upload("?visibleToAll=true", "noack.txt") // no acknowledgement asked: not reported
		for id, body := range map[int64]map[string]any{everyone: {"requiresEmployeeAcknowledgement": true},
			melbourne: {"locations": []int64{e.melbourne}, "requiresEmployeeAcknowledgement": true}} {
			e.Do("PUT", fmt.Sprintf("%s/document/%d", e.B, id), e.Key, body).Expect(t, 200)
		}
		R := e.B + "/report/documentAcknowledgements"
		all := rows(t, e.Do("GET", R, e.Key, nil))
		if len(all) != 3 || all[0]["documentName"] != "handbook.txt" || all[2]["documentName"] != "melbourne.txt" ||
			all[2]["employeeId"] != json.Number(fmt.Sprint(e.bob)) || all[2]["status"] != "NotAcknowledged" || all[2]["locationName"] != "Melbourne" {
			t.Fatalf("acknowledgements %v", all)
		}
		for q, n := range map[string]int{"?documentId=" + fmt.Sprint(melbourne): 1, "?documentStatus=1": 0, "?documentStatus=2": 3,
			"?employeeIds=" + fmt.Sprint(e.ann): 1, "?locationId=" + fmt.Sprint(e.sydney): 1} {
			if got := rows(t, e.Do("GET", R+q, e.Key, nil)); len(got) != n {
				t.Errorf("%s: %d rows, want %d", q, len(got), n)
			}
		}
		if got := rows(t, e.Do("GET", R, e.restricted(t), nil)); len(got) != 1 || got[0]["employeeId"] != json.Number(fmt.Sprint(e.ann)) {
			t.Fatalf("restricted %v", got)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "bad status", Method: "GET", Path: R + "?documentStatus=7", Key: e.Key, Status: 400, Field: "documentStatus"},
			{Name: "anonymous", Method: "GET", Path: R, Status: 401},
			{Name: "other tenant", Method: "GET", Path: R, Key: e.OtherKey, Status: 404},
		})
	})
}
