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
func EachEngine(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, e := range Engines() {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			fn(t, NewDB(t, e))
		})
	}
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
