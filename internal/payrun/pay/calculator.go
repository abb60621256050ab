package pay

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/timesheet"
	"github.com/payrolld/payrolld/internal/uk/statutoryleave"
)

// Calculator is what a calculation reads employees' records through
// (payrun.Service embeds it): the database, the business's categories and
// the areas whose records a run pays.
type Calculator struct {
	DB         *db.DB
	Categories *categories.CoreCollections
	// Leave pays approved leave requests in a run's period (nil = none
	// paid); Timesheets imports approved timesheet lines (nil = none).
	Leave      *leave.Service
	Timesheets *timesheet.Service
	// StatutoryLeave pays UK statutory leave weeks in the period as lines
	// (statutory_leave.go); nil = none.
	StatutoryLeave *statutoryleave.Service
}

// unsupportedRegions names what a region without a calculation engine
// lacks, for the refusal's message.
var unsupportedRegions = map[string]string{}

// RegionCalculable refuses pay for a region whose statutory rules the
// service does not have (a 409 saying what is missing), so a run is never
// paid gross as net. Every calculation path calls it before it stores
// anything (run creation, the writer, finalise, net to gross).
func RegionCalculable(region string) error {
	if _, err := engine.For(region); err == nil {
		return nil
	}
	why, ok := unsupportedRegions[region]
	if !ok {
		why = "its statutory deductions are not available"
	}
	return payroll.Conflict("pay cannot be calculated for a business in region %s: %s; nothing was stored", region, why)
}

// Positional is whether statements bind ? (SQLite) rather than $N.
func (s *Calculator) Positional() bool { return s.DB.Dialect == db.SQLite }

// Line kinds (pay_run_lines.kind).
const (
	KindEarnings      = "earnings"
	KindDeduction     = "deduction"
	KindExpense       = "expense"
	KindLiability     = "liability"
	KindTaxAdjustment = "taxadjustment"
)

// The pay run's other inclusion collections (pay_run_lines.kind), beside
// earnings, deductions, expenses, liabilities and tax adjustments.
// A tax adjustment is one kind served under three names: P/paygadjustments
// (AU), P/taxadjustments (SG) and P/payeadjustments (UK, NZ).
const (
	KindSuperAdjustment = "superadjustment"
	KindSDLAdjustment   = "sdladjustment"
	KindVoluntaryCPF    = "voluntarycpf"
	KindLeave           = KindLeaveAccrued // P/leaveaccrued: the calculated accruals and the lines entered or applied there
	KindBenefit         = "benefit"
	KindHMRCAdjustment  = "hmrcadjustment"
)

// YTD is an employee's year-to-date before a run.
type YTD struct {
	store.PayRunYearToDateRow
	// ukDirector is a UK director's NI-able pay and NI to date in their
	// earnings period (nil: not a director, whose NI is per period).
	ukDirector *ukDirectorToDate
	// nzRecent is an NZ employee's regular earnings of the other runs paid
	// in the four weeks to and including the run's pay date (nz_extrapay.go).
	nzRecent int64
	// sgAWPaid is an SG employee's additional wages paid earlier in the
	// year (sg_cpf.go).
	sgAWPaid int64
	// sgAWMonths are those AW month by month, with the part subject to
	// CPF then (sg_cpf.go).
	sgAWMonths []sgAWMonth
	// sgMonth is what an SG employee's earlier runs of the month paid and
	// charged (sg_cpf_month.go).
	sgMonth sgMonthPaid
}

// ytdFor is out's year to date of employee id, added empty when the
// employee has none yet (the readers that add to it run in any order).
func ytdFor(out map[int64]*YTD, id int64) *YTD {
	y := out[id]
	if y == nil {
		y = &YTD{PayRunYearToDateRow: store.PayRunYearToDateRow{EmployeeID: id}}
		out[id] = y
	}
	return y
}

// YearToDate reads every employee's year-to-date before run in one query:
// the finalised runs of the tax year paid up to its date (from the running
// totals), with opening balances.
func YearToDate(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun) (map[int64]*YTD, error) {
	from, quarter := TaxYear(biz.Region, run.DatePaid)
	rows, err := KeptYearToDate(ctx, q, biz.ID, run.ID, from, quarter, run.DatePaid) // ytd_running.go
	if err != nil {
		return nil, err
	}
	out := make(map[int64]*YTD, len(rows))
	for i := range rows {
		out[rows[i].EmployeeID] = &YTD{PayRunYearToDateRow: rows[i]}
	}
	if err := addUKDirectorsToDate(ctx, q, biz, run, from, out); err != nil { // uk_employee.go
		return nil, err
	}
	if err := addNZRecentEarnings(ctx, q, biz, run, out); err != nil { // nz_extrapay.go
		return nil, err
	}
	if err := addSGAWPaid(ctx, q, biz, run, from, out); err != nil { // sg_cpf.go
		return nil, err
	}
	if err := addSGMonthPaid(ctx, q, biz, run, out); err != nil { // sg_cpf_month.go
		return nil, err
	}
	return out, addOpeningBalances(ctx, q, biz, from, out) // openingbalances.go
}

// WeeksPerPeriod is the weeks in one period of a schedule frequency
// (false: a frequency pay runs are not calculated for).
func WeeksPerPeriod(freq string) (payroll.Rate, bool) {
	f, ok := frequencies[freq]
	return f.weeks, ok
}

// hoursToE4 rounds hours to ten-thousandths (half up) for storage.
func hoursToE4(h payroll.Rate) int64 {
	whole, _, ok := h.RoundHalfUp(4).Mul(payroll.RateFromInt(10000)).Decimal().Int64(0)
	if !ok {
		return 0
	}
	return whole
}

func money(n int64) payroll.Money { return payroll.MoneyFromMinor(n) }
