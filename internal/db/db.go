// Package db opens the SQLite or PostgreSQL database, runs the embedded
// migrations and runs transactions for services.
package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"modernc.org/sqlite" // also registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/payrolld/payrolld/internal/store"
)

// Dialect names the database engine.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

//go:embed migrations
var migrations embed.FS

// DB is an open database. On SQLite writes go through a single connection
// (SQLite allows one writer; serialising in the pool avoids SQLITE_BUSY
// storms) and reads through a small pool; on PostgreSQL both are one pool.
type DB struct {
	Dialect Dialect
	W       *sql.DB
	R       *sql.DB

	// recycling is set while write connections are being replaced after a
	// failure a new connection might not have (see noteErr).
	recycling atomic.Bool

	// reads keeps the read queries' statements prepared (stmtcache.go).
	reads *readStmts

	// checkpoints copies SQLite's write-ahead log into the database file
	// (checkpoint.go); nil on PostgreSQL and in memory.
	checkpoints *checkpointer
}

// Queries returns read queries (outside any transaction), their
// statements prepared once.
func (d *DB) Queries() *store.Queries { return store.New(d.reads) }

// Close closes the pools.
func (d *DB) Close() error {
	d.reads.close()
	var err error
	if d.checkpoints != nil {
		err = d.checkpoints.stop()
	}
	err = errors.Join(err, d.W.Close())
	if d.R != d.W {
		err = errors.Join(err, d.R.Close())
	}
	return err
}

// Ping checks the database answers (readiness).
func (d *DB) Ping(ctx context.Context) error { return d.R.PingContext(ctx) }

// Open opens the database named by url: "postgres://" or "postgresql://"
// selects PostgreSQL; anything else is a SQLite file path or "sqlite:" URL.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		pool, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, err
		}
		pool.SetMaxOpenConns(20)
		pool.SetMaxIdleConns(20)
		pool.SetConnMaxIdleTime(5 * time.Minute)
		if err := pool.PingContext(ctx); err != nil {
			pool.Close()
			return nil, fmt.Errorf("db: connect postgres: %w", err)
		}
		return &DB{Dialect: Postgres, W: pool, R: pool, reads: &readStmts{pool: pool, unprepared: true}}, nil
	}
	path := strings.TrimPrefix(strings.TrimPrefix(dsn, "sqlite://"), "sqlite:")
	if path == "" {
		return nil, errors.New("db: empty SQLite path")
	}
	if q := strings.IndexByte(path, '?'); q >= 0 {
		path = path[:q] // our pragmas are fixed; see below
	}
	if path != ":memory:" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, fmt.Errorf("db: create data directory: %w", err)
		}
	}
	params := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "busy_timeout(10000)", "foreign_keys(1)", "synchronous(NORMAL)"} {
		params.Add("_pragma", p)
	}
	params.Set("_txlock", "immediate")
	params.Set("_time_format", "sqlite")
	// The writer checkpoints only as a safety net: the checkpointer does it.
	dsnW := "file:" + path + "?" + params.Encode() + "&" + url.Values{"_pragma": {fmt.Sprintf("wal_autocheckpoint(%d)", walAutoCheckpoint)}}.Encode()
	w, err := openSQLite(dsnW)
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("db: open sqlite %s: %w", path, err)
	}
	params.Add("_pragma", "query_only(1)")
	params.Set("_txlock", "deferred")
	r, err := openSQLite("file:" + path + "?" + params.Encode())
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(4)
	d := &DB{Dialect: SQLite, W: w, R: r, reads: newReadStmts(r)}
	if path != ":memory:" {
		if d.checkpoints, err = startCheckpointer(dsnW); err != nil {
			d.Close()
			return nil, err
		}
	}
	return d, nil
}

// openSQLite opens a pool on dsn whose connections keep their statements
// compiled (sqlitestmts.go).
func openSQLite(dsn string) (*sql.DB, error) {
	c, err := newCachingConnector(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(c), nil
}

// InTx runs fn in a write transaction, committing when fn returns nil.
func (d *DB) InTx(ctx context.Context, fn func(q *store.Queries) error) error {
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		d.noteErr(err)
		return fmt.Errorf("db: begin: %w", err)
	}
	if err := fn(store.New(tx)); err != nil {
		_ = tx.Rollback()
		d.noteErr(err)
		return err
	}
	if err := tx.Commit(); err != nil {
		d.noteErr(err)
		return fmt.Errorf("db: commit: %w", err)
	}
	d.noteOK()
	return nil
}

