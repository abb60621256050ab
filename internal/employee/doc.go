// Package employee is the employee area. Today it holds the employee data
// the reference area used to carry: employee groups (B/employeegroup) with
// their matching of employees, and UK 52-week holiday pay data
// (B/dataimport/import52weekdata). Employees themselves come next.
package employee
