package pay

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Writer batches a run's new employee rows and lines into multi-row
// INSERTs (a 10,000-employee run is tens of statements, not tens of
// thousands); figure updates of existing rows are single statements.
type Writer struct {
	q          *store.Queries
	empRows    int // rows per multi-row INSERT
	lineRows   int
	positional bool // ? placeholders (SQLite) instead of $N
	// calculatedDeleted: the caller already deleted the run's calculated
	// lines (a whole-run recalculation).
	CalculatedDeleted bool
	bizID, run        int64
	emps              []store.CreatePayRunEmployeeParams
	empNI             []sql.NullString // the NI letter of each of emps (UK; null elsewhere)
	lines             []store.CreatePayRunLineParams
	lineSubtypes      []string // the subtype of each of lines ("" for most)
	// in: the records of the employees being calculated (loadInputs);
	// an employee it does not cover has its own read when added.
	s         *Calculator
	in        *inputs
	sources   []sourceRow
	statutory *statutoryCache  // statutory_leave.go, read on first use
	uk        *ukCache         // uk_employee.go, read on first use
	ukBik     *ukPayrolledYear // uk_payrolled_benefits.go, read on first use
	my        *myCache         // my_employee.go, read on first use
	totals    runTotals        // runtotals.go: the run's totals to add at Flush
}

// sourceRow is a pay_run_sources row waiting to be written.
type sourceRow struct {
	employeeID int64
	source
}

// NewWriter is a writer of run runID's employees and lines.
func (s *Calculator) NewWriter(q *store.Queries, bizID, runID int64) *Writer {
	// SQLite treats $N as a named parameter and looks each one up in a
	// list, quadratic in the statement's parameter count (400 rows per
	// INSERT made a 2,000-employee run 15x slower): its composed
	// statements use positional ? instead.
	return &Writer{q: q, bizID: bizID, run: runID, empRows: 400, lineRows: 1000, positional: s.DB.Dialect == db.SQLite, s: s}
}

// LoadInputs reads the inputs of the employees ids the writer is about to
// calculate (one query per kind of record; see loadInputs).
func (w *Writer) LoadInputs(ctx context.Context, biz business.Business, run *store.PayRun, ids []int64) (err error) {
	w.in, err = w.s.loadInputs(ctx, w.q, biz, run, ids)
	return err
}

// Queue queues a line built elsewhere (a user's) for the next
// multi-row INSERT.
func (w *Writer) Queue(l store.CreatePayRunLineParams) {
	w.lines, w.lineSubtypes = append(w.lines, l), append(w.lineSubtypes, "")
}

// inputsFor returns the inputs covering employee id, reading that
// employee's when the writer was given none that do (IncludeEmployee).
func (w *Writer) inputsFor(ctx context.Context, region string, run *store.PayRun, id int64) (*inputs, error) {
	if w.in.covers(id) {
		return w.in, nil
	}
	return w.s.loadInputs(ctx, w.q, business.Business{ID: w.bizID, Region: region}, run, []int64{id})
}

