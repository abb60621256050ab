package cpf

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// SubmissionRequest is a month's submission asked for.
type SubmissionRequest struct {
	Month      string `json:"month" doc:"the month the contributions are for, yyyy-MM: the business's finalised pay runs paid in that month"`
	CSN        string `json:"csn" doc:"the CPF Submission Number of the mandatory contributions: UEN, payment type PTE and serial number, e.g. 201912345KPTE01"`
	AdviceCode string `json:"adviceCode" doc:"01 to 99; each submission of a month needs a code its earlier ones did not use"`
}

// Month builds biz's submission file for r from the finalised runs paid in
// the month (read through q): one detail per employee with a contribution
// (the employee's and employer's shares, wages subject to CPF, the
// employment status from the start and end dates), the CPF summary and the
// SDL of every employee. Bad input is a 400 naming the field; a month
// without a finalised run, voluntary contributions (another CSN) or an
// employee the layout cannot carry is a 409 naming it.
func Month(ctx context.Context, q *store.Queries, biz business.Business, r SubmissionRequest, now time.Time) (File, error) {
	if biz.Region != "SG" {
		return File{}, record.RegionError("CPF contribution submissions", []string{"SG"}, biz)
	}
	from, err := time.Parse("2006-01", strings.TrimSpace(r.Month))
	if err != nil {
		return File{}, payroll.Invalid("month", "month must be yyyy-MM (e.g. 2026-11)")
	}
	csn, err := ParseCSN(r.CSN)
	if err != nil {
		return File{}, payroll.Invalid("csn", "csn: %v", err)
	}
	if !advicePattern.MatchString(r.AdviceCode) || r.AdviceCode == "00" {
		return File{}, payroll.Invalid("adviceCode", "adviceCode must be two digits, 01 to 99")
	}
	to := from.AddDate(0, 1, 0)
	vol, err := q.SgCpfMonthVoluntaryLines(ctx, store.SgCpfMonthVoluntaryLinesParams{BusinessID: biz.ID, MonthFrom: from, MonthTo: to})
	if err != nil {
		return File{}, err
	}
	if vol > 0 {
		return File{}, payroll.Conflict("the runs paid in %s have voluntary CPF contributions, which are submitted under a voluntary-contribution CSN and are not built (docs/reference/sg-cpf-submission.md); nothing was filed", r.Month)
	}
	rows, err := q.SgCpfMonthEmployees(ctx, store.SgCpfMonthEmployeesParams{BusinessID: biz.ID, MonthFrom: from, MonthTo: to})
	if err != nil {
		return File{}, err
	}
	if len(rows) == 0 {
		return File{}, payroll.Conflict("no finalised pay run of this business was paid in %s; nothing was filed", r.Month)
	}
	// The self-help group funds deducted by the same runs (the pay run's
	// lines of subtype SelfHelpGroup.<fund>, internal/payrun/pay/sg_shg.go).
	shgRows, err := q.SgCpfMonthSelfHelpGroupLines(ctx, store.SgCpfMonthSelfHelpGroupLinesParams{BusinessID: biz.ID, MonthFrom: from, MonthTo: to})
	if err != nil {
		return File{}, err
	}
	funds := map[int64]map[string]int64{}
	for _, l := range shgRows {
		code, ok := FundCodes[strings.TrimPrefix(l.Subtype, "SelfHelpGroup.")]
		if !ok {
			return File{}, payroll.Conflict("employee %d: a self-help group deduction of unknown fund %q in the runs paid in %s; nothing was filed", l.EmployeeID, l.Subtype, r.Month)
		}
		if funds[l.EmployeeID] == nil {
			funds[l.EmployeeID] = map[string]int64{}
		}
		funds[l.EmployeeID][code] += l.Amount
	}
	in := Input{CSN: csn, AdviceCode: r.AdviceCode, Month: from, Created: now}
	last := to.AddDate(0, 0, -1)
	for _, e := range rows {
		in.SDL += e.Sdl
		in.Employees = append(in.Employees, Employee{AccountNumber: strings.ToUpper(strings.TrimSpace(e.Nric)), Name: e.FirstName + " " + e.Surname,
			Contribution: e.CpfEmployee + e.CpfEmployer, OrdinaryWages: e.OrdinaryWages, AdditionalWages: e.AdditionalWages,
			Status: Status(e.StartDate, e.EndDate, from, last), Funds: funds[e.ID]})
	}
	f, err := Build(in)
	if err != nil {
		return File{}, payroll.Conflict("the CPF contribution submission of %s cannot be built: %v; nothing was filed", r.Month, err)
	}
	return f, nil
}

// Status is the employment status of the detail record in the month
// [first, last] (note): N joined in it, L left in it, O joined and left in
// it, E otherwise (also one who left and re-joined in it).
func Status(start, end sql.NullTime, first, last time.Time) byte {
	in := func(t sql.NullTime) bool { return t.Valid && !t.Time.Before(first) && !t.Time.After(last) }
	joined, left := in(start), in(end)
	switch {
	case joined && left && !end.Time.Before(start.Time):
		return 'O'
	case joined && left:
		return 'E'
	case joined:
		return 'N'
	case left:
		return 'L'
	}
	return 'E'
}
