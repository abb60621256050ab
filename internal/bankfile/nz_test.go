package bankfile

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func nzSettings() NZSettings {
	return NZSettings{AccountNumber: "02-0100-0123456-000", AccountName: "Kiwi Widgets Ltd", Reference: "Payroll",
		Code: "July", Particulars: "Wages", DueDate: datePaid, CreatedDate: created}
}

func nzPayments() []Payment {
	return []Payment{
		{EmployeeID: 1, PayeeName: "Aroha Ngata", AccountNumber: "12-3140-0012345-00", Amount: m("1523.45"), Particulars: "Salary", Code: "E1", Reference: "Jul 2026"},
		{EmployeeID: 2, PayeeName: "Tāne Smith, Jr", AccountNumber: "060901987654301", Amount: m("850.00")},
		{EmployeeID: 3, PayeeName: "Mere Williams", AccountNumber: "38 9000 7654321 123", Amount: m("2000.10"), Particulars: "A particulars field too long"},
	}
}

func TestNZGolden(t *testing.T) {
	t.Parallel()
	f, err := NZDirectCredit(nzSettings(), nzPayments())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "nz-ib4b.txt", f.Data)
	if f.Payments != 3 || !f.Total.Equal(m("4373.55")) {
		t.Errorf("payments %d total %s", f.Payments, f.Total)
	}
}

func TestNZFields(t *testing.T) {
	t.Parallel()
	f, err := NZDirectCredit(nzSettings(), nzPayments())
	if err != nil {
		t.Fatal(err)
	}
	recs := records(t, f.Data, true)
	if len(recs) != 5 {
		t.Fatalf("%d records, want header, 3 transactions, control", len(recs))
	}
	if recs[0] != "1,,,,0201000123456000,7,260716,260714," {
		t.Errorf("header = %q", recs[0])
	}
	wantAccts := []string{"1231400012345000", "0609019876543001", "3890007654321123"}
	var sum, hash int64
	for i, r := range recs[1:4] {
		fs := strings.Split(r, ",")
		if len(fs) != 13 || fs[0] != "2" || fs[2] != "52" {
			t.Fatalf("transaction %d = %q", i, r)
		}
		if fs[1] != wantAccts[i] {
			t.Errorf("transaction %d account %s, want %s", i, fs[1], wantAccts[i])
		}
		sum += atoi(t, fs[3])
		hash += atoi(t, fs[1][2:13])
		for j, max := range map[int]int{4: 20, 5: 12, 6: 12, 8: 12, 9: 20, 10: 12, 11: 12, 12: 12} {
			if len(fs[j]) > max {
				t.Errorf("transaction %d field %d %q longer than %d", i, j+1, fs[j], max)
			}
		}
	}
	if got := strings.Split(recs[2], ",")[4]; got != "Tane Smith Jr" {
		t.Errorf("payee name folded: %q", got)
	}
	if got := strings.Split(recs[3], ",")[8]; got != "A particular" {
		t.Errorf("particulars cut to 12: %q", got)
	}
	// 3140+0012345 + 0901+9876543 + 9000+7654321 as 11-digit numbers.
	if hash != 31400012345+9019876543+90007654321 {
		t.Fatalf("hash arithmetic")
	}
	want := "3," + "437355" + ",3," + right(strconv.FormatInt(hash, 10), 11, '0')
	if recs[4] != want || sum != 437355 {
		t.Errorf("control = %q, want %q (sum %d)", recs[4], want, sum)
	}
}

func TestNZInvalid(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		edit   func(*NZSettings, []Payment) []Payment
		member string
	}{
		{"short account", func(_ *NZSettings, p []Payment) []Payment { p[0].AccountNumber = "12-3140-0012345"; return p }, "payments[0].accountNumber"},
		{"14 digits", func(_ *NZSettings, p []Payment) []Payment { p[1].AccountNumber = "06090198765430"; return p }, "payments[1].accountNumber"},
		{"branch too long", func(_ *NZSettings, p []Payment) []Payment { p[2].AccountNumber = "38-90001-7654321-12"; return p }, "payments[2].accountNumber"},
		{"letters", func(_ *NZSettings, p []Payment) []Payment { p[2].AccountNumber = "38-9000-765432X-12"; return p }, "payments[2].accountNumber"},
		{"amount", func(_ *NZSettings, p []Payment) []Payment { p[0].Amount = m("-5"); return p }, "payments[0].amount"},
		{"cents", func(_ *NZSettings, p []Payment) []Payment { p[0].Amount = m("5.5555"); return p }, "payments[0].amount"},
		{"payee", func(_ *NZSettings, p []Payment) []Payment { p[0].PayeeName = ""; return p }, "payments[0].payeeName"},
		{"payer account", func(s *NZSettings, p []Payment) []Payment { s.AccountNumber = "02-0100"; return p }, "accountNumber"},
		{"due date", func(s *NZSettings, p []Payment) []Payment { s.DueDate = time.Time{}; return p }, "datePaid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := nzSettings()
			p := c.edit(&s, nzPayments())
			_, err := NZDirectCredit(s, p)
			wantInvalid(t, err, c.member)
		})
	}
}
