package pay

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// auLSLState is one state's or territory's rule for long service leave
// paid on termination before the leave category's contingent period
// (docs/reference/au-lsl-on-termination.md, which gives the sources).
type auLSLState struct {
	law string
	// from: service (years) from which some terminations pay pro rata.
	from int64
	// anyAt: service from which every termination pays (0: none does:
	// the Act keeps its exceptions whatever the service).
	anyAt int64
	// pays: the termination reasons that pay from `from` without more
	// facts.
	pays []string
	// cases: what the Act pays between from and anyAt, for the warning of
	// a reason that does not say whether it qualifies.
	cases string
}

var (
	auLSLEmployerOrNecessity = []string{"Redundancy", "IllHealth", "Deceased"}
	auLSLAnyButMisconduct    = []string{"Redundancy", "IllHealth", "Deceased", "VoluntaryCessation", "ContractCessation"}
)

// auLSLStates by residential state.
var auLSLStates = map[string]auLSLState{
	"NSW": {law: "NSW Long Service Leave Act 1955 s 4(2)(a)(iii)", from: 5, anyAt: 10, pays: auLSLEmployerOrNecessity,
		cases: "from 5 to 10 years it pays a termination by the employer other than for serious and wilful misconduct and a resignation on account of illness, incapacity or domestic or other pressing necessity"},
	"ACT": {law: "ACT Long Service Leave Act 1976", from: 5, anyAt: 7, pays: auLSLEmployerOrNecessity,
		cases: "from 5 to 7 years it pays a termination by the employer other than for serious misconduct and leaving for illness, incapacity, domestic or other pressing necessity or at retirement age"},
	"VIC": {law: "Vic Long Service Leave Act 2018 s 9", from: 7, anyAt: 7,
		cases: "from 7 years it pays every termination"},
	"QLD": {law: "Qld Industrial Relations Act 2016 s 95", from: 7, anyAt: 10, pays: auLSLEmployerOrNecessity,
		cases: "from 7 to 10 years it pays a dismissal only for a reason other than the employee's conduct, capacity or performance (or an unfair dismissal) and a resignation only because of illness, incapacity or domestic or other pressing necessity"},
	"SA": {law: "SA Long Service Leave Act 1987 s 5", from: 7, pays: auLSLAnyButMisconduct,
		cases: "from 7 years it pays every termination except a dismissal for serious and wilful misconduct and an unlawful termination by the worker"},
	"WA": {law: "WA Long Service Leave Act 1958 s 8(3)", from: 7, pays: auLSLAnyButMisconduct,
		cases: "from 7 years it pays every termination except a dismissal for serious misconduct"},
	"TAS": {law: "Tas Long Service Leave Act 1976 s 8(3)", from: 7, anyAt: 10, pays: auLSLEmployerOrNecessity,
		cases: "from 7 to 10 years it pays a termination by the employer other than for serious and wilful misconduct and leaving for illness, incapacity, domestic or other pressing necessity or at retirement age"},
	"NT": {law: "NT Long Service Leave Act 1981", from: 7, anyAt: 10, pays: auLSLEmployerOrNecessity,
		cases: "from 7 to 10 years it pays a termination by the employer other than for serious misconduct and leaving for illness, incapacity or domestic or other pressing necessity, not a resignation without cause"},
}

// AULSLOnTermination is the state act's answer for long service leave on
// a termination for reason after years of service, short of the leave
// category's contingent period: due (pay the balance pro rata), or not
// due, with doubt saying why it may be due when the reason cannot tell
// (a dismissal that may or may not be for serious misconduct, a
// resignation that may or may not be for illness or pressing necessity, a
// transfer whose service may continue with the new employer). law names
// the Act. A state with no rule (or none given) is neither.
func AULSLOnTermination(state, reason string, years payroll.Rate) (due bool, doubt, law string) {
	s, ok := auLSLStates[strings.ToUpper(strings.TrimSpace(state))]
	if !ok || years.Less(payroll.RateFromInt(s.from)) {
		return false, "", ""
	}
	is := func(r string) bool { return strings.EqualFold(r, reason) }
	if is("Transfer") {
		return false, "a transfer may carry the service over to the new employer, when nothing is due on termination; " + s.law + " " + s.cases, s.law
	}
	if (s.anyAt > 0 && !years.Less(payroll.RateFromInt(s.anyAt))) || slices.ContainsFunc(s.pays, is) {
		return true, "", s.law
	}
	return false, s.law + " " + s.cases + "; the termination reason " + reason + " does not say which", s.law
}

