package timesheet

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// sqlArgs collects the bound parameters of a statement composed in code;
// add returns the placeholder of the value.
// sqlArgs collects the arguments of a composed statement; add returns the
// placeholder of the one added: $N, or ? when positional (SQLite, for
// statements of many parameters where every placeholder is added in
// order).
type sqlArgs struct {
	args       []any
	positional bool
}

func (a *sqlArgs) add(v any) string {
	a.args = append(a.args, v)
	if a.positional {
		return "?"
	}
	return "$" + strconv.Itoa(len(a.args))
}

// maxIn bounds an IN list (SQLite allows 32766 parameters, PostgreSQL 65535).
const maxIn = 5000

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

// lineColumns are timesheet_lines' columns in store.TimesheetLine order.
const lineColumns = "t.id, t.business_id, t.employee_id, t.start_time, t.end_time, t.submitted_start, t.submitted_end, t.work_type_id, t.location_id, " +
	"t.pay_category_id, t.leave_category_id, t.units, t.rate, t.comments, t.hidden_comments, t.status, t.pay_run_id, t.external_id, " +
	"t.unique_external_id, t.source, t.work_minutes, t.break_minutes, t.paid_break_minutes, t.shift_condition_ids, t.dimension_value_ids, " +
	"t.reviewed_by, t.rejection_reason, t.submitted_by_user, t.created_at, t.updated_at, t.version"

// displayColumns are what a read shows besides the line: its employee and
// the names of the records it refers to.
const displayColumns = "e.first_name, e.surname, e.primary_location_id, dl.name, e.pay_schedule_id, ps.name, e.start_date, e.end_date, " +
	"e.rate, e.rate_unit, e.hours_per_week, e.hours_per_day, e.primary_pay_category_id, wt.name, loc.name, loc.data, pc.name, pc.data, lc.name"

// fromJoins joins a line to its employee (for the restricted user's scope
// and the display) and to the records it names (by primary key).
const fromJoins = "FROM timesheet_lines t JOIN employees e ON e.id = t.employee_id " +
	"LEFT JOIN records dl ON dl.id = e.primary_location_id LEFT JOIN records ps ON ps.id = e.pay_schedule_id " +
	"LEFT JOIN records wt ON wt.id = t.work_type_id LEFT JOIN records loc ON loc.id = t.location_id " +
	"LEFT JOIN records pc ON pc.id = t.pay_category_id LEFT JOIN records lc ON lc.id = t.leave_category_id"

func scanLine(r *store.TimesheetLine) []any {
	return []any{&r.ID, &r.BusinessID, &r.EmployeeID, &r.StartTime, &r.EndTime, &r.SubmittedStart, &r.SubmittedEnd, &r.WorkTypeID, &r.LocationID,
		&r.PayCategoryID, &r.LeaveCategoryID, &r.Units, &r.Rate, &r.Comments, &r.HiddenComments, &r.Status, &r.PayRunID, &r.ExternalID,
		&r.UniqueExternalID, &r.Source, &r.WorkMinutes, &r.BreakMinutes, &r.PaidBreakMinutes, &r.ShiftConditionIds, &r.DimensionValueIds,
		&r.ReviewedBy, &r.RejectionReason, &r.SubmittedByUser, &r.CreatedAt, &r.UpdatedAt, &r.Version}
}

func nullRate(s sql.NullString) *payroll.Rate {
	if !s.Valid || s.String == "" {
		return nil
	}
	r, err := payroll.ParseRate(s.String)
	if err != nil {
		return nil
	}
	return &r
}

func rateText(r *payroll.Rate) sql.NullString {
	if r == nil {
		return sql.NullString{}
	}
	return sql.NullString{String: r.String(), Valid: true}
}

func nullTime(t time.Time) sql.NullTime {
	if t.IsZero() {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: t, Valid: true}
}

func timeOf(n sql.NullTime) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return n.Time.UTC()
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

