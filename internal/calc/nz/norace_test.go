//go:build !race

package nz

const raceEnabled = false
