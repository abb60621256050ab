package db_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit/testdb"
)

// columnsOf lists "table.column" of the migrated database.
func columnsOf(t *testing.T, d *db.DB) []string {
	t.Helper()
	var q string
	if d.Dialect == db.SQLite {
		q = `SELECT m.name || '.' || p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
		     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'goose_db_version'
		     AND m.name NOT LIKE 'river_%'`
	} else {
		q = `SELECT table_name || '.' || column_name FROM information_schema.columns
		     WHERE table_schema = current_schema() AND table_name <> 'goose_db_version'
		     AND table_name NOT LIKE 'river_%'`
	}
	rows, err := d.R.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.ToLower(s))
	}
	sort.Strings(out)
	return out
}

// columnsInPostgresTree parses the PostgreSQL migrations' CREATE TABLE,
// ALTER TABLE ... ADD/DROP COLUMN and DROP TABLE statements, so the dialect trees are compared
// even when no PostgreSQL server is at hand.
func columnsInPostgresTree(t *testing.T) []string {
	files, _ := filepath.Glob("migrations/postgres/*.sql")
	create := regexp.MustCompile(`(?is)CREATE TABLE (\w+) \((.*?)\n\);`)
	add := regexp.MustCompile(`(?i)ALTER TABLE (\w+) ADD COLUMN (\w+)`)
	drop := regexp.MustCompile(`(?i)ALTER TABLE (\w+) DROP COLUMN (\w+)`)
	dropTable := regexp.MustCompile(`(?i)DROP TABLE (?:IF EXISTS )?(\w+)`)
	set := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		up := strings.SplitN(string(b), "-- +goose Down", 2)[0]
		for _, m := range create.FindAllStringSubmatch(up, -1) {
			for _, line := range strings.Split(m[2], "\n") {
				f := strings.Fields(strings.TrimSpace(line))
				if len(f) == 0 || strings.EqualFold(f[0], "UNIQUE") || strings.EqualFold(f[0], "PRIMARY") || strings.EqualFold(f[0], "CHECK") || strings.EqualFold(f[0], "FOREIGN") || strings.EqualFold(f[0], "CONSTRAINT") || strings.HasPrefix(f[0], "--") {
					continue
				}
				set[strings.ToLower(m[1]+"."+f[0])] = true
			}
		}
		for _, m := range add.FindAllStringSubmatch(up, -1) {
			set[strings.ToLower(m[1]+"."+m[2])] = true
		}
		for _, m := range drop.FindAllStringSubmatch(up, -1) {
			delete(set, strings.ToLower(m[1]+"."+m[2]))
		}
		for _, m := range dropTable.FindAllStringSubmatch(up, -1) {
			for c := range set {
				if strings.HasPrefix(c, strings.ToLower(m[1])+".") {
					delete(set, c)
				}
			}
		}
	}
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// sqliteOnlyTables and postgresOnlyTables are the tables only one tree
// has, with why.
var (
	sqliteOnlyTables = map[string]string{
		"timesheet_day_counts": "kept counts for the timesheet list: counter rows, one writer at a time (00901)",
	}
	postgresOnlyTables = map[string]string{
		"timesheet_day_count_deltas": "kept counts for the timesheet list: inserted deltas, so concurrent writers never wait on a counter (01080)",
	}
)

// without drops the columns of tables from cols.
func without(cols []string, tables map[string]string) []string {
	var out []string
	for _, c := range cols {
		table, _, _ := strings.Cut(c, ".")
		if _, ok := tables[table]; !ok {
			out = append(out, c)
		}
	}
	return out
}

func TestDialectTreesDefineTheSameSchema(t *testing.T) {
	sqliteCols := without(columnsOf(t, testdb.NewDB(t, db.SQLite)), sqliteOnlyTables)
	pgCols := without(columnsInPostgresTree(t), postgresOnlyTables)
	if strings.Join(sqliteCols, "\n") != strings.Join(pgCols, "\n") {
		t.Fatalf("SQLite and PostgreSQL migrations differ:\nsqlite: %v\npostgres: %v", diff(sqliteCols, pgCols), diff(pgCols, sqliteCols))
	}
	for _, e := range testdb.Engines() {
		if e == db.Postgres {
			if got := without(columnsOf(t, testdb.NewDB(t, db.Postgres)), postgresOnlyTables); strings.Join(got, "\n") != strings.Join(sqliteCols, "\n") {
				t.Fatalf("live PostgreSQL schema differs from SQLite: %v / %v", diff(got, sqliteCols), diff(sqliteCols, got))
			}
		}
	}
}

