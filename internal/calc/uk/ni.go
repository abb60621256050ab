package uk

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// niParts is Class 1 NI on one earnings figure against one threshold set
// (rules §2.4): employee main rate on PT..UEL and upper rate above the UEL,
// each part rounded separately; employer rate above the category's
// employer threshold (ST, FUST or UEL-level UST/AUST/VUST).
func niParts(c *NICategory, th *[numThresholds]payroll.Money, pay payroll.Money) (ee, er payroll.Money) {
	if band := pay.Min(th[UEL]).Sub(th[PT]); band.IsPos() && !c.MainRate.IsZero() {
		ee = niRound(band.Mul(c.MainRate))
	}
	if above := pay.Sub(th[UEL]); above.IsPos() && !c.UpperRate.IsZero() {
		ee = ee.Add(niRound(above.Mul(c.UpperRate)))
	}
	if above := pay.Sub(th[c.EmployerFrom]); above.IsPos() && !c.EmployerRate.IsZero() {
		er = niRound(above.Mul(c.EmployerRate))
	}
	return ee, er
}

// niThresholds returns the period thresholds of a frequency.
func (y *Year) niThresholds(f calc.Frequency) ([numThresholds]payroll.Money, error) {
	th, ok := y.NI.Thresholds[f]
	if !ok {
		return th, fmt.Errorf("uk: %s: no NI thresholds for %s pay", y.Name, f)
	}
	return th, nil
}

// directorThresholds are the annual thresholds, pro-rata for a director
// appointed during the year: annual × weeks ÷ 52 rounded up to the pound
// (reproduces HMRC's 2025-26 directors' NIC test case 4, 48 weeks).
func (y *Year) directorThresholds(weeks int) ([numThresholds]payroll.Money, error) {
	th := y.NI.Thresholds[calc.Annually]
	if weeks == 0 || weeks == 52 {
		return th, nil
	}
	if weeks < 1 || weeks > 52 {
		return th, fmt.Errorf("uk: director's pro-rata earnings period of %d weeks (want 1-52)", weeks)
	}
	// A multiple of a week: the yearly PT, ST, FUST and UEL ÷ 52 × weeks,
	// rounded up to the pound; the LEL is the weekly LEL × weeks (SSCR 2001
	// reg 11, HMRC NIM01206; docs/reference/uk-directors-ni.md).
	for i := range th {
		th[i] = ceilDiv(th[i].MulInt(int64(weeks)), 52, 0)
	}
	if wk, ok := y.NI.Thresholds[calc.Weekly]; ok {
		th[LEL] = wk[LEL].MulInt(int64(weeks))
	}
	return th, nil
}

func parseCategory(s string) (byte, error) {
	if len(s) != 1 {
		return 0, fmt.Errorf("uk: NI category %q: want one letter", s)
	}
	c := s[0]
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	return c, nil
}
