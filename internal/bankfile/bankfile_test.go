package bankfile

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var (
	datePaid = time.Date(2026, 7, 16, 0, 0, 0, 0, time.UTC)
	created  = time.Date(2026, 7, 14, 9, 30, 5, 0, time.UTC)
	m        = payroll.MustMoney
)

// golden compares got with testdata/name (rewritten with -update).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update once to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}

// records splits a file into its CRLF-terminated records.
func records(t *testing.T, data []byte, trailing bool) []string {
	t.Helper()
	s := string(data)
	if trailing {
		if !strings.HasSuffix(s, "\r\n") {
			t.Fatal("file does not end in CRLF")
		}
		s = strings.TrimSuffix(s, "\r\n")
	}
	return strings.Split(s, "\r\n")
}

// field is the 1-based inclusive [from, to] slice of a record, as format
// specifications number positions.
func field(rec string, from, to int) string { return rec[from-1 : to] }

// wantInvalid checks err is a payroll.Invalid naming member.
func wantInvalid(t *testing.T, err error, member string) {
	t.Helper()
	var pe *payroll.Error
	if !errors.As(err, &pe) || pe.Kind != payroll.KindInvalid {
		t.Fatalf("err = %v, want invalid %s", err, member)
	}
	if _, ok := pe.Fields[member]; !ok && pe.Field != member {
		t.Fatalf("err = %v (fields %v), want one naming %s", err, pe.Fields, member)
	}
}

func atoi(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return n
}

func TestMergeByAccount(t *testing.T) {
	t.Parallel()
	in := []Payment{
		{PayeeName: "A", BSB: "062-000", AccountNumber: "1", Amount: m("10.00"), Reference: "first"},
		{PayeeName: "B", BSB: "062-000", AccountNumber: "2", Amount: m("5.00")},
		{PayeeName: "A", BSB: "062-000", AccountNumber: "1", Amount: m("2.50"), Reference: "second"},
	}
	out := MergeByAccount(in)
	if len(out) != 2 || !out[0].Amount.Equal(m("12.50")) || out[0].Reference != "first" || out[1].PayeeName != "B" {
		t.Fatalf("merged = %+v", out)
	}
}

func TestCharsetClean(t *testing.T) {
	t.Parallel()
	cases := []struct {
		c       charset
		in, out string
	}{
		{becsChars, "  Zoë  Müller-Smith ", "Zoe Muller-Smith"},
		{bacsChars, "O'Brien & Sons, Ltd", "O BRIEN & SONS LTD"},
		{nzChars, "Tāne Māhuta, pay", "Tane Mahuta pay"},
		{sgChars, "Tan Wei-Jie (Mr)", "Tan Wei Jie Mr"},
		{becsChars, "日本", ""},
	}
	for _, c := range cases {
		if got := c.c.clean(c.in); got != c.out {
			t.Errorf("clean(%q) = %q, want %q", c.in, got, c.out)
		}
	}
}

func TestWithAdditionalContent(t *testing.T) {
	t.Parallel()
	c := ReferenceContext{PeriodEnding: time.Date(2026, 7, 14, 0, 0, 0, 0, time.UTC), DatePaid: datePaid, EmployeeID: 1042, PayRunID: 77}
	for _, tc := range []struct{ content, want string }{
		{"None", "ACME PAY"}, {"", "ACME PAY"}, {"PeriodEndingDate", "ACME PAY 14/07/26"}, {"PaymentDate", "ACME PAY 16/07/26"},
		{"EmployeeId", "ACME PAY 1042"}, {"payrunid", "ACME PAY 77"},
	} {
		if got := WithAdditionalContent(" ACME PAY ", tc.content, c); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.content, got, tc.want)
		}
	}
	if got := WithAdditionalContent("", "PayRunId", c); got != "77" {
		t.Errorf("no base: %q", got)
	}
}
