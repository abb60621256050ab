package pay

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	mycalc "github.com/payrolld/payrolld/internal/calc/my"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/my/statutorydetails"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/settings"
	"github.com/payrolld/payrolld/internal/store"
)

// Malaysian pay (calc/my): what a run reads beyond the employee's row
// (their statutory details, E/statutorydetails; the business's statutory
// settings for the HRD levy and EIS; the year to date from the
// Malaysian figures of earlier finalised runs and a previous employer's
// Form TP3), and what it stores per pay run employee in
// my_pay_run_employees (PCB itself is the row's tax).

// RegionCalculableOn is RegionCalculable for a run paid on paid: a
// Malaysian run paid in a year whose rules (the year's PCB specification
// and contribution schedules) the engine does not have is refused with a
// 409 saying so, before anything is stored.
func RegionCalculableOn(region string, paid time.Time) error {
	if err := RegionCalculable(region); err != nil {
		return err
	}
	if region != calc.MY {
		return nil
	}
	if _, err := (mycalc.Engine{}).TaxYear(&calc.Input{Region: region, PaymentDate: paid}); err != nil {
		return payroll.Conflict("pay cannot be calculated for a Malaysian business paid on %s: %s; nothing was stored",
			paid.Format(time.DateOnly), strings.TrimPrefix(err.Error(), "my: "))
	}
	return nil
}

// myInputs are a Malaysian employee's records for one run.
type myInputs struct {
	details *store.MyEmployeeStatutory // nil: never recorded
	ytd     store.MYYearToDateRow
	biz     settings.StatutorySettings
}

// myCache holds a writer's Malaysian records, read on first use: the
// business's details and settings, the run's year to date, and the rows
// of new employees waiting for their pay run employee rows (Flush).
type myCache struct {
	details map[int64]store.MyEmployeeStatutory
	ytd     map[int64]store.MYYearToDateRow
	biz     settings.StatutorySettings
	pending []store.UpsertMYPayRunEmployeeParams
}

func loadMY(ctx context.Context, q *store.Queries, bizID int64, run *store.PayRun, employeeID int64) (*myCache, error) {
	c := &myCache{details: map[int64]store.MyEmployeeStatutory{}, ytd: map[int64]store.MYYearToDateRow{}}
	var err error
	if c.biz, err = myStatutorySettings(ctx, q, bizID); err != nil {
		return nil, err
	}
	if employeeID != 0 {
		r, err := q.GetMYStatutoryDetails(ctx, store.GetMYStatutoryDetailsParams{EmployeeID: employeeID, BusinessID: bizID})
		switch {
		case err == nil:
			c.details[employeeID] = r
		case !db.IsNoRows(err):
			return nil, err
		}
	} else {
		rows, err := q.ListMYStatutoryDetails(ctx, bizID)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			c.details[r.EmployeeID] = r
		}
	}
	from, _ := TaxYear(calc.MY, run.DatePaid)
	ytd, err := q.MYYearToDate(ctx, store.MYYearToDateParams{BusinessID: bizID, PayRunID: run.ID, YearFrom: from, YearTo: run.DatePaid})
	if err != nil {
		return nil, err
	}
	for _, r := range ytd {
		c.ytd[r.EmployeeID] = r
	}
	return c, nil
}

// myStatutorySettings is the business's B/statutorysettings (the
// defaults when never saved).
func myStatutorySettings(ctx context.Context, q *store.Queries, bizID int64) (settings.StatutorySettings, error) {
	s := settings.DefaultStatutorySettings()
	row, err := q.GetSetting(ctx, store.GetSettingParams{BusinessID: bizID, Kind: settings.StatutorySettingsKind})
	switch {
	case db.IsNoRows(err):
		return s, nil
	case err != nil:
		return s, err
	}
	return s, json.Unmarshal([]byte(row.Data), &s)
}

func (c *myCache) of(id int64) *myInputs {
	x := &myInputs{ytd: c.ytd[id], biz: c.biz}
	if d, ok := c.details[id]; ok {
		x.details = &d
	}
	return x
}

// myOf is employee id's Malaysian records in the writer's run (nil
// outside Malaysia).
func (w *Writer) myOf(ctx context.Context, region string, run *store.PayRun, id int64) (*myInputs, error) {
	if region != calc.MY {
		return nil, nil
	}
	if w.my == nil {
		c, err := loadMY(ctx, w.q, w.bizID, run, 0)
		if err != nil {
			return nil, err
		}
		w.my = c
	}
	return w.my.of(id), nil
}

// myFor is myOf outside the writer (explain, net to gross).
func myFor(ctx context.Context, q *store.Queries, region string, bizID int64, run *store.PayRun, id int64) (*myInputs, error) {
	if region != calc.MY {
		return nil, nil
	}
	c, err := loadMY(ctx, q, bizID, run, id)
	if err != nil {
		return nil, err
	}
	return c.of(id), nil
}

