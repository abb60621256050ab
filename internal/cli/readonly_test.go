package cli_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

// readOnly makes the SQLite file path read-only for this process and
// returns the function that makes it writable again. Root ignores file
// modes, so as root the file is made immutable (chattr +i) instead; the
// test is skipped where neither works.
func readOnly(t *testing.T, path string) (restore func()) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.Chmod(path, 0o444); err != nil {
			t.Fatal(err)
		}
		restore = func() { _ = os.Chmod(path, 0o644) }
	} else {
		if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
			t.Skipf("cannot make %s read-only as root (chattr +i: %v %s)", path, err, out)
		}
		restore = func() { _ = exec.Command("chattr", "-i", path).Run() }
	}
	t.Cleanup(restore)
	return restore
}

// lockedLog is a log a test reads while the app writes it.
type lockedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A SQLite database that is read-only when the node starts: /readyz
// answers 503 (the database refuses writes, the job queue cannot start),
// writes answer 503 with Retry-After and an error log naming the cause
// (never a bare 500), reads keep working; once the file is writable again,
// writes succeed within seconds and the node is ready again, without a
// restart (the job queue restarted by its supervisor).
func TestReadOnlyDatabaseAtStartRecovers(t *testing.T) {
	// Not parallel: it swaps the process's default logger (see
	// TestDiskFullAnswers503AndRecovers).
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ro.db")
	key := "pk_test_admin_" + payroll.NewSecret(8)
	// A migrated database with an administrator and a business, then closed.
	{
		d, err := db.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Migrate(ctx, db.MigrateOptions{}); err != nil {
			t.Fatal(err)
		}
		app := cli.Build(config.Default(), d, payroll.SystemClock{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if _, err := app.Users.EnsureSystemAdmin(ctx, key); err != nil {
			t.Fatal(err)
		}
		d.Close()
	}
	restore := readOnly(t, path)

	// The node starts on the read-only file.
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatalf("open read-only: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(ctx, db.MigrateOptions{}); err != nil {
		t.Fatalf("migrate (nothing to apply) on a read-only file: %v", err)
	}
	var logs lockedLog
	log := slog.New(slog.NewTextHandler(&logs, nil))
	prev := slog.Default()
	slog.SetDefault(log) // the problem mapper logs through the default logger
	t.Cleanup(func() { slog.SetDefault(prev) })
	cfg := config.Default()
	cfg.RateLimitRPS = 0
	app := cli.Build(cfg, d, payroll.SystemClock{}, log)
	ts := httptest.NewServer(app.Handler)
	t.Cleanup(ts.Close)
	jobsCtx, stop := context.WithCancel(ctx)
	done := app.StartJobs(jobsCtx)
	t.Cleanup(func() { stop(); <-done })
	c := newAPIClient(ts.URL, key)
	create := func() (int, []byte, http.Header) {
		req, _ := http.NewRequest("POST", ts.URL+"/api/v2/business?setupDefaultData=false", strings.NewReader(`{"name":"Written","region":"AU"}`))
		req.SetBasicAuth(key, "")
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, body, res.Header
	}
	ready := func() int {
		res, err := http.Get(ts.URL + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}

	if st := ready(); st != http.StatusServiceUnavailable {
		t.Fatalf("/readyz on a read-only database: %d, want 503", st)
	}
	if res, err := http.Get(ts.URL + "/healthz"); err != nil || res.StatusCode != 200 {
		t.Fatalf("/healthz (liveness) must stay 200: %v %v", res, err)
	}
	st, body, h := create()
	if st != http.StatusServiceUnavailable || h.Get("Retry-After") == "" {
		t.Fatalf("a write on a read-only database: %d %s (Retry-After %q), want 503 with Retry-After", st, body, h.Get("Retry-After"))
	}
	var p map[string]any
	if json.Unmarshal(body, &p) != nil || p["status"] != 503.0 {
		t.Fatalf("503 body is not a problem: %s", body)
	}
	if !strings.Contains(logs.String(), "database is read-only") {
		t.Fatalf("no error log names the cause:\n%s", logs.String())
	}
	c.must(t, "GET", "/api/v2/user", nil, nil) // reads still work

	// Permissions return: writes succeed within seconds, no restart.
	restore()
	back := time.Now()
	for {
		st, body, _ := create()
		if st == http.StatusOK {
			break
		}
		if st != http.StatusServiceUnavailable || time.Since(back) > 5*time.Second {
			t.Fatalf("%v after permissions returned a write still answers %d %s", time.Since(back), st, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("writes succeed %v after permissions returned", time.Since(back).Round(time.Millisecond))
	for ready() != http.StatusOK {
		if time.Since(back) > 15*time.Second {
			t.Fatalf("not ready %v after permissions returned:\n%s", time.Since(back), logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("ready again %v after permissions returned", time.Since(back).Round(time.Millisecond))
}
