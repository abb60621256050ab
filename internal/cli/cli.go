// Package cli implements the payrolld subcommands: serve (default),
// migrate, admin, openapi, calc and demo, and wires the services together.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/suburb"
	"github.com/payrolld/payrolld/internal/version"
)

// The command lines of the commands that read the configuration: each
// takes only the settings' flags it names, and every setting is still read
// from its PAYROLL_* variable.
var (
	serveCommand = config.Command{Name: "payrolld serve",
		Description: `Serves the payroll API on -addr until interrupted (SIGINT or SIGTERM finish the requests and
jobs in flight). The database is created and its schema brought up to date on start; on an empty
database a system administrator is created and its API key printed once.`}
	migrateCommand = config.Command{Name: "payrolld migrate",
		Description: "Applies the schema migrations the database lacks, prints how many, and exits.",
		Flags:       []string{"database-url"}}
	openapiCommand = config.Command{Name: "payrolld openapi",
		Description: "Prints the OpenAPI 3.1 document of every operation the server serves (api/openapi.json is this output).",
		Flags:       []string{}}
	demoCommand = config.Command{Name: "payrolld demo",
		Description: `Creates a demo user and one business per region (AU, UK, NZ, SG) with employees and a finalised
pay run each, in the database the server uses (it may be running), then prints the user's API key
and where to look.`,
		Flags: []string{"database-url", "addr"}}
)

