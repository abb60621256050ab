// Package pay is the pay run calculation (split out of internal/payrun,
// which imports it, never the reverse): what turns an
// employee's record and inputs into a run's lines and figures.
//
//   - Calculator (embedded in payrun.Service) reads the business's
//     categories (LoadCategories) and the employees' inputs a run pays:
//     pay rate changes, recurring inclusions, approved leave requests and
//     timesheet lines, leave allowances, expense requests, tax
//     adjustments, location splits (inputs.go, inputs_expenses.go,
//     openingbalances.go, taxadjustments.go, earningssplits.go); YearToDate reads the year-to-date with opening balances;
//   - compute.go computes one employee's figures from their lines with
//     calc/engine for the business's region (collections_calc.go: the
//     inclusion collections' effect on them; uk_pension.go: UK workplace
//     pension; statutory_leave.go and uk_employee.go: UK statutory pay,
//     absences, NI letters, HMRC adjustments and NI back calculations);
//   - Writer (writer.go) calculates a run's employees and writes their
//     rows and lines in multi-row INSERTs;
//   - explain.go recomputes one employee's pay outside a run's writer
//     (P/payslips/{employeeId}/explain, P/nettogross).
//
// The run's lifecycle (create, recalculate, lines, finalise, unlock), its
// wire models and Effects stay in internal/payrun.
package pay
