// Package standardhours is an employee's standard hours (E/standardhours):
// hours per week and per day (kept on the employee row, hoursPerWeek and
// hoursPerDay, so pay rate conversions and the unstructured employee see
// the same figures), the full-time equivalent, and the advanced work week:
// a pattern of days over one or more weeks, each given as start and stop
// times with a break (StartTimeAndStopTime), as hours (HourOnly) or as a
// full, half, off or rest day (WorkDayType). With the advanced work week
// on, hours per week are the pattern's hours averaged over its weeks.
package standardhours

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Configurations of the advanced work week, and day types.
var (
	Configurations = []string{"StartTimeAndStopTime", "HourOnly", "WorkDayType"}
	DayTypes       = []string{"Full", "Half", "Off", "Rest"}
)

// Day is StandardHoursDayModel. dayOfWeek counts from Sunday = 0.
type Day struct {
	ID             int64         `json:"id" readOnly:"true"`
	Week           int           `json:"week" doc:"1 for the first week of the pattern"`
	DayOfWeek      int           `json:"dayOfWeek" doc:"0 = Sunday ... 6 = Saturday"`
	DayName        string        `json:"dayName" readOnly:"true"`
	StartTime      string        `json:"startTime" doc:"HH:mm or HH:mm:ss"`
	EndTime        string        `json:"endTime"`
	BreakStartTime string        `json:"breakStartTime"`
	BreakEndTime   string        `json:"breakEndTime"`
	LocationID     *int64        `json:"locationId" nullable:"true"`
	WorkTypeID     *int64        `json:"workTypeId" nullable:"true"`
	Hours          *payroll.Rate `json:"hours" nullable:"true"`
	WorkDayType    string        `json:"workDayType" enum:"Full,Half,Off,Rest"`
}

// Hours is StandardHoursModel.
type Hours struct {
	EmployeeID                    int64         `json:"employeeId"`
	StandardHoursPerWeek          *payroll.Rate `json:"standardHoursPerWeek" nullable:"true"`
	StandardHoursPerDay           *payroll.Rate `json:"standardHoursPerDay" nullable:"true"`
	UseAdvancedWorkWeek           bool          `json:"useAdvancedWorkWeek"`
	StandardWorkDays              []Day         `json:"standardWorkDays"`
	FullTimeEquivalentHours       *payroll.Rate `json:"fullTimeEquivalentHours" nullable:"true"`
	AdvancedWorkWeekConfiguration string        `json:"advancedWorkWeekConfiguration" enum:"StartTimeAndStopTime,HourOnly,WorkDayType"`
}

// Service owns standard hours.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

// clockTime parses HH:mm[:ss] into minutes after midnight.
func clockTime(s string) (int, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"15:04:05", "15:04"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Hour()*60 + t.Minute(), t.Second() == 0
		}
	}
	return 0, false
}

func fmtClock(min int) string { return fmt.Sprintf("%02d:%02d:00", min/60, min%60) }

var hoursScale = payroll.RateFromInt(60)

