package db

import (
	"context"
	"database/sql"
	"sync"
)

// readStmts keeps the read pool's statements prepared, keyed by their SQL.
// Queries outside a transaction (the API's reads) otherwise prepare their
// statement on every call: for a wide SELECT such as GetEmployee's, SQLite's
// preparation was about 70% of a GET E's CPU. A *sql.Stmt is prepared on
// each pool connection the first time it runs there and reused after, and
// is safe for concurrent use.
//
// Only QueryContext and QueryRowContext go through it; Exec and Prepare go
// straight to the pool. The cache holds at most maxReadStmts statements:
// sqlc's queries are a fixed set, but a few reads build their SQL (IN
// lists of varying length), and those beyond the bound run unprepared.
//
// On PostgreSQL the cache is off (unprepared): pgx prepares and caches each
// connection's statements by their SQL itself (QueryExecModeCacheStatement,
// its default), and a *sql.Stmt on top only adds database/sql's
// per-connection bookkeeping (about 8 µs a query, a tenth of a GET E's
// CPU outside the database).
type readStmts struct {
	pool       *sql.DB
	unprepared bool

	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
}

const maxReadStmts = 1024

func newReadStmts(pool *sql.DB) *readStmts {
	return &readStmts{pool: pool, stmts: map[string]*sql.Stmt{}}
}

// stmt returns query's prepared statement, preparing it once; nil when it
// cannot be prepared (the caller runs the query unprepared, which reports
// the same error) or the cache is full.
func (c *readStmts) stmt(ctx context.Context, query string) *sql.Stmt {
	if c.unprepared {
		return nil
	}
	c.mu.RLock()
	s, ok := c.stmts[query]
	n := len(c.stmts)
	c.mu.RUnlock()
	if ok || n >= maxReadStmts {
		return s
	}
	// Prepared outside the lock; a statement prepared twice by a race is
	// closed again.
	s, err := c.pool.PrepareContext(context.WithoutCancel(ctx), query)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.stmts[query]; ok {
		_ = s.Close()
		return old
	}
	if len(c.stmts) >= maxReadStmts {
		_ = s.Close()
		return nil
	}
	c.stmts[query] = s
	return s
}

func (c *readStmts) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s := c.stmt(ctx, query); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return c.pool.QueryContext(ctx, query, args...)
}

func (c *readStmts) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if s := c.stmt(ctx, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return c.pool.QueryRowContext(ctx, query, args...)
}

func (c *readStmts) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return c.pool.ExecContext(ctx, query, args...)
}

func (c *readStmts) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return c.pool.PrepareContext(ctx, query)
}

// close closes the prepared statements (before the pool).
func (c *readStmts) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, s := range c.stmts {
		_ = s.Close()
		delete(c.stmts, q)
	}
}
