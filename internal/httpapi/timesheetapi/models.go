package timesheetapi

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// TimesheetBreakIn is a break of the business shapes (TimesheetBreakModel).
type TimesheetBreakIn struct {
	StartTime   payroll.DateTime `json:"startTime" nullable:"true"`
	EndTime     payroll.DateTime `json:"endTime" nullable:"true"`
	IsPaidBreak bool             `json:"isPaidBreak"`
}

// TimesheetIDName is {id, name}.
type TimesheetIDName struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// TimesheetAttachment is the attachment object of the line shapes. Attachments are
// linked through the employee document operations; a line without one
// shows the empty object (declared objects are never null).
type TimesheetAttachment struct {
	ID           *int64           `json:"id" nullable:"true"`
	FriendlyName string           `json:"friendlyName"`
	DateCreated  payroll.DateTime `json:"dateCreated" nullable:"true"`
	URL          string           `json:"url"`
	DateScanned  payroll.DateTime `json:"dateScanned" nullable:"true"`
	IsInfected   *bool            `json:"isInfected" nullable:"true"`
	// The individual line's Attachment declares it as non-nullable.
	IsDeleted bool `json:"isDeleted"`
}

// IndividualTimesheetLine is the line of POST/PUT B/timesheet and of the bulk
// response (AuIndividualTimesheetLineModel).
type IndividualTimesheetLine struct {
	ID                         int64               `json:"id" readOnly:"true"`
	EmployeeID                 int64               `json:"employeeId" required:"true"`
	StartTime                  payroll.DateTime    `json:"startTime" nullable:"true" required:"true" doc:"start of the shift: local date-time of the business, yyyy-MM-ddTHH:mm:ss, kept to the minute"`
	EndTime                    payroll.DateTime    `json:"endTime" nullable:"true" doc:"end of the shift: local date-time of the business, yyyy-MM-ddTHH:mm:ss, kept to the minute"`
	Units                      *payroll.Rate       `json:"units" nullable:"true" doc:"a unit-based line: start and end are set to midnight of the start date"`
	WorkTypeID                 *int64              `json:"workTypeId" nullable:"true"`
	LocationID                 *int64              `json:"locationId" nullable:"true"`
	Comments                   string              `json:"comments" maxLength:"2000"`
	Breaks                     []TimesheetBreakIn  `json:"breaks"`
	Status                     string              `json:"status" doc:"Missing, Submitted (default) or Approved on create; see the operation for the transitions"`
	Rate                       *payroll.Rate       `json:"rate" nullable:"true" doc:"hourly rate (per unit for unit-based lines) overriding the employee's"`
	LeaveCategoryID            *int64              `json:"leaveCategoryId" nullable:"true"`
	PayCategoryID              *int64              `json:"payCategoryId" nullable:"true"`
	ClassificationID           *int64              `json:"classificationId" nullable:"true" doc:"award classifications are not modelled: always null"`
	Classification             string              `json:"classification" readOnly:"true"`
	ExternalID                 string              `json:"externalId" maxLength:"50"`
	Source                     string              `json:"source" doc:"ExternalService name; API when not given"`
	AttachmentID               *int64              `json:"attachmentId" nullable:"true" readOnly:"true"`
	ShiftConditionIDs          []int64             `json:"shiftConditionIds" doc:"work types (shift conditions) of the business"`
	WorkType                   string              `json:"workType" readOnly:"true"`
	FullyQualifiedLocationName string              `json:"fullyQualifiedLocationName" readOnly:"true"`
	LocationIsDeleted          bool                `json:"locationIsDeleted" readOnly:"true"`
	ShiftConditions            []TimesheetIDName   `json:"shiftConditions" readOnly:"true"`
	HiddenComments             string              `json:"hiddenComments" maxLength:"2000"`
	Attachment                 TimesheetAttachment `json:"attachment" readOnly:"true"`
	DimensionValueIDs          []int64             `json:"dimensionValueIds"`
}

// RequestExample is a valid create body (the OpenAPI example): local
// date-times of the business, a half-hour unpaid break.
func (IndividualTimesheetLine) RequestExample() any {
	return map[string]any{"employeeId": 1, "startTime": "2026-12-07T09:00:00", "endTime": "2026-12-07T17:30:00",
		"breaks":   []any{map[string]any{"startTime": "2026-12-07T12:30:00", "endTime": "2026-12-07T13:00:00", "isPaidBreak": false}},
		"comments": "Stocktake"}
}

