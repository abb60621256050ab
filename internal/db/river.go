package db

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// riverLockKey is the PostgreSQL advisory lock held while River's tables
// are migrated, so nodes starting together run each River migration once
// (River's migrator takes no lock of its own). Any constant distinct from
// goose's lock will do.
const riverLockKey int64 = 0x7061_7972_6976_6572 // "payriver"

// migrateRiver brings River's tables (the job queue, see internal/job) up
// to date with River's own migrator, for the driver River uses on this
// engine: riversqlite on the SQLite writer, riverdatabasesql on the
// PostgreSQL pool (both are database/sql, so jobs are inserted in the
// caller's *sql.Tx). River's tables are named river_*; they live beside
// ours and are never touched by our SQL.
func (d *DB) migrateRiver(ctx context.Context, lock bool) (int, error) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	if d.Dialect == SQLite {
		m, err := rivermigrate.New(riversqlite.New(d.W), &rivermigrate.Config{Logger: quiet})
		if err != nil {
			return 0, err
		}
		res, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		if err != nil {
			return 0, fmt.Errorf("db: migrate river: %w", err)
		}
		return len(res.Versions), nil
	}
	if lock {
		// A session lock on a connection of its own: the migrator runs on
		// the pool, and every other node waits here until it is done.
		conn, err := d.W.Conn(ctx)
		if err != nil {
			return 0, err
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", riverLockKey); err != nil {
			return 0, fmt.Errorf("db: river migration lock: %w", err)
		}
		defer func() {
			_, _ = conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", riverLockKey)
		}()
	}
	m, err := rivermigrate.New(riverdatabasesql.New(d.W), &rivermigrate.Config{Logger: quiet})
	if err != nil {
		return 0, err
	}
	res, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return 0, fmt.Errorf("db: migrate river: %w", err)
	}
	return len(res.Versions), nil
}
