package ess

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Payment summary statuses (B/paymentsummary/{financialYearEnding}).
//
// The state machine, per employee and financial year:
//
//	(none) --PUT--> Generated --POST--> Published --DELETE--> Unpublished
//	Generated/Unpublished --PUT--> Generated (figures recomputed; isAmended once it had been published)
//	(none)/Generated/Unpublished --POST--> Published (generated first when there is none)
//
// PUT never touches a Published summary. Each transition is a
// conditional UPDATE on the version read: of two racing requests one
// wins, the other is a 409.
const (
	SummaryGenerated   = "Generated"
	SummaryPublished   = "Published"
	SummaryUnpublished = "Unpublished"
)

// SummarySelection is the employees a payment summary operation covers
// (zero members do not filter).
type SummarySelection struct {
	EmployeeID, EmployingEntityID, LocationID int64
}

// StoredSummary is one employee's stored payment summary with the
// employee it is about.
type StoredSummary struct {
	PaymentSummary
	Status        string
	IsAmended     bool
	DateGenerated time.Time
	Employee      employee.Employee
}

func checkYear(biz business.Business, year int) error {
	if biz.Region != "AU" {
		return record.RegionError("payment summaries", au.Regions, biz)
	}
	if year < 1900 || year > 9999 {
		return payroll.Invalid("financialYearEnding", "financialYearEnding must be a year such as 2027")
	}
	return nil
}

// selectionWhere is the WHERE over employees e of biz that sel selects
// and p may see, its parameters numbered after args.
func (s *Payslips) selectionWhere(ctx context.Context, biz business.Business, p *payroll.Principal, sel SummarySelection, args []any) (string, []any, error) {
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return "", nil, err
	}
	bind := func(v any) string { args = append(args, v); return "$" + strconv.Itoa(len(args)) }
	where := []string{"e.business_id = " + bind(biz.ID)}
	if sel.EmployeeID != 0 {
		where = append(where, "e.id = "+bind(sel.EmployeeID))
	}
	if sel.EmployingEntityID != 0 {
		where = append(where, "e.employing_entity_id = "+bind(strconv.FormatInt(sel.EmployingEntityID, 10)))
	}
	if sel.LocationID != 0 {
		where = append(where, "EXISTS (SELECT 1 FROM employee_locations el WHERE el.employee_id = e.id AND el.location_id = "+bind(sel.LocationID)+")")
	}
	scope, sargs := sc.SQLFrom(len(args) + 1)
	args = append(args, sargs...)
	return strings.Join(append(where, scope), " AND "), args, nil
}

func (s *Payslips) stored(r store.PaymentSummary, e employee.Employee) StoredSummary {
	y := int(r.FinancialYear)
	return StoredSummary{PaymentSummary: PaymentSummary{ID: r.FinancialYear, Start: time.Date(y-1, time.July, 1, 0, 0, 0, 0, time.UTC),
		End: time.Date(y, time.June, 30, 0, 0, 0, 0, time.UTC), Gross: payroll.MoneyFromMinor(r.Gross), TaxWithheld: payroll.MoneyFromMinor(r.Tax),
		Super: payroll.MoneyFromMinor(r.Super), PayRuns: int(r.PayRuns), LumpSumA: payroll.MoneyFromMinor(r.LumpSumA), LumpSumD: payroll.MoneyFromMinor(r.LumpSumD),
		RESC: payroll.MoneyFromMinor(r.Resc), ETPTaxable: payroll.MoneyFromMinor(r.EtpTaxable), ETPTaxFree: payroll.MoneyFromMinor(r.EtpTaxFree), ETPCode: r.EtpCode,
		LumpSumB: payroll.MoneyFromMinor(r.LumpSumB), LumpSumE: payroll.MoneyFromMinor(r.LumpSumE), LumpSumAType: r.LumpSumAType},
		Status: r.Status, IsAmended: r.IsAmended, DateGenerated: r.DateGenerated, Employee: e}
}

