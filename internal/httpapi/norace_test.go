//go:build !race

package httpapi_test

// raceDetector: see race_test.go.
const raceDetector = false

const raceSample = 1
