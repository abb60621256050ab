package engine_test

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/payroll"
)

// One employee-period through the engine: a weekly AU payment of $864.99 to
// an employee who claims the tax-free threshold (scale 2). The PAYG figure
// is the one in the ATO-formula vector file
// (internal/calc/vectors/testdata/vectors-sample.csv: AU,weekly,scale2,864.99,99),
// and every figure names the rule that produced it.
func ExampleCalculate() {
	in := &calc.Input{
		Region:      "AU",
		PaymentDate: time.Date(2026, 3, 6, 0, 0, 0, 0, time.UTC), // 2025-26
		Frequency:   calc.Weekly,
		Earnings:    []calc.Earning{{Kind: calc.Ordinary, Amount: payroll.MustMoney("864.99")}},
		AU:          &calc.AUEmployee{Scale: calc.AUScale2},
	}
	res, err := engine.Calculate(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	payg, _ := res.Get("payg")
	fmt.Println(res.TaxYear, payg.Amount, payg.Rule.Code)
	// Output:
	// 2025-26 99 au.payg
}
