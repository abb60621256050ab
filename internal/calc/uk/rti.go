package uk

import (
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// NIBands are a pay period's Class 1 thresholds as RTI reports earnings
// against them (FPS and P60: earnings at the LEL, LEL to PT, PT to UEL).
type NIBands struct {
	TaxYear      string
	LEL, PT, UEL payroll.Money
}

// NIPeriodBands returns the thresholds of the tax year of paid for a pay
// frequency, from the same dated tables the calculation uses.
func NIPeriodBands(paid time.Time, f calc.Frequency) (NIBands, error) {
	y, err := yearFor(paid)
	if err != nil {
		return NIBands{}, err
	}
	th, err := y.niThresholds(f)
	if err != nil {
		return NIBands{}, err
	}
	return NIBands{TaxYear: y.Name, LEL: th[LEL], PT: th[PT], UEL: th[UEL]}, nil
}
