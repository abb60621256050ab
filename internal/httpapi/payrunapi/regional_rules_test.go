package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// regionEnv is one business of a region with a schedule of a frequency,
// an ordinary and a bonus pay category and a location.
type regionEnv struct {
	*testkit.Bundle
	region   string
	schedule int64
}

// putHMRCSettings gives b's business the HMRC references an FPS needs
// (office number, PAYE and accounts office references, the RTI sender), in
// test mode.
func putHMRCSettings(t *testing.T, b *testkit.Bundle) {
	t.Helper()
	b.Do("PUT", b.B+"/hmrcsettings", b.Key, map[string]any{"taxOfficeNumber": "123", "taxOfficeReference": "AB456",
		"accountsOfficeReference": "123PX00123456", "rtiUserId": "ISV123", "rtiTestMode": true}).Expect(t, 200)
}

func newRegionEnv(t *testing.T, d *db.DB, region, frequency string) *regionEnv {
	b := testkit.NewBundle(t, d, region)
	e := &regionEnv{Bundle: b, region: region}
	b.Do("POST", b.B+"/paycategory", b.Key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
	b.Do("POST", b.B+"/paycategory", b.Key, map[string]any{"name": "Bonus", "rateUnit": "Fixed", "externalId": "BON", "payCategoryType": "Bonus"}).Expect(t, 200)
	b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Head office"}).Expect(t, 200)
	e.schedule = int64(num(t, b.Do("POST", b.B+"/payschedule", b.Key, map[string]any{"name": frequency, "frequency": frequency}).Expect(t, 200).Map(t)["id"]))
	return e
}

func (e *regionEnv) employee(t *testing.T, first, schedule string, members map[string]any) int64 {
	m := baseMembers(e.region, first, schedule)
	switch e.region { // the tax details that make the employee complete
	case "NZ":
		m["taxCodeDeclaration_IrdNumber"] = "136-410-132"
	case "SG":
		m["nationalRegistrationIdentityNumber"], m["legalStatus"] = "S1234567D", "Citizen"
	}
	for k, v := range members {
		m[k] = v
	}
	r := e.Do("POST", e.B+"/employee/unstructured?matchType=None", e.Key, m).Expect(t, 200).Map(t)
	if r["status"] != "Active" {
		t.Fatalf("employee %s: %v", first, r)
	}
	return int64(num(t, r["id"]))
}

// run creates a run of the schedule ending and paid on day (and returns
// its path), with an employee's bonus line when bonus > 0.
func (e *regionEnv) run(t *testing.T, day string, emp int64, bonus float64) string {
	r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": day + "T00:00:00", "datePaid": day + "T00:00:00"}).Expect(t, 200).Map(t)
	P := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
	if bonus > 0 {
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(emp): []any{map[string]any{"payCategoryId": "BON", "earnings": bonus}}}}).Expect(t, 200)
	}
	return P
}

func (e *regionEnv) totals(t *testing.T, P string, emp int64) map[string]any {
	tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, emp), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(emp)].(map[string]any)
	if w, _ := tot["warning"].(string); w != "" {
		t.Fatalf("employee %d not calculated: %s", emp, w)
	}
	return tot
}

// explainTerms are the terms of one figure of an employee's explanation.
func (e *regionEnv) explainTerms(t *testing.T, P string, emp int64, code string) map[string]float64 {
	x := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, emp), e.Key, nil).Expect(t, 200).Map(t)
	for _, f := range x["figures"].([]any) {
		fig := f.(map[string]any)
		if fig["code"] != code {
			continue
		}
		out := map[string]float64{}
		for _, tm := range fig["terms"].([]any) {
			m := tm.(map[string]any)
			out[m["name"].(string)] = num(t, m["value"])
		}
		return out
	}
	t.Fatalf("no %s figure in %v", code, x)
	return nil
}

