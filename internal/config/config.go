// Package config builds the typed configuration from PAYROLL_* environment
// variables and command-line flags (flags win). The zero-setup defaults give
// a working SQLite instance on 127.0.0.1:8080.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Config is the effective configuration of one process.
type Config struct {
	Addr                string  // listen address
	DatabaseURL         string  // file path or sqlite: URL = SQLite; postgres:// = PostgreSQL
	BaseURL             string  // public base URL used in links the server hands out (SSO); derived from Addr when empty
	BootstrapAPIKey     string  // if set, a system administrator with exactly this API key exists after start
	WebhookAllowPrivate bool    // allow webhook targets on loopback/private addresses
	RateLimitRPS        float64 // requests per second per credential and business
	RateLimitBurst      int
	MaxBodyBytes        int64 // JSON request body limit
	MaxUploadBytes      int64 // file upload limit
	SMTPAddr            string
	SMTPFrom            string
	LogLevel            string
	LogFormat           string // text or json
	ShutdownTimeout     time.Duration
	WebhookPollInterval time.Duration
	SuperFundsCSV       string // replaces the built-in super fund product registry (AU)
	SMSFESACSV          string // replaces the built-in SMSF electronic service address list (AU)
	// MetricsAddr, when set, serves /metrics without credentials on its
	// own listener (for a scraper on the operator's network); the API's
	// /metrics needs a system administrator's credentials either way.
	MetricsAddr string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed; empty = the client address is the connection's peer.
	TrustedProxies []netip.Prefix
	// FilingTransmitter sends filings to tax authorities: "outbox" writes
	// each document to FilingOutboxDir for a sending service provider;
	// "network" (FilingNetworkEndpoint) is configuration only, not built.
	FilingTransmitter     string
	FilingOutboxDir       string
	FilingNetworkEndpoint string
}

// Default returns the zero-setup configuration.
func Default() Config {
	return Config{
		Addr:                "127.0.0.1:8080",
		DatabaseURL:         "./data/payroll.db",
		RateLimitRPS:        5,
		RateLimitBurst:      10,
		MaxBodyBytes:        1 << 20,
		MaxUploadBytes:      10 << 20,
		SMTPFrom:            "payrolld@localhost",
		LogLevel:            "info",
		LogFormat:           "text",
		ShutdownTimeout:     20 * time.Second,
		WebhookPollInterval: time.Second,
		FilingTransmitter:   "outbox",
		FilingOutboxDir:     "./data/filing-outbox",
	}
}

// Load reads env through getenv, then the flags in args, taking every
// setting's flag (serve). It returns the remaining positional arguments.
func Load(args []string, getenv func(string) string, stderr io.Writer) (Config, []string, error) {
	return LoadFor(Command{Name: "payrolld serve"}, args, getenv, stderr)
}

// Command describes the command line a command takes, for LoadFor.
type Command struct {
	Name        string   // as typed, e.g. "payrolld migrate"
	Args        string   // positional arguments after the flags, for the usage line
	Description string   // what the command does, printed by -h above its flags
	Flags       []string // the settings' flags it takes (names without "-"); nil = every one
	// Extra registers the command's own flags beside the settings' ones.
	Extra func(fs *flag.FlagSet)
}

