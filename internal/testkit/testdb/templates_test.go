package testdb

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"testing"
)

// TestPostgresCopiesMadeAheadAndSwept: each test gets a database of its
// own, copies are made ahead, and a process starting drops the copies of
// one that has ended (its owner lock free) but not those of one running.
func TestPostgresCopiesMadeAheadAndSwept(t *testing.T) {
	if os.Getenv(PostgresURLEnv) == "" {
		t.Skip(PostgresURLEnv + " not set")
	}
	var names []string
	for i := 0; i < 3; i++ {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			names = append(names, postgresFromTemplate(t))
		})
	}
	if names[0] == names[1] || names[1] == names[2] || names[0] == names[2] {
		t.Fatalf("databases shared between tests: %v", names)
	}
	p := pgTemplate.dbs
	if p == nil {
		t.Skip("no template database (the role may not create databases)")
	}
	ctx := context.Background()
	exists := func(name string) bool {
		var n int
		if err := p.admin.QueryRowContext(ctx, "SELECT count(*) FROM pg_database WHERE datname = $1", name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	p.mu.Lock()
	ahead := len(p.ready) + p.making
	p.mu.Unlock()
	if ahead == 0 {
		t.Errorf("no copy made ahead after three tests")
	}

	// An ended process's copy (nobody holds owner 0x00000001's lock), a
	// running one's (this test holds 0x00000002's on a connection), and one
	// of a process running on another base database of the cluster (its
	// lock, 0x00000003's, is held in that database: advisory locks are per
	// database).
	ended, running, elsewhere := "t_00000001_1", "t_00000002_1", "t_00000003_1"
	for _, name := range []string{ended, running, elsewhere} {
		if err := p.create(name); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.dropNow(name) })
	}
	holder, err := p.admin.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if _, err := holder.ExecContext(ctx, "SELECT pg_advisory_lock($1, 2)", pgOwnerLock); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("pgx", withDatabase(t, os.Getenv(PostgresURLEnv), running))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	otherHolder, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer otherHolder.Close()
	if _, err := otherHolder.ExecContext(ctx, "SELECT pg_advisory_lock($1, 3)", pgOwnerLock); err != nil {
		t.Fatal(err)
	}
	p.sweep(ctx)
	if !exists(elsewhere) {
		t.Errorf("%s (its process runs on another database) was dropped", elsewhere)
	}
	if exists(ended) {
		t.Errorf("%s (its process ended) was not dropped", ended)
	}
	if !exists(running) {
		t.Errorf("%s (its process runs) was dropped", running)
	}
	if _, err := holder.ExecContext(ctx, "SELECT pg_advisory_unlock($1, 2)", pgOwnerLock); err != nil {
		t.Fatal(err)
	}
}
