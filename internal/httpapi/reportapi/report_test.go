package reportapi_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// env is alice's AU business with one finalised weekly pay run (paid
// 2026-11-20) of Ann (Sydney: 38 h x 35.1234 + a 100.00 bonus, a 50.00
// salary sacrifice (pre-tax) and 12.50 union fees (post-tax), a 45.50
// expense and a 100.00 liability) and Bob (Melbourne: 91,300 a year), and
// a draft run the week after, which no report counts.
type env struct {
	*testkit.Bundle
	sydney, melbourne int64
	ann, bob          int64
	run, draft        int64
	weekly            int64
}

func num(t *testing.T, v any) int64 {
	t.Helper()
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("not a number: %#v", v)
	}
	return int64(f)
}

func newEnv(t *testing.T, d *db.DB) *env {
	b := testkit.NewBundle(t, d, "AU")
	e := &env{Bundle: b}
	id := func(coll string, body map[string]any) int64 {
		return num(t, b.Do("POST", b.B+"/"+coll, b.Key, body).Expect(t, 200).Map(t)["id"])
	}
	e.weekly = id("payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
	id("paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"})
	id("paycategory", map[string]any{"name": "Bonus", "rateUnit": "Fixed", "externalId": "BON"})
	union := id("deductioncategory", map[string]any{"name": "Union fees"})
	sacrifice := id("deductioncategory", map[string]any{"name": "Salary sacrifice", "taxExempt": true})
	travel := id("employeeexpensecategory", map[string]any{"name": "Travel"})
	comp := id("employerliabilitycategory", map[string]any{"name": "Workers comp"})
	e.sydney = id("location", map[string]any{"name": "Sydney"})
	e.melbourne = id("location", map[string]any{"name": "Melbourne", "state": "VIC"})
	emp := func(first, loc, dob string, extra map[string]any) int64 {
		body := map[string]any{"firstName": first, "surname": "Test", "externalId": "EMP-" + strings.ToUpper(first), "dateOfBirth": dob, "startDate": "2025-07-01T00:00:00",
			"taxFileNumber": "123456782", "employmentType": "FullTime", "australianResident": true, "claimTaxFreeThreshold": true,
			"paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours", "rate": 35.1234, "rateUnit": "Hourly", "hoursPerWeek": 38,
			"residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney", "residentialState": "NSW", "residentialPostCode": "2000",
			"primaryLocation": loc, "bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first,
			"bankAccount1_AllocatedPercentage": 100, "superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}
		for k, v := range extra {
			body[k] = v
		}
		return num(t, b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, body).Expect(t, 200).Map(t)["id"])
	}
	e.ann = emp("Ann", "Sydney", "1990-02-03T00:00:00", nil)
	e.bob = emp("Bob", "Melbourne", "1985-11-25T00:00:00", map[string]any{"rate": 91300, "rateUnit": "Annually"})

	e.run = num(t, b.Do("POST", b.B+"/payrun", b.Key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00", "datePaid": "2026-11-20T00:00:00"}).Expect(t, 200).Map(t)["id"])
	P := fmt.Sprintf("%s/payrun/%d", b.B, e.run)
	a := fmt.Sprint(e.ann)
	b.Do("POST", P+"/earningslines", b.Key, map[string]any{"earningsLines": map[string]any{a: []any{
		map[string]any{"payCategoryId": "BON", "earnings": 100}}}, "payCategoryIdType": "External"}).Expect(t, 200)
	b.Do("POST", P+"/deductions", b.Key, map[string]any{"deductions": map[string]any{a: []any{
		map[string]any{"deductionCategoryId": fmt.Sprint(union), "amount": 12.5, "notes": "fees"},
		map[string]any{"deductionCategoryId": fmt.Sprint(sacrifice), "amount": 50}}}}).Expect(t, 200)
	b.Do("POST", P+"/EmployeeExpenses", b.Key, map[string]any{"expenses": map[string]any{a: []any{
		map[string]any{"employeeExpenseCategoryId": fmt.Sprint(travel), "amount": 45.5}}}}).Expect(t, 200)
	b.Do("POST", P+"/employerliabilities", b.Key, map[string]any{"employerLiabilities": map[string]any{a: []any{
		map[string]any{"employerLiabilityCategoryId": fmt.Sprint(comp), "amount": 100}}}}).Expect(t, 200)
	b.Do("POST", P+"/finalise", b.Key, map[string]any{}).Expect(t, 200)
	e.draft = num(t, b.Do("POST", b.B+"/payrun", b.Key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-27T00:00:00"}).Expect(t, 200).Map(t)["id"])
	return e
}

// want is one employee's figures in the finalised run, from calc for the
// same inputs (a weekly resident claiming the tax-free threshold).
type want struct {
	gross, preTax, postTax, payg, super, expenses, liabilities payroll.Money
}

func (w want) taxable() payroll.Money { return w.gross.Sub(w.preTax) }
func (w want) net() payroll.Money     { return w.gross.Sub(w.preTax).Sub(w.postTax).Sub(w.payg) }

func figures(t *testing.T, gross, preTax, postTax, expenses, liabilities string) want {
	t.Helper()
	in := &calc.Input{Region: calc.AU, PaymentDate: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), Frequency: calc.Weekly,
		Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: payroll.MustMoney(gross), Hours: payroll.MustRate("38")}},
		PreTax:   payroll.MustMoney(preTax), AU: &calc.AUEmployee{Scale: calc.AUScale2}}
	res, err := engine.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	fig := func(code string) payroll.Money {
		f, ok := res.Get(code)
		if !ok {
			t.Fatalf("no %s figure", code)
		}
		return payroll.MoneyFromDecimal(f.Amount.Decimal())
	}
	return want{gross: payroll.MustMoney(gross), preTax: payroll.MustMoney(preTax), postTax: payroll.MustMoney(postTax),
		payg: fig("payg"), super: fig("super.guarantee"), expenses: payroll.MustMoney(expenses), liabilities: payroll.MustMoney(liabilities)}
}

// rows decodes a JSON array reply keeping numbers exact.
func rows(t *testing.T, r *testkit.Response) []map[string]any {
	t.Helper()
	r.Expect(t, 200)
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.UseNumber()
	var out []map[string]any
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("%v: %s", err, r.Body)
	}
	return out
}

