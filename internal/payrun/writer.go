package payrun

import (
	"context"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
)

// writer batches a run's new employee rows and lines into multi-row
// INSERTs (a 10,000-employee run is tens of statements, not tens of
// thousands); figure updates of existing rows are single statements.
type writer struct {
	q          *store.Queries
	empRows    int // rows per multi-row INSERT
	lineRows   int
	positional bool // ? placeholders (SQLite) instead of $N
	// calculatedDeleted: the caller already deleted the run's calculated
	// lines (a whole-run recalculation).
	calculatedDeleted bool
	bizID, run        int64
	emps              []store.CreatePayRunEmployeeParams
	lines             []store.CreatePayRunLineParams
}

func (s *Service) newWriter(q *store.Queries, bizID, runID int64) *writer {
	// SQLite treats $N as a named parameter and looks each one up in a
	// list, quadratic in the statement's parameter count (400 rows per
	// INSERT made a 2,000-employee run 15x slower): its composed
	// statements use positional ? instead.
	return &writer{q: q, bizID: bizID, run: runID, empRows: 400, lineRows: 1000, positional: s.DB.Dialect == db.SQLite}
}

// addEmployee adds an employee to the run with their standard earnings
// (unless empty) and their calculated figures.
func (w *writer) addEmployee(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, cats *catIndex, standard bool, y *ytd) error {
	var lines []line
	if standard {
		if l, ok := standardEarnings(e, run.Frequency, cats.primary(e.PrimaryPayCategoryID.Int64)); ok {
			lines = append(lines, l)
			w.addLine(e.ID, &l)
		}
	}
	f := compute(region, run, e, lines, y)
	w.emps = append(w.emps, store.CreatePayRunEmployeeParams{BusinessID: w.bizID, PayRunID: w.run, EmployeeID: e.ID,
		EmployeeName: strings.TrimSpace(e.FirstName + " " + e.Surname), EmployeeExternalID: e.ExternalID, StandardEarnings: standard,
		TotalHoursE4: f.hoursE4, Gross: f.gross, PreTax: f.preTax, Taxable: f.taxable, PostTax: f.postTax, Tax: f.tax, Stsl: f.stsl,
		SuperContribution: f.super, SuperBase: f.superBase, NiEmployee: f.niEE, NiEmployer: f.niER, StudentLoan: f.studentLoan,
		PostgradLoan: f.pgLoan, KiwisaverEmployee: f.ksEE, KiwisaverEmployer: f.ksER, Esct: f.esct, AccLevy: f.acc,
		CpfEmployee: f.cpfEE, CpfEmployer: f.cpfER, CpfOwSubject: f.cpfOW, CpfAwSubject: f.cpfAW, Sdl: f.sdl, Net: f.net,
		Expenses: f.expenses, Liabilities: f.liabilities, CalcError: f.calcError})
	if len(w.emps) >= w.empRows {
		return w.flush(ctx)
	}
	return nil
}

func (w *writer) addLine(employeeID int64, l *line) {
	w.lines = append(w.lines, store.CreatePayRunLineParams{BusinessID: w.bizID, PayRunID: w.run, EmployeeID: employeeID, Kind: l.Kind,
		CategoryID: l.CategoryID, CategoryName: l.CategoryName, Units: l.Units, Rate: l.Rate, Amount: l.Amount, TaxExempt: l.TaxExempt,
		Notes: l.Notes, ExternalID: l.ExternalID, LocationID: l.LocationID, UserEntered: l.UserEntered})
}

// recalcEmployee recomputes an employee already in the run: their
// calculated lines are replaced by fresh standard earnings (when the
// employee is on standard earnings), user-entered lines kept.
func (w *writer) recalcEmployee(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, row *store.PayRunEmployee,
	stored []store.PayRunLine, cats *catIndex, y *ytd) error {
	lines := make([]line, 0, len(stored)+1)
	calculated := false
	for _, sl := range stored {
		if !sl.UserEntered {
			calculated = true
			continue
		}
		lines = append(lines, lineOf(sl, cats))
	}
	if calculated && !w.calculatedDeleted {
		if _, err := w.q.DeleteCalculatedPayRunLines(ctx, store.DeleteCalculatedPayRunLinesParams{PayRunID: run.ID, EmployeeID: e.ID}); err != nil {
			return err
		}
	}
	if row.StandardEarnings {
		if l, ok := standardEarnings(e, run.Frequency, cats.primary(e.PrimaryPayCategoryID.Int64)); ok {
			lines = append(lines, l)
			w.addLine(e.ID, &l)
		}
	}
	f := compute(region, run, e, lines, y)
	_, err := w.q.UpdatePayRunEmployeeFigures(ctx, store.UpdatePayRunEmployeeFiguresParams{PayRunID: run.ID, EmployeeID: e.ID,
		TotalHoursE4: f.hoursE4, Gross: f.gross, PreTax: f.preTax, Taxable: f.taxable, PostTax: f.postTax, Tax: f.tax, Stsl: f.stsl,
		SuperContribution: f.super, SuperBase: f.superBase, NiEmployee: f.niEE, NiEmployer: f.niER, StudentLoan: f.studentLoan,
		PostgradLoan: f.pgLoan, KiwisaverEmployee: f.ksEE, KiwisaverEmployer: f.ksER, Esct: f.esct, AccLevy: f.acc,
		CpfEmployee: f.cpfEE, CpfEmployer: f.cpfER, CpfOwSubject: f.cpfOW, CpfAwSubject: f.cpfAW, Sdl: f.sdl, Net: f.net,
		Expenses: f.expenses, Liabilities: f.liabilities, CalcError: f.calcError, StandardEarnings: row.StandardEarnings})
	if err != nil {
		return err
	}
	if len(w.lines) >= w.lineRows {
		return w.flushLines(ctx)
	}
	return nil
}

