package journal

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"github.com/payrolld/payrolld/internal/accounts"
	"github.com/payrolld/payrolld/internal/payroll"
)

var m = payroll.MustMoney

func id(n int64) *int64 { return &n }

// chart has every default account set: account ids 1..20 in member order.
func chart() Accounts {
	var a Accounts
	v := reflect.ValueOf(&a).Elem()
	for i := 0; i < v.NumField(); i++ {
		v.Field(i).Set(reflect.ValueOf(id(int64(i + 1))))
	}
	return a
}

const (
	acctPayment          = 1
	acctDefaultExpense   = 2
	acctEmployeeExpense  = 3
	acctELExpense        = 4
	acctELLiability      = 5
	acctDefaultLiability = 6
	acctPaygLiability    = 7
	acctSuperExpense     = 9
	acctSuperLiability   = 10
	acctPayeLiability    = 11
	acctPensionLiability = 13
	acctPensionExpense   = 14
	acctNILiability      = 15
	acctNIExpense        = 16
	acctEmployeeNI       = 17
	acctStudentLoan      = 19
)

// The mixed pay runs: each balances by construction of its figures, which
// are worked in the comments.
var cases = []struct {
	name   string
	totals Totals
	want   map[int64]string // account -> signed total posted to it
}{
	{
		// AU: gross 5,000.00 + 1,250.55 = 6,250.55; expenses 80.20;
		// deductions 150.00 + 20.05; PAYG 1,302.00; net 6,250.55 + 80.20
		// − 170.05 − 1,302.00 = 4,858.70. Super 12% of 6,250.55 = 750.07.
		name: "AU",
		totals: Totals{Reference: "Pay run 1",
			Earnings:            []Amount{{Name: "Ordinary", Amount: m("5000.00")}, {Name: "Overtime", ExpenseAccountID: id(100), Amount: m("1250.55")}},
			EmployeeExpenses:    []Amount{{Name: "Travel", Amount: m("80.20")}},
			Deductions:          []Amount{{Name: "Salary sacrifice", LiabilityAccountID: id(101), Amount: m("150.00")}, {Name: "Union", Amount: m("20.05")}},
			EmployerLiabilities: []Amount{{Name: "Workers comp", Amount: m("62.51")}},
			LeaveAccruals:       []Amount{{Name: "Annual leave", ExpenseAccountID: id(102), LiabilityAccountID: id(103), Amount: m("480.81")}},
			Statutory:           []Statutory{{PaygWithholding, m("1302.00")}, {SuperGuarantee, m("750.07")}},
			NetPay:              m("4858.70")},
		want: map[int64]string{acctDefaultExpense: "5000", 100: "1250.55", acctEmployeeExpense: "80.2", 101: "-150", acctDefaultLiability: "-20.05",
			acctELExpense: "62.51", acctELLiability: "-62.51", 102: "480.81", 103: "-480.81", acctPaygLiability: "-1302",
			acctSuperExpense: "750.07", acctSuperLiability: "-750.07", acctPayment: "-4858.7"},
	},
	{
		// UK: salary 3,000.00; pension 150.00 (employee); PAYE 349.60, NI
		// 115.20, student loan 73.00, postgraduate 41.00; net 3,000 −
		// 728.80 = 2,271.20. Employer NI 405.00, pension 90.00.
		name: "UK",
		totals: Totals{Earnings: []Amount{{Name: "Salary", Amount: m("3000.00")}},
			Statutory: []Statutory{{Paye, m("349.60")}, {EmployeeNationalInsurance, m("115.20")}, {StudentLoan, m("73.00")},
				{PostgraduateLoan, m("41.00")}, {EmployeePension, m("150.00")}, {EmployerNationalInsurance, m("405.00")},
				{EmployerPension, m("90.00")}},
			NetPay: m("2271.20")},
		want: map[int64]string{acctDefaultExpense: "3000", acctPayeLiability: "-349.6", acctEmployeeNI: "-115.2", acctStudentLoan: "-73",
			20: "-41", 18: "-150", acctNIExpense: "405", acctNILiability: "-405", acctPensionExpense: "90", acctPensionLiability: "-90",
			acctPayment: "-2271.2"},
	},
	{
		// NZ: 2,400.00 gross; PAYE 420.33, student loan 120.00, KiwiSaver
		// 3% 72.00; net 2,400 − 612.33 = 1,787.67. Employer KiwiSaver 72.00
		// less ESCT 12.60 = 59.40 + 12.60.
		name: "NZ",
		totals: Totals{Earnings: []Amount{{Name: "Ordinary", Amount: m("2400.00")}},
			Statutory: []Statutory{{Paye, m("420.33")}, {StudentLoan, m("120.00")}, {KiwiSaverEmployee, m("72.00")},
				{KiwiSaverEmployer, m("59.40")}, {Esct, m("12.60")}},
			NetPay: m("1787.67")},
	},
	{
		// SG: 5,200.00 gross; CPF employee 20% 1,040.00, CDAC 1.00; net
		// 4,159.00; CPF employer 17% 884.00; SDL 11.25. A reversed
		// deduction (−35.00) adds to net: 4,194.00.
		name: "SG",
		totals: Totals{Earnings: []Amount{{Name: "Basic", Amount: m("5200.00")}},
			Deductions: []Amount{{Name: "Loan refund reversed", Amount: m("-35.00")}},
			Statutory:  []Statutory{{CpfEmployee, m("1040.00")}, {CommunityFund, m("1.00")}, {CpfEmployer, m("884.00")}, {SkillsDevelopmentLevy, m("11.25")}},
			NetPay:     m("4194.00")},
	},
	{
		// An empty pay: nothing posted, still balanced.
		name: "empty", totals: Totals{},
	},
}