// command is one of payrolld's subcommands.
type command struct {
	name    string
	summary string // one line, for the command list
	run     func(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order "payrolld help" shows them.
var commands = []command{
	{name: "serve", summary: "start the HTTP API (the default command)", run: serve},
	{name: "migrate", summary: "bring the database schema up to date and exit", run: migrate},
	{name: "admin", summary: "administration: create-user, rotate-key, set-password, make-template, oauth-client, import-suburbs", run: admin},
	{name: "openapi", summary: "print the OpenAPI document of the API", run: openapi},
	{name: "calc", summary: "statutory calculation: check a vector file, explain one employee-period", run: func(_ context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
		return calcCmd(args, stdout, stderr)
	}},
	{name: "demo", summary: "create a demo user and a business per region with a finalised pay run", run: demo},
	{name: "version", summary: "print the version of this build", run: printVersion},
}

func printVersion(_ context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprint(stderr, "usage: payrolld version\n\nPrints the version of this build (a release's stamp, else the commit it was built from).\n")
		return flag.ErrHelp
	}
	if len(args) > 0 {
		return &config.UsageError{Err: fmt.Errorf("unexpected argument %q", args[0])}
	}
	fmt.Fprintln(stdout, "payrolld", version.String())
	return nil
}

func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// usage writes the command list.
func usage(w io.Writer) {
	fmt.Fprint(w, "payrolld serves the payroll HTTP API (AU, UK, NZ, SG) on SQLite or PostgreSQL.\n\nusage: payrolld [command] [flags]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s  %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `  help      show this list, or "payrolld help COMMAND" for one command

Without a command payrolld serves. "payrolld COMMAND -h" describes a command and its flags; each
configuration flag is also read from a PAYROLL_* environment variable (flags win).
`)
}

// isHelp reports a request for help instead of a command line.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// Main runs the command line and returns the process exit code: 0 on
// success (and for -h), 2 for a command line the command does not take,
// 1 for any other failure.
func Main(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	name := "serve"
	switch {
	case len(args) > 0 && isHelp(args[0]):
		if len(args) > 1 && args[0] == "help" { // payrolld help COMMAND
			if c := lookup(args[1]); c != nil {
				return exitCode(c.run(ctx, []string{"-h"}, getenv, stdout, stdout), stderr, c.name)
			}
			fmt.Fprintf(stderr, "payrolld help: unknown command %q\n\n", args[1])
			usage(stderr)
			return 2
		}
		usage(stdout)
		return 0
	case len(args) > 0 && !strings.HasPrefix(args[0], "-"):
		name, args = args[0], args[1:]
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "payrolld: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	return exitCode(c.run(ctx, args, getenv, stdout, stderr), stderr, name)
}

// exitCode reports err on stderr and turns it into the exit status.
func exitCode(err error, stderr io.Writer, name string) int {
	var ue *config.UsageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		if !ue.Printed {
			fmt.Fprintf(stderr, "payrolld %s: %v\nRun \"payrolld %s -h\" for usage.\n", name, err, name)
		}
		return 2
	default:
		fmt.Fprintln(stderr, "payrolld:", err)
		return 1
	}
}

// loadConfig reads the configuration with cmd's command line, which takes
// flags only: a positional argument is a usage error.
func loadConfig(cmd config.Command, args []string, getenv func(string) string, stderr io.Writer) (config.Config, error) {
	cfg, rest, err := config.LoadFor(cmd, args, getenv, stderr)
	if err == nil && len(rest) > 0 {
		err = &config.UsageError{Err: fmt.Errorf("unexpected argument %q", rest[0])}
	}
	return cfg, err
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var lvl slog.Level
	_ = lvl.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: lvl}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openDB opens and migrates the configured database.
func openDB(ctx context.Context, cfg config.Config, log *slog.Logger) (*db.DB, error) {
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	n, err := d.Migrate(ctx, db.MigrateOptions{})
	if err != nil {
		d.Close()
		return nil, err
	}
	if n > 0 {
		log.Info("migrations applied", "count", n, "engine", d.Dialect)
	}
	return d, nil
}

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := loadConfig(serveCommand, args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	slog.SetDefault(log)
	log.Info("payrolld starting", append([]any{"version", version.String()}, cfg.Masked()...)...)
	d, err := openDB(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer d.Close()
	clock := payroll.SystemClock{}
	app := Build(cfg, d, clock, log)
	if cfg.SuperFundsCSV != "" || cfg.SMSFESACSV != "" {
		if err := app.Reference.LoadSuperRegistry(cfg.SuperFundsCSV, cfg.SMSFESACSV); err != nil {
			return fmt.Errorf("super fund registry: %w", err)
		}
	}
	key, err := app.Users.EnsureSystemAdmin(ctx, cfg.BootstrapAPIKey)
	if err != nil {
		return fmt.Errorf("bootstrap administrator: %w", err)
	}
	if key != "" {
		fmt.Fprintf(stdout, "\nCreated system administrator \"admin\". Its API key is shown only now:\n\n    %s\n\nUse it as the Basic user name with an empty password, e.g.\n    curl -u %s: http://%s/api/v2/user\n\n", key, key, cfg.Addr)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	var metricsSrv *http.Server
	if cfg.MetricsAddr != "" {
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("metrics listener: %w", err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", app.API.MetricsHandler())
		metricsSrv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		go func() { _ = metricsSrv.Serve(mln) }()
		log.Info("metrics listening", "addr", mln.Addr().String())
	}
	srv := &http.Server{Handler: app.Handler, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	jobsCtx, stopJobs := context.WithCancel(context.Background())
	jobsDone := app.StartJobs(jobsCtx)
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String(), "docs", "http://"+ln.Addr().String()+"/docs")
	select {
	case err = <-serveErr:
	case <-ctx.Done():
		log.Info("shutting down: finishing in-flight requests and jobs")
		sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		err = srv.Shutdown(sctx)
		if metricsSrv != nil {
			_ = metricsSrv.Shutdown(sctx)
		}
		cancel()
	}
	stopJobs()
	<-jobsDone
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	log.Info("stopped")
	return err
}

func migrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := loadConfig(migrateCommand, args, getenv, stderr)
	if err != nil {
		return err
	}
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	n, err := d.Migrate(ctx, db.MigrateOptions{})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d migration(s) applied\n", d.Dialect, n)
	return nil
}

func openapi(_ context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := loadConfig(openapiCommand, args, getenv, stderr)
	if err != nil {
		return err
	}
	doc, err := OpenAPIDocument(cfg)
	if err != nil {
		return err
	}
	_, err = stdout.Write(doc)
	return err
}

// OpenAPIDocument renders the OpenAPI document of the full API, built
// against a throwaway in-memory database (the document does not depend on
// data).
func OpenAPIDocument(cfg config.Config) ([]byte, error) {
	dir, err := os.MkdirTemp("", "payrolld-openapi")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	d, err := db.Open(context.Background(), dir+"/openapi.db")
	if err != nil {
		return nil, err
	}
	defer d.Close()
	app := Build(cfg, d, payroll.SystemClock{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	b, err := json.MarshalIndent(app.API.Huma().OpenAPI(), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// adminArgs are the admin subcommands' flags (each subcommand registers
// the ones it takes).
type adminArgs struct {
	username, display, password, name, redirect, file, country string
	sysAdmin, off                                              bool
	businessID                                                 int64
}

// adminSub is one "payrolld admin" subcommand: its flags, the ones it
// cannot do without, and what it does with the opened database.
type adminSub struct {
	name, summary string
	flags         func(fs *flag.FlagSet, a *adminArgs)
	required      func(a *adminArgs) []string // names of required flags left empty
	run           func(ctx context.Context, app *App, d *db.DB, a *adminArgs, stdout io.Writer) error
}

func usernameFlag(fs *flag.FlagSet, a *adminArgs) {
	fs.StringVar(&a.username, "username", "", "user name (usually an email address; required)")
}

func passwordFlag(fs *flag.FlagSet, a *adminArgs) {
	fs.StringVar(&a.password, "password", "", "password (or PAYROLL_ADMIN_PASSWORD)")
}

// missing returns the names of the flags whose values are empty.
func missing(pairs ...any) []string {
	var out []string
	for i := 0; i < len(pairs); i += 2 {
		if empty := pairs[i+1].(bool); empty {
			out = append(out, pairs[i].(string))
		}
	}
	return out
}

var adminSubs = []adminSub{
	{name: "create-user", summary: "create a user and print its API key once",
		flags: func(fs *flag.FlagSet, a *adminArgs) {
			usernameFlag(fs, a)
			fs.StringVar(&a.display, "display-name", "", "display name")
			passwordFlag(fs, a)
			fs.BoolVar(&a.sysAdmin, "system-admin", false, "make the user a system administrator")
		},
		required: func(a *adminArgs) []string { return missing("username", a.username == "") },
		run: func(ctx context.Context, app *App, _ *db.DB, a *adminArgs, stdout io.Writer) error {
			key, err := app.createUserCLI(ctx, a.username, a.display, a.password, a.sysAdmin)
			if err == nil {
				fmt.Fprintf(stdout, "user %s created; API key (shown once): %s\n", a.username, key)
			}
			return err
		}},
	{name: "rotate-key", summary: "replace a user's API key and print the new one once",
		flags:    usernameFlag,
		required: func(a *adminArgs) []string { return missing("username", a.username == "") },
		run: func(ctx context.Context, app *App, _ *db.DB, a *adminArgs, stdout io.Writer) error {
			key, err := app.Users.RotateAPIKey(ctx, a.username)
			if err == nil {
				fmt.Fprintf(stdout, "new API key for %s (shown once): %s\n", a.username, key)
			}
			return err
		}},
	{name: "set-password", summary: "set a user's password",
		flags: func(fs *flag.FlagSet, a *adminArgs) {
			usernameFlag(fs, a)
			passwordFlag(fs, a)
		},
		required: func(a *adminArgs) []string {
			return missing("username", a.username == "", "password (or PAYROLL_ADMIN_PASSWORD)", a.password == "")
		},
		run: func(ctx context.Context, app *App, _ *db.DB, a *adminArgs, stdout io.Writer) error {
			err := app.Users.SetPassword(ctx, a.username, a.password)
			if err == nil {
				fmt.Fprintf(stdout, "password set for %s\n", a.username)
			}
			return err
		}},
	{name: "make-template", summary: "mark a business as a template new businesses can copy (-off unmarks it)",
		flags: func(fs *flag.FlagSet, a *adminArgs) {
			fs.Int64Var(&a.businessID, "business", 0, "business id (required)")
			fs.BoolVar(&a.off, "off", false, "unset instead of set")
		},
		required: func(a *adminArgs) []string { return missing("business", a.businessID <= 0) },
		run: func(ctx context.Context, app *App, _ *db.DB, a *adminArgs, stdout io.Writer) error {
			err := app.Businesses.SetTemplate(ctx, a.businessID, !a.off)
			if err == nil {
				fmt.Fprintf(stdout, "business %s template=%v\n", strconv.FormatInt(a.businessID, 10), !a.off)
			}
			return err
		}},
	{name: "oauth-client", summary: "register an OAuth client and print its id and secret once",
		flags: func(fs *flag.FlagSet, a *adminArgs) {
			fs.StringVar(&a.name, "name", "", "client name (required)")
			fs.StringVar(&a.redirect, "redirect-uri", "", "client callback URL (required)")
		},
		required: func(a *adminArgs) []string { return missing("name", a.name == "", "redirect-uri", a.redirect == "") },
		run: func(ctx context.Context, app *App, _ *db.DB, a *adminArgs, stdout io.Writer) error {
			id, secret, err := app.OAuth.CreateClient(ctx, a.name, a.redirect)
			if err == nil {
				fmt.Fprintf(stdout, "client_id=%s\nclient_secret=%s (shown once)\n", id, secret)
			}
			return err
		}},
	{name: "import-suburbs", summary: "add suburbs (name, state, postcode) from a CSV file to the register",
		flags: func(fs *flag.FlagSet, a *adminArgs) {
			fs.StringVar(&a.file, "file", "", "CSV with a header naming name, state, postcode and optionally country (required)")
			fs.StringVar(&a.country, "country", "AU", "the country (ISO 3166-1 alpha-2) of rows without one")
		},
		required: func(a *adminArgs) []string { return missing("file", a.file == "") },
		run: func(ctx context.Context, _ *App, d *db.DB, a *adminArgs, stdout io.Writer) error {
			f, err := os.Open(a.file)
			if err != nil {
				return err
			}
			defer f.Close()
			n, err := (&suburb.Service{DB: d}).Import(ctx, f, a.country)
			if err == nil {
				fmt.Fprintf(stdout, "%d suburbs added to the register\n", n)
			}
			return err
		}},
}

func adminUsage(w io.Writer) {
	fmt.Fprint(w, "usage: payrolld admin SUBCOMMAND [flags]\n\nAdministration of the configured database (the server may be running).\n\nsubcommands:\n")
	for _, sub := range adminSubs {
		fmt.Fprintf(w, "  %-15s %s\n", sub.name, sub.summary)
	}
	fmt.Fprint(w, "\n\"payrolld admin SUBCOMMAND -h\" lists a subcommand's flags.\n")
}

// admin runs "payrolld admin SUBCOMMAND": its command line is read in
// full, -h answered and required flags checked before the database is
// opened, so a mistyped command changes nothing.
func admin(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || isHelp(args[0]) {
		adminUsage(stderr)
		if len(args) == 0 {
			return &config.UsageError{Err: errors.New("want a subcommand")}
		}
		return flag.ErrHelp
	}
	var sub *adminSub
	for i := range adminSubs {
		if adminSubs[i].name == args[0] {
			sub = &adminSubs[i]
		}
	}
	if sub == nil {
		adminUsage(stderr)
		return &config.UsageError{Err: fmt.Errorf("unknown subcommand %q", args[0])}
	}
	var a adminArgs
	cmd := config.Command{Name: "payrolld admin " + sub.name, Description: strings.ToUpper(sub.summary[:1]) + sub.summary[1:] + ".",
		Flags: []string{"database-url"}, Extra: func(fs *flag.FlagSet) { sub.flags(fs, &a) }}
	cfg, err := loadConfig(cmd, args[1:], getenv, stderr)
	if err != nil {
		return err
	}
	if a.password == "" {
		a.password = getenv("PAYROLL_ADMIN_PASSWORD")
	}
	if m := sub.required(&a); len(m) > 0 {
		return &config.UsageError{Err: fmt.Errorf("%s: missing -%s", sub.name, strings.Join(m, ", -"))}
	}
	log := newLogger(cfg, stderr)
	d, err := openDB(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer d.Close()
	return sub.run(ctx, Build(cfg, d, payroll.SystemClock{}, log), d, &a, stdout)
}
