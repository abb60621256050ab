package nz

import (
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// KiwiSaverRateSet is what a tax year allows an employee's KiwiSaver
// contributions to be, as fractions (0.035 = 3.5%).
type KiwiSaverRateSet struct {
	Year        string         // the tax year, e.g. "2026-27"
	Allowed     []payroll.Rate // the employee's choices
	Default     payroll.Rate   // the rate when the employee chose none
	Reduced     payroll.Rate   // IRD's temporary rate reduction; zero when the year has none
	EmployerMin payroll.Rate   // the compulsory employer minimum (Reduced may match a reduced employee)
}

// KiwiSaverRatesOn are the KiwiSaver rates of the tax year in force on
// day; a day after the last year the engine knows gets that year's rates
// (a business keeps its settings across the change of year).
func KiwiSaverRatesOn(day time.Time) KiwiSaverRateSet {
	y, err := yearByDate(day)
	if err != nil {
		y = years[len(years)-1]
		if day.Before(years[0].start) {
			y = years[0]
		}
	}
	ks := y.ks
	return KiwiSaverRateSet{Year: y.name, Allowed: append([]payroll.Rate(nil), ks.allowed...), Default: ks.defaultRate,
		Reduced: ks.reducedRate, EmployerMin: ks.employerMin}
}

// IsAllowed says whether r is one of the employee's choices.
func (k KiwiSaverRateSet) IsAllowed(r payroll.Rate) bool {
	return allowedRate(k.Allowed, r)
}

func allowedRate(allowed []payroll.Rate, r payroll.Rate) bool {
	for _, a := range allowed {
		if a.Cmp(r) == 0 {
			return true
		}
	}
	return false
}
