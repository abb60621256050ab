package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// AU pay beyond ordinary pay, end to end through the API, in a business
// created with its default data (as a bureau's client creates one): each
// figure derived in the comments from the statute (docs/reference/
// au-pay-rules.md) with the 2026-27 scale 2 weekly coefficients
// (payroll-rules-2026-27.md 1.3). W(e) is the Schedule 1 amount on weekly
// earnings e.

type auEnv struct {
	*testkit.Bundle
	B      string
	weekly int64
	pay    map[string]int64 // pay categories by name
	ded    map[string]int64 // deduction categories by name
	leave  map[string]int64 // leave categories by name
}

func newAUEnv(t *testing.T, d *db.DB) *auEnv {
	b := testkit.NewBundle(t, d, "AU")
	var biz struct {
		ID int64 `json:"id"`
	}
	b.Do("POST", "/api/v2/business", b.Key, map[string]any{"name": "Acme AU", "region": "AU"}).Expect(t, 200).JSON(t, &biz)
	e := &auEnv{Bundle: b, B: testkit.BusinessPath(biz.ID), pay: map[string]int64{}, ded: map[string]int64{}, leave: map[string]int64{}}
	e.weekly = int64(num(t, b.Do("POST", e.B+"/payschedule", b.Key, map[string]any{"name": "Weekly", "frequency": "Weekly"}).Expect(t, 200).Map(t)["id"]))
	b.Do("POST", e.B+"/location", b.Key, map[string]any{"name": "Sydney"}).Expect(t, 200)
	for coll, m := range map[string]map[string]int64{"paycategory": e.pay, "deductioncategory": e.ded, "leavecategory": e.leave} {
		var list []map[string]any
		b.Do("GET", e.B+"/"+coll, b.Key, nil).Expect(t, 200).JSON(t, &list)
		for _, c := range list {
			m[c["name"].(string)] = int64(num(t, c["id"]))
		}
	}
	return e
}

// employee is a resident claiming the tax-free threshold, born 1990, on
// the weekly schedule since 1 July 2025.
func (e *auEnv) employee(t *testing.T, first string, extra map[string]any) int64 {
	body := map[string]any{"firstName": first, "surname": "Test", "dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00",
		"taxFileNumber": "123456782", "employmentType": "FullTime", "australianResident": true, "claimTaxFreeThreshold": true,
		"paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours", "rate": 1000, "rateUnit": "Weekly", "hoursPerWeek": 40,
		"residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney", "residentialState": "NSW", "residentialPostCode": "2000",
		"primaryLocation": "Sydney", "bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first,
		"bankAccount1_AllocatedPercentage": 100, "superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}
	for k, v := range extra {
		body[k] = v
	}
	r := e.Do("POST", e.B+"/employee/unstructured?matchType=None", e.Key, body).Expect(t, 200).Map(t)
	return int64(num(t, r["id"]))
}

// run creates a weekly run for the week ending ending (a Sunday), paid
// the Wednesday after, and returns its path.
func (e *auEnv) run(t *testing.T, ending, paid string) string {
	r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": ending + "T00:00:00",
		"datePaid": paid + "T00:00:00"}).Expect(t, 200).Map(t)
	return fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
}

func (e *auEnv) totals(t *testing.T, P string, emp int64) map[string]any {
	return e.Do("GET", fmt.Sprintf("%s/totals/%d", P, emp), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(emp)].(map[string]any)
}

func (e *auEnv) earnings(t *testing.T, P string, emp int64, lines ...map[string]any) *testkit.Response {
	ls := make([]any, len(lines))
	for i := range lines {
		ls[i] = lines[i]
	}
	return e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(emp): ls}})
}

// leaveLoading sets leave category id's leave loading (a percentage).
func (e *auEnv) leaveLoading(t *testing.T, id int64, percent float64) {
	t.Helper()
	var cat map[string]any
	e.Do("GET", fmt.Sprintf("%s/leavecategory/%d", e.B, id), e.Key, nil).Expect(t, 200).JSON(t, &cat)
	cat["leaveLoading"] = percent
	e.Do("PUT", fmt.Sprintf("%s/leavecategory/%d", e.B, id), e.Key, cat).Expect(t, 200)
}