// StoredSummaries lists the year's stored payment summaries of the
// selected employees p may see, by employee id.
func (s *Payslips) StoredSummaries(ctx context.Context, biz business.Business, p *payroll.Principal, year int, sel SummarySelection) (_ []StoredSummary, err error) {
	defer payroll.Wrap(&err, "payment summaries %d of business %d", year, biz.ID)
	if err := checkYear(biz, year); err != nil {
		return nil, err
	}
	where, args, err := s.selectionWhere(ctx, biz, p, sel, []any{int64(year)})
	if err != nil {
		return nil, err
	}
	rows, err := s.Employees.DB.Queries().Query(ctx, "SELECT ps.employee_id FROM payment_summaries ps JOIN employees e ON e.id = ps.employee_id "+
		"WHERE ps.financial_year = $1 AND "+where+" ORDER BY ps.employee_id", args...)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := []StoredSummary{}
	q := s.Employees.DB.Queries()
	for _, id := range ids {
		e, err := s.Employees.Visible(ctx, biz, p, id)
		if err != nil {
			return nil, err
		}
		r, err := q.GetPaymentSummary(ctx, store.GetPaymentSummaryParams{BusinessID: biz.ID, EmployeeID: id, FinancialYear: int64(year)})
		if err != nil {
			return nil, err
		}
		x, err := s.storedWithAmounts(ctx, biz.ID, r, e)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// paidEmployees are the selected employees p may see with finalised pay
// in the year.
func (s *Payslips) paidEmployees(ctx context.Context, biz business.Business, p *payroll.Principal, year int, sel SummarySelection) ([]employee.Employee, error) {
	start := time.Date(year-1, time.July, 1, 0, 0, 0, 0, time.UTC)
	where, args, err := s.selectionWhere(ctx, biz, p, sel, []any{start, start.AddDate(1, 0, 0)})
	if err != nil {
		return nil, err
	}
	rows, err := s.Employees.DB.Queries().Query(ctx, "SELECT DISTINCT e.id FROM pay_runs r JOIN pay_run_employees pe ON pe.pay_run_id = r.id "+
		"JOIN employees e ON e.id = pe.employee_id AND e.business_id = r.business_id WHERE r.status = 'Finalised' AND r.date_paid >= $1 AND r.date_paid < $2 AND "+
		where+" ORDER BY e.id", args...)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]employee.Employee, 0, len(ids))
	for _, id := range ids {
		e, err := s.Employees.Visible(ctx, biz, p, id)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// GenerateSummaries (PUT) computes the year's payment summary of each
// selected employee with finalised pay in it, from the same year totals
// self-service shows (summaries), and stores it Generated; a Published
// one is left alone. publish (POST) then publishes each one that is not.
// It returns the summaries it wrote, by employee id.
func (s *Payslips) GenerateSummaries(ctx context.Context, biz business.Business, p *payroll.Principal, year int, sel SummarySelection, publish bool) (_ []StoredSummary, err error) {
	defer payroll.Wrap(&err, "generate payment summaries %d of business %d", year, biz.ID)
	if err := checkYear(biz, year); err != nil {
		return nil, err
	}
	emps, err := s.paidEmployees(ctx, biz, p, year, sel)
	if err != nil {
		return nil, err
	}
	out := []StoredSummary{}
	now := s.Employees.Clock.Now().UTC()
	for _, e := range emps {
		list, err := s.summaries(ctx, biz, e, year)
		if err != nil {
			return nil, err
		}
		if len(list) == 0 {
			continue
		}
		sum := list[0]
		var row store.PaymentSummary
		err = s.Employees.DB.InTx(ctx, func(q *store.Queries) error {
			cur, err := q.GetPaymentSummary(ctx, store.GetPaymentSummaryParams{BusinessID: biz.ID, EmployeeID: e.ID, FinancialYear: int64(year)})
			switch {
			case db.IsNoRows(err):
				row, err = q.CreatePaymentSummary(ctx, store.CreatePaymentSummaryParams{BusinessID: biz.ID, EmployeeID: e.ID, FinancialYear: int64(year),
					Status: SummaryGenerated, Gross: sum.Gross.MinorUnits(), Tax: sum.TaxWithheld.MinorUnits(), Super: sum.Super.MinorUnits(),
					PayRuns: int64(sum.PayRuns), DateGenerated: now, LumpSumA: sum.LumpSumA.MinorUnits(), LumpSumD: sum.LumpSumD.MinorUnits(),
					Resc: sum.RESC.MinorUnits(), EtpTaxable: sum.ETPTaxable.MinorUnits(), EtpTaxFree: sum.ETPTaxFree.MinorUnits(), EtpCode: sum.ETPCode,
					LumpSumB: sum.LumpSumB.MinorUnits(), LumpSumE: sum.LumpSumE.MinorUnits(), LumpSumAType: sum.LumpSumAType})
				if err == nil {
					err = writeSummaryAmounts(ctx, q, biz.ID, row.ID, sum)
				}
			case err != nil:
				return err
			case cur.Status == SummaryPublished:
				row = cur
			default:
				row, err = q.RegeneratePaymentSummary(ctx, store.RegeneratePaymentSummaryParams{BusinessID: biz.ID, ID: cur.ID, Version: cur.Version,
					IsAmended: cur.IsAmended || cur.Status == SummaryUnpublished, Gross: sum.Gross.MinorUnits(), Tax: sum.TaxWithheld.MinorUnits(),
					Super: sum.Super.MinorUnits(), PayRuns: int64(sum.PayRuns), DateGenerated: now, LumpSumA: sum.LumpSumA.MinorUnits(),
					LumpSumD: sum.LumpSumD.MinorUnits(), Resc: sum.RESC.MinorUnits(), EtpTaxable: sum.ETPTaxable.MinorUnits(),
					EtpTaxFree: sum.ETPTaxFree.MinorUnits(), EtpCode: sum.ETPCode, LumpSumB: sum.LumpSumB.MinorUnits(), LumpSumE: sum.LumpSumE.MinorUnits(),
					LumpSumAType: sum.LumpSumAType})
				if err == nil {
					err = writeSummaryAmounts(ctx, q, biz.ID, row.ID, sum)
				}
			}
			if db.IsNoRows(err) {
				return payroll.Conflict("the payment summary %d of employee %d changed meanwhile; try again", year, e.ID)
			}
			if err != nil || !publish || row.Status == SummaryPublished {
				return err
			}
			row, err = q.SetPaymentSummaryStatus(ctx, store.SetPaymentSummaryStatusParams{BusinessID: biz.ID, ID: row.ID, Version: row.Version,
				Status: row.Status, Status_2: SummaryPublished})
			if db.IsNoRows(err) {
				return payroll.Conflict("the payment summary %d of employee %d changed meanwhile; try again", year, e.ID)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		x, err := s.storedWithAmounts(ctx, biz.ID, row, e)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// UnpublishSummaries (DELETE) takes the selected employees' published
// summaries of the year back (Unpublished: self-service no longer shows
// them) and returns them.
func (s *Payslips) UnpublishSummaries(ctx context.Context, biz business.Business, p *payroll.Principal, year int, sel SummarySelection) (_ []StoredSummary, err error) {
	defer payroll.Wrap(&err, "unpublish payment summaries %d of business %d", year, biz.ID)
	list, err := s.StoredSummaries(ctx, biz, p, year, sel)
	if err != nil {
		return nil, err
	}
	out := []StoredSummary{}
	for _, x := range list {
		if x.Status != SummaryPublished {
			continue
		}
		var row store.PaymentSummary
		err := s.Employees.DB.InTx(ctx, func(q *store.Queries) error {
			cur, err := q.GetPaymentSummary(ctx, store.GetPaymentSummaryParams{BusinessID: biz.ID, EmployeeID: x.Employee.ID, FinancialYear: int64(year)})
			if err != nil {
				return err
			}
			row, err = q.SetPaymentSummaryStatus(ctx, store.SetPaymentSummaryStatusParams{BusinessID: biz.ID, ID: cur.ID, Version: cur.Version,
				Status: SummaryPublished, Status_2: SummaryUnpublished})
			if db.IsNoRows(err) {
				return payroll.Conflict("the payment summary %d of employee %d is no longer published", year, x.Employee.ID)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		y, err := s.storedWithAmounts(ctx, biz.ID, row, x.Employee)
		if err != nil {
			return nil, err
		}
		out = append(out, y)
	}
	return out, nil
}

// publishedOnly applies the employer's payment summaries to what
// self-service shows: a year with a stored summary is shown only when it
// is Published, with its stored figures; a year never generated keeps the
// live year totals (the year to date).
func (s *Payslips) publishedOnly(ctx context.Context, biz business.Business, employeeID int64, list []PaymentSummary) ([]PaymentSummary, error) {
	rows, err := s.Employees.DB.Queries().ListEmployeePaymentSummaries(ctx, store.ListEmployeePaymentSummariesParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil || len(rows) == 0 {
		return list, err
	}
	byYear := map[int64]store.PaymentSummary{}
	for _, r := range rows {
		byYear[r.FinancialYear] = r
	}
	out := []PaymentSummary{}
	for _, x := range list {
		r, ok := byYear[x.ID]
		if !ok {
			out = append(out, x)
			continue
		}
		if r.Status == SummaryPublished {
			x.Gross, x.TaxWithheld, x.Super, x.PayRuns = payroll.MoneyFromMinor(r.Gross), payroll.MoneyFromMinor(r.Tax), payroll.MoneyFromMinor(r.Super), int(r.PayRuns)
			out = append(out, x)
		}
	}
	return out, nil
}

// Kinds of payment_summary_amounts rows.
const (
	summaryAllowance = "Allowance"
	summaryUnionFee  = "UnionFee"
	summaryGiving    = "WorkplaceGiving"
	// An ETP's amounts, named by its payment date and code ("2026-11-25 O").
	summaryETPTaxable = "ETPTaxable"
	summaryETPTaxFree = "ETPTaxFree"
	summaryETPTax     = "ETPTaxWithheld"
)

// etpName is the name of an ETP's stored amounts: its date paid and code.
func etpName(e ETPSummary) string { return e.PaymentDate.Format(time.DateOnly) + " " + e.Code }

// writeSummaryAmounts replaces stored summary id's allowances and union
// fees with sum's, in the caller's transaction.
func writeSummaryAmounts(ctx context.Context, q *store.Queries, bizID, id int64, sum PaymentSummary) error {
	if err := q.DeletePaymentSummaryAmounts(ctx, store.DeletePaymentSummaryAmountsParams{BusinessID: bizID, PaymentSummaryID: id}); err != nil {
		return err
	}
	amounts := map[string]map[string]payroll.Money{summaryAllowance: sum.Allowances, summaryUnionFee: sum.UnionFees, summaryGiving: sum.WorkplaceGiving,
		summaryETPTaxable: {}, summaryETPTaxFree: {}, summaryETPTax: {}}
	for _, e := range sum.ETPs {
		n := etpName(e)
		amounts[summaryETPTaxable][n], amounts[summaryETPTaxFree][n], amounts[summaryETPTax][n] = e.Taxable, e.TaxFree, e.TaxWithheld
	}
	for kind, m := range amounts {
		for name, a := range m {
			if err := q.InsertPaymentSummaryAmount(ctx, store.InsertPaymentSummaryAmountParams{PaymentSummaryID: id, BusinessID: bizID,
				Kind: kind, Name: name, Amount: a.MinorUnits()}); err != nil {
				return err
			}
		}
	}
	return nil
}

// storedWithAmounts is stored row r with its allowances and union fees.
func (s *Payslips) storedWithAmounts(ctx context.Context, bizID int64, r store.PaymentSummary, e employee.Employee) (StoredSummary, error) {
	x := s.stored(r, e)
	rows, err := s.Employees.DB.Queries().ListPaymentSummaryAmounts(ctx, store.ListPaymentSummaryAmountsParams{PaymentSummaryID: r.ID, BusinessID: bizID})
	if err != nil {
		return x, err
	}
	x.Allowances, x.UnionFees, x.WorkplaceGiving = map[string]payroll.Money{}, map[string]payroll.Money{}, map[string]payroll.Money{}
	etp := func(name string) *ETPSummary {
		i := slices.IndexFunc(x.ETPs, func(e ETPSummary) bool { return etpName(e) == name })
		if i < 0 {
			date, code, _ := strings.Cut(name, " ")
			d, _ := time.Parse(time.DateOnly, date)
			x.ETPs = append(x.ETPs, ETPSummary{PaymentDate: d, Code: code})
			i = len(x.ETPs) - 1
		}
		return &x.ETPs[i]
	}
	for _, a := range rows {
		m, amt := x.Allowances, payroll.MoneyFromMinor(a.Amount)
		switch a.Kind {
		case summaryUnionFee:
			m = x.UnionFees
		case summaryGiving:
			m = x.WorkplaceGiving
		case summaryETPTaxable:
			etp(a.Name).Taxable = amt
			continue
		case summaryETPTaxFree:
			etp(a.Name).TaxFree = amt
			continue
		case summaryETPTax:
			etp(a.Name).TaxWithheld = amt
			continue
		}
		m[a.Name] = amt
	}
	return x, nil
}
