// Package testdb gives tests a fresh database on each engine. It imports only
// and an in-process server with a typed client.
package testdb

import (
	"context"
	"database/sql"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

// PostgresURLEnv names the variable that enables the PostgreSQL runs.
const PostgresURLEnv = "PAYROLL_TEST_DATABASE_URL"

// Engines lists the engines tests run on: SQLite always, PostgreSQL when
// PAYROLL_TEST_DATABASE_URL is set.
func Engines() []db.Dialect {
	if os.Getenv(PostgresURLEnv) != "" {
		return []db.Dialect{db.SQLite, db.Postgres}
	}
	return []db.Dialect{db.SQLite}
}

// EachEngine runs fn as a parallel subtest per engine, each with a fresh
// database of its own (a test that owns its database can run beside any
// other). Callers that need serial subtests use Engines and NewDB.
//
// A top-level test that calls it runs in parallel with the package's other
// parallel tests too (EachEngine calls t.Parallel for it), so one test's
// PostgreSQL subtest overlaps the next test's SQLite one instead of each
// test waiting for its slower engine. A test that sets process-wide state
// stays serial: t.Setenv or t.Chdir before EachEngine keep it so (the
// testing package forbids them in parallel tests); anything else
// (a package variable, the default logger) calls Serial first.
func EachEngine(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	parallelTopLevel(t)
	for _, e := range Engines() {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			fn(t, NewDB(t, e))
		})
	}
}

// Serial keeps t out of EachEngine's parallel running: for a test that sets
// process-wide state (a package variable, os.Setenv, the default logger)
// that the package's parallel tests would see. Call it before EachEngine.
func Serial(t *testing.T) {
	serialTests.Store(t, true)
	t.Cleanup(func() { serialTests.Delete(t) })
}

var serialTests sync.Map // *testing.T marked Serial

// parallelTopLevel makes a top-level test parallel unless it is marked
// Serial, has set the environment or working directory (t.Parallel
// refuses then), or is already parallel. Subtests are left as their
// parent runs them: their siblings may share the parent's state.
func parallelTopLevel(t *testing.T) {
	if strings.Contains(t.Name(), "/") {
		return
	}
	if _, serial := serialTests.Load(t); serial {
		return
	}
	defer func() {
		// "t.Parallel called multiple times" (the test called it itself or
		// EachEngine twice) or "called after t.Setenv/t.Chdir": t.Parallel
		// panics before changing anything, and the test runs as it was.
		if r := recover(); r != nil {
			if msg, ok := r.(string); !ok || !strings.HasPrefix(msg, "testing: ") || !strings.Contains(msg, "Parallel") {
				panic(r)
			}
		}
	}()
	t.Parallel()
}

// NewDB returns a fresh, migrated database on engine e, removed when the
// test ends: a temporary SQLite file, or a new PostgreSQL database (a new
// schema where the role may not create databases). Both start as copies of
// a template migrated once per migration set (templates.go), because
// migrating from scratch costs ~5 s per SQLite database under -race.
func NewDB(t testing.TB, e db.Dialect) *db.DB {
	t.Helper()
	ctx := context.Background()
	var dsn string
	switch e {
	case db.SQLite:
		dsn = filepath.Join(t.TempDir(), "test.db")
		if err := copySQLiteTemplate(dsn); err != nil {
			t.Fatalf("sqlite template: %v", err)
		}
	case db.Postgres:
		dsn = postgresFromTemplate(t)
	}
	d, err := db.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("open %s: %v", e, err)
	}
	t.Cleanup(func() { d.Close() })
	// A copy of the template is already current; this applies nothing then,
	// and migrates fully on the schema fallback.
	if _, err := d.Migrate(ctx, db.MigrateOptions{NoLock: true}); err != nil {
		t.Fatalf("migrate %s: %v", e, err)
	}
	return d
}

// NewPostgresURL returns the URL of a fresh, migrated PostgreSQL database,
// removed when the test ends, for a test that opens it itself (through a
// proxy, say); it skips the test without PostgreSQL.
func NewPostgresURL(t testing.TB) string {
	t.Helper()
	return postgresFromTemplate(t)
}

// FreshPostgresURL creates an empty PostgreSQL schema, dropped when the
// test ends, and returns a URL whose connections use it.
func FreshPostgresURL(t testing.TB) string {
	base := os.Getenv(PostgresURLEnv)
	if base == "" {
		t.Skip(PostgresURLEnv + " not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	schema := "t_" + strings.ToLower(payroll.NewHexID()[:16])
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// MustExec runs a statement (fixtures the API cannot create yet).
func MustExec(t testing.TB, d *db.DB, query string, args ...any) {
	t.Helper()
	if _, err := d.W.Exec(query, args...); err != nil {
		t.Fatalf("exec %q: %v", query, err)
	}
}
