package views

// SetDetailsChunk sets how many employees' lines Details reads at once and
// returns a function that restores it.
func SetDetailsChunk(n int) (restore func()) {
	old := detailsChunk
	detailsChunk = n
	return func() { detailsChunk = old }
}
