package job_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit/testdb"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

type countArgs struct {
	N int `json:"n"`
}

func (countArgs) Kind() string { return "test_count" }

// counter records how often each job ran.
type counter struct {
	job.WorkerDefaults[countArgs]
	mu   sync.Mutex
	runs map[int]int
	by   map[int]string
	node string
	hold chan struct{} // when set, a job waits for it (graceful-stop test)
}

func (c *counter) Work(ctx context.Context, j *job.Job[countArgs]) error {
	if c.hold != nil {
		<-c.hold
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.runs[j.Args.N]++
	c.by[j.Args.N] = c.node
	return nil
}

// node opens its own pool on dsn (a second process would), with a client
// polling every 20 ms.
func node(t *testing.T, dsn string, runs map[int]int, by map[int]string, mu *sync.Mutex, name string) (*job.Client, *db.DB) {
	t.Helper()
	d, err := db.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	c := job.New(d, job.Options{Log: quiet, Queues: map[string]job.Queue{job.DefaultQueue: {MaxWorkers: 4, PollInterval: 20 * time.Millisecond}}})
	job.Register(c, job.Worker[countArgs](&sharedCounter{mu: mu, runs: runs, by: by, node: name}))
	return c, d
}

// sharedCounter is a counter whose map is shared between nodes.
type sharedCounter struct {
	job.WorkerDefaults[countArgs]
	mu   *sync.Mutex
	runs map[int]int
	by   map[int]string
	node string
}

func (c *sharedCounter) Work(ctx context.Context, j *job.Job[countArgs]) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.runs[j.Args.N]++
	c.by[j.Args.N] = c.node
	return nil
}

// dsnOf returns a DSN two nodes can share: a SQLite file or a fresh
// PostgreSQL schema, migrated.
func dsnOf(t *testing.T, e db.Dialect) string {
	t.Helper()
	var dsn string
	if e == db.SQLite {
		dsn = filepath.Join(t.TempDir(), "jobs.db")
	} else {
		dsn = testdb.FreshPostgresURL(t)
	}
	d, err := db.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Migrate(context.Background(), db.MigrateOptions{}); err != nil {
		t.Fatal(err)
	}
	return dsn
}

// Jobs inserted in a transaction that rolls back never run; committed ones
// run exactly once although two nodes (two pools, two River clients) work
// the same queue.
func TestInsertedInCallersTransaction(t *testing.T) {
	for _, e := range testdb.Engines() {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			dsn := dsnOf(t, e)
			var mu sync.Mutex
			runs, by := map[int]int{}, map[int]string{}
			a, da := node(t, dsn, runs, by, &mu, "a")
			b, _ := node(t, dsn, runs, by, &mu, "b")
			ctx := context.Background()

			const n = 60
			rollback := errors.New("roll back")
			for i := range n {
				// Even jobs commit, odd ones roll back with the write beside them.
				err := da.InTx(ctx, func(q *store.Queries) error {
					if _, err := q.CreateBrand(ctx, store.CreateBrandParams{Name: fmt.Sprintf("brand %d", i)}); err != nil {
						return err
					}
					if err := a.Insert(ctx, q, countArgs{N: i}, nil); err != nil {
						return err
					}
					if i%2 == 1 {
						return rollback
					}
					return nil
				})
				if i%2 == 1 && !errors.Is(err, rollback) || i%2 == 0 && err != nil {
					t.Fatalf("job %d: %v", i, err)
				}
			}
			if err := a.Insert(ctx, da.Queries(), countArgs{N: -1}, nil); err == nil {
				t.Fatal("Insert outside a transaction succeeded")
			}

			runCtx, stop := context.WithCancel(ctx)
			done := make(chan error, 2)
			go func() { done <- a.Run(runCtx) }()
			go func() { done <- b.Run(runCtx) }()
			deadline := time.Now().Add(30 * time.Second)
			for {
				mu.Lock()
				got := len(runs)
				mu.Unlock()
				if got >= n/2 || time.Now().After(deadline) {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			time.Sleep(300 * time.Millisecond) // more polls of both nodes: nothing may run twice
			stop()
			for range 2 {
				if err := <-done; err != nil {
					t.Fatalf("Run: %v", err)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			nodes := map[string]int{}
			for i := range n {
				want := 1 - i%2
				if runs[i] != want {
					t.Errorf("job %d ran %d times, want %d", i, runs[i], want)
				}
				if want == 1 {
					nodes[by[i]]++
				}
			}
			t.Logf("jobs worked per node: %v", nodes)
		})
	}
}

// A job running when Run's context is cancelled finishes before Run
// returns (a graceful stop), and its completion is recorded: a restarted
// client does not run it again.
func TestRunStopsGracefully(t *testing.T) {
	testdb.EachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		w := &counter{runs: map[int]int{}, by: map[int]string{}, hold: make(chan struct{})}
		c := job.New(d, job.Options{Log: quiet, Queues: map[string]job.Queue{job.DefaultQueue: {MaxWorkers: 2, PollInterval: 20 * time.Millisecond}}})
		job.Register(c, job.Worker[countArgs](w))
		if err := d.InTx(ctx, func(q *store.Queries) error { return c.Insert(ctx, q, countArgs{N: 7}, nil) }); err != nil {
			t.Fatal(err)
		}
		runCtx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- c.Run(runCtx) }()
		time.Sleep(300 * time.Millisecond) // the job is fetched and waits on hold
		stop()
		select {
		case err := <-done:
			t.Fatalf("Run returned (%v) while a job was still running", err)
		case <-time.After(200 * time.Millisecond):
		}
		close(w.hold)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if w.runs[7] != 1 {
			t.Fatalf("job ran %d times before the stop, want 1", w.runs[7])
		}

		again := &counter{runs: map[int]int{}, by: map[int]string{}}
		c2 := job.New(d, job.Options{Log: quiet, Queues: map[string]job.Queue{job.DefaultQueue: {MaxWorkers: 2, PollInterval: 20 * time.Millisecond}}})
		job.Register(c2, job.Worker[countArgs](again))
		runCtx, stop = context.WithCancel(ctx)
		go func() { done <- c2.Run(runCtx) }()
		time.Sleep(300 * time.Millisecond)
		stop()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if len(again.runs) != 0 {
			t.Fatalf("a completed job ran again after restart: %v", again.runs)
		}
	})
}

// Register after the client has started is a programming error.
func TestRegisterAfterStartPanics(t *testing.T) {
	d := testdb.NewDB(t, db.SQLite)
	c := job.New(d, job.Options{Log: quiet})
	job.Register(c, job.Worker[countArgs](&counter{runs: map[int]int{}, by: map[int]string{}}))
	ctx := context.Background()
	if err := d.InTx(ctx, func(q *store.Queries) error { return c.Insert(ctx, q, countArgs{N: 1}, nil) }); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Register after start did not panic")
		}
	}()
	job.Register(c, job.Worker[countArgs](&counter{}))
}
