package conformance_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// Scenario steps for the areas served since the first steps were written:
// employee records, leave, timesheets and pay runs. Writes go as forms (as
// the generated clients send them) so that form binding is checked for
// every one of them along with the answer's shape.

// areaFixture is what the area steps share: one AU employee with
// everything a pay run needs, a second one, and the categories they name.
type areaFixture struct {
	key                       string
	biz                       int64
	ann, ben                  int64
	loc, schedule             int64
	ordinary, overtime, bonus int64
	union, levy, tools        int64
	annual, unpaid, workType  int64
}

func exerciseAreas(t *testing.T, r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	f := &areaFixture{key: b.Key, biz: b.Biz}
	mk := func(coll string, body map[string]any) int64 {
		return r.id(r.call(f.key, "POST", B+"/"+coll, body, f.biz))
	}
	f.loc = mk("location", map[string]any{"name": "Conf Sydney", "state": "NSW"})
	f.schedule = mk("payschedule", map[string]any{"name": "Conf Weekly", "frequency": "Weekly"})
	f.ordinary = mk("paycategory", map[string]any{"name": "Conf Ordinary", "rateUnit": "Hourly", "accruesLeave": true})
	f.overtime = mk("paycategory", map[string]any{"name": "Conf Overtime", "rateUnit": "Hourly", "parentId": f.ordinary, "rateLoadingPercent": 50})
	f.bonus = mk("paycategory", map[string]any{"name": "Conf Bonus", "rateUnit": "Fixed", "externalId": "CONF-BON"})
	f.union = mk("deductioncategory", map[string]any{"name": "Conf Union"})
	f.levy = mk("employerliabilitycategory", map[string]any{"name": "Conf Levy"})
	f.tools = mk("employeeexpensecategory", map[string]any{"name": "Conf Tools"})
	f.annual = mk("leavecategory", map[string]any{"name": "Conf Annual", "externalId": "CONF-ANNUAL"})
	f.unpaid = mk("leavecategory", map[string]any{"name": "Conf Unpaid", "isBalanceUntracked": true})
	f.workType = mk("worktype", map[string]any{"name": "Conf Barista"})
	emp := func(first, ext string, extra map[string]any) int64 {
		body := map[string]any{"firstName": first, "surname": "Conformance", "externalId": ext, "dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00",
			"taxFileNumber": "123456782", "employmentType": "FullTime", "australianResident": true, "claimTaxFreeThreshold": true,
			"paySchedule": "Conf Weekly", "primaryPayCategory": "Conf Ordinary", "rate": 35.1234, "rateUnit": "Hourly", "hoursPerWeek": 38,
			"residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney", "residentialState": "NSW", "residentialPostCode": "2000",
			"primaryLocation": "Conf Sydney", "locations": "Conf Sydney", "bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678",
			"bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100,
			"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}
		for k, v := range extra {
			body[k] = v
		}
		return r.id(r.call(f.key, "POST", B+"/employee/unstructured", body, f.biz, "?matchType=None"))
	}
	f.ann = emp("Ann", "CONF-ANN", nil)
	f.ben = emp("Ben", "CONF-BEN", map[string]any{"rate": 91300, "rateUnit": "Annually"})

	employeeRecordSteps(t, r, f)
	leaveSteps(t, r, f)
	timesheetSteps(t, r, f)
	payRunSteps(t, r, f)
	recordSteps(r, f)
	rosterKioskSteps(r, f)
}

// resultID reads the id of {result: {id}} (save answers with warnings).
func (r *run) resultID(res *testkit.Response) int64 {
	r.t.Helper()
	var out struct {
		Result struct {
			ID int64 `json:"id"`
		} `json:"result"`
	}
	if res.Status == 200 {
		res.JSON(r.t, &out)
	}
	if out.Result.ID == 0 {
		r.t.Errorf("no result.id in %.300s", res.Body)
	}
	return out.Result.ID
}

func employeeRecordSteps(t *testing.T, r *run, f *areaFixture) {
	B := "/api/v2/business/{businessId}"
	E := B + "/employee/{employeeId}"
	key, biz, ann := f.key, f.biz, f.ann

	// Bank accounts.
	acct := r.resultID(r.form(key, "POST", E+"/bankaccount", map[string]any{"bsb": "063-001", "accountName": "Ann Savings", "accountNumber": "87654321", "fixedAmount": 50}, biz, ann))
	r.call(key, "GET", E+"/bankaccount", nil, biz, ann)
	r.call(key, "GET", E+"/bankaccount/{bankAccountId}", nil, biz, ann, acct)
	r.form(key, "PUT", E+"/bankaccount/{bankAccountId}", map[string]any{"bsb": "063-001", "accountName": "Ann Savings", "accountNumber": "87654321", "fixedAmount": 60.5}, biz, ann, acct)

	// Recurring inclusions.
	ded := r.id(r.form(key, "POST", E+"/deduction", map[string]any{"name": "Union", "deductionCategoryId": f.union, "amount": 50, "deductionType": "Fixed",
		"externalReferenceId": "CONF-D1", "fromDate": "2026-10-01T00:00:00", "maximumAmountPaid": 500, "notes": "weekly"}, biz, ann))
	r.call(key, "GET", E+"/deduction", nil, biz, ann)
	r.call(key, "GET", E+"/deduction/{id}", nil, biz, ann, ded)
	r.form(key, "PUT", E+"/deduction/{id}", map[string]any{"name": "Union", "deductionCategoryId": f.union, "amount": 55, "deductionType": "Fixed",
		"externalReferenceId": "CONF-D1", "fromDate": "2026-10-01T00:00:00", "maximumAmountPaid": 500}, biz, ann, ded)
	r.form(key, "POST", B+"/employee/deduction", []string{"CONF-D1", "none"}, biz)
	pct := r.id(r.form(key, "POST", E+"/deduction", map[string]any{"name": "Savings", "deductionCategoryId": f.union, "amount": 5.5, "deductionType": "PercentageNet",
		"paidTo": "BankAccount", "paidToAccountId": acct, "fromDate": "2026-11-01T00:00:00", "expiryDate": "2026-11-03T00:00:00"}, biz, ann))

	lia := r.id(r.form(key, "POST", E+"/employerliability", map[string]any{"employerLiabilityCategoryId": f.levy, "amount": 12.34, "liabilityType": "Fixed", "fromDate": "2026-01-01T00:00:00"}, biz, ann))
	r.call(key, "GET", E+"/employerliability", nil, biz, ann)
	r.call(key, "GET", E+"/employerliability/{id}", nil, biz, ann, lia)
	r.form(key, "PUT", E+"/employerliability/{id}", map[string]any{"employerLiabilityCategoryId": f.levy, "amount": 13, "liabilityType": "Fixed", "fromDate": "2026-01-01T00:00:00"}, biz, ann, lia)

	earn := r.id(r.form(key, "POST", E+"/additional-earnings", map[string]any{"payCategoryId": f.bonus, "amount": 25, "units": 2, "locationId": f.loc,
		"startDate": "2026-12-01T00:00:00", "maximumAmountPaid": 100}, biz, ann))
	r.call(key, "GET", E+"/additional-earnings", nil, biz, ann)
	r.call(key, "GET", E+"/additional-earnings/{id}", nil, biz, ann, earn)
	r.form(key, "PUT", E+"/additional-earnings/{id}", map[string]any{"payCategoryId": f.bonus, "amount": 30, "units": 1, "startDate": "2026-12-01T00:00:00", "endDate": "2027-06-30T00:00:00"}, biz, ann, earn)

	exp := r.id(r.form(key, "POST", E+"/expense", map[string]any{"name": "Toolbox", "expenseCategoryId": f.tools, "amount": 15, "taxCode": "GST", "taxRate": 10,
		"fromDate": "2026-09-01T00:00:00", "expiryDate": "2026-10-15T00:00:00"}, biz, ann))
	r.call(key, "GET", E+"/expense", nil, biz, ann)
	r.call(key, "GET", E+"/expense/{id}", nil, biz, ann, exp)
	r.form(key, "PUT", E+"/expense/{id}", map[string]any{"name": "Toolbox", "expenseCategoryId": f.tools, "amount": 16, "fromDate": "2026-09-01T00:00:00"}, biz, ann, exp)

	// Notes, pay rates, standard hours.
	r.form(key, "POST", E+"/notes", map[string]any{"note": "Started on the night shift"}, biz, ann)
	r.call(key, "GET", E+"/notes", nil, biz, ann)
	r.call(key, "GET", E+"/worktype", nil, biz, ann)
	r.call(key, "GET", E+"/shiftcondition", nil, biz, ann)
	r.call(key, "GET", E+"/payrate", nil, biz, ann)
	r.call(key, "GET", E+"/standardhours", nil, biz, ann)
	r.form(key, "PUT", E+"/standardhours", map[string]any{"standardHoursPerWeek": 38, "standardHoursPerDay": 7.6, "fullTimeEquivalentHours": 38}, biz, ann)

	sched := r.id(r.form(key, "POST", E+"/payrateschedule", map[string]any{"rate": 52, "rateUnit": "Hourly", "commencementDate": "2027-12-01T00:00:00"}, biz, ann))
	r.call(key, "GET", E+"/payrateschedule", nil, biz, ann)
	r.call(key, "GET", E+"/payrateschedule/{payRateScheduleId}", nil, biz, ann, sched)
	r.form(key, "PUT", E+"/payrateschedule/{payRateScheduleId}", map[string]any{"rate": 53, "rateUnit": "Hourly", "commencementDate": "2027-12-01T00:00:00"}, biz, ann, sched)

	tmpl := r.id(r.form(key, "POST", B+"/payratetemplate", map[string]any{"name": "Conf Award L1", "primaryPayCategoryId": f.ordinary, "superThresholdAmount": 450,
		"payCategories": []any{
			map[string]any{"payCategoryId": f.ordinary, "userSuppliedRate": 30, "standardWeeklyHours": 38},
			map[string]any{"payCategoryId": f.overtime, "userSuppliedRate": 0, "superRate": 0},
		}}, biz))
	r.call(key, "GET", B+"/payratetemplate", nil, biz)
	r.call(key, "GET", B+"/payratetemplate/{id}", nil, biz, tmpl)
	r.form(key, "PUT", B+"/payratetemplate/{id}", map[string]any{"name": "Conf Award L2", "primaryPayCategoryId": f.ordinary}, biz, tmpl)

	// Deletes.
	r.call(key, "DELETE", B+"/payratetemplate/{id}", nil, biz, tmpl)
	r.call(key, "DELETE", E+"/payrateschedule/{payRateScheduleId}", nil, biz, ann, sched)
	r.call(key, "DELETE", E+"/expense/{id}", nil, biz, ann, exp)
	r.call(key, "DELETE", E+"/additional-earnings/{id}", nil, biz, ann, earn)
	r.call(key, "DELETE", E+"/employerliability/{id}", nil, biz, ann, lia)
	r.call(key, "DELETE", E+"/deduction/{id}", nil, biz, ann, pct)
	r.call(key, "DELETE", E+"/deduction/{id}", nil, biz, ann, ded)
	r.call(key, "DELETE", E+"/bankaccount/{bankAccountId}", nil, biz, ann, acct)
}

func leaveSteps(t *testing.T, r *run, f *areaFixture) {
	B := "/api/v2/business/{businessId}"
	E := B + "/employee/{employeeId}"
	key, biz, ann, ben := f.key, f.biz, f.ann, f.ben

	// Allowance templates, assigned and re-applied.
	full := r.id(r.form(key, "POST", B+"/leaveallowancetemplate", map[string]any{"name": "Conf Full time", "leaveCategories": []any{map[string]any{
		"leaveCategoryId": f.annual, "units": 4, "unitType": "Weeks", "leaveUnitType": "Hours", "canApplyForLeave": true, "leaveLoading": 17.5}}}, biz))
	casual := r.id(r.form(key, "POST", B+"/leaveallowancetemplate", map[string]any{"name": "Conf Casual"}, biz))
	r.call(key, "GET", B+"/leaveallowancetemplate", nil, biz)
	r.call(key, "GET", B+"/leaveallowancetemplate/{id}", nil, biz, full)
	r.form(key, "PUT", B+"/leaveallowancetemplate/{id}", map[string]any{"leaveCategories": []any{map[string]any{"leaveCategoryId": f.annual, "units": 5, "unitType": "Weeks"}}}, biz, full)
	r.call(key, "POST", E+"/leaveallowancetemplate/assign/{leaveAllowanceTemplateId}", nil, biz, ann, full)
	r.call(key, "GET", E+"/leaveallowancetemplate", nil, biz, ann)
	r.call(key, "POST", B+"/leaveallowancetemplate/reapply/{id}", nil, biz, full)
	r.call(key, "DELETE", B+"/leaveallowancetemplate/{id}", nil, biz, casual)

	// Allowances, per employee and business-wide.
	r.form(key, "PUT", E+"/leaveallowances", []any{map[string]any{"leaveCategoryId": fmt.Sprint(f.annual), "units": 0.076923, "unitType": "HoursPerHourWorked",
		"canApplyForLeave": true, "leaveLoading": 17.5, "hoursPerYear": 152}}, biz, ann)
	r.call(key, "GET", E+"/leaveallowances", nil, biz, ann)
	r.form(key, "PUT", B+"/leaveallowances", map[string]any{"employeeIdType": "External", "leaveCategoryIdType": "External",
		"leaveAllowances": map[string]any{"CONF-BEN": []any{map[string]any{"leaveCategoryId": "CONF-ANNUAL", "units": 4, "unitType": "Weeks"}}}}, biz)
	r.call(key, "GET", B+"/leaveallowances", nil, biz)
	r.call(key, "GET", B+"/leaveallowances/{employeeId}", nil, biz, ben)
	r.call(key, "GET", E+"/leavebalances", nil, biz, ann)

	// Requests: estimate, create, edit both ways, approve, decline, cancel.
	r.call(key, "GET", E+"/leaverequest/estimate", nil, biz, ann, fmt.Sprintf("?leaveCategoryId=%d&fromDate=2026-11-02&toDate=2026-11-08", f.annual))
	req := r.id(r.form(key, "POST", E+"/leaverequest", map[string]any{"leaveCategoryId": f.annual, "fromDate": "2026-11-02T00:00:00", "toDate": "2026-11-06T00:00:00", "notes": "Holiday"}, biz, ann))
	r.call(key, "GET", E+"/leaverequest", nil, biz, ann)
	r.call(key, "GET", E+"/leaverequest/{leaveRequestId}", nil, biz, ann, req)
	r.call(key, "GET", B+"/leaverequest", nil, biz)
	r.form(key, "PUT", E+"/leaverequest/{leaveRequestId}", map[string]any{"notes": "Beach"}, biz, ann, req)
	r.form(key, "PUT", E+"/leaverequest", map[string]any{"id": req, "toDate": "2026-11-05T00:00:00"}, biz, ann)
	r.call(key, "POST", E+"/leaverequest/{leaveRequestId}/approve", nil, biz, ann, req)
	declined := r.id(r.form(key, "POST", E+"/leaverequest", map[string]any{"leaveCategoryId": f.unpaid, "fromDate": "2026-12-01T00:00:00", "toDate": "2026-12-01T00:00:00", "hours": 3.5, "notes": "Appointment"}, biz, ann))
	r.form(key, "POST", E+"/leaverequest/{leaveRequestId}/decline", map[string]any{"reason": "Short staffed"}, biz, ann, declined)
	cancelled := r.id(r.form(key, "POST", E+"/leaverequest", map[string]any{"leaveCategoryId": f.unpaid, "fromDate": "2026-12-08T00:00:00", "toDate": "2026-12-08T00:00:00", "notes": "Errand"}, biz, ann))
	r.call(key, "DELETE", E+"/leaverequest/{leaveRequestId}", nil, biz, ann, cancelled)

	// Unavailability.
	u := r.id(r.form(key, "POST", B+"/unavailability", map[string]any{"employeeId": ann, "fromDate": "2026-11-10T09:00:00", "toDate": "2026-11-10T12:00:00", "reason": "Uni"}, biz))
	r.form(key, "POST", B+"/unavailability", map[string]any{"employeeId": ben, "fromDate": "2026-11-02T00:00:00", "toDate": "2026-11-02T23:59:59",
		"recurring": true, "endDate": "2026-12-31T00:00:00"}, biz)
	r.call(key, "GET", B+"/unavailability", nil, biz)
	r.call(key, "GET", B+"/unavailability/{id}", nil, biz, u)
	r.form(key, "PUT", B+"/unavailability/{id}", map[string]any{"reason": "Exam"}, biz, u)
	r.call(key, "DELETE", B+"/unavailability/{id}", nil, biz, u)
}

func timesheetSteps(t *testing.T, r *run, f *areaFixture) {
	B := "/api/v2/business/{businessId}"
	M := B + "/manager/{employeeId}/timesheet/{timesheetId}"
	key, biz, ann, ben := f.key, f.biz, f.ann, f.ben

	line := func(day int) int64 {
		return r.id(r.form(key, "POST", B+"/timesheet", map[string]any{"employeeId": ann, "startTime": fmt.Sprintf("2026-11-%02dT09:00:00", day),
			"endTime": fmt.Sprintf("2026-11-%02dT17:00:00", day), "locationId": f.loc, "workTypeId": f.workType, "comments": "day",
			"breaks": []any{map[string]any{"startTime": fmt.Sprintf("2026-11-%02dT12:00:00", day), "endTime": fmt.Sprintf("2026-11-%02dT12:30:00", day)}}}, biz))
	}
	first, second, third := line(16), line(17), line(18)
	r.call(key, "GET", B+"/timesheet", nil, biz, "?fromDate=2026-11-16&toDate=2026-11-22")
	r.form(key, "PUT", B+"/timesheet/{timesheetLineId}", map[string]any{"employeeId": ann, "startTime": "2026-11-17T08:00:00", "endTime": "2026-11-17T16:00:00", "locationId": f.loc}, biz, second)
	r.call(key, "GET", B+"/manager/timesheet", nil, biz, "?orderBy=Employee&status=Submitted")
	r.call(key, "GET", M, nil, biz, ann, first)
	r.call(key, "POST", M+"/approve", nil, biz, ann, first)
	r.form(key, "POST", M, map[string]any{"start": "2026-11-16T08:30:00", "end": "2026-11-16T16:00:00", "locationId": f.loc, "payCategoryId": f.ordinary, "comments": "early"}, biz, ann, first)
	r.form(key, "POST", M+"/reject", map[string]any{"reason": "duplicate"}, biz, ann, second)
	r.call(key, "DELETE", M, nil, biz, ann, third)
	r.call(key, "DELETE", B+"/timesheet/{timesheetLineId}", nil, biz, second)
	r.call(key, "POST", M+"/approve", nil, biz, ann, first)

	// Bulk: Ben's week added, then replaced.
	day := func(d int) map[string]any {
		return map[string]any{"startTime": fmt.Sprintf("2026-11-%02dT09:00:00", d), "endTime": fmt.Sprintf("2026-11-%02dT17:00:00", d), "locationId": fmt.Sprint(f.loc),
			"breaks": []any{map[string]any{"startTime": fmt.Sprintf("2026-11-%02dT12:00:00", d), "endTime": fmt.Sprintf("2026-11-%02dT12:30:00", d)}}}
	}
	r.form(key, "POST", B+"/timesheet/bulk", map[string]any{"fromDate": "2026-11-16", "toDate": "2026-11-22", "returnResponse": true,
		"timesheets": map[string]any{fmt.Sprint(ben): []any{day(16), day(17)}}}, biz)
	r.form(key, "PUT", B+"/timesheet/bulk", map[string]any{"fromDate": "2026-11-16", "toDate": "2026-11-22", "employeeIdType": "External", "approved": true, "returnResponse": true,
		"timesheets": map[string]any{"CONF-BEN": []any{day(18)}}}, biz)
}

func payRunSteps(t *testing.T, r *run, f *areaFixture) {
	B := "/api/v2/business/{businessId}"
	P := B + "/payrun/{payRunId}"
	key, biz, ann, ben := f.key, f.biz, f.ann, f.ben

	run := r.id(r.form(key, "POST", B+"/payrun", map[string]any{"payScheduleId": f.schedule, "payPeriodEnding": "2026-11-20T00:00:00", "datePaid": "2026-11-20T00:00:00",
		"externalId": "CONF-RUN-1"}, biz))
	r.call(key, "GET", B+"/payrun", nil, biz)
	r.call(key, "GET", B+"/payrun/summary", nil, biz)
	r.call(key, "GET", P, nil, biz, run)

	// Lines: added, read, one of each removed (ids read back: a
	// recalculation writes the standard earnings line again).
	r.form(key, "POST", P+"/earningslines", map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{fmt.Sprint(ann): []any{
		map[string]any{"payCategoryId": "CONF-BON", "earnings": 100, "notes": "target"}}}}, biz, run)
	r.call(key, "GET", P+"/earningslines", nil, biz, run)
	r.form(key, "POST", P+"/deductions", map[string]any{"deductions": map[string]any{fmt.Sprint(ann): []any{
		map[string]any{"deductionCategoryId": fmt.Sprint(f.union), "amount": 12.5}, map[string]any{"deductionCategoryId": fmt.Sprint(f.union), "amount": 3}}}}, biz, run)
	r.call(key, "GET", P+"/deductions", nil, biz, run)
	type line struct {
		ID     int64   `json:"id"`
		Notes  string  `json:"notes"`
		Amount float64 `json:"amount"`
	}
	var earned struct {
		EarningsLines map[string][]line `json:"earningsLines"`
	}
	r.call(key, "GET", P+"/earningslines/{employeeId}", nil, biz, run, ann).JSON(t, &earned)
	var deducted struct {
		Deductions map[string][]line `json:"deductions"`
	}
	r.call(key, "GET", P+"/deductions/{employeeId}", nil, biz, run, ann).JSON(t, &deducted)
	lineID := func(lines []line, match func(line) bool) string {
		for _, l := range lines {
			if match(l) {
				return fmt.Sprintf("?id=%d", l.ID)
			}
		}
		t.Errorf("no such line in %+v", lines)
		return "?id=0"
	}
	r.call(key, "DELETE", P+"/earningslines", nil, biz, run, lineID(earned.EarningsLines[fmt.Sprint(ann)], func(l line) bool { return l.Notes == "target" }))
	r.call(key, "DELETE", P+"/deductions", nil, biz, run, lineID(deducted.Deductions[fmt.Sprint(ann)], func(l line) bool { return l.Amount == 3 }))

	// Notations and employees.
	r.form(key, "POST", P+"/notation", map[string]any{"notation": "Thanks all"}, biz, run)
	r.form(key, "POST", P+"/notation/{employeeId}", map[string]any{"notation": "Welcome back"}, biz, run, ann)
	r.call(key, "DELETE", P+"/notation/{employeeId}", nil, biz, run, ann)
	r.call(key, "DELETE", P+"/notation", nil, biz, run)
	r.call(key, "DELETE", P+"/employee/{employeeId}", nil, biz, run, ben)
	r.call(key, "POST", P+"/employee/{employeeId}", nil, biz, run, ben)
	r.call(key, "POST", P+"/recalculate", nil, biz, run)

	// Reports of the run.
	r.call(key, "GET", P+"/summary", nil, biz, run)
	r.call(key, "GET", P+"/details", nil, biz, run)
	r.call(key, "GET", P+"/totals", nil, biz, run)
	r.call(key, "GET", P+"/totals/{employeeId}", nil, biz, run, ann)
	r.call(key, "GET", P+"/payslips", nil, biz, run)
	r.call(key, "GET", P+"/payslips/{employeeId}", nil, biz, run, ann)

	// Finalised, unlocked, finalised again; a second run deleted.
	r.form(key, "POST", P+"/finalise", map[string]any{"publishPaySlips": "Immediate"}, biz, run)
	r.call(key, "GET", P, nil, biz, run)
	r.form(key, "POST", P+"/unlock", map[string]any{"comments": "wrong bonus"}, biz, run)
	r.call(key, "POST", P+"/finalise", nil, biz, run)
	second := r.id(r.form(key, "POST", B+"/payrun", map[string]any{"payScheduleId": f.schedule, "payPeriodEnding": "2026-11-27T00:00:00"}, biz))
	r.call(key, "DELETE", P, nil, biz, second)
}
