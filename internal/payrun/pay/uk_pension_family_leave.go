package pay

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
	"github.com/payrolld/payrolld/internal/uk/statutoryleave"
)

// UK pension contributions during paid family leave (Social Security Act
// 1989 Sch 5 paras 5, 5A, 5B; docs/reference/uk-pension-statutory-pay.md).
// A member on paid maternity leave (and paid adoption, paternity or shared
// parental leave) is treated by the scheme as if she were working
// normally and receiving the remuneration she would be likely to be paid
// for doing so: the employer's contributions are kept up on that normal
// pay, while her own contributions are due only on the pay actually paid
// to her (her salary for days worked and the statutory pay). Under a
// salary sacrifice the contributions given up are the employer's, so
// they too are kept up on the normal pay for the days of leave, though
// no pay is given up for them (the statutory pay cannot be: SSCBA 1992 s
// 164(6)).

// familyLeaveKinds are the statutory payments of paid family leave.
var familyLeaveKinds = map[statutoryleave.Kind]bool{statutoryleave.SMP: true, statutoryleave.SAP: true, statutoryleave.SPP: true, statutoryleave.ShPP: true}

// ukFamilyLeaveNormal is employee e's normal standard pay for the working
// days of run's period on paid family leave (their standard earnings
// line(s) × those days ÷ the line's working days), when they are a
// pension member; zero otherwise (no membership, no such leave, or no
// standard earnings: an employee paid by timesheet has no normal pay
// the run knows).
func (w *Writer) ukFamilyLeaveNormal(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, cats *Categories, pen *pensionmember.Member) (payroll.Money, error) {
	if region != calc.UK || pen == nil || w.s.StatutoryLeave == nil {
		return payroll.Money{}, nil
	}
	if err := w.loadStatutory(ctx, region, run); err != nil {
		return payroll.Money{}, err
	}
	var family []statutoryleave.Absence
	for _, a := range w.statutory.absences[e.ID] {
		if familyLeaveKinds[a.Kind] {
			family = append(family, a)
		}
	}
	if len(family) == 0 {
		return payroll.Money{}, nil
	}
	onLeave := func(d time.Time) bool {
		for _, a := range family {
			if !d.Before(a.From) && !d.After(a.To) {
				return true
			}
		}
		return false
	}
	in, err := w.inputsFor(ctx, region, run, e.ID)
	if err != nil {
		return payroll.Money{}, err
	}
	wd := w.statutory.workDaysOf(e.ID)
	normal := payroll.Money{}
	for _, sl := range in.standardLines(e, run, cats.primary(e.PrimaryPayCategoryID.Int64)) {
		var working, absent int64
		for d := sl.from; !d.After(sl.to); d = d.AddDate(0, 0, 1) {
			if !wd[d.Weekday()] {
				continue
			}
			working++
			if onLeave(d) {
				absent++
			}
		}
		if working > 0 && absent > 0 {
			normal = normal.Add(sl.fullAmount.MulInt(absent).DivInt(working))
		}
	}
	return normal.Cents(), nil
}

// ukFamilyLeaveEmployer raises the employer's contribution g.er (and its
// figure in res) to the contributions on the member's normal pay: the
// pensionable pay actually paid other than statutory pay and occupational
// absence top-ups, plus normal,
// the normal pay of the days on paid family leave; under a salary
// sacrifice with the employee rate's contribution on it beyond the pay
// actually given up (sacrifice). Never lowered.
func ukFamilyLeaveEmployer(in *calc.Input, pen *pensionmember.Member, normal payroll.Money, sacrifice int64, g *ukPensionFigures, res *calc.Result) error {
	cp := *in
	uk := *in.UK
	p := *in.UK.Pension
	p.EmployeeRate = payroll.Percent(pen.EmployeeRate)
	uk.Pension, cp.UK = &p, &uk
	// The pay for the days of leave (the statutory pay and an occupational
	// scheme's top-up of it) gives way to the normal pay of those days.
	cp.Earnings = contractualPensionable(in.Earnings)
	for i := range cp.Earnings {
		if x := &cp.Earnings[i]; x.Kind == calc.Leave && strings.HasPrefix(x.Category, "Occupational ") {
			x.NotPensionable = true
		}
	}
	cp.Earnings = append(cp.Earnings, calc.Earning{Category: "Normal pay during paid family leave", Kind: calc.Ordinary,
		Amount: normal, NotTaxable: true})
	rn, err := engine.Calculate(&cp)
	if err != nil {
		return err
	}
	er := amount(&rn, "pension.employer")
	var kept int64
	if pen.Arrangement == pensionmember.SalarySacrifice {
		if ee, ok := rn.Get("pension.employee"); ok {
			kept = max(term(ee, "employee contribution (gross)")-sacrifice, 0)
		}
	}
	if er+kept <= g.er {
		return nil
	}
	g.er = er + kept
	erFig, _ := rn.Get("pension.employer")
	for i := range res.Figures {
		f := &res.Figures[i]
		if f.Code != "pension.employer" {
			continue
		}
		f.Amount = money(g.er)
		terms := []calc.Term{{Name: "normal pay of the days on paid family leave (Social Security Act 1989 Sch 5 para 5)", Value: normal}}
		terms = append(terms, calc.Term{Name: "pension base on normal pay", Value: money(term(erFig, "pension base"))},
			calc.Term{Name: "employer contribution on normal pay", Value: money(er)})
		if kept > 0 {
			terms = append(terms, calc.Term{Name: "sacrificed contribution kept up on normal pay", Value: money(kept)})
		}
		f.Terms = append(f.Terms[:len(f.Terms):len(f.Terms)], terms...)
	}
	return nil
}
