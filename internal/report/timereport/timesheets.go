package timereport

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// The time and attendance reports: timesheet lines, shift swaps and
// rostered shifts against timesheet lines, read from the timesheet and
// roster tables with the restricted user's scope in the same statement.

// TimesheetBreak is one break of a timesheet line (TimesheetBreakModel).
type TimesheetBreak struct {
	StartTime   payroll.DateTime `json:"startTime"`
	EndTime     payroll.DateTime `json:"endTime"`
	IsPaidBreak bool             `json:"isPaidBreak"`
}

// TimesheetRow is one timesheet line of the timesheet report
// (AuTimesheetExportModel). The money members are null unless costs are
// asked for; the line's cost is its paid time at the employee's hourly
// rate (or units x the line's rate), as the timesheet area costs it.
type TimesheetRow struct {
	ID                              int64            `json:"id"`
	EmployeeID                      int64            `json:"employeeId"`
	FirstName                       string           `json:"firstName"`
	Surname                         string           `json:"surname"`
	EmployeeExternalID              string           `json:"employeeExternalId"`
	Status                          string           `json:"status"`
	Location                        string           `json:"location"`
	Start                           payroll.DateTime `json:"start"`
	StartTime                       string           `json:"startTime" doc:"HH:mm"`
	End                             payroll.DateTime `json:"end"`
	EndTime                         string           `json:"endTime"`
	ActualStart                     payroll.DateTime `json:"actualStart" doc:"as submitted (the start when it was not changed)"`
	ActualStartTime                 string           `json:"actualStartTime"`
	ActualEnd                       payroll.DateTime `json:"actualEnd"`
	ActualEndTime                   string           `json:"actualEndTime"`
	TimeVariance                    string           `json:"timeVariance" doc:"the line's duration less the submitted one, as [-]hh:mm:ss"`
	FormattedTimeVariance           string           `json:"formattedTimeVariance"`
	DurationExcludingBreaks         string           `json:"durationExcludingBreaks"`
	Duration                        string           `json:"duration"`
	Units                           payroll.Rate     `json:"units" doc:"the line's units, else its paid hours"`
	UnitType                        string           `json:"unitType"`
	WorkType                        string           `json:"workType"`
	Classification                  string           `json:"classification"`
	ShiftConditions                 string           `json:"shiftConditions" doc:"names of the line's shift conditions, comma separated"`
	ShiftConditionShortCodes        []string         `json:"shiftConditionShortCodes"`
	NumberOfBreaks                  int64            `json:"numberOfBreaks"`
	BreakDuration                   string           `json:"breakDuration"`
	Comments                        string           `json:"comments"`
	ConsolidatedWithTimesheetLineID *int64           `json:"consolidatedWithTimesheetLineId" nullable:"true"`
	ReviewedBy                      string           `json:"reviewedBy"`
	Gross                           *payroll.Money   `json:"gross" nullable:"true"`
	NetEarnings                     *payroll.Money   `json:"netEarnings" nullable:"true" doc:"not computed per line (null)"`
	Super                           *payroll.Money   `json:"super" nullable:"true" doc:"not computed per line (null)"`
	Payg                            *payroll.Money   `json:"payg" nullable:"true" doc:"not computed per line (null)"`
	EmployerLiabilities             *payroll.Money   `json:"employerLiabilities" nullable:"true" doc:"not computed per line (null)"`
	TotalCost                       *payroll.Money   `json:"totalCost" nullable:"true"`
	TotalCostVariance               *payroll.Money   `json:"totalCostVariance" nullable:"true" doc:"the cost of the time variance"`
	DateCreated                     payroll.DateTime `json:"dateCreated"`
	DateReviewed                    payroll.DateTime `json:"dateReviewed" doc:"when the line was last approved or rejected (null while Submitted)"`
	Breaks                          []TimesheetBreak `json:"breaks"`
}

// TimesheetQuery selects timesheet lines.
type TimesheetQuery struct {
	From, To          time.Time // the line's start, inclusive days
	EmployeeID        int64
	Statuses          []string
	WorkTypeID        int64
	PayScheduleID     int64
	LocationID        int64 // the line's location
	EmployingEntityID int64
	IncludeCosts      bool
}

