package job

import (
	"time"

	"github.com/riverqueue/river"
)

// Periodic inserts the job args returns every interval (and once when the
// queue starts), on the elected leader node only: River's periodic jobs.
// Call it while building the app, like Register. args may return nil to
// skip a round.
//
// River keeps a periodic job's schedule in memory: after a restart or a
// change of leader the interval starts over, so the work a periodic job
// does must tolerate a round that comes early, late or twice.
func Periodic(c *Client, id string, interval time.Duration, args func() Args) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.frozen {
		panic("job: Periodic after the client started")
	}
	c.periodic = append(c.periodic, river.NewPeriodicJob(river.PeriodicInterval(interval),
		func() (river.JobArgs, *river.InsertOpts) {
			a := args()
			if a == nil {
				return nil, nil
			}
			return a, nil
		}, &river.PeriodicJobOpts{ID: id, RunOnStart: true}))
	c.kinds++ // a periodic job alone is work to start the queue for
}

// Scheduled is the InsertOpts of a job to run no earlier than at.
func Scheduled(at time.Time) *InsertOpts { return &InsertOpts{ScheduledAt: at} }