// normalise checks h and works out each day's hours and the weekly hours.
func (h *Hours) normalise() error {
	var v payroll.Validation
	// 0 is how the wire says unset (see read).
	h.StandardHoursPerWeek, h.StandardHoursPerDay = unsetZero(h.StandardHoursPerWeek), unsetZero(h.StandardHoursPerDay)
	if h.StandardHoursPerWeek != nil {
		emprec.Rate(&v, "standardHoursPerWeek", *h.StandardHoursPerWeek, payroll.RateFromInt(168))
	}
	if h.StandardHoursPerDay != nil {
		emprec.Rate(&v, "standardHoursPerDay", *h.StandardHoursPerDay, payroll.RateFromInt(24))
	}
	if h.FullTimeEquivalentHours != nil {
		emprec.Rate(&v, "fullTimeEquivalentHours", *h.FullTimeEquivalentHours, payroll.RateFromInt(168))
	}
	h.AdvancedWorkWeekConfiguration = emprec.Enum(&v, "advancedWorkWeekConfiguration", h.AdvancedWorkWeekConfiguration, Configurations, "StartTimeAndStopTime")
	if h.StandardWorkDays == nil {
		h.StandardWorkDays = []Day{}
	}
	if h.UseAdvancedWorkWeek && len(h.StandardWorkDays) == 0 {
		v.Add("standardWorkDays", "the advanced work week needs its standardWorkDays")
	}
	seen := map[[2]int]bool{}
	weeks := 1
	total := payroll.Rate{}
	for i := range h.StandardWorkDays {
		d := &h.StandardWorkDays[i]
		f := func(m string) string { return fmt.Sprintf("standardWorkDays[%d].%s", i, m) }
		if d.Week == 0 {
			d.Week = 1
		}
		if d.Week < 1 || d.Week > 4 {
			v.Add(f("week"), "week must be 1 to 4")
		}
		if d.DayOfWeek < 0 || d.DayOfWeek > 6 {
			v.Add(f("dayOfWeek"), "dayOfWeek must be 0 (Sunday) to 6 (Saturday)")
			continue
		}
		if seen[[2]int{d.Week, d.DayOfWeek}] {
			v.Add(f("dayOfWeek"), "week %d, %s is listed twice", d.Week, time.Weekday(d.DayOfWeek))
		}
		seen[[2]int{d.Week, d.DayOfWeek}] = true
		if d.Week > weeks {
			weeks = d.Week
		}
		d.DayName = time.Weekday(d.DayOfWeek).String()
		d.WorkDayType = emprec.Enum(&v, f("workDayType"), d.WorkDayType, DayTypes, "Full")
		switch h.AdvancedWorkWeekConfiguration {
		case "StartTimeAndStopTime":
			if d.WorkDayType == "Off" || d.WorkDayType == "Rest" {
				d.StartTime, d.EndTime, d.BreakStartTime, d.BreakEndTime = "", "", "", ""
				zero := payroll.Rate{}
				d.Hours = &zero
				break
			}
			start, ok1 := clockTime(d.StartTime)
			end, ok2 := clockTime(d.EndTime)
			if !ok1 {
				v.Add(f("startTime"), "startTime must be a time of day (HH:mm)")
			}
			if !ok2 {
				v.Add(f("endTime"), "endTime must be a time of day (HH:mm)")
			}
			if !ok1 || !ok2 {
				continue
			}
			if end <= start {
				v.Add(f("endTime"), "endTime must be after startTime")
				continue
			}
			worked := end - start
			d.StartTime, d.EndTime = fmtClock(start), fmtClock(end)
			if strings.TrimSpace(d.BreakStartTime) != "" || strings.TrimSpace(d.BreakEndTime) != "" {
				bs, ok3 := clockTime(d.BreakStartTime)
				be, ok4 := clockTime(d.BreakEndTime)
				if !ok3 || !ok4 || be < bs || bs < start || be > end {
					v.Add(f("breakStartTime"), "the break must be a start and end time within the day")
					continue
				}
				worked -= be - bs
				d.BreakStartTime, d.BreakEndTime = fmtClock(bs), fmtClock(be)
			}
			hours := payroll.RateFromInt(int64(worked)).Div(hoursScale).RoundHalfUp(4)
			d.Hours = &hours
		case "HourOnly":
			if d.Hours == nil {
				v.Add(f("hours"), "hours is required when the work week is given in hours")
				continue
			}
			emprec.Rate(&v, f("hours"), *d.Hours, payroll.RateFromInt(24))
			d.StartTime, d.EndTime, d.BreakStartTime, d.BreakEndTime = "", "", "", ""
		case "WorkDayType":
			perDay := payroll.Rate{}
			if h.StandardHoursPerDay != nil {
				perDay = *h.StandardHoursPerDay
			} else if d.WorkDayType == "Full" || d.WorkDayType == "Half" {
				v.Add("standardHoursPerDay", "standardHoursPerDay is required when days are given as full or half days")
				continue
			}
			hours := payroll.Rate{}
			switch d.WorkDayType {
			case "Full":
				hours = perDay
			case "Half":
				hours = perDay.Div(payroll.RateFromInt(2)).RoundHalfUp(4)
			}
			d.Hours = &hours
			d.StartTime, d.EndTime, d.BreakStartTime, d.BreakEndTime = "", "", "", ""
		}
		if d.Hours != nil {
			total = total.Add(*d.Hours)
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	if h.UseAdvancedWorkWeek {
		perWeek := total.Div(payroll.RateFromInt(int64(weeks))).RoundHalfUp(4)
		h.StandardHoursPerWeek = &perWeek
	}
	return nil
}

func rateJSON(r *payroll.Rate) json.RawMessage {
	if r == nil {
		return json.RawMessage(`"(clear)"`)
	}
	return json.RawMessage(r.String())
}

func nullID(p *int64) sql.NullInt64 {
	if p == nil || *p == 0 {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: *p, Valid: true}
}

// Get returns the employee's standard hours (defaults when never set).
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (h Hours, err error) {
	defer payroll.Wrap(&err, "standard hours of employee %d", employeeID)
	e, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return Hours{}, err
	}
	return s.read(ctx, q, biz, e)
}

func (s *Service) read(ctx context.Context, q *store.Queries, biz business.Business, e employee.Employee) (Hours, error) {
	// The published model declares both as non-nullable numbers: unset is 0.
	h := Hours{EmployeeID: e.ID, StandardHoursPerWeek: zeroIfUnset(e.HoursPerWeek), StandardHoursPerDay: zeroIfUnset(e.HoursPerDay),
		AdvancedWorkWeekConfiguration: "StartTimeAndStopTime", StandardWorkDays: []Day{}}
	r, err := q.GetStandardHours(ctx, store.GetStandardHoursParams{EmployeeID: e.ID, BusinessID: biz.ID})
	switch {
	case db.IsNoRows(err):
		return h, nil
	case err != nil:
		return h, err
	}
	h.UseAdvancedWorkWeek, h.FullTimeEquivalentHours, h.AdvancedWorkWeekConfiguration = r.UseAdvancedWorkWeek, emprec.RatePtr(r.FullTimeEquivalentHours), r.AdvancedWorkWeekConfiguration
	days, err := q.ListStandardWorkDays(ctx, store.ListStandardWorkDaysParams{EmployeeID: e.ID, BusinessID: biz.ID})
	for _, d := range days {
		day := Day{ID: d.ID, Week: int(d.Week), DayOfWeek: int(d.DayOfWeek), DayName: time.Weekday(d.DayOfWeek).String(), StartTime: d.StartTime, EndTime: d.EndTime,
			BreakStartTime: d.BreakStartTime, BreakEndTime: d.BreakEndTime, Hours: emprec.RatePtr(sql.NullString{String: d.Hours, Valid: d.Hours != ""}), WorkDayType: d.WorkDayType}
		if d.LocationID.Valid {
			day.LocationID = &d.LocationID.Int64
		}
		if d.WorkTypeID.Valid {
			day.WorkTypeID = &d.WorkTypeID.Int64
		}
		h.StandardWorkDays = append(h.StandardWorkDays, day)
	}
	return h, err
}

// Put replaces the employee's standard hours. Hours per week and per day
// go to the employee (EmployeeUpdated); the rest to the standard hours
// tables, checked first so the second write fails only on a database
// error.
func (s *Service) Put(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, h Hours) (out Hours, err error) {
	defer payroll.Wrap(&err, "save standard hours of employee %d", employeeID)
	if err := h.normalise(); err != nil {
		return Hours{}, err
	}
	q := s.Employees.DB.Queries()
	for i, d := range h.StandardWorkDays {
		for _, ref := range []struct {
			id     *int64
			kind   string
			member string
		}{{d.LocationID, record.KindLocation, "locationId"}, {d.WorkTypeID, record.KindWorkType, "workTypeId"}} {
			if ref.id == nil || *ref.id == 0 {
				continue
			}
			if _, err := q.GetRecord(ctx, store.GetRecordParams{ID: *ref.id, BusinessID: biz.ID, Kind: ref.kind}); db.IsNoRows(err) {
				return Hours{}, payroll.Invalid(fmt.Sprintf("standardWorkDays[%d].%s", i, ref.member), "%s %d does not exist in this business", strings.ReplaceAll(ref.kind, "_", " "), *ref.id)
			} else if err != nil {
				return Hours{}, err
			}
		}
	}
	if _, err := s.Employees.Update(ctx, biz, p, employeeID, employee.Patch{"hoursperweek": rateJSON(h.StandardHoursPerWeek), "hoursperday": rateJSON(h.StandardHoursPerDay)}); err != nil {
		return Hours{}, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		before, err := s.read(ctx, q, biz, e)
		if err != nil {
			return err
		}
		if err := q.UpsertStandardHours(ctx, store.UpsertStandardHoursParams{EmployeeID: employeeID, BusinessID: biz.ID, UseAdvancedWorkWeek: h.UseAdvancedWorkWeek,
			FullTimeEquivalentHours: emprec.NullRate(h.FullTimeEquivalentHours), AdvancedWorkWeekConfiguration: h.AdvancedWorkWeekConfiguration, UpdatedAt: s.Clock.Now()}); err != nil {
			return err
		}
		if err := q.DeleteStandardWorkDays(ctx, store.DeleteStandardWorkDaysParams{EmployeeID: employeeID, BusinessID: biz.ID}); err != nil {
			return err
		}
		for i, d := range h.StandardWorkDays {
			hours := ""
			if d.Hours != nil {
				hours = d.Hours.String()
			}
			if _, err := q.AddStandardWorkDay(ctx, store.AddStandardWorkDayParams{BusinessID: biz.ID, EmployeeID: employeeID, Week: int32(d.Week), DayOfWeek: int32(d.DayOfWeek),
				StartTime: d.StartTime, EndTime: d.EndTime, BreakStartTime: d.BreakStartTime, BreakEndTime: d.BreakEndTime,
				LocationID: nullID(d.LocationID), WorkTypeID: nullID(d.WorkTypeID), Hours: hours, WorkDayType: d.WorkDayType}); err != nil {
				if db.IsForeignKeyViolation(err) {
					return payroll.Invalid(fmt.Sprintf("standardWorkDays[%d].locationId", i), "a location or work type was deleted while the hours were saved")
				}
				return err
			}
		}
		e.HoursPerWeek, e.HoursPerDay = h.StandardHoursPerWeek, h.StandardHoursPerDay
		if out, err = s.read(ctx, q, biz, e); err != nil {
			return err
		}
		// Hours per week and per day are the employee's own members,
		// audited by the update above.
		before.StandardHoursPerWeek, before.StandardHoursPerDay = out.StandardHoursPerWeek, out.StandardHoursPerDay
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionPayRunDefaults, "standardHours", employeeID, before, out)
	})
	return out, err
}

func zeroIfUnset(r *payroll.Rate) *payroll.Rate {
	if r == nil {
		return &payroll.Rate{}
	}
	return r
}

func unsetZero(r *payroll.Rate) *payroll.Rate {
	if r != nil && r.IsZero() {
		return nil
	}
	return r
}
