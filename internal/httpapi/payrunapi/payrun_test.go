package payrunapi_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// env is an AU business with a weekly schedule, the pay and deduction
// categories lines name, and employees on the schedule.
type env struct {
	*testkit.Bundle
	weekly, monthly  int64
	ordinary, bonus  int64
	union, sacrifice int64
}

func num(t *testing.T, v any) float64 {
	t.Helper()
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("not a number: %#v", v)
	}
	return f
}

func newEnv(t *testing.T, d *db.DB) *env {
	b := testkit.NewBundle(t, d, "AU")
	e := &env{Bundle: b}
	id := func(coll string, body map[string]any) int64 {
		return int64(num(t, b.Do("POST", b.B+"/"+coll, b.Key, body).Expect(t, 200).Map(t)["id"]))
	}
	e.weekly = id("payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
	e.monthly = id("payschedule", map[string]any{"name": "Monthly", "frequency": "Monthly"})
	e.ordinary = id("paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"})
	e.bonus = id("paycategory", map[string]any{"name": "Bonus", "rateUnit": "Fixed", "externalId": "BON"})
	e.union = id("deductioncategory", map[string]any{"name": "Union fees"})
	e.sacrifice = id("deductioncategory", map[string]any{"name": "Salary sacrifice", "taxExempt": true})
	id("location", map[string]any{"name": "Sydney"})
	return e
}

// employee creates an AU employee on a schedule and returns its id.
func (e *env) employee(t *testing.T, first, schedule string, extra map[string]any) int64 {
	body := map[string]any{"firstName": first, "surname": "Test", "dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00",
		"taxFileNumber": "123456782", "employmentType": "FullTime", "australianResident": true, "claimTaxFreeThreshold": true,
		"paySchedule": schedule, "primaryPayCategory": "Ordinary Hours", "rate": 35.1234, "rateUnit": "Hourly", "hoursPerWeek": 38,
		"residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney", "residentialState": "NSW", "residentialPostCode": "2000",
		"primaryLocation": "Sydney", "bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first,
		"bankAccount1_AllocatedPercentage": 100, "superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}
	for k, v := range extra {
		body[k] = v
	}
	r := e.Do("POST", e.B+"/employee/unstructured?matchType=None", e.Key, body).Expect(t, 200).Map(t)
	if r["status"] != "Active" {
		t.Fatalf("employee %s is %v", first, r)
	}
	return int64(num(t, r["id"]))
}

// auWeekly is calc's result for a resident claiming the tax-free
// threshold paid gross this week.
func auWeekly(t *testing.T, gross, preTax string, paid time.Time) calc.Result {
	t.Helper()
	in := &calc.Input{Region: calc.AU, PaymentDate: paid, Frequency: calc.Weekly,
		Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: payroll.MustMoney(gross), Hours: payroll.MustRate("38")}},
		PreTax:   payroll.MustMoney(preTax), AU: &calc.AUEmployee{Scale: calc.AUScale2}}
	res, err := engine.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func fig(t *testing.T, r calc.Result, code string) float64 {
	f, ok := r.Get(code)
	if !ok {
		t.Fatalf("no %s figure", code)
	}
	return f.Amount.Float64()
}

