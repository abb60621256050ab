package au

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Vector rows (payroll-rules.md 7, payroll-rules-2026-27.md 6):
//
//	period:         weekly|fortnightly|monthly|quarterly, optionally ";2026-27"
//	                (no year = 2025-26, the year of the first vector file)
//	scale_or_code:  scale1 … scale6, scale4-resident, scale4-foreign, whm:
//	                the Schedule 1 (Schedule 15) amount;
//	                STSL-component-TFT-or-foreign / STSL-component-no-TFT,
//	                optionally "(from YYYY-MM-DD)": the Schedule 8 component.
//
// Each row runs through Calculate, so a vector checks the engine itself.

// defaultVectorYear is the year of rows that carry no year marker.
const defaultVectorYear = "2025-26"

var (
	yearMarker = regexp.MustCompile(`^\d{4}-\d{2}$`)
	fromDate   = regexp.MustCompile(`\(from (\d{4}-\d{2}-\d{2})\)$`)
)

// CheckVector computes one vector row.
func (e *Engine) CheckVector(v calc.Vector) (payroll.Money, *calc.Rule, error) {
	in, figure, err := vectorInput(v)
	if err != nil {
		return payroll.Money{}, nil, err
	}
	res, err := e.Calculate(&in)
	if err != nil {
		return payroll.Money{}, nil, err
	}
	f, ok := res.Get(figure)
	if !ok {
		return payroll.Money{}, nil, fmt.Errorf("AU: no %s figure for the row", figure)
	}
	return f.Amount, f.Rule, nil
}

// vectorInput turns a row into an employee-period with one ordinary
// earnings line, and names the figure the row's expected value is.
func vectorInput(v calc.Vector) (calc.Input, string, error) {
	in := calc.Input{Region: calc.AU, TaxYear: defaultVectorYear, AU: &calc.AUEmployee{}}
	parts := strings.Split(v.Period, ";")
	switch strings.ToLower(strings.TrimSpace(parts[0])) {
	case "weekly":
		in.Frequency = calc.Weekly
	case "fortnightly":
		in.Frequency = calc.Fortnightly
	case "monthly":
		in.Frequency = calc.Monthly
	case "quarterly":
		in.Frequency = calc.Quarterly
	default:
		return in, "", fmt.Errorf("AU: unknown period %q", v.Period)
	}
	for _, p := range parts[1:] {
		p = strings.TrimSpace(p)
		if !yearMarker.MatchString(p) {
			return in, "", fmt.Errorf("AU: unknown period marker %q (want an income year like 2026-27)", p)
		}
		in.TaxYear = p
	}

	code := strings.ToLower(strings.TrimSpace(v.Code))
	figure := "payg.schedule1"
	if m := fromDate.FindStringSubmatch(code); m != nil {
		d, err := time.Parse(time.DateOnly, m[1])
		if err != nil {
			return in, "", fmt.Errorf("AU: bad date in %q", v.Code)
		}
		in.PaymentDate = d
		code = strings.TrimSpace(strings.TrimSuffix(code, m[0]))
	}
	switch code {
	case "scale1", "scale2", "scale3", "scale4-resident", "scale4-foreign", "scale5", "scale6", "whm":
		in.AU.Scale = calc.AUScale(code)
	case "stsl-component-tft-or-foreign", "stsl-component-tft":
		in.AU.Scale, in.AU.STSL, figure = calc.AUScale2, true, "stsl"
	case "stsl-component-no-tft", "stsl-component-notft":
		in.AU.Scale, in.AU.STSL, figure = calc.AUScale1, true, "stsl"
	default:
		return in, "", fmt.Errorf("AU: unknown row kind %q", v.Code)
	}
	in.Earnings = []calc.Earning{{Kind: calc.Ordinary, Amount: v.Gross}}
	return in, figure, nil
}
