// Package job runs background work on River (github.com/riverqueue/river)
// behind a small facade, on both engines.
//
// A job is inserted with Insert inside the caller's write transaction, so
// it exists exactly when the change that queued it commits: a rolled-back
// transaction leaves no job. River then runs it at least once, on any node
// over the same database, retrying a failed attempt with backoff.
//
// River v0.34.0 is the version set that works on both engines through
// database/sql (later riverdatabasesql versions are not served here):
// riversqlite drives the SQLite writer connection and riverdatabasesql the
// PostgreSQL pool, so the caller's *sql.Tx is River's transaction too.
// Neither driver can LISTEN, so River polls for new jobs (per queue,
// PollInterval). River's tables are created by db.Migrate.
//
// Areas register their workers with Register while the app is built (before
// the first Insert or Run); the cli starts the queue with Run among its
// background jobs and stops it gracefully.
package job

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
)

// The River types areas use, so they name them through this package.
type (
	Args                    = river.JobArgs
	Job[T river.JobArgs]    = river.Job[T]
	Worker[T river.JobArgs] = river.Worker[T]
	WorkerDefaults[T Args]  = river.WorkerDefaults[T]
	InsertOpts              = river.InsertOpts
	UniqueOpts              = river.UniqueOpts
)

// Snooze asks River to run the job again after d without counting an
// attempt (river.JobSnooze).
func Snooze(d time.Duration) error { return river.JobSnooze(d) }

// Cancel ends the job for good, recording err (river.JobCancel).
func Cancel(err error) error { return river.JobCancel(err) }

// DefaultQueue is the queue jobs go to unless their InsertOpts name one.
const DefaultQueue = river.QueueDefault

// Queue is one queue's settings.
type Queue struct {
	MaxWorkers   int           // jobs of the queue worked at once on this node
	PollInterval time.Duration // how often an idle node looks for new jobs
}

// Options tune the client. Zero values take the defaults.
type Options struct {
	Log *slog.Logger
	// Queues to work, by name; the default queue is always worked
	// (10 workers, 1 s poll unless given here).
	Queues map[string]Queue
	// StopTimeout bounds a graceful stop: jobs still running then are
	// cancelled (and retried later). Default 10 s.
	StopTimeout time.Duration
	// ID names this node's client in River's tables (default: River's).
	ID string
}

// Client inserts and works jobs. Its zero value is not usable; call New.
type Client struct {
	db      *db.DB
	opt     Options
	workers *river.Workers

	once   sync.Once
	river  *river.Client[*sql.Tx]
	err    error
	frozen bool
	kinds  int // workers registered
	mu     sync.Mutex

	periodic []*river.PeriodicJob // see Periodic

	running atomic.Bool // River started and not stopped (Running)
}

// Running reports whether Run has River working jobs: started, and not
// stopped since (readiness).
func (c *Client) Running() bool { return c.running.Load() }

// New returns a client over d. It does not touch the database until the
// first Insert or Run.
func New(d *db.DB, opt Options) *Client {
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	if opt.StopTimeout <= 0 {
		opt.StopTimeout = 10 * time.Second
	}
	return &Client{db: d, opt: opt, workers: river.NewWorkers()}
}

// Register adds the worker of one job kind. Call it while building the app,
// before the client's first Insert or Run.
func Register[T Args](c *Client, w Worker[T]) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.frozen {
		panic("job: Register after the client started")
	}
	river.AddWorker(c.workers, w)
	c.kinds++
}

func (c *Client) client() (*river.Client[*sql.Tx], error) {
	c.once.Do(func() {
		c.mu.Lock()
		c.frozen = true
		c.mu.Unlock()
		queues := map[string]river.QueueConfig{DefaultQueue: {MaxWorkers: 10}}
		for name, q := range c.opt.Queues {
			queues[name] = river.QueueConfig{MaxWorkers: max(q.MaxWorkers, 1), FetchPollInterval: q.PollInterval,
				FetchCooldown: min(q.PollInterval, river.FetchCooldownDefault)}
		}
		cfg := &river.Config{ID: c.opt.ID, Logger: c.opt.Log, Queues: queues, Workers: c.workers, PeriodicJobs: c.periodic}
		c.river, c.err = river.NewClient(Driver(c.db), cfg)
	})
	return c.river, c.err
}

// Driver returns the River driver for d's engine. Both take *sql.Tx.
func Driver(d *db.DB) riverdriver.Driver[*sql.Tx] {
	if d.Dialect == db.SQLite {
		return riversqlite.New(d.W)
	}
	return riverdatabasesql.New(d.W)
}

// Insert queues args in the transaction q runs in (from db.InTx): the job
// commits or rolls back with the caller's write. Outside a transaction it
// is an error, since a job queued beside an uncommitted write could run
// before (or without) it.
func (c *Client) Insert(ctx context.Context, q *store.Queries, args Args, opts *InsertOpts) error {
	tx := q.Tx()
	if tx == nil {
		return errors.New("job: Insert outside a transaction")
	}
	return c.InsertTx(ctx, tx, args, opts)
}

// InsertTx queues args in tx.
func (c *Client) InsertTx(ctx context.Context, tx *sql.Tx, args Args, opts *InsertOpts) error {
	rc, err := c.client()
	if err != nil {
		return err
	}
	if _, err := rc.InsertTx(ctx, tx, args, opts); err != nil {
		return fmt.Errorf("job: insert %s: %w", args.Kind(), err)
	}
	return nil
}

// InsertManyTx queues several jobs in tx with one statement per engine
// batch (River's bulk insert).
func (c *Client) InsertManyTx(ctx context.Context, tx *sql.Tx, args []Args, opts *InsertOpts) error {
	if len(args) == 0 {
		return nil
	}
	rc, err := c.client()
	if err != nil {
		return err
	}
	params := make([]river.InsertManyParams, len(args))
	for i, a := range args {
		params[i] = river.InsertManyParams{Args: a, InsertOpts: opts}
	}
	if _, err := rc.InsertManyTx(ctx, tx, params); err != nil {
		return fmt.Errorf("job: insert %d jobs: %w", len(args), err)
	}
	return nil
}

// Run works jobs until ctx is cancelled, then stops gracefully: no new job
// is fetched, running ones get StopTimeout to finish, and those still
// running after it are cancelled (River retries them later). It returns
// nil after a stop that was asked for, and an error when River cannot
// start or stops on its own; the app then calls Run again (River clients
// start again after a stop).
func (c *Client) Run(ctx context.Context) error {
	rc, err := c.client()
	if err == nil && c.kinds == 0 {
		c.running.Store(true) // no area has background work: nothing to start
		defer c.running.Store(false)
		<-ctx.Done()
		return nil
	}
	if err != nil {
		return err
	}
	// River's work context must outlive ctx so running jobs can finish.
	if err := rc.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("job: start: %w", err)
	}
	c.running.Store(true)
	defer c.running.Store(false)
	select {
	case <-ctx.Done():
	case <-rc.Stopped():
		return errors.New("job: River client stopped by itself")
	}
	stopCtx, cancel := context.WithTimeout(context.Background(), c.opt.StopTimeout)
	defer cancel()
	if err := rc.Stop(stopCtx); err != nil {
		c.opt.Log.Warn("job: jobs still running at the stop timeout; cancelling them", "timeout", c.opt.StopTimeout)
		hard, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return rc.StopAndCancel(hard)
	}
	return nil
}