func idList(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

func parseIDList(s string) []int64 {
	out := []int64{}
	for _, p := range strings.Split(s, ",") {
		if id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64); err == nil {
			out = append(out, id)
		}
	}
	return out
}

// fromRow is the stored part of a line.
func fromRow(r store.TimesheetLine) Line {
	return Line{ID: r.ID, BusinessID: r.BusinessID, EmployeeID: r.EmployeeID, Start: r.StartTime.UTC(), End: r.EndTime.UTC(),
		SubmittedStart: timeOf(r.SubmittedStart), SubmittedEnd: timeOf(r.SubmittedEnd), WorkTypeID: r.WorkTypeID.Int64,
		LocationID: r.LocationID.Int64, PayCategoryID: r.PayCategoryID.Int64, LeaveCategoryID: r.LeaveCategoryID.Int64,
		Units: nullRate(r.Units), Rate: nullRate(r.Rate), Comments: r.Comments, HiddenComments: r.HiddenComments, Status: r.Status,
		PayRunID: r.PayRunID.Int64, ExternalID: r.ExternalID, Source: r.Source, WorkMinutes: r.WorkMinutes, BreakMinutes: r.BreakMinutes,
		PaidBreakMinutes: r.PaidBreakMinutes, ShiftConditionIDs: parseIDList(r.ShiftConditionIds), DimensionValueIDs: parseIDList(r.DimensionValueIds),
		ReviewedBy: r.ReviewedBy, RejectionReason: r.RejectionReason, SubmittedByUser: r.SubmittedByUser, Breaks: []Break{},
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), Version: r.Version}
}

