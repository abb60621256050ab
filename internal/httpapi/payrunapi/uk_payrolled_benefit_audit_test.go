package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// payrolledEnv is a UK monthly business registered to payroll benefits
// from 2026-27, with a payrolled category of benefitType typ.
func payrolledEnv(t *testing.T, d *db.DB, name, typ string) (*regionEnv, int64) {
	e := newRegionEnv(t, d, "UK", "Monthly")
	BC := e.B + "/benefitcategory"
	e.Do("PUT", BC+"/processingoptions", e.Key, map[string]any{"isPayrollingBenefitsEnabled": true, "isP11dBenefitsEnabled": true, "registeredFromTaxYear": 2026}).Expect(t, 200)
	cat := int64(num(t, e.Do("POST", BC, e.Key, map[string]any{"name": name, "benefitType": typ, "payrollingBenefit": true, "year": 2026}).Expect(t, 200).Map(t)["id"]))
	return e, cat
}

// runBenefits are employee emp's benefit lines (P/benefits) of run P, by
// category name.
func runBenefits(t *testing.T, e *regionEnv, P string, emp int64) map[string]float64 {
	r := e.Do("GET", fmt.Sprintf("%s/benefits/%d", P, emp), e.Key, nil).Expect(t, 200).Map(t)
	out := map[string]float64{}
	bs, _ := r["benefits"].(map[string]any)
	for _, ls := range bs {
		for _, l := range ls.([]any) {
			m := l.(map[string]any)
			out[m["benefitCategoryName"].(string)] += num(t, m["amount"])
		}
	}
	return out
}

// A £600-a-year gym membership payrolled monthly from April (GOV.UK,
// "Reporting benefits in kind in real time", Annex 1: £600 ÷ 12 = £50 a
// month added to taxable pay, not to pay for NI or pension; £10 tax a
// month at 20%). Gil, £3,000 a month, 1257L, letter A, 2026-27:
//   - April (month 1): benefit 600.00 ÷ 12 paydays = 50.00; taxable pay
//     3,050.00; free pay 1257L month 1 = ⌈12,579 ÷ 12⌉ = 1,048.25;
//     3,050.00 − 1,048.25 = 2,001.75 → £2,001 × 20% = 400.20 (390.20
//     without it: +10.00 = 20% of 50.00). NI unchanged: (3,000 − PT
//     1,048) × 8% = 156.16. Net 3,000 − 400.20 − 156.16 = 2,443.64 (the
//     benefit is not paid: only its tax comes out of net).
//   - May (month 2), after April is finalised: (600.00 − 50.00 payrolled)
//     ÷ 11 paydays = 50.00; taxable to date 6,100.00 − free pay 2,096.50
//     = 4,003.50 → £4,003 × 20% = 800.60 − 400.20 = 400.40.
//
// explain shows the rule (uk.benefit.payrolled) with its terms.
func TestAuditUKPayrolledGymMonthly(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, cat := payrolledEnv(t, d, "Gym", "OtherItems1A")
		gil := e.employee(t, "Gil", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/benefit", e.B, gil), e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-04-06T00:00:00",
			"cost": 600}).Expect(t, 200)
		apr := e.run(t, "2026-04-30", 0, 0)
		tot := e.totals(t, apr, gil)
		expectAmount(t, "April gross", tot["grossEarnings"], 3000.00)
		expectAmount(t, "April taxable", tot["taxableEarnings"], 3050.00)
		expectAmount(t, "April PAYE", tot["payeWithheld"], 400.20)
		expectAmount(t, "April employee NI", tot["employeeNationalInsuranceContribution"], 156.16)
		expectAmount(t, "April net", tot["netEarnings"], 2443.64)
		if b := runBenefits(t, e, apr, gil); b["Gym"] != 50.00 {
			t.Errorf("April benefit lines %v, want Gym 50.00", b)
		}
		// The payslip shows it, beside taxable pay 3,050.00 and gross 3,000.00.
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", apr, gil), e.Key, nil).Expect(t, 200).Map(t)
		expectAmount(t, "payslip taxable", slip["taxableEarnings"], 3050.00)
		if pb, _ := slip["payrolledBenefits"].([]any); len(pb) != 1 || pb[0].(map[string]any)["name"] != "Gym" || num(t, pb[0].(map[string]any)["amount"]) != 50 {
			t.Errorf("payslip payrolledBenefits %v, want Gym 50.00", slip["payrolledBenefits"])
		}
		terms := e.explainTerms(t, apr, gil, "benefit.payrolled")
		if terms["cash equivalent still to payroll this tax year"] != 600 || terms["paydays left while provided (this one included)"] != 12 {
			t.Errorf("explain benefit.payrolled terms %v", terms)
		}
		x := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", apr, gil), e.Key, nil).Expect(t, 200).Body
		if !strings.Contains(string(x), "uk.benefit.payrolled") {
			t.Errorf("explain does not name the rule: %s", x)
		}
		var warns []map[string]any
		e.Do("GET", apr+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		for _, w := range warns {
			if strings.Contains(fmt.Sprint(w["warning"]), `"Gym"`) {
				t.Errorf("warning for a benefit the run taxed: %v", w)
			}
		}
		e.Do("POST", apr+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		may := e.run(t, "2026-05-31", 0, 0)
		tot = e.totals(t, may, gil)
		expectAmount(t, "May taxable", tot["taxableEarnings"], 3050.00)
		expectAmount(t, "May PAYE", tot["payeWithheld"], 400.40)
		expectAmount(t, "May employee NI", tot["employeeNationalInsuranceContribution"], 156.16)
	})
}

