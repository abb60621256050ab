package pay

import (
	"database/sql"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Standard earnings are the employee's rate prorated to the frequency,
// rounded to the cent half up (formula-derived expectations).
func TestStandardEarnings(t *testing.T) {
	ns := func(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }
	cat := Category{ID: 7, Name: "Ordinary Hours", Kind: calc.Ordinary}
	cases := []struct {
		name, rate, unit, hpw, hpd, freq string
		amount, units                    string
	}{
		{"hourly weekly", "35.1234", "Hourly", "38", "", "Weekly", "1334.69", "38"},           // 38 x 35.1234 = 1334.6892
		{"hourly fortnightly", "30", "Hourly", "37.5", "", "Fortnightly", "2250", "75"},       // 75 x 30
		{"hourly monthly", "30", "Hourly", "38", "", "Monthly", "4940", "164.6667"},           // 38 x 52/12 x 30
		{"annual weekly", "91300", "Annually", "38", "", "Weekly", "1755.77", "1"},            // 91300 / 52 = 1755.769...
		{"annual monthly", "91300", "Annually", "38", "", "Monthly", "7608.33", "1"},          // 91300 / 12 = 7608.333...
		{"annual fortnightly", "100000", "Annually", "38", "", "Fortnightly", "3846.15", "1"}, // 100000 / 26 = 3846.1538...
		{"monthly rate weekly", "5000", "Monthly", "38", "", "Weekly", "1153.85", "1"},        // 5000 x 12 / 52 = 1153.846...
		{"daily from hours", "400", "Daily", "38", "7.6", "Weekly", "2000", "5"},              // 38 / 7.6 = 5 days
		{"daily default five days", "250", "Daily", "", "", "Fortnightly", "2500", "10"},
		{"weekly rate four-weekly", "1000", "Weekly", "38", "", "FourWeekly", "4000", "4"},
		{"fixed", "812.345", "Fixed", "", "", "Weekly", "812.35", "1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := &EmployeeRow{ID: 1, Rate: ns(c.rate), RateUnit: c.unit, HoursPerWeek: ns(c.hpw), HoursPerDay: ns(c.hpd)}
			l, ok := standardEarnings(e, c.freq, cat)
			if !ok {
				t.Fatal("no line")
			}
			if !l.amount.Equal(payroll.MustMoney(c.amount)) || l.Units != c.units || l.CategoryID != 7 {
				t.Fatalf("amount %s units %s, want %s and %s", l.amount, l.Units, c.amount, c.units)
			}
		})
	}
	if _, ok := standardEarnings(&EmployeeRow{RateUnit: "Hourly"}, "Weekly", cat); ok {
		t.Fatal("an employee without a rate has no standard earnings")
	}
}

func TestUKPeriodAndTaxYear(t *testing.T) {
	d := func(s string) time.Time { v, _ := time.Parse(time.DateOnly, s); return v }
	for _, c := range []struct {
		freq, paid string
		want       int
	}{
		{"Weekly", "2026-04-06", 1}, {"Weekly", "2026-04-12", 1}, {"Weekly", "2026-04-13", 2}, {"Weekly", "2027-04-05", 53},
		{"Monthly", "2026-04-30", 1}, {"Monthly", "2026-05-05", 1}, {"Monthly", "2026-05-06", 2}, {"Monthly", "2027-03-31", 12},
		{"Fortnightly", "2026-04-20", 2}, {"FourWeekly", "2026-05-04", 2},
	} {
		if got := ukPeriod(c.freq, d(c.paid)); got != c.want {
			t.Errorf("%s paid %s: period %d, want %d", c.freq, c.paid, got, c.want)
		}
	}
	for _, c := range []struct{ region, paid, from, quarter string }{
		{"AU", "2026-11-20", "2026-07-01", "2026-10-01"}, {"AU", "2026-06-30", "2025-07-01", "2026-04-01"},
		{"UK", "2026-04-05", "2025-04-06", "2026-04-01"}, {"UK", "2026-04-06", "2026-04-06", "2026-04-01"},
		{"NZ", "2026-03-31", "2025-04-01", "2026-01-01"}, {"SG", "2026-11-20", "2026-01-01", "2026-10-01"},
	} {
		from, q := TaxYear(c.region, d(c.paid))
		if !from.Equal(d(c.from)) || !q.Equal(d(c.quarter)) {
			t.Errorf("%s %s: year from %s quarter %s, want %s %s", c.region, c.paid, from.Format(time.DateOnly), q.Format(time.DateOnly), c.from, c.quarter)
		}
	}
}

// Net is gross less deductions and everything withheld, to the cent, and
// a calculation error keeps the statutory figures at zero with the reason.
func TestComputeNet(t *testing.T) {
	run := &store.PayRun{Frequency: "Weekly", DatePaid: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)}
	e := &EmployeeRow{ID: 1, TaxFileNumber: "123456782", ClaimTaxFreeThreshold: sql.NullBool{Bool: true, Valid: true}}
	mk := func(kind string, amount int64, exempt bool) line {
		l := line{}
		l.Kind, l.Amount, l.TaxExempt, l.UserEntered = kind, amount, exempt, true
		l.earningKind = calc.Ordinary
		return l
	}
	lines := []line{mk(KindEarnings, 150000, false), mk(KindDeduction, 5000, true), mk(KindDeduction, 1250, false), mk(KindExpense, 999, false)}
	f := compute("AU", run, e, lines, nil, nil)
	if f.calcError != "" || f.gross != 150000 || f.taxable != 145000 || f.tax <= 0 || f.net != 150000-5000-1250-f.tax || f.expenses != 999 {
		t.Fatalf("figures %+v", f)
	}
	uk := compute("UK", run, e, lines, nil, nil) // no tax code
	if uk.calcError == "" || uk.tax != 0 || uk.net != 150000-5000-1250 {
		t.Fatalf("uk without tax code %+v", uk)
	}
}

// The explanation is calculated from the payslip's own input: a salary
// sacrifice (a super adjustment line, taken before tax) lowers the PAYG of
// both. Before calcInput was shared, the explanation left the sacrifice
// out of the pre-tax amount and explained a higher PAYG than the payslip's.
func TestExplainUsesThePayslipsInput(t *testing.T) {
	run := &store.PayRun{Frequency: "Weekly", DatePaid: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)}
	e := &EmployeeRow{ID: 1, TaxFileNumber: "123456782", ClaimTaxFreeThreshold: sql.NullBool{Bool: true, Valid: true}}
	earn := line{earningKind: calc.Ordinary}
	earn.Kind, earn.Amount = KindEarnings, 150000
	sacrifice := line{}
	sacrifice.Kind, sacrifice.Subtype, sacrifice.Amount = KindSuperAdjustment, "SalarySacrifice", 20000
	lines := []line{earn, sacrifice}
	f := compute("AU", run, e, lines, nil, nil)
	in, res, err := explainCalc("AU", run, e, lines, &YTD{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	without := compute("AU", run, e, lines[:1], nil, nil)
	if f.calcError != "" || f.preTax != 20000 || !in.PreTax.Equal(payroll.MustMoney("200")) || amount(&res, "payg") != f.tax || f.tax >= without.tax {
		t.Fatalf("payslip PAYG %d (pre-tax %d), explained PAYG %d (pre-tax %s), without the sacrifice %d", f.tax, f.preTax, amount(&res, "payg"), in.PreTax, without.tax)
	}
}