// calculate is the employee's calculated lines, queued for writing with
// their sources.
func (w *Writer) calculate(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, cats *Categories, standard bool, kept []line, y *YTD) ([]line, error) {
	if err := RegionCalculableOn(region, run.DatePaid); err != nil {
		return nil, err
	}
	in, err := w.inputsFor(ctx, region, run, e.ID)
	if err != nil {
		return nil, err
	}
	away, err := w.absentOn(ctx, region, run, e)
	if err != nil {
		return nil, err
	}
	away = outsideEmployment(e, run, away) // leave_outside_employment.go
	c := in.linesFor(e, run, cats, standard, kept, away)
	if region == calc.AU {
		if err := w.auPublicHolidaysNotWorked(ctx, run, e, cats, in, &c); err != nil {
			return nil, err
		}
		auLeaveCashOut(region, cats, in.leaveCats, kept, &c) // au_leave_cash_out.go
	}
	if region == calc.UK {
		if err := w.ukHolidayWithOvertime(ctx, run, e, cats, &c); err != nil { // uk_holiday_overtime.go
			return nil, err
		}
	}
	if region == calc.NZ {
		if err := w.nzAnnualHolidaysTaken(ctx, run, e, cats, in, &c); err != nil {
			return nil, err
		}
		if err := w.nzPublicHolidaysWorked(ctx, run, e, cats, in, &c); err != nil {
			return nil, err
		}
	}
	if region == calc.SG {
		if err := sgPublicHolidaysWorked(run, e, cats, in, &c); err != nil { // sg_public_holiday_worked.go
			return nil, err
		}
		if err := sgPublicHolidaysOnOffDays(run, e, cats, in, &c); err != nil { // sg_public_holiday_off_day.go
			return nil, err
		}
		if err := w.sgRestDaysWorked(ctx, run, e, cats, in, &c); err != nil { // sg_rest_day_worked.go
			return nil, err
		}
	}
	if err := w.nzSickLeaveEntitlement(ctx, region, run, e, in, &c); err != nil { // nz_sick_leave.go
		return nil, err
	}
	if leavePaidOnTermination(region) {
		if err := w.terminationLines(ctx, region, run, e, cats, in, &c, kept); err != nil {
			return nil, err
		}
	}
	sl, err := w.statutoryLines(ctx, region, run, e)
	if err != nil {
		return nil, err
	}
	c.lines = w.applyAbsence(e, run, append(c.lines, sl...))
	ul, err := w.ukEmployeeLines(ctx, region, run, e)
	if err != nil {
		return nil, err
	}
	c.lines = append(c.lines, ul...)
	bik, err := w.ukPayrolledBenefitLines(ctx, region, run, e) // uk_payrolled_benefits.go
	if err != nil {
		return nil, err
	}
	c.lines = append(c.lines, bik...)
	refund, err := w.ukOptOutRefundLines(ctx, region, run, e) // uk_pension_optout.go
	if err != nil {
		return nil, err
	}
	c.lines = append(c.lines, refund...)
	shg, err := shgLines(region, run, e, y, kept, c.lines) // sg_shg.go
	if err != nil {
		return nil, err
	}
	c.lines = append(c.lines, shg...)
	for i := range c.lines {
		w.addLine(e.ID, &c.lines[i])
	}
	for _, src := range c.sources {
		w.sources = append(w.sources, sourceRow{employeeID: e.ID, source: src})
	}
	return c.lines, nil
}

// AddEmployee adds an employee to the run with their calculated lines
// (standard earnings unless empty; see inputs.linesFor) and figures.
func (w *Writer) AddEmployee(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, cats *Categories, standard bool, y *YTD) error {
	lines, err := w.calculate(ctx, region, run, e, cats, standard, nil, y)
	if err != nil {
		return err
	}
	x, err := w.extrasOf(ctx, region, run, e, cats, lines)
	if err != nil {
		return err
	}
	f := compute(region, run, e, lines, y, x)
	w.syncQueued(lines) // compute may have limited a line (NZ child support)
	if err := w.storeUKPension(ctx, run.ID, e.ID, &f); err != nil {
		return err
	}
	w.queueMY(region, run, e.ID, &f)
	w.emps = append(w.emps, store.CreatePayRunEmployeeParams{BusinessID: w.bizID, PayRunID: w.run, EmployeeID: e.ID,
		EmployeeName: strings.TrimSpace(e.FirstName + " " + e.Surname), EmployeeExternalID: e.ExternalID, StandardEarnings: standard,
		TotalHoursE4: f.hoursE4, Gross: f.gross, PreTax: f.preTax, Taxable: f.taxable, PostTax: f.postTax, Tax: f.tax, Stsl: f.stsl,
		SuperContribution: f.super, SuperBase: f.superBase, NiEmployee: f.niEE, NiEmployer: f.niER, StudentLoan: f.studentLoan,
		PostgradLoan: f.pgLoan, KiwisaverEmployee: f.ksEE, KiwisaverEmployer: f.ksER, Esct: f.esct, AccLevy: f.acc,
		CpfEmployee: f.cpfEE, CpfEmployer: f.cpfER, CpfOwSubject: f.cpfOW, CpfAwSubject: f.cpfAW, Sdl: f.sdl, Net: f.net,
		Expenses: f.expenses, Liabilities: f.liabilities, CalcError: f.calcError, Class1aNic: f.class1A, NiablePay: f.niable})
	w.empNI = append(w.empNI, niCategoryOf(region, e))
	w.totals.added(&f)
	if len(w.emps) >= w.empRows {
		return w.Flush(ctx)
	}
	return nil
}

