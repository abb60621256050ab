// Package hmrcadjustment owns an employee's standing HMRC adjustments
// (UK, E/hmrcadjustment): an amount each pay run paid within the
// adjustment's dates carries as an HMRC adjustment line (the same kind as
// P/hmrcadjustments), until its maximum amount is reached. What has been
// paid is summed from finalised runs' lines, never stored, so unlocking a
// run needs no reversal.
package hmrcadjustment
