package rosterapi

import (
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/roster"
)

// RosterShiftRole is the role of a shift.
type RosterShiftRole struct {
	ID            int64  `json:"id"`
	Name          string `json:"name" maxLength:"255"`
	ClassName     string `json:"className" maxLength:"255"`
	HexColourCode string `json:"hexColourCode" maxLength:"20"`
}

// RosterShiftBreak is a break of a shift.
type RosterShiftBreak struct {
	ID          int64            `json:"id"`
	StartTime   payroll.DateTime `json:"startTime" nullable:"true"`
	EndTime     payroll.DateTime `json:"endTime" nullable:"true"`
	IsPaidBreak bool             `json:"isPaidBreak"`
}

// RosterShiftQualification is a qualification a shift requires.
type RosterShiftQualification struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// RosterShiftSwap is the open swap of a shift.
type RosterShiftSwap struct {
	ID                int64                 `json:"id"`
	FromEmployee      string                `json:"fromEmployee"`
	ToEmployee        string                `json:"toEmployee"`
	FromEmployeeID    int64                 `json:"fromEmployeeId"`
	ToEmployeeID      int64                 `json:"toEmployeeId"`
	DateCreated       payroll.DateTimeOrMin `json:"dateCreated" doc:"0001-01-01T00:00:00 on the placeholder (id 0)"`
	Note              string                `json:"note"`
	RejectedReason    string                `json:"rejectedReason"`
	Status            int                   `json:"status" doc:"0 Proposed, 1 Accepted, 2 Declined, 3 Cancelled"`
	StatusDescription string                `json:"statusDescription"`
}

// RosterShiftEdit is the body of create and update (AuRosterShiftEditModel).
type RosterShiftEdit struct {
	ID                 int64                      `json:"id" doc:"ignored: the path names the shift"`
	EmployeeID         *int64                     `json:"employeeId" nullable:"true" doc:"none = an unassigned shift"`
	EmployeeName       string                     `json:"employeeName" doc:"ignored (read-only)"`
	LocationID         *int64                     `json:"locationId" nullable:"true"`
	LocationName       string                     `json:"locationName" doc:"ignored (read-only)"`
	WorkTypeID         *int64                     `json:"workTypeId" nullable:"true"`
	WorkTypeName       string                     `json:"workTypeName" doc:"ignored (read-only)"`
	ClassificationID   *int64                     `json:"classificationId" nullable:"true"`
	ClassificationName string                     `json:"classificationName" maxLength:"255"`
	Role               *RosterShiftRole           `json:"role"`
	StartTime          payroll.DateTime           `json:"startTime"`
	EndTime            payroll.DateTime           `json:"endTime"`
	Notes              string                     `json:"notes" maxLength:"2000"`
	Breaks             []RosterShiftBreak         `json:"breaks" doc:"on update: given = replaces the breaks; absent = kept unless clearBreaks"`
	Qualifications     []RosterShiftQualification `json:"qualifications" doc:"required qualifications, by id"`
}

func (b *RosterShiftEdit) input() roster.Input {
	in := roster.Input{EmployeeID: b.EmployeeID, LocationID: b.LocationID, WorkTypeID: b.WorkTypeID, ClassificationID: b.ClassificationID,
		ClassificationName: b.ClassificationName, Start: b.StartTime, End: b.EndTime, Notes: b.Notes, QualificationIDs: []int64{}}
	if b.EmployeeID != nil && *b.EmployeeID == 0 {
		in.EmployeeID = nil
	}
	if b.Role != nil {
		in.Role = &roster.Role{ID: b.Role.ID, Name: b.Role.Name, ClassName: b.Role.ClassName, HexColourCode: b.Role.HexColourCode}
	}
	if b.Breaks != nil {
		in.Breaks = make([]roster.BreakInput, 0, len(b.Breaks))
		for _, br := range b.Breaks {
			in.Breaks = append(in.Breaks, roster.BreakInput{Start: br.StartTime, End: br.EndTime, IsPaidBreak: br.IsPaidBreak})
		}
	}
	for _, q := range b.Qualifications {
		in.QualificationIDs = append(in.QualificationIDs, q.ID)
	}
	return in
}