// auLSLProRata says whether the long service leave balance of category
// lc is payable on a termination for reason after years of service, short
// of the category's contingent period, under the state act's pro rata
// rule (AULSLOnTermination), and the Act that pays it. The state is the
// employee's residential state; an employee whose reason and service
// would be paid in some state but who has no state is refused (409), as
// the amount turns on it.
func (w *Writer) auLSLProRata(ctx context.Context, region string, e *EmployeeRow, lc *categories.LeaveCategory, reason string, years payroll.Rate) (bool, string, error) {
	if region != calc.AU || lc.LeaveCategoryType != "LongServiceLeave" {
		return false, "", nil
	}
	emp, err := w.q.GetEmployee(ctx, store.GetEmployeeParams{ID: e.ID, BusinessID: w.bizID})
	if err != nil {
		return false, "", err
	}
	state := strings.ToUpper(strings.TrimSpace(emp.ResidentialState))
	if state == "" {
		for _, st := range slices.Sorted(maps.Keys(auLSLStates)) {
			if due, _, law := AULSLOnTermination(st, reason, years); due {
				return false, "", payroll.Conflict("employee %d has no residential state: after %s years of service a %s termination pays %s pro rata in %s (%s) but not in every state, so their final pay needs the state",
					e.ID, years.RoundHalfUp(2).String(), reason, lc.Name, st, law)
			}
		}
		return false, "", nil
	}
	due, _, law := AULSLOnTermination(state, reason, years)
	return due, law, nil
}

// AULSLTerminationWarnings are the pay run warnings of an AU employee
// whose employment ends in run: each long service leave balance not paid
// because the termination reason cannot say whether the state act pays it
// (AULSLOnTermination), with the hours left unpaid. lcs are the business's
// leave categories; accrued are the leave accrued lines of a draft run
// (not yet in the ledger; nil once the run is finalised).
func AULSLTerminationWarnings(ctx context.Context, q *store.Queries, lcs []categories.LeaveCategory, bizID int64, run store.PayRun, employeeID int64,
	start, end time.Time, state string, accrued []store.PayRunLine) ([]string, error) {
	if payroll.DateOnly(end).Before(payroll.DateOnly(run.PeriodStarting)) || payroll.DateOnly(end).After(payroll.DateOnly(run.PeriodEnding)) {
		return nil, nil
	}
	var lsl []categories.LeaveCategory
	for _, lc := range lcs {
		if lc.LeaveCategoryType == "LongServiceLeave" && !lc.ExcludeFromTerminationPayout && !lc.IsBalanceUntracked && lc.ContingentPeriod != nil && lc.ContingentPeriod.IsPos() {
			lsl = append(lsl, lc)
		}
	}
	if len(lsl) == 0 || start.IsZero() {
		return nil, nil
	}
	reason, err := q.GetEmployeeTerminationReason(ctx, store.GetEmployeeTerminationReasonParams{BusinessID: bizID, ID: employeeID})
	if err != nil {
		return nil, err
	}
	years := serviceYears(start, end)
	// The Act's answer turns on the state, the reason and the service
	// only: the balances are read only when it is in doubt.
	due, doubt, _ := AULSLOnTermination(state, reason, years)
	if due || doubt == "" {
		return nil, nil
	}
	rows, err := q.LeaveBalancesAsAt(ctx, store.LeaveBalancesAsAtParams{BusinessID: bizID, EmployeeID: employeeID, EntryDate: run.PeriodEnding})
	if err != nil {
		return nil, err
	}
	bal := map[int64]int64{}
	for _, r := range rows {
		bal[r.LeaveCategoryID] += r.HoursE6
	}
	for _, l := range accrued {
		if u, err := payroll.ParseRate(l.Units); err == nil && l.Kind == KindLeaveAccrued {
			bal[l.CategoryID] += hoursE6(u)
		}
	}
	var out []string
	for _, lc := range lsl {
		if !years.Less(*lc.ContingentPeriod) || bal[lc.ID] <= 0 {
			continue
		}
		out = append(out, fmt.Sprintf("%s of %s hours was not paid on termination after %s years of service in %s: %s. Pay it by an earnings line if the termination qualifies",
			lc.Name, hoursOfE6(bal[lc.ID]).String(), years.RoundHalfUp(2).String(), strings.ToUpper(strings.TrimSpace(state)), doubt))
	}
	return out, nil
}
