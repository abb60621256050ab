package db_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
)

// A committed write reaches the database file without any request
// checkpointing it: the background checkpointer copies the log. The file is
// read with immutable=1, which ignores the write-ahead log, so a row is seen
// there only once it has been checkpointed. The write is far below the
// writer's own threshold (walAutoCheckpoint), so nothing else copies it.
func TestCheckpointerCopiesTheLogIntoTheFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ckpt.db")
	d, err := db.Open(ctx, "sqlite://"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.W.ExecContext(ctx, "CREATE TABLE t (v TEXT NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.W.ExecContext(ctx, "INSERT INTO t (v) VALUES (?)", strings.Repeat("x", 100_000)); err != nil {
		t.Fatal(err)
	}
	file, err := sql.Open("sqlite", "file:"+path+"?mode=ro&immutable=1")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	file.SetMaxOpenConns(1)
	deadline := time.Now().Add(10 * time.Second)
	for {
		// immutable=1 also tells SQLite the file never changes: a fresh
		// connection each time reads it again.
		var n int
		err := file.QueryRowContext(ctx, "SELECT count(*) FROM t").Scan(&n)
		if err == nil && n == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the row never reached the database file (last read: %d rows, %v)", n, err)
		}
		file.SetMaxIdleConns(0) // the next read opens the file anew
		time.Sleep(100 * time.Millisecond)
	}
}
