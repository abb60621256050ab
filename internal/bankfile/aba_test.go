package bankfile

import (
	"strings"
	"testing"
)

func abaSettings() ABASettings {
	return ABASettings{BSB: "062-000", AccountNumber: "12345678", AccountName: "Acme Widgets Pty Ltd",
		FinancialInstitutionCode: "CBA", LodgementReference: "Acme pay", UserName: "Acme Widgets", UserID: "301500",
		BalanceLodgementReference: "Payroll 2026-07"}
}

func abaPayments() []Payment {
	return []Payment{
		{EmployeeID: 1, PayeeName: "Alice Nguyen", BSB: "082-001", AccountNumber: "987654321", Amount: m("2345.67"), Reference: "Pay 16 Jul"},
		{EmployeeID: 2, PayeeName: "Zoë Müller", BSB: "732000", AccountNumber: "00123456", Amount: m("1000.05")},
		{EmployeeID: 3, PayeeName: "Bob O'Reilly-Smith, Jnr", BSB: "033 088", AccountNumber: "4455", Amount: m("0.01"), Reference: "A reference longer than 18"},
	}
}

func TestABAGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		balance bool
	}{{"aba.txt", false}, {"aba-balanced.txt", true}} {
		s := abaSettings()
		s.IncludeSelfBalancingTransaction = tc.balance
		f, err := ABA(s, datePaid, abaPayments())
		if err != nil {
			t.Fatal(err)
		}
		golden(t, tc.name, f.Data)
		if f.Payments != 3 || !f.Total.Equal(m("3345.73")) {
			t.Errorf("%s: payments %d total %s", tc.name, f.Payments, f.Total)
		}
	}
}

func TestABAFields(t *testing.T) {
	t.Parallel()
	s := abaSettings()
	s.IncludeSelfBalancingTransaction = true
	f, err := ABA(s, datePaid, abaPayments())
	if err != nil {
		t.Fatal(err)
	}
	recs := records(t, f.Data, true)
	if len(recs) != 6 { // 0, three credits, balancing debit, 7
		t.Fatalf("%d records, want 6", len(recs))
	}
	for i, r := range recs {
		if len(r) != 120 {
			t.Errorf("record %d is %d characters, want 120", i, len(r))
		}
	}
	h := recs[0]
	for _, c := range []struct {
		from, to int
		want     string
	}{
		{1, 1, "0"}, {2, 18, strings.Repeat(" ", 17)}, {19, 20, "01"}, {21, 23, "CBA"}, {24, 30, "       "},
		{31, 56, "Acme Widgets              "}, {57, 62, "301500"}, {63, 74, "PAYROLL     "}, {75, 80, "160726"},
		{81, 120, strings.Repeat(" ", 40)},
	} {
		if got := field(h, c.from, c.to); got != c.want {
			t.Errorf("descriptive record %d-%d = %q, want %q", c.from, c.to, got, c.want)
		}
	}
	d := recs[2] // Zoë: BSB given as 6 digits, account with leading zeros, settings' reference
	for _, c := range []struct {
		from, to int
		want     string
	}{
		{1, 1, "1"}, {2, 8, "732-000"}, {9, 17, " 00123456"}, {18, 18, " "}, {19, 20, "53"}, {21, 30, "0000100005"},
		{31, 62, "Zoe Muller                      "}, {63, 80, "Acme pay          "}, {81, 87, "062-000"},
		{88, 96, " 12345678"}, {97, 112, "Acme Widgets Pty"}, {113, 120, "00000000"},
	} {
		if got := field(d, c.from, c.to); got != c.want {
			t.Errorf("detail record %d-%d = %q, want %q", c.from, c.to, got, c.want)
		}
	}
	if got := field(recs[3], 63, 80); got != "A reference longer" {
		t.Errorf("reference cut to 18: %q", got)
	}
	bal := recs[4]
	if field(bal, 2, 8) != "062-000" || field(bal, 9, 17) != " 12345678" || field(bal, 19, 20) != "13" ||
		field(bal, 21, 30) != "0000334573" || field(bal, 63, 80) != "Payroll 2026-07   " {
		t.Errorf("balancing record = %q", bal)
	}
	tr := recs[5]
	// Net is zero when the file balances itself; credits = debits = the sum.
	for _, c := range []struct {
		from, to int
		want     string
	}{
		{1, 1, "7"}, {2, 8, "999-999"}, {9, 20, strings.Repeat(" ", 12)}, {21, 30, "0000000000"}, {31, 40, "0000334573"},
		{41, 50, "0000334573"}, {51, 74, strings.Repeat(" ", 24)}, {75, 80, "000004"}, {81, 120, strings.Repeat(" ", 40)},
	} {
		if got := field(tr, c.from, c.to); got != c.want {
			t.Errorf("total record %d-%d = %q, want %q", c.from, c.to, got, c.want)
		}
	}

	// Without the balancing line: net = credits, no debits, 3 records.
	f, err = ABA(abaSettings(), datePaid, abaPayments())
	if err != nil {
		t.Fatal(err)
	}
	recs = records(t, f.Data, true)
	tr = recs[len(recs)-1]
	var sum int64
	for _, r := range recs[1 : len(recs)-1] {
		sum += atoi(t, field(r, 21, 30))
	}
	if atoi(t, field(tr, 21, 30)) != sum || atoi(t, field(tr, 31, 40)) != sum || atoi(t, field(tr, 41, 50)) != 0 ||
		atoi(t, field(tr, 75, 80)) != int64(len(recs)-2) {
		t.Errorf("total record %q does not match the details (sum %d)", tr, sum)
	}
}

