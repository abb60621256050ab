package timesheet

import (
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Line states (TimesheetLineStatusType).
const (
	StatusMissing   = "Missing"
	StatusSubmitted = "Submitted"
	StatusApproved  = "Approved"
	StatusRejected  = "Rejected"
	StatusProcessed = "Processed"
)

// Statuses lists the states in the reference's order.
var Statuses = []string{StatusMissing, StatusSubmitted, StatusApproved, StatusRejected, StatusProcessed}

// MaxLineDuration bounds one line: a shift longer than a day is a typing
// error, not a shift.
const MaxLineDuration = 24 * time.Hour

// Break is one break of a line. Times are wall-clock (UTC location).
type Break struct {
	ID                           int64
	Start, End                   time.Time
	SubmittedStart, SubmittedEnd time.Time // zero = none
	Paid                         bool
}

// Minutes is the break's length in whole minutes.
func (b Break) Minutes() int64 { return int64(b.End.Sub(b.Start) / time.Minute) }

// Line is one timesheet line as stored, plus what loads add for display.
type Line struct {
	ID, BusinessID, EmployeeID   int64
	Start, End                   time.Time
	SubmittedStart, SubmittedEnd time.Time // zero = none
	WorkTypeID                   int64     // 0 = none
	LocationID                   int64
	PayCategoryID                int64
	LeaveCategoryID              int64
	Units                        *payroll.Rate // unit-based lines
	Rate                         *payroll.Rate // hourly (or per unit) rate override
	Comments, HiddenComments     string
	Status                       string
	PayRunID                     int64
	ExternalID                   string
	Source                       string
	// Whole minutes: WorkMinutes = end - start - every break; paid minutes
	// (what costing pays) add the paid breaks back.
	WorkMinutes, BreakMinutes, PaidBreakMinutes int64
	ShiftConditionIDs, DimensionValueIDs        []int64
	ReviewedBy, RejectionReason                 string
	SubmittedByUser                             string
	Breaks                                      []Break
	Version                                     int64
	CreatedAt, UpdatedAt                        time.Time

	// Filled by reads.
	IsOverlapping   bool
	Names           Names
	ShiftConditions []RecordRef // the work types of ShiftConditionIDs that still exist
	DimensionValues []RecordRef // of DimensionValueIDs; ParentID is the dimension
	Employee        EmployeeInfo
	Cost            Costing
}

// TotalMinutes is end - start.
func (l *Line) TotalMinutes() int64 { return int64(l.End.Sub(l.Start) / time.Minute) }

// PaidMinutes is the time the line pays: work plus paid breaks.
func (l *Line) PaidMinutes() int64 { return l.WorkMinutes + l.PaidBreakMinutes }

// IsLocked: a Processed line belongs to a finalised pay run and is read-only.
func (l *Line) IsLocked() bool { return l.Status == StatusProcessed }

// RecordRef names a record a line refers to.
type RecordRef struct {
	ID, ParentID int64
	Name         string
}

// Names are the display names of the records a line refers to.
type Names struct {
	WorkType, Location, PayCategory, LeaveCategory string
	LocationState                                  string
}

// EmployeeInfo is what a line shows of its employee.
type EmployeeInfo struct {
	Name                string
	DefaultLocationID   int64
	DefaultLocationName string
	PayScheduleID       int64
	PayScheduleName     string
	StartDate, EndDate  time.Time // zero = none
	Rate                *payroll.Rate
	RateUnit            string
	HoursPerWeek        *payroll.Rate
	HoursPerDay         *payroll.Rate
	PrimaryPayCategory  int64
}

// BreakInput is a break as written.
type BreakInput struct {
	Start, End                   payroll.DateTime
	SubmittedStart, SubmittedEnd payroll.DateTime
	IsPaidBreak                  bool
}

// Input is a line as a writer gives it (business, bulk and manager
// shapes all map to it). Nil ids mean none.
type Input struct {
	EmployeeID                   int64
	Start, End                   payroll.DateTime
	SubmittedStart, SubmittedEnd payroll.DateTime
	Units                        *payroll.Rate
	Rate                         *payroll.Rate
	WorkTypeID, LocationID       *int64
	PayCategoryID                *int64
	LeaveCategoryID              *int64
	ShiftConditionIDs            []int64
	DimensionValueIDs            []int64
	Comments, HiddenComments     string
	Breaks                       []BreakInput
	Status                       string // "" = Submitted (or unchanged on edit, see doc.go)
	ExternalID                   string
	Source                       string

	// Wire names for error messages: the member prefix ("" or
	// "timesheets[12][0].") and how this shape spells start and end
	// ("startTime"/"endTime" or "start"/"end"), for lines and breaks.
	Prefix             string
	StartName, EndName string
	// noEmployee: the line is a proposed shift of an employment agreement,
	// not of an employee (shift costing by agreement).
	noEmployee bool
}

func (in *Input) name(n string) string { return in.Prefix + n }

func (in *Input) startName() string {
	if in.StartName == "" {
		return in.name("startTime")
	}
	return in.name(in.StartName)
}

func (in *Input) endName() string {
	if in.EndName == "" {
		return in.name("endTime")
	}
	return in.name(in.EndName)
}

// canonicalStatus is s in its canonical spelling, or "".
func canonicalStatus(s string) string {
	for _, c := range Statuses {
		if strings.EqualFold(c, strings.TrimSpace(s)) {
			return c
		}
	}
	return ""
}

func minute(t time.Time) time.Time { return t.Truncate(time.Minute) }

// build validates in and turns it into the stored part of a Line: times
// kept to the minute, units lines at midnight (as the reference does),
// breaks inside the shift and apart, durations computed. References to
// other records are checked by the service.
func (in *Input) build(v *payroll.Validation) Line {
	l := Line{EmployeeID: in.EmployeeID, Comments: in.Comments, HiddenComments: in.HiddenComments, ExternalID: strings.TrimSpace(in.ExternalID),
		Source: in.Source, Units: in.Units, Rate: in.Rate, ShiftConditionIDs: in.ShiftConditionIDs, DimensionValueIDs: in.DimensionValueIDs}
	if in.EmployeeID <= 0 && !in.noEmployee {
		v.Add(in.name("employeeId"), "employeeId is required")
	}
	for _, p := range []struct {
		id   *int64
		dst  *int64
		name string
	}{{in.WorkTypeID, &l.WorkTypeID, "workTypeId"}, {in.LocationID, &l.LocationID, "locationId"},
		{in.PayCategoryID, &l.PayCategoryID, "payCategoryId"}, {in.LeaveCategoryID, &l.LeaveCategoryID, "leaveCategoryId"}} {
		if p.id != nil && *p.id < 0 {
			v.Add(in.name(p.name), "%s must be a record id", p.name)
		} else if p.id != nil {
			*p.dst = *p.id
		}
	}
	v.MaxLen(in.name("externalId"), l.ExternalID, 50)
	v.MaxLen(in.name("comments"), l.Comments, 2000)
	v.MaxLen(in.name("hiddenComments"), l.HiddenComments, 2000)
	v.MaxLen(in.name("source"), l.Source, 100)
	if in.Units != nil && in.Units.IsNeg() {
		v.Add(in.name("units"), "units must not be negative")
	}
	if in.Rate != nil && in.Rate.IsNeg() {
		v.Add(in.name("rate"), "rate must not be negative")
	}
	if in.Status != "" {
		switch canonicalStatus(in.Status) {
		case StatusMissing, StatusSubmitted, StatusApproved:
			l.Status = canonicalStatus(in.Status)
		case StatusRejected:
			v.Add(in.name("status"), "a line is rejected by the reject operation, with a reason")
		case StatusProcessed:
			v.Add(in.name("status"), "a line becomes Processed only through a finalised pay run")
		default:
			v.Add(in.name("status"), "status must be one of Missing, Submitted, Approved")
		}
	}
	if in.Start.IsZero() {
		v.Add(in.startName(), "%s is required", strings.TrimPrefix(in.startName(), in.Prefix))
		return l
	}
	l.Start, l.End = minute(in.Start.Time), minute(in.End.Time)
	if !in.SubmittedStart.IsZero() {
		l.SubmittedStart = minute(in.SubmittedStart.Time)
	}
	if !in.SubmittedEnd.IsZero() {
		l.SubmittedEnd = minute(in.SubmittedEnd.Time)
	}
	if in.Units != nil {
		// A unit-based line has no times of its own.
		l.Start = payroll.DateOnly(l.Start)
		l.End = l.Start
		if len(in.Breaks) > 0 {
			v.Add(in.name("breaks"), "a unit-based line has no breaks")
		}
		return l
	}
	if in.End.IsZero() {
		v.Add(in.endName(), "%s is required (or units for a unit-based line)", strings.TrimPrefix(in.endName(), in.Prefix))
		return l
	}
	if !l.End.After(l.Start) {
		v.Add(in.endName(), "the line must end after it starts")
		return l
	}
	if l.End.Sub(l.Start) > MaxLineDuration {
		v.Add(in.endName(), "a line covers at most 24 hours")
		return l
	}
	bs, be := "startTime", "endTime"
	if in.StartName == "start" {
		bs, be = "start", "end"
	}
	var prev time.Time
	for i, b := range in.Breaks {
		n := fmt.Sprintf("%sbreaks[%d].", in.Prefix, i)
		if b.Start.IsZero() || b.End.IsZero() {
			v.Add(n+bs, "a break needs a start and an end")
			continue
		}
		br := Break{Start: minute(b.Start.Time), End: minute(b.End.Time), Paid: b.IsPaidBreak}
		if !b.SubmittedStart.IsZero() {
			br.SubmittedStart = minute(b.SubmittedStart.Time)
		}
		if !b.SubmittedEnd.IsZero() {
			br.SubmittedEnd = minute(b.SubmittedEnd.Time)
		}
		switch {
		case !br.End.After(br.Start):
			v.Add(n+be, "the break must end after it starts")
			continue
		case br.Start.Before(l.Start) || br.End.After(l.End):
			v.Add(n+bs, "the break must lie within the line's start and end")
			continue
		case br.Start.Before(prev):
			v.Add(n+bs, "breaks must be in order and must not overlap")
			continue
		}
		prev = br.End
		l.Breaks = append(l.Breaks, br)
		l.BreakMinutes += br.Minutes()
		if br.Paid {
			l.PaidBreakMinutes += br.Minutes()
		}
	}
	l.WorkMinutes = l.TotalMinutes() - l.BreakMinutes
	return l
}
