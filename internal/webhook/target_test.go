package webhook

import (
	"context"
	"errors"
	"net/netip"
	"testing"

	"github.com/payrolld/payrolld/internal/payroll"
)

// specialAddrs holds one address from every special-purpose range the
// guard refuses (IANA IPv4 and IPv6 special-purpose registries, multicast,
// deprecated ranges).
var specialAddrs = []struct{ addr, why string }{
	{"0.0.0.0", "this host"},
	{"0.1.2.3", "this network"},
	{"10.20.30.40", "private 10/8"},
	{"100.64.0.1", "shared address space (CGNAT)"},
	{"100.127.255.254", "shared address space, last"},
	{"127.0.0.1", "loopback"},
	{"127.255.0.9", "loopback /8"},
	{"169.254.169.254", "link-local (metadata)"},
	{"172.16.0.1", "private 172.16/12"},
	{"172.31.255.255", "private 172.16/12, last"},
	{"192.0.0.1", "IETF protocol assignments (DS-Lite)"},
	{"192.0.0.9", "IETF protocol assignments (PCP anycast)"},
	{"192.0.0.170", "NAT64/DNS64 discovery"},
	{"192.0.2.10", "documentation TEST-NET-1"},
	{"192.31.196.1", "AS112-v4"},
	{"192.52.193.1", "AMT"},
	{"192.88.99.1", "6to4 relay anycast"},
	{"192.168.1.1", "private 192.168/16"},
	{"192.175.48.1", "direct delegation AS112"},
	{"198.18.0.1", "benchmarking"},
	{"198.19.255.254", "benchmarking, second /16"},
	{"198.51.100.7", "documentation TEST-NET-2"},
	{"203.0.113.9", "documentation TEST-NET-3"},
	{"224.0.0.251", "multicast (mDNS)"},
	{"239.255.255.250", "multicast (SSDP)"},
	{"240.0.0.1", "reserved"},
	{"255.255.255.255", "limited broadcast"},
	{"::", "IPv6 unspecified"},
	{"::1", "IPv6 loopback"},
	{"::127.0.0.1", "IPv4-compatible (deprecated)"},
	{"::ffff:127.0.0.1", "IPv4-mapped loopback"},
	{"::ffff:10.0.0.1", "IPv4-mapped private"},
	{"::ffff:198.18.0.1", "IPv4-mapped benchmarking"},
	{"64:ff9b::a9fe:a9fe", "NAT64 well-known prefix (169.254.169.254)"},
	{"64:ff9b::808:808", "NAT64 well-known prefix (8.8.8.8)"},
	{"64:ff9b:1::1", "local-use IPv4/IPv6 translation"},
	{"100::1", "discard-only"},
	{"100:0:0:1::1", "dummy prefix"},
	{"2001::1", "Teredo"},
	{"2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo (RFC 4380 example)"},
	{"2001:1::1", "PCP anycast"},
	{"2001:2::1", "benchmarking"},
	{"2001:3::1", "AMT"},
	{"2001:4:112::1", "AS112-v6"},
	{"2001:10::1", "ORCHID (deprecated)"},
	{"2001:20::1", "ORCHIDv2"},
	{"2001:30::1", "drone remote ID DETs"},
	{"2001:db8::1", "documentation"},
	{"2001:db8:ffff::1", "documentation, high"},
	{"2002:7f00:1::1", "6to4 (127.0.0.1)"},
	{"2002:c0a8:101::1", "6to4 (192.168.1.1)"},
	{"2620:4f:8000::1", "direct delegation AS112 v6"},
	{"3fff::1", "documentation (RFC 9637)"},
	{"3fff:fff::1", "documentation (RFC 9637), last"},
	{"5f00::1", "segment routing SIDs"},
	{"fc00::1", "unique local fc00::/8"},
	{"fd12:3456:789a::1", "unique local fd00::/8"},
	{"fe80::1", "link-local"},
	{"fe80::1%eth0", "link-local with zone"},
	{"fec0::1", "site-local (deprecated)"},
	{"ff02::1", "multicast"},
	{"ff0e::1", "global multicast"},
	{"4000::1", "outside 2000::/3 (reserved)"},
	{"2001:db8::1%eth0", "documentation with zone"},
}

var publicAddrs = []string{
	"8.8.8.8",
	"1.1.1.1",
	"93.184.215.14",
	"198.20.0.1",    // just above benchmarking 198.18.0.0/15
	"192.0.3.1",     // just above TEST-NET-1
	"100.128.0.1",   // just above CGNAT
	"223.255.255.1", // just below multicast
	"::ffff:8.8.8.8",
	"2606:4700:4700::1111",
	"2001:4860:4860::8888",
	"2001:200::1", // just above 2001::/23
	"2a00:1450:4001:80b::200e",
}

func TestPublicAddrRefusesSpecialPurposeRanges(t *testing.T) {
	for _, c := range specialAddrs {
		a, err := netip.ParseAddr(c.addr)
		if err != nil {
			t.Fatalf("%s: %v", c.addr, err)
		}
		if publicAddr(a) {
			t.Errorf("%s (%s) treated as a public target", c.addr, c.why)
		}
	}
	for _, s := range publicAddrs {
		if !publicAddr(netip.MustParseAddr(s)) {
			t.Errorf("%s refused, but it is a public address", s)
		}
	}
}

// Every listed prefix refuses its own first and last address: a typo in a
// prefix that made it not cover what its comment says would show here.
func TestBlockedPrefixesCoverTheirEnds(t *testing.T) {
	for _, p := range blockedPrefixes {
		first := p.Masked().Addr()
		last := first
		for n := first.BitLen() - p.Bits(); n > 0; n-- {
			// set the host bits one by one, from the lowest
			b := last.AsSlice()
			i := (first.BitLen() - n) / 8
			b[i] |= 1 << (7 - (first.BitLen()-n)%8)
			last, _ = netip.AddrFromSlice(b)
		}
		for _, a := range []netip.Addr{first, last} {
			if a.Is4In6() {
				continue // ::ffff:0:0/96 is checked as the IPv4 address it maps
			}
			if publicAddr(a) {
				t.Errorf("%s (in %s) treated as public", a, p)
			}
		}
	}
}

func TestCheckURIRefusesSpecialPurposeTargets(t *testing.T) {
	s := &Service{}
	ctx := context.Background()
	for _, c := range specialAddrs {
		a := netip.MustParseAddr(c.addr)
		host := a.String()
		if a.Is6() {
			host = "[" + a.WithZone("").String() + "]"
		}
		err := s.checkURI(ctx, "https://"+host+"/hook")
		var pe *payroll.Error
		if !errors.As(err, &pe) {
			t.Errorf("%s (%s) accepted at registration (err %v)", host, c.why, err)
			continue
		}
		if pe.Kind != payroll.KindInvalid || pe.Field != "webHookUri" {
			t.Errorf("%s: error %v does not name webHookUri", host, err)
		}
	}
	for _, h := range []string{"8.8.8.8", "[2606:4700:4700::1111]"} {
		if err := s.checkURI(ctx, "https://"+h+"/hook"); err != nil {
			t.Errorf("%s refused: %v", h, err)
		}
	}
	s.AllowPrivate = true
	if err := s.checkURI(ctx, "http://198.18.0.1:8080/hook"); err != nil {
		t.Errorf("private targets allowed by config, still refused: %v", err)
	}
}