// UsageError is a command line the command does not take: an unknown flag,
// a flag's unreadable value, a missing required flag or argument. The
// process exits with status 2, as Go's flag package does.
type UsageError struct {
	Err     error
	Printed bool // the flag package already printed the error and the usage
}

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Usage writes c's usage: the synopsis, the description and the flags of
// fs (PrintDefaults' format).
func (c Command) Usage(w io.Writer, fs *flag.FlagSet) {
	synopsis := c.Name
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		synopsis += " [flags]"
	}
	if c.Args != "" {
		synopsis += " " + c.Args
	}
	fmt.Fprintf(w, "usage: %s\n", synopsis)
	if c.Description != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimRight(c.Description, "\n"))
	}
	if hasFlags {
		fmt.Fprint(w, "\nflags (environment variables in brackets; flags win):\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

// LoadFor reads every setting from its environment variable through
// getenv, then parses args with the flags c takes: the settings' flags it
// names and its Extra ones. A setting whose flag it does not take still
// comes from the environment. -h prints c's usage to stderr and returns
// flag.ErrHelp, with no other effect; a bad command line is a *UsageError.
func LoadFor(cmd Command, args []string, getenv func(string) string, stderr io.Writer) (Config, []string, error) {
	c := Default()
	fs := flag.NewFlagSet(cmd.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { cmd.Usage(stderr, fs) }
	takes := func(name string) bool { return cmd.Flags == nil || slices.Contains(cmd.Flags, name) }
	str := func(p *string, name, env, usage string) {
		if v := getenv(env); v != "" {
			*p = v
		}
		if takes(name) {
			fs.StringVar(p, name, *p, usage+" ("+env+")")
		}
	}
	var errs []string
	num := func(p any, name, env, usage string) {
		v := getenv(env)
		switch p := p.(type) {
		case *float64:
			if v != "" {
				f, err := strconv.ParseFloat(v, 64)
				if err != nil {
					errs = append(errs, env+": "+err.Error())
				}
				*p = f
			}
			if takes(name) {
				fs.Float64Var(p, name, *p, usage+" ("+env+")")
			}
		case *int:
			if v != "" {
				n, err := strconv.Atoi(v)
				if err != nil {
					errs = append(errs, env+": "+err.Error())
				}
				*p = n
			}
			if takes(name) {
				fs.IntVar(p, name, *p, usage+" ("+env+")")
			}
		case *int64:
			if v != "" {
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil {
					errs = append(errs, env+": "+err.Error())
				}
				*p = n
			}
			if takes(name) {
				fs.Int64Var(p, name, *p, usage+" ("+env+")")
			}
		case *bool:
			if v != "" {
				b, err := strconv.ParseBool(v)
				if err != nil {
					errs = append(errs, env+": "+err.Error())
				}
				*p = b
			}
			if takes(name) {
				fs.BoolVar(p, name, *p, usage+" ("+env+")")
			}
		case *time.Duration:
			if v != "" {
				d, err := time.ParseDuration(v)
				if err != nil {
					errs = append(errs, env+": "+err.Error())
				}
				*p = d
			}
			if takes(name) {
				fs.DurationVar(p, name, *p, usage+" ("+env+")")
			}
		}
	}
	str(&c.Addr, "addr", "PAYROLL_ADDR", "listen address")
	str(&c.DatabaseURL, "database-url", "PAYROLL_DATABASE_URL", "SQLite file path / sqlite: URL, or postgres:// URL")
	str(&c.BaseURL, "base-url", "PAYROLL_BASE_URL", "public base URL for links (default http://ADDR)")
	str(&c.BootstrapAPIKey, "bootstrap-api-key", "PAYROLL_BOOTSTRAP_API_KEY", "ensure a system administrator with this API key")
	str(&c.FilingTransmitter, "filing-transmitter", "PAYROLL_FILING_TRANSMITTER", "how filings are sent: outbox, or network (configuration only, not built)")
	str(&c.FilingOutboxDir, "filing-outbox-dir", "PAYROLL_FILING_OUTBOX_DIR", "directory the outbox transmitter writes filing documents to")
	str(&c.FilingNetworkEndpoint, "filing-network-endpoint", "PAYROLL_FILING_NETWORK_ENDPOINT", "SBR endpoint of the network transmitter (not built)")
	num(&c.WebhookAllowPrivate, "webhook-allow-private", "PAYROLL_WEBHOOK_ALLOW_PRIVATE", "allow webhook targets on loopback/private addresses")
	num(&c.RateLimitRPS, "rate-limit-rps", "PAYROLL_RATE_LIMIT_RPS", "requests per second per credential and business (0 = off)")
	num(&c.RateLimitBurst, "rate-limit-burst", "PAYROLL_RATE_LIMIT_BURST", "rate limit burst")
	num(&c.MaxBodyBytes, "max-body-bytes", "PAYROLL_MAX_BODY_BYTES", "JSON request body limit in bytes")
	num(&c.MaxUploadBytes, "max-upload-bytes", "PAYROLL_MAX_UPLOAD_BYTES", "file upload limit in bytes")
	str(&c.SMTPAddr, "smtp-addr", "PAYROLL_SMTP_ADDR", "SMTP server host:port for notifications (empty = record only)")
	str(&c.SMTPFrom, "smtp-from", "PAYROLL_SMTP_FROM", "sender address of notifications")
	str(&c.LogLevel, "log-level", "PAYROLL_LOG_LEVEL", "debug, info, warn or error")
	str(&c.LogFormat, "log-format", "PAYROLL_LOG_FORMAT", "text or json")
	num(&c.ShutdownTimeout, "shutdown-timeout", "PAYROLL_SHUTDOWN_TIMEOUT", "graceful shutdown limit")
	num(&c.WebhookPollInterval, "webhook-poll-interval", "PAYROLL_WEBHOOK_POLL_INTERVAL", "how often the webhook worker looks for due deliveries")
	str(&c.SuperFundsCSV, "super-funds-csv", "PAYROLL_SUPER_FUNDS_CSV", "CSV file replacing the built-in super fund product registry")
	str(&c.SMSFESACSV, "smsf-esa-csv", "PAYROLL_SMSF_ESA_CSV", "CSV file replacing the built-in SMSF electronic service address list")
	str(&c.MetricsAddr, "metrics-addr", "PAYROLL_METRICS_ADDR", "listen address of an unauthenticated /metrics listener (empty = none)")
	proxies := getenv("PAYROLL_TRUSTED_PROXIES")
	if takes("trusted-proxies") {
		fs.StringVar(&proxies, "trusted-proxies", proxies, "comma-separated CIDRs of reverse proxies whose X-Forwarded-For gives the client address (PAYROLL_TRUSTED_PROXIES)")
	}
	if cmd.Extra != nil {
		cmd.Extra(fs)
	}
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return c, nil, err // before the environment's errors: -h always answers
	} else if err != nil {
		return c, nil, &UsageError{Err: err, Printed: true}
	}
	if c.FilingTransmitter != "outbox" && c.FilingTransmitter != "network" {
		errs = append(errs, "PAYROLL_FILING_TRANSMITTER: must be outbox or network")
	}
	if len(errs) > 0 {
		return c, nil, fmt.Errorf("config: %s", strings.Join(errs, "; "))
	}
	var err error
	if c.TrustedProxies, err = ParseTrustedProxies(proxies); err != nil {
		return c, nil, fmt.Errorf("config: PAYROLL_TRUSTED_PROXIES / -trusted-proxies: %w", err)
	}
	if c.BaseURL == "" {
		c.BaseURL = "http://" + c.Addr
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.RateLimitBurst < 1 {
		c.RateLimitBurst = 1
	}
	return c, fs.Args(), nil
}

// Masked returns the configuration as key/value pairs for the start-up log,
// with secrets and database passwords hidden.
func (c Config) Masked() []any {
	key := ""
	if c.BootstrapAPIKey != "" {
		key = "****"
	}
	return []any{
		"addr", c.Addr, "database", MaskURL(c.DatabaseURL), "baseURL", c.BaseURL,
		"bootstrapAPIKey", key, "webhookAllowPrivate", c.WebhookAllowPrivate,
		"rateLimitRPS", c.RateLimitRPS, "rateLimitBurst", c.RateLimitBurst,
		"maxBodyBytes", c.MaxBodyBytes, "maxUploadBytes", c.MaxUploadBytes,
		"smtp", MaskURL(c.SMTPAddr), "logLevel", c.LogLevel, "trustedProxies", c.TrustedProxies, "metricsAddr", c.MetricsAddr,
	}
}

// ParseTrustedProxies reads a comma-separated list of CIDRs; a bare
// address stands for itself (/32 or /128). Blank entries are skipped.
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("%q is not an IP address or CIDR", f)
			}
			a = a.Unmap()
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a CIDR", f)
		}
		if p.Addr().Is4In6() && p.Bits() >= 96 {
			p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// MaskURL hides the password of a URL-shaped setting.
func MaskURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "redacted")
	}
	return u.String()
}
