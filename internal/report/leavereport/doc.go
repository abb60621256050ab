// Package leavereport is the leave reports (B/report/leavebalances,
// B/report/leavehistory, B/report/leaveliability and its preparation):
// the leave ledger summed in SQL per employee and tracked leave category,
// valued at the employee's rate, with the restricted user's scope in the
// same statement (report.Service.EmployeeScope); and the prepared leave
// liability report, computed by a background job in chunks of employees
// (jobs.go).
package leavereport

import "github.com/payrolld/payrolld/internal/report"

// Service computes the leave reports of a business over the shared report
// plumbing.
type Service struct {
	*report.Service
	// Jobs prepares the leave liability report in the background (set by
	// NewJobs).
	Jobs *Jobs
}