func TestABAMerge(t *testing.T) {
	t.Parallel()
	s := abaSettings()
	s.MergeMultipleAccountPayments = true
	p := abaPayments()
	p = append(p, Payment{PayeeName: "Alice Nguyen", BSB: "082001", AccountNumber: "987654321", Amount: m("100")})
	f, err := ABA(s, datePaid, p)
	if err != nil {
		t.Fatal(err)
	}
	recs := records(t, f.Data, true)
	if len(recs) != 5 || field(recs[1], 21, 30) != "0000244567" {
		t.Fatalf("merged file:\n%s", f.Data)
	}
}

func TestABAInvalid(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		edit   func(*ABASettings, []Payment) []Payment
		member string
	}{
		{"bad payee BSB", func(_ *ABASettings, p []Payment) []Payment { p[1].BSB = "12-345"; return p }, "payments[1].bsb"},
		{"letters in BSB", func(_ *ABASettings, p []Payment) []Payment { p[0].BSB = "06A-000"; return p }, "payments[0].bsb"},
		{"account too long", func(_ *ABASettings, p []Payment) []Payment { p[2].AccountNumber = "1234567890"; return p }, "payments[2].accountNumber"},
		{"account missing", func(_ *ABASettings, p []Payment) []Payment { p[2].AccountNumber = ""; return p }, "payments[2].accountNumber"},
		{"zero amount", func(_ *ABASettings, p []Payment) []Payment { p[0].Amount = m("0"); return p }, "payments[0].amount"},
		{"negative amount", func(_ *ABASettings, p []Payment) []Payment { p[0].Amount = m("-1"); return p }, "payments[0].amount"},
		{"fraction of a cent", func(_ *ABASettings, p []Payment) []Payment { p[1].Amount = m("10.005"); return p }, "payments[1].amount"},
		{"too large", func(_ *ABASettings, p []Payment) []Payment { p[1].Amount = m("100000000.00"); return p }, "payments[1].amount"},
		{"no payee name", func(_ *ABASettings, p []Payment) []Payment { p[0].PayeeName = " 日本 "; return p }, "payments[0].payeeName"},
		{"no payments", func(_ *ABASettings, _ []Payment) []Payment { return nil }, "payments"},
		{"payer BSB", func(s *ABASettings, p []Payment) []Payment { s.BSB = ""; return p }, "bsb"},
		{"payer account", func(s *ABASettings, p []Payment) []Payment { s.AccountNumber = "x"; return p }, "accountNumber"},
		{"user id", func(s *ABASettings, p []Payment) []Payment { s.UserID = "12345"; return p }, "userId"},
		{"institution", func(s *ABASettings, p []Payment) []Payment { s.FinancialInstitutionCode = "CB"; return p }, "financialInstitutionCode"},
		{"user name", func(s *ABASettings, p []Payment) []Payment { s.UserName = ""; return p }, "userName"},
		{"total overflows", func(_ *ABASettings, p []Payment) []Payment {
			p[0].Amount, p[1].Amount = m("60000000"), m("60000000")
			return p
		}, "payments"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := abaSettings()
			p := c.edit(&s, abaPayments())
			_, err := ABA(s, datePaid, p)
			wantInvalid(t, err, c.member)
		})
	}
}
