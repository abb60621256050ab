package uk

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// payrolledBenefit spreads what is left over the paydays, to the nearest
// penny, half up (docs/reference/uk-payrolled-benefits.md):
//   - £600 ÷ 12 = 50.00 (GOV.UK Annex 1 gym);
//   - £5,200 ÷ 12 = 433.333… → 433.33 (GOV.UK "Payrolling: changes
//     affecting benefits and expenses", car);
//   - £1,200 ÷ 13 = 92.307… → 92.31 and ÷ 52 = 23.076… → 23.08 (rounding
//     down would give 92.30 and 23.07);
//   - £784.99 ÷ 2 = 392.495 → 392.50 (half up);
//   - nothing left (or less than nothing: more payrolled than the revised
//     cash equivalent) → 0;
//   - no payday left is an error, not a guess.
func TestPayrolledBenefitAmount(t *testing.T) {
	for _, c := range []struct {
		left string
		days int
		want string
	}{{"600", 12, "50.00"}, {"5200", 12, "433.33"}, {"1200", 13, "92.31"}, {"1200", 52, "23.08"}, {"784.99", 2, "392.50"},
		{"0", 3, "0.00"}, {"-10", 3, "0.00"}} {
		f, p, _, err := payrolledBenefit(&calc.UKPayrolledBenefit{Name: "x", ToTax: payroll.MustMoney(c.left), Paydays: c.days}, nil)
		if err != nil || f.Amount.Cmp(payroll.MustMoney(c.want)) != 0 || p != f.Amount.MinorUnits() || f.Rule == nil || f.Rule.Source == "" {
			t.Errorf("%s over %d: %v %d %v, want %s", c.left, c.days, f.Amount, p, err, c.want)
		}
	}
	if _, _, _, err := payrolledBenefit(&calc.UKPayrolledBenefit{Name: "x", ToTax: payroll.MustMoney("100"), Paydays: 0}, nil); err == nil {
		t.Error("no payday left: no error")
	}
}

// The overriding limit with payrolled benefits, on both PAYE paths: £400
// cash pay with £1,000 of benefits on 0T month 1: £1,400 × 20% = 280.00,
// limited to 50% × 400.00 = 200.00 (PAYE Regulations 2003 reg 61B(3));
// the same pay all cash (no benefits, not a K code) is not limited:
// 280.00.
func TestPayeOverridingLimitWithBenefits(t *testing.T) {
	in := &calc.Input{Region: calc.UK, PaymentDate: time.Date(2026, time.April, 30, 0, 0, 0, 0, time.UTC), Frequency: calc.Monthly, Period: 1,
		Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: payroll.MustMoney("400")}},
		UK:       &calc.UKEmployee{TaxCode: "0T", NICategory: "A", PayrolledBenefits: []calc.UKPayrolledBenefit{{Name: "b", ToTax: payroll.MustMoney("12000"), Paydays: 12}}}}
	res, err := Engine{}.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := res.Get("paye"); got.Amount.Cmp(payroll.MustMoney("200")) != 0 {
		t.Errorf("paye %v, want 200.00", got.Amount)
	}
	if got, _ := res.Get("benefit.payrolled"); got.Amount.Cmp(payroll.MustMoney("1000")) != 0 {
		t.Errorf("benefit.payrolled %v, want 1000.00", got.Amount)
	}
	if got, _ := res.Get("ni.employee"); !got.Amount.IsZero() {
		t.Errorf("ni.employee %v: the benefit is not NI-able", got.Amount)
	}
	in.UK.PayrolledBenefits = nil
	in.Earnings[0].Amount = payroll.MustMoney("1400")
	res, err = Engine{}.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := res.Get("paye"); got.Amount.Cmp(payroll.MustMoney("280")) != 0 {
		t.Errorf("all cash: paye %v, want 280.00", got.Amount)
	}
	// The decimal path (amounts not whole pence) applies the same limit.
	y, _ := yearOf(&calc.Input{Region: calc.UK, PaymentDate: time.Date(2026, time.April, 30, 0, 0, 0, 0, time.UTC)})
	code, _ := ParseTaxCode("0T")
	shape, _ := shapeOf(calc.Monthly)
	tax, _, _, err := y.payeDecimal(&payeIn{code: code, shape: shape, period: 1, pay: payroll.MustMoney("1400.004"), notional: payroll.MustMoney("1000")}, nil)
	if err != nil || tax.Cmp(payroll.MustMoney("200")) != 0 {
		t.Errorf("decimal path: %v %v, want 200.00", tax, err)
	}
}
