package httpapi

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// rateLimited is the 429 answer, telling the client when to retry.
func rateLimited(wait time.Duration) *Problem {
	p := newProblem(http.StatusTooManyRequests, "Rate limit exceeded; retry later.")
	p.headers = http.Header{"Retry-After": {strconv.Itoa(int(wait/time.Second) + 1)}}
	return p
}

// allow takes a rate-limit token for key (the limiter the app wired:
// shared by the nodes on PostgreSQL, per process on SQLite; see package
// ratelimit); with no limiter every request passes.
func (a *API) allow(ctx context.Context, key string) (bool, time.Duration) {
	if a.limiter == nil {
		return true, 0
	}
	return a.limiter.Allow(ctx, key)
}

// ClientAddr is the client address rate limits and sign-in throttling are
// keyed by (see clientAddr).
func (a *API) ClientAddr(r *http.Request) string {
	return clientAddr(r, a.Config.TrustedProxies)
}

// clientAddr returns the address of the client of r. It is the
// connection's peer unless the peer is one of the operator's trusted
// proxies; then X-Forwarded-For is read from the right, each hop added by
// a trusted proxy, and the first hop that is not a trusted proxy is the
// client. Hops left of it were written by the client and are ignored, so
// a client cannot pick its own address. When every hop is trusted (or a
// hop is malformed) the nearest trusted address is used.
func clientAddr(r *http.Request, trusted []netip.Prefix) string {
	peer := parseAddr(r.RemoteAddr)
	if !peer.IsValid() {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			return r.RemoteAddr
		}
		return host
	}
	if !isTrusted(peer, trusted) {
		return peer.String()
	}
	addr := peer
	hops := r.Header.Values("X-Forwarded-For")
	for i := len(hops) - 1; i >= 0; i-- {
		list := strings.Split(hops[i], ",")
		for j := len(list) - 1; j >= 0; j-- {
			hop := parseAddr(strings.TrimSpace(list[j]))
			if !hop.IsValid() {
				return addr.String()
			}
			addr = hop
			if !isTrusted(hop, trusted) {
				return hop.String()
			}
		}
	}
	return addr.String()
}

// parseAddr reads "ip", "ip:port", "[ipv6]:port" or "[ipv6]"; zones are
// dropped and IPv4-mapped IPv6 addresses read as IPv4.
func parseAddr(s string) netip.Addr {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone("")
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap().WithZone("")
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
