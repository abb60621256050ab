package uk

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

func pennies(t *rapid.T, label string, lo, hi int64) payroll.Money {
	return payroll.MoneyFromMinor(rapid.Int64Range(lo, hi).Draw(t, label))
}

var propYears = []*Year{&year2025, &year2026}

// Cumulative PAYE over a whole year of equal periods adds up to the annual
// liability: the period taxes telescope to the tax on the year's pay, and
// that differs from tax on the exact annual figure (pay − (code×10+9))
// only by HMRC's roundings: per-period free pay rounded up to the penny
// (≤ 1p a period), taxable pay floored to £1 and tax floored to 1p.
func TestPropertyCumulativeYear(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y := propYears[rapid.IntRange(0, len(propYears)-1).Draw(t, "year")]
		jur := Jurisdiction(rapid.IntRange(0, int(numJurisdictions)-1).Draw(t, "jurisdiction"))
		freq := rapid.SampledFrom([]calc.Frequency{calc.Weekly, calc.Fortnightly, calc.FourWeekly, calc.Monthly}).Draw(t, "freq")
		shape, _ := shapeOf(freq)
		num := rapid.IntRange(0, 1500).Draw(t, "code number")
		pay := pennies(t, "pay", 0, 2_000_000_00)
		code := TaxCode{Jurisdiction: jur, Kind: CodeAllowance, Number: num, Suffix: 'L'}
		periods := int(shape.perYear / shape.multiple)

		var paid, ytd payroll.Money
		for p := 1; p <= periods; p++ {
			tax, _, _, err := y.paye(&payeIn{code: code, shape: shape, period: p, pay: pay, payBefore: ytd, taxBefore: paid}, nil)
			if err != nil {
				t.Fatal(err)
			}
			paid, ytd = paid.Add(tax), ytd.Add(pay)
		}
		// Annual liability, straight from the annual bands.
		allowance := payroll.Money{}
		if num > 0 {
			allowance = payroll.MoneyFromInt(int64(num)*10 + 9)
		}
		exactTaxable := ytd.Sub(allowance)
		annualTax := bandTaxAnnual(y.PAYE.Bands[jur], exactTaxable)
		// Rounding room: free pay is rounded up ≤ 1p a week/month (plus the
		// "box" figures' own rounding: 96.16×52 = 5000.32, 416.67×12 = 5000.04
		// per 500 of code), then £1 flooring: at top rate 48%.
		room := payroll.MoneyFromMinor(shape.perYear).Add(payroll.MoneyFromInt(1))
		if num > 500 {
			room = room.Add(payroll.MustMoney("0.32").MulInt(int64((num - 1) / 500)))
		}
		tol := room.Mul(payroll.MustRate("0.48")).Add(payroll.MoneyFromMinor(1))
		if diff := paid.Sub(annualTax).Abs(); diff.Cmp(tol) > 0 {
			t.Fatalf("%s %s %s: year's PAYE %s, annual liability %s (diff %s > %s)", y.Name, code, freq, paid, annualTax, diff, tol)
		}
		// Telescoping: what was paid is exactly the tax due to date at the year end.
		taxable := ytd.Sub(payAdjustment(num, shape.perYear).MulInt(shape.perYear))
		if due := bandTax(y.PAYE.Bands[jur], y.PAYE.BandedThresholdTax[jur], taxable, shape.perYear, shape.perYear); !due.Equal(paid) {
			t.Fatalf("paid %s, due at year end %s", paid, due)
		}
	})
}

// bandTaxAnnual is an independent annual computation: exact tax on the
// annual bands, floored to the penny.
func bandTaxAnnual(bands []Band, taxable payroll.Money) payroll.Money {
	var tax, lower payroll.Money
	for _, b := range bands {
		if !taxable.IsPos() || taxable.Cmp(lower) <= 0 {
			break
		}
		top := taxable
		if !b.Upper.IsZero() && b.Upper.Less(taxable) {
			top = b.Upper
		}
		tax = tax.Add(top.Sub(lower).Mul(b.Rate))
		lower = b.Upper
		if b.Upper.IsZero() {
			break
		}
	}
	return tax.Floor(2)
}

// PAYE never falls when pay rises (fixed code, period and year to date).
func TestPropertyPAYEMonotone(t *testing.T) {
	codes := []string{"1257L", "S1257L", "C1257L", "0T", "S0T", "BR", "SBR", "D0", "D1", "SD0", "SD1", "SD2", "SD3", "NT", "K475", "SK585", "CK100", "45L", "1383M", "1131N", "1257T", "9999L"}
	rapid.Check(t, func(t *rapid.T) {
		y := propYears[rapid.IntRange(0, len(propYears)-1).Draw(t, "year")]
		code, err := ParseTaxCode(rapid.SampledFrom(codes).Draw(t, "code"))
		if err != nil {
			t.Fatal(err)
		}
		freq := rapid.SampledFrom([]calc.Frequency{calc.Weekly, calc.Fortnightly, calc.FourWeekly, calc.Monthly, calc.Quarterly, calc.Annually}).Draw(t, "freq")
		shape, _ := shapeOf(freq)
		in := payeIn{code: code, shape: shape, w1m1: rapid.Bool().Draw(t, "w1m1")}
		in.period = rapid.IntRange(1, int(shape.perYear/shape.multiple)).Draw(t, "period")
		if !in.w1m1 {
			in.payBefore = pennies(t, "pay before", 0, 50_000_000)
			in.taxBefore = pennies(t, "tax before", -1_000_000, 20_000_000)
		}
		a := pennies(t, "pay", -100_000, 10_000_000_00)
		b := a.Add(pennies(t, "rise", 0, 1_000_000_00))
		in.pay = a
		ta, _, _, err := y.paye(&in, nil)
		if err != nil {
			t.Fatal(err)
		}
		in.pay = b
		tb, _, _, err := y.paye(&in, nil)
		if err != nil {
			t.Fatal(err)
		}
		if tb.Less(ta) {
			t.Fatalf("%s: pay %s tax %s, pay %s tax %s", code, a, ta, b, tb)
		}
	})
}

