package bankfile

import (
	"strconv"
	"strings"
	"testing"
)

func sgSettings() SGSettings {
	return SGSettings{CompanyID: "ACMESG01", AccountNumber: "0259001103", AccountName: "Acme Widgets Pte Ltd",
		BatchReference: "JUL2026 SALARY", BatchID: 7, ValueDate: datePaid, Created: created}
}

func sgPayments() []Payment {
	return []Payment{
		{EmployeeID: 1, PayeeName: "Tan Wei Jie", BankCode: "7171", BranchCode: "001", AccountNumber: "1234567890", Amount: m("4200.00"), Reference: "Salary Jul 2026"},
		{EmployeeID: 2, PayeeName: "Siti Nurhaliza binte Ahmad", BankCode: "7375", AccountNumber: "987-654-321-0", Amount: m("3150.55")},
		{EmployeeID: 3, PayeeName: "Priya Raj", BankCode: "9999", BIC: "HSBCSGS2", AccountNumber: "141123456001", Amount: m("0.45")},
	}
}

func TestSGGolden(t *testing.T) {
	t.Parallel()
	f, err := SGGiro(sgSettings(), sgPayments())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "sg-dbs-giro.txt", f.Data)
	if f.Payments != 3 || !f.Total.Equal(m("7351.00")) {
		t.Errorf("payments %d total %s", f.Payments, f.Total)
	}
}

func TestSGFields(t *testing.T) {
	t.Parallel()
	f, err := SGGiro(sgSettings(), sgPayments())
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(string(f.Data), "\r\n") {
		t.Error("the last record must not end in CRLF")
	}
	recs := records(t, f.Data, false)
	if len(recs) != 5 {
		t.Fatalf("%d records, want header, 3 details, trailer", len(recs))
	}
	for i, r := range recs {
		if len(r) != 1000 {
			t.Errorf("record %d is %d characters, want 1000", i, len(r))
		}
	}
	h := recs[0]
	for _, w := range []struct {
		from, to int
		want     string
	}{
		{1, 14, "14072026093005"}, {15, 22, "ACMESG01"}, {23, 30, "16072026"}, {31, 40, "0259001103"},
		{65, 84, "Acme Widgets Pte Ltd"}, {239, 243, "00007"}, {244, 257, "JUL2026 SALARY"}, {279, 279, "C"}, {999, 1000, "01"},
	} {
		if got := field(h, w.from, w.to); got != w.want {
			t.Errorf("header %d-%d = %q, want %q", w.from, w.to, got, w.want)
		}
	}
	d := recs[2]
	for _, w := range []struct {
		from, to int
		want     string
	}{
		{1, 2, "22"}, {3, 16, "JUL2026 SALARY"}, {38, 48, "UOVBSGSGXXX"}, {73, 82, "9876543210"},
		{107, 132, "Siti Nurhaliza binte Ahmad"}, {247, 250, "SALA"}, {251, 253, "SGD"}, {254, 264, "00000315055"},
		{440, 440, "N"}, {999, 1000, "10"},
	} {
		if got := field(d, w.from, w.to); got != w.want {
			t.Errorf("detail %d-%d = %q, want %q", w.from, w.to, got, w.want)
		}
	}
	if got := field(recs[3], 38, 48); got != "HSBCSGS2XXX" {
		t.Errorf("8-character BIC padded: %q", got)
	}
	tr := recs[4]
	// Hash: |12345678900-02590011030| + |98765432100-02590011030| + |14112345600-02590011030|.
	hash := int64(12345678900-2590011030) + (98765432100 - 2590011030) + (14112345600 - 2590011030)
	hs := strconv.FormatInt(hash, 10)
	if len(hs) > 11 {
		hs = hs[:11]
	}
	for _, w := range []struct {
		from, to int
		want     string
	}{
		{1, 11, "00000000003"}, {12, 29, "000000000000735100"}, {30, 40, "00000000000"}, {41, 58, strings.Repeat("0", 18)},
		{85, 95, right(hs, 11, '0')}, {999, 1000, "20"},
	} {
		if got := field(tr, w.from, w.to); got != w.want {
			t.Errorf("trailer %d-%d = %q, want %q", w.from, w.to, got, w.want)
		}
	}
}

func TestSGInvalid(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		edit   func(*SGSettings, []Payment) []Payment
		member string
	}{
		{"unknown bank code without BIC", func(_ *SGSettings, p []Payment) []Payment { p[2].BIC = ""; return p }, "payments[2].bic"},
		{"bad bank code", func(_ *SGSettings, p []Payment) []Payment { p[0].BankCode = "71"; return p }, "payments[0].bankCode"},
		{"bad BIC", func(_ *SGSettings, p []Payment) []Payment { p[2].BIC = "HSBC"; return p }, "payments[2].bic"},
		{"branch", func(_ *SGSettings, p []Payment) []Payment { p[0].BranchCode = "01"; return p }, "payments[0].branchCode"},
		{"account", func(_ *SGSettings, p []Payment) []Payment { p[1].AccountNumber = "12AB"; return p }, "payments[1].accountNumber"},
		{"amount", func(_ *SGSettings, p []Payment) []Payment { p[1].Amount = m("0"); return p }, "payments[1].amount"},
		{"cents", func(_ *SGSettings, p []Payment) []Payment { p[1].Amount = m("0.001"); return p }, "payments[1].amount"},
		{"company id", func(s *SGSettings, p []Payment) []Payment { s.CompanyID = "TOO LONG ID"; return p }, "companyId"},
		{"batch id", func(s *SGSettings, p []Payment) []Payment { s.BatchID = 90000; return p }, "batchId"},
		{"too many", func(_ *SGSettings, p []Payment) []Payment {
			for len(p) <= 5000 {
				p = append(p, p[0])
			}
			return p
		}, "payments"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := sgSettings()
			p := c.edit(&s, sgPayments())
			_, err := SGGiro(s, p)
			wantInvalid(t, err, c.member)
		})
	}
}
