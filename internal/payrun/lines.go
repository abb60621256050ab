package payrun

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// LineIn is one submitted line of an inclusion collection: the members of
// the earnings line and deduction models this service stores.
type LineIn struct {
	ID                  int64          `json:"id,omitempty"`
	ExternalID          string         `json:"externalId,omitempty" maxLength:"50"`
	PayCategoryID       string         `json:"payCategoryId,omitempty"`
	DeductionCategoryID string         `json:"deductionCategoryId,omitempty"`
	LocationID          string         `json:"locationId,omitempty"`
	Units               *payroll.Rate  `json:"units,omitempty" doc:"earnings: the quantity of the pay category's unit (decimal hours for hourly categories)"`
	Rate                *payroll.Rate  `json:"rate,omitempty" doc:"earnings: the rate per unit in the business currency (default the employee's rate for the category)"`
	Earnings            *payroll.Money `json:"earnings,omitempty" doc:"earnings: the line's amount in the business currency (default units × rate)"`
	Amount              *payroll.Money `json:"amount,omitempty" doc:"deductions: the amount in the business currency"`
	Notes               string         `json:"notes,omitempty" maxLength:"500"`
	// AU earnings lines: how a back payment, bonus or commission is
	// withheld on (Schedule 5).
	LumpSumNumberOfPayPeriods *payroll.Rate `json:"lumpSumNumberOfPayPeriods,omitempty" doc:"AU: the pay periods a back payment, bonus or commission relates to (Schedule 5 Method A spreads it over them); 0 or absent = the pay periods in a year. SG: the months a commission is paid for; more than 1 (a quarter's commission: 3) makes it an additional wage for CPF"`
	LumpSumCalculationMethod  string        `json:"lumpSumCalculationMethod,omitempty" enum:"A,B2,NotApplicable" doc:"AU: A = an additional payment withheld on by Schedule 5 Method A (whatever the pay category); NotApplicable = pay for this period only (normal earnings); absent = as the pay category's kind says (back payments, bonuses and commissions are Method A). B2 is refused: Method B(ii) is not in the rules"`
	LumpSumEFinancialYear     *int64        `json:"lumpSumEFinancialYear,omitempty" doc:"AU: the financial year (its first calendar year) a back payment reported as Lump Sum E accrued in"`
	// Set by the other collections' handlers (not members of the earnings
	// and deduction lines): the category of an expense, liability or leave
	// line, and a line's subtype (see collections.go).
	CategoryID string `json:"-"`
	Subtype    string `json:"-"`
}

// Submission is the shared envelope of the inclusion collections.
type Submission struct {
	Kind                 string // pay.KindEarnings or pay.KindDeduction
	Member               string // the wire name of the dictionary, for 400s
	EmployeeIDType       string
	CategoryIDType       string
	ReplaceExisting      bool
	SuppressCalculations bool
	Lines                map[string][]LineIn
}

// LineOut is a stored line on the wire (AuEarningsLineModel and
// DeductionModel share these members; the category members carry the
// collection's names).
type LineOut struct {
	ID                 int64         `json:"id"`
	ExternalID         string        `json:"externalId"`
	EmployeeID         string        `json:"employeeId"`
	EmployeeName       string        `json:"employeeName"`
	EmployeeExternalID string        `json:"employeeExternalId"`
	LocationID         string        `json:"locationId"`
	LocationName       string        `json:"locationName"`
	CategoryID         string        `json:"-"`
	CategoryName       string        `json:"-"`
	Units              payroll.Rate  `json:"-"`
	Rate               payroll.Rate  `json:"-"`
	Amount             payroll.Money `json:"-"`
	Notes              string        `json:"notes"`
	IsSystemGenerated  bool          `json:"-"`
	Subtype            string        `json:"-"`
	LumpSumMethod      string        `json:"-"`
	LumpSumPeriods     payroll.Rate  `json:"-"`
	LumpSumEYear       int64         `json:"-"`
	// Share is an earnings line's share of the employee's figures
	// (shares.go); zero for other kinds.
	Share LineShare `json:"-"`
}

