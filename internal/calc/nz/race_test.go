//go:build race

package nz

// raceEnabled: the race detector's instrumentation allocates, so counts
// of allocations are checked in the build without it (the README's test
// command).
const raceEnabled = true