func expectAmount(t *testing.T, what string, got any, want float64) {
	t.Helper()
	if num(t, got) != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// A UK director appointed on 1 October 2026 (tax week 26): a pro-rata
// earnings period of 27 weeks (PT 12,570 ÷ 52 × 27 → £6,527): £10,000
// in October gives employee NI 8% × (10,000 − 6,527) = 277.84, cumulative
// across the year's runs (November: 8% × (20,000 − 6,527) − 277.84 =
// 800.00). A new starter's P45 figures feed cumulative PAYE (docs/reference).
func TestUKDirectorAndP45InPayRuns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		dir := e.employee(t, "Dee", "Monthly", map[string]any{"rate": 10000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"isCompanyDirector": "true", "appointmentStartDate": "2026-10-01T00:00:00", "nationalInsuranceCalculationMethod": "Cumulative",
			"startDate": "2026-10-01T00:00:00"})
		// P45: £20,000 pay and £2,000 tax from an employer left in September.
		starter := e.employee(t, "Pat", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-10-01T00:00:00", "previousEmployerTaxablePay": 20000, "previousEmployerTaxWithheld": 2000,
			"previousEmployerLeavingDate": "2026-09-15T00:00:00", "previousEmployerTaxCode": "1257L", "previousEmployerW1M1": false})
		got := e.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, starter), e.Key, nil).Expect(t, 200).Map(t)
		if num(t, got["previousEmployerTaxablePay"]) != 20000 || got["previousEmployerLeavingDate"] != "2026-09-15T00:00:00" || got["previousEmployerW1M1"] != false {
			t.Fatalf("P45 members not stored: %v", got)
		}

		oct := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "director's October NI", e.totals(t, oct, dir)["employeeNationalInsuranceContribution"], 277.84)
		expectAmount(t, "director's October employer NI", e.totals(t, oct, dir)["employerNationalInsuranceContribution"], 1110.45)
		// 1257L free pay a month by HMRC's routine: 2 × 416.67 (each 500 of
		// the code) + 214.92 (257: 2,579 ÷ 12 rounded up) = 1,048.26.
		// Month 7: 23,000 to date less 7,337.82 → £15,662 × 20% = 3,132.40
		// due, less the P45's 2,000 = 1,132.40.
		expectAmount(t, "starter's PAYE with the P45", e.totals(t, oct, starter)["payeWithheld"], 1132.40)
		terms := e.explainTerms(t, oct, starter, "paye")
		if terms["previous employment taxable pay (P45)"] != 20000 || terms["previous employment tax (P45)"] != 2000 {
			t.Errorf("explanation of paye: %v", terms)
		}
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		nov := e.run(t, "2026-11-30", 0, 0)
		expectAmount(t, "director's November NI", e.totals(t, nov, dir)["employeeNationalInsuranceContribution"], 800)
		// Month 8: 26,000 to date less 8,386.08 free pay → £17,613 × 20% =
		// 3,522.60 due, less 3,132.40 paid (P45 2,000 + October 1,132.40).
		expectAmount(t, "starter's November PAYE", e.totals(t, nov, starter)["payeWithheld"], 390.20)

		// A P45 operated week 1/month 1 is continued on that basis, without
		// its figures: the month alone, 3,000 − 1,048.26 → £1,951 × 20% =
		// 390.20, and no refund of the year's tax (cumulatively without
		// the P45 it would be 6,000 − 8,386.08: −1,132.40).
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, starter), e.Key, map[string]any{"previousEmployerW1M1": true}).Expect(t, 200)
		e.Do("POST", nov+"/recalculate", e.Key, map[string]any{}).Expect(t, 200)
		expectAmount(t, "starter's PAYE on the week 1/month 1 basis", e.totals(t, nov, starter)["payeWithheld"], 390.20)
		if terms := e.explainTerms(t, nov, starter, "paye"); terms["previous employment tax (P45)"] != 0 {
			t.Errorf("a week 1/month 1 P45's figures counted: %v", terms)
		}

		// Leaving on 31 October (P45 back on the cumulative basis): the P45
		// this employer issues counts the previous employment's figures in
		// the year's totals (the finalised October run here).
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, starter), e.Key, map[string]any{"previousEmployerW1M1": false,
			"endDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		data := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45data", e.B, starter), e.Key, nil).Expect(t, 200).Map(t)
		if num(t, data["totalPayToDate"]) != 23000 || num(t, data["totalTaxToDate"]) != 3132.40 || num(t, data["payInThisEmployment"]) != 3000 ||
			num(t, data["taxInThisEmployment"]) != 1132.40 {
			t.Errorf("P45 figures %v", data)
		}
	})
}