// lineOf is a stored line as the calculation sees it (the category's
// current kind of earnings; hours = units of an hourly category line).
func lineOf(sl store.PayRunLine, cats *catIndex) line {
	l := line{PayRunLine: sl}
	l.units, _ = parseRate(sl.Units)
	l.rate, _ = parseRate(sl.Rate)
	l.amount = money(sl.Amount)
	l.earningKind = "Ordinary"
	if c, ok := cats.byKind[KindEarnings][sl.CategoryID]; ok && sl.Kind == KindEarnings {
		l.earningKind = c.kind
		if c.hourly {
			l.hours = l.units
		}
	}
	return l
}

func (w *writer) flush(ctx context.Context) error {
	for len(w.emps) > 0 {
		n := min(len(w.emps), w.empRows)
		if err := insertEmployees(ctx, w.q, w.emps[:n], w.positional); err != nil {
			return err
		}
		w.emps = w.emps[n:]
	}
	return w.flushLines(ctx)
}

func (w *writer) flushLines(ctx context.Context) error {
	for len(w.lines) > 0 {
		n := min(len(w.lines), w.lineRows)
		if err := insertLines(ctx, w.q, w.lines[:n], w.positional); err != nil {
			return err
		}
		w.lines = w.lines[n:]
	}
	return nil
}

// Multi-row forms of CreatePayRunEmployee and CreatePayRunLine (the
// column lists are the same; sqlc cannot express a variable row count).
const (
	insertEmployeesSQL = `INSERT INTO pay_run_employees (business_id, pay_run_id, employee_id, employee_name, employee_external_id, standard_earnings,
    total_hours_e4, gross, pre_tax, taxable, post_tax, tax, stsl, super_contribution, super_base, ni_employee, ni_employer,
    student_loan, postgrad_loan, kiwisaver_employee, kiwisaver_employer, esct, acc_levy, cpf_employee, cpf_employer,
    cpf_ow_subject, cpf_aw_subject, sdl, net, expenses, liabilities, notation, calc_error) VALUES `
	insertLinesSQL = `INSERT INTO pay_run_lines (business_id, pay_run_id, employee_id, kind, category_id, category_name, units, rate, amount,
    tax_exempt, notes, external_id, location_id, user_entered) VALUES `
)

func placeholders(b *strings.Builder, rows, cols int, positional bool) {
	n := 1
	for r := 0; r < rows; r++ {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for c := 0; c < cols; c++ {
			if c > 0 {
				b.WriteString(", ")
			}
			if positional {
				b.WriteByte('?')
			} else {
				b.WriteByte('$')
				b.WriteString(strconv.Itoa(n))
			}
			n++
		}
		b.WriteByte(')')
	}
}

func insertEmployees(ctx context.Context, q *store.Queries, rows []store.CreatePayRunEmployeeParams, positional bool) error {
	var b strings.Builder
	b.WriteString(insertEmployeesSQL)
	placeholders(&b, len(rows), 33, positional)
	args := make([]any, 0, len(rows)*33)
	for _, r := range rows {
		args = append(args, r.BusinessID, r.PayRunID, r.EmployeeID, r.EmployeeName, r.EmployeeExternalID, r.StandardEarnings,
			r.TotalHoursE4, r.Gross, r.PreTax, r.Taxable, r.PostTax, r.Tax, r.Stsl, r.SuperContribution, r.SuperBase, r.NiEmployee, r.NiEmployer,
			r.StudentLoan, r.PostgradLoan, r.KiwisaverEmployee, r.KiwisaverEmployer, r.Esct, r.AccLevy, r.CpfEmployee, r.CpfEmployer,
			r.CpfOwSubject, r.CpfAwSubject, r.Sdl, r.Net, r.Expenses, r.Liabilities, "", r.CalcError)
	}
	return exec(ctx, q, b.String(), args)
}

func insertLines(ctx context.Context, q *store.Queries, rows []store.CreatePayRunLineParams, positional bool) error {
	var b strings.Builder
	b.WriteString(insertLinesSQL)
	placeholders(&b, len(rows), 14, positional)
	args := make([]any, 0, len(rows)*14)
	for _, r := range rows {
		args = append(args, r.BusinessID, r.PayRunID, r.EmployeeID, r.Kind, r.CategoryID, r.CategoryName, r.Units, r.Rate, r.Amount,
			r.TaxExempt, r.Notes, r.ExternalID, r.LocationID, r.UserEntered)
	}
	return exec(ctx, q, b.String(), args)
}

// exec runs a composed statement through store.Queries.Query (the
// generated package's handle, inside the caller's transaction).
func exec(ctx context.Context, q *store.Queries, query string, args []any) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	for rows.Next() {
	}
	if err := rows.Err(); err != nil {
		rows.Close()
		return err
	}
	return rows.Close()
}
