package pay

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
	"github.com/payrolld/payrolld/internal/uk/statutoryleave"
)

// UK workplace pension contributions of a pay run (internal/uk/
// pensionmember keeps the memberships). The calc engine (calc/uk
// pension.go) computes the contributions on qualifying earnings (the band
// between the lower and upper limits of the pay frequency, payroll-rules.md
// §2.6, frozen for 2026-27) or on all pensionable pay, each rounded to the
// penny half up (the rules files give no rounding). The employee's
// contribution:
//   - net pay arrangement: deducted before tax (taxable earnings are
//     reduced by it), not before NI;
//   - relief at source: 80% of the gross contribution deducted after tax;
//   - salary sacrifice: the employee rate × base is given up before tax
//     and NI (a pre-tax deduction reducing NI-able pay too); the employer
//     pays it into the scheme with its own contribution.
// The figures are stored per pay run employee in uk_pay_run_pensions.

// ukPensionFigures are an employee's pension figures of a run (minor units).
type ukPensionFigures struct {
	member      *pensionmember.Member
	pensionable int64 // pensionable pay of the period
	base        int64 // the contribution base: qualifying earnings or pensionable pay
	ee          int64 // the employee's contribution: deducted from pay, or sacrificed
	eeGross     int64 // its gross (relief at source: before the scheme's 20% claim)
	deducted    int64 // the part taken from net pay with the statutory amounts (not salary sacrifice: that is a pre-tax deduction)
	er          int64 // the employer's contribution
}

// ukPensionOf is the membership in force for employee id in the run the
// writer calculates (nil: none, or not UK).
func (w *Writer) ukPensionOf(id int64) *pensionmember.Member {
	if w.uk == nil {
		return nil
	}
	if m, ok := w.uk.pensions[id]; ok {
		return &m
	}
	return nil
}

// ukPensionFor is ukPensionOf outside the writer (explain, net to gross).
func ukPensionFor(ctx context.Context, q *store.Queries, region string, bizID int64, run *store.PayRun, id int64) (*pensionmember.Member, error) {
	if region != calc.UK {
		return nil, nil
	}
	all, err := pensionmember.ForPeriod(ctx, q, bizID, run.PeriodStarting, run.PeriodEnding)
	if err != nil {
		return nil, err
	}
	if m, ok := all[id]; ok {
		return &m, nil
	}
	return nil, nil
}

// ukPostponed is the membership the run calculates contributions on: none
// while a joiner's auto-enrolment is postponed. A plan's postponement rule
// for joiners (postponementRuleType JoinsACompany, PostponeMonths or
// PostponeWeeks) puts the deferral date that long after the employee's
// start date (Pensions Act 2008 s 4: up to three months from the starting
// date; TPR detailed guidance no. 3). Pay reference periods ending before
// the deferral date carry no contributions, even for an eligible
// jobholder; from a period starting on it, the plan's contributions on
// qualifying earnings apply. A deferral date inside a period is refused:
// whether that period's contributions are due in full or in part is not
// settled by a source here (docs/reference/uk-auto-enrolment.md).
func ukPostponed(e *EmployeeRow, run *store.PayRun, pen *pensionmember.Member) (*pensionmember.Member, error) {
	if pen == nil || !e.StartDate.Valid {
		return pen, nil
	}
	start := payroll.DateOnly(e.StartDate.Time)
	for _, r := range pen.Postponement {
		if r.PostponementRuleType != "JoinsACompany" || r.PostponementPeriod < 1 {
			continue
		}
		var deferral time.Time
		switch r.PostponementRuleOptionType {
		case "PostponeMonths":
			deferral = start.AddDate(0, r.PostponementPeriod, 0)
		case "PostponeWeeks":
			deferral = start.AddDate(0, 0, 7*r.PostponementPeriod)
		default:
			return nil, payroll.Invalid("pensionSchemeContributionPlanPostponementRules", "the pension plan %q postpones joiners by %d %s: only PostponeMonths and PostponeWeeks are worked out, so the deferral date is not known",
				pen.PlanName, r.PostponementPeriod, r.PostponementRuleOptionType)
		}
		from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
		switch {
		case to.Before(deferral):
			return nil, nil // postponed: no contributions
		case from.Before(deferral):
			return nil, payroll.Invalid("pensionSchemeContributionPlanPostponementRules", "the auto-enrolment deferral date %s (start date + %d %s, plan %q) falls inside the pay period %s to %s: choose a postponement that ends on the first day of a pay period",
				deferral.Format("2006-01-02"), r.PostponementPeriod, strings.TrimPrefix(r.PostponementRuleOptionType, "Postpone"), pen.PlanName, from.Format("2006-01-02"), to.Format("2006-01-02"))
		}
	}
	return pen, nil
}

