// Package leave owns employees' leave: the ledger their balances are
// summed from (openings, accruals and leave taken, written by pay runs in
// the pay run's transaction), leave allowances and allowance templates,
// leave requests with their approval workflow, and unavailability.
//
// Balances are never stored: they are SQL sums over leave_ledger, in
// integer millionths of an hour, so they are exact on both engines. A
// request changes no balance; leave is taken when a pay run pays it
// (PostPayRun), which is also what hoursApplied reports.
package leave