// loadLines reads the lines ids of bizID matching the extra predicate
// (a scope; its args follow $1 = business), in the order of ids, with
// breaks, display names, overlap flags and costs (at the rates in force
// on the lines' days: atDayRates): a fixed number of statements per page.
func (s *Service) loadLines(ctx context.Context, q *store.Queries, biz business.Business, ids []int64, where string, whereArgs []any) ([]Line, error) {
	bizID := biz.ID
	out := make([]Line, 0, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	byID := make(map[int64]Line, len(ids))
	pcs := map[int64]*payCategoryInfo{}
	for _, chunk := range chunks(ids, maxIn) {
		a := sqlArgs{args: append([]any{bizID}, whereArgs...)}
		query := "SELECT " + lineColumns + ", " + displayColumns + " " + fromJoins + " WHERE t.business_id = $1 AND " + where + " AND t.id IN (" + db.IDList(chunk) + ")"
		rows, err := q.Query(ctx, query, a.args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var r store.TimesheetLine
			var first, surname string
			var dlID, psID, ppc sql.NullInt64
			var dlName, psName, rate, rateUnit, hpw, hpd, wtName, locName, locData, pcName, pcData, lcName sql.NullString
			var start, end sql.NullTime
			dest := append(scanLine(&r), &first, &surname, &dlID, &dlName, &psID, &psName, &start, &end, &rate, &rateUnit, &hpw, &hpd, &ppc,
				&wtName, &locName, &locData, &pcName, &pcData, &lcName)
			if err := rows.Scan(dest...); err != nil {
				rows.Close()
				return nil, err
			}
			l := fromRow(r)
			name := strings.TrimSpace(first + " " + surname)
			l.Employee = EmployeeInfo{Name: name, DefaultLocationID: dlID.Int64, DefaultLocationName: dlName.String, PayScheduleID: psID.Int64,
				PayScheduleName: psName.String, StartDate: timeOf(start), EndDate: timeOf(end), Rate: nullRate(rate), RateUnit: rateUnit.String,
				HoursPerWeek: nullRate(hpw), HoursPerDay: nullRate(hpd), PrimaryPayCategory: ppc.Int64}
			l.Names = Names{WorkType: wtName.String, Location: locName.String, PayCategory: pcName.String, LeaveCategory: lcName.String}
			if locData.Valid {
				var d struct {
					State string `json:"state"`
				}
				_ = json.Unmarshal([]byte(locData.String), &d)
				l.Names.LocationState = d.State
			}
			if l.PayCategoryID != 0 && pcs[l.PayCategoryID] == nil {
				var d struct {
					RateLoadingPercent payroll.Rate `json:"rateLoadingPercent"`
				}
				_ = json.Unmarshal([]byte(pcData.String), &d)
				pcs[l.PayCategoryID] = &payCategoryInfo{Name: pcName.String, Loading: d.RateLoadingPercent}
			}
			byID[l.ID] = l
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	found := make([]int64, 0, len(byID))
	for id := range byID {
		found = append(found, id)
	}
	if err := attachBreaks(ctx, q, byID, found); err != nil {
		return nil, err
	}
	if err := markOverlaps(ctx, q, bizID, byID); err != nil {
		return nil, err
	}
	if err := attachRefs(ctx, q, bizID, byID); err != nil {
		return nil, err
	}
	priced := make([]*Line, 0, len(byID))
	for _, id := range found {
		l := byID[id]
		priced = append(priced, &l)
	}
	if err := s.atDayRates(ctx, biz, priced); err != nil {
		return nil, err
	}
	for _, l := range priced {
		byID[l.ID] = *l
	}
	for _, id := range ids {
		l, ok := byID[id]
		if !ok {
			continue
		}
		l.Cost = cost(&l, pcs[l.PayCategoryID])
		out = append(out, l)
	}
	if err := s.awardCosts(ctx, q, biz, out); err != nil {
		return nil, err
	}
	return out, nil
}

func attachBreaks(ctx context.Context, q *store.Queries, byID map[int64]Line, ids []int64) error {
	for _, chunk := range chunks(ids, maxIn) {
		var a sqlArgs
		rows, err := q.Query(ctx, "SELECT line_id, id, start_time, end_time, submitted_start, submitted_end, is_paid FROM timesheet_breaks WHERE line_id IN ("+
			db.IDList(chunk)+") ORDER BY line_id, start_time, id", a.args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var lineID int64
			var b Break
			var ss, se sql.NullTime
			if err := rows.Scan(&lineID, &b.ID, &b.Start, &b.End, &ss, &se, &b.Paid); err != nil {
				rows.Close()
				return err
			}
			b.Start, b.End, b.SubmittedStart, b.SubmittedEnd = b.Start.UTC(), b.End.UTC(), timeOf(ss), timeOf(se)
			l := byID[lineID]
			l.Breaks = append(l.Breaks, b)
			byID[lineID] = l
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// markOverlaps sets IsOverlapping on each timed line that overlaps another
// line of the same employee that is not Rejected. Lines are at most 24
// hours long, so only lines starting from a day before the earliest start
// of the page can overlap it: one bounded query per page.
func markOverlaps(ctx context.Context, q *store.Queries, bizID int64, byID map[int64]Line) error {
	if len(byID) == 0 {
		return nil
	}
	var minStart, maxEnd time.Time
	emps := map[int64]bool{}
	for _, l := range byID {
		if l.Units != nil || !l.End.After(l.Start) {
			continue
		}
		if minStart.IsZero() || l.Start.Before(minStart) {
			minStart = l.Start
		}
		if l.End.After(maxEnd) {
			maxEnd = l.End
		}
		emps[l.EmployeeID] = true
	}
	if len(emps) == 0 {
		return nil
	}
	empIDs := make([]int64, 0, len(emps))
	for id := range emps {
		empIDs = append(empIDs, id)
	}
	type span struct {
		id         int64
		start, end time.Time
	}
	others := map[int64][]span{}
	for _, chunk := range chunks(empIDs, maxIn) {
		a := sqlArgs{args: []any{bizID, minStart.Add(-MaxLineDuration), maxEnd}}
		rows, err := q.Query(ctx, "SELECT id, employee_id, start_time, end_time FROM timesheet_lines WHERE business_id = $1 AND start_time >= $2 AND start_time < $3 "+
			"AND status <> 'Rejected' AND end_time > start_time AND employee_id IN ("+db.IDList(chunk)+")", a.args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var s span
			var emp int64
			if err := rows.Scan(&s.id, &emp, &s.start, &s.end); err != nil {
				rows.Close()
				return err
			}
			others[emp] = append(others[emp], s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for id, l := range byID {
		if l.Units != nil || !l.End.After(l.Start) || l.Status == StatusRejected {
			continue
		}
		for _, o := range others[l.EmployeeID] {
			if o.id != l.ID && o.start.Before(l.End) && o.end.After(l.Start) {
				l.IsOverlapping = true
				byID[id] = l
				break
			}
		}
	}
	return nil
}

// attachRefs names the shift conditions and dimension values of the lines
// (one query for the page; ids of records deleted since are dropped).
func attachRefs(ctx context.Context, q *store.Queries, bizID int64, byID map[int64]Line) error {
	seen := map[int64]bool{}
	var want []int64
	for _, l := range byID {
		for _, id := range append(append([]int64{}, l.ShiftConditionIDs...), l.DimensionValueIDs...) {
			if !seen[id] {
				seen[id] = true
				want = append(want, id)
			}
		}
	}
	if len(want) == 0 {
		return nil
	}
	recs := map[int64]RecordRef{}
	for _, chunk := range chunks(want, maxIn) {
		a := sqlArgs{args: []any{bizID}}
		rows, err := q.Query(ctx, "SELECT id, parent_id, name FROM records WHERE business_id = $1 AND id IN ("+db.IDList(chunk)+")", a.args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var r RecordRef
			if err := rows.Scan(&r.ID, &r.ParentID, &r.Name); err != nil {
				rows.Close()
				return err
			}
			recs[r.ID] = r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for id, l := range byID {
		for _, x := range l.ShiftConditionIDs {
			if r, ok := recs[x]; ok {
				l.ShiftConditions = append(l.ShiftConditions, r)
			}
		}
		for _, x := range l.DimensionValueIDs {
			if r, ok := recs[x]; ok {
				l.DimensionValues = append(l.DimensionValues, r)
			}
		}
		byID[id] = l
	}
	return nil
}

// atDayRates sets the rate of the employee of each line priced at it (a
// timed line without a rate of its own) to the rate in force on the
// line's day in the employee's primary pay category, with the employee's
// standard hours where the line has none (shift costing may give its
// own): one lookup for all the lines (payrate.PrimaryRatesOn, the
// roster's rate source too). An employee without any rate keeps none.
func (s *Service) atDayRates(ctx context.Context, biz business.Business, lines []*Line) error {
	if s.Rates == nil {
		return nil
	}
	var keys []payrate.DayKey
	for _, l := range lines {
		if l.Units == nil && l.Rate == nil && l.EmployeeID != 0 {
			keys = append(keys, payrate.DayKey{EmployeeID: l.EmployeeID, Day: payroll.DateOnly(l.Start)})
		}
	}
	if len(keys) == 0 {
		return nil
	}
	rates, err := s.Rates.PrimaryRatesOn(ctx, biz, keys)
	if err != nil {
		return err
	}
	for _, l := range lines {
		if l.Units != nil || l.Rate != nil {
			continue
		}
		dr, ok := rates[payrate.DayKey{EmployeeID: l.EmployeeID, Day: payroll.DateOnly(l.Start)}]
		if !ok {
			continue
		}
		l.Employee.Rate, l.Employee.RateUnit = dr.Rate, dr.Unit
		if l.Employee.HoursPerWeek == nil {
			l.Employee.HoursPerWeek = dr.HoursPerWeek
		}
		if l.Employee.HoursPerDay == nil {
			l.Employee.HoursPerDay = dr.HoursPerDay
		}
	}
	return nil
}
