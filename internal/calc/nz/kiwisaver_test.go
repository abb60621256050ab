package nz

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// TestKiwiSaverRatesOn: the rates of the year in force (payroll-rules.md
// §3 for 2025-26, payroll-rules-2026-27.md §3.3 for 2026-27), the nearest
// known year outside them; a stored 3% is IRD's temporary reduction from
// 1 April 2026 (employer may match it), an ordinary choice before.
func TestKiwiSaverRatesOn(t *testing.T) {
	r := payroll.MustRate
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	for _, c := range []struct {
		day, year, def, reduced, min string
		allows3                      bool
	}{
		{"2025-06-01", "2025-26", "0.03", "0", "0.03", true},
		{"2026-03-31", "2025-26", "0.03", "0", "0.03", true},
		{"2026-04-01", "2026-27", "0.035", "0.03", "0.035", false},
		{"2026-11-02", "2026-27", "0.035", "0.03", "0.035", false},
		{"2030-01-01", "2026-27", "0.035", "0.03", "0.035", false},
		{"2020-01-01", "2025-26", "0.03", "0", "0.03", true},
	} {
		ks := KiwiSaverRatesOn(day(c.day))
		if ks.Year != c.year || ks.Default.Cmp(r(c.def)) != 0 || ks.Reduced.Cmp(r(c.reduced)) != 0 || ks.EmployerMin.Cmp(r(c.min)) != 0 ||
			ks.IsAllowed(r("0.03")) != c.allows3 || !ks.IsAllowed(r("0.04")) {
			t.Errorf("%s: %+v", c.day, ks)
		}
	}
	for _, c := range []struct {
		y          *year
		ee, er     string // the employee's settings
		wEE, wER   string
		wantsError bool
	}{
		{&y2026, "0.03", "", "0.03", "0.03", false},       // the reduction, employer matches
		{&y2026, "0.03", "0.035", "0.03", "0.035", false}, // the reduction, employer stays at 3.5%
		{&y2026, "0.035", "0.03", "", "", true},           // employer under the minimum
		{&y2026, "0.035", "", "0.035", "0.035", false},
		{&y2025, "0.03", "", "0.03", "0.03", false}, // 3% was a choice
	} {
		emp := &calc.NZEmployee{KiwiSaver: true, KiwiSaverRate: r(c.ee)}
		if c.er != "" {
			emp.EmployerKiwiSaverRate = r(c.er)
		}
		ee, er, err := kiwiSaverRates(c.y, emp)
		if (err != nil) != c.wantsError || (!c.wantsError && (ee.Cmp(r(c.wEE)) != 0 || er.Cmp(r(c.wER)) != 0)) {
			t.Errorf("%s %s/%s: %s %s %v", c.y.name, c.ee, c.er, ee, er, err)
		}
	}
}
