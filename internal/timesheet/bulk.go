package timesheet

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/webhook"
)

// Id types of the bulk request (IdType).
const (
	IDStandard = "Standard"
	IDExternal = "External"
)

// BulkLine is one line of a bulk request. Its ids arrive as text so
// external ids can stand in for locations and work types.
type BulkLine struct {
	Input
	WorkTypeRef, LocationRef         string
	PayCategoryRef, LeaveCategoryRef string
	ShiftConditionRefs               []string
}

// BulkRequest is a bulk submission (SubmitTimesheetsRequest): lines keyed
// by employee id (or external id).
type BulkRequest struct {
	From, To                                       payroll.DateTime // dates, inclusive
	Approved                                       bool             // store the lines Approved
	EmployeeIDType, LocationIDType, WorkTypeIDType string           // Standard (default) or External
	ReturnResponse                                 bool
	Timesheets                                     map[string][]BulkLine
}

// BulkResult is the stored lines per employee key of the request (empty
// unless ReturnResponse).
type BulkResult map[string][]Line

// MaxBulkLines bounds one request.
const MaxBulkLines = 100000

// Bulk adds the request's lines; with replace, every line of each
// employee starting from From through To that is not Processed is deleted
// first (Processed lines stay). Everything is validated before anything
// is written, and it all happens in one transaction.
func (s *Service) Bulk(ctx context.Context, biz business.Business, p *payroll.Principal, req BulkRequest, replace bool) (_ BulkResult, err error) {
	defer payroll.Wrap(&err, "bulk timesheets")
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	var v payroll.Validation
	empType, locType, wtType := idTypeOf(&v, "employeeIdType", req.EmployeeIDType), idTypeOf(&v, "locationIdType", req.LocationIDType), idTypeOf(&v, "workTypeIdType", req.WorkTypeIDType)
	if replace && (req.From.IsZero() || req.To.IsZero()) {
		if req.From.IsZero() {
			v.Add("fromDate", "fromDate is required to replace timesheets")
		}
		if req.To.IsZero() {
			v.Add("toDate", "toDate is required to replace timesheets")
		}
	}
	if !req.From.IsZero() && !req.To.IsZero() && req.To.Before(req.From.Time) {
		v.Add("toDate", "toDate must not be before fromDate")
	}
	total := 0
	keys := make([]string, 0, len(req.Timesheets))
	for k, ls := range req.Timesheets {
		keys = append(keys, k)
		total += len(ls)
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		v.Add("timesheets", "timesheets must name at least one employee")
	}
	if total > MaxBulkLines {
		v.Add("timesheets", "at most %d lines per request", MaxBulkLines)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	from, to := payroll.DateOnly(req.From.Time), payroll.DateOnly(req.To.Time).AddDate(0, 0, 1)

	out := BulkResult{}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		emps, err := s.resolveEmployees(ctx, q, a, keys, empType)
		if err != nil {
			return err
		}
		refs := &refChecker{q: q, bizID: biz.ID}
		res := &refResolver{q: q, bizID: biz.ID, v: &v}
		resolve := func(kindName, typ, ref, member string) *int64 { return res.resolve(ctx, kindName, typ, ref, member) }
		type pending struct {
			key  string
			line Line
		}
		var todo []pending
		for _, k := range keys {
			empID, ok := emps[k]
			if !ok {
				v.Add(fmt.Sprintf("timesheets[%s]", k), "%q is not an employee of this business you may see", k)
				continue
			}
			for i := range req.Timesheets[k] {
				bl := &req.Timesheets[k][i]
				in := &bl.Input
				in.Prefix = fmt.Sprintf("timesheets[%s][%d].", k, i)
				in.EmployeeID = empID
				in.LocationID = resolve(record.KindLocation, locType, bl.LocationRef, in.name("locationId"))
				in.WorkTypeID = resolve(record.KindWorkType, wtType, bl.WorkTypeRef, in.name("workTypeId"))
				in.PayCategoryID = resolve(record.KindPayCategory, IDStandard, bl.PayCategoryRef, in.name("payCategoryId"))
				in.LeaveCategoryID = resolve(record.KindLeaveCategory, IDStandard, bl.LeaveCategoryRef, in.name("leaveCategoryId"))
				for _, r := range bl.ShiftConditionRefs {
					if id := resolve(record.KindWorkType, wtType, r, in.name("shiftConditionIds")); id != nil {
						in.ShiftConditionIDs = append(in.ShiftConditionIDs, *id)
					}
				}
				if req.Approved {
					in.Status = StatusApproved
				}
				l := in.build(&v)
				if err := refs.check(ctx, &l, in, &v); err != nil {
					return err
				}
				if !l.Start.IsZero() && ((!req.From.IsZero() && l.Start.Before(from)) || (!req.To.IsZero() && !l.Start.Before(to))) {
					v.Add(in.startName(), "the line starts outside fromDate..toDate")
				}
				l.BusinessID = biz.ID
				todo = append(todo, pending{key: k, line: l})
			}
		}
		if err := v.Err(); err != nil {
			return err
		}
		now := s.Clock.Now().UTC()
		// Events only when the business has a web hook registration: Emit
		// would find none for each of up to 100,000 lines otherwise.
		regs, err := q.ListWebhookRegistrations(ctx, biz.ID)
		if err != nil {
			return err
		}
		emit := len(regs) > 0
		if replace {
			empIDs := make([]int64, 0, len(emps))
			seen := map[int64]bool{}
			for _, k := range keys {
				if id := emps[k]; !seen[id] {
					seen[id] = true
					empIDs = append(empIDs, id)
				}
			}
			gone, err := deleteInRange(ctx, q, biz.ID, empIDs, from, to)
			if err != nil {
				return err
			}
			if emit {
				if err := s.emitEach(ctx, q, biz.ID, gone, webhook.TimesheetDeleted); err != nil {
					return err
				}
			}
		}
		lines := make([]Line, len(todo))
		for i := range todo {
			todo[i].line.defaults(a)
			todo[i].line.SubmittedByUser = a.user
			lines[i] = todo[i].line
		}
		if err := insertBatch(ctx, q, lines, now, s.DB.Dialect == db.SQLite); err != nil {
			return err
		}
		if emit {
			if err := s.emitEach(ctx, q, biz.ID, lines, webhook.TimesheetCreated); err != nil {
				return err
			}
		}
		created := map[string][]int64{}
		for i := range lines {
			created[todo[i].key] = append(created[todo[i].key], lines[i].ID)
		}
		if !req.ReturnResponse {
			return nil
		}
		// One read of every stored line (its breaks, overlaps, names and
		// rates in a few set-based statements), not one per employee.
		ids := make([]int64, len(lines))
		for i := range lines {
			ids[i] = lines[i].ID
		}
		all, err := s.loadLines(ctx, q, biz, ids, "1 = 1", nil)
		if err != nil {
			return err
		}
		byID := make(map[int64]Line, len(all))
		for _, l := range all {
			byID[l.ID] = l
		}
		for _, k := range keys {
			ls := make([]Line, 0, len(created[k]))
			for _, id := range created[k] {
				if l, ok := byID[id]; ok {
					ls = append(ls, l)
				}
			}
			out[k] = ls
		}
		return nil
	})
	return out, err
}

