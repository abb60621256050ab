package target

import (
	"net/netip"
	"strings"
)

// The C library's inet_aton (which getaddrinfo, curl, browsers' URL
// parsers and many HTTP clients use before falling back to DNS) reads
// IPv4 addresses in more spellings than the dotted decimal netip accepts:
//
//	127.1          a.b    : a is the first byte, b the remaining 24 bits
//	127.0.1        a.b.c  : c is the remaining 16 bits
//	2130706433     a      : the whole 32-bit address in one number
//	0x7f000001     hexadecimal (0x or 0X) in any part
//	0177.0.0.1     octal (a leading 0) in any part
//	0x7f.1         and any mix of the above
//
// (POSIX inet_addr/inet_aton; the WHATWG URL standard's IPv4 parser reads
// the same spellings.) A host written like this is an address, not a
// name, so the target check must decide on the address it spells, never
// hand it to DNS. legacyIPv4 parses every such spelling; numericHost says
// whether a host is shaped like a number at all, so a malformed one
// (1.2.3.4.5, 256.1, 08.1) is refused instead of looked up.

// legacyIPv4 returns the address host spells in any inet_aton form, or
// false when host is not such a spelling.
func legacyIPv4(host string) (netip.Addr, bool) {
	parts := strings.Split(host, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	vals := make([]uint64, len(parts))
	for i, p := range parts {
		v, ok := ipv4Part(p)
		if !ok {
			return netip.Addr{}, false
		}
		vals[i] = v
	}
	// Every part but the last is one byte; the last fills the bytes left.
	var addr uint64
	for i, v := range vals[:len(vals)-1] {
		if v > 0xff {
			return netip.Addr{}, false
		}
		addr |= v << (8 * (3 - i))
	}
	last := vals[len(vals)-1]
	if last >= 1<<(8*(5-len(vals))) {
		return netip.Addr{}, false
	}
	addr |= last
	return netip.AddrFrom4([4]byte{byte(addr >> 24), byte(addr >> 16), byte(addr >> 8), byte(addr)}), true
}

// ipv4Part reads one part: 0x/0X hexadecimal (no digits = 0, as glibc
// reads it), a leading 0 octal, else decimal. Values past 2^32 are
// refused (no part can be that large).
func ipv4Part(p string) (uint64, bool) {
	base := uint64(10)
	switch {
	case len(p) >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
		base, p = 16, p[2:]
		if p == "" {
			return 0, true
		}
	case len(p) > 1 && p[0] == '0':
		base, p = 8, p[1:]
	case p == "":
		return 0, false
	}
	var v uint64
	for i := 0; i < len(p); i++ {
		d := hexDigit(p[i])
		if d >= base {
			return 0, false
		}
		v = v*base + d
		if v > 0xffffffff {
			return 0, false
		}
	}
	return v, true
}

func hexDigit(c byte) uint64 {
	switch {
	case c >= '0' && c <= '9':
		return uint64(c - '0')
	case c >= 'a' && c <= 'f':
		return uint64(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return uint64(c-'A') + 10
	}
	return 99
}

// numericHost reports whether host's last label is a number (decimal, or
// 0x hexadecimal): such a host is meant as an IPv4 address (no top-level
// domain is numeric), so if legacyIPv4 cannot read it, it is malformed.
func numericHost(host string) bool {
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	if len(last) >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X') {
		last = last[2:]
		for i := 0; i < len(last); i++ {
			if hexDigit(last[i]) > 15 {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			return false
		}
	}
	return true
}

// foldHost maps the full-width forms of digits, Latin letters and dots
// (U+FF10..., U+FF0E, U+3002, U+FF61), which IDNA processing (UTS #46)
// turns into their ASCII forms, so "１２７．０．０．１" is checked as the
// loopback address a resolver doing IDNA would reach.
func foldHost(host string) string {
	if isASCII(host) {
		return host
	}
	var b strings.Builder
	for _, r := range host {
		switch {
		case r >= 0xff10 && r <= 0xff19:
			r = '0' + (r - 0xff10)
		case r >= 0xff21 && r <= 0xff3a:
			r = 'a' + (r - 0xff21)
		case r >= 0xff41 && r <= 0xff5a:
			r = 'a' + (r - 0xff41)
		case r == 0xff0e || r == 0x3002 || r == 0xff61:
			r = '.'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