// eqMoney checks a JSON number member against an exact amount.
func eqMoney(t *testing.T, what string, v any, w payroll.Money) {
	t.Helper()
	n, ok := v.(json.Number)
	if !ok {
		t.Fatalf("%s: not a number: %#v", what, v)
	}
	if got := payroll.MustMoney(n.String()); !got.Equal(w) {
		t.Fatalf("%s = %s, want %s", what, got, w)
	}
}

func byEmployee(t *testing.T, list []map[string]any, emp int64) map[string]any {
	t.Helper()
	for _, r := range list {
		if r["employeeId"] == json.Number(strconv.FormatInt(emp, 10)) {
			return r
		}
	}
	t.Fatalf("employee %d not in %v", emp, list)
	return nil
}

func (e *env) get(t *testing.T, path string, q url.Values) []map[string]any {
	t.Helper()
	return rows(t, e.Do("GET", e.B+"/report/"+path+"?"+q.Encode(), e.Key, nil))
}

var november = url.Values{"fromDate": {"2026-11-01"}, "toDate": {"2026-11-30"}}

func TestPayRunReportsReproduceTheRun(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ann := figures(t, "1434.69", "50", "12.5", "45.5", "100")
		bob := figures(t, "1755.77", "0", "0", "0", "0")
		m := payroll.MustMoney

		// Gross to net: every member from calc's figures for the same inputs.
		q := url.Values{"fromDate": {"2026-11-01"}, "toDate": {"2026-11-30"}, "includePostTaxDeductions": {"true"}, "includeExpenses": {"true"}}
		g2n := e.get(t, "grosstonet", q)
		if len(g2n) != 2 {
			t.Fatalf("gross to net %v", g2n)
		}
		for emp, w := range map[int64]want{e.ann: ann, e.bob: bob} {
			r := byEmployee(t, g2n, emp)
			for member, v := range map[string]payroll.Money{"totalGrossEarnings": w.gross, "totalPreTaxDeductions": w.preTax, "taxableEarnings": w.taxable(),
				"payg": w.payg, "help": {}, "sfss": {}, "totalPostTaxDeductions": w.postTax, "netEarnings": w.net(), "totalExpenses": w.expenses,
				"bankPayments": w.net().Add(w.expenses), "sgc": w.super, "employerContribution": {}, "totalGrossPlusSuper": w.gross.Add(w.super),
				"totalHours": m("38"), "totalTaxExemptEarnings": {}} {
				eqMoney(t, fmt.Sprintf("employee %d %s", emp, member), r[member], v)
			}
		}
		a := byEmployee(t, g2n, e.ann)
		if a["primaryLocation"] != "Sydney" || a["primaryLocationId"] != json.Number(fmt.Sprint(e.sydney)) || a["externalId"] != "EMP-ANN" {
			t.Fatalf("ann %v", a)
		}
		gross := a["grossEarnings"].(map[string]any)
		eqMoney(t, "ordinary", gross["Ordinary Hours"], m("1334.69"))
		eqMoney(t, "bonus", gross["Bonus"], m("100"))
		eqMoney(t, "sacrifice", a["preTaxDeductions"].(map[string]any)["Salary sacrifice"], m("50"))
		eqMoney(t, "union", a["postTaxDeductions"].(map[string]any)["Union fees"], m("12.5"))
		eqMoney(t, "travel", a["expenses"].(map[string]any)["Travel"], m("45.5"))
		// Without the switches the breakdowns are empty objects, never null.
		plain := byEmployee(t, e.get(t, "grosstonet", november), e.ann)
		if len(plain["postTaxDeductions"].(map[string]any)) != 0 || len(plain["expenses"].(map[string]any)) != 0 {
			t.Fatalf("breakdowns without the switches %v", plain)
		}
		// payCategoryIds narrows grossEarnings, not the totals.
		var bonus int64
		for _, c := range rows(t, e.Do("GET", e.B+"/paycategory", e.Key, nil)) {
			if c["name"] == "Bonus" {
				bonus, _ = c["id"].(json.Number).Int64()
			}
		}
		only := byEmployee(t, e.get(t, "grosstonet", url.Values{"payCategoryIds": {fmt.Sprint(bonus)}}), e.ann)
		if g := only["grossEarnings"].(map[string]any); len(g) != 1 || g["Bonus"] == nil {
			t.Fatalf("payCategoryIds: %v", g)
		}
		eqMoney(t, "narrowed total", only["totalGrossEarnings"], ann.gross)

		// Detailed activity agrees.
		act := byEmployee(t, e.get(t, "detailedactivity", november), e.ann)
		for member, v := range map[string]payroll.Money{"grossEarnings": ann.gross, "preTaxDeductions": ann.preTax, "taxableEarnings": ann.taxable(),
			"payg": ann.payg, "super": ann.super, "netEarnings": ann.net(), "employerLiabilities": ann.liabilities, "grossPlusSuper": ann.gross.Add(ann.super), "hours": m("38")} {
			eqMoney(t, "activity "+member, act[member], v)
		}

		// Pay categories: one row per category; super shared to the cent.
		pc := e.get(t, "paycategories", url.Values{"employeeId": {fmt.Sprint(e.ann)}})
		if len(pc) != 2 {
			t.Fatalf("pay categories %v", pc)
		}
		var shared payroll.Money
		for _, r := range pc {
			shared = shared.Add(m(r["superAmount"].(json.Number).String()))
			if r["payRun"] == "" || r["datePaid"] != "2026-11-20T00:00:00" || r["location"] != "Sydney" {
				t.Fatalf("pay category row %v", r)
			}
			if r["payCategory"] == "Ordinary Hours" {
				eqMoney(t, "ordinary units", r["units"], m("38"))
				eqMoney(t, "ordinary rate", r["rate"], m("35.1234"))
				eqMoney(t, "ordinary amount", r["amount"], m("1334.69"))
				// 1334.69 / 1434.69 of the super, within a cent.
				exact := ann.super.Mul(payroll.MustRate("1334.69")).Div(payroll.MustRate("1434.69"))
				if d := m(r["superAmount"].(json.Number).String()).Sub(exact).Abs(); d.Cmp(m("0.01")) >= 0 {
					t.Fatalf("ordinary super share %v, exact %s", r["superAmount"], exact)
				}
			}
		}
		if !shared.Equal(ann.super) {
			t.Fatalf("super shares add to %s, want %s", shared, ann.super)
		}

		// Costing: by location.
		cost := e.get(t, "costing", november)
		if len(cost) != 2 || cost[0]["locationName"] != "Melbourne" || cost[1]["locationName"] != "Sydney" {
			t.Fatalf("costing %v", cost)
		}
		eqMoney(t, "melbourne super", cost[0]["superContribution"], bob.super)
		eqMoney(t, "sydney super", cost[1]["superContribution"], ann.super)
		eqMoney(t, "sydney bonus", cost[1]["payCategories"].(map[string]any)["Bonus"], m("100"))
		eqMoney(t, "melbourne ordinary", cost[0]["payCategories"].(map[string]any)["Ordinary Hours"], bob.gross)
		if z := e.get(t, "costing", url.Values{"showZeroPayCategories": {"true"}}); len(z[0]["payCategories"].(map[string]any)) != 2 {
			t.Fatalf("zero categories %v", z)
		}

		// Deductions: Ann only, by category.
		ded := e.get(t, "deductions", november)
		if len(ded) != 1 || ded[0]["employeeId"] != json.Number(fmt.Sprint(e.ann)) || len(ded[0]["amounts"].([]any)) != 2 {
			t.Fatalf("deductions %v", ded)
		}
		eqMoney(t, "first deduction", ded[0]["amounts"].([]any)[0].(map[string]any)["amount"], m("50"))
		if one := e.get(t, "deductions", url.Values{"deductionCategoryId": {fmt.Sprint(ded[0]["amounts"].([]any)[1].(map[string]any)["deductionCategoryId"])}}); len(one) != 1 || len(one[0]["amounts"].([]any)) != 1 {
			t.Fatalf("one category %v", one)
		}

		// Payment history: net + expenses to the one account.
		pay := e.get(t, "paymenthistory", november)
		if len(pay) != 2 {
			t.Fatalf("payments %v", pay)
		}
		pa := byEmployee(t, pay, e.ann)
		eqMoney(t, "ann paid", pa["amount"], ann.net().Add(ann.expenses))
		eqMoney(t, "ann deductions", pa["totalDeductions"], m("62.5"))
		if pa["bsb"] != "062-000" || pa["accountNumber"] != "12345678" || pa["accountType"] != "Electronic" {
			t.Fatalf("payment %v", pa)
		}
		eqMoney(t, "bob paid", byEmployee(t, pay, e.bob)["amount"], bob.net())

		// Super.
		se := e.get(t, "supercontributions/byemployee", november)
		if len(se) != 2 || byEmployee(t, se, e.ann)["accrualType"] != "SuperGuarantee" || byEmployee(t, se, e.ann)["status"] != "New" {
			t.Fatalf("super by employee %v", se)
		}
		eqMoney(t, "ann super", byEmployee(t, se, e.ann)["accrualAmount"], ann.super)
		sf := e.get(t, "supercontributions/bysuperfund", november)
		if len(sf) != 2 || sf[0]["superFundName"] != "AustralianSuper" || sf[0]["superFundNumber"] != "998877" {
			t.Fatalf("super by fund %v", sf)
		}
		eqMoney(t, "bob fund", byEmployee(t, sf, e.bob)["amount"], bob.super)

		// Payroll tax: wages and super by state (Melbourne is in VIC; Sydney
		// has no state, so Ann's residential NSW).
		pt := e.get(t, "payrolltax", url.Values{"fromDate": {"2026-11-01"}, "toDate": {"2026-11-30"}, "groupBy": {"DefaultLocation"}})
		if len(pt) != 5 {
			t.Fatalf("payroll tax %v", pt)
		}
		wantPT := map[string]payroll.Money{"Ann NSW Bonus": m("100"), "Ann NSW Ordinary Hours": m("1334.69"), "Ann NSW Superannuation": ann.super,
			"Bob VIC Ordinary Hours": bob.gross, "Bob VIC Superannuation": bob.super}
		for _, r := range pt {
			k := fmt.Sprintf("%s %s %s", r["firstName"], r["state"], r["type"])
			w, ok := wantPT[k]
			if !ok || r["employeePayrollTaxExempt"] != false || r["payCategoryPayrollTaxExempt"] != false {
				t.Fatalf("payroll tax row %s: %v", k, r)
			}
			eqMoney(t, "payroll tax "+k, r["amount"], w)
		}

		// Selection: dates, runs, schedule, location, employee; the draft run never counts.
		for _, c := range []struct {
			name string
			q    url.Values
			n    int
		}{
			{"before", url.Values{"toDate": {"2026-11-19"}}, 0},
			{"paid day", url.Values{"fromDate": {"2026-11-20"}, "toDate": {"2026-11-20"}}, 2},
			{"after", url.Values{"fromDate": {"2026-11-21"}}, 0},
			{"the run", url.Values{"filterType": {"PayRun"}, "payRunId": {fmt.Sprint(e.run)}}, 2},
			{"the draft run", url.Values{"filterType": {"PayRun"}, "payRunId": {fmt.Sprint(e.draft)}}, 0},
			{"request. prefix", url.Values{"request.payRunId": {fmt.Sprint(e.run)}}, 2},
			{"schedule", url.Values{"payScheduleId": {fmt.Sprint(e.weekly)}}, 2},
			{"other schedule", url.Values{"payScheduleId": {fmt.Sprint(e.weekly + 1000)}}, 0},
			{"location", url.Values{"locationId": {fmt.Sprint(e.melbourne)}}, 1},
			{"employee", url.Values{"employeeId": {fmt.Sprint(e.bob)}}, 1},
		} {
			if got := e.get(t, "grosstonet", c.q); len(got) != c.n {
				t.Errorf("%s: %d rows, want %d", c.name, len(got), c.n)
			}
		}

		// A restricted user (Sydney only) sees only Ann, in every report.
		_, carol := e.NewUser("carol@example.com")
		e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ApproveLeaveRequests"}},
			"reports":        map[string]any{"accessType": "AllReports"}}).Expect(t, 200)
		for _, p := range []string{"grosstonet", "detailedactivity", "paycategories", "payrolltax", "deductions", "paymenthistory", "supercontributions/byemployee", "supercontributions/bysuperfund"} {
			for _, r := range rows(t, e.Do("GET", e.B+"/report/"+p, carol, nil)) {
				if r["employeeId"] != json.Number(fmt.Sprint(e.ann)) {
					t.Fatalf("restricted user sees %s %v", p, r)
				}
			}
		}
		if c := rows(t, e.Do("GET", e.B+"/report/costing", carol, nil)); len(c) != 1 || c[0]["locationName"] != "Sydney" {
			t.Fatalf("restricted costing %v", c)
		}
	})
}