// EssRosterShift is a shift as the self-service and edit operations show
// it (AuEssRosterShiftModel).
type EssRosterShift struct {
	ID                    int64                      `json:"id"`
	Token                 string                     `json:"token"`
	EmployeeID            int64                      `json:"employeeId"`
	EmployeeName          string                     `json:"employeeName"`
	LocationID            int64                      `json:"locationId"`
	LocationName          string                     `json:"locationName"`
	WorkTypeID            int64                      `json:"workTypeId"`
	WorkTypeName          string                     `json:"workTypeName"`
	ClassificationID      int64                      `json:"classificationId"`
	ClassificationName    string                     `json:"classificationName"`
	Role                  RosterShiftRole            `json:"role" doc:"id 0 and empty name: no role"`
	StartTime             payroll.DateTime           `json:"startTime" nullable:"true"`
	EndTime               payroll.DateTime           `json:"endTime" nullable:"true"`
	Notes                 string                     `json:"notes"`
	Published             bool                       `json:"published"`
	Accepted              bool                       `json:"accepted"`
	PendingSwap           RosterShiftSwap            `json:"pendingSwap" doc:"id 0: no open swap"`
	DatePublished         payroll.DateTime           `json:"datePublished" nullable:"true"`
	Biddable              bool                       `json:"biddable"`
	ShiftSwapCutoffTime   payroll.DateTime           `json:"shiftSwapCutoffTime" nullable:"true"`
	ShiftAssignmentStatus string                     `json:"shiftAssignmentStatus" enum:"Pending,Assigned,Bidding,PendingShiftSwap,PendingShiftSwapAwaitingApproval,ProposedShiftSwap,ProposedShiftSwapAwaitingApproval"`
	Breaks                []RosterShiftBreak         `json:"breaks"`
	Qualifications        []RosterShiftQualification `json:"qualifications"`
}

// RosterShift is a shift in the business list
// (AuRosterShiftGenerateTimesheetModel).
type RosterShift struct {
	EssRosterShift
	FullyQualifiedLocationName string   `json:"fullyQualifiedLocationName"`
	Description                string   `json:"description"`
	IsDifferent                bool     `json:"isDifferent"`
	Warnings                   []string `json:"warnings"`
	TimesheetLineID            *int64   `json:"timesheetLineId" nullable:"true" doc:"the line stub generated from the shift"`
}

// MatchingResult is the answer of matching clock on / off.
type MatchingResult struct {
	Shift EssRosterShift `json:"shift" doc:"id 0: no rostered shift matches (declared objects are never null)"`
}

// StubBody is the body of stub.
type StubBody struct {
	Note string `json:"note" maxLength:"2000"`
}

// StubResult is what stub answers: the line it wrote.
type StubResult struct {
	TimesheetLineID int64 `json:"timesheetLineId"`
}

func dt(t time.Time) payroll.DateTime {
	if t.IsZero() {
		return payroll.DateTime{}
	}
	return payroll.NewDateTime(t)
}

// EssShape is the wire shape of s as seen by viewer (0 = a business user).
func EssShape(s roster.Shift, viewer int64) EssRosterShift {
	out := EssRosterShift{ID: s.ID, Token: s.Token, EmployeeID: s.EmployeeID, EmployeeName: s.EmployeeName, LocationID: s.LocationID,
		LocationName: s.LocationName, WorkTypeID: s.WorkTypeID, WorkTypeName: s.WorkTypeName, ClassificationID: s.ClassificationID,
		ClassificationName: s.ClassificationName, StartTime: dt(s.Start), EndTime: dt(s.End), Notes: s.Notes, Published: s.Published,
		Accepted: s.Accepted, DatePublished: dt(s.DatePublished), ShiftAssignmentStatus: s.AssignmentStatus(viewer),
		Breaks: make([]RosterShiftBreak, 0, len(s.Breaks)), Qualifications: make([]RosterShiftQualification, 0, len(s.Qualifications))}
	if s.Role != nil {
		out.Role = RosterShiftRole{ID: s.Role.ID, Name: s.Role.Name, ClassName: s.Role.ClassName, HexColourCode: s.Role.HexColourCode}
	}
	if w := s.PendingSwap; w != nil {
		out.PendingSwap = RosterShiftSwap{ID: w.ID, FromEmployee: w.FromEmployee, ToEmployee: w.ToEmployee, FromEmployeeID: w.FromEmployeeID,
			ToEmployeeID: w.ToEmployeeID, DateCreated: payroll.DateTimeOrMin{DateTime: dt(w.Created)}, Note: w.Note, RejectedReason: w.RejectedReason,
			Status: roster.SwapStatusCode(w.Status), StatusDescription: w.Status}
	}
	for _, b := range s.Breaks {
		out.Breaks = append(out.Breaks, RosterShiftBreak{ID: b.ID, StartTime: dt(b.Start), EndTime: dt(b.End), IsPaidBreak: b.Paid})
	}
	for _, q := range s.Qualifications {
		out.Qualifications = append(out.Qualifications, RosterShiftQualification{ID: q.ID, Name: q.Name})
	}
	return out
}

func listShape(s roster.Shift) RosterShift {
	out := RosterShift{EssRosterShift: EssShape(s, 0), FullyQualifiedLocationName: s.LocationName, Warnings: []string{}}
	if s.TimesheetLineID != 0 {
		id := s.TimesheetLineID
		out.TimesheetLineID = &id
	}
	return out
}
