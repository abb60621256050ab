// Package employeereport is the reports of employees rather than pay runs
// (B/report/birthday, B/report/employeeaudit, B/report/employeedetails,
// B/report/documentacknowledgements): one statement over the employees a
// filter selects, with the restricted user's scope in the same statement
// (report.Service.EmployeeScope).
package employeereport

import "github.com/payrolld/payrolld/internal/report"

// Service computes the employee reports of a business over the shared
// report plumbing.
type Service struct{ *report.Service }