// Lines lists a run's lines of kind by employee id (employeeID 0 = all).
func (s *Service) Lines(ctx context.Context, biz business.Business, id int64, kind string, employeeID int64) (_ map[string][]LineOut, err error) {
	defer payroll.Wrap(&err, "list pay run %d %s lines", id, kind)
	q := s.DB.Queries()
	run, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return nil, err
	}
	var ote func(int64) bool
	if kind == pay.KindEarnings {
		if ote, err = s.OTEOf(ctx, biz); err != nil {
			return nil, err
		}
	}
	return s.linesOf(ctx, q, biz.Region, run, kind, employeeID, nil, ote)
}

// linesOf lists a run's lines of kind (employeeID 0 = all; only: a
// submission's employees). Earnings lines carry their share of the
// employee's figures (ote: the categories of ordinary time earnings).
func (s *Service) linesOf(ctx context.Context, q *store.Queries, region string, run store.PayRun, kind string, employeeID int64, only map[int64]bool,
	ote func(int64) bool) (map[string][]LineOut, error) {
	names := map[int64]runEmployee{}
	var lines []store.PayRunLine
	figures := map[int64]shareFigures{}
	var adjust []store.PayRunLine // super adjustments, for the earnings' super shares
	switch {
	case only != nil: // a submission's answer: its employees only
		ids := make([]int64, 0, len(only))
		for id := range only {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		var err error
		if names, err = s.runEmployeesByID(ctx, q, run.ID, ids); err != nil {
			return nil, err
		}
		if lines, err = s.linesOfEmployees(ctx, q, run.ID, kind, ids); err != nil {
			return nil, err
		}
		if kind == pay.KindEarnings {
			if figures, err = s.runFiguresByID(ctx, q, run.ID, ids); err != nil {
				return nil, err
			}
			if adjust, err = s.linesOfEmployees(ctx, q, run.ID, pay.KindSuperAdjustment, ids); err != nil {
				return nil, err
			}
			ded, err := s.linesOfEmployees(ctx, q, run.ID, pay.KindDeduction, ids)
			if err != nil {
				return nil, err
			}
			adjust = append(adjust, ded...)
		}
	case employeeID == 0: // the whole run: its lines of kind, then only their employees (a run without them reads nothing more)
		var err error
		if lines, err = q.ListPayRunLinesOfKind(ctx, store.ListPayRunLinesOfKindParams{PayRunID: run.ID, Kind: kind}); err != nil {
			return nil, err
		}
		var ids []int64
		for i, l := range lines {
			if i == 0 || l.EmployeeID != lines[i-1].EmployeeID { // in employee order
				ids = append(ids, l.EmployeeID)
			}
		}
		if names, err = s.runEmployeesByID(ctx, q, run.ID, ids); err != nil {
			return nil, err
		}
		if kind == pay.KindEarnings {
			if figures, err = s.runFiguresByID(ctx, q, run.ID, ids); err != nil {
				return nil, err
			}
			if adjust, err = q.ListPayRunLinesOfKind(ctx, store.ListPayRunLinesOfKindParams{PayRunID: run.ID, Kind: pay.KindSuperAdjustment}); err != nil {
				return nil, err
			}
			ded, err := q.ListPayRunLinesOfKind(ctx, store.ListPayRunLinesOfKindParams{PayRunID: run.ID, Kind: pay.KindDeduction})
			if err != nil {
				return nil, err
			}
			adjust = append(adjust, ded...)
		}
	default:
		rows, err := s.Rows(ctx, q, run.ID, employeeID)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			names[r.EmployeeID] = runEmployee{ID: r.EmployeeID, Name: r.EmployeeName, ExternalID: r.EmployeeExternalID}
			figures[r.EmployeeID] = shareFigures{tax: r.Tax, stsl: r.Stsl, superGuarantee: r.SuperContribution}
		}
		all, err := q.ListPayRunLinesOfEmployee(ctx, store.ListPayRunLinesOfEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
		if err != nil {
			return nil, err
		}
		for _, l := range all {
			if l.Kind == kind {
				lines = append(lines, l)
			}
		}
		adjust = all
	}
	shares := map[int64]LineShare{}
	if kind == pay.KindEarnings {
		byEmployee := map[int64][]store.PayRunLine{}
		for _, l := range lines {
			byEmployee[l.EmployeeID] = append(byEmployee[l.EmployeeID], l)
		}
		adj := superAdjustmentsOf(adjust)
		for id, ls := range byEmployee {
			f := figures[id]
			f.superGuarantee -= adj[id]
			for k, v := range lineShares(region, f, ls, ote) {
				shares[k] = v
			}
		}
	}
	out := map[string][]LineOut{}
	for _, l := range lines {
		if only != nil && !only[l.EmployeeID] {
			continue
		}
		e := names[l.EmployeeID]
		units, _ := pay.ParseRate(l.Units)
		rate, _ := pay.ParseRate(l.Rate)
		k := strconv.FormatInt(l.EmployeeID, 10)
		out[k] = append(out[k], LineOut{ID: l.ID, ExternalID: l.ExternalID, EmployeeID: k, EmployeeName: e.Name,
			EmployeeExternalID: e.ExternalID, LocationID: idString(l.LocationID), CategoryID: idString(l.CategoryID),
			CategoryName: l.CategoryName, Units: units, Rate: rate, Amount: money(l.Amount), Notes: l.Notes, IsSystemGenerated: !l.UserEntered,
			Subtype: l.Subtype, Share: shares[l.ID], LumpSumMethod: l.LumpSumMethod, LumpSumEYear: l.LumpSumEYear})
		if p, err := pay.ParseRate(l.LumpSumPeriods); err == nil {
			out[k][len(out[k])-1].LumpSumPeriods = p
		}
	}
	return out, nil
}

// Submit stores submitted lines of one collection: replaceExisting first
// removes the employees' lines of that kind (for earnings, also their
// standard earnings, which then stay off until the employee is added
// again), then each employee is recalculated unless suppressCalculations.
// Returns the submitted employees' lines of the kind.
func (s *Service) Submit(ctx context.Context, biz business.Business, id int64, sub Submission) (_ map[string][]LineOut, err error) {
	defer payroll.Wrap(&err, "submit pay run %d %s lines", id, sub.Kind)
	cats, err := s.LoadCategories(ctx, biz)
	if err != nil {
		return nil, err
	}
	if err := s.addCollectionCategories(ctx, biz, cats, sub.Kind); err != nil {
		return nil, err
	}
	var out map[string][]LineOut
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := s.Touch(ctx, q, biz, id)
		if err != nil {
			return err
		}
		var v payroll.Validation
		type pending struct {
			employeeID int64
			lines      []store.CreatePayRunLineParams
			subtypes   []string
			lumps      []lumpSum
		}
		var todo []pending
		// The submitted employees of the run, looked up by IN lists: a
		// submission costs what it submits, not what the run holds.
		external := strings.EqualFold(sub.EmployeeIDType, "External")
		byKey, err := s.submittedEmployees(ctx, q, biz.ID, run.ID, sub.Lines, external)
		if err != nil {
			return err
		}
		// Submitted keys in order, and below the employees by id with each
		// one's lines in the order given, so the lines get their ids in the
		// same order whatever the map's: two identical submissions store
		// identical lines.
		keys := make([]string, 0, len(sub.Lines))
		for key := range sub.Lines {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		for _, key := range keys {
			lines := sub.Lines[key]
			field := sub.Member + "." + key
			k := strings.TrimSpace(key)
			if external {
				k = strings.ToLower(k)
			}
			empID, ok := byKey[k]
			if !ok || empID == 0 {
				id, err := s.resolveEmployee(ctx, q, biz, key, external)
				if err != nil {
					return err
				}
				if id == 0 {
					v.Add(field, "no employee %q in this business", key)
				} else {
					v.Add(field, "employee %s is not in this pay run (add it with POST P/employee/%d)", key, id)
				}
				continue
			}
			p := pending{employeeID: empID}
			var emp *pay.EmployeeRow
			for i, in := range lines {
				lf := fmt.Sprintf("%s[%d]", field, i)
				l, ok := buildLine(&v, lf, sub, cats, in)
				if !ok {
					continue
				}
				l.BusinessID, l.PayRunID, l.EmployeeID = biz.ID, run.ID, empID
				st, _ := canonicalSubtype(sub.Kind, in.Subtype)
				var ls lumpSum
				switch sub.Kind {
				case pay.KindEarnings:
					if ls, ok = buildLumpSum(&v, lf, biz.Region, in); !ok {
						continue
					}
					if l.Rate == "" { // units without a rate: the employee's rate in the category
						if emp == nil {
							er, err := q.GetEmployeeForPay(ctx, store.GetEmployeeForPayParams{BusinessID: biz.ID, ID: empID})
							if err != nil {
								return err
							}
							e := pay.EmployeeRow(er)
							emp = &e
						}
						c, _ := cats.Find(pay.KindEarnings, strconv.FormatInt(l.CategoryID, 10), false)
						rate, note, found, err := s.CategoryRate(ctx, q, biz.ID, biz.Region, &run, emp, cats, c)
						if err != nil {
							return err
						}
						if !found {
							v.Add(lf+".rate", "the employee has no rate in pay category %s (no hourly rate to derive it from): give rate or earnings", c.Name)
							continue
						}
						units, _ := pay.ParseRate(l.Units)
						l.Rate, l.Amount = rate.String(), payroll.MoneyFromDecimal(units.Mul(rate).Decimal()).Cents().MinorUnits()
						if l.Notes == "" {
							l.Notes = note // how the rate was worked out (a loading; SG's hourly basic rate)
						}
					}
				case pay.KindDeduction:
					c, _ := cats.Find(pay.KindDeduction, strconv.FormatInt(l.CategoryID, 10), false)
					st = pay.DeductionSubtype(cats, c) // to super: paid to the employee's fund; to other benefits: not OTE; AU and NZ child support: limited
				}
				p.lines = append(p.lines, l)
				p.subtypes = append(p.subtypes, st)
				p.lumps = append(p.lumps, ls)
			}
			todo = append(todo, p)
		}
		if err := v.Err(); err != nil {
			return err
		}
		slices.SortStableFunc(todo, func(a, b pending) int { return cmp.Compare(a.employeeID, b.employeeID) })
		only := map[int64]bool{}
		w := s.NewWriter(q, biz.ID, run.ID)
		for _, p := range todo {
			only[p.employeeID] = true
			if sub.ReplaceExisting {
				if _, err := q.DeletePayRunLinesOfKind(ctx, store.DeletePayRunLinesOfKindParams{PayRunID: run.ID, EmployeeID: p.employeeID, Kind: sub.Kind}); err != nil {
					return err
				}
				if sub.Kind == pay.KindEarnings {
					if err := s.setStandard(ctx, q, &run, p.employeeID, false); err != nil {
						return err
					}
				}
			}
			if err := insertSubtyped(ctx, q, w, p.lines, p.subtypes, p.lumps); err != nil {
				return err
			}
		}
		if err := w.Flush(ctx); err != nil {
			return err
		}
		if !sub.SuppressCalculations {
			if err := s.recalcAll(ctx, q, biz, &run, cats, only); err != nil {
				return err
			}
		}
		out, err = s.linesOf(ctx, q, biz.Region, run, sub.Kind, 0, only, cats.OTE)
		return err
	})
	return out, err
}

