// Package report computes the business reports (B/report/...) from stored
// data: finalised pay runs with their employees' figures and lines,
// employees and their recurring inclusions. Every report is one or two SQL
// statements over the runs a filter selects, with the restricted user's
// scope (employee.Scope) in the same statement; Go only shapes the rows
// (breakdown dictionaries, super shares, spreadsheet cells). One file per
// report family; xlsx.go writes the spreadsheet variants.
package report