func TestReportErrors(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var cases []testkit.Case
		for _, p := range []string{"grosstonet", "grosstonet/xlsx", "paycategories", "deductions", "deductions/xlsx", "paymenthistory", "paymenthistory/xlsx",
			"detailedactivity", "detailedactivity/xlsx", "costing", "payrolltax", "supercontributions/byemployee", "supercontributions/bysuperfund", "supercontributions/xlsx"} {
			R := e.B + "/report/" + p
			cases = append(cases,
				testkit.Case{Name: p + " 200", Method: "GET", Path: R + "?fromDate=2026-11-01", Key: e.Key, Status: 200},
				testkit.Case{Name: p + " bad fromDate", Method: "GET", Path: R + "?fromDate=yesterday", Key: e.Key, Status: 400, Field: "fromDate"},
				testkit.Case{Name: p + " toDate before fromDate", Method: "GET", Path: R + "?fromDate=2026-11-02&toDate=2026-11-01", Key: e.Key, Status: 400, Field: "toDate"},
				testkit.Case{Name: p + " bad filterType", Method: "GET", Path: R + "?filterType=Week", Key: e.Key, Status: 400, Field: "filterType"},
				testkit.Case{Name: p + " PayRun without payRunId", Method: "GET", Path: R + "?filterType=PayRun", Key: e.Key, Status: 400, Field: "payRunId"},
				testkit.Case{Name: p + " anonymous", Method: "GET", Path: R, Status: 401},
				testkit.Case{Name: p + " other tenant", Method: "GET", Path: R, Key: e.OtherKey, Status: 404},
			)
		}
		B := e.B + "/report/birthday"
		cases = append(cases,
			testkit.Case{Name: "birthday without dates", Method: "GET", Path: B, Key: e.Key, Status: 400, Field: "fromDate"},
			testkit.Case{Name: "birthday bad toDate", Method: "GET", Path: B + "?fromDate=2026-01-01&toDate=x", Key: e.Key, Status: 400, Field: "toDate"},
			testkit.Case{Name: "birthday anonymous", Method: "GET", Path: B + "?fromDate=2026-01-01&toDate=2026-02-01", Status: 401},
			testkit.Case{Name: "birthday other tenant", Method: "GET", Path: B + "?fromDate=2026-01-01&toDate=2026-02-01", Key: e.OtherKey, Status: 404},
			testkit.Case{Name: "payroll tax bad groupBy", Method: "GET", Path: e.B + "/report/payrolltax?groupBy=State", Key: e.Key, Status: 400, Field: "groupBy"},
			testkit.Case{Name: "super xlsx bad groupBy", Method: "GET", Path: e.B + "/report/supercontributions/xlsx?groupBy=Fund", Key: e.Key, Status: 400, Field: "groupBy"},
		)
		e.RunCases(t, cases)
	})
}

