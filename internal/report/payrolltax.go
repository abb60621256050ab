package report

import (
	"context"
	"database/sql"
	"encoding/json"
	"sort"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// PayrollTaxRow is one employee's wages of one type in one state over the
// selected finalised runs (PayrollTaxReportExportModel).
type PayrollTaxRow struct {
	EmployeeID                  int64         `json:"employeeId"`
	FirstName                   string        `json:"firstName"`
	Surname                     string        `json:"surname"`
	ExternalID                  string        `json:"externalId"`
	Location                    string        `json:"location"`
	Type                        string        `json:"type" doc:"the pay category, or Superannuation"`
	State                       string        `json:"state" doc:"the location's state, else the employee's residential state"`
	Amount                      payroll.Money `json:"amount"`
	EmployeePayrollTaxExempt    bool          `json:"employeePayrollTaxExempt"`
	PayCategoryPayrollTaxExempt bool          `json:"payCategoryPayrollTaxExempt"`
	TerminationPayment          bool          `json:"terminationPayment" doc:"false: termination payments are not distinguished by this service"`
	Allowance                   bool          `json:"allowance"`
	Etp                         bool          `json:"etp"`
	GenuineRedundancy           bool          `json:"genuineRedundancy"`
	LumpSumD                    bool          `json:"lumpSumD"`
}

var payrollTaxGroups = []string{"EarningsLocation", "DefaultLocation", "EarningsRollUpLocation"}

// PayrollTax sums the earnings and super of the selected finalised runs
// per employee, state and type (pay category or Superannuation). The
// state is the location's: where each line was earned (groupBy
// EarningsLocation, the default, and EarningsRollUpLocation: a roll-up
// location is in its children's state) or the employee's primary location
// (DefaultLocation); without a location state, the employee's residential
// state. Super is the pay categories report's shares of each contribution.
func (s *Service) PayrollTax(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter, groupBy string) (_ []PayrollTaxRow, err error) {
	defer payroll.Wrap(&err, "payroll tax report of business %d", biz.ID)
	group := "EarningsLocation"
	if groupBy != "" {
		var ok bool
		if group, ok = record.Canonical(payrollTaxGroups, groupBy); !ok {
			return nil, payroll.Invalid("groupBy", "groupBy must be EarningsLocation, DefaultLocation or EarningsRollUpLocation")
		}
	}
	lines, err := s.PayCategories(ctx, biz, p, PayCategoriesQuery{Filter: f, GroupByEarningsLocation: group != "DefaultLocation"})
	if err != nil || len(lines) == 0 {
		return []PayrollTaxRow{}, err
	}
	states := map[int64]string{}
	err = s.Query(ctx, "SELECT id, state FROM locations WHERE business_id = $1", []any{biz.ID}, func(rows *sql.Rows) error {
		var id int64
		var st string
		if err := rows.Scan(&id, &st); err != nil {
			return err
		}
		states[id] = st
		return nil
	})

	if err != nil {
		return nil, err
	}
	exemptCat := map[int64]bool{}
	err = s.Query(ctx, "SELECT id, data FROM records WHERE business_id = $1 AND kind = $2", []any{biz.ID, record.KindPayCategory}, func(rows *sql.Rows) error {
		var id int64
		var data string
		if err := rows.Scan(&id, &data); err != nil {
			return err
		}
		var doc struct {
			IsPayrollTaxExempt bool `json:"isPayrollTaxExempt"`
		}
		if json.Unmarshal([]byte(data), &doc) == nil {
			exemptCat[id] = doc.IsPayrollTaxExempt
		}
		return nil
	})

	if err != nil {
		return nil, err
	}
	type emp struct {
		state  string
		exempt bool
	}
	emps := map[int64]emp{}
	var b Args
	where, err := s.EmployeeScope(ctx, biz, p, Filter{EmployeeID: f.EmployeeID, LocationID: f.LocationID, EmployingEntityID: f.EmployingEntityID}, &b)
	if err != nil {
		return nil, err
	}
	ids := map[int64]bool{}
	for _, l := range lines {
		ids[l.EmployeeID] = true
	}
	err = s.Query(ctx, "SELECT e.id, e.residential_state, COALESCE(e.is_exempt_from_payroll_tax, FALSE) FROM employees e"+where, b.Values, func(rows *sql.Rows) error {
		var id int64
		var x emp
		if err := rows.Scan(&id, &x.state, &x.exempt); err != nil {
			return err
		}
		if ids[id] {
			emps[id] = x
		}
		return nil
	})

	if err != nil {
		return nil, err
	}
	type key struct {
		emp        int64
		state, typ string
		loc        string
		catExempt  bool
	}
	at := map[key]int{}
	out := []PayrollTaxRow{}
	add := func(l PayCategoryRow, typ string, catExempt bool, amount payroll.Money) {
		e := emps[l.EmployeeID]
		st := states[l.locationID]
		if st == "" {
			st = e.state
		}
		k := key{l.EmployeeID, st, typ, l.Location, catExempt}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, PayrollTaxRow{EmployeeID: l.EmployeeID, FirstName: l.FirstName, Surname: l.Surname, ExternalID: l.ExternalID, Location: l.Location,
				Type: typ, State: st, EmployeePayrollTaxExempt: e.exempt, PayCategoryPayrollTaxExempt: catExempt})
		}
		out[i].Amount = out[i].Amount.Add(amount)
	}
	for _, l := range lines {
		add(l, l.PayCategory, exemptCat[l.categoryID], l.Amount)
		if !l.SuperAmount.IsZero() {
			add(l, "Superannuation", false, l.SuperAmount)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, c := out[i], out[j]
		if a.Surname != c.Surname {
			return a.Surname < c.Surname
		}
		if a.EmployeeID != c.EmployeeID {
			return a.EmployeeID < c.EmployeeID
		}
		if a.State != c.State {
			return a.State < c.State
		}
		return a.Type < c.Type
	})
	return out, nil
}
