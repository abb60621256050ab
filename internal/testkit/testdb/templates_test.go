package testdb

import (
	"context"
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

	// An ended process's copy (nobody holds owner 0x00000001's lock) and a
	// running one's (this test holds 0x00000002's on a connection).
	ended, running := "t_00000001_1", "t_00000002_1"
	for _, name := range []string{ended, running} {
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
	p.sweep(ctx)
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
