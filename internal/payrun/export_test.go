package payrun

// SetRecalcChunkSize sets how many employees a whole-run recalculation
// takes at a time, for a test of the chunk boundaries; the returned
// function restores it. Tests using it must not run in parallel.
func SetRecalcChunkSize(n int) (restore func()) {
	old := recalcChunkSize
	recalcChunkSize = n
	return func() { recalcChunkSize = old }
}