var niFreqs = []calc.Frequency{calc.Weekly, calc.Fortnightly, calc.FourWeekly, calc.Monthly}

// NI is charged on the period's total earnings against the period's
// thresholds: the lines a pay is split into do not matter; nothing is due
// below PT (employee) or the category's employer threshold; between
// thresholds NI matches the category's rates to within the rounding
// (under 0.6p per part: the third decimal decides), and it never falls
// when pay rises.
func TestPropertyNI(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y := propYears[rapid.IntRange(0, len(propYears)-1).Draw(t, "year")]
		cat := y.NI.Categories[rapid.IntRange(0, len(y.NI.Categories)-1).Draw(t, "category")]
		freq := rapid.SampledFrom(niFreqs).Draw(t, "freq")
		th := y.NI.Thresholds[freq]
		a := pennies(t, "line a", 0, 1_000_000)
		b := pennies(t, "line b", 0, 1_000_000)
		total := a.Add(b)
		emp := &calc.UKEmployee{TaxCode: "NT", NICategory: string(cat.Letter)}
		in := &calc.Input{Region: calc.UK, Frequency: freq, Period: 1, UK: emp, TaxYear: y.Name,
			Earnings: []calc.Earning{{Amount: a}, {Amount: b}}}
		res, err := New().Calculate(in)
		if err != nil {
			t.Fatal(err)
		}
		ee, _ := res.Get("ni.employee")
		er, _ := res.Get("ni.employer")
		wantEE, wantER := niParts(&cat, &th, total)
		if !ee.Amount.Equal(wantEE) || !er.Amount.Equal(wantER) {
			t.Fatalf("split lines: %s/%s, total %s/%s", ee.Amount, er.Amount, wantEE, wantER)
		}
		if total.Cmp(th[PT]) <= 0 && !ee.Amount.IsZero() {
			t.Fatalf("employee NI %s at or below PT %s", ee.Amount, th[PT])
		}
		if total.Cmp(th[cat.EmployerFrom]) <= 0 && !er.Amount.IsZero() {
			t.Fatalf("employer NI %s at or below its threshold", er.Amount)
		}
		exactEE := total.Min(th[UEL]).Sub(th[PT]).Max(payroll.Money{}).Mul(cat.MainRate).
			Add(total.Sub(th[UEL]).Max(payroll.Money{}).Mul(cat.UpperRate))
		exactER := total.Sub(th[cat.EmployerFrom]).Max(payroll.Money{}).Mul(cat.EmployerRate)
		if d := ee.Amount.Sub(exactEE).Abs(); d.Cmp(payroll.MustMoney("0.012")) >= 0 {
			t.Fatalf("employee %s vs exact %s", ee.Amount, exactEE)
		}
		if d := er.Amount.Sub(exactER).Abs(); d.Cmp(payroll.MustMoney("0.006")) >= 0 {
			t.Fatalf("employer %s vs exact %s", er.Amount, exactER)
		}
		more := total.Add(pennies(t, "rise", 0, 100_000))
		ee2, er2 := niParts(&cat, &th, more)
		if ee2.Less(ee.Amount) || er2.Less(er.Amount) {
			t.Fatalf("NI fell: %s → %s", total, more)
		}
	})
}

// A tax code prints back to itself.
func TestPropertyTaxCodeRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tc := TaxCode{
			Jurisdiction: Jurisdiction(rapid.IntRange(0, 2).Draw(t, "jur")),
			Kind:         CodeKind(rapid.IntRange(0, 4).Draw(t, "kind")),
			Week1Month1:  rapid.Bool().Draw(t, "w1"),
		}
		switch tc.Kind {
		case CodeAllowance:
			tc.Number = rapid.IntRange(0, maxCodeNumber).Draw(t, "n")
			tc.Suffix = rapid.SampledFrom([]byte("LMNT")).Draw(t, "suffix")
		case CodeK:
			tc.Number = rapid.IntRange(1, maxCodeNumber).Draw(t, "n")
		case CodeD:
			tc.Number = rapid.IntRange(0, 9).Draw(t, "n")
		}
		got, err := ParseTaxCode(tc.String())
		if err != nil || got != tc {
			t.Fatalf("%+v → %q → %+v %v", tc, tc.String(), got, err)
		}
	})
}