// hrdLevyRate is the HRD Corp levy rate of the business's registration
// (B/statutorysettings hrdfStatus): 1% registered as Mandatory (10 or more
// Malaysian employees), 0.5% as Voluntary (5 to 9).
func hrdLevyRate(s settings.StatutorySettings) payroll.Rate {
	switch s.HrdfStatus {
	case "Mandatory":
		return payroll.MustRate("0.01")
	case "Voluntary":
		return payroll.MustRate("0.005")
	}
	return payroll.Rate{}
}

// myEmployee is the calculation's view of a Malaysian employee: their
// recorded details, date of birth, the business's levy and EIS settings
// and the year to date (earlier finalised runs of the calendar year, the
// runs' PCB as X, and the previous employer's Form TP3 amounts of the
// same year). Unrecorded details are an error naming what is missing.
func myEmployee(e *EmployeeRow, x *myInputs, y *YTD, paid time.Time) (*calc.MYEmployee, error) {
	if x == nil || x.details == nil {
		return nil, payroll.Invalid("statutoryDetails", "the employee's Malaysian statutory details (E/statutorydetails: citizenship, tax residence, marital status, children) are not recorded; PCB, EPF, SOCSO and EIS depend on them")
	}
	my := statutorydetails.Calc(*x.details)
	if e.DateOfBirth.Valid {
		my.DateOfBirth = e.DateOfBirth.Time
	}
	my.HRDLevyRate = hrdLevyRate(x.biz)
	if x.biz.EisEnabled != nil && !*x.biz.EisEnabled {
		my.EISExempt = true
	}
	d := x.details
	my.YTD = calc.MYYearToDate{Remuneration: money(x.ytd.Remuneration), EPF: money(x.ytd.Epf), PCB: money(y.Tax),
		Zakat: money(x.ytd.Zakat), TaxRelief: money(x.ytd.TaxRelief)}
	if int(d.PreviousEmployerYear) == paid.Year() {
		my.YTD.Remuneration = my.YTD.Remuneration.Add(money(d.PreviousRemuneration))
		my.YTD.EPF = my.YTD.EPF.Add(money(d.PreviousEpf))
		my.YTD.PCB = my.YTD.PCB.Add(money(d.PreviousPcb))
		my.YTD.Zakat = my.YTD.Zakat.Add(money(d.PreviousZakat))
		my.YTD.TaxRelief = my.YTD.TaxRelief.Add(money(d.PreviousTaxRelief))
	}
	return &my, nil
}

// myFigures are an employee's Malaysian figures of a run (minor units).
type myFigures struct {
	remuneration, additional, bik, zakat, taxRelief int64
	epfWages, epfEE, epfER                          int64
	socsoWages, socsoEE, socsoER, eisEE, eisER      int64
	lindung, hrd                                    int64
	epfPart, socsoCategory                          string
}

// withheld is what the Malaysian schemes take from pay beside PCB.
func (m *myFigures) withheld() int64 {
	return m.zakat + m.epfEE + m.socsoEE + m.eisEE + m.lindung
}

// myFiguresOf reads the figures of calc's result for in.
func myFiguresOf(res *calc.Result, in *calc.Input) myFigures {
	m := myFigures{zakat: amount(res, mycalc.CodeZakat), epfEE: amount(res, mycalc.CodeEPFEmployee), epfER: amount(res, mycalc.CodeEPFEmployer),
		socsoEE: amount(res, mycalc.CodeSOCSOEmployee), socsoER: amount(res, mycalc.CodeSOCSOEmployer),
		eisEE: amount(res, mycalc.CodeEISEmployee), eisER: amount(res, mycalc.CodeEISEmployer),
		lindung: amount(res, mycalc.CodeLindung24), hrd: amount(res, mycalc.CodeHRD)}
	emp := in.MY
	m.bik, m.taxRelief = emp.BenefitsInKind.MinorUnits(), emp.TaxRelief.MinorUnits()
	for _, e := range in.Earnings {
		if e.NotTaxable {
			continue
		}
		m.remuneration += e.Amount.MinorUnits()
		switch e.Kind {
		case calc.Bonus, calc.Commission, calc.Lumpsum:
			m.additional += e.Amount.MinorUnits()
		}
	}
	m.remuneration += m.bik
	if f, ok := res.Get(mycalc.CodeEPFEmployee); ok {
		m.epfWages = term(f, "EPF wages")
		m.epfPart = f.Rule.Code[strings.LastIndexByte(f.Rule.Code, '.')+1:] // my.epf.<year>.<part>
	} else {
		m.epfPart = calc.MYEPFPartNone
	}
	if f, ok := res.Get(mycalc.CodeSOCSOEmployer); ok {
		m.socsoWages = term(f, "contribution wages")
		m.socsoCategory = calc.MYSOCSOFirst
		if strings.HasSuffix(f.Rule.Code, ".second") {
			m.socsoCategory = calc.MYSOCSOSecond
		}
	} else {
		m.socsoCategory = calc.MYSOCSONone
	}
	return m
}

