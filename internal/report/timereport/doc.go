// Package timereport is the time and attendance reports
// (B/report/timesheet, B/report/shiftswapping,
// B/report/rostertimesheetcomparison): timesheet lines, shift swaps and
// rostered shifts against timesheet lines, read from the timesheet and
// roster tables with the restricted user's scope in the same statement
// (report.Service.EmployeeScope).
package timereport

import "github.com/payrolld/payrolld/internal/report"

// Service computes the time and attendance reports of a business over
// the shared report plumbing.
type Service struct{ *report.Service }