// resolveEmployees maps the request's employee keys to the ids of
// employees the caller may see (keys that do not resolve are absent).
func (s *Service) resolveEmployees(ctx context.Context, q *store.Queries, a *access, keys []string, typ string) (map[string]int64, error) {
	out := map[string]int64{}
	if typ == IDExternal {
		for start := 0; start < len(keys); start += maxIn {
			chunk := keys[start:min(start+maxIn, len(keys))]
			sa := sqlArgs{args: []any{a.biz.ID}}
			ph := make([]string, len(chunk))
			for i, k := range chunk {
				ph[i] = sa.add(k)
			}
			rows, err := q.Query(ctx, "SELECT e.id, e.external_id FROM employees e WHERE e.business_id = $1 AND e.external_id <> '' AND e.external_id IN ("+
				strings.Join(ph, ", ")+")", sa.args...)
			if err != nil {
				return nil, err
			}
			for rows.Next() {
				var id int64
				var ext string
				if err := rows.Scan(&id, &ext); err != nil {
					rows.Close()
					return nil, err
				}
				out[ext] = id
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return nil, err
			}
		}
	} else {
		for _, k := range keys {
			if id, err := strconv.ParseInt(strings.TrimSpace(k), 10, 64); err == nil && id > 0 {
				out[k] = id
			}
		}
	}
	ids := make([]int64, 0, len(out))
	for _, id := range out {
		ids = append(ids, id)
	}
	visible, err := s.visibleEmployees(ctx, q, a, ids)
	if err != nil {
		return nil, err
	}
	for k, id := range out {
		if !visible[id] {
			delete(out, k)
		}
	}
	return out, nil
}