// want checks members of a totals (or any) object, in cents.
func want(t *testing.T, what string, got map[string]any, members map[string]int64) {
	t.Helper()
	if w, ok := got["warning"].(string); ok && w != "" {
		t.Fatalf("%s: not calculated: %s", what, w)
	}
	for k, v := range members {
		if c := cents(t, got[k]); c != v {
			t.Errorf("%s: %s = %d cents, want %d", what, k, c, v)
		}
	}
}

// Salary sacrificed to super by a deduction is paid to the fund and shows
// wherever super does. $1,500 a week, $200 sacrificed: taxable 1,300,
// PAYG W(1300) = 0.32 × 1300.99 − 181.7319 = 234.58 → 235; SG 12% ×
// 1,500 = 180 (sacrificed OTE stays in the base); the fund gets 380.
func TestAUSalarySacrificeReachesTheFund(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		sam := e.employee(t, "Sam", map[string]any{"rate": 1500})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(sam): []any{
			map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Salary Sacrifice (Superannuation)"]), "amount": 200}}}}).Expect(t, 200)
		want(t, "totals", e.totals(t, P, sam), map[string]int64{"grossEarnings": 150000, "preTaxDeductions": 20000, "taxableEarnings": 130000,
			"paygWithheld": 23500, "superContribution": 38000, "netEarnings": 150000 - 20000 - 23500})
		det := e.Do("GET", P+"/details", e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].([]any)[0].(map[string]any)
		want(t, "details", det, map[string]int64{"salarySacrificeSuperAmount": 20000, "superPaymentsTotal": 38000,
			"superContributionMinusSuperAdjustments": 18000, "nonSuperDeductionTotal": 0})
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, sam), e.Key, nil).Expect(t, 200).Map(t)
		if sp := slip["superPayments"].([]any); len(sp) != 1 || cents(t, sp[0].(map[string]any)["amount"]) != 38000 {
			t.Fatalf("payslip super payments %v", sp)
		}
		(&outputsEnv{env: &env{Bundle: withBusiness(e)}}).configureChart(t)
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		journal := e.Do("GET", fmt.Sprintf("%s/journal/%d", e.B, runOf(t, P)), e.Key, nil).Expect(t, 200).Body
		for _, s := range []string{`"journalItemType":"SuperExpense"`, `"amount":180`, `"amount":-200`} {
			if !strings.Contains(string(journal), s) {
				t.Errorf("journal has no %s: %s", s, journal)
			}
		}
		var byEmployee []map[string]any
		e.Do("GET", e.B+"/report/supercontributions/byemployee?fromDate=2026-07-01&toDate=2027-06-30", e.Key, nil).Expect(t, 200).JSON(t, &byEmployee)
		types := map[string]int64{}
		for _, a := range byEmployee {
			types[a["accrualType"].(string)] += cents(t, a["accrualAmount"])
		}
		if types["SuperGuarantee"] != 18000 || types["SalarySacrifice"] != 20000 {
			t.Fatalf("super report by type %v", types)
		}
		// The next run's year to date carries the sacrificed super.
		P2 := e.run(t, "2026-11-29", "2026-12-02")
		slip = e.Do("GET", fmt.Sprintf("%s/payslips/%d", P2, sam), e.Key, nil).Expect(t, 200).Map(t)
		if y := cents(t, slip["superYTD"]); y != 38000+18000 {
			t.Fatalf("super YTD %d, want %d", y, 38000+18000)
		}
	})
}