func TestBuildBalances(t *testing.T) {
	t.Parallel()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j, err := Build(c.totals, chart())
			if err != nil {
				t.Fatal(err)
			}
			assertBalanced(t, j)
			if c.want != nil {
				got := map[int64]payroll.Money{}
				for _, l := range j.Lines {
					got[l.AccountID] = got[l.AccountID].Add(l.Signed())
				}
				for acct, want := range c.want {
					if !got[acct].Equal(m(want)) {
						t.Errorf("account %d: %s, want %s", acct, got[acct], want)
					}
				}
				if len(got) != len(c.want) {
					t.Errorf("posted to %d accounts, want %d: %v", len(got), len(c.want), got)
				}
			}
			for _, l := range j.Lines {
				if !l.Amount.IsPos() || l.Type == "" || l.AccountID == 0 || l.Reference != c.totals.Reference {
					t.Errorf("line %+v", l)
				}
			}
		})
	}
}

// assertBalanced sums the lines itself: debits equal credits to the cent.
func assertBalanced(t *testing.T, j Journal) {
	t.Helper()
	var dr, cr, net payroll.Money
	for _, l := range j.Lines {
		if l.IsDebit {
			dr = dr.Add(l.Amount)
		} else {
			cr = cr.Add(l.Amount)
		}
		net = net.Add(l.Signed())
	}
	if !dr.Equal(cr) || !net.IsZero() || !dr.Equal(j.Debits) || !cr.Equal(j.Credits) || dr.MinorUnits() != cr.MinorUnits() {
		t.Fatalf("debits %s credits %s (journal says %s / %s)", dr, cr, j.Debits, j.Credits)
	}
}

func TestBuildFallsBackToDefaultAccounts(t *testing.T) {
	t.Parallel()
	a := Accounts{PaymentAccountID: id(1), DefaultExpenseAccountID: id(2), DefaultLiabilityAccountID: id(6)}
	j, err := Build(cases[1].totals, a) // UK: every specific account unmapped
	if err != nil {
		t.Fatal(err)
	}
	assertBalanced(t, j)
	for _, l := range j.Lines {
		if want := map[bool]int64{true: 2, false: 6}[l.IsDebit]; l.Type != "Asset" && l.AccountID != want {
			t.Errorf("%s posted to %d, want the default %d", l.Type, l.AccountID, want)
		}
	}
}