func TestBirthdays(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		nov := e.get(t, "birthday", url.Values{"fromDate": {"2026-11-01"}, "toDate": {"2026-11-30"}})
		if len(nov) != 1 || nov[0]["firstName"] != "Bob" || nov[0]["age"] != json.Number("41") || nov[0]["dateOfBirth"] != "1985-11-25T00:00:00" ||
			nov[0]["employmentStatus"] != "Active" || nov[0]["location"] != "Melbourne" {
			t.Fatalf("november birthdays %v", nov)
		}
		// Across the new year, in birthday order; Ann turns 37 in 2027.
		summer := e.get(t, "birthday", url.Values{"fromDate": {"2026-11-20"}, "toDate": {"2027-02-10"}})
		if len(summer) != 2 || summer[0]["firstName"] != "Bob" || summer[1]["firstName"] != "Ann" || summer[1]["age"] != json.Number("37") {
			t.Fatalf("summer birthdays %v", summer)
		}
		if l := e.get(t, "birthday", url.Values{"fromDate": {"2026-11-20"}, "toDate": {"2027-02-10"}, "locationId": {fmt.Sprint(e.sydney)}}); len(l) != 1 || l[0]["firstName"] != "Ann" {
			t.Fatalf("sydney birthdays %v", l)
		}
		if l := e.get(t, "birthday", url.Values{"fromDate": {"2026-03-01"}, "toDate": {"2026-10-31"}}); len(l) != 0 {
			t.Fatalf("no birthdays expected: %v", l)
		}
	})
}