// A salary sacrifice super adjustment: the payslip PDF, the journal and
// the self-service payslip render, and net pay adds up in each.
func TestAUSacrificeAdjustmentRenders(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ann := e.employee(t, "Ann", map[string]any{"rate": 790})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/superadjustments", e.Key, map[string]any{"superAdjustments": map[string]any{fmt.Sprint(ann): []any{
			map[string]any{"amount": 110, "contributionType": "SalarySacrifice"}, map[string]any{"amount": 20, "contributionType": "MemberVoluntary"}}}}).Expect(t, 200)
		(&outputsEnv{env: &env{Bundle: withBusiness(e)}}).configureChart(t)
		e.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, ann), e.Key, nil).Expect(t, 200)
		e.Do("GET", fmt.Sprintf("%s/journal/%d", e.B, runOf(t, P)), e.Key, nil).Expect(t, 200)
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, ann), e.Key, nil).Expect(t, 200).Map(t)
		var ded int64
		for _, x := range slip["deductions"].([]any) {
			ded += cents(t, x.(map[string]any)["amount"])
		}
		tax := cents(t, slip["paygWithholdingAmount"]) + cents(t, slip["helpAmount"])
		if ded != 13000 || cents(t, slip["netEarnings"]) != cents(t, slip["grossEarnings"])-ded-tax {
			t.Fatalf("payslip deductions %d, net %v gross %v tax %d", ded, slip["netEarnings"], slip["grossEarnings"], tax)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"publishPaySlips": "Immediate"}).Expect(t, 200)
		e.Do("GET", fmt.Sprintf("/api/v2/ess/%d/document/payslip/%d", ann, runOf(t, P)), e.Key, nil).Expect(t, 200)
	})
}

// Overtime is not ordinary time earnings: the default overtime category
// attracts no super; a line with units and no rate is paid at the
// employee's rate for the category: $30/h × 1.5 = $45/h × 5 h = $225.
// SG 12% × 38 × 30 = 136.80.
func TestAUOvertimeNoSuperAndRateFromEmployee(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ola := e.employee(t, "Ola", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38})
		P := e.run(t, "2026-11-22", "2026-11-25")
		r := e.earnings(t, P, ola, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Overtime 1.5x"]), "units": 5}).Expect(t, 200).Map(t)
		var ot map[string]any
		for _, l := range r["earningsLines"].(map[string]any)[fmt.Sprint(ola)].([]any) {
			if m := l.(map[string]any); m["payCategoryName"] == "Overtime 1.5x" {
				ot = m
			}
		}
		if ot == nil || num(t, ot["rate"]) != 45 || cents(t, ot["earnings"]) != 22500 || cents(t, ot["super"]) != 0 {
			t.Fatalf("overtime line %v", ot)
		}
		want(t, "totals", e.totals(t, P, ola), map[string]int64{"grossEarnings": 114000 + 22500, "superContribution": 13680})
		// A category with no rate to derive (paid as an amount) is a 400.
		e.earnings(t, P, ola, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "units": 2}).Expect(t, 400)
	})
}

// Back pay and bonuses by Schedule 5 Method A.
//
//	$2,000 back pay over 10 weeks with a $1,000 week: W(1000) = 138,
//	W(1200) = 0.3227 × 1200.99 − 185.1935 = 202.37 → 202;
//	138 + (202 − 138) × 10 = 778.
//	A $5,200 bonus over the year: W(1100) = 170; 138 + 32 × 52 = 1,802.
func TestAUBackPayAndBonusSchedule5(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		bea, bo := e.employee(t, "Bea", nil), e.employee(t, "Bo", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, bea, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Back Pay"]), "earnings": 2000, "lumpSumNumberOfPayPeriods": 10}).Expect(t, 200)
		e.earnings(t, P, bo, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 5200}).Expect(t, 200)
		want(t, "back pay", e.totals(t, P, bea), map[string]int64{"grossEarnings": 300000, "paygWithheld": 77800, "superContribution": 36000})
		want(t, "bonus", e.totals(t, P, bo), map[string]int64{"grossEarnings": 620000, "paygWithheld": 180200})
		lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, bea), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(bea)].([]any)
		found := false
		for _, l := range lines {
			if m := l.(map[string]any); num(t, m["lumpSumNumberOfPayPeriods"]) == 10 {
				found = true
			}
		}
		if !found {
			t.Errorf("no line keeps lumpSumNumberOfPayPeriods 10: %v", lines)
		}
		r := e.earnings(t, P, bea, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Back Pay"]), "earnings": 10, "lumpSumCalculationMethod": "B2"})
		testkit.ExpectProblem(t, r, 400, fmt.Sprintf("earningsLines.%d[0].lumpSumCalculationMethod", bea))
	})
}

