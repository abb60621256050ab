// Package expense is employees' expense requests (E/expenserequest,
// S/expense): claims of one or more lines (an employee expense category,
// an amount, the date incurred, a tax code and an optional location) with
// attachments (the employee's documents).
//
// States: Pending -> Approved or Declined (with a reason) by a business
// user, Pending -> Cancelled by the employee; Approved -> Processed when a
// finalised pay run paid it (internal/payrun pays the Approved requests
// whose lines were all incurred by the run's period end as expense lines)
// and back to Approved when that run is unlocked. Every transition is one
// conditional UPDATE, so of two racing callers one wins and the other is
// answered 409. Only a Pending request is edited, conditional on the
// version read; a Processed one is never deleted.
package expense
