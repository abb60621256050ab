package employee

import (
	"strings"
	"time"

	nzcalc "github.com/payrolld/payrolld/internal/calc/nz"
	"github.com/payrolld/payrolld/internal/payroll"
)

var hundredPercent = payroll.RateFromInt(100)

// checkKiwiSaver checks the KiwiSaver contribution rates (percentages on
// the wire, 3.5 = 3.5%) against the tax year in force on day on
// (payroll-rules-2026-27.md §3.3): the employee's rate is one of the
// year's choices or IRD's temporary reduced rate; the employer's is at
// least the compulsory minimum, or the reduced rate when the employee is
// on it. 0 (or null) leaves the year's default to the pay run.
func checkKiwiSaver(v *payroll.Validation, m *Members, on time.Time) {
	ks := nzcalc.KiwiSaverRatesOn(on)
	percent := func(r payroll.Rate) string { return r.Mul(hundredPercent).String() }
	var ee payroll.Rate
	if p := m.KiwiSaverEmployeeContribution; p != nil && !p.IsZero() {
		ee = payroll.Percent(*p)
		if !ks.IsAllowed(ee) && (ks.Reduced.IsZero() || ee.Cmp(ks.Reduced) != 0) {
			choices := make([]string, len(ks.Allowed))
			for i, a := range ks.Allowed {
				choices[i] = percent(a)
			}
			msg := "kiwiSaver_EmployeeContribution must be one of " + strings.Join(choices, ", ") + " (percent, tax year " + ks.Year + ")"
			if !ks.Reduced.IsZero() {
				msg += ", or " + percent(ks.Reduced) + " under an IRD temporary rate reduction"
			}
			v.Add("kiwiSaver_EmployeeContribution", "%s", msg)
		}
	}
	if p := m.KiwiSaverEmployerContribution; p != nil && !p.IsZero() {
		er := payroll.Percent(*p)
		min := ks.EmployerMin
		if !ks.Reduced.IsZero() && !ee.IsZero() && ee.Cmp(ks.Reduced) == 0 && !ks.IsAllowed(ee) {
			min = ks.Reduced // may match the employee's reduced rate
		}
		switch {
		case p.Cmp(hundredPercent) > 0:
			v.Add("kiwiSaver_EmployerContribution", "kiwiSaver_EmployerContribution must be a percentage of at most 100")
		case er.Less(min):
			v.Add("kiwiSaver_EmployerContribution", "kiwiSaver_EmployerContribution must be at least %s (percent, tax year %s)", percent(min), ks.Year)
		}
	}
}
