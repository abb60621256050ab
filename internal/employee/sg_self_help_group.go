package employee

import (
	"slices"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// shgFunds are the SG self-help group funds an employee may record in
// selfHelpGroupFund (internal/calc/sg/shg.go), and None for one who opted
// out of every fund.
var shgFunds = []string{"CDAC", "ECF", "MBMF", "SINDA"}

// checkSelfHelpGroupFund canonicalises selfHelpGroupFund: empty (by
// ethnicity and religion), None, or one or two distinct fund codes joined
// by a comma (a Chinese or Indian Muslim may give to both funds).
func checkSelfHelpGroupFund(v *payroll.Validation, m *Members) {
	s := strings.TrimSpace(m.SelfHelpGroupFund)
	if s == "" {
		m.SelfHelpGroupFund = ""
		return
	}
	if strings.EqualFold(s, "None") {
		m.SelfHelpGroupFund = "None"
		return
	}
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToUpper(strings.TrimSpace(f))
		if !slices.Contains(shgFunds, f) || slices.Contains(out, f) {
			v.Add("selfHelpGroupFund", "selfHelpGroupFund must be None or one or two of %s joined by a comma (%q)", strings.Join(shgFunds, ", "), f)
			return
		}
		out = append(out, f)
	}
	if len(out) > 2 {
		v.Add("selfHelpGroupFund", "selfHelpGroupFund names %d funds: an employee gives to at most two (a fund of their race and MBMF)", len(out))
		return
	}
	m.SelfHelpGroupFund = strings.Join(out, ",")
}