// deleteInRange deletes the lines of the employees starting in [from, to)
// that are not Processed, and returns them (for their events).
func deleteInRange(ctx context.Context, q *store.Queries, bizID int64, empIDs []int64, from, to time.Time) ([]Line, error) {
	var out []Line
	for _, chunk := range chunks(empIDs, maxIn) {
		a := sqlArgs{args: []any{bizID, from, to}}
		rows, err := q.Query(ctx, "DELETE FROM timesheet_lines WHERE business_id = $1 AND start_time >= $2 AND start_time < $3 AND status <> 'Processed' "+
			"AND employee_id IN ("+db.IDList(chunk)+") RETURNING id, employee_id, status, start_time, end_time, external_id", a.args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			l := Line{BusinessID: bizID}
			if err := rows.Scan(&l.ID, &l.EmployeeID, &l.Status, &l.Start, &l.End, &l.ExternalID); err != nil {
				rows.Close()
				return nil, err
			}
			l.Start, l.End = l.Start.UTC(), l.End.UTC()
			out = append(out, l)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// insertBatch stores lines (defaults applied) and their breaks with
// multi-row INSERTs, setting each line's ID. Both engines number the rows
// of one INSERT ... VALUES in order from an increasing sequence, so the
// returned ids sorted ascending are the rows' ids in VALUES order.
// positional (SQLite) writes ? placeholders: SQLite looks each $N up by
// name, which is quadratic in a statement of thousands of parameters (it
// was half the time of a 1,200-line bulk request).
func insertBatch(ctx context.Context, q *store.Queries, lines []Line, now time.Time, positional bool) error {
	const perStmt = 200 // 28 parameters a row
	for start := 0; start < len(lines); start += perStmt {
		chunk := lines[start:min(start+perStmt, len(lines))]
		a := sqlArgs{positional: positional}
		vals := make([]string, len(chunk))
		for i := range chunk {
			l := &chunk[i]
			ph := []string{a.add(l.BusinessID), a.add(l.EmployeeID), a.add(l.Start), a.add(l.End), a.add(nullTime(l.SubmittedStart)), a.add(nullTime(l.SubmittedEnd)),
				a.add(nullID(l.WorkTypeID)), a.add(nullID(l.LocationID)), a.add(nullID(l.PayCategoryID)), a.add(nullID(l.LeaveCategoryID)),
				a.add(rateText(l.Units)), a.add(rateText(l.Rate)), a.add(l.Comments), a.add(l.HiddenComments), a.add(l.Status), a.add(l.ExternalID),
				a.add(l.Source), a.add(l.WorkMinutes), a.add(l.BreakMinutes), a.add(l.PaidBreakMinutes), a.add(idList(l.ShiftConditionIDs)),
				a.add(idList(l.DimensionValueIDs)), a.add(l.ReviewedBy), a.add(l.SubmittedByUser), a.add(now)}
			vals[i] = "(" + strings.Join(ph, ", ") + ", NULL, '', " + a.add(now) + ")"
		}
		rows, err := q.Query(ctx, "INSERT INTO timesheet_lines (business_id, employee_id, start_time, end_time, submitted_start, submitted_end, "+
			"work_type_id, location_id, pay_category_id, leave_category_id, units, rate, comments, hidden_comments, status, external_id, source, "+
			"work_minutes, break_minutes, paid_break_minutes, shift_condition_ids, dimension_value_ids, reviewed_by, submitted_by_user, created_at, "+
			"unique_external_id, rejection_reason, updated_at) VALUES "+strings.Join(vals, ", ")+" RETURNING id", a.args...)
		if err != nil {
			if db.IsForeignKeyViolation(err) {
				return payroll.Conflict("a record the lines refer to was deleted meanwhile; try again")
			}
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(ids) != len(chunk) {
			return fmt.Errorf("timesheet: inserted %d lines, got %d ids", len(chunk), len(ids))
		}
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		for i := range chunk {
			chunk[i].ID, chunk[i].Version, chunk[i].CreatedAt, chunk[i].UpdatedAt = ids[i], 1, now, now
		}
	}
	type br struct {
		lineID int64
		b      Break
	}
	var all []br
	for _, l := range lines {
		for _, b := range l.Breaks {
			all = append(all, br{l.ID, b})
		}
	}
	const breaksPerStmt = 500 // 7 parameters a row
	for start := 0; start < len(all); start += breaksPerStmt {
		chunk := all[start:min(start+breaksPerStmt, len(all))]
		a := sqlArgs{positional: positional}
		vals := make([]string, len(chunk))
		for i, x := range chunk {
			ss, se := x.b.SubmittedStart, x.b.SubmittedEnd
			if ss.IsZero() {
				ss, se = x.b.Start, x.b.End
			}
			vals[i] = "(" + a.add(lines[0].BusinessID) + ", " + a.add(x.lineID) + ", " + a.add(x.b.Start) + ", " + a.add(x.b.End) + ", " + a.add(nullTime(ss)) + ", " + a.add(nullTime(se)) + ", " + a.add(x.b.Paid) + ")"
		}
		if err := q.Exec(ctx, "INSERT INTO timesheet_breaks (business_id, line_id, start_time, end_time, submitted_start, submitted_end, is_paid) VALUES "+
			strings.Join(vals, ", "), a.args...); err != nil {
			return err
		}
	}
	return nil
}