func TestPayRunLifecycle(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		ann := e.employee(t, "Ann", "Weekly", nil)
		bob := e.employee(t, "Bob", "Weekly", map[string]any{"rate": 91300, "rateUnit": "Annually"})
		e.employee(t, "Cat", "Monthly", nil) // another schedule: not in the run

		create := map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00", "datePaid": "2026-11-20T00:00:00", "externalId": "RUN-1"}
		run := e.Do("POST", B+"/payrun", key, create).Expect(t, 200).Map(t)
		id := int64(num(t, run["id"]))
		P := fmt.Sprintf("%s/payrun/%d", B, id)
		if run["payPeriodStarting"] != "2026-11-14T00:00:00" || run["isFinalised"] != false || run["externalId"] != "RUN-1" || run["dateFinalised"] != nil {
			t.Fatalf("created %v", run)
		}
		// The same externalId is the same run.
		if again := e.Do("POST", B+"/payrun", key, create).Expect(t, 200).Map(t); int64(num(t, again["id"])) != id {
			t.Fatalf("externalId twice gave %v", again)
		}

		paid := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
		var totals struct {
			PayRunTotals map[string]map[string]any `json:"payRunTotals"`
		}
		e.Do("GET", P+"/totals", key, nil).Expect(t, 200).JSON(t, &totals)
		if len(totals.PayRunTotals) != 2 {
			t.Fatalf("totals %v", totals)
		}
		// Ann: 38 h x 35.1234 = 1334.6892 -> 1334.69; Bob: 91300 / 52 = 1755.769... -> 1755.77.
		for emp, gross := range map[int64]string{ann: "1334.69", bob: "1755.77"} {
			tot := totals.PayRunTotals[fmt.Sprint(emp)]
			want := auWeekly(t, gross, "0", paid)
			g := payroll.MustMoney(gross).Float64()
			if num(t, tot["grossEarnings"]) != g || num(t, tot["paygWithheld"]) != fig(t, want, "payg") ||
				num(t, tot["superContribution"]) != fig(t, want, "super.guarantee") ||
				num(t, tot["netEarnings"]) != payroll.MustMoney(gross).Sub(payroll.MoneyFromDecimal(mustFig(t, want, "payg"))).Float64() {
				t.Fatalf("employee %d totals %v, want gross %s payg %v super %v", emp, tot, gross, fig(t, want, "payg"), fig(t, want, "super.guarantee"))
			}
		}

		// Earnings lines and deductions recalculate the employee.
		lines := map[string]any{"earningsLines": map[string]any{fmt.Sprint(ann): []any{
			map[string]any{"payCategoryId": "BON", "earnings": 100, "notes": "target"}}}, "payCategoryIdType": "External"}
		res := e.Do("POST", P+"/earningslines", key, lines).Expect(t, 200).Map(t)
		if l := res["earningsLines"].(map[string]any)[fmt.Sprint(ann)].([]any); len(l) != 2 {
			t.Fatalf("earnings lines %v", res)
		}
		e.Do("POST", P+"/deductions", key, map[string]any{"deductions": map[string]any{fmt.Sprint(ann): []any{
			map[string]any{"deductionCategoryId": fmt.Sprint(e.union), "amount": 12.5},
			map[string]any{"deductionCategoryId": fmt.Sprint(e.sacrifice), "amount": 50}}}}).Expect(t, 200)
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, ann), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(ann)].(map[string]any)
		want := auWeekly(t, "1434.69", "50", paid)
		net := payroll.MustMoney("1434.69").Sub(payroll.MustMoney("50")).Sub(payroll.MustMoney("12.5")).Sub(payroll.MoneyFromDecimal(mustFig(t, want, "payg")))
		if num(t, tot["grossEarnings"]) != 1434.69 || num(t, tot["preTaxDeductions"]) != 50 || num(t, tot["postTaxDeductions"]) != 12.5 ||
			num(t, tot["taxableEarnings"]) != 1384.69 || num(t, tot["paygWithheld"]) != fig(t, want, "payg") || num(t, tot["netEarnings"]) != net.Float64() {
			t.Fatalf("after lines %v, want payg %v net %s", tot, fig(t, want, "payg"), net)
		}

		// Details and pay slips agree with the totals.
		det := e.Do("GET", P+"/details", key, nil).Expect(t, 200).Map(t)
		if g := det["grandTotal"].(map[string]any); num(t, g["numberOfEmployees"]) != 2 || num(t, g["grossEarnings"]) != 1434.69+1755.77 {
			t.Fatalf("details %v", det["grandTotal"])
		}
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, ann), key, nil).Expect(t, 200).Map(t)
		if num(t, slip["grossYTD"]) != 1434.69 || len(slip["earningsLines"].([]any)) != 2 || len(slip["deductions"].([]any)) != 2 {
			t.Fatalf("pay slip %v", slip)
		}

		// Lists with OData in SQL.
		var list []map[string]any
		e.Do("GET", B+"/payrun?$filter="+url.QueryEscape("isFinalised eq false and externalId eq 'RUN-1'"), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("list %v", list)
		}
		e.Do("GET", B+"/payrun/summary", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || num(t, list[0]["totalGrossWages"]) != 1434.69+1755.77 || num(t, list[0]["totalHours"]) != 76 {
			t.Fatalf("summary %v", list)
		}

		// Finalise: immutable until unlocked; finalise -> unlock -> finalise is the same state.
		fin := e.Do("POST", P+"/finalise", key, map[string]any{"publishPaySlips": "Immediate"}).Expect(t, 200).Map(t)
		if fin["paySlipsPublished"] != true || num(t, fin["activeEmployees"]) != 2 || fin["isFirstFinalisation"] != true {
			t.Fatalf("finalise %v", fin)
		}
		before := e.Do("GET", P+"/totals", key, nil).Expect(t, 200).Body
		e.RunCases(t, []testkit.Case{
			{Name: "finalise twice", Method: "POST", Path: P + "/finalise", Key: key, Status: 409},
			{Name: "lines on finalised", Method: "POST", Path: P + "/earningslines", Key: key, Body: lines, Status: 409},
			{Name: "delete line on finalised", Method: "DELETE", Path: P + "/earningslines?id=1", Key: key, Status: 409},
			{Name: "recalculate finalised", Method: "POST", Path: P + "/recalculate", Key: key, Status: 409},
			{Name: "notation on finalised", Method: "POST", Path: P + "/notation", Key: key, Body: map[string]any{"notation": "x"}, Status: 409},
			{Name: "remove employee of finalised", Method: "DELETE", Path: fmt.Sprintf("%s/employee/%d", P, ann), Key: key, Status: 409},
			{Name: "delete finalised", Method: "DELETE", Path: P, Key: key, Status: 409},
			{Name: "unlock", Method: "POST", Path: P + "/unlock", Key: key, Body: map[string]any{"comments": "wrong bonus"}, Status: 200},
			{Name: "unlock draft", Method: "POST", Path: P + "/unlock", Key: key, Status: 409},
			{Name: "finalise again", Method: "POST", Path: P + "/finalise", Key: key, Body: map[string]any{"publishPaySlips": "Immediate"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if r.Map(t)["isFirstFinalisation"] != false {
						t.Fatalf("second finalisation %s", r.Body)
					}
				}},
		})
		if after := e.Do("GET", P+"/totals", key, nil).Expect(t, 200).Body; string(after) != string(before) {
			t.Fatalf("finalise -> unlock -> finalise changed the totals:\n%s\n%s", before, after)
		}

		// The next run's year-to-date counts the finalised one.
		run2 := e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-27T00:00:00"}).Expect(t, 200).Map(t)
		P2 := fmt.Sprintf("%s/payrun/%d", B, int64(num(t, run2["id"])))
		slip = e.Do("GET", fmt.Sprintf("%s/payslips/%d", P2, ann), key, nil).Expect(t, 200).Map(t)
		if num(t, slip["grossYTD"]) != 1434.69+1334.69 {
			t.Fatalf("second run YTD %v", slip["grossYTD"])
		}
		// The employee's pay history lists the finalised run (not the draft),
		// with the run's totals.
		var history []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/payruntotals", B, ann), key, nil).Expect(t, 200).JSON(t, &history)
		annTotals := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, ann), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(ann)]
		if len(history) != 1 || int64(num(t, history[0]["payRunId"])) != id || fmt.Sprint(history[0]) != fmt.Sprint(annTotals) {
			t.Fatalf("employee pay run totals %v, want [%v]", history, annTotals)
		}
		testkit.ExpectProblem(t, e.Do("GET", B+"/employee/999999/payruntotals", key, nil), 404, "")
		e.Do("DELETE", P2, key, nil).Expect(t, 200)
		e.Do("GET", P2, key, nil).Expect(t, 404)
	})
}

func mustFig(t *testing.T, r calc.Result, code string) decimal.Decimal {
	f, ok := r.Get(code)
	if !ok {
		t.Fatalf("no %s", code)
	}
	return f.Amount.Decimal()
}
