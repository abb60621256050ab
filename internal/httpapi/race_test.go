//go:build race

package httpapi_test

// raceDetector is true when the tests run with -race, which makes every
// request several times slower: long sweeps take a sample then.
const raceDetector = true

const raceSample = 4