// ukCalculate runs the UK engine on in with the employee's pension (nil =
// none) and fills f's pension figures and the taxable and pre-tax
// amounts they change.
func ukCalculate(in *calc.Input, pen *pensionmember.Member, f *figures, familyNormal payroll.Money) (calc.Result, error) {
	if pen == nil {
		return engine.Calculate(in)
	}
	p := &calc.UKPension{Basis: calc.PensionPensionablePay, Method: calc.PensionNetPay,
		EmployeeRate: payroll.Percent(pen.EmployeeRate), EmployerRate: payroll.Percent(pen.EmployerRate)}
	if pen.Basis == pensionmember.QualifyingEarnings {
		p.Basis = calc.PensionQualifyingEarnings
	}
	if pen.Arrangement == pensionmember.ReliefAtSource {
		p.Method = calc.PensionReliefAtSource
	}
	in.UK.Pension = p
	var pensionable int64
	for _, e := range in.Earnings {
		if !e.NotPensionable {
			pensionable += e.Amount.MinorUnits()
		}
	}
	var sacrifice int64
	if pen.Arrangement == pensionmember.SalarySacrifice {
		// The pay given up is the employee rate × the base of the pay
		// before the sacrifice: sized by a first calculation as a net pay
		// contribution, then taken off the earnings (not off pensionable
		// pay) with the employee rate 0. Statutory payments (SSP, SMP, SAP,
		// SPP, ShPP, SPBP, SNCP) are left out of that base: they cannot be
		// given up (SSCBA 1992 s 151(2) for SSP and s 164(6) for SMP, and
		// their siblings: an agreement that limits or modifies them, or
		// makes the employee contribute to their cost, is void), so the
		// sacrifice is of the contractual pay only and the statutory pay
		// is paid whole (docs/reference/uk-pension-statutory-pay.md).
		earnings := in.Earnings
		in.Earnings = contractualPensionable(earnings)
		res, err := engine.Calculate(in)
		in.Earnings = earnings
		if err != nil {
			return res, err
		}
		sacrifice = amount(&res, "pension.employee")
		p.EmployeeRate = payroll.Rate{}
		if sacrifice != 0 {
			in.Earnings = append(in.Earnings, calc.Earning{Category: "Pension salary sacrifice", Kind: calc.Ordinary, Amount: money(-sacrifice), NotPensionable: true})
		}
	}
	res, err := engine.Calculate(in)
	if err != nil {
		return res, err
	}
	ee, _ := res.Get("pension.employee")
	for _, fig := range res.Figures {
		if isStatutoryPay(fig.Code) {
			pensionable += fig.Amount.MinorUnits()
		}
	}
	g := ukPensionFigures{member: pen, pensionable: pensionable, base: term(ee, "pension base"), ee: ee.Amount.MinorUnits(),
		eeGross: term(ee, "employee contribution (gross)"), er: amount(&res, "pension.employer")}
	if familyNormal.IsPos() {
		if err := ukFamilyLeaveEmployer(in, pen, familyNormal, sacrifice, &g, &res); err != nil { // uk_pension_family_leave.go
			return res, err
		}
	}
	switch pen.Arrangement {
	case pensionmember.SalarySacrifice:
		g.ee, g.eeGross = sacrifice, sacrifice
		f.preTax += sacrifice
		f.taxable -= sacrifice
	case pensionmember.NetPay:
		g.deducted = g.ee
		f.taxable -= g.eeGross
	default:
		g.deducted = g.ee
	}
	f.pension = g
	return res, nil
}

// statutoryLineNames are the names of the UK statutory pay lines
// (statutoryLines: each is named after its payment).
var statutoryLineNames = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range []statutoryleave.Kind{statutoryleave.SSP, statutoryleave.SMP, statutoryleave.SPP, statutoryleave.SAP,
		statutoryleave.ShPP, statutoryleave.SPBP, statutoryleave.SNCP} {
		m[k.Name()] = true
	}
	return m
}()

