package conformance_test

import "strconv"

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// exerciseReports calls the reports on the business whose run
// exercisePayRunOutputs finalised (paid 20 Nov 2026), so each has rows
// to check against the published shapes.
func exerciseReports(r *run, key string, biz, run, emp int64) {
	R := "/api/v2/business/{businessId}/report/"
	nov := "?fromDate=2026-11-01&toDate=2026-11-30"
	for _, p := range []string{"costing", "deductions", "detailedactivity", "detailedactivity/xlsx", "grosstonet", "grosstonet/xlsx",
		"paycategories", "paymenthistory", "payrolltax", "payruninclusions", "supercontributions/byemployee",
		"supercontributions/bysuperfund", "supercontributions/xlsx"} {
		r.call(key, "GET", R+p, nil, biz, nov)
	}
	r.call(key, "GET", R+"birthday", nil, biz, "?fromDate=2026-01-01&toDate=2026-12-31")
	r.call(key, "GET", R+"journal", nil, biz, "?payRunId="+itoa(run))
	r.call(key, "GET", R+"payslip", nil, biz, "?payRunId="+itoa(run))
	r.call(key, "GET", R+"leavebalances", nil, biz, "")
	r.call(key, "GET", R+"leavebalances/xlsx", nil, biz, "")
	r.call(key, "GET", R+"leavehistory", nil, biz, nov+"&employeeId="+itoa(emp))
}
