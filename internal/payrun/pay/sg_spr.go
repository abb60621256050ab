package pay

import (
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
)

// sgPRWithoutDateRefused says why an SG permanent resident's CPF cannot be
// worked out: the rates of a Singapore permanent resident depend on the
// year of PR status (CPF Board, "CPF contributions for Singapore
// Permanent Residents (SPRs)": graduated employer and employee rates (G/G)
// in the 1st and 2nd years, full rates from the 3rd; the year runs from
// the month the status was obtained, "How do I determine the year of my
// SPR status"; docs/reference/sg-sdl-and-spr-rates.md), which the record
// holds as obtainedResidencyDate. Without it the year is not known: a 1st-
// year SPR on $5,000 pays 450 (G/G) where the full rates give 1,850, so
// rather than take the 3rd year the employee is not calculated, with a
// message naming the field. An SPR with applyFullCpfRate (the joint
// application for full employer and employee rates, F/F) pays the full
// rates whatever the year and needs no date.
func sgPRWithoutDateRefused(e *EmployeeRow) error {
	if e.CpfExempt.Valid && e.CpfExempt.Bool {
		return nil
	}
	ls := strings.ToLower(e.LegalStatus)
	pr := strings.Contains(ls, "permanent") || ls == "pr" || strings.HasPrefix(ls, "spr")
	if !pr || e.ObtainedResidencyDate.Valid || (e.ApplyFullCpfRate.Valid && e.ApplyFullCpfRate.Bool) {
		return nil
	}
	return fmt.Errorf("sg: CPF of a Singapore permanent resident needs the date PR status was obtained (obtainedResidencyDate): "+
		"the 1st and 2nd years of PR status have graduated rates, full rates start in the 3rd (CPF Board, \"CPF contributions for SPRs\"; "+
		"docs/reference/sg-sdl-and-spr-rates.md); record it, or applyFullCpfRate for a joint application to contribute at full rates: %w", calc.ErrNoRules)
}