// sheet reads the cells of a workbook's first worksheet back from the
// Office Open XML package: rows of cell text by column letter, a date
// cell (a serial number in a date style) as the API writes a local date
// (2026-11-20T00:00:00), so a row reads as the JSON report does.
func sheet(t *testing.T, data []byte) []map[string]string {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	parts := map[string][]byte{}
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		parts[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	for _, p := range []string{"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"} {
		if parts[p] == nil {
			t.Fatalf("package lacks %s", p)
		}
	}
	if !bytes.Contains(parts["[Content_Types].xml"], []byte("spreadsheetml.worksheet+xml")) {
		t.Fatalf("content types %s", parts["[Content_Types].xml"])
	}
	var ws struct {
		Rows []struct {
			R     int `xml:"r,attr"`
			Cells []struct {
				R      string `xml:"r,attr"`
				T      string `xml:"t,attr"`
				S      string `xml:"s,attr"`
				V      string `xml:"v"`
				Inline string `xml:"is>t"`
			} `xml:"c"`
		} `xml:"sheetData>row"`
	}
	if err := xml.Unmarshal(parts["xl/worksheets/sheet1.xml"], &ws); err != nil {
		t.Fatalf("worksheet: %v", err)
	}
	var out []map[string]string
	for i, r := range ws.Rows {
		if r.R != i+1 {
			t.Fatalf("row %d numbered %d", i+1, r.R)
		}
		m := map[string]string{}
		for _, c := range r.Cells {
			col := strings.TrimRight(c.R, "0123456789")
			switch {
			case c.T == "inlineStr":
				m[col] = c.Inline
			case c.S == "3" || c.S == "4": // the writer's date and date-time styles
				days, err := strconv.ParseFloat(c.V, 64)
				if err != nil {
					t.Fatalf("date cell %s = %q", c.R, c.V)
				}
				at := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC).Add(time.Duration(math.Round(days*86400)) * time.Second)
				m[col] = at.Format("2006-01-02T15:04:05")
			default:
				m[col] = c.V
			}
		}
		out = append(out, m)
	}
	return out
}

