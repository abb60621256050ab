package report

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// PayCategoryRow is one employee's earnings of one pay category in one
// finalised run (AuPayCategoriesModel).
type PayCategoryRow struct {
	PayCategory string           `json:"payCategory"`
	PayRun      string           `json:"payRun"`
	DatePaid    payroll.DateTime `json:"datePaid"`
	EmployeeID  int64            `json:"employeeId"`
	FirstName   string           `json:"firstName"`
	Surname     string           `json:"surname"`
	ExternalID  string           `json:"externalId"`
	Location    string           `json:"location"`
	Units       payroll.Rate     `json:"units"`
	Rate        payroll.Rate     `json:"rate" doc:"amount / units, to 4 places (0 without units)"`
	Amount      payroll.Money    `json:"amount"`
	locationID  int64            // where earned (costing)
	categoryID  int64
	SuperAmount payroll.Money `json:"superAmount" doc:"the employee's super contribution of the run shared over its pay categories in proportion to their amounts (largest remainder, so the shares add up to the contribution to the cent)"`
}

// PayRunName names a run in reports.
func PayRunName(id int64, ending time.Time) string {
	return fmt.Sprintf("Pay run %d ending %s", id, ending.Format("2006-01-02"))
}

// PayCategoriesQuery is the pay categories report's own options.
type PayCategoriesQuery struct {
	Filter
	// GroupByEarningsLocation reports each line's location (where it was
	// earned) instead of the employee's primary location.
	GroupByEarningsLocation bool
}

// PayCategories lists the earnings of the selected finalised runs per
// run, employee and pay category (and location with
// GroupByEarningsLocation).
func (s *Service) PayCategories(ctx context.Context, biz business.Business, p *payroll.Principal, pq PayCategoriesQuery) (_ []PayCategoryRow, err error) {
	defer payroll.Wrap(&err, "pay categories report of business %d", biz.ID)
	var b Args
	where, err := s.runScope(ctx, biz, p, pq.Filter, &b)
	if err != nil {
		return nil, err
	}
	type key struct {
		run, emp, cat int64
		loc           string
	}
	type acc = catAcc
	groups := map[key]*acc{}
	var order []key
	q := "SELECT r.id, r.period_ending, r.date_paid, e.id, e.first_name, e.surname, e.external_id, e.primary_location, COALESCE(e.primary_location_id, 0), COALESCE(loc.id, 0), COALESCE(loc.name, ''), " +
		"l.category_id, l.category_name, l.units, l.amount, pe.super_contribution, pe.gross" + runFrom +
		" JOIN pay_run_lines l ON l.pay_run_id = r.id AND l.employee_id = pe.employee_id LEFT JOIN locations loc ON loc.id = l.location_id AND loc.business_id = r.business_id" +
		where + " AND l.kind = 'earnings' ORDER BY r.date_paid, r.id, e.surname, e.first_name, e.id, l.category_name, l.id"
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var r PayCategoryRow
		var run, cat, amt, super, gross int64
		_ = gross
		var ending, paid time.Time
		var primary, lineLoc, units string
		var primaryID, lineLocID int64
		if err := rows.Scan(&run, &ending, &paid, &r.EmployeeID, &r.FirstName, &r.Surname, &r.ExternalID, &primary, &primaryID, &lineLocID, &lineLoc,
			&cat, &r.PayCategory, &units, &amt, &super, &gross); err != nil {
			return err
		}
		r.Location, r.locationID = primary, primaryID
		if pq.GroupByEarningsLocation && lineLocID != 0 {
			r.Location, r.locationID = lineLoc, lineLocID
		}
		r.categoryID = cat
		k := key{run, r.EmployeeID, cat, r.Location}
		a, ok := groups[k]
		if !ok {
			r.PayRun, r.DatePaid = PayRunName(run, ending), payroll.NewDateTime(paid)
			a = &acc{row: r, super: super}
			groups[k] = a
			order = append(order, k)
		}
		if u, err := payroll.ParseRate(units); err == nil && units != "" {
			a.units = a.units.Add(u)
		}
		a.minor += amt
		return nil
	})

	if err != nil {
		return nil, err
	}
	// Share each employee-run's super over its categories.
	type er struct{ run, emp int64 }
	shares := map[er][]*acc{}
	var ers []er
	for _, k := range order {
		e := er{k.run, k.emp}
		if _, ok := shares[e]; !ok {
			ers = append(ers, e)
		}
		shares[e] = append(shares[e], groups[k])
	}
	for _, e := range ers {
		allocate(shares[e])
	}
	out := make([]PayCategoryRow, 0, len(order))
	for _, k := range order {
		a := groups[k]
		a.row.Units, a.row.Amount = a.units, Money(a.minor)
		if !a.units.IsZero() {
			a.row.Rate = payroll.RateFromDecimal(Money(a.minor).Ratio(payroll.MoneyFromDecimal(a.units.Decimal())).RoundHalfUp(4).Decimal())
		}
		out = append(out, a.row)
	}
	return out, nil
}

// catAcc sums one row of the pay categories report.
type catAcc struct {
	row   PayCategoryRow
	units payroll.Rate
	minor int64
	super int64 // the employee's contribution in the run
}

// allocate shares the employee-run's super contribution over its
// categories in proportion to their amounts: floor shares, then the
// cents left over one each to the largest remainders, so the shares sum
// to the contribution exactly.
func allocate(accs []*catAcc) {
	if len(accs) == 0 {
		return
	}
	super := accs[0].super
	var total int64
	for _, a := range accs {
		total += a.minor
	}
	if total <= 0 || super == 0 {
		return
	}
	rem := make([]int64, len(accs))
	left := super
	for i, a := range accs {
		share := super * a.minor / total
		rem[i] = super * a.minor % total
		a.row.SuperAmount = Money(share)
		left -= share
	}
	idx := make([]int, len(accs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(x, y int) bool { return rem[idx[x]] > rem[idx[y]] })
	for i := 0; left > 0 && i < len(idx); i++ {
		a := accs[idx[i]]
		a.row.SuperAmount = a.row.SuperAmount.Add(Money(1))
		left--
	}
}
