// Package timesheet owns timesheet lines: storage (timesheet_lines and
// their breaks), validation, durations, overlap detection, costing from
// the employee's rate, the review states and the hand-over to pay runs.
//
// States and transitions (enforced here, documented on the operations):
//
//   - A line is created Submitted (or Missing / Approved when the writer
//     says so; a business user may create lines already approved).
//   - approve: Submitted or Missing -> Approved; reject (with a reason):
//     Submitted or Missing -> Rejected. Each is one conditional statement,
//     so of two reviewers racing on one line exactly one wins and the
//     other gets 409.
//   - edit: allowed in every state but Processed; an edited Approved or
//     Rejected line returns to Submitted unless the edit itself sets the
//     status (Submitted, Approved or Missing). Edits are conditional on
//     the version read, so a concurrent edit or review answers 409.
//   - Processed only through a pay run (MarkProcessed); Processed lines are
//     read-only (isLocked) and cannot be deleted; unlocking the pay run
//     returns them to Approved (ReturnToApproved).
//   - delete: any state but Processed.
package timesheet