// noteErr replaces the write connections after a failure a new
// connection may not share: SQLite opens a file it may not write (or
// cannot reach) read-only, and that connection stays read-only after
// permissions return; a PostgreSQL connection stays on a server that went
// read-only. While recycling, each write connection is closed when it
// goes back to the pool (a lifetime of 1 ns), so the next write opens a
// fresh one: recovery is immediate once the cause is gone, without a
// restart. The first write that commits ends it (noteOK).
func (d *DB) noteErr(err error) {
	if recyclable(err) && d.recycling.CompareAndSwap(false, true) {
		d.W.SetConnMaxLifetime(time.Nanosecond)
	}
}

func (d *DB) noteOK() {
	if d.recycling.Load() && d.recycling.CompareAndSwap(true, false) {
		d.W.SetConnMaxLifetime(0)
	}
}

// Writable checks the database accepts writes now (readiness): on SQLite
// it takes the write lock and writes nothing (a row-less DELETE), on PostgreSQL
// it asks whether the server is read-only (a standby, or
// default_transaction_read_only). A failure is recognised by Unavailable.
func (d *DB) Writable(ctx context.Context) (err error) {
	defer func() {
		if err != nil {
			d.noteErr(err)
		} else {
			d.noteOK()
		}
	}()
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // a probe: nothing to keep
	if d.Dialect == SQLite {
		// BEGIN IMMEDIATE succeeds on a file opened read-only; the first
		// write says so, even one that changes no row.
		_, err = tx.ExecContext(ctx, "DELETE FROM write_probe WHERE id < 0")
		return err
	}
	var ro string
	if err := tx.QueryRowContext(ctx, "SHOW transaction_read_only").Scan(&ro); err != nil {
		return err
	}
	if ro == "on" {
		return &pgconn.PgError{Code: "25006", Message: "the server accepts no writes (transaction_read_only is on)"}
	}
	return nil
}

// MigrationsDigest identifies the migrations of dialect: it changes
// whenever a migration file is added or edited (tests key their migrated
// template databases on it).
func MigrationsDigest(dialect Dialect) string {
	h := sha256.New()
	_ = fs.WalkDir(migrations, "migrations/"+string(dialect), func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := migrations.ReadFile(p)
		h.Write([]byte(p))
		h.Write(b)
		return err
	})
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// MigrateOptions tune Migrate.
type MigrateOptions struct {
	// NoLock skips PostgreSQL's advisory lock (tests that use one schema each).
	NoLock bool
}

// Migrate brings the schema up to date: our goose migrations, then River's
// job tables (migrateRiver). On PostgreSQL each step holds an advisory lock
// so several nodes starting together migrate once. It returns how many of
// our migrations it applied.
func (d *DB) Migrate(ctx context.Context, opt MigrateOptions) (applied int, err error) {
	sub, err := fs.Sub(migrations, "migrations/"+string(d.Dialect))
	if err != nil {
		return 0, err
	}
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if d.Dialect == Postgres {
		dialect = goose.DialectPostgres
		if !opt.NoLock {
			locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(1, 300))
			if err != nil {
				return 0, err
			}
			opts = append(opts, goose.WithSessionLocker(locker))
		}
	}
	p, err := goose.NewProvider(dialect, d.W, sub, opts...)
	if err != nil {
		return 0, fmt.Errorf("db: migrations: %w", err)
	}
	res, err := p.Up(ctx)
	if err != nil {
		return len(res), fmt.Errorf("db: migrate: %w", err)
	}
	// River's tables come after ours; applied counts only our migrations.
	if _, err := d.migrateRiver(ctx, d.Dialect == Postgres && !opt.NoLock); err != nil {
		return len(res), err
	}
	return len(res), nil
}

// IsUniqueViolation reports whether err is a unique-constraint failure on
// either engine, so services can turn it into a 409. Recognised by the
// engines' error codes (SQLite extended code 2067, PostgreSQL SQLSTATE
// 23505), never by message text.
func IsUniqueViolation(err error) bool {
	return sqliteCode(err) == sqlite3.SQLITE_CONSTRAINT_UNIQUE || sqliteCode(err) == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY ||
		pgCode(err) == pgerrcode.UniqueViolation
}

// IsNoRows reports whether err is sql.ErrNoRows.
func IsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// IsForeignKeyViolation reports whether err is a foreign-key failure on
// either engine (a row refers to one that is gone, or is still referred to):
// SQLite extended code 787, PostgreSQL SQLSTATE 23503.
func IsForeignKeyViolation(err error) bool {
	return sqliteCode(err) == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY || pgCode(err) == pgerrcode.ForeignKeyViolation
}

func sqliteCode(err error) int {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code()
	}
	return 0
}

func pgCode(err error) string {
	var e *pgconn.PgError
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// PostgreSQL error codes the services recognise.
var pgerrcode = struct{ UniqueViolation, ForeignKeyViolation string }{"23505", "23503"}
