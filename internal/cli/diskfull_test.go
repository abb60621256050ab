package cli_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

// A SQLite disk that fills up: writes answer 503 with Retry-After and a
// problem body (never 401 or 500), with an error log naming the cause;
// reads keep answering 200; and the first write once space returns
// succeeds, without a restart. The full disk is SQLite's own limit on the
// file (PRAGMA max_page_count on the node's one write connection), which
// fails a write that needs a new page with SQLITE_FULL exactly as a full
// file system does.
func TestDiskFullAnswers503AndRecovers(t *testing.T) {
	// Not parallel: it swaps the process's default logger, which the
	// problem mapper logs through; beside another test doing the same (or
	// a serve test setting its own) its log lines went to the other's
	// buffer and the cause was not found (a flake seen in CI).
	ctx := context.Background()
	d := migratedSQLiteFile(t)
	var logs lockedLog
	log := slog.New(slog.NewTextHandler(&logs, nil))
	prev := slog.Default()
	slog.SetDefault(log) // the problem mapper logs through the default logger
	t.Cleanup(func() { slog.SetDefault(prev) })
	cfg := config.Default()
	cfg.RateLimitRPS = 0
	app := cli.Build(cfg, d, payroll.SystemClock{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	key := "pk_test_admin_" + payroll.NewSecret(8)
	if _, err := app.Users.EnsureSystemAdmin(ctx, key); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(app.Handler)
	t.Cleanup(ts.Close)
	c := newAPIClient(ts.URL, key)
	n := 0
	create := func() (int, string, http.Header) {
		n++
		body := fmt.Sprintf(`{"name":"Business %d with a name long enough to need space %s","region":"AU"}`, n, strings.Repeat("x", 100))
		req, _ := http.NewRequest("POST", ts.URL+"/api/v2/business?setupDefaultData=false", strings.NewReader(body))
		req.SetBasicAuth(key, "")
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b), res.Header
	}
	if st, body, _ := create(); st != http.StatusOK {
		t.Fatalf("a write before the disk fills: %d %s", st, body)
	}
	var biz []map[string]any
	c.must(t, "GET", "/api/v2/business", nil, &biz)

	// The disk fills: the file may not grow past the pages it has.
	var pages int64
	if err := d.W.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := d.W.ExecContext(ctx, fmt.Sprintf("PRAGMA max_page_count = %d", pages)); err != nil {
		t.Fatal(err)
	}
	// Writes may still fit in the pages' free room for a while; each must
	// be a 200 or the 503, and the 503 must come.
	full := false
	for range 500 {
		st, body, h := create()
		if st == http.StatusOK {
			continue
		}
		if st != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || !strings.Contains(body, `"status":503`) {
			t.Fatalf("a write on a full disk: %d %s (Retry-After %q), want 503 with Retry-After", st, body, h.Get("Retry-After"))
		}
		full = true
		break
	}
	if !full {
		t.Fatal("500 writes on a full disk all succeeded: the limit did not take")
	}
	if st, body, _ := create(); st != http.StatusServiceUnavailable {
		t.Fatalf("the next write on the full disk: %d %s, want 503", st, body)
	}
	if !strings.Contains(logs.String(), "disk full") {
		t.Fatalf("no error log names the cause:\n%s", logs.String())
	}
	// Reads still work, including what was stored before.
	c.must(t, "GET", "/api/v2/user", nil, nil)
	var during []map[string]any
	c.must(t, "GET", "/api/v2/business", nil, &during)
	if len(during) < len(biz) {
		t.Fatalf("businesses during the full disk: %d, before: %d", len(during), len(biz))
	}

	// Space returns: the very next write succeeds.
	if _, err := d.W.ExecContext(ctx, "PRAGMA max_page_count = 1073741823"); err != nil {
		t.Fatal(err)
	}
	back := time.Now()
	if st, body, _ := create(); st != http.StatusOK {
		t.Fatalf("the first write after space returned: %d %s, want 200", st, body)
	}
	t.Logf("writes succeed %v after space returned", time.Since(back).Round(time.Millisecond))
}

// migratedSQLiteFile is a node's own migrated SQLite file in a temporary
// directory: these tests change its connection's limits and lifecycle.
func migratedSQLiteFile(t *testing.T) *db.DB {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, filepath.Join(t.TempDir(), "node.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(ctx, db.MigrateOptions{}); err != nil {
		t.Fatal(err)
	}
	return d
}
