package target

import (
	"context"
	"errors"
	"net/netip"
	"strings"
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
	allowPrivate := false
	ctx := context.Background()
	for _, c := range specialAddrs {
		a := netip.MustParseAddr(c.addr)
		host := a.String()
		if a.Is6() {
			host = "[" + a.WithZone("").String() + "]"
		}
		err := Check(ctx, "https://"+host+"/hook", allowPrivate)
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
		if err := Check(ctx, "https://"+h+"/hook", allowPrivate); err != nil {
			t.Errorf("%s refused: %v", h, err)
		}
	}
	allowPrivate = true
	if err := Check(ctx, "http://198.18.0.1:8080/hook", allowPrivate); err != nil {
		t.Errorf("private targets allowed by config, still refused: %v", err)
	}
}

// Every IPv4 spelling inet_aton (and so getaddrinfo, curl, browsers) reads
// is decided on the address it spells: each of these means a loopback,
// private or metadata address and must be refused at registration.
func TestCheckURIRefusesOtherIPv4Spellings(t *testing.T) {
	allowPrivate := false
	ctx := context.Background()
	for _, c := range []struct{ host, means string }{
		{"127.1", "127.0.0.1 (a.b)"},
		{"127.0.1", "127.0.0.1 (a.b.c)"},
		{"2130706433", "127.0.0.1 (one decimal number)"},
		{"0x7f000001", "127.0.0.1 (one hexadecimal number)"},
		{"0X7F000001", "127.0.0.1 (upper-case hexadecimal)"},
		{"017700000001", "127.0.0.1 (one octal number)"},
		{"0177.0.0.1", "127.0.0.1 (octal first byte)"},
		{"0177.1", "127.0.0.1 (octal, a.b)"},
		{"0x7f.1", "127.0.0.1 (hexadecimal, a.b)"},
		{"0x7f.0.0.0x1", "127.0.0.1 (mixed)"},
		{"0x7f.0.00.01", "127.0.0.1 (hex, decimal and octal zeros)"},
		{"127.000.000.001", "127.0.0.1 (zero-padded: octal)"},
		{"127.0.0.1.", "127.0.0.1 (trailing dot)"},
		{"0", "0.0.0.0"},
		{"0x0", "0.0.0.0 (hexadecimal)"},
		{"0x", "0.0.0.0 (glibc reads an empty hexadecimal part as 0)"},
		{"10.1", "10.0.0.1"},
		{"167772161", "10.0.0.1 (decimal)"},
		{"0xa.0.0.1", "10.0.0.1 (hexadecimal byte)"},
		{"012.0.0.1", "10.0.0.1 (octal byte)"},
		{"169.254.43518", "169.254.169.254 (a.b.c)"},
		{"2852039166", "169.254.169.254 (decimal)"},
		{"0xa9fea9fe", "169.254.169.254 (hexadecimal)"},
		{"0251.0376.0251.0376", "169.254.169.254 (octal)"},
		{"0xa9.0xfe.0xa9.0xfe", "169.254.169.254 (hexadecimal bytes)"},
		{"192.168.257", "192.168.1.1 (a.b.c, c over a byte)"},
		{"3232235777", "192.168.1.1 (decimal)"},
		{"１２７．０．０．１", "127.0.0.1 (full-width digits and dots)"},
		{"１２７。１", "127.0.0.1 (full-width digits, ideographic full stop)"},
		{"0ｘ7ｆ000001", "127.0.0.1 (full-width x and f)"},
	} {
		if a, ok := legacyIPv4(strings.TrimSuffix(foldHost(c.host), ".")); ok && publicAddr(a) {
			t.Errorf("%s parsed as public %s, means %s", c.host, a, c.means)
		}
		err := Check(ctx, "http://"+c.host+":8080/hook", allowPrivate)
		var pe *payroll.Error
		if !errors.As(err, &pe) || pe.Kind != payroll.KindInvalid || pe.Field != "webHookUri" || !strings.Contains(pe.Message, "loopback, private") {
			t.Errorf("%s (%s): accepted or refused for the wrong reason: %v", c.host, c.means, err)
		}
	}
}

// The spellings parse to the address they mean (so a public one is told
// how to write it), and hosts shaped like numbers that are not addresses
// are refused instead of looked up.
func TestLegacyIPv4Spellings(t *testing.T) {
	for host, want := range map[string]string{
		"127.1": "127.0.0.1", "1.2.3": "1.2.0.3", "16909060": "1.2.3.4", "0x01020304": "1.2.3.4", "01.02.03.04": "1.2.3.4",
		"0x8.0x8.0x8.0x8": "8.8.8.8", "134744072": "8.8.8.8", "8.526344": "8.8.8.8", "255.255.255.255": "255.255.255.255",
		"4294967295": "255.255.255.255", "037777777777": "255.255.255.255", "0xffffffff": "255.255.255.255",
	} {
		a, ok := legacyIPv4(host)
		if !ok || a.String() != want {
			t.Errorf("legacyIPv4(%q) = %v %v, want %s", host, a, ok, want)
		}
	}
	for _, host := range []string{"4294967296", "0x100000000", "256.1.1.1", "1.256.1.1", "1.2.65536", "1.16777216", "08.1.1.1", "1.2.3.4.5",
		"1..2", ".1", "0xg", "1.2.3.-4", "example.com", "a.1b", "1e3"} {
		if a, ok := legacyIPv4(host); ok {
			t.Errorf("legacyIPv4(%q) = %v, want no address", host, a)
		}
	}
	allowPrivate := false
	ctx := context.Background()
	for _, host := range []string{"0x08080808", "134744072", "8.8.2056"} {
		err := Check(ctx, "https://"+host+"/hook", allowPrivate)
		var pe *payroll.Error
		if !errors.As(err, &pe) || pe.Kind != payroll.KindInvalid || !strings.Contains(pe.Message, "8.8.8.8") {
			t.Errorf("%s: want a 400 saying to write 8.8.8.8, got %v", host, err)
		}
	}
	for _, host := range []string{"1.2.3.4.5", "256.1.1.1", "08.1.1.1", "4294967296", "example.0x10"} {
		err := Check(ctx, "https://"+host+"/hook", allowPrivate)
		if payroll.KindOf(err) != payroll.KindInvalid {
			t.Errorf("%s: want a 400 (not an address, not a name), got %v", host, err)
		}
	}
	// Names that merely contain digits are names.
	for _, host := range []string{"1.example.com", "0x7f.example", "127-0-0-1.nip.test", "x1"} {
		if numericHost(host) {
			t.Errorf("%s read as numeric", host)
		}
	}
}
