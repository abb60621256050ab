// Package roster owns roster shifts: who works where and when, with
// breaks, role, work type, classification and required qualifications; the
// published / accepted states; matching a clock-on or clock-off to the
// rostered shift; turning a shift into a timesheet line (stub); and shift
// swaps between employees.
//
// States (enforced here, documented on the operations):
//
//   - A shift is created unpublished unless the writer publishes it
//     (publish=true); publishing stamps datePublished.
//   - An employee accepts or declines a published shift of theirs that is
//     not yet accepted (else 409). Accept and decline are one conditional
//     statement each, so of two racing answers exactly one wins. A declined
//     shift goes back to the unassigned pool.
//   - Reassigning a shift to another employee clears its acceptance.
//   - A swap is proposed by the shift's employee to a colleague
//     (Proposed); the colleague accepts (the shift becomes theirs, accepted)
//     or declines; the proposer cancels. Each closes the swap once (409
//     after); a shift has at most one open swap.
//   - Stub turns a shift with an employee into a Submitted timesheet line,
//     once.
package roster
