package ukapi_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestUKBenefitsP11D: benefits in kind of two employees in 2026/27, the
// P11D return built from them, its XML, publication and PDFs, and the
// P46(Car) report. Expected figures (appropriate percentages: ITEPA 2003
// s.139 for 2026/27 as p11d.CarPercentage documents: bands from 75 g/km
// one point over 2024/25, bands under 75 g/km two points;
// Class 1A 15%, payroll-rules-2026-27.md; 2026/27 has 365 days):
//   - Mary's petrol car, 112 g/km: 15% + (112-50)/5 = 12 -> 27% + 1 = 28%.
//     Price £30,000 + £1,000 accessories - capital contribution £6,000
//     capped at £5,000 = £26,000; x 28% = £7,280 a year; available 6 April
//     to 30 September 2026 = 25+31+30+31+31+30 = 178 days: 7,280 x 178/365
//     = £3,550.25, less £300 paid for private use = £3,250.25 -> £3,250 (F).
//   - Mary's medical insurance £1,200.50 less £0.30 made good = £1,200 (I,
//     Class 1A); vouchers £250 (C, Class 1: not Class 1A); the payrolled gym
//     membership is left off the P11D.
//   - Olive's electric car (0 g/km: 2% + 2 = 4%) list price £40,000 from 6
//     October 2026: 26+30+31+31+28+31+5 = 182 days: 1,600 x 182/365 =
//     £797.81 -> £797 (F); relocation £9,500 - £8,000 exemption = £1,500 (J).
//   - P11D totals: Mary 3,250 + 1,200 + 250 = £4,700 (Class 1A £4,450),
//     Olive 797 + 1,500 = £2,297 (all Class 1A): £6,997; Class 1A on the
//     P11Ds £6,747 + £515 payrolled (a finalised run's P/benefits lines:
//     £500 written in, and £15.00 the run itself payrolled for the gym
//     since ukbenefits60 — weekly, paid 1 July 2026 = tax week 13, £600 ÷
//     (52 − 13 + 1 = 40) paydays = £15.00; was £500 only when the run did
//     not payroll) = £7,262 x 15% = £1,089.30 Class 1A NIC (was £1,087.05).
func TestUKBenefitsP11D(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		OE := fmt.Sprintf("%s/employee/%d", e.B, e.other)
		cat := func(body map[string]any) int64 {
			return int64(num(t, e.Do("POST", e.B+"/benefitcategory", key, body).Expect(t, 200).Map(t)["id"]))
		}
		e.Do("PUT", e.B+"/benefitcategory/processingoptions", key, map[string]any{"isP11dBenefitsEnabled": true, "isPayrollingBenefitsEnabled": true,
			"registeredFromTaxYear": 2026}).Expect(t, 200)
		petrol := cat(map[string]any{"name": "Focus AB12CDE", "benefitType": "CarsAndCarFuel", "car": map[string]any{"registrationNumber": "AB12CDE",
			"makeAndModel": "Ford Focus", "dateRegistered": "2025-03-01T00:00:00", "fuelType": "Other", "approvedCO2Emissions": 112}})
		electric := cat(map[string]any{"name": "Model 3 EV26ABC", "benefitType": "CarsAndCarFuel", "car": map[string]any{"registrationNumber": "EV26ABC",
			"makeAndModel": "Tesla Model 3", "dateRegistered": "2026-09-01T00:00:00", "fuelType": "Electric"}})
		medical := cat(map[string]any{"name": "Medical", "benefitType": "PrivateMedicalTreatmentOrInsurance"})
		vouchers := cat(map[string]any{"name": "Vouchers", "benefitType": "VouchersAndCreditCards"})
		reloc := cat(map[string]any{"name": "Relocation", "benefitType": "QualifyingRelocationExpenses"})
		gym := cat(map[string]any{"name": "Gym", "benefitType": "OtherItems1A", "payrollingBenefit": true})

		ben := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", path+"/benefit", key, body).Expect(t, 200).Map(t)["id"]))
		}
		maryCar := ben(e.E, map[string]any{"benefitCategoryId": petrol, "startDate": "2026-04-06T00:00:00", "carListPrice": 30000,
			"carOptionalAccessories": 1000, "carCapitalContribution": 6000, "amountMadeGood": 300})
		medicalID := ben(e.E, map[string]any{"benefitCategoryId": medical, "startDate": "2026-01-01T00:00:00", "cost": 1200.50, "amountMadeGood": 0.30})
		ben(e.E, map[string]any{"benefitCategoryId": vouchers, "startDate": "2026-12-01T00:00:00", "endDate": "2026-12-01T00:00:00", "cost": 250})
		ben(e.E, map[string]any{"benefitCategoryId": gym, "startDate": "2026-04-06T00:00:00", "cost": 600})
		oliveCar := ben(OE, map[string]any{"benefitCategoryId": electric, "startDate": "2026-10-06T00:00:00", "carListPrice": 40000})
		ben(OE, map[string]any{"benefitCategoryId": reloc, "startDate": "2026-05-01T00:00:00", "endDate": "2026-05-31T00:00:00", "cost": 9500})
		// Provided before the tax year only: not on the 2026/27 P11D.
		ben(OE, map[string]any{"benefitCategoryId": medical, "startDate": "2025-06-01T00:00:00", "endDate": "2026-04-05T00:00:00", "cost": 999})
		// The car is withdrawn at the end of September.
		upd := e.Do("PUT", fmt.Sprintf("%s/benefit/%d", e.E, maryCar), key, map[string]any{"benefitCategoryId": petrol, "startDate": "2026-04-06T00:00:00",
			"endDate": "2026-09-30T00:00:00", "carListPrice": 30000, "carOptionalAccessories": 1000, "carCapitalContribution": 6000, "amountMadeGood": 300}).Expect(t, 200).Map(t)
		if upd["endDate"] != "2026-09-30T00:00:00" || num(t, upd["carListPrice"]) != 30000 || upd["benefitType"] != "CarsAndCarFuel" || upd["benefitCategoryName"] != "Focus AB12CDE" {
			t.Fatalf("updated car %v", upd)
		}
		var list []map[string]any
		e.Do("GET", e.E+"/benefit", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 4 || list[0]["benefitCategoryId"] != float64(medical) || list[1]["carListPrice"] != nil && list[1]["benefitType"] != "CarsAndCarFuel" {
			t.Fatalf("benefits %v", list)
		}
		// £500 of the payrolled gym benefit on a finalised pay run.
		run := e.run(t, "2026-07-01")
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run), key, nil).Expect(t, 200)
		if _, err := d.W.ExecContext(context.Background(), `INSERT INTO pay_run_lines (business_id, pay_run_id, employee_id, kind, category_id, category_name,
			units, rate, amount, tax_exempt, notes, external_id, location_id, user_entered) VALUES ($1, $2, $3, 'benefit', $4, 'Gym', '', '', 50000, false, '', '', 0, false)`,
			e.Biz, int64(num(t, run)), e.emp, gym); err != nil {
			t.Fatal(err)
		}

		ret := e.Do("POST", e.B+"/report/p11d", key, map[string]any{"taxYear": "2026/27"}).Expect(t, 200).Map(t)
		want := map[string]float64{"totalBenefits": 6997, "class1ABenefitsOnP11D": 6747, "payrolledClass1ABenefits": 515, "totalClass1ABenefits": 7262,
			"class1ANic": 1089.30, "class1ARatePercent": 15, "financialYearEnding": 2027}
		for k, v := range want {
			if num(t, ret[k]) != v {
				t.Errorf("p11d %s = %v, want %v", k, ret[k], v)
			}
		}
		emps := ret["employees"].([]any)
		if len(emps) != 2 || ret["isPublished"] != false || ret["taxYear"] != "2026/27" {
			t.Fatalf("p11d %v", ret)
		}
		sections := func(i int) map[string]float64 {
			out := map[string]float64{}
			for _, s := range emps[i].(map[string]any)["sections"].([]any) {
				sm := s.(map[string]any)
				out[sm["section"].(string)] = num(t, sm["cashEquivalent"])
			}
			return out
		}
		if s := sections(0); len(s) != 3 || s["F"] != 3250 || s["I"] != 1200 || s["C"] != 250 {
			t.Errorf("mary's sections %v", s)
		}
		if s := sections(1); len(s) != 2 || s["F"] != 797 || s["J"] != 1500 {
			t.Errorf("olive's sections %v", s)
		}
		mary := emps[0].(map[string]any)
		if num(t, mary["totalCashEquivalent"]) != 4700 || num(t, mary["class1ABenefits"]) != 4450 || mary["employee"].(map[string]any)["employeeId"] != float64(e.emp) {
			t.Errorf("mary %v", mary)
		}
		car := mary["sections"].([]any)[1].(map[string]any)["items"].([]any)[0].(map[string]any)["car"].(map[string]any)
		if num(t, car["appropriatePercentage"]) != 28 || num(t, car["price"]) != 26000 || num(t, car["daysAvailable"]) != 178 || num(t, car["capitalContribution"]) != 5000 {
			t.Errorf("car figures %v", car)
		}

		x := e.Do("POST", e.B+"/report/p11d/xml", key, map[string]any{"taxYear": "2026"}).Expect(t, 200)
		for _, s := range []string{"<Class1ANIC>1089.30</Class1ANIC>", `<Section code="F" title="Cars and car fuel">3250</Section>`, "<TotalClass1ABenefits>7262.00</TotalClass1ABenefits>"} {
			if !strings.Contains(string(x.Body), s) {
				t.Errorf("xml lacks %s:\n%s", s, x.Body)
			}
		}
		P := e.E + "/hmrcforms/p11ddownload/2026-27"
		pdf := e.Do("GET", P, key, nil).Expect(t, 200)
		if !bytes.HasPrefix(pdf.Body, []byte("%PDF")) || pdf.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("p11d pdf %q", pdf.Header.Get("Content-Type"))
		}
		if again := e.Do("GET", P, key, nil).Expect(t, 200); !bytes.Equal(again.Body, pdf.Body) {
			t.Error("P11D PDF is not deterministic")
		}

		// P46(Car): Mary's car made available in Q1 and withdrawn in Q2,
		// Olive's made available in Q3 (6 October; today, 2 November 2026, is in Q3).
		var rows []map[string]any
		e.Do("GET", e.B+"/report/p46car?taxYear=2026", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 3 || rows[0]["event"] != "Available" || rows[1]["event"] != "Withdrawn" || rows[1]["date"] != "2026-09-30T00:00:00" ||
			num(t, rows[1]["quarter"]) != 2 || rows[2]["makeAndModel"] != "Tesla Model 3" || num(t, rows[2]["listPrice"]) != 40000 || num(t, rows[2]["approvedCO2Emissions"]) != 0 ||
			rows[2]["fuelType"] != "Electric" || rows[0]["registrationNumber"] != "AB12CDE" || num(t, rows[0]["approvedCO2Emissions"]) != 112 {
			t.Fatalf("p46car year %v", rows)
		}
		e.Do("GET", e.B+"/report/p46car?taxYear=2026/27&quarter=2", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 1 || rows[0]["id"] != fmt.Sprintf("%d-Withdrawn", maryCar) {
			t.Fatalf("p46car q2 %v", rows)
		}
		e.Do("GET", e.B+"/report/p46car", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 1 || num(t, rows[0]["benefitId"]) != float64(oliveCar) || num(t, rows[0]["quarter"]) != 3 || rows[0]["employeeName"] != "Olive Leave" {
			t.Fatalf("p46car current quarter %v", rows)
		}
		e.Do("POST", e.B+"/report/p46car/ignore", key, map[string]any{"rows": []any{map[string]any{"benefitId": oliveCar, "event": "Available"}}}).Expect(t, 200)
		e.Do("POST", e.B+"/report/p46car/ignore", key, map[string]any{"rows": []any{map[string]any{"benefitId": oliveCar, "event": "Available"}}}).Expect(t, 200)
		e.Do("GET", e.B+"/report/p46car", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("ignored row still listed %v", rows)
		}
		e.Do("GET", e.B+"/report/p46car?includeIgnored=true", key, nil).Expect(t, 200).JSON(t, &rows)
		if len(rows) != 1 || rows[0]["isIgnored"] != true {
			t.Fatalf("includeIgnored %v", rows)
		}

		// Publishing waits for the end of the tax year; a rebuild unpublishes.
		testkit.ExpectProblem(t, e.Do("POST", e.B+"/report/p11d/publish", key, map[string]any{"taxYear": "2026"}), 409, "")
		e.Clock.Advance(time.Date(2027, 4, 10, 9, 0, 0, 0, time.UTC).Sub(e.Clock.Now()))
		if p := e.Do("POST", e.B+"/report/p11d/publish", key, map[string]any{"taxYear": "2026"}).Expect(t, 200).Map(t); p["isPublished"] != true || p["publishedAt"] != "2027-04-10T09:00:00" {
			t.Fatalf("publish %v", p)
		}
		if r := e.Do("POST", e.B+"/report/p11d", key, map[string]any{"taxYear": "2026"}).Expect(t, 200).Map(t); r["isPublished"] != false || num(t, r["class1ANic"]) != 1089.30 {
			t.Fatalf("rebuilt %v", r)
		}
		// A car without an approved CO2 figure is not computed.
		old := cat(map[string]any{"name": "Old car", "benefitType": "CarsAndCarFuel", "car": map[string]any{"makeAndModel": "Rover 75",
			"dateRegistered": "2001-03-01T00:00:00", "fuelType": "Other", "noApprovedCO2Figure": true, "engineSize": "Between1401And2000"}})
		oldID := ben(OE, map[string]any{"benefitCategoryId": old, "startDate": "2026-06-01T00:00:00", "carListPrice": 18000})
		testkit.ExpectProblem(t, e.Do("POST", e.B+"/report/p11d", key, map[string]any{"taxYear": "2026"}), 409, "")
		e.Do("DELETE", fmt.Sprintf("%s/benefit/%d", OE, oldID), key, nil).Expect(t, 200)

		e.RunCases(t, []testkit.Case{
			{Name: "benefit needs a start", Method: "POST", Path: e.E + "/benefit", Key: key, Body: map[string]any{"benefitCategoryId": medical, "cost": 10}, Status: 400, Field: "startDate"},
			{Name: "benefit needs a category", Method: "POST", Path: e.E + "/benefit", Key: key, Body: map[string]any{"startDate": "2026-05-01T00:00:00"}, Status: 400, Field: "benefitCategoryId"},
			{Name: "benefit of an unknown category", Method: "POST", Path: e.E + "/benefit", Key: key, Body: map[string]any{"benefitCategoryId": gym + 999, "startDate": "2026-05-01T00:00:00"}, Status: 400, Field: "benefitCategoryId"},
			{Name: "car needs a list price", Method: "POST", Path: e.E + "/benefit", Key: key, Body: map[string]any{"benefitCategoryId": petrol, "startDate": "2026-05-01T00:00:00"}, Status: 400, Field: "carListPrice"},
			{Name: "list price of a non-car", Method: "POST", Path: e.E + "/benefit", Key: key, Body: map[string]any{"benefitCategoryId": medical, "startDate": "2026-05-01T00:00:00", "carListPrice": 5}, Status: 400, Field: "carListPrice"},
			{Name: "benefit ends before it starts", Method: "POST", Path: e.E + "/benefit", Key: key, Body: map[string]any{"benefitCategoryId": medical, "startDate": "2026-05-01T00:00:00", "endDate": "2026-04-01T00:00:00"}, Status: 400, Field: "endDate"},
			{Name: "negative cost", Method: "POST", Path: e.E + "/benefit", Key: key, Body: map[string]any{"benefitCategoryId": medical, "startDate": "2026-05-01T00:00:00", "cost": -1}, Status: 400, Field: "cost"},
			{Name: "benefit of bob's employee", Method: "POST", Path: e.EO + "/benefit", Key: key, Body: map[string]any{"benefitCategoryId": medical, "startDate": "2026-05-01T00:00:00"}, Status: 404},
			{Name: "benefits other tenant", Method: "GET", Path: e.E + "/benefit", Key: e.OtherKey, Status: 404},
			{Name: "replace unknown benefit", Method: "PUT", Path: fmt.Sprintf("%s/benefit/%d", e.E, oliveCar), Key: key, Body: map[string]any{"benefitCategoryId": medical, "startDate": "2026-05-01T00:00:00"}, Status: 404},
			{Name: "delete unknown benefit", Method: "DELETE", Path: fmt.Sprintf("%s/benefit/%d", e.E, oldID), Key: key, Status: 404},
			{Name: "benefits anonymous", Method: "GET", Path: e.E + "/benefit", Status: 401},
			{Name: "p11d needs a year", Method: "POST", Path: e.B + "/report/p11d", Key: key, Body: map[string]any{}, Status: 400, Field: "taxYear"},
			{Name: "p11d bad year", Method: "POST", Path: e.B + "/report/p11d", Key: key, Body: map[string]any{"taxYear": "20x6"}, Status: 400, Field: "taxYear"},
			{Name: "p11d xml not built", Method: "POST", Path: e.B + "/report/p11d/xml", Key: key, Body: map[string]any{"taxYear": "2025"}, Status: 404},
			{Name: "publish not built", Method: "POST", Path: e.B + "/report/p11d/publish", Key: key, Body: map[string]any{"taxYear": "2024"}, Status: 404},
			{Name: "p11d other tenant", Method: "POST", Path: e.B + "/report/p11d", Key: e.OtherKey, Body: map[string]any{"taxYear": "2026"}, Status: 404},
			{Name: "p11d anonymous", Method: "POST", Path: e.B + "/report/p11d", Body: map[string]any{"taxYear": "2026"}, Status: 401},
			{Name: "p11d pdf of bob's employee", Method: "GET", Path: e.EO + "/hmrcforms/p11ddownload/2026", Key: key, Status: 404},
			{Name: "p11d pdf bad year", Method: "GET", Path: e.E + "/hmrcforms/p11ddownload/next", Key: key, Status: 400, Field: "taxYear"},
			{Name: "p11d pdf year not built", Method: "GET", Path: e.E + "/hmrcforms/p11ddownload/2025", Key: key, Status: 404},
			{Name: "p46 bad quarter", Method: "GET", Path: e.B + "/report/p46car?taxYear=2026&quarter=5", Key: key, Status: 400, Field: "quarter"},
			{Name: "p46 quarter needs a year", Method: "GET", Path: e.B + "/report/p46car?quarter=2", Key: key, Status: 400, Field: "taxYear"},
			{Name: "ignore nothing", Method: "POST", Path: e.B + "/report/p46car/ignore", Key: key, Body: map[string]any{"rows": []any{}}, Status: 400, Field: "rows"},
			{Name: "ignore bad event", Method: "POST", Path: e.B + "/report/p46car/ignore", Key: key, Body: map[string]any{"rows": []any{map[string]any{"benefitId": oliveCar, "event": "Sold"}}}, Status: 400, Field: "rows[0].event"},
			{Name: "ignore a non-car", Method: "POST", Path: e.B + "/report/p46car/ignore", Key: key, Body: map[string]any{"rows": []any{map[string]any{"benefitId": medicalID, "event": "Available"}}}, Status: 404},
			{Name: "ignore other tenant", Method: "POST", Path: e.B + "/report/p46car/ignore", Key: e.OtherKey, Body: map[string]any{"rows": []any{map[string]any{"benefitId": oliveCar, "event": "Available"}}}, Status: 404},
		})
		_, auB := e.AddBusiness("Alice AU", "AU")
		testkit.ExpectProblem(t, e.Do("POST", auB+"/report/p11d", key, map[string]any{"taxYear": "2026"}), 400, "")
	})
}
