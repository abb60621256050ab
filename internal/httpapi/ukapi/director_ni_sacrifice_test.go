package ukapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A company director on the annual earnings period who gives up 10% of a
// £5,000 month by salary sacrifice into a pension: NI is worked on £4,500
// a month, cumulatively over the year (SSCR 2001 reg 8; 2026/27 annual PT
// £12,570, ST £5,000; 8% and 15%, docs/reference/uk-directors-ni.md):
//
//	April: 4,500 to date: below PT and ST, no NI.
//	May:   9,000 to date: employee 0; employer 15% × (9,000 − 5,000) = 600.00.
//	June: 13,500 to date: employee 8% × (13,500 − 12,570) = 74.40;
//	       employer 15% × (13,500 − 5,000) = 1,275.00 − 600.00 = 675.00.
//
// Summing gross pay to date instead (5,000 a month) charges NI on the
// sacrificed pay: May employer 675.00, June employee 154.40.
func TestUKDirectorNIAfterSalarySacrifice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		monthly := postID(t, e, e.B+"/payschedule", map[string]any{"name": "Monthly", "frequency": "Monthly"})
		dee := monthlyEmployee(t, e, "Dee", map[string]any{"dateOfBirth": "1975-05-06T00:00:00", "rate": 5000,
			"isCompanyDirector": "true", "nationalInsuranceCalculationMethod": "Cumulative"})
		joinSacrificePlan(t, e, dee, 10)
		for _, m := range []struct {
			end              string
			employee, employ float64
		}{{"2026-04-30", 0, 0}, {"2026-05-31", 0, 600}, {"2026-06-30", 74.40, 675}} {
			run := num(t, e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": monthly, "payPeriodEnding": m.end + "T00:00:00",
				"datePaid": m.end + "T00:00:00"}).Expect(t, 200).Map(t)["id"])
			P := fmt.Sprintf("%s/payrun/%v", e.B, run)
			tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, dee), key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(dee)].(map[string]any)
			if num(t, tot["grossEarnings"]) != 5000 || num(t, tot["employeeNationalInsuranceContribution"]) != m.employee ||
				num(t, tot["employerNationalInsuranceContribution"]) != m.employ {
				t.Fatalf("%s: gross %v, employee NI %v (want %v), employer NI %v (want %v)", m.end, tot["grossEarnings"],
					tot["employeeNationalInsuranceContribution"], m.employee, tot["employerNationalInsuranceContribution"], m.employ)
			}
			e.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		}
	})
}

// An NI back calculation recomputes each period's NI on the pay it was
// worked on: £2,500 a month with 10% sacrificed is £2,250 of NI-able pay.
// Recorded under A: employee 8% × (2,250 − 1,048) = 96.16, employer 15% ×
// (2,250 − 417) = 274.95. Under M the employee's is the same and the
// employer's nil below the UEL: differences 0 and −274.95 (taxable pay
// plus the pre-tax deduction, 2,500, would show the employee 20.00 short).
func TestUKNIBackCalculationAfterSalarySacrifice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		key := e.Key
		monthly := postID(t, e, e.B+"/payschedule", map[string]any{"name": "Monthly", "frequency": "Monthly"})
		sam := monthlyEmployee(t, e, "Sam", map[string]any{"rate": 2500})
		joinSacrificePlan(t, e, sam, 10)
		run := num(t, e.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": monthly, "payPeriodEnding": "2026-04-30T00:00:00",
			"datePaid": "2026-04-30T00:00:00"}).Expect(t, 200).Map(t)["id"])
		e.Do("POST", fmt.Sprintf("%s/payrun/%v/finalise", e.B, run), key, nil).Expect(t, 200)
		c := e.Do("GET", fmt.Sprintf("%s/employee/%d/nationalinsurancebackcalculation/calculation?nationalInsuranceCategory=M&toDate=2026-05-05T00:00:00", e.B, sam),
			key, nil).Expect(t, 200).Map(t)
		periods := c["periods"].([]any)
		if len(periods) != 1 || num(t, periods[0].(map[string]any)["niablePay"]) != 2250 || num(t, c["employeeNiRecorded"]) != 96.16 ||
			num(t, c["employerNiRecorded"]) != 274.95 || num(t, c["employeeNiDifference"]) != 0 || num(t, c["employerNiDifference"]) != -274.95 {
			t.Fatalf("back calculation %v", c)
		}
	})
}

// postID creates what body describes at path and returns its id.
func postID(t *testing.T, e *env, path string, body map[string]any) int64 {
	t.Helper()
	return int64(num(t, e.Do("POST", path, e.Key, body).Expect(t, 200).Map(t)["id"]))
}

// monthlyEmployee creates a complete employee of e's business on its
// "Monthly" schedule (London, category A, a fixed monthly rate), with
// members overriding or adding to those defaults.
func monthlyEmployee(t *testing.T, e *env, first string, members map[string]any) int64 {
	t.Helper()
	body := map[string]any{"firstName": first, "surname": "Tester", "dateOfBirth": "1980-05-06T00:00:00", "gender": "Female",
		"startDate": "2020-01-01T00:00:00", "employmentType": "FullTime", "paySchedule": "Monthly", "primaryPayCategory": "Ordinary Hours",
		"primaryLocation": "Head office", "residentialStreetAddress": "1 High St", "residentialPostCode": "SW1A 1AA", "residentialCity": "London",
		"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100,
		"bankAccount1_SortCode": "12-34-56", "taxCode": "1257L", "nationalInsuranceCategory": "A", "rateUnit": "Fixed"}
	for k, v := range members {
		body[k] = v
	}
	return postID(t, e, e.B+"/employee/unstructured?matchType=None", body)
}

// joinSacrificePlan makes emp a member, from 6 April 2026, of a new net
// pay pension plan that takes pct% of pay by salary sacrifice (employer 3%).
func joinSacrificePlan(t *testing.T, e *env, emp int64, pct float64) {
	t.Helper()
	scheme := postID(t, e, e.B+"/pensionscheme", map[string]any{"name": "NEST"})
	plan := postID(t, e, fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), map[string]any{"contributionPlanName": "Salary sacrifice",
		"calculateOnQualifyingEarnings": false, "pensionType": "NetPay", "employeeContribution": 0, "employerContribution": 3, "salarySacrifice": pct})
	e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, emp), e.Key, map[string]any{"pensionSchemeContributionPlanId": plan,
		"startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
}