// setStandard switches an employee's standard earnings on or off (the
// figures are recalculated by the caller).
func (s *Service) setStandard(ctx context.Context, q *store.Queries, run *store.PayRun, employeeID int64, on bool) error {
	row, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
	if err != nil {
		return err
	}
	if row.StandardEarnings == on {
		return nil
	}
	_, err = q.UpdatePayRunEmployeeFigures(ctx, store.UpdatePayRunEmployeeFiguresParams{PayRunID: run.ID, EmployeeID: employeeID,
		TotalHoursE4: row.TotalHoursE4, Gross: row.Gross, PreTax: row.PreTax, Taxable: row.Taxable, PostTax: row.PostTax, Tax: row.Tax,
		Stsl: row.Stsl, SuperContribution: row.SuperContribution, SuperBase: row.SuperBase, NiEmployee: row.NiEmployee, NiEmployer: row.NiEmployer,
		StudentLoan: row.StudentLoan, PostgradLoan: row.PostgradLoan, KiwisaverEmployee: row.KiwisaverEmployee, KiwisaverEmployer: row.KiwisaverEmployer,
		Esct: row.Esct, AccLevy: row.AccLevy, CpfEmployee: row.CpfEmployee, CpfEmployer: row.CpfEmployer, CpfOwSubject: row.CpfOwSubject,
		CpfAwSubject: row.CpfAwSubject, Sdl: row.Sdl, Net: row.Net, Expenses: row.Expenses, Liabilities: row.Liabilities,
		CalcError: row.CalcError, StandardEarnings: on, Class1aNic: row.Class1aNic, NiablePay: row.NiablePay})
	if err != nil {
		return err
	}
	if !on {
		_, err = q.DeleteCalculatedPayRunLines(ctx, store.DeleteCalculatedPayRunLinesParams{PayRunID: run.ID, EmployeeID: employeeID})
	}
	return err
}

