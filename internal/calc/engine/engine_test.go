package engine_test

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/payroll"
)

func TestFor(t *testing.T) {
	t.Parallel()
	for _, r := range []string{"AU", "au", "AU-x"} {
		e, err := engine.For(r)
		if err != nil || e.Region() != calc.AU {
			t.Errorf("For(%q) = %v, %v", r, e, err)
		}
	}
	for _, r := range []string{"", "XX", "-AU"} {
		if _, err := engine.For(r); err == nil {
			t.Errorf("For(%q): no error", r)
		}
	}
	for _, e := range engine.Engines() {
		if _, ok := e.(calc.VectorChecker); !ok {
			t.Errorf("%s engine does not check vectors", e.Region())
		}
	}
}

func TestCalculateDispatches(t *testing.T) {
	t.Parallel()
	in := &calc.Input{
		Region: calc.AU, PaymentDate: time.Date(2025, 10, 15, 0, 0, 0, 0, time.UTC), Frequency: calc.Weekly,
		Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: payroll.MustMoney("1000")}},
		AU:       &calc.AUEmployee{Scale: calc.AUScale2},
	}
	res, err := engine.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := res.Get("payg"); res.Region != calc.AU || res.TaxYear != "2025-26" || !f.Amount.Equal(payroll.MustMoney("143")) {
		t.Errorf("%+v", res)
	}
	in.Region = "XX"
	if _, err := engine.Calculate(in); err == nil {
		t.Error("no error for an unknown region")
	}
}