func TestBuildRefuses(t *testing.T) {
	t.Parallel()
	au := cases[0].totals
	tests := []struct {
		name   string
		totals func() Totals
		accts  Accounts
		member string
	}{
		{"net pay a cent out", func() Totals { t := au; t.NetPay = t.NetPay.Add(m("0.01")); return t }, chart(), "netPay"},
		{"fraction of a cent", func() Totals {
			t := au
			t.Earnings = append([]Amount{}, au.Earnings...)
			t.Earnings[0].Amount = m("5000.001")
			return t
		}, chart(), "earnings[0].amount"},
		{"unknown kind", func() Totals {
			t := au
			t.Statutory = []Statutory{{"Tithe", m("1")}}
			return t
		}, chart(), "statutory[0].kind"},
		{"no payment account", func() Totals { return au }, func() Accounts { a := chart(); a.PaymentAccountID = nil; return a }(), "paymentAccountId"},
		{"no liability account", func() Totals { return au }, func() Accounts { a := chart(); a.DefaultLiabilityAccountID = nil; return a }(), "defaultLiabilityAccountId"},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			_, err := Build(c.totals(), c.accts)
			var pe *payroll.Error
			if !errors.As(err, &pe) || pe.Kind != payroll.KindInvalid || (pe.Field != c.member && pe.Fields[c.member] == nil) {
				t.Fatalf("err = %v, want invalid %s", err, c.member)
			}
		})
	}
}

// TestBuildBalancesAnyPayRun: random mixed totals whose net pay is what
// the pay run computes always give a balanced journal.
func TestBuildBalancesAnyPayRun(t *testing.T) {
	t.Parallel()
	kinds := make([]Kind, 0, len(rules))
	for k := range rules {
		kinds = append(kinds, k)
	}
	amount := rapid.Custom(func(t *rapid.T) payroll.Money {
		return payroll.MoneyFromMinor(rapid.Int64Range(-50_000, 5_000_000).Draw(t, "cents"))
	})
	amounts := func(t *rapid.T, label string) []Amount {
		n := rapid.IntRange(0, 4).Draw(t, label+"n")
		out := make([]Amount, n)
		for i := range out {
			out[i] = Amount{Name: fmt.Sprint(label, i), Amount: amount.Draw(t, label)}
		}
		return out
	}
	rapid.Check(t, func(rt *rapid.T) {
		tot := Totals{Earnings: amounts(rt, "earn"), EmployeeExpenses: amounts(rt, "exp"), Deductions: amounts(rt, "ded"),
			EmployerLiabilities: amounts(rt, "el"), LeaveAccruals: amounts(rt, "leave")}
		net := payroll.Money{}
		for _, e := range append(append([]Amount{}, tot.Earnings...), tot.EmployeeExpenses...) {
			net = net.Add(e.Amount)
		}
		for _, d := range tot.Deductions {
			net = net.Sub(d.Amount)
		}
		for i, n := 0, rapid.IntRange(0, 6).Draw(rt, "nstat"); i < n; i++ {
			s := Statutory{Kind: rapid.SampledFrom(kinds).Draw(rt, "kind"), Amount: amount.Draw(rt, "stat")}
			if rules[s.Kind].expense == nil {
				net = net.Sub(s.Amount)
			}
			tot.Statutory = append(tot.Statutory, s)
		}
		tot.NetPay = net
		j, err := Build(tot, chart())
		if err != nil {
			rt.Fatal(err)
		}
		var sum payroll.Money
		for _, l := range j.Lines {
			sum = sum.Add(l.Signed())
		}
		if !sum.IsZero() || !j.Debits.Equal(j.Credits) {
			rt.Fatalf("unbalanced: debits %s credits %s", j.Debits, j.Credits)
		}
	})
}

// TestAccountsMatchTheChart: the chart of accounts' default accounts
// convert to Accounts by JSON, member for member.
func TestAccountsMatchTheChart(t *testing.T) {
	t.Parallel()
	var c accounts.ChartOfAccountsAccounts
	v := reflect.ValueOf(&c).Elem()
	for i := 0; i < v.NumField(); i++ {
		v.Field(i).Set(reflect.ValueOf(id(int64(i + 1))))
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var a Accounts
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, chart()) || v.NumField() != reflect.TypeOf(a).NumField() {
		t.Fatalf("chart %s converted to %+v", b, a)
	}
}

// BenchmarkBuild is a journal of a pay run with 50 categories.
func BenchmarkBuild(b *testing.B) {
	t := cases[0].totals
	for i := 0; i < 50; i++ {
		t.Earnings = append(t.Earnings, Amount{Name: "Cat", Amount: m("100.00")})
		t.NetPay = t.NetPay.Add(m("100.00"))
	}
	for b.Loop() {
		if _, err := Build(t, chart()); err != nil {
			b.Fatal(err)
		}
	}
}