// resolveEmployee finds an employee of the business by id or external id
// (0 when there is none).
func (s *Service) resolveEmployee(ctx context.Context, q *store.Queries, biz business.Business, key string, external bool) (int64, error) {
	key = strings.TrimSpace(key)
	if external {
		e, err := q.GetEmployeeByExternalID(ctx, store.GetEmployeeByExternalIDParams{BusinessID: biz.ID, ExternalID: key})
		if db.IsNoRows(err) {
			return 0, nil
		}
		return e.ID, err
	}
	id, err := strconv.ParseInt(key, 10, 64)
	if err != nil || id <= 0 {
		return 0, nil
	}
	e, err := q.GetEmployeeForPay(ctx, store.GetEmployeeForPayParams{BusinessID: biz.ID, ID: id})
	if db.IsNoRows(err) {
		return 0, nil
	}
	return e.ID, err
}

// buildLine checks one submitted line and makes its row. Earnings: a pay
// category, and earnings, or units × rate (rounded to the cent, half up).
// Deductions: a deduction category and a non-negative amount.
func buildLine(v *payroll.Validation, field string, sub Submission, cats *pay.Categories, in LineIn) (store.CreatePayRunLineParams, bool) {
	ext := strings.EqualFold(sub.CategoryIDType, "External")
	l := store.CreatePayRunLineParams{Kind: sub.Kind, Notes: strings.TrimSpace(in.Notes), ExternalID: strings.TrimSpace(in.ExternalID), UserEntered: true}
	ok := true
	if len(l.Notes) > 500 {
		v.Add(field+".notes", "notes must be at most 500 characters")
		ok = false
	}
	if len(l.ExternalID) > 50 {
		v.Add(field+".externalId", "externalId must be at most 50 characters")
		ok = false
	}
	if in.LocationID != "" {
		if id, err := strconv.ParseInt(in.LocationID, 10, 64); err == nil && id > 0 {
			l.LocationID = id
		}
	}
	switch sub.Kind {
	case pay.KindEarnings:
		c, found := cats.Find(pay.KindEarnings, in.PayCategoryID, ext)
		if !found {
			v.Add(field+".payCategoryId", "no pay category %q in this business", in.PayCategoryID)
			return l, false
		}
		l.CategoryID, l.CategoryName, l.TaxExempt = c.ID, c.Name, c.TaxExempt
		var units, rate payroll.Rate
		if in.Units != nil {
			units = *in.Units
		}
		if in.Rate != nil {
			rate = *in.Rate
		}
		var amount payroll.Money
		switch {
		case in.Earnings != nil:
			amount = in.Earnings.Cents()
			if in.Units == nil {
				units = payroll.RateFromInt(1)
				rate = payroll.RateFromDecimal(amount.Decimal())
			}
		case in.Units != nil && in.Rate != nil:
			amount = payroll.MoneyFromDecimal(units.Mul(rate).Decimal()).Cents()
		case in.Units != nil:
			// Units alone: paid at the employee's rate in the category
			// (Submit fills the rate; the line's rate stays "" until then).
			l.Units = units.String()
			return l, ok
		default:
			v.Add(field+".earnings", "give earnings, or units (with or without a rate)")
			return l, false
		}
		if units.IsNeg() && rate.IsNeg() {
			v.Add(field+".units", "units and rate cannot both be negative")
			ok = false
		}
		l.Units, l.Rate, l.Amount = units.String(), rate.String(), amount.MinorUnits()
	case pay.KindDeduction:
		c, found := cats.Find(pay.KindDeduction, in.DeductionCategoryID, ext)
		if !found {
			v.Add(field+".deductionCategoryId", "no deduction category %q in this business", in.DeductionCategoryID)
			return l, false
		}
		l.CategoryID, l.CategoryName, l.TaxExempt = c.ID, c.Name, c.TaxExempt
		if in.Amount == nil {
			v.Add(field+".amount", "amount is required")
			return l, false
		}
		if in.Amount.IsNeg() {
			v.Add(field+".amount", "amount must not be negative")
			return l, false
		}
		l.Amount = in.Amount.Cents().MinorUnits()
		l.Units, l.Rate = "", ""
	default:
		return buildAdjustment(v, field, sub, cats, in, l, ok)
	}
	return l, ok
}

