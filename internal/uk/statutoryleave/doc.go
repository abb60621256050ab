// Package statutoryleave keeps UK statutory leave: periods of maternity
// (SMP), paternity (SPP), adoption (SAP), shared parental (ShPP),
// parental bereavement (SPBP) and neonatal care (SNCP) leave and of
// sickness (SSP), their eligibility and week-by-week amounts from the
// rules of payroll-rules.md §2.7 and payroll-rules-2026-27.md §2.7, the
// average weekly earnings of the relevant period read from the employee's
// finalised pay runs, the employee documents attached to them, and the
// statutory pay lines a UK pay run pays for the weeks in its period.
//
// A pay run pays the statutory pay instead of salary, not on top of it:
// the employee's standard earnings lose amount × absent working days ÷
// the period's working days (working-days method: the employee's standard
// work days, Monday to Friday without an advanced work week), every day
// of a period of leave or sickness counting as absent whether or not it
// is paid (not eligible = unpaid leave; paused neonatal care leave is not
// an absence). An occupational scheme (internal/uk/occupationalabsence)
// tops the statutory pay up (internal/payrun statutory_leave.go).
//
// Amounts are whole pence computed in integers from exact fractions: the
// only roundings are the ones the rules name (90% of AWE up to the penny;
// a part week's rate × days ÷ 7, or SSP's rate × days ÷ qualifying days,
// up to the penny as a running total per week so a week split across pay
// runs adds up to the week's amount).
package statutoryleave