// syncQueued copies the amounts and notes of calculated, the employee's
// lines last queued by calculate (still unwritten), back to the queue
// after compute changed any.
func (w *Writer) syncQueued(calculated []line) {
	base := len(w.lines) - len(calculated)
	if base < 0 {
		return
	}
	for i := range calculated {
		q := &w.lines[base+i]
		q.Amount, q.Notes = calculated[i].Amount, calculated[i].Notes
	}
}

func (w *Writer) addLine(employeeID int64, l *line) {
	w.lines = append(w.lines, store.CreatePayRunLineParams{BusinessID: w.bizID, PayRunID: w.run, EmployeeID: employeeID, Kind: l.Kind,
		CategoryID: l.CategoryID, CategoryName: l.CategoryName, Units: l.Units, Rate: l.Rate, Amount: l.Amount, TaxExempt: l.TaxExempt,
		Notes: l.Notes, ExternalID: l.ExternalID, LocationID: l.LocationID, UserEntered: l.UserEntered})
	w.lineSubtypes = append(w.lineSubtypes, l.Subtype)
}

// RecalcEmployee recomputes an employee already in the run: their
// calculated lines (and what they paid) are replaced by freshly
// calculated ones, user-entered lines kept.
func (w *Writer) RecalcEmployee(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, row *store.PayRunEmployee,
	stored []store.PayRunLine, cats *Categories, y *YTD) error {
	lines := make([]line, 0, len(stored)+1)
	calculated := false
	for _, sl := range stored {
		if !sl.UserEntered {
			calculated = true
			continue
		}
		lines = append(lines, lineOf(sl, cats))
	}
	if !w.CalculatedDeleted {
		if calculated {
			if _, err := w.q.DeleteCalculatedPayRunLines(ctx, store.DeleteCalculatedPayRunLinesParams{PayRunID: run.ID, EmployeeID: e.ID}); err != nil {
				return err
			}
		}
		if err := w.q.DeletePayRunSourcesOfEmployee(ctx, store.DeletePayRunSourcesOfEmployeeParams{PayRunID: run.ID, EmployeeID: e.ID}); err != nil {
			return err
		}
	}
	calc, err := w.calculate(ctx, region, run, e, cats, row.StandardEarnings, lines, y)
	if err != nil {
		return err
	}
	lines = append(lines, calc...)
	x, err := w.extrasOf(ctx, region, run, e, cats, lines)
	if err != nil {
		return err
	}
	f := compute(region, run, e, lines, y, x)
	w.syncQueued(lines[len(lines)-len(calc):]) // compute may have limited a calculated line (NZ child support)
	// NZ child support typed over the protected net earnings (nz_child_support.go).
	if f.nzOver != nil {
		w.addLine(e.ID, f.nzOver)
	}
	if err := w.storeUKPension(ctx, run.ID, e.ID, &f); err != nil {
		return err
	}
	if err := w.storeMY(ctx, region, run, e.ID, &f); err != nil {
		return err
	}
	_, err = w.q.UpdatePayRunEmployeeFigures(ctx, store.UpdatePayRunEmployeeFiguresParams{PayRunID: run.ID, EmployeeID: e.ID,
		TotalHoursE4: f.hoursE4, Gross: f.gross, PreTax: f.preTax, Taxable: f.taxable, PostTax: f.postTax, Tax: f.tax, Stsl: f.stsl,
		SuperContribution: f.super, SuperBase: f.superBase, NiEmployee: f.niEE, NiEmployer: f.niER, StudentLoan: f.studentLoan,
		PostgradLoan: f.pgLoan, KiwisaverEmployee: f.ksEE, KiwisaverEmployer: f.ksER, Esct: f.esct, AccLevy: f.acc,
		CpfEmployee: f.cpfEE, CpfEmployer: f.cpfER, CpfOwSubject: f.cpfOW, CpfAwSubject: f.cpfAW, Sdl: f.sdl, Net: f.net,
		Expenses: f.expenses, Liabilities: f.liabilities, CalcError: f.calcError, StandardEarnings: row.StandardEarnings,
		Class1aNic: f.class1A, NiablePay: f.niable})
	if err != nil {
		return err
	}
	w.totals.changed(row, &f)
	if ni := niCategoryOf(region, e); ni != row.NiCategory {
		if err := w.q.SetPayRunEmployeeNICategory(ctx, store.SetPayRunEmployeeNICategoryParams{PayRunID: run.ID, EmployeeID: e.ID, NiCategory: ni}); err != nil {
			return err
		}
	}
	if len(w.lines) >= w.lineRows {
		return w.flushLines(ctx)
	}
	return nil
}