// DeleteLine removes one line (by id) of a collection and recalculates its
// employee.
func (s *Service) DeleteLine(ctx context.Context, biz business.Business, id int64, kind string, lineID int64) (err error) {
	defer payroll.Wrap(&err, "delete pay run %d %s line %d", id, kind, lineID)
	cats, err := s.LoadCategories(ctx, biz)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := s.Touch(ctx, q, biz, id)
		if err != nil {
			return err
		}
		l, err := q.GetPayRunLine(ctx, store.GetPayRunLineParams{PayRunID: run.ID, ID: lineID})
		if db.IsNoRows(err) || (err == nil && l.Kind != kind) {
			return payroll.NotFound("line")
		}
		if err != nil {
			return err
		}
		if _, err := q.DeletePayRunLine(ctx, store.DeletePayRunLineParams{PayRunID: run.ID, ID: lineID, Kind: kind}); err != nil {
			return err
		}
		if kind == pay.KindEarnings && !l.UserEntered {
			// Deleting the standard earnings line takes the employee off
			// standard earnings (or recalculation would bring it back).
			if err := s.setStandard(ctx, q, &run, l.EmployeeID, false); err != nil {
				return err
			}
		}
		return s.recalcOne(ctx, q, biz, &run, l.EmployeeID, cats)
	})
}

