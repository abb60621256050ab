package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The members of the published earnings line, details and payslip models
// filled from a real run, to the cent. Ann (weekly, 2026-27, scale 2) is
// paid her standard 38 h x 35.1234 = 1,334.69 (ordinary hours: OTE) and
// 2 h x 50 = 100.00 overtime (not OTE), sacrifices 50.00 to super
// (pre-tax), gets a 30.00 employer contribution, pays 10.00 union fees
// (post-tax) and has a 20.25 PAYG adjustment:
//
//	gross 1,434.69; taxable 1,434.69 - 50 = 1,384.69; x = 1,384.99;
//	PAYG = 0.32 x 1,384.99 - 181.7319 = 261.4649 -> 261, + 20.25 = 281.25;
//	super guarantee 12% x OTE 1,334.69 = 160.1628 -> 160.16, all of it
//	on the ordinary line; with the adjustments 160.16 + 50 + 30 = 240.16;
//	net 1,434.69 - 50 - 10 - 281.25 = 1,093.44, paid to her one account;
//	the lines' PAYG by taxable earnings: overtime 281.25 x 100 / 1,434.69
//	= 19.6034 -> 19.60, ordinary the rest 261.65; net payments
//	1,334.69 - 261.65 = 1,073.04 and 100 - 19.60 = 80.40.
func TestPublishedRunFigures(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, ann := e.newRun(t, "2026-11-20T00:00:00")
		a := fmt.Sprint(ann)
		_, _, leave := e.collectionCategories(t)
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime", "rateUnit": "Hourly", "payCategoryType": "Overtime"}).Expect(t, 200).Map(t)["id"]))
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{a: []any{
			map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 2, "rate": 50}}}}).Expect(t, 200)
		e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{a: []any{
			map[string]any{"deductionCategoryId": fmt.Sprint(e.union), "amount": 10}}}}).Expect(t, 200)
		e.Do("POST", P+"/superadjustments", e.Key, map[string]any{"superAdjustments": map[string]any{a: []any{
			map[string]any{"amount": 50, "contributionType": "SalarySacrifice"},
			map[string]any{"amount": 30, "contributionType": "EmployerContribution", "notes": "bonus super"}}}}).Expect(t, 200)
		e.Do("POST", P+"/paygadjustments", e.Key, map[string]any{"paygAdjustments": map[string]any{a: []any{
			map[string]any{"amount": 20.25, "notes": "catch up"}}}}).Expect(t, 200)
		e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{a: []any{
			map[string]any{"leaveCategoryId": leave, "amount": 2.92, "notes": "accrued"},
			map[string]any{"leaveCategoryId": leave, "amount": 7.6, "accrualType": "LeaveTaken"}}}}).Expect(t, 200)

		want := func(what string, got any, cents int64) {
			t.Helper()
			if c := centsOf(t, got); c != cents {
				t.Errorf("%s = %d cents, want %d", what, c, cents)
			}
		}

		// Details.
		det := e.Do("GET", P+"/details", e.Key, nil).Expect(t, 200).Map(t)
		row := det["payRunTotals"].([]any)[0].(map[string]any)
		for member, cents := range map[string]int64{"grossEarnings": 143469, "paygWithholdingAmount": 28125, "superContribution": 24016,
			"superContributionMinusSuperAdjustments": 16016, "allSuperContributionsTotal": 24016, "grossPlusSuper": 143469 + 24016,
			"superAdjustmentsAmount": 8000, "salarySacrificeSuperAmount": 5000, "memberVoluntarySuperAmount": 0,
			"employerContributionAdjustmentsAmount": 3000, "employerContribution": 3000, "nonSuperDeductionTotal": 1000,
			"superPaymentsTotal": 24016, "paygAdjustmentsAmount": 2025, "paygPaymentTotal": 28125, "netEarnings": 109344} {
			want("details "+member, row[member], cents)
		}
		if row["isEmployeeUnder18"] != false || row["superContributionsCapApplied"] != false {
			t.Errorf("details flags: under 18 %v, cap applied %v", row["isEmployeeUnder18"], row["superContributionsCapApplied"])
		}
		want("grand total employerContribution", det["grandTotal"].(map[string]any)["employerContribution"], 3000)

		// Earnings lines, listed and of one employee.
		for _, path := range []string{P + "/earningslines", fmt.Sprintf("%s/earningslines/%d", P, ann)} {
			lines := e.Do("GET", path, e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[a].([]any)
			byName := map[string]map[string]any{}
			for _, l := range lines {
				byName[l.(map[string]any)["payCategoryName"].(string)] = l.(map[string]any)
			}
			ord, over := byName["Ordinary Hours"], byName["Overtime"]
			if ord == nil || over == nil || len(lines) != 2 {
				t.Fatalf("%s: lines %v", path, lines)
			}
			want("ordinary super", ord["super"], 16016)
			want("overtime super", over["super"], 0)
			want("ordinary payg", ord["payg"], 26165)
			want("overtime payg", over["payg"], 1960)
			want("ordinary net payment", ord["netPayment"], 107304)
			want("overtime net payment", over["netPayment"], 8040)
			want("ordinary help", ord["help"], 0)
			want("ordinary sfss", ord["sfss"], 0)
		}

		// The payslip.
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, ann), e.Key, nil).Expect(t, 200).Map(t)
		all := e.Do("GET", P+"/payslips", e.Key, nil).Expect(t, 200).Map(t)[a].(map[string]any)
		for _, s := range []map[string]any{slip, all} {
			for _, l := range s["earningsLines"].([]any) {
				l := l.(map[string]any)
				w := int64(0)
				if l["payCategoryName"] == "Ordinary Hours" {
					w = 16016
				}
				want(fmt.Sprint("payslip line super of ", l["payCategoryName"]), l["superContribution"], w)
			}
			pay := s["bankPayments"].([]any)
			if len(pay) != 1 || pay[0].(map[string]any)["bsb"] != "062-000" || pay[0].(map[string]any)["accountNumber"] != "12345678" {
				t.Fatalf("bank payments %v", pay)
			}
			want("bank payment", pay[0].(map[string]any)["amount"], 109344)
			sp := s["superPayments"].([]any)
			if len(sp) != 1 || sp[0].(map[string]any)["fundName"] != "AustralianSuper" || sp[0].(map[string]any)["memberNumber"] != "998877" {
				t.Fatalf("super payments %v", sp)
			}
			want("super payment", sp[0].(map[string]any)["amount"], 24016)
			pa := s["paygAdjustments"].([]any)
			if len(pa) != 1 || pa[0].(map[string]any)["notes"] != "catch up" {
				t.Fatalf("payg adjustments %v", pa)
			}
			want("payg adjustment", pa[0].(map[string]any)["amount"], 2025)
			sa := s["superAdjustments"].([]any)
			if len(sa) != 2 || sa[0].(map[string]any)["notes"] != "SalarySacrifice" || sa[1].(map[string]any)["notes"] != "bonus super" {
				t.Fatalf("super adjustments %v", sa)
			}
			want("salary sacrifice", sa[0].(map[string]any)["amount"], 5000)
			ytd := s["grossYTDDetails"].([]any) // no finalised run before: this run's lines
			if len(ytd) != 2 || ytd[0].(map[string]any)["payCategoryName"] != "Ordinary Hours" || ytd[1].(map[string]any)["payCategoryName"] != "Overtime" {
				t.Fatalf("gross YTD details %v", ytd)
			}
			want("ordinary YTD", ytd[0].(map[string]any)["grossEarnings"], 133469)
			want("overtime YTD", ytd[1].(map[string]any)["grossEarnings"], 10000)
			if s["employeeBaseRateUnit"] != "Hourly" || num(t, s["employeeBaseRate"]) != 35.1234 || num(t, s["hourlyRate"]) != 35.1234 {
				t.Fatalf("base rate %v %v, hourly %v", s["employeeBaseRate"], s["employeeBaseRateUnit"], s["hourlyRate"])
			}
			// Leave: the run's accrual and the leave taken; the balance
			// at period end is this draft run's movements (no earlier
			// ledger entries): every accrual less what was taken.
			var accrued, taken float64
			for _, l := range s["accruedLeave"].([]any) {
				accrued += num(t, l.(map[string]any)["amount"])
			}
			for _, l := range s["leaveTaken"].([]any) {
				taken += num(t, l.(map[string]any)["amount"])
			}
			if taken != 7.6 || accrued < 2.92 {
				t.Fatalf("leave accrued %v taken %v", s["accruedLeave"], s["leaveTaken"])
			}
			tot := s["totalAccruedLeave"].([]any)
			if len(tot) != 1 || tot[0].(map[string]any)["leaveCategory"] != "Annual Leave" ||
				fmt.Sprintf("%.4f", num(t, tot[0].(map[string]any)["amount"])) != fmt.Sprintf("%.4f", accrued-taken) {
				t.Fatalf("total accrued leave %v, want %.4f", tot, accrued-taken)
			}
		}
	})
}

// centsOf is a wire amount in cents.
func centsOf(t *testing.T, v any) int64 {
	t.Helper()
	return cents(t, v)
}