// A cost change mid-year is recomputed over the remaining paydays (GOV.UK,
// "Payrolling: changes affecting benefits and expenses": the revised
// taxable amount less what was payrolled, over the paydays left). Bea,
// £3,000 a month, 1257L: medical insurance £1,200 for 2026-27, £100.00 in
// April and May (1,200 ÷ 12; 1,100 ÷ 11), both finalised. The premium is
// then revised to £1,560 for the year: June (month 3) payrolls
// (1,560.00 − 200.00) ÷ 10 = 136.00. PAYE: April 3,100.00 − 1,048.25 =
// 2,051.75 → 2,051 × 20% = 410.20; May to date 6,200.00 − 2,096.50 =
// 4,103.50 → 4,103 × 20% = 820.60; June to date 9,336.00 − 3,144.75 =
// 6,191.25 → 6,191 × 20% = 1,238.20 − 820.60 = 417.60. The P11D(b) then
// charges Class 1A on the 200.00 payrolled by the finalised runs:
// 200.00 × 15% = 30.00 (the P11D itself leaves the benefit off).
func TestAuditUKPayrolledCostChangeAndClass1A(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, cat := payrolledEnv(t, d, "Medical", "PrivateMedicalTreatmentOrInsurance")
		bea := e.employee(t, "Bea", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		B := fmt.Sprintf("%s/employee/%d/benefit", e.B, bea)
		bid := int64(num(t, e.Do("POST", B, e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-04-06T00:00:00", "cost": 1200}).Expect(t, 200).Map(t)["id"]))
		apr := e.run(t, "2026-04-30", 0, 0)
		expectAmount(t, "April PAYE", e.totals(t, apr, bea)["payeWithheld"], 410.20)
		e.Do("POST", apr+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		may := e.run(t, "2026-05-31", 0, 0)
		if b := runBenefits(t, e, may, bea); b["Medical"] != 100.00 {
			t.Errorf("May benefit lines %v, want Medical 100.00", b)
		}
		e.Do("POST", may+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/%d", B, bid), e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-04-06T00:00:00", "cost": 1560}).Expect(t, 200)
		jun := e.run(t, "2026-06-30", 0, 0)
		if b := runBenefits(t, e, jun, bea); b["Medical"] != 136.00 {
			t.Errorf("June benefit lines %v, want Medical 136.00", b)
		}
		tot := e.totals(t, jun, bea)
		expectAmount(t, "June taxable", tot["taxableEarnings"], 3136.00)
		expectAmount(t, "June PAYE", tot["payeWithheld"], 417.60)

		ret := e.Do("POST", e.B+"/report/p11d", e.Key, map[string]any{"taxYear": "2026/27"}).Expect(t, 200).Map(t)
		expectAmount(t, "P11D(b) payrolled Class 1A benefits", ret["payrolledClass1ABenefits"], 200.00)
		expectAmount(t, "P11D(b) Class 1A NICs", ret["class1ANic"], 30.00)
	})
}

// The overriding limit: tax deducted in a period cannot exceed 50% of the
// period's cash pay, and a payrolled benefit's amount is not a relevant
// payment for it (Income Tax (PAYE) Regulations 2003 reg 61B(3), regs
// 23(5) and 28(5)). Lou, £400 a month, code 0T, a payrolled benefit of
// £12,000 for 2026-27 from April: April payrolls 12,000 ÷ 12 = 1,000.00;
// taxable 1,400.00 → 0T: £1,400 × 20% = 280.00, but the limit is 50% of
// 400.00 = 200.00, so PAYE 200.00 (the 80.00 stays due in the
// cumulative figures). NI 0 (400 is below the primary threshold); net
// 400.00 − 200.00 = 200.00.
func TestAuditUKPayrolledOverridingLimit(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, cat := payrolledEnv(t, d, "Services", "ServicesSupplied")
		lou := e.employee(t, "Lou", "Monthly", map[string]any{"rate": 400, "rateUnit": "Fixed", "taxCode": "0T", "nationalInsuranceCategory": "A"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/benefit", e.B, lou), e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-04-06T00:00:00",
			"cost": 12000}).Expect(t, 200)
		apr := e.run(t, "2026-04-30", 0, 0)
		tot := e.totals(t, apr, lou)
		expectAmount(t, "taxable", tot["taxableEarnings"], 1400.00)
		expectAmount(t, "PAYE", tot["payeWithheld"], 200.00)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 0)
		expectAmount(t, "net", tot["netEarnings"], 200.00)
		if terms := e.explainTerms(t, apr, lou, "paye"); terms["overriding limit (50% of cash pay, payrolled benefits left out)"] != 200 {
			t.Errorf("paye terms %v: no overriding limit of 200.00", terms)
		}
	})
}

