package cli

import "context"

// SeedDemo is seedDemo for the external tests.
var SeedDemo = seedDemo

// AddWorker adds a supervised background worker to a (before StartJobs),
// for tests of the supervisor.
func (a *App) AddWorker(name string, run func(ctx context.Context) error) {
	a.workers = append(a.workers, &worker{name: name, run: run})
}