func (tq *TimesheetQuery) validate() error {
	if !tq.From.IsZero() && !tq.To.IsZero() && payroll.DateOnly(tq.To).Before(payroll.DateOnly(tq.From)) {
		return payroll.Invalid("toDate", "toDate must not be before fromDate")
	}
	for i, st := range tq.Statuses {
		c, ok := record.Canonical(timesheet.Statuses, st)
		if !ok {
			return payroll.Invalid("statuses", "statuses: %q is not one of %s", st, strings.Join(timesheet.Statuses, ", "))
		}
		tq.Statuses[i] = c
	}
	for _, c := range []struct {
		name string
		v    int64
	}{{"employeeId", tq.EmployeeID}, {"workTypeId", tq.WorkTypeID}, {"payScheduleId", tq.PayScheduleID}, {"locationId", tq.LocationID}, {"employingEntityId", tq.EmployingEntityID}} {
		if c.v < 0 {
			return payroll.Invalid(c.name, "%s must not be negative", c.name)
		}
	}
	return nil
}

// workTypes names the business's work types (and shift conditions) and
// their short codes.
func (s *Service) workTypes(ctx context.Context, bizID int64) (map[int64][2]string, error) {
	recs, err := s.DB.Queries().ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindWorkType})
	if err != nil {
		return nil, err
	}
	out := map[int64][2]string{}
	for _, r := range recs {
		var d struct {
			ShortCode string `json:"shortCode"`
		}
		_ = json.Unmarshal([]byte(r.Data), &d) // a record without one has no short code
		out[r.ID] = [2]string{r.Name, d.ShortCode}
	}
	return out, nil
}

// empRate is the employee's rate members a cost needs.
type empRate struct{ rate, unit, perWeek, perDay sql.NullString }

func (e empRate) hourly() *payroll.Rate {
	opt := func(s sql.NullString) *payroll.Rate {
		if !s.Valid {
			return nil
		}
		r, err := payroll.ParseRate(strings.TrimSpace(s.String))
		if err != nil {
			return nil
		}
		return &r
	}
	return timesheet.HourlyRate(opt(e.rate), e.unit.String, opt(e.perWeek), opt(e.perDay))
}

// minutesCost is minutes at an hourly rate, to the cent.
func minutesCost(rate payroll.Rate, minutes int64) payroll.Money {
	return payroll.MoneyFromDecimal(rate.Decimal()).MulInt(minutes).DivInt(60).Cents()
}

