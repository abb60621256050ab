//go:build race

package cli_test

// raceDetector is true when the tests run with -race, which makes every
// request several times slower: the two-node races take fewer rounds then
// (trials), as the README's command has already run the full count.
const raceDetector = true
