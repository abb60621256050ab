package testdb

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Migrated templates, built once per migration set and shared by every
// test process: a SQLite file under the temporary directory, a PostgreSQL
// database payrolld_tmpl_<digest>. Their names carry db.MigrationsDigest,
// so adding or editing a migration builds a new one.

var sqliteTemplate struct {
	once sync.Once
	path string
	err  error
}

// copySQLiteTemplate writes a migrated database to dst.
func copySQLiteTemplate(dst string) error {
	t := &sqliteTemplate
	t.once.Do(func() { t.path, t.err = buildSQLiteTemplate() })
	if t.err != nil {
		return t.err
	}
	return copyFile(t.path, dst)
}

func buildSQLiteTemplate() (string, error) {
	dir := filepath.Join(os.TempDir(), "payrolld-test-templates")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	final := filepath.Join(dir, "sqlite-"+db.MigrationsDigest(db.SQLite)+".db")
	if _, err := os.Stat(final); err == nil {
		return final, nil
	}
	// Build under a unique name and rename: processes building at once
	// each produce an identical file, and none reads a half-built one.
	work := filepath.Join(dir, "build-"+payroll.NewHexID()[:12]+".db")
	defer func() {
		for _, suffix := range []string{"", "-wal", "-shm"} {
			_ = os.Remove(work + suffix)
		}
	}()
	ctx := context.Background()
	d, err := db.Open(ctx, work)
	if err != nil {
		return "", err
	}
	_, err = d.Migrate(ctx, db.MigrateOptions{NoLock: true})
	// Closing the last connection checkpoints the WAL into the main file.
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(work + "-wal"); err == nil {
		return "", fmt.Errorf("template %s kept its WAL after close", work)
	}
	return final, os.Rename(work, final)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

var pgTemplate struct {
	once sync.Once
	name string // "" when the role may not create databases
}

// postgresFromTemplate creates a database copied from the migrated
// template, dropped when the test ends, and returns its URL. Without the
// CREATEDB privilege it falls back to an empty schema (FreshPostgresURL).
func postgresFromTemplate(t testing.TB) string {
	base := os.Getenv(PostgresURLEnv)
	if base == "" {
		t.Skip(PostgresURLEnv + " not set")
	}
	pgTemplate.once.Do(func() {
		name, err := buildPostgresTemplate(base)
		if err != nil {
			fmt.Fprintf(os.Stderr, "testdb: no PostgreSQL template database (%v); each test migrates a schema instead\n", err)
		}
		pgTemplate.name = name
	})
	if pgTemplate.name == "" {
		return FreshPostgresURL(t)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	name := "t_" + strings.ToLower(payroll.NewHexID()[:16])
	if _, err := admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + pgTemplate.name); err != nil {
		admin.Close()
		t.Fatalf("create database from template: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	})
	return withDatabase(t, base, name)
}

// buildPostgresTemplate makes sure payrolld_tmpl_<digest> exists, building
// it under an advisory lock so concurrent test processes build it once.
func buildPostgresTemplate(base string) (string, error) {
	ctx := context.Background()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx) // the advisory lock belongs to one session
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(7251001)"); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, "SELECT pg_advisory_unlock(7251001)") //nolint:errcheck
	name := "payrolld_tmpl_" + db.MigrationsDigest(db.Postgres)
	var n int
	if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM pg_database WHERE datname = $1", name).Scan(&n); err != nil {
		return "", err
	}
	if n == 1 {
		return name, nil
	}
	// Templates of other migration sets are dropped once they are a few
	// hours old: another checkout (a branch, a worktree) on the same server
	// may still be copying one, and dropping it under them fails their tests.
	rows, err := conn.QueryContext(ctx, "SELECT datname, coalesce(shobj_description(oid, 'pg_database'), '') FROM pg_database WHERE datname LIKE 'payrolld\\_tmpl\\_%'")
	if err != nil {
		return "", err
	}
	var stale []string
	for rows.Next() {
		var s, built string
		if rows.Scan(&s, &built) != nil {
			continue
		}
		if at, err := strconv.ParseInt(strings.TrimPrefix(built, "built "), 10, 64); err != nil || time.Since(time.Unix(at, 0)) > 6*time.Hour {
			stale = append(stale, s)
		}
	}
	rows.Close()
	for _, s := range stale {
		_, _ = conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+s+" WITH (FORCE)")
	}
	// Built under another name and renamed when complete, so a crash
	// halfway never leaves a template that looks usable.
	work := name + "_b"
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+work); err != nil {
		return "", err
	}
	u, err := withDatabaseURL(base, work)
	if err != nil {
		return "", err
	}
	d, err := db.Open(ctx, u)
	if err != nil {
		return "", err
	}
	_, err = d.Migrate(ctx, db.MigrateOptions{NoLock: true})
	d.Close()
	if err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+work+" RENAME TO "+name); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("COMMENT ON DATABASE %s IS 'built %d'", name, time.Now().Unix())); err != nil {
		return "", err
	}
	return name, nil
}

func withDatabase(t testing.TB, base, name string) string {
	u, err := withDatabaseURL(base, name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func withDatabaseURL(base, name string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}
