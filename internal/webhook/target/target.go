// Package target decides where a web hook may be sent: an absolute http(s)
// URL whose host is not a loopback, private or other special-purpose
// address (checked at registration, by Check), and a delivery client whose
// dialer refuses such addresses again at send time (Client).
package target

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

// ErrPrivate is what the dialer returns for a refused address.
var ErrPrivate = errors.New("webhook: target address is loopback, private, link-local or another special-purpose address")

// blockedPrefixes are the special-purpose ranges no outbound hook may reach:
// every entry of the IANA IPv4 and IPv6 Special-Purpose Address Registries
// (RFC 6890 and its updates), globally reachable or not, plus multicast,
// the deprecated site-local and IPv4-compatible ranges. Most are not
// routable on the internet at all, so a target there is either a mistake
// or an attempt to reach something on the operator's own networks (NAT64
// and 6to4 addresses embed an IPv4 address that may be private; the
// benchmarking and documentation ranges are used inside data centres).
var blockedPrefixes = mustPrefixes(
	// IPv4
	"0.0.0.0/8",       // "this network" (RFC 791), incl. 0.0.0.0/32
	"10.0.0.0/8",      // private (RFC 1918)
	"100.64.0.0/10",   // shared address space, carrier-grade NAT (RFC 6598)
	"127.0.0.0/8",     // loopback
	"169.254.0.0/16",  // link-local (cloud instance metadata lives here)
	"172.16.0.0/12",   // private
	"192.0.0.0/24",    // IETF protocol assignments (RFC 6890): DS-Lite, PCP/TURN anycast, NAT64 discovery
	"192.0.2.0/24",    // documentation TEST-NET-1 (RFC 5737)
	"192.31.196.0/24", // AS112-v4 (RFC 7535)
	"192.52.193.0/24", // AMT (RFC 7450)
	"192.88.99.0/24",  // deprecated 6to4 relay anycast (RFC 7526)
	"192.168.0.0/16",  // private
	"192.175.48.0/24", // direct delegation AS112 service (RFC 7534)
	"198.18.0.0/15",   // benchmarking (RFC 2544)
	"198.51.100.0/24", // documentation TEST-NET-2
	"203.0.113.0/24",  // documentation TEST-NET-3
	"224.0.0.0/4",     // multicast
	"240.0.0.0/4",     // reserved (RFC 1112), incl. limited broadcast 255.255.255.255/32
	// IPv6
	"::/96",             // unspecified, loopback and deprecated IPv4-compatible addresses
	"::ffff:0:0/96",     // IPv4-mapped (checked as IPv4 after unmapping; listed for completeness)
	"64:ff9b::/96",      // NAT64 well-known prefix (RFC 6052)
	"64:ff9b:1::/48",    // local-use IPv4/IPv6 translation (RFC 8215)
	"100::/64",          // discard-only (RFC 6666)
	"100:0:0:1::/64",    // dummy IPv6 prefix (RFC 9780)
	"2001::/23",         // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, AMT, AS112-v6, ORCHID(v2), DETs
	"2001:db8::/32",     // documentation (RFC 3849)
	"2002::/16",         // 6to4 (RFC 3056)
	"2620:4f:8000::/48", // direct delegation AS112 service (RFC 7534)
	"3fff::/20",         // documentation (RFC 9637)
	"5f00::/16",         // segment routing SIDs (RFC 9602)
	"fc00::/7",          // unique local (RFC 4193)
	"fe80::/10",         // link-local
	"fec0::/10",         // deprecated site-local (RFC 3879)
	"ff00::/8",          // multicast
)

// globalUnicast6 is the only IPv6 space IANA allocates for global unicast;
// anything outside it is reserved or special whether or not it is listed
// above.
var globalUnicast6 = netip.MustParsePrefix("2000::/3")

func mustPrefixes(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

// publicAddr reports whether a is a routable public address a web hook may
// be sent to.
func publicAddr(a netip.Addr) bool {
	a = a.Unmap().WithZone("") // ::ffff:127.0.0.1 is loopback too; a zone would defeat Prefix.Contains
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	if a.Is6() && !globalUnicast6.Contains(a) {
		return false
	}
	for _, p := range blockedPrefixes {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// Check validates a registration's target: an absolute http(s) URL whose
// host is not (and does not resolve to) a private address unless the
// operator allows those (allowPrivate). The dialer checks again at delivery time, so this
// is early feedback, not the safety net: a name that does not resolve now
// is accepted and simply fails (and is retried) when delivered.
func Check(ctx context.Context, raw string, allowPrivate bool) error {
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Hostname() == "" {
		return payroll.Invalid("webHookUri", "webHookUri must be an absolute http or https URL")
	}
	if scheme := strings.ToLower(u.Scheme); scheme != "http" && scheme != "https" {
		return payroll.Invalid("webHookUri", "webHookUri must use http or https")
	}
	if allowPrivate {
		return nil
	}
	refuse := payroll.Invalid("webHookUri", "webHookUri must not address a loopback, private, link-local or other special-purpose (reserved, documentation, benchmarking, translation) address")
	host := strings.ToLower(strings.TrimSuffix(foldHost(u.Hostname()), "."))
	if a, err := netip.ParseAddr(host); err == nil {
		if !publicAddr(a) {
			return refuse
		}
		return nil
	}
	// Any other spelling of an IPv4 address (127.1, 2130706433,
	// 0x7f000001, 0177.0.0.1; see legacyIPv4) is decided on the address it
	// spells; a public one is refused too, as Go's dialer would look the
	// spelling up as a name instead of reaching that address.
	if a, ok := legacyIPv4(host); ok {
		if !publicAddr(a) {
			return refuse
		}
		return payroll.Invalid("webHookUri", "webHookUri must write an IPv4 address in dotted decimal (%s)", a)
	}
	if numericHost(host) {
		return payroll.Invalid("webHookUri", "webHookUri's host %q is neither an IP address nor a host name", host)
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

// Client returns the delivery HTTP client: bounded by Timeout, never
// following redirects (a 3xx is a failed attempt), and, unless private
// targets are allowed, refusing private addresses in the dialer itself so
// a name that resolves differently at send time (DNS rebinding) is caught.
func Client(allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		dialer.Control = func(_, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			a, err := netip.ParseAddr(host)
			if err != nil || !publicAddr(a) {
				return fmt.Errorf("%w: %s", ErrPrivate, host)
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
