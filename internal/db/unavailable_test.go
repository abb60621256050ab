package db_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit/testdb"
)

// Storage failures are recognised by code and reported as
// payroll.KindUnavailable (503); bugs and bad data are not.
func TestUnavailableRecognisesStorageFailures(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&pgconn.PgError{Code: "40001"}, true},  // serialization failure
		{&pgconn.PgError{Code: "40P01"}, true},  // deadlock
		{&pgconn.PgError{Code: "25006"}, true},  // read-only transaction
		{&pgconn.PgError{Code: "53100"}, true},  // disk full
		{&pgconn.PgError{Code: "53300"}, true},  // too many connections
		{&pgconn.PgError{Code: "57P01"}, true},  // admin shutdown
		{&pgconn.PgError{Code: "57P03"}, true},  // cannot connect now (starting up)
		{&pgconn.PgError{Code: "08006"}, true},  // connection failure
		{&pgconn.PgError{Code: "58030"}, true},  // I/O error
		{&pgconn.PgError{Code: "23505"}, false}, // unique violation: the caller's 409
		{&pgconn.PgError{Code: "42P01"}, false}, // undefined table: a bug
		{&pgconn.PgError{Code: "22P02"}, false}, // invalid text: a bug
		{fmt.Errorf("load: %w", syscall.ECONNREFUSED), true},
		{&net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}, true},
		{fmt.Errorf("read: %w", io.ErrUnexpectedEOF), true},
		{driver.ErrBadConn, true},
		{fmt.Errorf("x: %w", context.DeadlineExceeded), true},
		{errors.New("some bug"), false},
		{context.Canceled, false},
	} {
		_, got := db.Unavailable(c.err)
		if got != c.want {
			t.Errorf("Unavailable(%v) = %v, want %v", c.err, got, c.want)
		}
		if k := payroll.KindOf(c.err); (k == payroll.KindUnavailable) != c.want {
			t.Errorf("KindOf(%v) = %v", c.err, k)
		}
	}
	// Domain errors keep their kind.
	if payroll.KindOf(payroll.Conflict("x")) != payroll.KindConflict {
		t.Error("a conflict is not unavailable")
	}
}

// A SQLite file the process may not write: writes fail as unavailable
// (disk full likewise, by code), Writable says so, and once the file may
// be written again the next write succeeds without reopening the
// database: the connection opened read-only is replaced.
func TestReadOnlySQLiteRecoversWithoutReopen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ro.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Migrate(ctx, db.MigrateOptions{}); err != nil {
		t.Fatal(err)
	}
	d.Close()
	var restore func()
	if os.Geteuid() != 0 {
		if err := os.Chmod(path, 0o444); err != nil {
			t.Fatal(err)
		}
		restore = func() { _ = os.Chmod(path, 0o644) }
	} else {
		if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
			t.Skipf("cannot make the file read-only as root: %v %s", err, out)
		}
		restore = func() { _ = exec.Command("chattr", "-i", path).Run() }
	}
	t.Cleanup(restore)

	d, err = db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	write := func() error {
		return d.InTx(ctx, func(q *store.Queries) error {
			_, err := q.CreateBrand(ctx, store.CreateBrandParams{Name: "written", CreatedAt: time.Now()})
			return err
		})
	}
	err = write()
	cause, ok := payroll.UnavailableCause(err)
	if !ok || cause != "sqlite: database is read-only" {
		t.Fatalf("write on a read-only file: %v (cause %q), want unavailable: read-only", err, cause)
	}
	if err := d.Writable(ctx); payroll.KindOf(err) != payroll.KindUnavailable {
		t.Fatalf("Writable on a read-only file: %v", err)
	}
	if _, err := d.Queries().ListBrands(ctx); err != nil {
		t.Fatalf("reads must keep working: %v", err)
	}
	restore()
	if err := write(); err != nil {
		t.Fatalf("first write after permissions returned: %v", err)
	}
	if err := d.Writable(ctx); err != nil {
		t.Fatalf("Writable after recovery: %v", err)
	}
	if err := write(); err != nil {
		t.Fatalf("second write after recovery: %v", err)
	}
}

// Writable on a healthy database of each engine.
func TestWritable(t *testing.T) {
	testdb.EachEngine(t, func(t *testing.T, d *db.DB) {
		if err := d.Writable(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}
