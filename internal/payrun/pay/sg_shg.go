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
// month of run: each fund's amount for the total wages of the run (the
// earnings lines of sets), for the residencies the fund covers. A fund
// whose table is not loaded is refused (409), nothing stored.
func shgLines(region string, run *store.PayRun, e *EmployeeRow, sets ...[]line) ([]line, error) {
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
			if set[i].Kind == KindEarnings {
				wages = wages.Add(money(set[i].Amount))
			}
		}
	}
	var out []line
	for _, f := range funds {
		if !sgcalc.SHGEligible(f, residency, explicit) {
			continue
		}
		amt, rule, err := sgcalc.SHGContribution(f, wages, run.DatePaid)
		if err != nil {
			return nil, payroll.Conflict("employee %d: %v; nothing was stored", e.ID, err)
		}
		if !amt.IsPos() {
			continue
		}
		var l line
		l.Kind, l.CategoryName, l.Subtype = KindDeduction, sgcalc.FundNames[f], SubtypeSelfHelpGroup+f
		l.amount, l.Amount = amt, amt.MinorUnits()
		l.Notes = "Self-help group fund on total wages " + wages.String() + " (" + rule.Code + "): " + rule.Source
		out = append(out, l)
	}
	return out, nil
}
