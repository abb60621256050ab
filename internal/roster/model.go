package roster

import (
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Role is the role a shift is rostered for (RosterShiftRole). Roles are
// not a resource of this API: the shift keeps what the writer gives.
type Role struct {
	ID                             int64
	Name, ClassName, HexColourCode string
}

// Break is one break of a shift; times are wall-clock (UTC location).
type Break struct {
	ID         int64
	Start, End time.Time
	Paid       bool
}

// Ref names a record a shift refers to.
type Ref struct {
	ID   int64
	Name string
}

// Swap is a proposed or closed shift swap (RosterShiftSwapModel).
type Swap struct {
	ID, ShiftID                  int64
	FromEmployeeID, ToEmployeeID int64
	FromEmployee, ToEmployee     string
	Note, Status, RejectedReason string
	Created                      time.Time
}

// Swap states.
const (
	SwapProposed  = "Proposed"
	SwapAccepted  = "Accepted"
	SwapDeclined  = "Declined"
	SwapCancelled = "Cancelled"
)

// SwapStatusCode is the integer the wire carries in pendingSwap.status.
func SwapStatusCode(s string) int {
	switch s {
	case SwapProposed:
		return 0
	case SwapAccepted:
		return 1
	case SwapDeclined:
		return 2
	case SwapCancelled:
		return 3
	}
	return 0
}

// Shift is one roster shift as stored, plus what reads add.
type Shift struct {
	ID, BusinessID     int64
	EmployeeID         int64 // 0 = unassigned
	LocationID         int64
	WorkTypeID         int64
	ClassificationID   int64
	ClassificationName string
	Role               *Role
	Start, End         time.Time
	Notes              string
	QualificationIDs   []int64
	Published          bool
	DatePublished      time.Time // zero = never
	Accepted           bool
	Token              string
	TimesheetLineID    int64
	Breaks             []Break
	Version            int64

	// Filled by reads.
	EmployeeName   string
	LocationName   string
	WorkTypeName   string
	Qualifications []Ref
	PendingSwap    *Swap
}

// AssignmentStatus is shiftAssignmentStatus: Assigned once accepted,
// PendingShiftSwap / ProposedShiftSwap while a swap is open (from the
// proposer's / the other employee's side), else Pending.
func (s *Shift) AssignmentStatus(viewer int64) string {
	switch {
	case s.PendingSwap != nil && viewer != 0 && viewer == s.PendingSwap.ToEmployeeID:
		return "ProposedShiftSwap"
	case s.PendingSwap != nil:
		return "PendingShiftSwap"
	case s.Accepted:
		return "Assigned"
	}
	return "Pending"
}

// BreakInput is a break as written.
type BreakInput struct {
	Start, End  payroll.DateTime
	IsPaidBreak bool
}

// Input is a shift as a writer gives it (AuRosterShiftEditModel). Nil ids
// mean none.
type Input struct {
	EmployeeID, LocationID, WorkTypeID, ClassificationID *int64
	ClassificationName                                   string
	Role                                                 *Role
	Start, End                                           payroll.DateTime
	Notes                                                string
	Breaks                                               []BreakInput // nil = keep (on update) unless cleared
	QualificationIDs                                     []int64
}

// MaxShift bounds one shift.
const MaxShift = 24 * time.Hour

func minute(t time.Time) time.Time { return t.Truncate(time.Minute) }

// build validates in and turns it into the stored part of a Shift
// (references to other records are checked by the service).
func (in *Input) build(v *payroll.Validation) Shift {
	s := Shift{ClassificationName: strings.TrimSpace(in.ClassificationName), Notes: in.Notes, Role: in.Role, QualificationIDs: in.QualificationIDs}
	for _, p := range []struct {
		id   *int64
		dst  *int64
		name string
	}{{in.EmployeeID, &s.EmployeeID, "employeeId"}, {in.LocationID, &s.LocationID, "locationId"},
		{in.WorkTypeID, &s.WorkTypeID, "workTypeId"}, {in.ClassificationID, &s.ClassificationID, "classificationId"}} {
		if p.id != nil && *p.id < 0 {
			v.Add(p.name, "%s must be a record id", p.name)
		} else if p.id != nil {
			*p.dst = *p.id
		}
	}
	v.MaxLen("notes", s.Notes, 2000)
	v.MaxLen("classificationName", s.ClassificationName, 255)
	if s.Role != nil {
		v.MaxLen("role.name", s.Role.Name, 255)
		v.MaxLen("role.className", s.Role.ClassName, 255)
		v.MaxLen("role.hexColourCode", s.Role.HexColourCode, 20)
		if s.Role.ID < 0 {
			v.Add("role.id", "role.id must not be negative")
		}
		if s.Role.ID == 0 && s.Role.Name == "" {
			s.Role = nil // an empty role object is no role
		}
	}
	for i, q := range s.QualificationIDs {
		if q <= 0 {
			v.Add(fmt.Sprintf("qualifications[%d].id", i), "a qualification needs its id")
		}
	}
	if in.Start.IsZero() {
		v.Add("startTime", "startTime is required")
	}
	if in.End.IsZero() {
		v.Add("endTime", "endTime is required")
	}
	if in.Start.IsZero() || in.End.IsZero() {
		return s
	}
	s.Start, s.End = minute(in.Start.Time), minute(in.End.Time)
	switch {
	case !s.End.After(s.Start):
		v.Add("endTime", "the shift must end after it starts")
		return s
	case s.End.Sub(s.Start) > MaxShift:
		v.Add("endTime", "a shift covers at most 24 hours")
		return s
	}
	var prev time.Time
	for i, b := range in.Breaks {
		n := fmt.Sprintf("breaks[%d].", i)
		if b.Start.IsZero() || b.End.IsZero() {
			v.Add(n+"startTime", "a break needs a start and an end")
			continue
		}
		br := Break{Start: minute(b.Start.Time), End: minute(b.End.Time), Paid: b.IsPaidBreak}
		switch {
		case !br.End.After(br.Start):
			v.Add(n+"endTime", "the break must end after it starts")
			continue
		case br.Start.Before(s.Start) || br.End.After(s.End):
			v.Add(n+"startTime", "the break must lie within the shift's start and end")
			continue
		case br.Start.Before(prev):
			v.Add(n+"startTime", "breaks must be in order and must not overlap")
			continue
		}
		prev = br.End
		s.Breaks = append(s.Breaks, br)
	}
	return s
}