// ukNIablePay is the pay the UK engine worked Class 1 NI on this period
// (its NI-able pay: taxable earnings and statutory pay after a salary
// sacrifice, less what is not earnings for NI such as a termination
// award's taxable excess, ITEPA 2003 s 403; before the NI thresholds), as
// the ni.employee figure states it: "NI earnings", or for a director on
// the annual earnings period "NI earnings to date" less the earnings to
// date it was given. The P60, the FPS and the P32's levy pay bill read the
// stored figure (internal/uk/forms YearNIablePay) rather than re-deriving
// it from the run's lines. Null when the figure is absent.
func ukNIablePay(res *calc.Result, ue *calc.UKEmployee) sql.NullInt64 {
	ni, ok := res.Get("ni.employee")
	if !ok {
		return sql.NullInt64{}
	}
	for _, t := range ni.Terms {
		switch t.Name {
		case "NI earnings":
			return sql.NullInt64{Int64: t.Value.MinorUnits(), Valid: true}
		case "NI earnings to date":
			var before payroll.Money
			if ue != nil {
				before = ue.YTD.NIEarnings
			}
			return sql.NullInt64{Int64: t.Value.Sub(before).MinorUnits(), Valid: true}
		}
	}
	return sql.NullInt64{}
}

// niCategoryOf is the NI letter e's figures were calculated with (the
// one in force on the payment date, ukEmployeeLines); null outside the
// UK or without a letter (the calculation then fails). The UK forms break
// the year's NI down by it.
func niCategoryOf(region string, e *EmployeeRow) sql.NullString {
	letter := strings.ToUpper(strings.TrimSpace(e.NationalInsuranceCategory))
	if region != calc.UK || letter == "" {
		return sql.NullString{}
	}
	return sql.NullString{String: letter, Valid: true}
}

// lineOf is a stored line as the calculation sees it (the category's
// current kind of earnings; hours = units of an hourly category line).
func lineOf(sl store.PayRunLine, cats *Categories) line {
	l := line{PayRunLine: sl}
	l.units, _ = ParseRate(sl.Units)
	l.rate, _ = ParseRate(sl.Rate)
	l.amount = money(sl.Amount)
	l.earningKind = "Ordinary"
	if c, ok := cats.ByKind[KindEarnings][sl.CategoryID]; ok && sl.Kind == KindEarnings {
		l.earningKind, l.cat = c.Kind, &c
		if c.Hourly {
			l.hours = l.units
		}
	}
	switch sl.Subtype { // what the calculation made the line (au_pay.go, nz_holiday_pay.go)
	case SubtypeUnusedLeave, SubtypeUnusedLeaveLumpSumA, SubtypeHolidayPayPercent:
		l.earningKind, l.hours = calc.UnusedLeave, payroll.Rate{}
	case SubtypeUnusedLeaveETP:
		l.earningKind, l.hours = calc.ETP, payroll.Rate{}
	}
	return l
}

func (w *Writer) Flush(ctx context.Context) error {
	for len(w.emps) > 0 {
		n := min(len(w.emps), w.empRows)
		if err := insertEmployees(ctx, w.q, w.emps[:n], w.empNI[:n], w.positional); err != nil {
			return err
		}
		w.emps, w.empNI = w.emps[n:], w.empNI[n:]
	}
	if err := w.flushMY(ctx); err != nil {
		return err
	}
	if err := w.flushLines(ctx); err != nil {
		return err
	}
	for len(w.sources) > 0 {
		n := min(len(w.sources), w.lineRows)
		if err := insertSources(ctx, w.q, w.bizID, w.run, w.sources[:n], w.positional); err != nil {
			return err
		}
		w.sources = w.sources[n:]
	}
	return w.totals.flush(ctx, w.q, w.run)
}