func (m *IndividualTimesheetLine) input() timesheet.Input {
	in := timesheet.Input{EmployeeID: m.EmployeeID, Start: m.StartTime, End: m.EndTime, Units: m.Units, Rate: m.Rate, WorkTypeID: m.WorkTypeID,
		LocationID: m.LocationID, PayCategoryID: m.PayCategoryID, LeaveCategoryID: m.LeaveCategoryID, ShiftConditionIDs: m.ShiftConditionIDs,
		DimensionValueIDs: m.DimensionValueIDs, Comments: m.Comments, HiddenComments: m.HiddenComments, Status: m.Status, ExternalID: m.ExternalID,
		Source: m.Source}
	for _, b := range m.Breaks {
		in.Breaks = append(in.Breaks, timesheet.BreakInput{Start: b.StartTime, End: b.EndTime, IsPaidBreak: b.IsPaidBreak})
	}
	return in
}

func idPtr(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

func dt(t time.Time) payroll.DateTime {
	if t.IsZero() {
		return payroll.DateTime{}
	}
	return payroll.NewDateTime(t)
}

func source(s string) string {
	if s == "" {
		return "None"
	}
	return s
}

func ids(v []int64) []int64 {
	if v == nil {
		return []int64{}
	}
	return v
}

func individual(l timesheet.Line) IndividualTimesheetLine {
	m := IndividualTimesheetLine{ID: l.ID, EmployeeID: l.EmployeeID, StartTime: dt(l.Start), EndTime: dt(l.End), Units: l.Units, WorkTypeID: idPtr(l.WorkTypeID),
		LocationID: idPtr(l.LocationID), Comments: l.Comments, Breaks: []TimesheetBreakIn{}, Status: l.Status, Rate: l.Rate, LeaveCategoryID: idPtr(l.LeaveCategoryID),
		PayCategoryID: idPtr(l.PayCategoryID), ExternalID: l.ExternalID, Source: source(l.Source), ShiftConditionIDs: ids(l.ShiftConditionIDs),
		WorkType: l.Names.WorkType, FullyQualifiedLocationName: l.Names.Location, ShiftConditions: []TimesheetIDName{}, HiddenComments: l.HiddenComments,
		DimensionValueIDs: ids(l.DimensionValueIDs)}
	for _, b := range l.Breaks {
		m.Breaks = append(m.Breaks, TimesheetBreakIn{StartTime: dt(b.Start), EndTime: dt(b.End), IsPaidBreak: b.Paid})
	}
	for _, c := range l.ShiftConditions {
		m.ShiftConditions = append(m.ShiftConditions, TimesheetIDName{ID: c.ID, Name: c.Name})
	}
	return m
}

// TimesheetBreakView is a break of shape B (TimesheetBreakManagerModel).
type TimesheetBreakView struct {
	ID             int64            `json:"id"`
	Start          payroll.DateTime `json:"start" nullable:"true"`
	End            payroll.DateTime `json:"end" nullable:"true"`
	SubmittedStart payroll.DateTime `json:"submittedStart" nullable:"true"`
	SubmittedEnd   payroll.DateTime `json:"submittedEnd" nullable:"true"`
	FormattedStart string           `json:"formattedStart"`
	FormattedEnd   string           `json:"formattedEnd"`
	IsPaidBreak    bool             `json:"isPaidBreak"`
}

// TimesheetDimensionValue is {id, name, reportingDimensionId}.
type TimesheetDimensionValue struct {
	ID                   int64  `json:"id"`
	Name                 string `json:"name"`
	ReportingDimensionID int64  `json:"reportingDimensionId"`
}

// TimesheetLineB is timesheet line shape B (concepts.md; ManagerTimesheetLineModel).
type TimesheetLineB struct {
	ID                          int64                     `json:"id"`
	EmployeeID                  int64                     `json:"employeeId"`
	EmployeeName                string                    `json:"employeeName"`
	DefaultLocationID           int64                     `json:"defaultLocationId"`
	DefaultLocationName         string                    `json:"defaultLocationName"`
	PayScheduleID               int64                     `json:"payScheduleId"`
	PayScheduleName             string                    `json:"payScheduleName"`
	EmployeeGroups              []TimesheetIDName         `json:"employeeGroups"`
	ShiftConditions             []TimesheetIDName         `json:"shiftConditions"`
	CostFormatted               string                    `json:"costFormatted"`
	CanDelete                   bool                      `json:"canDelete"`
	CanEdit                     bool                      `json:"canEdit"`
	CanEditNotesOnly            bool                      `json:"canEditNotesOnly"`
	CanViewCosts                bool                      `json:"canViewCosts"`
	CanApprove                  bool                      `json:"canApprove"`
	TerminationDate             payroll.DateTime          `json:"terminationDate" nullable:"true"`
	EmployeeStartDate           payroll.DateTime          `json:"employeeStartDate" nullable:"true"`
	DimensionValues             []TimesheetDimensionValue `json:"dimensionValues"`
	Classification              TimesheetIDName           `json:"classification"`
	LocationID                  *int64                    `json:"locationId" nullable:"true"`
	WorkTypeID                  *int64                    `json:"workTypeId" nullable:"true"`
	WorkTypeName                string                    `json:"workTypeName"`
	LocationName                string                    `json:"locationName"`
	UnitType                    string                    `json:"unitType"`
	IsUnitBasedWorkType         bool                      `json:"isUnitBasedWorkType"`
	PayRunID                    *int64                    `json:"payRunId" nullable:"true"`
	Start                       payroll.DateTime          `json:"start" nullable:"true"`
	End                         payroll.DateTime          `json:"end" nullable:"true"`
	SubmittedStart              payroll.DateTime          `json:"submittedStart" nullable:"true"`
	SubmittedEnd                payroll.DateTime          `json:"submittedEnd" nullable:"true"`
	Units                       *payroll.Rate             `json:"units" nullable:"true"`
	Status                      string                    `json:"status" enum:"Missing,Submitted,Approved,Rejected,Processed"`
	PaySlipURL                  string                    `json:"paySlipUrl"`
	Breaks                      []TimesheetBreakView      `json:"breaks"`
	Comments                    string                    `json:"comments"`
	Rate                        *payroll.Rate             `json:"rate" nullable:"true" doc:"the hourly rate the line is costed at (override or the employee's, with the pay category's loading)"`
	ExternalReferenceID         string                    `json:"externalReferenceId"`
	Source                      string                    `json:"source"`
	PayCategoryID               *int64                    `json:"payCategoryId" nullable:"true"`
	LeaveCategoryID             *int64                    `json:"leaveCategoryId" nullable:"true"`
	LeaveRequestID              *int64                    `json:"leaveRequestId" nullable:"true"`
	IsLocked                    bool                      `json:"isLocked"`
	Cost                        *payroll.Money            `json:"cost" nullable:"true"`
	Discard                     bool                      `json:"discard"`
	Attachment                  TimesheetAttachment       `json:"attachment"`
	IsOverlapping               bool                      `json:"isOverlapping"`
	OverdrawsLeave              bool                      `json:"overdrawsLeave"`
	ReviewedBy                  string                    `json:"reviewedBy"`
	DurationOverride            *string                   `json:"durationOverride" nullable:"true"`
	AutoApprovedByRosterShiftID *int64                    `json:"autoApprovedByRosterShiftId" nullable:"true"`
	WorkDurationInMinutes       float64                   `json:"workDurationInMinutes"`
	BreaksDurationInMinutes     float64                   `json:"breaksDurationInMinutes"`
	TotalDurationInMinutes      float64                   `json:"totalDurationInMinutes"`
	HiddenComments              string                    `json:"hiddenComments"`
	ReadOnly                    bool                      `json:"readOnly"`
	IgnoreRounding              bool                      `json:"ignoreRounding"`
}

var currency = map[string]string{"AU": "$", "NZ": "$", "SG": "$", "UK": "£", "MY": "RM"}

// FormatCost is a cost as the costFormatted members show it: the region's
// currency symbol and two decimals ($123.45).
func FormatCost(region string, m payroll.Money) string { return currency[region] + m.StringFixed(2) }

func clock(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("3:04 PM")
}

// shapeB is l in shape B; without showCosts (a restricted user whose
// grants over the employee lack ViewShiftCosts) cost, costFormatted and
// rate are left out (null, "") and canViewCosts is false.
func shapeB(l timesheet.Line, region string, showCosts bool) TimesheetLineB {
	locked := l.IsLocked()
	m := TimesheetLineB{ID: l.ID, EmployeeID: l.EmployeeID, EmployeeName: l.Employee.Name, DefaultLocationID: l.Employee.DefaultLocationID,
		DefaultLocationName: l.Employee.DefaultLocationName, PayScheduleID: l.Employee.PayScheduleID, PayScheduleName: l.Employee.PayScheduleName,
		EmployeeGroups: []TimesheetIDName{}, ShiftConditions: []TimesheetIDName{}, CanDelete: !locked, CanEdit: !locked, CanViewCosts: true,
		CanApprove: l.Status == timesheet.StatusSubmitted || l.Status == timesheet.StatusMissing, TerminationDate: dt(l.Employee.EndDate),
		EmployeeStartDate: dt(l.Employee.StartDate), DimensionValues: []TimesheetDimensionValue{}, LocationID: idPtr(l.LocationID), WorkTypeID: idPtr(l.WorkTypeID),
		WorkTypeName: l.Names.WorkType, LocationName: l.Names.Location, IsUnitBasedWorkType: l.Units != nil, PayRunID: idPtr(l.PayRunID),
		Start: dt(l.Start), End: dt(l.End), SubmittedStart: dt(l.SubmittedStart), SubmittedEnd: dt(l.SubmittedEnd), Units: l.Units, Status: l.Status,
		Breaks: []TimesheetBreakView{}, Comments: l.Comments, Rate: l.Cost.CalculatedRate, ExternalReferenceID: l.ExternalID, Source: source(l.Source),
		PayCategoryID: idPtr(l.PayCategoryID), LeaveCategoryID: idPtr(l.LeaveCategoryID), IsLocked: locked, Cost: l.Cost.Cost,
		IsOverlapping: l.IsOverlapping, ReviewedBy: l.ReviewedBy, WorkDurationInMinutes: float64(l.WorkMinutes),
		BreaksDurationInMinutes: float64(l.BreakMinutes), TotalDurationInMinutes: float64(l.TotalMinutes()), HiddenComments: l.HiddenComments, ReadOnly: locked}
	if l.Units != nil {
		m.UnitType = "Units"
	}
	if l.Cost.Cost != nil {
		m.CostFormatted = FormatCost(region, *l.Cost.Cost)
	}
	if !showCosts {
		m.Cost, m.CostFormatted, m.Rate, m.CanViewCosts = nil, "", nil, false
	}
	for _, b := range l.Breaks {
		m.Breaks = append(m.Breaks, TimesheetBreakView{ID: b.ID, Start: dt(b.Start), End: dt(b.End), SubmittedStart: dt(b.SubmittedStart), SubmittedEnd: dt(b.SubmittedEnd),
			FormattedStart: clock(b.Start), FormattedEnd: clock(b.End), IsPaidBreak: b.Paid})
	}
	for _, c := range l.ShiftConditions {
		m.ShiftConditions = append(m.ShiftConditions, TimesheetIDName{ID: c.ID, Name: c.Name})
	}
	for _, d := range l.DimensionValues {
		m.DimensionValues = append(m.DimensionValues, TimesheetDimensionValue{ID: d.ID, Name: d.Name, ReportingDimensionID: d.ParentID})
	}
	return m
}

// TimesheetBreakSubmit is a break of the manager edit (TimesheetBreakSubmitModel).
type TimesheetBreakSubmit struct {
	Start       payroll.DateTime `json:"start" nullable:"true"`
	End         payroll.DateTime `json:"end" nullable:"true"`
	IsPaidBreak bool             `json:"isPaidBreak"`
}

// ManagerTimesheetSubmit is the body of the manager edit (ManagerTimesheetSubmitModel).
type ManagerTimesheetSubmit struct {
	ID                int64                  `json:"id" doc:"ignored: the path names the line"`
	EmployeeID        int64                  `json:"employeeId" doc:"ignored: the path names the employee"`
	LocationID        *int64                 `json:"locationId" nullable:"true"`
	WorkTypeID        *int64                 `json:"workTypeId" nullable:"true"`
	PayCategoryID     *int64                 `json:"payCategoryId" nullable:"true"`
	LeaveCategoryID   *int64                 `json:"leaveCategoryId" nullable:"true"`
	LeaveRequestID    *int64                 `json:"leaveRequestId" nullable:"true" doc:"set by leave requests, not by edits: ignored"`
	ClassificationID  *int64                 `json:"classificationId" nullable:"true" doc:"award classifications are not modelled: ignored"`
	ShiftConditionIDs []int64                `json:"shiftConditionIds"`
	Start             payroll.DateTime       `json:"start" nullable:"true"`
	End               payroll.DateTime       `json:"end" nullable:"true"`
	SubmittedStart    payroll.DateTime       `json:"submittedStart" nullable:"true"`
	SubmittedEnd      payroll.DateTime       `json:"submittedEnd" nullable:"true"`
	Units             *payroll.Rate          `json:"units" nullable:"true"`
	Rate              *payroll.Rate          `json:"rate" nullable:"true"`
	Comments          string                 `json:"comments" maxLength:"2000"`
	HiddenComments    string                 `json:"hiddenComments" maxLength:"2000"`
	Breaks            []TimesheetBreakSubmit `json:"breaks"`
	Source            string                 `json:"source"`
	DimensionValueIDs []int64                `json:"dimensionValueIds"`
}

func (m *ManagerTimesheetSubmit) input(employeeID int64, old timesheet.Line) timesheet.Input {
	in := timesheet.Input{EmployeeID: employeeID, Start: m.Start, End: m.End, SubmittedStart: m.SubmittedStart, SubmittedEnd: m.SubmittedEnd,
		Units: m.Units, Rate: m.Rate, WorkTypeID: m.WorkTypeID, LocationID: m.LocationID, PayCategoryID: m.PayCategoryID, LeaveCategoryID: m.LeaveCategoryID,
		ShiftConditionIDs: m.ShiftConditionIDs, DimensionValueIDs: m.DimensionValueIDs, Comments: m.Comments, HiddenComments: m.HiddenComments,
		Source: m.Source, ExternalID: old.ExternalID, StartName: "start", EndName: "end"}
	if in.Source == "" {
		in.Source = old.Source
	}
	for _, b := range m.Breaks {
		in.Breaks = append(in.Breaks, timesheet.BreakInput{Start: b.Start, End: b.End, IsPaidBreak: b.IsPaidBreak})
	}
	return in
}

// BulkTimesheetLine is a line of the bulk request (AuTimesheetLineModel: ids as
// text so external ids can be used).
type BulkTimesheetLine struct {
	ID                int64              `json:"id" doc:"ignored: bulk always adds lines"`
	EmployeeID        int64              `json:"employeeId" doc:"ignored: the key of the timesheets map names the employee"`
	StartTime         payroll.DateTime   `json:"startTime" nullable:"true"`
	EndTime           payroll.DateTime   `json:"endTime" nullable:"true"`
	Units             *payroll.Rate      `json:"units" nullable:"true"`
	WorkTypeID        string             `json:"workTypeId" doc:"an id, or an external id when workTypeIdType is External"`
	LocationID        string             `json:"locationId" doc:"an id, or an external id when locationIdType is External"`
	PayCategoryID     string             `json:"payCategoryId"`
	LeaveCategoryID   string             `json:"leaveCategoryId"`
	ClassificationID  string             `json:"classificationId" doc:"award classifications are not modelled: ignored"`
	Comments          string             `json:"comments" maxLength:"2000"`
	HiddenComments    string             `json:"hiddenComments" maxLength:"2000"`
	Breaks            []TimesheetBreakIn `json:"breaks"`
	Status            string             `json:"status" doc:"Missing or Submitted (default); approved=true stores Approved"`
	Rate              *payroll.Rate      `json:"rate" nullable:"true"`
	ExternalID        string             `json:"externalId" maxLength:"50"`
	Source            string             `json:"source"`
	ShiftConditionIDs []string           `json:"shiftConditionIds"`
	DimensionValueIDs []int64            `json:"dimensionValueIds"`
}

// BulkTimesheetRequest is the body of the bulk operations (SubmitTimesheetsRequest).
type BulkTimesheetRequest struct {
	FromDate        payroll.DateTime               `json:"fromDate" nullable:"true"`
	ToDate          payroll.DateTime               `json:"toDate" nullable:"true"`
	ReplaceExisting bool                           `json:"replaceExisting" doc:"PUT always replaces; POST ignores it (use PUT to replace)"`
	Approved        bool                           `json:"approved"`
	EmployeeIDType  string                         `json:"employeeIdType" enum:"Standard,External"`
	LocationIDType  string                         `json:"locationIdType" enum:"Standard,External"`
	WorkTypeIDType  string                         `json:"workTypeIdType" enum:"Standard,External"`
	ReturnResponse  bool                           `json:"returnResponse"`
	Timesheets      map[string][]BulkTimesheetLine `json:"timesheets"`
}

func (r *BulkTimesheetRequest) domain() timesheet.BulkRequest {
	out := timesheet.BulkRequest{From: r.FromDate, To: r.ToDate, Approved: r.Approved, EmployeeIDType: r.EmployeeIDType, LocationIDType: r.LocationIDType,
		WorkTypeIDType: r.WorkTypeIDType, ReturnResponse: r.ReturnResponse, Timesheets: map[string][]timesheet.BulkLine{}}
	for k, ls := range r.Timesheets {
		for _, m := range ls {
			bl := timesheet.BulkLine{Input: timesheet.Input{Start: m.StartTime, End: m.EndTime, Units: m.Units, Rate: m.Rate, Comments: m.Comments,
				HiddenComments: m.HiddenComments, Status: m.Status, ExternalID: m.ExternalID, Source: m.Source, DimensionValueIDs: m.DimensionValueIDs},
				WorkTypeRef: m.WorkTypeID, LocationRef: m.LocationID, PayCategoryRef: m.PayCategoryID, LeaveCategoryRef: m.LeaveCategoryID,
				ShiftConditionRefs: m.ShiftConditionIDs}
			if bl.Source == "" {
				bl.Source = "API"
			}
			for _, b := range m.Breaks {
				bl.Breaks = append(bl.Breaks, timesheet.BreakInput{Start: b.StartTime, End: b.EndTime, IsPaidBreak: b.IsPaidBreak})
			}
			out.Timesheets[k] = append(out.Timesheets[k], bl)
		}
	}
	return out
}

// BulkTimesheetResponse is SubmitTimesheetsResponse.
type BulkTimesheetResponse struct {
	Timesheets map[string][]IndividualTimesheetLine `json:"timesheets"`
}

// TimesheetFutureValue is {value}.
type TimesheetFutureValue struct {
	Value int `json:"value"`
}

// PagedTimesheetLines is the paged list of shape B lines.
type PagedTimesheetLines struct {
	ItemCountFuture TimesheetFutureValue `json:"itemCountFuture"`
	ItemCount       int                  `json:"itemCount"`
	Items           []TimesheetLineB     `json:"items"`
	CurrentPage     int                  `json:"currentPage"`
	PageSize        int                  `json:"pageSize"`
	PageCount       int                  `json:"pageCount"`
}

func parseDate(member, s string) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return time.Time{}, nil
	}
	d, err := payroll.ParseDateTime(s)
	if err != nil {
		return time.Time{}, payroll.Invalid(member, "%s: %v", member, err)
	}
	return d.Time, nil
}

func parseInt(member, s string) (int, error) {
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, payroll.Invalid(member, "%s must be a whole number", member)
	}
	return n, nil
}

// costsShown is which employees' costs the caller may see: every one for
// an unrestricted caller; for a restricted one those their grants holding
// ViewShiftCosts cover (one query for the lines).
func costsShown(ctx context.Context, s *timesheet.Service, lines []timesheet.Line) (func(employeeID int64) bool, error) {
	acc, ok := httpapi.GrantedAccess(ctx)
	if !ok || !acc.Restricted() {
		return func(int64) bool { return true }, nil
	}
	n, ok := acc.Permitted("ViewShiftCosts")
	if !ok || len(lines) == 0 {
		return func(int64) bool { return false }, nil
	}
	seen := map[int64]bool{}
	var ids []int64
	for _, l := range lines {
		if !seen[l.EmployeeID] {
			seen[l.EmployeeID] = true
			ids = append(ids, l.EmployeeID)
		}
	}
	vis, err := s.Visible(business.WithAccess(ctx, n), httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), ids)
	if err != nil {
		return nil, err
	}
	return func(id int64) bool { return vis[id] }, nil
}