// contractualPensionable is earnings with the statutory pay lines marked
// not pensionable (a copy): the base a salary sacrifice is sized on.
func contractualPensionable(earnings []calc.Earning) []calc.Earning {
	out := make([]calc.Earning, len(earnings))
	copy(out, earnings)
	for i := range out {
		if out[i].Kind == calc.Leave && statutoryLineNames[out[i].Category] {
			out[i].NotPensionable = true
		}
	}
	return out
}

// isStatutoryPay: the UK engine's statutory payment figures (pensionable
// earnings).
func isStatutoryPay(code string) bool {
	switch calc.UKStatutoryKind(code) {
	case calc.SSP, calc.SMP, calc.SPP, calc.SAP, calc.ShPP, calc.SPBP, calc.SNCP:
		return true
	}
	return false
}

// storeUKPension replaces the employee's stored pension figures of the
// run: deleted when they had some, written when they are a member now.
func (w *Writer) storeUKPension(ctx context.Context, runID, employeeID int64, f *figures) error {
	if w.uk == nil {
		return nil
	}
	if w.uk.pensionRows[employeeID] {
		if err := w.q.Exec(ctx, `DELETE FROM uk_pay_run_pensions WHERE pay_run_id = $1 AND employee_id = $2`, runID, employeeID); err != nil {
			return err
		}
		delete(w.uk.pensionRows, employeeID)
	}
	g := f.pension
	if g.member == nil || f.calcError != "" {
		return nil
	}
	m := g.member
	err := w.q.Exec(ctx, `INSERT INTO uk_pay_run_pensions (business_id, pay_run_id, employee_id, scheme_id, scheme_name, plan_id, plan_name, arrangement, basis,
    pensionable_pay, contribution_base, employee_amount, employee_gross, employer_amount) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
		w.bizID, runID, employeeID, m.SchemeID, m.SchemeName, m.PlanID, m.PlanName, m.Arrangement, m.Basis, g.pensionable, g.base, g.ee, g.eeGross, g.er)
	if err == nil {
		w.uk.pensionRows[employeeID] = true
	}
	return err
}

// ukPensionRowsOfRun is the set of employees of the run with stored
// pension figures.
func ukPensionRowsOfRun(ctx context.Context, q *store.Queries, runID int64) (map[int64]bool, error) {
	rows, err := q.Query(ctx, `SELECT employee_id FROM uk_pay_run_pensions WHERE pay_run_id = $1`, runID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// UKPensionLine is a pay run employee's stored pension contributions.
type UKPensionLine struct {
	SchemeName, Arrangement            string
	Pensionable, Base, EE, EEGross, ER int64
}

type ukRunEmployee struct{ run, employee int64 }

// UKPensions are the stored UK pension figures of runs' employees.
type UKPensions map[ukRunEmployee]UKPensionLine

// UKPensionsOf reads the stored pension figures of a run (employeeID 0:
// all its employees) or, with runID 0, of an employee's runs; nil outside
// the UK.
func UKPensionsOf(ctx context.Context, q *store.Queries, region string, bizID, runID, employeeID int64) (UKPensions, error) {
	if region != calc.UK {
		return nil, nil
	}
	where, args := []string{"business_id = $1"}, []any{bizID}
	if runID != 0 {
		args = append(args, runID)
		where = append(where, "pay_run_id = $2")
	}
	if employeeID != 0 {
		args = append(args, employeeID)
		where = append(where, "employee_id = $"+strconv.Itoa(len(args)))
	}
	rows, err := q.Query(ctx, `SELECT pay_run_id, employee_id, scheme_name, arrangement, pensionable_pay, contribution_base, employee_amount, employee_gross, employer_amount
FROM uk_pay_run_pensions WHERE `+strings.Join(where, " AND "), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := UKPensions{}
	for rows.Next() {
		var k ukRunEmployee
		var l UKPensionLine
		if err := rows.Scan(&k.run, &k.employee, &l.SchemeName, &l.Arrangement, &l.Pensionable, &l.Base, &l.EE, &l.EEGross, &l.ER); err != nil {
			return nil, err
		}
		out[k] = l
	}
	return out, rows.Err()
}

// Of is the figures of an employee in a run.
func (p UKPensions) Of(runID, employeeID int64) (UKPensionLine, bool) {
	l, ok := p[ukRunEmployee{runID, employeeID}]
	return l, ok
}
