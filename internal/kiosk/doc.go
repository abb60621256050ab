// Package kiosk owns time and attendance: kiosks (devices a business user
// operates at a location), the employees' kiosk access and PINs, and the
// clocked shifts. The clocking logic lives here once and serves both the
// kiosk operations and the employee self-service ones.
//
// Clocking (enforced here, documented on the operations):
//
//   - clock on opens a shift (ClockedOn); an employee has at most one open
//     shift, by unique index, so of two concurrent clock-ons one wins and
//     the other gets 409. It is matched to the employee's published roster
//     shift (nearest start within the kiosk's clock-on window).
//   - start break (ClockedOn -> OnBreak) and end break (OnBreak ->
//     ClockedOn) record breaks; each move is conditional on the version
//     read (409 to the loser of a race, or from the wrong state).
//   - clock off closes the shift (ClockedOff, ending an open break) and, in
//     the same transaction, writes a Submitted timesheet line through the
//     timesheet service: the kiosk's wall-clock times, rounded by the
//     business's timesheet rounding rules (snapped to the rostered start /
//     end where the rules say), its breaks, location and work type.
//   - discard drops an open shift (Discarded) without a timesheet.
//
// Around the clocking: addshift records a complete shift (clocked off at
// once, its timesheet line written as clock off writes it; 409 when it
// overlaps another shift of the employee); the shifts list reads clocked
// shifts in SQL within the caller's employee scope; shift notes have an
// author (a business user or the employee through self service: Party),
// a read mark per reader, and are deleted only by their author (403);
// staff are the employees with kiosk access at the kiosk's location; a PIN
// reset stores an expired temporary PIN and sends it through notify.
//
// PINs are argon2id hashes; after MaxPinFailures wrong PINs in a row the
// employee's PIN checks are refused for PinLockout (409), and a good PIN
// or a reset clears the count.
package kiosk
