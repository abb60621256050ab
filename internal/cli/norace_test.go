//go:build !race

package cli_test

// raceDetector: see race_test.go.
const raceDetector = false
