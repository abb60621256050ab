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
)

const usage = `usage: payrolld [command] [flags]

commands:
  serve     start the HTTP API (default)
  migrate   bring the database schema up to date and exit
  admin     administration: create-user, rotate-key, set-password, make-template, oauth-client
  openapi   print the OpenAPI document
  calc      statutory calculation: check FILE.csv, explain (run "payrolld calc help")
  demo      create a demo user and one business per region (AU, UK, NZ, SG) with employees
            and a finalised pay run each, then print the API key and where to look
Run "payrolld serve -h" for the configuration flags (each also read from PAYROLL_* variables).
`

// Main runs the command line and returns the process exit code.
func Main(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serve(ctx, args, getenv, stdout, stderr)
	case "migrate":
		err = migrate(ctx, args, getenv, stdout, stderr)
	case "admin":
		err = admin(ctx, args, getenv, stdout, stderr)
	case "openapi":
		err = openapi(args, getenv, stdout, stderr)
	case "calc":
		err = calcCmd(args, stdout, stderr)
	case "demo":
		err = demo(ctx, args, getenv, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "payrolld: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "payrolld:", err)
		return 1
	}
	return 0
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
	cfg, _, err := config.Load(args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	slog.SetDefault(log)
	log.Info("payrolld starting", cfg.Masked()...)
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
	cfg, _, err := config.Load(args, getenv, stderr)
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

func openapi(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, _, err := config.Load(args, getenv, stderr)
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

func admin(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("admin: want a subcommand: create-user, rotate-key, set-password, make-template, oauth-client, import-suburbs")
	}
	sub, rest := args[0], args[1:]
	fs := flag.NewFlagSet("admin "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	username := fs.String("username", "", "user name (usually an email address)")
	display := fs.String("display-name", "", "display name")
	sysAdmin := fs.Bool("system-admin", false, "make the user a system administrator")
	password := fs.String("password", "", "password (or PAYROLL_ADMIN_PASSWORD)")
	businessID := fs.Int64("business", 0, "business id")
	off := fs.Bool("off", false, "unset instead of set")
	name := fs.String("name", "", "OAuth client name")
	redirect := fs.String("redirect-uri", "", "OAuth client callback URL")
	file := fs.String("file", "", "import-suburbs: CSV with a header naming name, state, postcode and optionally country")
	country := fs.String("country", "AU", "import-suburbs: the country (ISO 3166-1 alpha-2) of rows without one")
	cfgArgs := []string{}
	for i := 0; i < len(rest); i++ { // config flags go to config.Load, the rest to fs
		a := rest[i]
		if strings.HasPrefix(a, "-database-url") || strings.HasPrefix(a, "--database-url") {
			cfgArgs = append(cfgArgs, a)
			if !strings.Contains(a, "=") && i+1 < len(rest) {
				i++
				cfgArgs = append(cfgArgs, rest[i])
			}
			continue
		}
		if err := fs.Parse(rest[i:]); err != nil {
			return err
		}
		break
	}
	cfg, _, err := config.Load(cfgArgs, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	d, err := openDB(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer d.Close()
	app := Build(cfg, d, payroll.SystemClock{}, log)
	if *password == "" {
		*password = getenv("PAYROLL_ADMIN_PASSWORD")
	}
	switch sub {
	case "create-user":
		key, err := app.createUserCLI(ctx, *username, *display, *password, *sysAdmin)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "user %s created; API key (shown once): %s\n", *username, key)
	case "rotate-key":
		key, err := app.Users.RotateAPIKey(ctx, *username)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "new API key for %s (shown once): %s\n", *username, key)
	case "set-password":
		if err := app.Users.SetPassword(ctx, *username, *password); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "password set for %s\n", *username)
	case "make-template":
		if err := app.Businesses.SetTemplate(ctx, *businessID, !*off); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "business %s template=%v\n", strconv.FormatInt(*businessID, 10), !*off)
	case "import-suburbs":
		f, err := os.Open(*file)
		if err != nil {
			return err
		}
		defer f.Close()
		n, err := (&suburb.Service{DB: d}).Import(ctx, f, *country)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d suburbs added to the register\n", n)
	case "oauth-client":
		id, secret, err := app.OAuth.CreateClient(ctx, *name, *redirect)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "client_id=%s\nclient_secret=%s (shown once)\n", id, secret)
	default:
		return fmt.Errorf("admin: unknown subcommand %q", sub)
	}
	return nil
}
