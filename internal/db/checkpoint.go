package db

import (
	"context"
	"database/sql"
	"time"
)

// checkpointEvery is how often the background checkpointer copies the
// SQLite write-ahead log into the database file.
const checkpointEvery = 500 * time.Millisecond

// walAutoCheckpoint is the writer's own checkpoint threshold in pages, a
// safety net for a log the background checkpointer has not kept short
// (SQLite's default is 1,000 pages).
const walAutoCheckpoint = 100_000

// checkpointer copies the write-ahead log into the database file off the
// request path. With SQLite's default the connection that commits past
// 1,000 pages of log copies them before its request returns: the
// checkpoint's reads, writes and fsync then land on whichever request
// crossed the line, and on a pay run they grow with history (a run adds a
// row per employee to the employee index of payslips, so the pages a run
// dirties, and the checkpoint copies, grow with the runs before it:
// bench/payrun -weeks 52). A PASSIVE checkpoint on a connection of its own
// takes no lock a writer or reader waits for; a reader's older snapshot
// only stops it short, and the next tick goes on.
type checkpointer struct {
	conn   *sql.DB
	cancel context.CancelFunc
	done   chan struct{}
}

func startCheckpointer(dsn string) (*checkpointer, error) {
	conn, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	conn.SetMaxOpenConns(1)
	conn.SetConnMaxIdleTime(0)
	ctx, cancel := context.WithCancel(context.Background())
	c := &checkpointer{conn: conn, cancel: cancel, done: make(chan struct{})}
	go c.run(ctx)
	return c, nil
}

func (c *checkpointer) run(ctx context.Context) {
	defer close(c.done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		// A log already copied costs a lock check. A failure (the file is
		// busy, read-only, or the disk is full) is retried at the next tick;
		// the writes themselves report what is wrong with the database.
		_, _ = c.conn.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
	}
}

func (c *checkpointer) stop() error {
	c.cancel()
	<-c.done
	return c.conn.Close()
}