func diff(a, b []string) []string {
	in := map[string]bool{}
	for _, x := range b {
		in[x] = true
	}
	var out []string
	for _, x := range a {
		if !in[x] {
			out = append(out, x)
		}
	}
	return out
}

func TestMigrateIsIdempotentAndTransactionsRollBack(t *testing.T) {
	testdb.EachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if n, err := d.Migrate(ctx, db.MigrateOptions{NoLock: true}); err != nil || n != 0 {
			t.Fatalf("second migrate applied %d, err %v", n, err)
		}
		wantErr := context.Canceled
		err := d.InTx(ctx, func(q *store.Queries) error {
			if _, err := q.CreateBrand(ctx, store.CreateBrandParams{Name: "rolled back"}); err != nil {
				return err
			}
			return wantErr
		})
		if err != wantErr {
			t.Fatalf("InTx returned %v", err)
		}
		brands, err := d.Queries().ListBrands(ctx)
		if err != nil || len(brands) != 0 {
			t.Fatalf("rolled back insert visible: %v %v", brands, err)
		}
	})
}

// Several nodes starting together on one PostgreSQL database migrate once.
func TestConcurrentMigrateOnPostgres(t *testing.T) {
	if os.Getenv(testdb.PostgresURLEnv) == "" {
		t.Skip(testdb.PostgresURLEnv + " not set")
	}
	url := testdb.FreshPostgresURL(t)
	var wg sync.WaitGroup
	applied := make([]int, 3)
	errs := make([]error, 3)
	for i := range applied {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			d, err := db.Open(context.Background(), url)
			if err != nil {
				errs[i] = err
				return
			}
			defer d.Close()
			applied[i], errs[i] = d.Migrate(context.Background(), db.MigrateOptions{})
		}(i)
	}
	wg.Wait()
	total := 0
	for i := range applied {
		if errs[i] != nil {
			t.Fatalf("node %d: %v", i, errs[i])
		}
		total += applied[i]
	}
	files, _ := filepath.Glob("migrations/postgres/*.sql")
	if total != len(files) {
		t.Fatalf("migrations applied %d times in total, want %d", total, len(files))
	}
}

// Constraint failures are recognised by engine error code on both engines.
func TestConstraintErrorsByCode(t *testing.T) {
	t.Parallel()
	testdb.EachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		for _, q := range []string{
			`CREATE TABLE t_parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)`,
			`CREATE TABLE t_child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES t_parent(id))`,
			`INSERT INTO t_parent (id, name) VALUES (1, 'a')`,
		} {
			if _, err := d.W.ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		_, err := d.W.ExecContext(ctx, `INSERT INTO t_parent (id, name) VALUES (2, 'a')`)
		if !db.IsUniqueViolation(err) || db.IsForeignKeyViolation(err) {
			t.Errorf("duplicate name: %v not recognised as a unique violation", err)
		}
		_, err = d.W.ExecContext(ctx, `INSERT INTO t_child (id, parent_id) VALUES (1, 99)`)
		if !db.IsForeignKeyViolation(err) || db.IsUniqueViolation(err) {
			t.Errorf("missing parent: %v not recognised as a foreign-key violation", err)
		}
		if db.IsUniqueViolation(errors.New("UNIQUE constraint failed: looks like one")) {
			t.Error("a message that merely mentions UNIQUE is not a violation")
		}
	})
}

func TestIDList(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		ids  []int64
		want string
	}{{nil, ""}, {[]int64{7}, "7"}, {[]int64{1, -2, 9223372036854775807}, "1, -2, 9223372036854775807"}} {
		if got := db.IDList(c.ids); got != c.want {
			t.Errorf("IDList(%v) = %q, want %q", c.ids, got, c.want)
		}
	}
}
