package roster

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

const shiftColumns = "r.id, r.business_id, r.employee_id, r.location_id, r.work_type_id, r.classification_id, r.classification_name, " +
	"r.role_id, r.role_name, r.role_class_name, r.role_colour, r.start_time, r.end_time, r.notes, r.qualification_ids, r.published, " +
	"r.date_published, r.accepted, r.token, r.timesheet_line_id, r.version, e.first_name, e.surname, loc.name, wt.name"

const shiftJoins = "FROM roster_shifts r LEFT JOIN employees e ON e.id = r.employee_id " +
	"LEFT JOIN records loc ON loc.id = r.location_id LEFT JOIN records wt ON wt.id = r.work_type_id"

const maxIn = 1000

func chunks(ids []int64, n int) [][]int64 {
	var out [][]int64
	for len(ids) > n {
		out = append(out, ids[:n])
		ids = ids[n:]
	}
	if len(ids) > 0 {
		out = append(out, ids)
	}
	return out
}

// loadShifts reads the shifts ids of the business that match where (a
// predicate over employees e with its values after $1), in the order of
// ids, with breaks, qualifications and the open swap.
func loadShifts(ctx context.Context, q *store.Queries, bizID int64, ids []int64, where string, whereArgs []any) ([]Shift, error) {
	out := make([]Shift, 0, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	byID := map[int64]*Shift{}
	for _, chunk := range chunks(ids, maxIn) {
		a := sqlArgs{args: append([]any{bizID}, whereArgs...)}
		rows, err := q.Query(ctx, "SELECT "+shiftColumns+" "+shiftJoins+" WHERE r.business_id = $1 AND "+where+" AND r.id IN ("+db.IDList(chunk)+")", a.args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var sh Shift
			var emp, loc, wt, cls, roleID, line sql.NullInt64
			var quals string
			var datePub sql.NullTime
			var first, surname, locName, wtName sql.NullString
			var role Role
			if err := rows.Scan(&sh.ID, &sh.BusinessID, &emp, &loc, &wt, &cls, &sh.ClassificationName, &roleID, &role.Name, &role.ClassName, &role.HexColourCode,
				&sh.Start, &sh.End, &sh.Notes, &quals, &sh.Published, &datePub, &sh.Accepted, &sh.Token, &line, &sh.Version, &first, &surname, &locName, &wtName); err != nil {
				rows.Close()
				return nil, err
			}
			sh.Start, sh.End = sh.Start.UTC(), sh.End.UTC()
			sh.EmployeeID, sh.LocationID, sh.WorkTypeID, sh.ClassificationID, sh.TimesheetLineID = emp.Int64, loc.Int64, wt.Int64, cls.Int64, line.Int64
			if datePub.Valid {
				sh.DatePublished = datePub.Time.UTC()
			}
			if roleID.Valid || role.Name != "" {
				role.ID = roleID.Int64
				sh.Role = &role
			}
			sh.QualificationIDs = parseIDList(quals)
			sh.EmployeeName = strings.TrimSpace(first.String + " " + surname.String)
			sh.LocationName, sh.WorkTypeName = locName.String, wtName.String
			sh.Breaks, sh.Qualifications = []Break{}, []Ref{}
			byID[sh.ID] = &sh
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	found := make([]int64, 0, len(byID))
	for _, id := range ids {
		if byID[id] != nil {
			found = append(found, id)
		}
	}
	if err := attach(ctx, q, bizID, byID, found); err != nil {
		return nil, err
	}
	for _, id := range found {
		out = append(out, *byID[id])
	}
	return out, nil
}

// attach adds breaks, qualification names and open swaps.
func attach(ctx context.Context, q *store.Queries, bizID int64, byID map[int64]*Shift, ids []int64) error {
	quals := map[int64]string{}
	var qids []int64
	for _, id := range ids {
		for _, qid := range byID[id].QualificationIDs {
			if _, ok := quals[qid]; !ok {
				quals[qid] = ""
				qids = append(qids, qid)
			}
		}
	}
	for _, chunk := range chunks(ids, maxIn) {
		a := sqlArgs{}
		rows, err := q.Query(ctx, "SELECT shift_id, id, start_time, end_time, is_paid FROM roster_shift_breaks WHERE shift_id IN ("+db.IDList(chunk)+") ORDER BY start_time, id", a.args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var sid int64
			var b Break
			if err := rows.Scan(&sid, &b.ID, &b.Start, &b.End, &b.Paid); err != nil {
				rows.Close()
				return err
			}
			b.Start, b.End = b.Start.UTC(), b.End.UTC()
			byID[sid].Breaks = append(byID[sid].Breaks, b)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		a = sqlArgs{args: []any{bizID}}
		rows, err = q.Query(ctx, "SELECT w.id, w.shift_id, w.from_employee_id, w.to_employee_id, w.note, w.status, w.rejected_reason, w.created_at, "+
			"fe.first_name, fe.surname, te.first_name, te.surname FROM roster_shift_swaps w JOIN employees fe ON fe.id = w.from_employee_id "+
			"JOIN employees te ON te.id = w.to_employee_id WHERE w.business_id = $1 AND w.status = 'Proposed' AND w.shift_id IN ("+db.IDList(chunk)+")", a.args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var w Swap
			var ff, fs, tf, ts string
			if err := rows.Scan(&w.ID, &w.ShiftID, &w.FromEmployeeID, &w.ToEmployeeID, &w.Note, &w.Status, &w.RejectedReason, &w.Created, &ff, &fs, &tf, &ts); err != nil {
				rows.Close()
				return err
			}
			w.Created = w.Created.UTC()
			w.FromEmployee, w.ToEmployee = strings.TrimSpace(ff+" "+fs), strings.TrimSpace(tf+" "+ts)
			byID[w.ShiftID].PendingSwap = &w
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for _, chunk := range chunks(qids, maxIn) {
		a := sqlArgs{args: []any{bizID, record.KindQualification}}
		rows, err := q.Query(ctx, "SELECT id, name FROM records WHERE business_id = $1 AND kind = $2 AND id IN ("+db.IDList(chunk)+")", a.args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var name string
			if err := rows.Scan(&id, &name); err != nil {
				rows.Close()
				return err
			}
			quals[id] = name
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for _, id := range ids {
		sh := byID[id]
		for _, qid := range sh.QualificationIDs {
			sh.Qualifications = append(sh.Qualifications, Ref{ID: qid, Name: quals[qid]})
		}
	}
	return nil
}

// ListQuery selects shifts (the reference's roster filters).
type ListQuery struct {
	From, To time.Time // dates, inclusive; both required
	// ShiftStatus: All (default), Published, Unpublished, Accepted;
	// ShiftStatuses: several of them (any matches).
	ShiftStatus       string
	ShiftStatuses     []string
	SelectedLocations []int64
	SelectedEmployees []int64
	SelectedRoles     []int64
	EmployeeID        int64
	LocationID        int64
	EmployeeGroupID   int64
	UnassignedOnly    bool
	// By default only shifts without a role are listed, unless
	// SelectedRoles names roles or SelectAllRoles is set (as the reference
	// does).
	SelectAllRoles bool
	// ExcludeOverlappingFrom leaves out shifts that started before From.
	ExcludeOverlappingFrom bool
	CurrentPage, PageSize  int
}

// ShiftStatuses are the values shiftStatus takes.
var ShiftStatuses = []string{"All", "Published", "Unpublished", "Accepted"}

// MaxPageSize bounds pageSize.
const MaxPageSize = 100

func statusSQL(st string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(st)) {
	case "", "all":
		return "1 = 1", true
	case "published":
		return "r.published = TRUE", true
	case "unpublished":
		return "r.published = FALSE", true
	case "accepted":
		return "r.accepted = TRUE", true
	}
	return "", false
}

// List returns a page of the business's shifts that p may see, filtered,
// scoped, ordered (start, id) and paged in SQL.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, lq ListQuery) (_ []Shift, err error) {
	defer payroll.Wrap(&err, "list roster shifts")
	acc, err := s.access(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	var v payroll.Validation
	if lq.From.IsZero() {
		v.Add("fromDate", "fromDate is required")
	}
	if lq.To.IsZero() {
		v.Add("toDate", "toDate is required")
	}
	if !lq.From.IsZero() && !lq.To.IsZero() && lq.To.Before(lq.From) {
		v.Add("toDate", "toDate must not be before fromDate")
	}
	where, args := acc.scope.SQL([]any{biz.ID})
	a := sqlArgs{args: args}
	from := payroll.DateOnly(lq.From)
	to := payroll.DateOnly(lq.To).AddDate(0, 0, 1)
	// A shift is in the range when it overlaps it (a night shift from the
	// day before counts unless excludeShiftsOverlappingFromDate).
	conds := []string{"r.business_id = $1", where, "r.start_time < " + a.add(to)}
	if lq.ExcludeOverlappingFrom {
		conds = append(conds, "r.start_time >= "+a.add(from))
	} else {
		conds = append(conds, "r.end_time > "+a.add(from))
	}
	if c, ok := statusSQL(lq.ShiftStatus); ok {
		conds = append(conds, c)
	} else {
		v.Add("shiftStatus", "shiftStatus must be one of %s", strings.Join(ShiftStatuses, ", "))
	}
	if len(lq.ShiftStatuses) > 0 {
		var ors []string
		for _, st := range lq.ShiftStatuses {
			c, ok := statusSQL(st)
			if !ok {
				v.Add("shiftStatuses", "shiftStatuses must be of %s", strings.Join(ShiftStatuses, ", "))
				break
			}
			ors = append(ors, c)
		}
		if len(ors) > 0 {
			conds = append(conds, "("+strings.Join(ors, " OR ")+")")
		}
	}
	if len(lq.SelectedLocations) > 0 {
		conds = append(conds, "r.location_id IN ("+db.IDList(lq.SelectedLocations)+")")
	}
	if len(lq.SelectedEmployees) > 0 {
		conds = append(conds, "r.employee_id IN ("+db.IDList(lq.SelectedEmployees)+")")
	}
	switch {
	case len(lq.SelectedRoles) > 0:
		conds = append(conds, "r.role_id IN ("+db.IDList(lq.SelectedRoles)+")")
	case !lq.SelectAllRoles:
		conds = append(conds, "r.role_id IS NULL AND r.role_name = ''")
	}
	if lq.EmployeeID != 0 {
		conds = append(conds, "r.employee_id = "+a.add(lq.EmployeeID))
	}
	if lq.LocationID != 0 {
		conds = append(conds, "r.location_id = "+a.add(lq.LocationID))
	}
	if lq.UnassignedOnly {
		conds = append(conds, "r.employee_id IS NULL")
	}
	if lq.EmployeeGroupID != 0 {
		gs, err := s.Employees.GroupScope(ctx, biz, lq.EmployeeGroupID)
		if payroll.KindOf(err) == payroll.KindNotFound {
			v.Add("employeeGroupId", "employee group %d is not a group of this business", lq.EmployeeGroupID)
		} else if err != nil {
			return nil, err
		} else {
			var w string
			w, a.args = gs.SQL(a.args)
			conds = append(conds, w)
		}
	}
	limit := lq.PageSize
	if limit == 0 {
		limit = MaxPageSize
	}
	if limit < 0 || limit > MaxPageSize {
		v.Add("pageSize", "pageSize must be between 1 and %d", MaxPageSize)
	}
	if lq.CurrentPage == 0 {
		lq.CurrentPage = 1
	}
	if lq.CurrentPage < 0 || lq.CurrentPage > 10000000 {
		v.Add("currentPage", "currentPage must be between 1 and 10000000")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	offset := (lq.CurrentPage - 1) * limit
	q := s.DB.Queries()
	query := "SELECT r.id " + shiftJoins + " WHERE " + strings.Join(conds, " AND ") + " ORDER BY r.start_time, r.id LIMIT " + a.add(int64(limit)) + " OFFSET " + a.add(int64(offset))
	ids, err := scanIDs(q.Query(ctx, query, a.args...))
	if err != nil {
		return nil, err
	}
	return loadShifts(ctx, q, biz.ID, ids, "1 = 1", nil)
}

func scanIDs(rows *sql.Rows, err error) ([]int64, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// DefaultWindow is how far from a clock time a rostered shift's start (or
// end) may be to match it when the kiosk does not say.
const DefaultWindow = 60 * time.Minute

// NearbyWindow is how far either side of a time nearby looks.
const NearbyWindow = 12 * time.Hour

// Match is the published shift of employee the clock time at (local wall
// clock) belongs to: for a clock-on the shift whose start is nearest to at
// within window (or that is under way at at); for a clock-off the shift
// whose end is nearest within window, started before at. nil = none.
func (s *Service) Match(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, at time.Time, window time.Duration, clockOn bool) (_ *Shift, err error) {
	defer payroll.Wrap(&err, "match roster shift")
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	return s.MatchInTx(ctx, s.DB.Queries(), a.biz, a, employeeID, at, window, clockOn)
}

// MatchFor is Match for a caller already authorised for the employee
// (the kiosk and ESS clocking paths), inside their transaction q.
func (s *Service) MatchFor(ctx context.Context, q *store.Queries, biz business.Business, employeeID int64, at time.Time, window time.Duration, clockOn bool) (*Shift, error) {
	return s.MatchInTx(ctx, q, biz, &access{biz: biz, scope: allScope()}, employeeID, at, window, clockOn)
}

func (s *Service) MatchInTx(ctx context.Context, q *store.Queries, biz business.Business, a *access, employeeID int64, at time.Time, window time.Duration, clockOn bool) (*Shift, error) {
	if window <= 0 {
		window = DefaultWindow
	}
	ok, err := s.visible(ctx, q, a, employeeID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, payroll.NotFound("employee")
	}
	at = minute(at)
	sa := sqlArgs{args: []any{biz.ID, employeeID}}
	var query string
	if clockOn {
		// Candidates start within the window or are under way; nearest
		// start first.
		query = "SELECT r.id, r.start_time FROM roster_shifts r WHERE r.business_id = $1 AND r.employee_id = $2 AND r.published = TRUE AND " +
			"r.start_time <= " + sa.add(at.Add(window)) + " AND r.end_time > " + sa.add(at) + " AND r.start_time >= " + sa.add(at.Add(-MaxShift)) +
			" ORDER BY r.start_time, r.id"
	} else {
		query = "SELECT r.id, r.end_time FROM roster_shifts r WHERE r.business_id = $1 AND r.employee_id = $2 AND r.published = TRUE AND " +
			"r.end_time >= " + sa.add(at.Add(-window)) + " AND r.end_time <= " + sa.add(at.Add(window)) + " AND r.start_time < " + sa.add(at) +
			" ORDER BY r.end_time, r.id"
	}
	rows, err := q.Query(ctx, query, sa.args...)
	if err != nil {
		return nil, err
	}
	best, bestD := int64(0), time.Duration(-1)
	for rows.Next() {
		var id int64
		var t time.Time
		if err := rows.Scan(&id, &t); err != nil {
			rows.Close()
			return nil, err
		}
		d := t.UTC().Sub(at)
		if d < 0 {
			d = -d
		}
		if clockOn && t.UTC().Before(at.Add(-window)) {
			d = window + 1 // under way for longer than the window: a last resort
		}
		if bestD < 0 || d < bestD {
			best, bestD = id, d
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if best == 0 {
		return nil, nil
	}
	out, err := loadShifts(ctx, q, biz.ID, []int64{best}, "1 = 1", nil)
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return &out[0], nil
}

func allScope() employee.Scope { return employee.Scope{All: true} }

// Nearby lists the employee's published shifts overlapping NearbyWindow
// either side of at (local wall clock), by start.
func (s *Service) Nearby(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, at time.Time) (_ []Shift, err error) {
	defer payroll.Wrap(&err, "nearby roster shifts")
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	q := s.DB.Queries()
	ok, err := s.visible(ctx, q, a, employeeID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, payroll.NotFound("employee")
	}
	sa := sqlArgs{args: []any{biz.ID, employeeID}}
	ids, err := scanIDs(q.Query(ctx, "SELECT r.id FROM roster_shifts r WHERE r.business_id = $1 AND r.employee_id = $2 AND r.published = TRUE AND r.start_time < "+
		sa.add(at.Add(NearbyWindow))+" AND r.end_time > "+sa.add(at.Add(-NearbyWindow))+" ORDER BY r.start_time, r.id LIMIT 100", sa.args...))
	if err != nil {
		return nil, err
	}
	return loadShifts(ctx, q, biz.ID, ids, "1 = 1", nil)
}