func (w *Writer) flushLines(ctx context.Context) error {
	for len(w.lines) > 0 {
		n := min(len(w.lines), w.lineRows)
		if err := insertLines(ctx, w.q, w.lines[:n], w.lineSubtypes[:n], w.positional); err != nil {
			return err
		}
		w.lines, w.lineSubtypes = w.lines[n:], w.lineSubtypes[n:]
	}
	return nil
}

// Multi-row forms of CreatePayRunEmployee and CreatePayRunLine (the
// column lists are the same; sqlc cannot express a variable row count).
const (
	insertEmployeesSQL = `INSERT INTO pay_run_employees (business_id, pay_run_id, employee_id, employee_name, employee_external_id, standard_earnings,
    total_hours_e4, gross, pre_tax, taxable, post_tax, tax, stsl, super_contribution, super_base, ni_employee, ni_employer,
    student_loan, postgrad_loan, kiwisaver_employee, kiwisaver_employer, esct, acc_levy, cpf_employee, cpf_employer,
    cpf_ow_subject, cpf_aw_subject, sdl, net, expenses, liabilities, notation, calc_error, ni_category, class1a_nic, niable_pay) VALUES `
	insertLinesSQL = `INSERT INTO pay_run_lines (business_id, pay_run_id, employee_id, kind, category_id, category_name, units, rate, amount,
    tax_exempt, notes, external_id, location_id, user_entered, subtype) VALUES `
)

// Placeholder is the n-th (1-based) bound parameter of the dialect.
func Placeholder(positional bool, n int) string {
	if positional {
		return "?"
	}
	return "$" + strconv.Itoa(n)
}

func insertEmployees(ctx context.Context, q *store.Queries, rows []store.CreatePayRunEmployeeParams, ni []sql.NullString, positional bool) error {
	var b strings.Builder
	b.WriteString(insertEmployeesSQL)
	store.Placeholders(&b, len(rows), 36, positional, 1)
	args := make([]any, 0, len(rows)*36)
	for i, r := range rows {
		args = append(args, r.BusinessID, r.PayRunID, r.EmployeeID, r.EmployeeName, r.EmployeeExternalID, r.StandardEarnings,
			r.TotalHoursE4, r.Gross, r.PreTax, r.Taxable, r.PostTax, r.Tax, r.Stsl, r.SuperContribution, r.SuperBase, r.NiEmployee, r.NiEmployer,
			r.StudentLoan, r.PostgradLoan, r.KiwisaverEmployee, r.KiwisaverEmployer, r.Esct, r.AccLevy, r.CpfEmployee, r.CpfEmployer,
			r.CpfOwSubject, r.CpfAwSubject, r.Sdl, r.Net, r.Expenses, r.Liabilities, "", r.CalcError, ni[i], r.Class1aNic, r.NiablePay)
	}
	return q.Exec(ctx, b.String(), args...)
}

func insertLines(ctx context.Context, q *store.Queries, rows []store.CreatePayRunLineParams, subtypes []string, positional bool) error {
	var b strings.Builder
	b.WriteString(insertLinesSQL)
	store.Placeholders(&b, len(rows), 15, positional, 1)
	args := make([]any, 0, len(rows)*15)
	for i, r := range rows {
		args = append(args, r.BusinessID, r.PayRunID, r.EmployeeID, r.Kind, r.CategoryID, r.CategoryName, r.Units, r.Rate, r.Amount,
			r.TaxExempt, r.Notes, r.ExternalID, r.LocationID, r.UserEntered, subtypes[i])
	}
	return q.Exec(ctx, b.String(), args...)
}

func insertSources(ctx context.Context, q *store.Queries, bizID, runID int64, rows []sourceRow, positional bool) error {
	var b strings.Builder
	b.WriteString(`INSERT INTO pay_run_sources (business_id, pay_run_id, employee_id, kind, source_id, leave_category_id, hours_e6, amount) VALUES `)
	store.Placeholders(&b, len(rows), 8, positional, 1)
	args := make([]any, 0, len(rows)*8)
	for _, r := range rows {
		args = append(args, bizID, runID, r.employeeID, r.kind, r.id, r.leaveCategoryID, r.hoursE6, r.amount)
	}
	return q.Exec(ctx, b.String(), args...)
}
