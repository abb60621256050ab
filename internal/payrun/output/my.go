package output

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/journal"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payslip"
	"github.com/payrolld/payrolld/internal/store"
)

// myStatutory are a Malaysian run's statutory journal amounts beside its
// PCB (the tax): what is withheld from pay (zakat, the employee's EPF,
// SOCSO, EIS and LINDUNG 24 Jam) and the employer's costs (EPF, SOCSO, EIS,
// the HRD levy), from the run's Malaysian figures. Nil elsewhere.
func myStatutory(ctx context.Context, q *store.Queries, biz business.Business, runID int64) ([]journal.Statutory, error) {
	if biz.Region != calc.MY {
		return nil, nil
	}
	t, err := q.MYRunTotals(ctx, store.MYRunTotalsParams{BusinessID: biz.ID, PayRunID: runID})
	if err != nil {
		return nil, err
	}
	return []journal.Statutory{{Kind: journal.Zakat, Amount: money(t.Zakat)},
		{Kind: journal.EpfEmployee, Amount: money(t.EpfEmployee)}, {Kind: journal.EpfEmployer, Amount: money(t.EpfEmployer)},
		{Kind: journal.SocsoEmployee, Amount: money(t.SocsoEmployee)}, {Kind: journal.SocsoEmployer, Amount: money(t.SocsoEmployer)},
		{Kind: journal.EisEmployee, Amount: money(t.EisEmployee)}, {Kind: journal.EisEmployer, Amount: money(t.EisEmployer)},
		{Kind: journal.Lindung24, Amount: money(t.Lindung24)}, {Kind: journal.HrdLevy, Amount: money(t.HrdLevy)}}, nil
}

// myPayslip adds a Malaysian payslip's statutory lines: every amount
// withheld from pay (so the document's net pay adds up) and the
// employer's contributions.
func myPayslip(doc *payslip.Payslip, s payrun.PaySlip, add func(*[]payslip.Line, string, payroll.Money)) {
	add(&doc.Tax, "PCB (monthly tax deduction)", s.PcbAmount)
	add(&doc.Tax, "Zakat", s.ZakatAmount)
	add(&doc.Tax, "EPF employee", s.EpfEmployeeAmount)
	add(&doc.Tax, "SOCSO employee", s.SocsoEmployeeAmount)
	add(&doc.Tax, "EIS employee", s.EisEmployeeAmount)
	add(&doc.Tax, "LINDUNG 24 Jam", s.Lindung24Amount)
	add(&doc.Employer, "EPF employer", s.EpfEmployerAmount)
	add(&doc.Employer, "SOCSO employer", s.SocsoEmployerAmount)
	add(&doc.Employer, "EIS employer", s.EisEmployerAmount)
	add(&doc.Employer, "HRD Corp levy", s.HrdfAmount)
}
