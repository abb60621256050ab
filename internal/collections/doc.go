// Package collections wires every business-scoped collection and settings
// document of the domain packages into one value (Collections) that the
// HTTP layer and the command share. It holds no rules of its own.
package collections