// SetNotation sets the run's notation (shown on every pay slip).
func (s *Service) SetNotation(ctx context.Context, biz business.Business, id int64, notation string) (err error) {
	defer payroll.Wrap(&err, "pay run %d notation", id)
	if len(notation) > 1000 {
		return payroll.Invalid("notation", "notation must be at most 1000 characters")
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := s.Touch(ctx, q, biz, id); err != nil {
			return err
		}
		_, err := q.SetPayRunNotation(ctx, store.SetPayRunNotationParams{ID: id, BusinessID: biz.ID, Notation: notation, UpdatedAt: s.Clock.Now()})
		return err
	})
}

// SetEmployeeNotation sets one employee's notation in the run.
func (s *Service) SetEmployeeNotation(ctx context.Context, biz business.Business, id, employeeID int64, notation string) (err error) {
	defer payroll.Wrap(&err, "pay run %d employee %d notation", id, employeeID)
	if len(notation) > 1000 {
		return payroll.Invalid("notation", "notation must be at most 1000 characters")
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := s.Touch(ctx, q, biz, id); err != nil {
			return err
		}
		n, err := q.SetPayRunEmployeeNotation(ctx, store.SetPayRunEmployeeNotationParams{PayRunID: id, EmployeeID: employeeID, Notation: notation})
		if err == nil && n == 0 {
			return payroll.NotFound("employee in this pay run")
		}
		return err
	})
}