func (w *Writer) myRow(run *store.PayRun, employeeID int64, m *myFigures) store.UpsertMYPayRunEmployeeParams {
	return store.UpsertMYPayRunEmployeeParams{BusinessID: w.bizID, PayRunID: run.ID, EmployeeID: employeeID, PcbRemuneration: m.remuneration,
		PcbAdditional: m.additional, BenefitsInKind: m.bik, Zakat: m.zakat, TaxRelief: m.taxRelief, EpfPart: m.epfPart, EpfWages: m.epfWages,
		EpfEmployee: m.epfEE, EpfEmployer: m.epfER, SocsoCategory: m.socsoCategory, SocsoWages: m.socsoWages, SocsoEmployee: m.socsoEE,
		SocsoEmployer: m.socsoER, EisEmployee: m.eisEE, EisEmployer: m.eisER, Lindung24: m.lindung, HrdLevy: m.hrd}
}

// queueMY keeps a new employee's Malaysian figures until their pay run
// employee row is written (Flush).
func (w *Writer) queueMY(region string, run *store.PayRun, employeeID int64, f *figures) {
	if region != calc.MY || w.my == nil {
		return
	}
	w.my.pending = append(w.my.pending, w.myRow(run, employeeID, &f.my))
}

// storeMY replaces a recalculated employee's Malaysian figures.
func (w *Writer) storeMY(ctx context.Context, region string, run *store.PayRun, employeeID int64, f *figures) error {
	if region != calc.MY {
		return nil
	}
	return w.q.UpsertMYPayRunEmployee(ctx, w.myRow(run, employeeID, &f.my))
}

// flushMY writes the queued Malaysian rows (after their employees').
func (w *Writer) flushMY(ctx context.Context) error {
	if w.my == nil {
		return nil
	}
	for _, r := range w.my.pending {
		if err := w.q.UpsertMYPayRunEmployee(ctx, r); err != nil {
			return err
		}
	}
	w.my.pending = w.my.pending[:0]
	return nil
}

// MYLine is a pay run employee's stored Malaysian figures.
type MYLine = store.MyPayRunEmployee

type myRunEmployee struct{ run, employee int64 }

// MYFigures are the stored Malaysian figures of runs' employees.
type MYFigures map[myRunEmployee]MYLine

// MYFiguresOf reads the stored Malaysian figures of a run (employeeID 0:
// all its employees) or, with runID 0, of an employee's runs; nil outside
// Malaysia.
func MYFiguresOf(ctx context.Context, q *store.Queries, biz business.Business, runID, employeeID int64) (MYFigures, error) {
	if biz.Region != calc.MY {
		return nil, nil
	}
	var rows []store.MyPayRunEmployee
	var err error
	if runID == 0 {
		rows, err = q.ListMYEmployeePayRuns(ctx, store.ListMYEmployeePayRunsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	} else {
		rows, err = q.ListMYPayRunEmployees(ctx, store.ListMYPayRunEmployeesParams{BusinessID: biz.ID, PayRunID: runID, EmployeeID: employeeID})
	}
	if err != nil {
		return nil, fmt.Errorf("malaysian figures: %w", err)
	}
	out := make(MYFigures, len(rows))
	for _, r := range rows {
		out[myRunEmployee{r.PayRunID, r.EmployeeID}] = r
	}
	return out, nil
}

// Of is the figures of an employee in a run.
func (m MYFigures) Of(runID, employeeID int64) (MYLine, bool) {
	l, ok := m[myRunEmployee{runID, employeeID}]
	return l, ok
}

// MYYearToDate is the Malaysian year to date of a run's employees before
// it (finalised runs of the calendar year paid up to its date).
func MYYearToDate(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun) (map[int64]store.MYYearToDateRow, error) {
	if biz.Region != calc.MY {
		return nil, nil
	}
	from, _ := TaxYear(calc.MY, run.DatePaid)
	rows, err := q.MYYearToDate(ctx, store.MYYearToDateParams{BusinessID: biz.ID, PayRunID: run.ID, YearFrom: from, YearTo: run.DatePaid})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]store.MYYearToDateRow, len(rows))
	for _, r := range rows {
		out[r.EmployeeID] = r
	}
	return out, nil
}
