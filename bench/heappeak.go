package bench

import (
	"bytes"
	"fmt"
	"os"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"time"
)

// HeapPeak samples the heap's objects (live and not yet swept) every
// interval and keeps the heap profile taken when they were largest, with
// the step that was running then. A heap profile describes the heap at the
// last garbage collection, so it gives the peak's allocation sites, not an
// exact snapshot.
type HeapPeak struct {
	mu      sync.Mutex
	step    string
	max     uint64
	atStep  string
	profile bytes.Buffer
	stop    chan struct{}
	done    chan struct{}
}

// StartHeapPeak starts sampling; step names what runs first.
func StartHeapPeak(interval time.Duration, step string) *HeapPeak {
	h := &HeapPeak{step: step, stop: make(chan struct{}), done: make(chan struct{})}
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	go func() {
		defer close(h.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-h.stop:
				return
			case <-t.C:
			}
			metrics.Read(sample)
			h.mu.Lock()
			if live := sample[0].Value.Uint64(); live > h.max+h.max/20 {
				h.max, h.atStep = live, h.step
				h.profile.Reset()
				_ = pprof.Lookup("heap").WriteTo(&h.profile, 0)
			}
			h.mu.Unlock()
		}
	}()
	return h
}

// SetStep names the step that runs from now (nil h: no-op).
func (h *HeapPeak) SetStep(name string) {
	if h == nil {
		return
	}
	h.mu.Lock()
	h.step = name
	h.mu.Unlock()
}

// Finish stops sampling, writes the peak's profile to path and returns the
// peak in bytes and its step.
func (h *HeapPeak) Finish(path string) (uint64, string, error) {
	close(h.stop)
	<-h.done
	return h.max, h.atStep, os.WriteFile(path, h.profile.Bytes(), 0o644)
}

// PeakRSSMB is this process's peak resident set in MB: VmHWM of
// /proc/self/status, not getrusage's ru_maxrss, which Linux carries over
// exec from the parent's address space (os/exec starts a child with
// CLONE_VM), so a child of a large process would report its parent's peak.
func PeakRSSMB() (int64, error) {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb / 1024, err
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/self/status")
}
