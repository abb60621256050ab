package output

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/bankfile"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/nz"
	"github.com/payrolld/payrolld/internal/nz/paydayfiling"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/version"
)

// PaydayFiling is the Employment Information (EI) file of a finalised NZ
// run (IR payday filing, internal/nz/paydayfiling): the employer from the
// business's employing entity with an IRD number (its contact name, phone
// and email are the payroll contact), one line per employee of the run.
// PAYE includes the ACC earner's levy, as IR's PAYE does (IR340).
// What the file needs and the records lack is a 409 naming it.
func (o *Outputs) PaydayFiling(ctx context.Context, biz business.Business, id int64) (_ bankfile.File, err error) {
	defer payroll.Wrap(&err, "pay run %d employment information", id)
	if biz.Region != "NZ" {
		return bankfile.File{}, payroll.NotFound("payday filing (NZ businesses)")
	}
	q := o.DB.Queries()
	run, err := o.Load(ctx, q, biz, id)
	if err != nil {
		return bankfile.File{}, err
	}
	if run.Status != payrun.StatusFinalised {
		return bankfile.File{}, payroll.Conflict("pay run %d is not finalised: its employment information is filed once it is", id)
	}
	cycle, ok := paydayfiling.PayCycles[run.Frequency]
	if !ok {
		cycle = "AH" // ad hoc or irregular
	}
	ents, err := o.Entities.List(ctx, biz, 0)
	if err != nil {
		return bankfile.File{}, err
	}
	h := paydayfiling.Header{Paydate: run.DatePaid, Package: "payrolld_" + version.String()}
	for _, e := range ents {
		if strings.TrimSpace(e.IrdNumber) == "" {
			continue
		}
		if h.EmployerIRD != "" && h.EmployerIRD != e.IrdNumber {
			return bankfile.File{}, payroll.Conflict("the business's employing entities have different IRD numbers (%s, %s): an EI is one employer's, and this service writes one per business", h.EmployerIRD, e.IrdNumber)
		}
		h.EmployerIRD, h.ContactName, h.ContactPhone, h.ContactEmail = e.IrdNumber, e.ContactName, e.ContactPhoneNumber, e.ContactEmailAddress
	}
	if h.EmployerIRD == "" {
		return bankfile.File{}, payroll.Conflict("no employing entity of the business has an irdNumber: the EI is filed under the employer's IRD number")
	}
	ps, err := Payees(ctx, o.Service, q, biz, run, 0)
	if err != nil {
		return bankfile.File{}, err
	}
	notACC, candidates, err := o.notACCLiable(ctx, biz, run.ID)
	if err != nil {
		return bankfile.File{}, err
	}
	lines := make([]paydayfiling.Line, 0, len(ps))
	for _, p := range ps {
		r, e := p.Row, p.Emp
		l := paydayfiling.Line{EmployeeIRD: e.TaxCodeDeclarationIrdNumber, Name: strings.TrimSpace(e.FirstName + " " + e.Surname),
			TaxCode: e.TaxCodeDeclarationTaxCode, PeriodStart: run.PeriodStarting, PeriodEnd: run.PeriodEnding, PayCycle: cycle,
			HoursE2: r.TotalHoursE4 / 100, Gross: r.Taxable, PAYE: r.Tax + r.AccLevy, StudentLoan: r.StudentLoan,
			KiwiSaver: r.KiwisaverEmployee, KiwiSaverEmployer: r.KiwisaverEmployer - r.Esct, ESCT: r.Esct, NotACCLiable: notACC[r.EmployeeID]}
		if candidates[r.EmployeeID] {
			if l.LumpSum, err = o.lumpSumAtLowestRate(ctx, biz, run.ID, r.EmployeeID); err != nil {
				return bankfile.File{}, err
			}
		}
		if e.ID == 0 {
			l.Name = r.EmployeeName
		}
		if in(e.StartDate.Time, run.PeriodStarting, run.PeriodEnding) {
			l.Started = e.StartDate.Time
		}
		if r.TerminationDate.Valid && in(r.TerminationDate.Time, run.PeriodStarting, run.PeriodEnding) {
			l.Finished = r.TerminationDate.Time
		} else if in(e.EndDate.Time, run.PeriodStarting, run.PeriodEnding) {
			l.Finished = e.EndDate.Time
		}
		lines = append(lines, l)
	}
	data, err := paydayfiling.EI(h, lines)
	if err != nil {
		return bankfile.File{}, payroll.Conflict("the employment information of pay run %d cannot be written: %v", id, err)
	}
	return bankfile.File{Name: fmt.Sprintf("payrun-%d-EI-%s.csv", run.ID, run.DatePaid.Format("20060102")), ContentType: "text/csv", Data: data}, nil
}

// notACCLiable is each employee's taxable redundancy in run runID (earnings
// of a category of kind ETP): earnings not liable for the ACC earners'
// levy (IRD, "Taxing employee redundancy"; the EI's DEI field 13,
// docs/reference/nz-payday-filing.md), as the levy was worked out
// (internal/calc/nz). extra are the employees with a line that may be an
// extra pay (a category of an extra-pay kind, or a line the run made with
// a subtype, such as holiday pay on termination).
func (o *Outputs) notACCLiable(ctx context.Context, biz business.Business, runID int64) (notACC map[int64]int64, extra map[int64]bool, _ error) {
	cats, err := o.LoadCategories(ctx, biz)
	if err != nil {
		return nil, nil, err
	}
	ls, err := o.DB.Queries().ListPayRunLines(ctx, runID)
	if err != nil {
		return nil, nil, err
	}
	notACC, extra = map[int64]int64{}, map[int64]bool{}
	for _, l := range ls {
		if l.Kind != pay.KindEarnings || l.TaxExempt {
			continue
		}
		k := cats.ByKind[pay.KindEarnings][l.CategoryID].Kind
		if k == calc.ETP {
			notACC[l.EmployeeID] += l.Amount
		}
		switch k {
		case calc.Bonus, calc.Lumpsum, calc.BackPay, calc.UnusedLeave, calc.ETP:
			extra[l.EmployeeID] = true
		}
		if l.Subtype != "" {
			extra[l.EmployeeID] = true
		}
	}
	return notACC, extra, nil
}

// lumpSumAtLowestRate is the DEI's lump sum indicator (field 14) of an
// employee of the run: 1 when the run's extra pay was taxed at the lowest
// rate, 10.5% (IR, Payroll Calculations & Business Rules Specification
// 2025 V1.3 §5.11 step 3.9, §5.12 step 3.11 for secondary codes: at 10.5%
// the lump sum indicator is 1), as the
// calculation records the rate in the PAYE figure (calc/nz
// TermExtraPayRate).
func (o *Outputs) lumpSumAtLowestRate(ctx context.Context, biz business.Business, runID, employeeID int64) (bool, error) {
	x, err := o.Explain(ctx, biz, runID, employeeID)
	if err != nil {
		return false, err
	}
	for _, f := range x.Figures {
		if f.Code != nz.CodePAYE {
			continue
		}
		for _, t := range f.Terms {
			if t.Name == nz.TermExtraPayRate && t.Value.Equal(lowestExtraPayRate) {
				return true, nil
			}
		}
	}
	return false, nil
}

var lowestExtraPayRate = payroll.MustMoney("0.105")

// in says whether t (a date) falls in the period [from, to].
func in(t, from, to time.Time) bool {
	return !t.IsZero() && !t.Before(from) && !t.After(to)
}
