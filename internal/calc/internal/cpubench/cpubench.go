// Package cpubench reports the process CPU time a benchmark used per
// operation ("cpu-ns/op") beside Go's wall-clock ns/op. On a shared machine
// wall time includes time the benchmark waited for a core; CPU time does
// not, so it is the steadier figure to compare before/after a change (it
// includes the garbage collector's work on other threads, which is real
// cost of the allocation).
package cpubench

import (
	"syscall"
	"testing"
)

func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// Loop runs f b.N times (b.Loop) and reports cpu-ns/op.
func Loop(b *testing.B, f func()) {
	b.ReportAllocs()
	start := cpuNanos()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	if n > 0 {
		b.ReportMetric(float64(cpuNanos()-start)/float64(n), "cpu-ns/op")
	}
}
