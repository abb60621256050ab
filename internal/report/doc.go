// Package report computes the business reports (B/report/...) from stored
// data: finalised pay runs with their employees' figures and lines,
// employees and their recurring inclusions. Every report is one or two SQL
// statements over the runs a filter selects, with the restricted user's
// scope (employee.Scope) in the same statement; Go only shapes the rows
// (breakdown dictionaries, super shares, spreadsheet cells). One file per
// report family; xlsx.go writes the spreadsheet variants.
//
// This package is also the plumbing the report packages share (Service,
// Filter, Args, EmployeeScope, Query, NullTime, HoursE6, RateOr, the xlsx
// writer); the reports that need no more than that live in their own
// packages, found from the URL: timereport (timesheet, shift swapping,
// roster against timesheets), employeereport (birthdays, employee audit,
// employee details, document acknowledgements) and leavereport (leave
// balances, history and liability, and the prepared liability report).
package report
