//go:build race

package httpapi_test

// raceDetector is true when the tests run with -race, which makes every
// request several times slower: long sweeps take a sample then.
const raceDetector = true

// The README's command sweeps every operation without -race, so CI's race
// step only needs a smoke sample of the sweep (it was 290 s of a 370 s
// package run at a quarter; at a sixteenth still 155 s of 342 s, on both
// engines at once, so now a sixty-fourth: ~15 operations per engine).
const raceSample = 64