// IRD's extra-pay rule (IR Payroll Calculations & Business Rules
// Specification §5.11 step 3.1): a $5,000 bonus to an M-code employee paid
// $1,500 a week takes the rate of 4 weeks' regular pay × 13 + the bonus.
// With no earlier runs for an employee employed before the four weeks
// (their pays were made, but not here), the four weeks are estimated as
// 4 × 1,500: 78,000 + 5,000 = 83,000 → 33%:
// 1,650 on the bonus + 300.39 on the week, ACC 1.75% × 6,500 = 113.75:
// PAYE with the levy 2,064.14. After three weeks at $200 the rate is
// that of the four weekly pays to the pay day, the three and this one
// (§5.11 step 3.1, "inclusive of this pay"): 800 × 13 + 5,000 = 15,400:
// 10.5% (to 15,600).
func TestNZExtraPayInPayRuns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		ann := e.employee(t, "Ann", "Weekly", map[string]any{"rate": 1500, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M"})
		bob := e.employee(t, "Bob", "Weekly", map[string]any{"rate": 200, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M"})
		P := e.run(t, "2026-06-05", ann, 5000)
		tot := e.totals(t, P, ann)
		if got := num(t, tot["payeWithheld"]) + num(t, tot["accLevyAmount"]); fmt.Sprintf("%.2f", got) != "2064.14" {
			t.Errorf("PAYE %v + ACC %v = %.2f, want 2064.14", tot["payeWithheld"], tot["accLevyAmount"], got)
		}
		terms := e.explainTerms(t, P, ann, "paye")
		if terms["grossed-up amount"] != 83000 {
			t.Errorf("paye terms %v", terms)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		for _, day := range []string{"2026-06-12", "2026-06-19", "2026-06-26"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P = e.run(t, "2026-07-03", bob, 5000)
		terms = e.explainTerms(t, P, bob, "paye")
		if terms["regular earnings of the four weeks to the pay date (monthly: the month), this pay's included"] != 800 || terms["grossed-up amount"] != 15400 || terms["rate on extra pays"] != 0.105 {
			t.Errorf("paye terms after four weeks at 200: %v", terms)
		}
		// 10.5% × 5,000 = 525 + the week's 200 (10,400 a year: 1,092 ÷ 52 = 21).
		expectAmount(t, "Bob's PAYE", e.totals(t, P, bob)["payeWithheld"], 546)
	})
}

// CPF's AW ceiling from the year's estimated OW: $8,000 a month with a
// $20,000 June bonus: 5 × 8,000 before June, 8,000 in June and 6 × 8,000
// to come: ceiling 102,000 − 96,000 = 6,000; employee 20% × 14,000 =
// 2,800, employer 17% = 2,380. The employee then leaves in September:
// the actual OW (9 × 8,000 = 72,000) leaves a ceiling of 30,000, so the
// rest of the bonus (14,000) is subject in September: employee 20% ×
// 22,000 = 4,400, employer 3,740.
func TestSGAWCeilingInPayRuns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		sue := e.employee(t, "Sue", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2025-01-01T00:00:00"})
		for _, day := range []string{"2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		jun := e.run(t, "2026-06-30", sue, 20000)
		tot := e.totals(t, jun, sue)
		expectAmount(t, "June CPF employee", tot["cpfEmployeeContributionAmount"], 2800)
		expectAmount(t, "June CPF employer", tot["cpfEmployerContributionAmount"], 2380)
		e.Do("POST", jun+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		for _, day := range []string{"2026-07-31", "2026-08-31"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, sue), e.Key, map[string]any{"endDate": "2026-09-30T00:00:00"}).Expect(t, 200)
		// Terminated by the end date: the run includes her on request.
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-09-30T00:00:00",
			"datePaid": "2026-09-30T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		sep := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		tot = e.totals(t, sep, sue)
		expectAmount(t, "September (leaving) CPF employee", tot["cpfEmployeeContributionAmount"], 4400)
		expectAmount(t, "September (leaving) CPF employer", tot["cpfEmployerContributionAmount"], 3740)
		x := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", sep, sue), e.Key, nil).Expect(t, 200).Body
		if !strings.Contains(string(x), "year-end recalculation") {
			t.Errorf("the September explanation does not show the recalculation: %s", x)
		}
	})
}