// A termination pays out the annual leave balance with its loading,
// taxed by Schedule 7, and empties the balance when finalised.
//
// $25 an hour, 40 hours a week. Annual leave accrues 40 × 0.076923 =
// 3.0769 h a week; the first run adds 76 h: 79.0769, the final one 3.0769:
// 82.1538 h × $25 = 2,053.85, loading 17.5% = 359.42; unused leave 2,413.27.
//   - resignation: 2,413.27 ÷ 52 = 46.41 → 46; W(1046) = 0.3227 × 1046.99 −
//     185.1935 = 152.67 → 153; 138 + (153 − 138) × 52 = 918;
//   - redundancy: Lump Sum A, 32% × 2,413.27 = 772.25 → 772; 138 + 772 = 910.
//
// Super: 12% of the $1,000 week only.
func TestAUTerminationPaysOutLeave(t *testing.T) {
	for _, c := range []struct {
		reason, category string
		payg             int64
	}{{"VoluntaryCessation", "Unused Leave on Termination", 91800}, {"Redundancy", "Genuine Redundancy Leave Payment", 91000}} {
		t.Run(c.reason, func(t *testing.T) {
			testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
				e := newAUEnv(t, d)
				al := e.leave["Annual Leave"]
				e.leaveLoading(t, al, 17.5)
				ted := e.employee(t, "Ted", map[string]any{"rate": 25, "rateUnit": "Hourly"})
				P1 := e.run(t, "2026-11-15", "2026-11-18")
				e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ted): []any{
					map[string]any{"leaveCategoryId": al, "amount": 76}}}}).Expect(t, 200)
				e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)

				P2 := e.run(t, "2026-11-22", "2026-11-25")
				e.Do("POST", P2+"/terminate", e.Key, map[string]any{"employeeId": ted, "terminationReason": c.reason, "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
				want(t, "final pay", e.totals(t, P2, ted), map[string]int64{"grossEarnings": 100000 + 205385 + 35942, "paygWithheld": c.payg, "superContribution": 12000})
				lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P2, ted), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(ted)].([]any)
				names := map[string]int64{}
				for _, l := range lines {
					m := l.(map[string]any)
					names[m["payCategoryName"].(string)] += cents(t, m["earnings"])
				}
				if names[c.category] != 205385 {
					t.Fatalf("payout lines %v", names)
				}
				e.Do("POST", P2+"/finalise", e.Key, nil).Expect(t, 200)
				// The payment summary: Lump Sum A for a redundancy, else the
				// leave in gross payments; tax is both runs' (138 + the final).
				gross, lumpSumA := int64(2000+2413), int64(0)
				if c.reason == "Redundancy" {
					gross, lumpSumA = 2000, 2413
				}
				sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, ted), e.Key, nil).Expect(t, 200).Map(t)
				if int64(num(t, sum["grossPayments"])) != gross || int64(num(t, sum["lumpSumA"])) != lumpSumA ||
					int64(num(t, sum["totalTaxWithheld"])) != (13800+c.payg)/100 {
					t.Fatalf("payment summary %v", sum)
				}
				var bal []map[string]any
				e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=2026-11-30T00:00:00", e.B, ted), e.Key, nil).Expect(t, 200).JSON(t, &bal)
				for _, b := range bal {
					if b["leaveCategoryName"] == "Annual Leave" && num(t, b["accruedAmount"]) != 0 {
						t.Fatalf("annual leave balance after the final pay: %v", b["accruedAmount"])
					}
				}
			})
		})
	}
}

