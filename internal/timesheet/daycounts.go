package timesheet

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// The list's itemCount sums kept per-day counts of lines (List): counter
// rows on SQLite (migration 00901), inserted deltas on PostgreSQL (01080),
// which MergeDayCounts folds so that a period's count reads about one row
// a day.

// dayCountsTable is where d keeps its per-day line counts.
func dayCountsTable(d *db.DB) string {
	if d.Dialect == db.Postgres {
		return "timesheet_day_count_deltas"
	}
	return "timesheet_day_counts"
}

// mergeBatch is the most days one statement of MergeDayCounts folds.
const mergeBatch = 5000

// MergeDayCounts folds the deltas of every day with new ones into one row
// a day (PostgreSQL; SQLite's counters need no folding) and returns the
// days folded.
func (s *Service) MergeDayCounts(ctx context.Context) (days int64, err error) {
	defer payroll.Wrap(&err, "merge timesheet day counts")
	if s.DB.Dialect != db.Postgres {
		return 0, nil
	}
	for {
		var n int64
		if err := s.DB.InTx(ctx, func(q *store.Queries) (err error) {
			n, err = q.MergeTimesheetDayCounts(ctx, mergeBatch)
			return err
		}); err != nil {
			return days, err
		}
		days += n
		if n < mergeBatch {
			return days, nil
		}
	}
}

// mergeDayCountsEvery is how often the leader folds the deltas: a list
// sums at most the deltas written since.
const mergeDayCountsEvery = time.Minute

// RegisterJobs registers the periodic fold of the day counts on queue
// (PostgreSQL only). Call it while building the app.
func (s *Service) RegisterJobs(queue *job.Client) {
	if s.DB.Dialect != db.Postgres {
		return
	}
	job.Register(queue, job.Worker[mergeDayCountsArgs](&mergeDayCountsWorker{s: s}))
	job.Periodic(queue, "timesheet_day_counts_merge", mergeDayCountsEvery, func() job.Args { return mergeDayCountsArgs{} })
}

type mergeDayCountsArgs struct{}

func (mergeDayCountsArgs) Kind() string { return "timesheet_day_counts_merge" }

// InsertOpts keeps one fold queued or running at a time however many
// nodes' leaders insert one; a failed fold waits for the next round.
func (mergeDayCountsArgs) InsertOpts() job.InsertOpts {
	return job.InsertOpts{MaxAttempts: 1, UniqueOpts: job.UniqueOpts{ByPeriod: mergeDayCountsEvery}}
}

type mergeDayCountsWorker struct {
	job.WorkerDefaults[mergeDayCountsArgs]
	s *Service
}

func (w *mergeDayCountsWorker) Work(ctx context.Context, _ *job.Job[mergeDayCountsArgs]) error {
	_, err := w.s.MergeDayCounts(ctx)
	return err
}
