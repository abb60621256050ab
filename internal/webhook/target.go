package webhook

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Timeout bounds one delivery request (connect, TLS, headers and body).
const Timeout = 10 * time.Second

// errPrivateTarget is what the dialer returns for a refused address.
var errPrivateTarget = errors.New("webhook: target address is loopback, private, link-local or unspecified")

// blockedPrefixes are ranges no outbound hook may reach besides those the
// netip predicates cover: "this network" and carrier-grade NAT space (some
// clouds serve instance metadata there).
var blockedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
}

// publicAddr reports whether a is a routable public address a web hook may
// be sent to.
func publicAddr(a netip.Addr) bool {
	a = a.Unmap() // ::ffff:127.0.0.1 is loopback too
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	for _, p := range blockedPrefixes {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// checkURI validates a registration's target: an absolute http(s) URL whose
// host is not (and does not resolve to) a private address unless the
// operator allows those. The dialer checks again at delivery time, so this
// is early feedback, not the safety net: a name that does not resolve now
// is accepted and simply fails (and is retried) when delivered.
func (s *Service) checkURI(ctx context.Context, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Hostname() == "" {
		return payroll.Invalid("webHookUri", "webHookUri must be an absolute http or https URL")
	}
	if scheme := strings.ToLower(u.Scheme); scheme != "http" && scheme != "https" {
		return payroll.Invalid("webHookUri", "webHookUri must use http or https")
	}
	if s.AllowPrivate {
		return nil
	}
	refuse := payroll.Invalid("webHookUri", "webHookUri must not address a loopback, private or link-local host")
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if a, err := netip.ParseAddr(host); err == nil {
		if !publicAddr(a) {
			return refuse
		}
		return nil
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return refuse
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil
	}
	for _, a := range addrs {
		if !publicAddr(a) {
			return refuse
		}
	}
	return nil
}

// newClient returns the delivery HTTP client: bounded by Timeout, never
// following redirects (a 3xx is a failed attempt), and, unless private
// targets are allowed, refusing private addresses in the dialer itself so
// a name that resolves differently at send time (DNS rebinding) is caught.
func newClient(allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		dialer.Control = func(_, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			a, err := netip.ParseAddr(host)
			if err != nil || !publicAddr(a) {
				return fmt.Errorf("%w: %s", errPrivateTarget, host)
			}
			return nil
		}
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil // through a proxy the dialer would vet the proxy, not the target
	tr.DialContext = dialer.DialContext
	tr.MaxIdleConnsPerHost = 4
	return &http.Client{
		Timeout:       Timeout,
		Transport:     tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
