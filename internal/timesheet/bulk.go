package timesheet

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
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
	kind := func(member, val string) string {
		switch {
		case val == "" || strings.EqualFold(val, IDStandard):
			return IDStandard
		case strings.EqualFold(val, IDExternal):
			return IDExternal
		}
		v.Add(member, "%s must be Standard or External", member)
		return IDStandard
	}
	empType, locType, wtType := kind("employeeIdType", req.EmployeeIDType), kind("locationIdType", req.LocationIDType), kind("workTypeIdType", req.WorkTypeIDType)
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
	from, to := midnight(req.From.Time), midnight(req.To.Time).AddDate(0, 0, 1)

	out := BulkResult{}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		emps, err := s.resolveEmployees(ctx, q, a, keys, empType)
		if err != nil {
			return err
		}
		refs := &refChecker{q: q, bizID: biz.ID}
		ext := map[string]int64{}
		resolve := func(kindName, typ, ref, member string) *int64 {
			ref = strings.TrimSpace(ref)
			if ref == "" {
				return nil
			}
			if typ == IDStandard {
				id, err := strconv.ParseInt(ref, 10, 64)
				if err != nil || id <= 0 {
					v.Add(member, "%q is not an id", ref)
					return nil
				}
				return &id
			}
			key := kindName + "\x00" + ref
			id, ok := ext[key]
			if !ok {
				rs, err := q.ListRecordsByExternalID(ctx, store.ListRecordsByExternalIDParams{BusinessID: biz.ID, Kind: kindName, ExternalID: ref})
				if err == nil && len(rs) > 0 {
					id = rs[0].ID
				}
				ext[key] = id
			}
			if id == 0 {
				v.Add(member, "no %s has external id %q", strings.ReplaceAll(kindName, "_", " "), ref)
				return nil
			}
			return &id
		}
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
		if replace {
			done := map[int64]bool{}
			for _, k := range keys {
				empID := emps[k]
				if done[empID] {
					continue
				}
				done[empID] = true
				gone, err := q.DeleteTimesheetLinesInRange(ctx, store.DeleteTimesheetLinesInRangeParams{BusinessID: biz.ID, EmployeeID: empID,
					StartTime: from, StartTime_2: to})
				if err != nil {
					return err
				}
				for _, g := range gone {
					l := Line{ID: g.ID, BusinessID: biz.ID, EmployeeID: empID, Status: g.Status, Start: g.StartTime.UTC(), End: g.EndTime.UTC(), ExternalID: g.ExternalID}
					if err := s.emit(ctx, q, &l, webhook.TimesheetDeleted); err != nil {
						return err
					}
				}
			}
		}
		created := map[string][]int64{}
		for i := range todo {
			if err := s.insert(ctx, q, a, &todo[i].line, false, now); err != nil {
				return err
			}
			created[todo[i].key] = append(created[todo[i].key], todo[i].line.ID)
		}
		if !req.ReturnResponse {
			return nil
		}
		for _, k := range keys {
			ls, err := loadLines(ctx, q, biz.ID, created[k], "1 = 1", nil)
			if err != nil {
				return err
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
