package config

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestLoadDefaultsEnvAndFlags(t *testing.T) {
	env := map[string]string{
		"PAYROLL_ADDR":                  "0.0.0.0:9000",
		"PAYROLL_WEBHOOK_ALLOW_PRIVATE": "true",
		"PAYROLL_DATABASE_URL":          "postgres://u:secret@db/payroll",
	}
	c, rest, err := Load([]string{"-rate-limit-rps", "7", "extra"}, func(k string) string { return env[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "0.0.0.0:9000" || !c.WebhookAllowPrivate || c.RateLimitRPS != 7 || c.BaseURL != "http://0.0.0.0:9000" {
		t.Fatalf("unexpected config %+v", c)
	}
	if len(rest) != 1 || rest[0] != "extra" {
		t.Fatalf("rest = %v", rest)
	}
	masked := strings.Join(strings.Fields(strings.Trim(strings.ReplaceAll(fmtPairs(c.Masked()), "\n", " "), " ")), " ")
	if strings.Contains(masked, "secret") || !strings.Contains(masked, "redacted") {
		t.Fatalf("password not masked: %s", masked)
	}
}

func TestLoadRejectsBadNumbers(t *testing.T) {
	_, _, err := Load(nil, func(k string) string {
		if k == "PAYROLL_RATE_LIMIT_RPS" {
			return "fast"
		}
		return ""
	}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "PAYROLL_RATE_LIMIT_RPS") {
		t.Fatalf("want error naming the variable, got %v", err)
	}
}

func TestDefaultIsSQLite(t *testing.T) {
	c, _, err := Load(nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabaseURL != "./data/payroll.db" || c.Addr != "127.0.0.1:8080" {
		t.Fatalf("defaults changed: %+v", c)
	}
}

func fmtPairs(kv []any) string {
	var b strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteString(kv[i].(string) + "=" + toString(kv[i+1]) + " ")
	}
	return b.String()
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

func TestTrustedProxies(t *testing.T) {
	cases := []struct {
		in   string
		want string // fmt of the prefixes, "error" = refused
	}{
		{"", "[]"},
		{" , ", "[]"},
		{"10.0.0.0/8", "[10.0.0.0/8]"},
		{"10.1.2.3/8, 192.168.1.7", "[10.0.0.0/8 192.168.1.7/32]"},
		{"2001:db8::/32,::1", "[2001:db8::/32 ::1/128]"},
		{"::ffff:10.0.0.0/104", "[10.0.0.0/8]"},
		{"::ffff:10.0.0.1", "[10.0.0.1/32]"},
		{"10.0.0.0/33", "error"},
		{"proxy.internal", "error"},
		{"10.0.0.0/8;192.168.0.0/16", "error"},
	}
	for _, tc := range cases {
		got, err := ParseTrustedProxies(tc.in)
		s := fmt.Sprint(got)
		if err != nil {
			s = "error"
		}
		if got == nil && err == nil {
			s = "[]"
		}
		if s != tc.want {
			t.Errorf("ParseTrustedProxies(%q) = %s (%v), want %s", tc.in, s, err, tc.want)
		}
	}
	env := map[string]string{"PAYROLL_TRUSTED_PROXIES": "10.0.0.0/8"}
	c, _, err := Load([]string{"-trusted-proxies", "192.168.0.0/16,127.0.0.1"}, func(k string) string { return env[k] }, io.Discard)
	if err != nil || fmt.Sprint(c.TrustedProxies) != "[192.168.0.0/16 127.0.0.1/32]" {
		t.Fatalf("flag over env: %v, %v", c.TrustedProxies, err)
	}
	c, _, err = Load(nil, func(k string) string { return env[k] }, io.Discard)
	if err != nil || fmt.Sprint(c.TrustedProxies) != "[10.0.0.0/8]" {
		t.Fatalf("env: %v, %v", c.TrustedProxies, err)
	}
	if _, _, err := Load(nil, func(k string) string { return map[string]string{"PAYROLL_TRUSTED_PROXIES": "nope"}[k] }, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "PAYROLL_TRUSTED_PROXIES") {
		t.Fatalf("bad value: %v", err)
	}
}
