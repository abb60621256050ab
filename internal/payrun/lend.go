package payrun

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// What the core lends its sub-packages (internal/payrun/views reads runs
// with them): each is the core's own helper, exported as it is.

// rows is every employee row of a run, or the one of employeeID (404 when
// the employee is not in the run).
func (s *Service) rows(ctx context.Context, q *store.Queries, runID, employeeID int64) ([]store.PayRunEmployee, error) {
	if employeeID == 0 {
		return q.ListPayRunEmployees(ctx, runID)
	}
	e, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: runID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return nil, payroll.NotFound("employee in this pay run")
	}
	return []store.PayRunEmployee{e}, err
}

// Rows is rows (P/totals, payments and payslips read it).
func (s *Service) Rows(ctx context.Context, q *store.Queries, runID, employeeID int64) ([]store.PayRunEmployee, error) {
	return s.rows(ctx, q, runID, employeeID)
}

// YearToDate is each employee's year-to-date before run: the finalised
// runs of the tax year paid up to its date, with opening balances.
func (s *Service) YearToDate(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun) (map[int64]*store.PayRunYearToDateRow, error) {
	return s.yearToDate(ctx, q, biz, run)
}

// OTEOf says which pay categories of the business count as ordinary time
// earnings.
func (s *Service) OTEOf(ctx context.Context, biz business.Business) (func(int64) bool, error) {
	return s.oteOf(ctx, biz)
}

// Positional is whether statements bind ? (SQLite) rather than $N.
func (s *Service) Positional() bool { return s.positional() }

// Placeholder is the n-th (1-based) bound parameter of the dialect.
func Placeholder(positional bool, n int) string { return ph(positional, n) }

// TotalModel is an employee's totals in a run (without UK pension: see
// UKPensions.Apply).
func TotalModel(region string, run store.PayRun, e store.PayRunEmployee) PayRunTotalModel {
	return totalModel(region, run, e)
}

// RunModel is a run on the wire.
func RunModel(r store.PayRun) PayRunModel { return runModel(r) }

// HoursFromE4 converts a stored ten-thousandths-of-an-hour count.
func HoursFromE4(n int64) payroll.Rate { return hoursFromE4(n) }

// HoursFromE6 converts a stored millionths-of-an-hour count.
func HoursFromE6(n int64) payroll.Rate { return hoursFromE6(n) }

// NullTime is a nullable stored time on the wire (zero when null).
func NullTime(t sql.NullTime) payroll.DateTime { return nullTime(t) }

// ParseRate parses a stored units or rate ("" is 0).
func ParseRate(s string) (payroll.Rate, error) { return parseRate(s) }

// TaxYear is the first day of the region's tax year of a payment date
// and of its quarter.
func TaxYear(region string, paid time.Time) (from, quarter time.Time) { return taxYear(region, paid) }

// WeeksPerPeriod is the weeks in one period of a schedule frequency.
func WeeksPerPeriod(freq string) (payroll.Rate, bool) {
	f, ok := frequencies[freq]
	return f.weeks, ok
}

// EmployeeLineShares is each line's share of the employee's figures
// (LineShare), super adjustments taken from lines.
func EmployeeLineShares(region string, e store.PayRunEmployee, lines []store.PayRunLine, ote func(int64) bool) map[int64]LineShare {
	return lineShares(region, figuresOf(e, superAdjustmentsOf(lines)[e.EmployeeID]), lines, ote)
}

// UKPensions are the stored UK pension figures of runs' employees.
type UKPensions map[ukRunEmployee]UKPensionLine

// UKPensionsOf reads the stored pension figures of a run (employeeID 0:
// all its employees) or, with runID 0, of an employee's runs; nil outside
// the UK.
func UKPensionsOf(ctx context.Context, q *store.Queries, region string, bizID, runID, employeeID int64) (UKPensions, error) {
	return ukPensionLines(ctx, q, region, bizID, runID, employeeID)
}

// Of is the figures of an employee in a run.
func (p UKPensions) Of(runID, employeeID int64) (UKPensionLine, bool) {
	l, ok := p[ukRunEmployee{runID, employeeID}]
	return l, ok
}

// Apply fills a total's pension members.
func (p UKPensions) Apply(t *PayRunTotalModel) { applyUKPension(t, p) }