// A benefit first provided during the year is payrolled over the paydays
// left from then (GOV.UK, "Payrolling: changes affecting benefits and
// expenses": the taxable amount over the remaining paydays). Gil, £3,000
// a month: gym £900 from 1 July 2026. The June run payrolls nothing (not
// provided in its period); July (month 4) payrolls 900.00 ÷ (12 − 4 + 1 =
// 9) paydays = 100.00; a second run paid in July payrolls nothing.
func TestAuditUKPayrolledStartsMidYear(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, cat := payrolledEnv(t, d, "Gym", "OtherItems1A")
		gil := e.employee(t, "Gil", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/benefit", e.B, gil), e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-07-01T00:00:00",
			"cost": 900}).Expect(t, 200)
		jun := e.run(t, "2026-06-30", 0, 0)
		if b := runBenefits(t, e, jun, gil); len(b) != 0 {
			t.Errorf("June benefit lines %v, want none", b)
		}
		expectAmount(t, "June taxable", e.totals(t, jun, gil)["taxableEarnings"], 3000.00)
		e.Do("POST", jun+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		jul := e.run(t, "2026-07-31", 0, 0)
		if b := runBenefits(t, e, jul, gil); b["Gym"] != 100.00 {
			t.Errorf("July benefit lines %v, want Gym 100.00", b)
		}
		expectAmount(t, "July taxable", e.totals(t, jul, gil)["taxableEarnings"], 3100.00)
		// A second run paid in the same period (a supplementary run) is
		// not another payday of the benefit: no line.
		e.Do("POST", jul+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		again := e.run(t, "2026-07-31", 0, 0)
		if b := runBenefits(t, e, again, gil); len(b) != 0 {
			t.Errorf("second July run benefit lines %v, want none", b)
		}
	})
}

// Paid in arrears, each payday is still its own tax period: a payday is
// the tax period of the date paid (the paydays left count from it), not
// the pay period the run is for. Gil, £3,000 a month paid five days after
// each calendar month: gym £600 from 6 April 2026. The April run (1-30
// April) is paid 5 May, tax month 1: 600.00 ÷ 12 = 50.00. The May run (1-31
// May) is paid 5 June, tax month 2: (600.00 − 50.00) ÷ 11 = 50.00. The
// first run was paid inside the second's pay period (5 May), but in
// another tax period, so it does not make the second a repeat payday
// (until this was fixed the May run payrolled nothing).
func TestAuditUKPayrolledPaidInArrears(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, cat := payrolledEnv(t, d, "Gym", "OtherItems1A")
		gil := e.employee(t, "Gil", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/benefit", e.B, gil), e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-04-06T00:00:00",
			"cost": 600}).Expect(t, 200)
		run := func(ending, paid string) string {
			r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": ending + "T00:00:00",
				"datePaid": paid + "T00:00:00"}).Expect(t, 200).Map(t)
			return fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		}
		apr := run("2026-04-30", "2026-05-05")
		if b := runBenefits(t, e, apr, gil); b["Gym"] != 50.00 {
			t.Errorf("April run (paid 5 May) benefit lines %v, want Gym 50.00", b)
		}
		e.Do("POST", apr+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		may := run("2026-05-31", "2026-06-05")
		if b := runBenefits(t, e, may, gil); b["Gym"] != 50.00 {
			t.Errorf("May run (paid 5 June) benefit lines %v, want Gym 50.00", b)
		}
		expectAmount(t, "May run taxable", e.totals(t, may, gil)["taxableEarnings"], 3050.00)
	})
}

// A benefit that ends during the year is payrolled over the paydays while
// it is provided (GOV.UK, "Payrolling: changes affecting benefits and
// expenses": the taxable amount for the days in the tax year the employee
// had the benefit, less what was payrolled, over the remaining paydays).
// Gil: medical cover 6 April to 30 September 2026 costing £600: April
// (month 1) payrolls 600.00 ÷ (month 6, the tax month of 30 September, −
// 1 + 1 = 6 paydays) = 100.00; an October run (period 1-31 October, the
// cover over) payrolls nothing.
func TestAuditUKPayrolledEndsMidYear(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, cat := payrolledEnv(t, d, "Medical", "PrivateMedicalTreatmentOrInsurance")
		gil := e.employee(t, "Gil", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/benefit", e.B, gil), e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-04-06T00:00:00",
			"endDate": "2026-09-30T00:00:00", "cost": 600}).Expect(t, 200)
		apr := e.run(t, "2026-04-30", 0, 0)
		if b := runBenefits(t, e, apr, gil); b["Medical"] != 100.00 {
			t.Errorf("April benefit lines %v, want Medical 100.00", b)
		}
		e.Do("POST", apr+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		oct := e.run(t, "2026-10-31", 0, 0)
		if b := runBenefits(t, e, oct, gil); len(b) != 0 {
			t.Errorf("October benefit lines %v, want none", b)
		}
	})
}
