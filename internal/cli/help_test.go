package cli_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/cli"
)

// The command line explains itself the Go way: "payrolld help" and -h list
// the commands, "payrolld CMD -h" describes CMD with only the flags it
// takes, and none of it (nor a command line a command refuses) touches
// the database. Usage errors exit 2, as Go's flag package does.
func TestCommandLineExplainsItself(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "never-created.db")
	getenv := func(k string) string {
		if k == "PAYROLL_DATABASE_URL" {
			return dbPath
		}
		return ""
	}
	commands := []string{"serve", "migrate", "admin", "openapi", "calc", "demo", "version", "help"}
	cases := []struct {
		args     []string
		code     int
		has      []string // in stdout+stderr
		lacks    []string
		onStdout bool // has is on stdout (what a user pipes to less)
	}{
		{args: []string{"-h"}, has: commands, onStdout: true},
		{args: []string{"help"}, has: commands, onStdout: true},
		{args: []string{"--help"}, has: commands, onStdout: true},
		{args: []string{"help", "migrate"}, has: []string{"usage: payrolld migrate [flags]", "-database-url", "PAYROLL_DATABASE_URL", "schema"},
			lacks: []string{"-addr", "-rate-limit-rps"}, onStdout: true},
		{args: []string{"help", "nosuch"}, code: 2, has: []string{`unknown command "nosuch"`}},
		{args: []string{"serve", "-h"}, has: []string{"usage: payrolld serve [flags]", "-addr", "-database-url", "-rate-limit-rps", "-webhook-poll-interval"}},
		{args: []string{"migrate", "-h"}, has: []string{"-database-url"}, lacks: []string{"-addr", "-smtp-addr", "-bootstrap-api-key"}},
		{args: []string{"openapi", "-h"}, has: []string{"usage: payrolld openapi\n", "OpenAPI"}, lacks: []string{"-database-url", "-addr"}},
		{args: []string{"demo", "-h"}, has: []string{"-database-url", "-addr", "finalised"}, lacks: []string{"-rate-limit-rps", "-metrics-addr"}},
		{args: []string{"version", "-h"}, has: []string{"usage: payrolld version"}},
		{args: []string{"calc", "-h"}, has: []string{"calc check FILE.csv", "calc explain"}},
		{args: []string{"admin", "-h"}, has: []string{"create-user", "rotate-key", "set-password", "make-template", "oauth-client", "import-suburbs"},
			lacks: []string{"-username", "unknown subcommand"}},
		{args: []string{"admin", "help"}, has: []string{"rotate-key"}},
		{args: []string{"admin", "create-user", "-h"}, has: []string{"usage: payrolld admin create-user [flags]", "-username", "-system-admin", "-password", "-database-url"},
			lacks: []string{"-business", "-redirect-uri", "-file", "-addr", "-off"}},
		{args: []string{"admin", "rotate-key", "-h"}, has: []string{"-username"}, lacks: []string{"-password", "-system-admin"}},
		{args: []string{"admin"}, code: 2, has: []string{"want a subcommand", "rotate-key"}},
		{args: []string{"admin", "frobnicate"}, code: 2, has: []string{`unknown subcommand "frobnicate"`}},
		{args: []string{"admin", "rotate-key"}, code: 2, has: []string{"missing -username", `payrolld admin -h`}},
		{args: []string{"admin", "oauth-client", "-name", "x"}, code: 2, has: []string{"missing -redirect-uri"}},
		{args: []string{"admin", "make-template", "-business", "x"}, code: 2, has: []string{`invalid value "x" for flag -business`}},
		{args: []string{"admin", "create-user", "-business", "7"}, code: 2, has: []string{"flag provided but not defined: -business"}},
		{args: []string{"migrate", "-addr", "127.0.0.1:1"}, code: 2, has: []string{"flag provided but not defined: -addr"}},
		{args: []string{"migrate", "extra"}, code: 2, has: []string{`unexpected argument "extra"`}},
		{args: []string{"version", "extra"}, code: 2, has: []string{`unexpected argument "extra"`}},
		{args: []string{"frobnicate"}, code: 2, has: []string{`unknown command "frobnicate"`, "commands:"}},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := cli.Main(context.Background(), c.args, getenv, &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if code != c.code {
			t.Errorf("payrolld %s: exit %d, want %d\n%s", strings.Join(c.args, " "), code, c.code, out)
			continue
		}
		where := out
		if c.onStdout {
			where = stdout.String()
		}
		for _, s := range c.has {
			if !strings.Contains(where, s) {
				t.Errorf("payrolld %s: output lacks %q:\n%s", strings.Join(c.args, " "), s, out)
			}
		}
		for _, s := range c.lacks {
			if strings.Contains(out, s) {
				t.Errorf("payrolld %s: output has %q:\n%s", strings.Join(c.args, " "), s, out)
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("help and refused command lines created %v", entries)
	}
}

func TestVersionCommand(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := cli.Main(context.Background(), []string{"version"}, func(string) string { return "" }, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	// A test binary records no commit, so this build is "devel"; the
	// forms a real build prints are internal/version's test.
	if got := stdout.String(); !strings.HasPrefix(got, "payrolld ") || len(strings.TrimSpace(got)) <= len("payrolld") {
		t.Fatalf("version printed %q", got)
	}
}
