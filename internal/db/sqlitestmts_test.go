package db

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
)

// oneConn opens a fresh SQLite file through the caching connector with one
// connection, so every call below runs on the same cached connection.
func oneConn(t *testing.T) *sql.DB {
	t.Helper()
	p, err := openSQLite("file:" + filepath.Join(t.TempDir(), "c.db") + "?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	p.SetMaxOpenConns(1)
	t.Cleanup(func() { p.Close() })
	for _, q := range []string{
		`CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)`,
		`CREATE TABLE c (id INTEGER PRIMARY KEY, p_id INTEGER NOT NULL REFERENCES p(id))`,
	} {
		if _, err := p.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// kept is the number of statements the pool's connection keeps.
func kept(t *testing.T, p *sql.DB) int {
	t.Helper()
	c, err := p.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	n := -1
	if err := c.Raw(func(dc any) error { n = dc.(*cachingConn).lru.Len(); return nil }); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSQLiteStatementsAreKeptAndReused(t *testing.T) {
	t.Parallel()
	p := oneConn(t)
	before := kept(t, p)
	for i := range 5 {
		if _, err := p.Exec(`INSERT INTO p (name) VALUES ($1)`, fmt.Sprint("n", i)); err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := p.QueryRow(`SELECT COUNT(*) FROM p WHERE name LIKE $1`, "n%").Scan(&n); err != nil || n != 5 {
		t.Fatalf("count %d, %v; want 5", n, err)
	}
	if got := kept(t, p); got != before+2 {
		t.Errorf("kept %d statements, want %d (one INSERT for five runs, one SELECT)", got, before+2)
	}
	// A failed run (unique, then foreign key) leaves the statement usable.
	if _, err := p.Exec(`INSERT INTO p (name) VALUES ($1)`, "n0"); err == nil {
		t.Fatal("duplicate name inserted")
	}
	if _, err := p.Exec(`INSERT INTO c (p_id) VALUES ($1)`, 999); err == nil {
		t.Fatal("orphan inserted")
	}
	if _, err := p.Exec(`INSERT INTO p (name) VALUES ($1)`, "n5"); err != nil {
		t.Fatalf("insert after a failed run: %v", err)
	}
	// A query cancelled before it runs leaves it usable too.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.QueryContext(ctx, `SELECT COUNT(*) FROM p WHERE name LIKE $1`, "n%"); err == nil {
		t.Fatal("cancelled query ran")
	}
	if err := p.QueryRow(`SELECT COUNT(*) FROM p WHERE name LIKE $1`, "n%").Scan(&n); err != nil || n != 6 {
		t.Fatalf("count %d, %v; want 6", n, err)
	}
}

// The same SQL run again while its rows are open (a nested lookup in a
// transaction) gets a statement of its own: both results stay whole.
func TestSQLiteStatementRunWhileItsRowsAreOpen(t *testing.T) {
	t.Parallel()
	p := oneConn(t)
	for _, n := range []string{"a", "b", "c"} {
		if _, err := p.Exec(`INSERT INTO p (name) VALUES ($1)`, n); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := p.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	const q = `SELECT name FROM p WHERE name >= $1 ORDER BY name`
	rows, err := tx.Query(q, "a")
	if err != nil {
		t.Fatal(err)
	}
	var outer, inner []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		outer = append(outer, n)
		r2, err := tx.Query(q, n)
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		for r2.Next() {
			k++
		}
		if err := r2.Close(); err != nil {
			t.Fatal(err)
		}
		inner = append(inner, fmt.Sprint(k))
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(outer, inner) != "[a b c] [3 2 1]" {
		t.Errorf("outer %v inner %v, want [a b c] [3 2 1]", outer, inner)
	}
}

// A kept statement sees a schema change (SQLite recompiles it), and the
// cache stays within its bound.
func TestSQLiteKeptStatementsFollowTheSchemaAndStayBounded(t *testing.T) {
	t.Parallel()
	p := oneConn(t)
	if _, err := p.Exec(`INSERT INTO p (name) VALUES ('a')`); err != nil {
		t.Fatal(err)
	}
	cols := func() int {
		rows, err := p.Query(`SELECT * FROM p`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		c, _ := rows.Columns()
		return len(c)
	}
	if n := cols(); n != 2 {
		t.Fatalf("%d columns, want 2", n)
	}
	if _, err := p.Exec(`ALTER TABLE p ADD COLUMN note TEXT`); err != nil {
		t.Fatal(err)
	}
	if n := cols(); n != 3 {
		t.Errorf("%d columns after ALTER TABLE, want 3", n)
	}
	for i := range maxConnStmts + 10 {
		var v int
		if err := p.QueryRow(fmt.Sprintf(`SELECT %d`, i)).Scan(&v); err != nil || v != i {
			t.Fatalf("SELECT %d: %d, %v", i, v, err)
		}
	}
	if n := kept(t, p); n != maxConnStmts {
		t.Errorf("kept %d statements, want the bound %d", n, maxConnStmts)
	}
	if n := cols(); n != 3 {
		t.Errorf("%d columns after eviction, want 3", n)
	}
}