// A payment in lieu of notice is an ETP (code O) taxed by Schedule 11:
// 32% under the preservation age; and ordinary time earnings for the super
// guarantee (SGR 2009/2: the default category is a superable ETP since
// paydepth56).
func TestAUEmploymentTerminationPayment(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		una := e.employee(t, "Una", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": una, "terminationReason": "Dismissal", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, una, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 5000}).Expect(t, 200)
		// W(1000) = 138 + 32% × 5,000 = 1,600. The final pay also pays out
		// the annual leave this run accrued, 3.0769 h × $25 = 76.92
		// (Schedule 7: 76.92 ÷ 52 = 1.47 → 1; W(1001) − W(1000) = 0).
		// SG 12% × (1,000 + 5,000 notice) = 720.00, the unused leave not
		// OTE (before: 12% × 1,000 = 120.00, the notice left out).
		want(t, "ETP", e.totals(t, P, una), map[string]int64{"paygWithheld": 13800 + 160000, "superContribution": 72000})
		// The payment summary reports the ETP apart from gross payments
		// ($1,000 + the $76.92 of unused leave).
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, una), e.Key, nil).Expect(t, 200).Map(t)
		if num(t, sum["grossPayments"]) != 1076 || num(t, sum["taxableComponent"]) != 0 || num(t, sum["totalTaxWithheld"]) != 138 {
			t.Fatalf("payment summary %v", sum)
		}
		e.etpSummary(t, 2027, una, "O", 5000, 1600)
		// Published, self-service lists the ETP after the year, and the
		// year's PDF has its section with the tax withheld from it.
		e.Do("POST", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, una), e.Key, nil).Expect(t, 200)
		var ess []map[string]any
		SP := fmt.Sprintf("/api/v2/ess/%d/document/paymentsummar", una)
		e.Do("GET", SP+"ies", e.Key, nil).Expect(t, 200).JSON(t, &ess)
		if len(ess) != 2 || ess[0]["isEtp"] != false || ess[1]["isEtp"] != true || ess[1]["etpCode"] != "O" || ess[1]["id"] != 2027.0 {
			t.Fatalf("self-service payment summaries %v", ess)
		}
		if text := strings.Join(strings.Fields(testkit.PDFText(t, e.Do("GET", SP+"y/2027", e.Key, nil).Expect(t, 200).Body)), " "); text != "" {
			for _, w := range []string{"Total tax withheld $138.00", "Employment termination payment, code O, paid 25 November 2026",
				"Taxable component $5,000.00 Total tax withheld $1,600.00"} {
				if !strings.Contains(text, w) {
					t.Errorf("payment summary PDF lacks %q:\n%s", w, text)
				}
			}
		}
	})
}

// Leavers and joiners are paid for the days they are employed: $52,000 a
// year is $1,000 a week; starting on Thursday 19 November 2026 in the week
// of 16-22 November: 4/7 × 1,000 = 571.43.
func TestAUJoinerPaidPartOfThePeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		joy := e.employee(t, "Joy", map[string]any{"rate": 52000, "rateUnit": "Annually", "startDate": "2026-11-19T00:00:00"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "joiner", e.totals(t, P, joy), map[string]int64{"grossEarnings": 57143})
	})
}

// A draft payslip's leave balance counts the leave the run pays, and
// lists it as taken.
func TestAUDraftPayslipLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		lea := e.employee(t, "Lea", map[string]any{"rate": 25, "rateUnit": "Hourly"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(lea): []any{
			map[string]any{"leaveCategoryId": al, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, lea), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-11-17T00:00:00", "toDate": "2026-11-17T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		P2 := e.run(t, "2026-11-22", "2026-11-25")
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P2, lea), e.Key, nil).Expect(t, 200).Map(t)
		taken := slip["leaveTaken"].([]any)
		if len(taken) != 1 || taken[0].(map[string]any)["leaveCategory"] != "Annual Leave" || num(t, taken[0].(map[string]any)["amount"]) != 8 {
			t.Fatalf("leave taken %v", taken)
		}
		// 40 + 3.0769 (first run) + 3.0769 (this run) − 8 = 38.1538.
		for _, b := range slip["totalAccruedLeave"].([]any) {
			if m := b.(map[string]any); m["leaveCategory"] == "Annual Leave" && num(t, m["amount"]) != 38.1538 {
				t.Fatalf("draft annual leave balance %v, want 38.1538", m["amount"])
			}
		}
	})
}

func runOf(t *testing.T, P string) int64 {
	var id int64
	if _, err := fmt.Sscanf(P[strings.LastIndex(P, "/")+1:], "%d", &id); err != nil {
		t.Fatal(err)
	}
	return id
}

// withBusiness is the bundle pointed at the defaults business (the
// helpers of the other tests use the bundle's B).
func withBusiness(e *auEnv) *testkit.Bundle {
	b := *e.Bundle
	b.B = e.B
	return &b
}
