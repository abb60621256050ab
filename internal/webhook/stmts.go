package webhook

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/payrolld/payrolld/internal/store"
)

// stmts keeps the worker's queries prepared on the write pool, so the hot
// path (claim, record) does not parse the same SQL for every delivery:
// with SQLite parsing was a third of the worker's CPU time. A query is
// prepared the first time it is seen, outside any transaction (SQLite has
// one write connection, which that transaction holds), and until then it
// simply runs unprepared. Transactions use the prepared statement through
// Tx.StmtContext, which reuses it on the transaction's connection.
type stmts struct {
	db      *sql.DB
	mu      sync.Mutex
	m       map[string]*sql.Stmt
	pending map[string]bool
	closed  bool
}

func newStmts(db *sql.DB) *stmts {
	return &stmts{db: db, m: map[string]*sql.Stmt{}, pending: map[string]bool{}}
}

// get returns the prepared statement for query, or nil after starting to
// prepare it in the background.
func (c *stmts) get(query string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s := c.m[query]; s != nil || c.closed || c.pending[query] {
		return s
	}
	c.pending[query] = true
	go func() {
		s, err := c.db.PrepareContext(context.Background(), query)
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.pending, query)
		if err != nil {
			return // keeps running unprepared; tried again on next use
		}
		if c.closed {
			s.Close()
			return
		}
		c.m[query] = s
	}()
	return nil
}

// close closes the prepared statements (the worker is done).
func (c *stmts) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for _, s := range c.m {
		s.Close()
	}
	clear(c.m)
}

// inTx runs fn in a write transaction like db.DB.InTx, with the queries
// going through the prepared statements.
func (c *stmts) inTx(ctx context.Context, fn func(q *store.Queries) error) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("db: begin: %w", err)
	}
	if err := fn(store.New(txStmts{tx, c})); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("db: commit: %w", err)
	}
	return nil
}

// txStmts is a store.DBTX running queries in tx, prepared when possible.
type txStmts struct {
	tx *sql.Tx
	c  *stmts
}

func (t txStmts) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if s := t.c.get(query); s != nil {
		return t.tx.StmtContext(ctx, s).ExecContext(ctx, args...)
	}
	return t.tx.ExecContext(ctx, query, args...)
}

func (t txStmts) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s := t.c.get(query); s != nil {
		return t.tx.StmtContext(ctx, s).QueryContext(ctx, args...)
	}
	return t.tx.QueryContext(ctx, query, args...)
}

func (t txStmts) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if s := t.c.get(query); s != nil {
		return t.tx.StmtContext(ctx, s).QueryRowContext(ctx, args...)
	}
	return t.tx.QueryRowContext(ctx, query, args...)
}

func (t txStmts) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return t.tx.PrepareContext(ctx, query)
}

// Tx lets store.Queries.Tx reach the transaction behind the cache.
func (t txStmts) Tx() *sql.Tx { return t.tx }
