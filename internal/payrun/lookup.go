package payrun

import (
	"context"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
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

// placeholder is the n-th (1-based) bound parameter of the dialect.
func placeholder(b *strings.Builder, positional bool, n int) {
	if positional {
		b.WriteByte('?')
		return
	}
	b.WriteByte('$')
	b.WriteString(strconv.Itoa(n))
}

// inQuery is prefix + "(p, p, ...)" + suffix for n values after the
// prefix's own fixed parameters.
func inQuery(prefix, suffix string, fixed, n int, positional bool) string {
	var b strings.Builder
	b.WriteString(prefix)
	b.WriteByte('(')
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		placeholder(&b, positional, fixed+i+1)
	}
	b.WriteByte(')')
	b.WriteString(suffix)
	return b.String()
}

func (s *Service) positional() bool { return s.DB.Dialect == db.SQLite }

// runEmployeesByID returns the employees of the run among ids.
func (s *Service) runEmployeesByID(ctx context.Context, q *store.Queries, runID int64, ids []int64) (map[int64]runEmployee, error) {
	out := make(map[int64]runEmployee, len(ids))
	for start := 0; start < len(ids); start += inChunk {
		part := ids[start:min(start+inChunk, len(ids))]
		args := make([]any, 0, len(part)+1)
		args = append(args, runID)
		for _, id := range part {
			args = append(args, id)
		}
		pfx := "SELECT employee_id, employee_name, employee_external_id FROM pay_run_employees WHERE pay_run_id = " + ph(s.positional(), 1) + " AND employee_id IN "
		if err := scanRunEmployees(ctx, q, inQuery(pfx, "", 1, len(part), s.positional()), args, func(e runEmployee) { out[e.ID] = e }); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// runEmployeesByExternalID returns the employees of the run whose
// external id is among keys, keyed by the external id as stored.
func (s *Service) runEmployeesByExternalID(ctx context.Context, q *store.Queries, bizID, runID int64, keys []string) (map[string]runEmployee, error) {
	out := make(map[string]runEmployee, len(keys))
	for start := 0; start < len(keys); start += inChunk {
		part := keys[start:min(start+inChunk, len(keys))]
		args := make([]any, 0, len(part)+2)
		args = append(args, runID, bizID)
		for _, k := range part {
			args = append(args, k)
		}
		p := s.positional()
		pfx := "SELECT pre.employee_id, pre.employee_name, pre.employee_external_id FROM employees e JOIN pay_run_employees pre ON pre.pay_run_id = " +
			ph(p, 1) + " AND pre.employee_id = e.id WHERE e.business_id = " + ph(p, 2) + " AND e.external_id IN "
		if err := scanRunEmployees(ctx, q, inQuery(pfx, "", 2, len(part), p), args, func(e runEmployee) { out[e.ExternalID] = e }); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func ph(positional bool, n int) string {
	var b strings.Builder
	placeholder(&b, positional, n)
	return b.String()
}

func scanRunEmployees(ctx context.Context, q *store.Queries, query string, args []any, add func(runEmployee)) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var e runEmployee
		if err := rows.Scan(&e.ID, &e.Name, &e.ExternalID); err != nil {
			return err
		}
		add(e)
	}
	return rows.Err()
}

// linesOfEmployees is the run's lines of kind for the employees ids, in
// the order ListPayRunLinesOfKind gives (employee, id), with only the
// columns a LineOut shows.
func (s *Service) linesOfEmployees(ctx context.Context, q *store.Queries, runID int64, kind string, ids []int64) ([]store.PayRunLine, error) {
	var out []store.PayRunLine
	p := s.positional()
	for start := 0; start < len(ids); start += inChunk {
		part := ids[start:min(start+inChunk, len(ids))]
		args := make([]any, 0, len(part)+2)
		args = append(args, runID, kind)
		for _, id := range part {
			args = append(args, id)
		}
		query := inQuery("SELECT id, employee_id, external_id, location_id, category_id, category_name, units, rate, amount, notes, user_entered, subtype "+
			"FROM pay_run_lines WHERE pay_run_id = "+ph(p, 1)+" AND kind = "+ph(p, 2)+" AND employee_id IN ", " ORDER BY employee_id, id", 2, len(part), p)
		rows, err := q.Query(ctx, query, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			l := store.PayRunLine{PayRunID: runID, Kind: kind}
			if err := rows.Scan(&l.ID, &l.EmployeeID, &l.ExternalID, &l.LocationID, &l.CategoryID, &l.CategoryName, &l.Units, &l.Rate,
				&l.Amount, &l.Notes, &l.UserEntered, &l.Subtype); err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, l)
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
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
