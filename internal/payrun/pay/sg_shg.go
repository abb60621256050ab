package pay

import (
	"slices"
	"strings"

	"github.com/payrolld/payrolld/internal/calc"
	sgcalc "github.com/payrolld/payrolld/internal/calc/sg"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// SubtypeSelfHelpGroup begins the subtype of a calculated SG self-help
// group fund deduction line; the fund code follows ("SelfHelpGroup.CDAC").
// The line is an after-tax deduction the CPF Board collects with the CPF
// contributions: the journal posts it as the community fund liability and
// the CPF submission carries it under the fund's payment code.
const SubtypeSelfHelpGroup = "SelfHelpGroup."

// SHGFundOf is the fund of a self-help group line's subtype ("" if the
// line is not one).
func SHGFundOf(subtype string) string {
	f, ok := strings.CutPrefix(subtype, SubtypeSelfHelpGroup)
	if !ok {
		return ""
	}
	return f
}

// shgFunds are the funds e contributes to: the recorded selfHelpGroupFund
// (explicit; None = opted out of all), else by ethnicity (Chinese CDAC,
// Eurasian ECF, Indian SINDA) and religion (Muslim MBMF).
func shgFunds(e *EmployeeRow) (funds []string, explicit bool) {
	if v := strings.TrimSpace(e.SelfHelpGroupFund); v != "" {
		for _, f := range strings.Split(v, ",") {
			f = strings.ToUpper(strings.TrimSpace(f))
			if slices.Contains(sgcalc.Funds, f) && !slices.Contains(funds, f) {
				funds = append(funds, f)
			}
		}
		return funds, true
	}
	eth, rel := strings.ToLower(e.Ethnicity), strings.ToLower(e.Religion)
	switch {
	case strings.Contains(eth, "chinese"):
		funds = append(funds, sgcalc.FundCDAC)
	case strings.Contains(eth, "eurasian"):
		funds = append(funds, sgcalc.FundECF)
	case strings.Contains(eth, "indian"):
		funds = append(funds, sgcalc.FundSINDA)
	}
	if strings.Contains(rel, "muslim") || strings.Contains(rel, "islam") {
		funds = append(funds, sgcalc.FundMBMF)
	}
	return funds, false
}

// shgLines are an SG employee's self-help group fund deductions for the
// month of run. The funds are monthly contributions on the month's total
// wages (CPF Board; docs/reference/sg-self-help-group-funds.md): the band
// is found from the wages of this run (the earnings lines of sets) plus
// those of the employee's other finalised runs paid in the same calendar
// month, and the line is the band's amount less what those runs already
// deducted for the fund (a second run in the month tops up, or deducts
// nothing). A fund whose table is not loaded is refused (409), nothing
// stored.
func shgLines(region string, run *store.PayRun, e *EmployeeRow, y *YTD, sets ...[]line) ([]line, error) {
	if region != calc.SG {
		return nil, nil
	}
	funds, explicit := shgFunds(e)
	if len(funds) == 0 {
		return nil, nil
	}
	residency := sgEmployee(e, run.DatePaid).Residency
	var wages payroll.Money
	for _, set := range sets {
		for i := range set {
			if set[i].Kind == KindEarnings && !sgTerminationCompensation(&set[i]) {
				wages = wages.Add(money(set[i].Amount))
			}
		}
	}
	var before sgMonthPaid // the month's other runs, read with the year to date (sgMonthRuns)
	if y != nil {
		before = y.sgMonth
	}
	monthWages := wages.Add(money(before.all))
	var out []line
	for _, f := range funds {
		if !sgcalc.SHGEligible(f, residency, explicit) {
			continue
		}
		amt, rule, err := sgcalc.SHGContribution(f, monthWages, run.DatePaid)
		if err != nil {
			return nil, payroll.Conflict("employee %d: %v; nothing was stored", e.ID, err)
		}
		deducted := money(before.shg[SubtypeSelfHelpGroup+f])
		due := amt.Sub(deducted)
		if !due.IsPos() {
			continue
		}
		var l line
		l.Kind, l.CategoryName, l.Subtype = KindDeduction, sgcalc.FundNames[f], SubtypeSelfHelpGroup+f
		l.amount, l.Amount = due, due.MinorUnits()
		l.Notes = "Self-help group fund on total wages " + wages.String() + " (" + rule.Code + "): " + rule.Source
		if !deducted.IsZero() || before.all != 0 {
			l.Notes = "Self-help group fund on the month's total wages " + monthWages.String() + " (this run " + wages.String() +
				", other runs paid this month " + money(before.all).String() + "): " + amt.String() + " less " + deducted.String() +
				" already deducted this month (" + rule.Code + "): " + rule.Source
		}
		out = append(out, l)
	}
	return out, nil
}

// sgTerminationCompensation says whether l is compensation for the loss of
// employment (a pay category of type ETP: retrenchment benefit, payment in
// lieu of notice), which is not wages: no CPF (CPF Board), no SDL and no
// self-help group fund, whose tables are read on the month's total wages
// (docs/reference/sg-termination-sdl-public-holiday-off-day.md).
func sgTerminationCompensation(l *line) bool {
	return l.earningKind == calc.ETP || l.cat != nil && l.cat.Kind == calc.ETP
}
