// Package filing keeps what a business reports to a tax authority for its
// pay runs: one record per lodged finalisation (kind, state, the document
// as built in the finalise transaction), the list per business, web hook
// events on every state change, and the transmitters that send documents.
//
// AU Single Touch Payroll is the only kind built: finalising an AU run with
// lodgePayRun creates an "STP pay event" (internal/au/stp builds it);
// finalising again a run that was lodged (after an unlock) creates an "STP
// update event" with the corrected year to date. A filing starts Pending;
// a River job inserted in the finalise transaction hands it to the
// Transmitter, which moves it to Submitted; the authority's answer moves it
// to Accepted or Rejected (SetState).
//
// The year-end STP finalisation declaration (FinaliseYear) is a filing of
// the business's income year rather than of a run (payRunId 0): an update
// event with the selected payees' year to date and the final event
// indicator set.
package filing
