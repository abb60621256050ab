//go:build race

package nz

// raceEnabled: the race detector's instrumentation allocates, so counts
// of allocations are checked in the build without it (.ci/run runs the
// calc packages' allocation tests without -race).
const raceEnabled = true
