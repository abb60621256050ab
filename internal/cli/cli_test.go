package cli_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/config"
)

// The committed api/openapi.json must be what the server serves.
// Regenerate with: go run ./cmd/payrolld openapi > api/openapi.json
func TestOpenAPIDocumentIsCommitted(t *testing.T) {
	path := filepath.Join("..", "..", "api", "openapi.json")
	// Twice: every API built after the first in a process takes its
	// schemas from the registry the first filled (httpapi's shared.go), and
	// must describe exactly the same.
	for build := 1; build <= 2; build++ {
		doc, err := cli.OpenAPIDocument(config.Default())
		if err != nil {
			t.Fatal(err)
		}
		if os.Getenv("UPDATE_OPENAPI") != "" && build == 1 {
			if err := os.WriteFile(path, doc, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		committed, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(doc, committed) {
			t.Fatalf("build %d: api/openapi.json is out of date: run `go run ./cmd/payrolld openapi > api/openapi.json` (or UPDATE_OPENAPI=1 go test ./internal/cli)", build)
		}
	}
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// serve starts on a fresh SQLite file with the given environment, answers
// an authenticated request, and stops cleanly when its context ends (what
// SIGTERM does in main).
func TestServeStartsAndStopsGracefully(t *testing.T) {
	dir := t.TempDir()
	addr := freePort(t)
	env := map[string]string{
		"PAYROLL_ADDR":              addr,
		"PAYROLL_DATABASE_URL":      filepath.Join(dir, "payroll.db"),
		"PAYROLL_BOOTSTRAP_API_KEY": "pk_fixed_for_automation",
	}
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- cli.Main(ctx, nil, func(k string) string { return env[k] }, &stdout, &stderr) }()
	var res *http.Response
	var err error
	for i := 0; i < 600; i++ { // up to 30 s: a loaded CI machine under -race migrates slowly
		req, _ := http.NewRequest("GET", "http://"+addr+"/api/v2/user", nil)
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte("pk_fixed_for_automation:")))
		if res, err = http.DefaultClient.Do(req); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		cancel()
		t.Fatalf("server never answered: %v\n%s", err, stderr.String())
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("bootstrap key answered %d", res.StatusCode)
	}
	// Liveness says which build answers (a rolling upgrade shows which
	// nodes run the new one).
	if res, err = http.Get("http://" + addr + "/healthz"); err != nil {
		t.Fatal(err)
	}
	health, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(health), `"status":"ok"`) || !strings.Contains(string(health), `"version":"devel`) {
		t.Fatalf("/healthz = %s", health)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit code %d\n%s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("did not stop within 10s of cancellation")
	}
	log := stderr.String()
	for _, want := range []string{"payrolld starting", "version=devel", "bootstrapAPIKey=****", "shutting down", "stopped"} {
		if !strings.Contains(log, want) {
			t.Fatalf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "pk_fixed_for_automation") {
		t.Fatal("bootstrap key leaked into the log")
	}
}

// On an empty database without a bootstrap key, serve creates an
// administrator and prints its key once; a restart prints nothing new.
func TestFirstStartPrintsAdminKeyOnce(t *testing.T) {
	dir := t.TempDir()
	run := func() string {
		env := map[string]string{"PAYROLL_ADDR": freePort(t), "PAYROLL_DATABASE_URL": filepath.Join(dir, "p.db")}
		ctx, cancel := context.WithCancel(context.Background())
		var out, errb bytes.Buffer
		done := make(chan int, 1)
		go func() { done <- cli.Main(ctx, nil, func(k string) string { return env[k] }, &out, &errb) }()
		answered := false
		for i := 0; i < 600 && !answered; i++ { // up to 30 s: a loaded CI machine under -race migrates slowly
			if r, err := http.Get("http://" + env["PAYROLL_ADDR"] + "/healthz"); err == nil {
				r.Body.Close()
				answered = true
			} else {
				time.Sleep(50 * time.Millisecond)
			}
		}
		cancel()
		if !answered {
			<-done
			t.Fatalf("server never answered within 30 s: %s", errb.String())
		}
		if code := <-done; code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		return out.String()
	}
	first := run()
	if !strings.Contains(first, "API key is shown only now") {
		t.Fatalf("first start did not print a key:\n%s", first)
	}
	if second := run(); strings.Contains(second, "API key") {
		t.Fatalf("second start printed a key again:\n%s", second)
	}
}

func TestAdminCommands(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"PAYROLL_DATABASE_URL": filepath.Join(dir, "a.db")}
	getenv := func(k string) string { return env[k] }
	run := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		code := cli.Main(context.Background(), args, getenv, &out, &errb)
		return out.String() + errb.String(), code
	}
	out, code := run("admin", "create-user", "-username", "ann@example.com", "-password", "correct horse", "-system-admin")
	if code != 0 || !strings.Contains(out, "API key") {
		t.Fatalf("create-user: %d %s", code, out)
	}
	if out, code = run("admin", "set-password", "-username", "ann@example.com", "-password", "short"); code == 0 {
		t.Fatalf("short password accepted: %s", out)
	}
	if out, code = run("admin", "rotate-key", "-username", "nobody@example.com"); code == 0 {
		t.Fatalf("rotate-key for unknown user succeeded: %s", out)
	}
	if out, code = run("migrate"); code != 0 || !strings.Contains(out, "0 migration(s) applied") {
		t.Fatalf("migrate on a migrated db: %d %s", code, out)
	}
	if _, code = run("frobnicate"); code != 2 {
		t.Fatalf("unknown command exit %d, want 2", code)
	}
}