// Timesheets lists the timesheet lines tq selects, oldest first.
func (s *Service) Timesheets(ctx context.Context, biz business.Business, p *payroll.Principal, tq TimesheetQuery) (_ []TimesheetRow, err error) {
	defer payroll.Wrap(&err, "timesheet report of business %d", biz.ID)
	if err := tq.validate(); err != nil {
		return nil, err
	}
	var b report.Args
	where, err := s.EmployeeScope(ctx, biz, p, report.Filter{EmployeeID: tq.EmployeeID, EmployingEntityID: tq.EmployingEntityID}, &b)
	if err != nil {
		return nil, err
	}
	where += " AND t.business_id = " + b.Bind(biz.ID)
	where += b.Days("t.start_time", tq.From, tq.To) + report.In(&b, "t.status", tq.Statuses)
	if tq.WorkTypeID != 0 {
		where += " AND t.work_type_id = " + b.Bind(tq.WorkTypeID)
	}
	if tq.LocationID != 0 {
		where += " AND t.location_id = " + b.Bind(tq.LocationID)
	}
	if tq.PayScheduleID != 0 {
		where += " AND e.pay_schedule_id = " + b.Bind(tq.PayScheduleID)
	}
	from := " FROM timesheet_lines t JOIN employees e ON e.id = t.employee_id"
	wt, err := s.workTypes(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	q := "SELECT t.id, e.id, e.first_name, e.surname, e.external_id, t.status, COALESCE(loc.name, ''), t.start_time, t.end_time, t.submitted_start, t.submitted_end, " +
		"t.units, t.rate, t.work_minutes, t.break_minutes, t.paid_break_minutes, t.work_type_id, t.shift_condition_ids, t.comments, t.reviewed_by, t.created_at, t.updated_at, " +
		"e.rate, e.rate_unit, e.hours_per_week, e.hours_per_day" + from +
		" LEFT JOIN records loc ON loc.id = t.location_id" + where + " ORDER BY t.start_time, t.id"
	out := []TimesheetRow{}
	index := map[int64]int{}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var r TimesheetRow
		var start, end time.Time
		var subStart, subEnd report.NullTime
		var units, rate sql.NullString
		var work, brk, paidBrk int64
		var workType sql.NullInt64
		var conds string
		var created, updated time.Time
		var er empRate
		if err := rows.Scan(&r.ID, &r.EmployeeID, &r.FirstName, &r.Surname, &r.EmployeeExternalID, &r.Status, &r.Location, &start, &end, &subStart, &subEnd,
			&units, &rate, &work, &brk, &paidBrk, &workType, &conds, &r.Comments, &r.ReviewedBy, &created, &updated,
			&er.rate, &er.unit, &er.perWeek, &er.perDay); err != nil {
			return err
		}
		actualStart, actualEnd := start, end
		if !subStart.Time().IsZero() {
			actualStart = subStart.Time()
		}
		if !subEnd.Time().IsZero() {
			actualEnd = subEnd.Time()
		}
		r.Start, r.End, r.ActualStart, r.ActualEnd = payroll.NewDateTime(start), payroll.NewDateTime(end), payroll.NewDateTime(actualStart), payroll.NewDateTime(actualEnd)
		r.StartTime, r.EndTime, r.ActualStartTime, r.ActualEndTime = clock(start), clock(end), clock(actualStart), clock(actualEnd)
		total := end.Sub(start)
		variance := total - actualEnd.Sub(actualStart)
		r.Duration, r.DurationExcludingBreaks, r.BreakDuration = span(total), span(time.Duration(work)*time.Minute), span(time.Duration(brk)*time.Minute)
		r.TimeVariance, r.FormattedTimeVariance = span(variance), spanText(variance)
		r.UnitType = "Hours"
		r.Units = payroll.RateFromInt(work + paidBrk).Div(payroll.RateFromInt(60)).RoundHalfUp(4)
		var unitRate *payroll.Rate
		if units.Valid && strings.TrimSpace(units.String) != "" {
			r.Units, r.UnitType = report.RateOr(units.String, "0"), "Units"
		}
		if rate.Valid && strings.TrimSpace(rate.String) != "" {
			x := report.RateOr(rate.String, "0")
			unitRate = &x
		}
		if workType.Valid {
			r.WorkType = wt[workType.Int64][0]
		}
		r.ShiftConditionShortCodes = []string{}
		var names []string
		for _, id := range strings.Split(conds, ",") {
			n, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
			if err != nil {
				continue
			}
			if w, ok := wt[n]; ok {
				names = append(names, w[0])
				if w[1] != "" {
					r.ShiftConditionShortCodes = append(r.ShiftConditionShortCodes, w[1])
				}
			}
		}
		r.ShiftConditions = strings.Join(names, ", ")
		r.DateCreated = payroll.NewDateTime(created)
		if r.Status == timesheet.StatusApproved || r.Status == timesheet.StatusRejected || r.Status == timesheet.StatusProcessed {
			r.DateReviewed = payroll.NewDateTime(updated)
		}
		if tq.IncludeCosts {
			hourly := unitRate
			if hourly == nil {
				hourly = er.hourly()
			}
			if hourly != nil {
				var c payroll.Money
				if r.UnitType == "Units" {
					c = payroll.MoneyFromDecimal(r.Units.Decimal()).Mul(*hourly).Cents()
				} else {
					c = minutesCost(*hourly, work+paidBrk)
				}
				v := minutesCost(*hourly, int64(variance/time.Minute))
				r.Gross, r.TotalCost, r.TotalCostVariance = &c, &c, &v
			}
		}
		r.Breaks = []TimesheetBreak{}
		index[r.ID] = len(out)
		out = append(out, r)
		return nil
	})

	if err != nil || len(out) == 0 {
		return out, err
	}
	// The breaks of the same lines: the same selection, joined to them.
	q = "SELECT tb.line_id, tb.start_time, tb.end_time, tb.is_paid" + from + " JOIN timesheet_breaks tb ON tb.line_id = t.id" + where + " ORDER BY tb.line_id, tb.start_time"
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var id int64
		var br TimesheetBreak
		var st, en time.Time
		if err := rows.Scan(&id, &st, &en, &br.IsPaidBreak); err != nil {
			return err
		}
		br.StartTime, br.EndTime = payroll.NewDateTime(st), payroll.NewDateTime(en)
		if i, ok := index[id]; ok {
			out[i].Breaks = append(out[i].Breaks, br)
			out[i].NumberOfBreaks++
		}
		return nil
	})

	return out, err
}

// clock is a time of day as HH:mm.
func clock(t time.Time) string { return t.Format("15:04") }

// span is a duration as [-]hh:mm:ss (a .NET TimeSpan's text).
func span(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	m := int64(d / time.Minute)
	return fmt.Sprintf("%s%02d:%02d:00", sign, m/60, m%60)
}

// spanText is a duration for people: "1h 30m", "-45m", "0m".
func spanText(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	m := int64(d / time.Minute)
	switch {
	case m >= 60 && m%60 != 0:
		return fmt.Sprintf("%s%dh %dm", sign, m/60, m%60)
	case m >= 60:
		return fmt.Sprintf("%s%dh", sign, m/60)
	}
	return fmt.Sprintf("%s%dm", sign, m)
}
