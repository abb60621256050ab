package record

import "github.com/payrolld/payrolld/internal/payroll"

// MaxAttempts is how many times an update reads, applies its change and
// tries its conditional write before giving up with a 409. Each failed
// attempt means another request committed a write of the same record in
// between, so with N concurrent writers of one record the last one needs
// N attempts; beyond this many the record is too hot to promise anything.
//
// The retry happens inside the caller's transaction: on PostgreSQL (READ
// COMMITTED, the default) each statement sees the latest committed row, so
// the re-read finds the winner's write; on SQLite writers are serialised
// (BEGIN IMMEDIATE) and an update never finds its version stale.
const MaxAttempts = 10

// Stale is the 409 of an update that kept losing the race for a record.
func Stale(label string) error {
	return payroll.Conflict("the %s was changed by another request; retry", label)
}
