package payrun

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// Lookups of a few employees of a run by IN lists, so a submission costs
// what it submits rather than what the run holds: a 100,000-employee run
// filled 4,000 employees per request read the whole run per request
// (27x the time of a 10,000 run instead of 10x).

// inChunk bounds an IN list (SQLite allows 32,766 parameters).
const inChunk = 500

// runEmployee is what a submission needs of an employee of the run.
type runEmployee struct {
	ID         int64
	Name       string
	ExternalID string
}

// Rows is every employee row of a run, or the one of employeeID (404 when
// the employee is not in the run).
func (s *Service) Rows(ctx context.Context, q *store.Queries, runID, employeeID int64) ([]store.PayRunEmployee, error) {
	if employeeID == 0 {
		return q.ListPayRunEmployees(ctx, runID)
	}
	e, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: runID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return nil, payroll.NotFound("employee in this pay run")
	}
	return []store.PayRunEmployee{e}, err
}

// queryIn runs prefix + "(values...)" + suffix, the prefix having the
// parameters fixed, once per inChunk of values, and hands every row to
// scan.
func (s *Service) queryIn(ctx context.Context, q *store.Queries, prefix, suffix string, fixed []any, values []any, scan func(*sql.Rows) error) error {
	for start := 0; start < len(values); start += inChunk {
		part := values[start:min(start+inChunk, len(values))]
		var b strings.Builder
		b.WriteString(prefix)
		store.Placeholders(&b, 1, len(part), s.Positional(), len(fixed)+1)
		b.WriteString(suffix)
		rows, err := q.Query(ctx, b.String(), append(slices.Clip(fixed), part...)...)
		if err != nil {
			return err
		}
		for rows.Next() {
			if err := scan(rows); err != nil {
				rows.Close()
				return err
			}
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

func scanRunEmployee(rows *sql.Rows) (runEmployee, error) {
	var e runEmployee
	err := rows.Scan(&e.ID, &e.Name, &e.ExternalID)
	return e, err
}

// runEmployeesByID returns the employees of the run among ids.
func (s *Service) runEmployeesByID(ctx context.Context, q *store.Queries, runID int64, ids []int64) (map[int64]runEmployee, error) {
	out := make(map[int64]runEmployee, len(ids))
	values := make([]any, len(ids))
	for i, id := range ids {
		values[i] = id
	}
	err := s.queryIn(ctx, q, "SELECT employee_id, employee_name, employee_external_id FROM pay_run_employees WHERE pay_run_id = "+
		pay.Placeholder(s.Positional(), 1)+" AND employee_id IN ", "", []any{runID}, values, func(rows *sql.Rows) error {
		e, err := scanRunEmployee(rows)
		out[e.ID] = e
		return err
	})
	return out, err
}

// runEmployeesByExternalID returns the employees of the run whose
// external id is among keys, keyed by the external id as stored.
func (s *Service) runEmployeesByExternalID(ctx context.Context, q *store.Queries, bizID, runID int64, keys []string) (map[string]runEmployee, error) {
	out := make(map[string]runEmployee, len(keys))
	values := make([]any, len(keys))
	for i, k := range keys {
		values[i] = k
	}
	p := s.Positional()
	err := s.queryIn(ctx, q, "SELECT pre.employee_id, pre.employee_name, pre.employee_external_id FROM employees e JOIN pay_run_employees pre ON pre.pay_run_id = "+
		pay.Placeholder(p, 1)+" AND pre.employee_id = e.id WHERE e.business_id = "+pay.Placeholder(p, 2)+" AND e.external_id IN ", "", []any{runID, bizID}, values,
		func(rows *sql.Rows) error {
			e, err := scanRunEmployee(rows)
			out[e.ExternalID] = e
			return err
		})
	return out, err
}

// linesOfEmployees is the run's lines of kind for the employees ids, in
// the order ListPayRunLinesOfKind gives (employee, id), with only the
// columns a LineOut shows.
func (s *Service) linesOfEmployees(ctx context.Context, q *store.Queries, runID int64, kind string, ids []int64) ([]store.PayRunLine, error) {
	var out []store.PayRunLine
	values := make([]any, len(ids))
	for i, id := range ids {
		values[i] = id
	}
	p := s.Positional()
	err := s.queryIn(ctx, q, "SELECT id, employee_id, external_id, location_id, category_id, category_name, units, rate, amount, tax_exempt, notes, user_entered, subtype "+
		"FROM pay_run_lines WHERE pay_run_id = "+pay.Placeholder(p, 1)+" AND kind = "+pay.Placeholder(p, 2)+" AND employee_id IN ", " ORDER BY employee_id, id",
		[]any{runID, kind}, values, func(rows *sql.Rows) error {
			l := store.PayRunLine{PayRunID: runID, Kind: kind}
			err := rows.Scan(&l.ID, &l.EmployeeID, &l.ExternalID, &l.LocationID, &l.CategoryID, &l.CategoryName, &l.Units, &l.Rate,
				&l.Amount, &l.TaxExempt, &l.Notes, &l.UserEntered, &l.Subtype)
			out = append(out, l)
			return err
		})
	return out, err
}

// runFiguresByID reads the figures earnings lines share (shares.go) of
// the employees ids of a run.
func (s *Service) runFiguresByID(ctx context.Context, q *store.Queries, runID int64, ids []int64) (map[int64]shareFigures, error) {
	out := make(map[int64]shareFigures, len(ids))
	values := make([]any, len(ids))
	for i, id := range ids {
		values[i] = id
	}
	err := s.queryIn(ctx, q, "SELECT employee_id, tax, stsl, super_contribution FROM pay_run_employees WHERE pay_run_id = "+
		pay.Placeholder(s.Positional(), 1)+" AND employee_id IN ", "", []any{runID}, values, func(rows *sql.Rows) error {
		var id int64
		var f shareFigures
		err := rows.Scan(&id, &f.tax, &f.stsl, &f.superGuarantee)
		out[id] = f
		return err
	})
	return out, err
}

// submittedEmployees maps each key of a submission to the employee of the
// run it names (0 = not in the run): ids as given, external ids exactly or,
// failing that, without regard to case.
func (s *Service) submittedEmployees(ctx context.Context, q *store.Queries, bizID, runID int64, lines map[string][]LineIn, external bool) (map[string]int64, error) {
	out := make(map[string]int64, len(lines))
	if !external {
		ids := make([]int64, 0, len(lines))
		for key := range lines {
			if id, err := strconv.ParseInt(strings.TrimSpace(key), 10, 64); err == nil && id > 0 {
				ids = append(ids, id)
			}
		}
		found, err := s.runEmployeesByID(ctx, q, runID, ids)
		if err != nil {
			return nil, err
		}
		for id := range found {
			out[strconv.FormatInt(id, 10)] = id
		}
		return out, nil
	}
	keys := make([]string, 0, len(lines))
	for key := range lines {
		keys = append(keys, strings.TrimSpace(key))
	}
	found, err := s.runEmployeesByExternalID(ctx, q, bizID, runID, keys)
	if err != nil {
		return nil, err
	}
	missing := false
	for _, k := range keys {
		if e, ok := found[k]; ok {
			out[strings.ToLower(k)] = e.ID
		} else {
			missing = true
		}
	}
	if missing { // a key in another case: the run's external ids, once
		rows, err := q.ListPayRunEmployees(ctx, runID)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if k := strings.ToLower(r.EmployeeExternalID); r.EmployeeExternalID != "" && out[k] == 0 {
				out[k] = r.EmployeeID
			}
		}
	}
	return out, nil
}
