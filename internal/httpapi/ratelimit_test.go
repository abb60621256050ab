package httpapi

import (
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/payrolld/payrolld/internal/config"
)

func TestRateClientAddr(t *testing.T) {
	proxies, err := config.ParseTrustedProxies("10.0.0.0/8, 2001:db8::/32")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		remote  string
		xff     []string
		trusted []netip.Prefix
		want    string
	}{
		{"peer", "203.0.113.5:4242", nil, proxies, "203.0.113.5"},
		{"no trusted proxies: XFF ignored", "10.0.0.1:4242", []string{"198.51.100.7"}, nil, "10.0.0.1"},
		{"untrusted peer: XFF ignored", "203.0.113.5:4242", []string{"198.51.100.7"}, proxies, "203.0.113.5"},
		{"trusted peer", "10.0.0.1:4242", []string{"198.51.100.7"}, proxies, "198.51.100.7"},
		{"spoofed hops left of the client ignored", "10.0.0.1:4242", []string{"1.2.3.4, 198.51.100.7"}, proxies, "198.51.100.7"},
		{"chain of trusted proxies", "10.0.0.1:4242", []string{"6.6.6.6, 198.51.100.7, 10.9.9.9, 10.0.0.2"}, proxies, "198.51.100.7"},
		{"several header lines", "10.0.0.1:4242", []string{"6.6.6.6, 198.51.100.7", "10.0.0.2"}, proxies, "198.51.100.7"},
		{"all hops trusted", "10.0.0.1:4242", []string{"10.0.0.3, 10.0.0.2"}, proxies, "10.0.0.3"},
		{"trusted peer, no XFF", "10.0.0.1:4242", nil, proxies, "10.0.0.1"},
		{"malformed hop", "10.0.0.1:4242", []string{"198.51.100.7, garbage, 10.0.0.2"}, proxies, "10.0.0.2"},
		{"hop with port", "10.0.0.1:4242", []string{"198.51.100.7:555"}, proxies, "198.51.100.7"},
		{"IPv6 peer", "[2001:db8::1]:4242", []string{"[2001:db9::5]:80"}, proxies, "2001:db9::5"},
		{"IPv6 client", "[2001:dba::1]:4242", nil, proxies, "2001:dba::1"},
		{"IPv4-mapped", "[::ffff:10.0.0.1]:4242", []string{"::ffff:198.51.100.7"}, proxies, "198.51.100.7"},
		{"zone dropped", "[fe80::1%eth0]:4242", nil, proxies, "fe80::1"},
	}
	for _, tc := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		for _, h := range tc.xff {
			r.Header.Add("X-Forwarded-For", h)
		}
		if got := clientAddr(r, tc.trusted); got != tc.want {
			t.Errorf("%s: clientAddr = %q, want %q", tc.name, got, tc.want)
		}
	}
}