// IncludeEmployee adds an employee of the business to a draft run with
// their standard earnings, calculated; 409 when already in it.
func (s *Service) IncludeEmployee(ctx context.Context, biz business.Business, id, employeeID int64) (_ PayRunTotalModel, err error) {
	defer payroll.Wrap(&err, "include employee %d in pay run %d", employeeID, id)
	cats, err := s.LoadCategories(ctx, biz)
	if err != nil {
		return PayRunTotalModel{}, err
	}
	var out PayRunTotalModel
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := s.Touch(ctx, q, biz, id)
		if err != nil {
			return err
		}
		er, err := q.GetEmployeeForPay(ctx, store.GetEmployeeForPayParams{BusinessID: biz.ID, ID: employeeID})
		if db.IsNoRows(err) {
			return payroll.NotFound("employee")
		} else if err != nil {
			return err
		}
		if _, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID}); err == nil {
			return payroll.Conflict("employee %d is already in pay run %d", employeeID, id)
		} else if !db.IsNoRows(err) {
			return err
		}
		e := pay.EmployeeRow(er)
		ytds, err := pay.YearToDate(ctx, q, biz, &run)
		if err != nil {
			return err
		}
		w := s.NewWriter(q, biz.ID, run.ID)
		if err := w.AddEmployee(ctx, biz.Region, &run, &e, cats, true, ytds[e.ID]); err != nil {
			return err
		}
		if err := w.Flush(ctx); err != nil {
			return err
		}
		row, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
		if err != nil {
			return err
		}
		out = TotalModel(biz.Region, run, row)
		pens, err := pay.UKPensionsOf(ctx, q, biz.Region, biz.ID, run.ID, employeeID)
		if err != nil {
			return err
		}
		ApplyUKPension(&out, pens)
		my, err := pay.MYFiguresOf(ctx, q, biz, run.ID, employeeID)
		ApplyMY(&out, my, row.Tax)
		return err
	})
	return out, err
}

// RemoveEmployee takes an employee and their lines out of a draft run.
func (s *Service) RemoveEmployee(ctx context.Context, biz business.Business, id, employeeID int64) (err error) {
	defer payroll.Wrap(&err, "remove employee %d from pay run %d", employeeID, id)
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := s.Touch(ctx, q, biz, id)
		if err != nil {
			return err
		}
		row, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
		if db.IsNoRows(err) {
			return payroll.NotFound("employee in this pay run")
		} else if err != nil {
			return err
		}
		if _, err := q.DeletePayRunEmployee(ctx, store.DeletePayRunEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID}); err != nil {
			return err
		}
		// The run's kept totals (pay_runs.total_*) lose the row's figures.
		if err := q.AddPayRunTotals(ctx, store.AddPayRunTotalsParams{ID: run.ID, Employees: -1, HoursE4: -row.TotalHoursE4,
			Gross: -row.Gross, Net: -row.Net}); err != nil {
			return err
		}
		_, err = q.DeletePayRunLinesOfEmployee(ctx, store.DeletePayRunLinesOfEmployeeParams{PayRunID: run.ID, EmployeeID: employeeID})
		return err
	})
}
