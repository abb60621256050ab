package uk

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// AutoEnrolmentBand is the year's auto-enrolment figures for one pay
// frequency (rules §2.6): the earnings trigger and the qualifying
// earnings band, for assessing workers (internal/uk/autoenrol).
type AutoEnrolmentBand struct {
	TaxYear      string
	Trigger      payroll.Money
	Lower, Upper payroll.Money
	Source       string
}

// AutoEnrolmentFor is the band of the tax year containing day for pay
// frequency f.
func AutoEnrolmentFor(day time.Time, f calc.Frequency) (AutoEnrolmentBand, error) {
	y, err := yearFor(day)
	if err != nil {
		return AutoEnrolmentBand{}, err
	}
	p := y.Pension
	tr, ok1 := p.Trigger[f]
	lo, ok2 := p.Lower[f]
	up, ok3 := p.Upper[f]
	if !ok1 || !ok2 || !ok3 {
		return AutoEnrolmentBand{}, fmt.Errorf("uk: %s: no auto-enrolment thresholds for %s pay", y.Name, f)
	}
	return AutoEnrolmentBand{TaxYear: y.Name, Trigger: tr, Lower: lo, Upper: up, Source: p.Source}, nil
}
