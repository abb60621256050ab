package payrun

import (
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// MYTotals are the Malaysian members of an employee's totals beyond the
// published model's EPF, SOCSO, EIS and HRDF members: PCB (also the
// run's payeWithheld, the tax column of every region but AU), zakat
// deducted from pay and LINDUNG 24 Jam.
type MYTotals struct {
	PcbAmount       payroll.Money `json:"pcbAmount" doc:"MY: monthly tax deduction (PCB/MTD), after zakat"`
	ZakatAmount     payroll.Money `json:"zakatAmount" doc:"MY: zakat deducted from pay"`
	Lindung24Amount payroll.Money `json:"lindung24Amount" doc:"MY: LINDUNG 24 Jam employee contribution"`
}

// ApplyMY fills a total's Malaysian members from the stored figures of
// its run's employees (pay.MYFiguresOf): EPF, SOCSO, EIS, the HRD levy,
// benefits in kind taxed through PCB, zakat and LINDUNG 24 Jam; PCB is
// the row's tax.
func ApplyMY(t *PayRunTotalModel, figs pay.MYFigures, tax int64) {
	l, ok := figs.Of(t.PayRunID, t.EmployeeID)
	if !ok {
		return
	}
	t.EpfEmployeeAmount, t.EpfEmployerAmount = money(l.EpfEmployee), money(l.EpfEmployer)
	t.SocsoEmployeeAmount, t.SocsoEmployerAmount = money(l.SocsoEmployee), money(l.SocsoEmployer)
	t.EisEmployeeAmount, t.EisEmployerAmount = money(l.EisEmployee), money(l.EisEmployer)
	t.HrdfAmount, t.BikTaxableAmount = money(l.HrdLevy), money(l.BenefitsInKind)
	t.PcbAmount, t.ZakatAmount, t.Lindung24Amount = money(tax), money(l.Zakat), money(l.Lindung24)
}

// MYPaySlip are a Malaysian payslip's statutory members: this run's and
// the year to date (the calendar year's finalised runs up to this run,
// plus this run).
type MYPaySlip struct {
	PcbAmount           payroll.Money `json:"pcbAmount" doc:"MY: PCB/MTD deducted"`
	ZakatAmount         payroll.Money `json:"zakatAmount"`
	EpfEmployeeAmount   payroll.Money `json:"epfEmployeeAmount"`
	EpfEmployerAmount   payroll.Money `json:"epfEmployerAmount"`
	SocsoEmployeeAmount payroll.Money `json:"socsoEmployeeAmount"`
	SocsoEmployerAmount payroll.Money `json:"socsoEmployerAmount"`
	EisEmployeeAmount   payroll.Money `json:"eisEmployeeAmount"`
	EisEmployerAmount   payroll.Money `json:"eisEmployerAmount"`
	Lindung24Amount     payroll.Money `json:"lindung24Amount"`
	HrdfAmount          payroll.Money `json:"hrdfAmount"`
	PcbYTD              payroll.Money `json:"pcbYTD"`
	ZakatYTD            payroll.Money `json:"zakatYTD"`
	EpfEmployeeYTD      payroll.Money `json:"epfEmployeeYTD"`
	SocsoEmployeeYTD    payroll.Money `json:"socsoEmployeeYTD"`
	EisEmployeeYTD      payroll.Money `json:"eisEmployeeYTD"`
	Lindung24YTD        payroll.Money `json:"lindung24YTD"`
}

// MYSlip is the payslip members of an employee's stored figures l, with
// the year to date before the run (ytd; taxYTD the runs' PCB) and this
// run's PCB (tax).
func MYSlip(l pay.MYLine, ytd store.MYYearToDateRow, tax, taxYTD int64) MYPaySlip {
	return MYPaySlip{PcbAmount: money(tax), ZakatAmount: money(l.Zakat), EpfEmployeeAmount: money(l.EpfEmployee),
		EpfEmployerAmount: money(l.EpfEmployer), SocsoEmployeeAmount: money(l.SocsoEmployee), SocsoEmployerAmount: money(l.SocsoEmployer),
		EisEmployeeAmount: money(l.EisEmployee), EisEmployerAmount: money(l.EisEmployer), Lindung24Amount: money(l.Lindung24),
		HrdfAmount: money(l.HrdLevy),
		PcbYTD:     money(taxYTD + tax), ZakatYTD: money(ytd.Zakat + l.Zakat), EpfEmployeeYTD: money(ytd.Epf + l.EpfEmployee),
		SocsoEmployeeYTD: money(ytd.SocsoEmployee + l.SocsoEmployee), EisEmployeeYTD: money(ytd.EisEmployee + l.EisEmployee),
		Lindung24YTD: money(ytd.Lindung24 + l.Lindung24)}
}
