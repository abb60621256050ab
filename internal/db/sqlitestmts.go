package db

import (
	"container/list"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"reflect"
)

// SQLite compiles a statement before it runs it, and modernc's driver
// compiles every Exec and Query afresh: a write transaction's INSERTs and
// UPDATEs were compiled on every call (creating a business, which seeds
// ~200 public holidays in one transaction, spent most of its CPU in
// SQLite's parser, and so did the test suite: 28% of its SQLite CPU).
// cachingConnector wraps the driver so each connection keeps its last
// maxConnStmts statements compiled, keyed by their SQL, and runs Exec and
// Query through them. SQLite recompiles a kept statement by itself when
// the schema changes under it (sqlite3_prepare_v2), so a migration needs
// nothing here. readStmts (stmtcache.go) still prepares the read pool's
// statements through database/sql; those go through PrepareContext, which
// this leaves alone.
//
// A kept statement runs one query at a time: while its rows are open (a
// caller iterating a result while it runs the same SQL again, on the same
// connection) the second run compiles a statement of its own, as before.
// database/sql uses a connection from one goroutine at a time, so the
// cache needs no lock.
const maxConnStmts = 256

type cachingConnector struct {
	dsn string
	drv driver.Driver // modernc's, as registered under "sqlite"
}

func newCachingConnector(dsn string) (driver.Connector, error) {
	pool, err := sql.Open("sqlite", "") // no connection: only to get the registered driver
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	return &cachingConnector{dsn: dsn, drv: pool.Driver()}, nil
}

func (c *cachingConnector) Connect(context.Context) (driver.Conn, error) {
	inner, err := c.drv.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	sc, ok := inner.(sqliteConn)
	if !ok {
		_ = inner.Close()
		return nil, errNotSQLite
	}
	return &cachingConn{sqliteConn: sc, lru: list.New(), byQuery: map[string]*list.Element{}}, nil
}

func (c *cachingConnector) Driver() driver.Driver { return c.drv }

// sqliteConn is what modernc's connection implements and database/sql
// uses (Connect fails if a driver upgrade drops one). cachingConn passes
// all but Exec, Query and Close straight to it.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

type cachingConn struct {
	sqliteConn
	lru     *list.List // of *keptStmt, most recently used first
	byQuery map[string]*list.Element
}

type keptStmt struct {
	query string
	stmt  driver.Stmt
	busy  bool // its rows are open
	// evicted while busy: closed when its rows close
	closeOnRelease bool
}

var errNotSQLite = errors.New("db: the sqlite driver's connection lacks an interface the statement cache needs")

// kept returns query's compiled statement, compiling and keeping it the
// first time; nil when it is running already (the caller compiles one of
// its own) or cannot be compiled (the caller's own run reports why).
func (c *cachingConn) kept(ctx context.Context, query string) *keptStmt {
	if e, ok := c.byQuery[query]; ok {
		k := e.Value.(*keptStmt)
		if k.busy {
			return nil
		}
		c.lru.MoveToFront(e)
		return k
	}
	s, err := c.sqliteConn.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	if _, ok := s.(driver.StmtQueryContext); !ok {
		_ = s.Close()
		return nil
	}
	if _, ok := s.(driver.StmtExecContext); !ok {
		_ = s.Close()
		return nil
	}
	k := &keptStmt{query: query, stmt: s}
	c.byQuery[query] = c.lru.PushFront(k)
	for c.lru.Len() > maxConnStmts {
		c.evict(c.lru.Back())
	}
	return k
}

func (c *cachingConn) evict(e *list.Element) {
	k := e.Value.(*keptStmt)
	c.lru.Remove(e)
	delete(c.byQuery, k.query)
	if k.busy {
		k.closeOnRelease = true
		return
	}
	_ = k.stmt.Close()
}

func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if k := c.kept(ctx, query); k != nil {
		return k.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
	}
	return c.sqliteConn.ExecContext(ctx, query, args)
}

func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	k := c.kept(ctx, query)
	if k == nil {
		return c.sqliteConn.QueryContext(ctx, query, args)
	}
	rows, err := k.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	k.busy = true
	return &keptRows{Rows: rows, k: k}, nil
}

// Close closes the kept statements, then the connection.
func (c *cachingConn) Close() error {
	for e := c.lru.Front(); e != nil; e = e.Next() {
		_ = e.Value.(*keptStmt).stmt.Close()
	}
	c.lru.Init()
	clear(c.byQuery)
	return c.sqliteConn.Close()
}

// keptRows frees its statement for the next run when closed. It passes
// on the column type methods of modernc's rows (ColumnTypes).
type keptRows struct {
	driver.Rows
	k *keptStmt
}

func (r *keptRows) Close() error {
	err := r.Rows.Close()
	r.k.busy = false
	if r.k.closeOnRelease {
		err = errors.Join(err, r.k.stmt.Close())
	}
	return err
}

func (r *keptRows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

func (r *keptRows) ColumnTypeLength(i int) (int64, bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeLength); ok {
		return t.ColumnTypeLength(i)
	}
	return 0, false
}

func (r *keptRows) ColumnTypeNullable(i int) (nullable, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeNullable); ok {
		return t.ColumnTypeNullable(i)
	}
	return false, false
}

func (r *keptRows) ColumnTypePrecisionScale(i int) (precision, scale int64, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypePrecisionScale); ok {
		return t.ColumnTypePrecisionScale(i)
	}
	return 0, 0, false
}

func (r *keptRows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}