// cell is the value under header name in the row whose first column is key.
func cell(t *testing.T, s []map[string]string, key, name string) string {
	t.Helper()
	col := ""
	for c, h := range s[0] {
		if h == name {
			col = c
		}
	}
	if col == "" {
		t.Fatalf("no column %q in %v", name, s[0])
	}
	for _, r := range s[1:] {
		if r["A"] == key {
			return r[col]
		}
	}
	t.Fatalf("no row %q", key)
	return ""
}

func TestSpreadsheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ann := figures(t, "1434.69", "50", "12.5", "45.5", "100")
		bob := figures(t, "1755.77", "0", "0", "0", "0")
		dl := func(path string) []map[string]string {
			t.Helper()
			r := e.Do("GET", e.B+"/report/"+path, e.Key, nil).Expect(t, 200)
			if ct := r.Header.Get("Content-Type"); ct != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
				t.Fatalf("%s content type %q", path, ct)
			}
			again := e.Do("GET", e.B+"/report/"+path, e.Key, nil).Expect(t, 200)
			if !bytes.Equal(r.Body, again.Body) {
				t.Fatalf("%s: the same report gave different bytes", path)
			}
			return sheet(t, r.Body)
		}
		a, b := fmt.Sprint(e.ann), fmt.Sprint(e.bob)
		exact := func(what, got string, w payroll.Money) {
			t.Helper()
			if g, err := payroll.ParseMoney(got); err != nil || !g.Equal(w) {
				t.Fatalf("%s cell %q, want %s", what, got, w)
			}
		}
		g := dl("grosstonet/xlsx?includePostTaxDeductions=true")
		if len(g) != 4 { // header, Ann, Bob, totals
			t.Fatalf("gross to net sheet %v", g)
		}
		exact("ann net", cell(t, g, a, "Net Earnings"), ann.net())
		exact("total net", cell(t, g, "Total", "Net Earnings"), ann.net().Add(payroll.MustMoney(cell(t, g, fmt.Sprint(e.bob), "Net Earnings"))))
		exact("ann payg", cell(t, g, a, "PAYG"), ann.payg)
		exact("ann bonus", cell(t, g, a, "Bonus"), payroll.MustMoney("100"))
		exact("ann union", cell(t, g, a, "Union fees"), payroll.MustMoney("12.5"))
		exact("bob super", cell(t, g, b, "SGC"), bob.super)
		if cell(t, g, a, "First Name") != "Ann" {
			t.Fatal("first name")
		}
		act := dl("detailedactivity/xlsx")
		if act[0]["A"] != "Location" {
			t.Fatalf("activity header %v", act[0])
		}
		pay := dl("paymenthistory/xlsx")
		exact("ann payment", cell(t, pay, a, "Amount"), ann.net().Add(ann.expenses))
		ded := dl("deductions/xlsx")
		if len(ded) != 3 || ded[1]["C"] != a || ded[2]["A"] != "Total" || ded[2]["J"] != ded[1]["J"] { // Ann's row and the totals
			t.Fatalf("deductions sheet %v", ded)
		}
		internal := e.Do("GET", fmt.Sprintf("/api/payroll/internal/business/%d/report/deductions/xlsx", e.Biz), e.Key, nil).Expect(t, 200)
		if s := sheet(t, internal.Body); len(s) != 3 {
			t.Fatalf("internal deductions sheet %v", s)
		}
		sup := dl("supercontributions/xlsx?groupBy=SuperFund")
		if sup[0]["A"] != "Super Fund" || len(sup) != 4 { // two rows and the totals
			t.Fatalf("super sheet %v", sup)
		}
		sup = dl("supercontributions/xlsx")
		exact("ann super", cell(t, sup, "Sydney", "Amount"), ann.super)
	})
}
