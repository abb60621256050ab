package bankfile

import (
	"strings"
	"testing"
	"time"
)

func bacsSettings() BACSSettings {
	return BACSSettings{ServiceUserNumber: "123456", SortCode: "20-00-00", AccountNumber: "55779911",
		AccountName: "Acme Widgets Ltd", LodgementReference: "ACME SALARY", ContraIdentification: "July payroll"}
}

func bacsPayments() []Payment {
	return []Payment{
		{EmployeeID: 1, PayeeName: "Alice Jones", SortCode: "40-47-84", AccountNumber: "70872490", Amount: m("1856.12"), Reference: "Pay July"},
		{EmployeeID: 2, PayeeName: "Siân O'Connor-Price", SortCode: "309634", AccountNumber: "1234567", Amount: m("2200.00")},
		{EmployeeID: 3, PayeeName: "Raj Patel", SortCode: "07-00-93", AccountNumber: "33333334", RollNumber: "ROLL/123-45", Amount: m("999.99")},
	}
}

func TestBACSGolden(t *testing.T) {
	t.Parallel()
	f, err := BACS(bacsSettings(), bacsPayments())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "bacs18.txt", f.Data)
	s := bacsSettings()
	s.ProcessingDate = time.Date(2026, 7, 31, 0, 0, 0, 0, time.UTC)
	f, err = BACS(s, bacsPayments())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "bacs18-106.txt", f.Data)
	if f.Payments != 3 || !f.Total.Equal(m("5056.11")) {
		t.Errorf("payments %d total %s", f.Payments, f.Total)
	}
}

func TestBACSFields(t *testing.T) {
	t.Parallel()
	for _, width := range []int{100, 106} {
		s := bacsSettings()
		if width == 106 {
			s.ProcessingDate = time.Date(2026, 7, 31, 0, 0, 0, 0, time.UTC) // day 212
		}
		f, err := BACS(s, bacsPayments())
		if err != nil {
			t.Fatal(err)
		}
		recs := records(t, f.Data, true)
		if len(recs) != 4 {
			t.Fatalf("%d records, want 3 credits and a contra", len(recs))
		}
		var sum int64
		for i, r := range recs {
			if len(r) != width {
				t.Errorf("record %d is %d characters, want %d", i, len(r), width)
			}
			if width == 106 && field(r, 101, 106) != " 26212" {
				t.Errorf("record %d processing day %q, want \" 26212\"", i, field(r, 101, 106))
			}
			if i < 3 {
				sum += atoi(t, field(r, 36, 46))
			}
		}
		c := recs[1] // 7-digit account padded, settings' reference, name folded to capitals
		for _, w := range []struct {
			from, to int
			want     string
		}{
			{1, 6, "309634"}, {7, 14, "01234567"}, {15, 15, "0"}, {16, 17, "99"}, {18, 23, "200000"}, {24, 31, "55779911"},
			{32, 35, "    "}, {36, 46, "00000220000"}, {47, 64, "ACME WIDGETS LTD  "}, {65, 82, "ACME SALARY       "},
			{83, 100, "SIAN O CONNOR-PRIC"},
		} {
			if got := field(c, w.from, w.to); got != w.want {
				t.Errorf("credit record %d-%d = %q, want %q", w.from, w.to, got, w.want)
			}
		}
		if got := field(recs[2], 65, 82); got != "ROLL/123-45       " {
			t.Errorf("building society roll number goes in the reference: %q", got)
		}
		contra := recs[3]
		for _, w := range []struct {
			from, to int
			want     string
		}{
			{1, 6, "200000"}, {7, 14, "55779911"}, {16, 17, "17"}, {18, 31, "20000055779911"}, {36, 46, "00000505611"},
			{47, 64, "JULY PAYROLL      "}, {65, 82, "CONTRA            "}, {83, 100, "ACME WIDGETS LTD  "},
		} {
			if got := field(contra, w.from, w.to); got != w.want {
				t.Errorf("contra record %d-%d = %q, want %q", w.from, w.to, got, w.want)
			}
		}
		if atoi(t, field(contra, 36, 46)) != sum {
			t.Errorf("contra %s is not the sum of the credits %d", field(contra, 36, 46), sum)
		}
	}

	s := bacsSettings()
	s.ExcludeFooter = true
	f, err := BACS(s, bacsPayments())
	if err != nil {
		t.Fatal(err)
	}
	if recs := records(t, f.Data, true); len(recs) != 3 || strings.Contains(string(f.Data), "CONTRA") {
		t.Errorf("excludeFooter still wrote a contra:\n%s", f.Data)
	}
}

func TestBACSInvalid(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		edit   func(*BACSSettings, []Payment) []Payment
		member string
	}{
		{"sort code", func(_ *BACSSettings, p []Payment) []Payment { p[0].SortCode = "40-47-8"; return p }, "payments[0].sortCode"},
		{"account 6 digits", func(_ *BACSSettings, p []Payment) []Payment { p[1].AccountNumber = "123456"; return p }, "payments[1].accountNumber"},
		{"account 9 digits", func(_ *BACSSettings, p []Payment) []Payment { p[1].AccountNumber = "123456789"; return p }, "payments[1].accountNumber"},
		{"amount fraction", func(_ *BACSSettings, p []Payment) []Payment { p[2].Amount = m("1.001"); return p }, "payments[2].amount"},
		{"amount zero", func(_ *BACSSettings, p []Payment) []Payment { p[2].Amount = m("0.00"); return p }, "payments[2].amount"},
		{"no reference", func(s *BACSSettings, p []Payment) []Payment { s.LodgementReference = ""; return p }, "payments[1].reference"},
		{"roll number too long", func(_ *BACSSettings, p []Payment) []Payment { p[2].RollNumber = "1234567890123456789"; return p }, "payments[2].rollNumber"},
		{"originator sort code", func(s *BACSSettings, p []Payment) []Payment { s.SortCode = "ABCDEF"; return p }, "sortCode"},
		{"originator name", func(s *BACSSettings, p []Payment) []Payment { s.AccountName = ""; return p }, "accountName"},
		{"SUN", func(s *BACSSettings, p []Payment) []Payment { s.ServiceUserNumber = "12345X"; return p }, "serviceUserNumber"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := bacsSettings()
			p := c.edit(&s, bacsPayments())
			_, err := BACS(s, p)
			wantInvalid(t, err, c.member)
		})
	}
}
