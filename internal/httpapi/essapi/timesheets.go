package essapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// EssAttachment is the attachment of shape A (Attachment). Lines written
// in self-service carry none, so it is the empty object.
type EssAttachment struct {
	Data         string           `json:"data" doc:"base64 content; empty: attachments are linked through the document operations"`
	DateCreated  payroll.DateTime `json:"dateCreated" nullable:"true"`
	DateScanned  payroll.DateTime `json:"dateScanned" nullable:"true"`
	FriendlyName string           `json:"friendlyName"`
	ID           *int64           `json:"id" nullable:"true"`
	IsDeleted    bool             `json:"isDeleted"`
	IsInfected   *bool            `json:"isInfected" nullable:"true"`
	URL          string           `json:"url"`
}

// EssTimesheetBreak is a break of shape A (TimesheetBreakViewModel); on
// input only start, end and isPaidBreak count.
type EssTimesheetBreak struct {
	ID             int64            `json:"id" readOnly:"true"`
	Start          payroll.DateTime `json:"start" nullable:"true"`
	End            payroll.DateTime `json:"end" nullable:"true"`
	SubmittedStart payroll.DateTime `json:"submittedStart" nullable:"true" readOnly:"true"`
	SubmittedEnd   payroll.DateTime `json:"submittedEnd" nullable:"true" readOnly:"true"`
	FormattedStart string           `json:"formattedStart" readOnly:"true"`
	FormattedEnd   string           `json:"formattedEnd" readOnly:"true"`
	IsPaidBreak    bool             `json:"isPaidBreak"`
}

// EssTimesheetSummary is EssCurrentTimesheetsModel: the employee's lines
// of the week (Monday to Sunday) around a line, by state.
type EssTimesheetSummary struct {
	PeriodStarting    payroll.DateTime `json:"periodStarting"`
	PeriodEnding      payroll.DateTime `json:"periodEnding"`
	SubmittedCount    int              `json:"submittedCount"`
	ApprovedCount     int              `json:"approvedCount"`
	RejectedCount     int              `json:"rejectedCount"`
	ProcessedCount    int              `json:"processedCount"`
	DurationInMinutes float64          `json:"durationInMinutes" doc:"work minutes of the week's lines that are not Rejected"`
}

// EssTimesheet is timesheet line shape A (concepts.md; EssTimesheetModel
// with timesheetSummary, EssTimesheetAndSummaryModel). Members marked
// read-only are ignored on input; so are rate, payCategoryId,
// hiddenComments and externalReferenceId, which are the manager's.
type EssTimesheet struct {
	ID                          int64                      `json:"id" doc:"POST S/timesheet with an id edits that line"`
	EmployeeID                  int64                      `json:"employeeId" doc:"ignored: the path names the employee"`
	EmployeeName                string                     `json:"employeeName" readOnly:"true"`
	Attachment                  EssAttachment              `json:"attachment" readOnly:"true"`
	AutoApprovedByRosterShiftID *int64                     `json:"autoApprovedByRosterShiftId" nullable:"true" readOnly:"true"`
	Breaks                      []EssTimesheetBreak        `json:"breaks"`
	BreaksDurationInMinutes     int64                      `json:"breaksDurationInMinutes" readOnly:"true"`
	CanDelete                   bool                       `json:"canDelete" readOnly:"true"`
	CanEdit                     bool                       `json:"canEdit" readOnly:"true"`
	ClassificationID            *int64                     `json:"classificationId" nullable:"true" doc:"award classifications are not modelled: ignored, always null"`
	ClassificationName          string                     `json:"classificationName" readOnly:"true"`
	Comments                    string                     `json:"comments" maxLength:"2000"`
	HiddenComments              string                     `json:"hiddenComments" readOnly:"true"`
	Cost                        *payroll.Money             `json:"cost" nullable:"true" readOnly:"true"`
	CostByLocation              *payroll.Money             `json:"costByLocation" nullable:"true" readOnly:"true"`
	CostingData                 timesheet.ShiftCostingData `json:"costingData" readOnly:"true"`
	CostingDataByLocation       timesheet.ShiftCostingData `json:"costingDataByLocation" readOnly:"true"`
	DimensionValueIDs           []int64                    `json:"dimensionValueIds"`
	Discard                     bool                       `json:"discard" readOnly:"true"`
	DurationOverride            *string                    `json:"durationOverride" nullable:"true" readOnly:"true"`
	Start                       payroll.DateTime           `json:"start" nullable:"true"`
	End                         payroll.DateTime           `json:"end" nullable:"true"`
	SubmittedStart              payroll.DateTime           `json:"submittedStart" nullable:"true" readOnly:"true"`
	SubmittedEnd                payroll.DateTime           `json:"submittedEnd" nullable:"true" readOnly:"true"`
	ExternalReferenceID         string                     `json:"externalReferenceId" readOnly:"true"`
	IgnoreRounding              bool                       `json:"ignoreRounding" readOnly:"true"`
	IsLocked                    bool                       `json:"isLocked" readOnly:"true"`
	IsOverlapping               bool                       `json:"isOverlapping" readOnly:"true"`
	IsUnitBasedWorkType         bool                       `json:"isUnitBasedWorkType" readOnly:"true"`
	LeaveCategoryID             *int64                     `json:"leaveCategoryId" nullable:"true"`
	LeaveRequestID              *int64                     `json:"leaveRequestId" nullable:"true" readOnly:"true"`
	LocationID                  *int64                     `json:"locationId" nullable:"true"`
	LocationIsDeleted           bool                       `json:"locationIsDeleted" readOnly:"true"`
	LocationName                string                     `json:"locationName" readOnly:"true"`
	OverdrawsLeave              bool                       `json:"overdrawsLeave" readOnly:"true"`
	PayCategoryID               *int64                     `json:"payCategoryId" nullable:"true" readOnly:"true"`
	PayRunID                    *int64                     `json:"payRunId" nullable:"true" readOnly:"true"`
	PaySlipURL                  string                     `json:"paySlipUrl" readOnly:"true"`
	Rate                        *payroll.Rate              `json:"rate" nullable:"true" readOnly:"true"`
	ReadOnly                    bool                       `json:"readOnly" readOnly:"true"`
	ReviewedBy                  string                     `json:"reviewedBy" readOnly:"true"`
	ShiftConditionIDs           []int64                    `json:"shiftConditionIds"`
	Source                      string                     `json:"source" readOnly:"true"`
	Status                      string                     `json:"status" enum:"Missing,Submitted,Approved,Rejected,Processed" readOnly:"true" doc:"always Submitted after a self-service write"`
	StatusID                    int                        `json:"statusId" readOnly:"true" doc:"position of status in Missing, Submitted, Approved, Rejected, Processed, from 1"`
	TimesheetSummary            EssTimesheetSummary        `json:"timesheetSummary" readOnly:"true"`
	TotalDurationInMinutes      int64                      `json:"totalDurationInMinutes" readOnly:"true"`
	UnitType                    string                     `json:"unitType" readOnly:"true"`
	Units                       *payroll.Rate              `json:"units" nullable:"true" doc:"a unit-based line: start and end are set to midnight of the start date"`
	WorkDurationInMinutes       int64                      `json:"workDurationInMinutes" readOnly:"true"`
	WorkTypeID                  *int64                     `json:"workTypeId" nullable:"true"`
	WorkTypeName                string                     `json:"workTypeName" readOnly:"true"`
}

func (m *EssTimesheet) input() timesheet.Input {
	in := timesheet.Input{Start: m.Start, End: m.End, Units: m.Units, WorkTypeID: m.WorkTypeID, LocationID: m.LocationID, LeaveCategoryID: m.LeaveCategoryID,
		ShiftConditionIDs: m.ShiftConditionIDs, DimensionValueIDs: m.DimensionValueIDs, Comments: m.Comments, StartName: "start", EndName: "end"}
	for _, b := range m.Breaks {
		in.Breaks = append(in.Breaks, timesheet.BreakInput{Start: b.Start, End: b.End, IsPaidBreak: b.IsPaidBreak})
	}
	return in
}

func optID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

func optDT(t time.Time) payroll.DateTime {
	if t.IsZero() {
		return payroll.DateTime{}
	}
	return payroll.NewDateTime(t)
}

func hm(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("3:04 PM")
}

func orEmpty(v []int64) []int64 {
	if v == nil {
		return []int64{}
	}
	return v
}

// weekOf is the Monday starting the week of t.
func weekOf(t time.Time) time.Time {
	d := payroll.DateOnly(t)
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
}

// summaries counts lines by the week they start in.
func summaries(lines []timesheet.Line) map[time.Time]*EssTimesheetSummary {
	out := map[time.Time]*EssTimesheetSummary{}
	for i := range lines {
		l := &lines[i]
		w := weekOf(l.Start)
		s := out[w]
		if s == nil {
			s = &EssTimesheetSummary{PeriodStarting: payroll.NewDateTime(w), PeriodEnding: payroll.NewDateTime(w.AddDate(0, 0, 6))}
			out[w] = s
		}
		switch l.Status {
		case timesheet.StatusSubmitted, timesheet.StatusMissing:
			s.SubmittedCount++
		case timesheet.StatusApproved:
			s.ApprovedCount++
		case timesheet.StatusRejected:
			s.RejectedCount++
		case timesheet.StatusProcessed:
			s.ProcessedCount++
		}
		if l.Status != timesheet.StatusRejected {
			s.DurationInMinutes += float64(l.WorkMinutes)
		}
	}
	return out
}

func shapeA(l timesheet.Line, self, allowed bool, sum *EssTimesheetSummary) EssTimesheet {
	editable := allowed && timesheet.SelfEditable(&l)
	m := EssTimesheet{ID: l.ID, EmployeeID: l.EmployeeID, EmployeeName: l.Employee.Name, Breaks: []EssTimesheetBreak{}, BreaksDurationInMinutes: l.BreakMinutes,
		CanDelete: editable, CanEdit: editable, Comments: l.Comments, Cost: l.Cost.Cost, CostingData: l.Cost.Data, DimensionValueIDs: orEmpty(l.DimensionValueIDs),
		Start: optDT(l.Start), End: optDT(l.End), SubmittedStart: optDT(l.SubmittedStart), SubmittedEnd: optDT(l.SubmittedEnd), ExternalReferenceID: l.ExternalID,
		IsLocked: l.IsLocked(), IsOverlapping: l.IsOverlapping, IsUnitBasedWorkType: l.Units != nil, LeaveCategoryID: optID(l.LeaveCategoryID),
		LocationID: optID(l.LocationID), LocationName: l.Names.Location, PayCategoryID: optID(l.PayCategoryID), PayRunID: optID(l.PayRunID),
		Rate: l.Cost.CalculatedRate, ReadOnly: !editable, ReviewedBy: l.ReviewedBy, ShiftConditionIDs: orEmpty(l.ShiftConditionIDs), Source: l.Source,
		Status: l.Status, TotalDurationInMinutes: l.TotalMinutes(), Units: l.Units, WorkDurationInMinutes: l.WorkMinutes, WorkTypeID: optID(l.WorkTypeID),
		WorkTypeName: l.Names.WorkType}
	if !self {
		m.HiddenComments = l.HiddenComments
	}
	// Costing by location is the same costing: pay rates do not vary by
	// location in this service.
	m.CostByLocation, m.CostingDataByLocation = m.Cost, m.CostingData
	if m.Source == "" {
		m.Source = "None"
	}
	if l.Units != nil {
		m.UnitType = "Units"
	}
	for i, s := range timesheet.Statuses {
		if s == l.Status {
			m.StatusID = i + 1
		}
	}
	for _, b := range l.Breaks {
		m.Breaks = append(m.Breaks, EssTimesheetBreak{ID: b.ID, Start: optDT(b.Start), End: optDT(b.End), SubmittedStart: optDT(b.SubmittedStart),
			SubmittedEnd: optDT(b.SubmittedEnd), FormattedStart: hm(b.Start), FormattedEnd: hm(b.End), IsPaidBreak: b.Paid})
	}
	if sum != nil {
		m.TimesheetSummary = *sum
	}
	return m
}

type essTimesheetBody struct {
	httpapi.ESSPath
	Body    EssTimesheet
	RawBody []byte
}

func registerTimesheets(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Timesheets"}
	s := d.Timesheets
	rules := " Self-service writes are always Submitted with source EmployeePortal (an employee never approves their own time); rate, payCategoryId, " +
		"hiddenComments and externalReferenceId are the manager's (ignored; an edit keeps them). Self-service changes or deletes a line only while it is " +
		"Missing, Submitted or Rejected (409 once Approved or Processed, also when a manager approves it at the same moment); the employee needs the portal " +
		"setting that lets employees write timesheets (403 otherwise). timesheetSummary counts the employee's lines of the line's week (Monday to Sunday)."
	// canWrite reports whether the caller may write (a business user always).
	canWrite := func(ctx context.Context) bool { return allow(ctx, Deps{ESS: d.ESS}, ess.EditTimesheets) == nil }
	// one answers line l in shape A with its week's summary.
	one := func(ctx context.Context, id int64, l timesheet.Line) (*httpapi.BodyOf[EssTimesheet], error) {
		w := weekOf(l.Start)
		week, err := s.EmployeeLines(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, w, w.AddDate(0, 0, 6))
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[EssTimesheet]{Body: shapeA(l, httpapi.SelfEmployee(ctx), canWrite(ctx), summaries(week)[w])}, nil
	}
	write := func(ctx context.Context, lineID int64, body *EssTimesheet) (*httpapi.BodyOf[EssTimesheet], error) {
		id, err := employeeID(ctx)
		if err != nil {
			return nil, err
		}
		if err := allow(ctx, Deps{ESS: d.ESS}, ess.EditTimesheets); err != nil {
			return nil, err
		}
		biz := httpapi.CurrentBusiness(ctx)
		var l timesheet.Line
		if lineID == 0 {
			l, err = s.SelfCreate(ctx, biz, principal(ctx), id, body.input())
		} else {
			l, err = s.SelfUpdate(ctx, biz, principal(ctx), id, lineID, body.input())
		}
		if err != nil {
			return nil, err
		}
		return one(ctx, id, l)
	}

	httpapi.Register(a, httpapi.SelfService(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/timesheet", Tags: tags,
		Summary: "List the employee's timesheets (self-service)", Description: "The employee's lines starting from filter.fromDate to filter.toDate " +
			"(inclusive dates; either may be left out), oldest first, in shape A with each line's week summary."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			FromDate string `query:"fromDate" doc:"also filter.fromDate"`
			ToDate   string `query:"toDate" doc:"also filter.toDate"`
		}) (*httpapi.BodyOf[[]EssTimesheet], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			if !from.IsZero() && !to.IsZero() && to.Before(from) {
				return nil, payroll.Invalid("toDate", "toDate must not be before fromDate")
			}
			lines, err := s.EmployeeLines(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, from, to)
			if err != nil {
				return nil, err
			}
			// Summaries count whole weeks, so the weeks at the range's ends
			// are read in full.
			all := lines
			if len(lines) > 0 && (!from.IsZero() || !to.IsZero()) {
				first, last := weekOf(lines[0].Start), weekOf(lines[len(lines)-1].Start).AddDate(0, 0, 6)
				if all, err = s.EmployeeLines(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, first, last); err != nil {
					return nil, err
				}
			}
			sums := summaries(all)
			self, allowed := httpapi.SelfEmployee(ctx), canWrite(ctx)
			out := make([]EssTimesheet, 0, len(lines))
			for _, l := range lines {
				out = append(out, shapeA(l, self, allowed, sums[weekOf(l.Start)]))
			}
			return &httpapi.BodyOf[[]EssTimesheet]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/timesheet", Tags: tags,
		Summary: "Submit or update a timesheet (self-service)", Description: "Without an id a new line; with one, an edit of that line of the employee's " +
			"(as POST S/timesheet/{timesheetId}). Durations, breaks, rounding of units lines and references are checked as for B/timesheet (400 naming the member)." + rules},
		func(ctx context.Context, in *essTimesheetBody) (*httpapi.BodyOf[EssTimesheet], error) {
			return write(ctx, in.Body.ID, &in.Body)
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/timesheet/{timesheetId}", Tags: tags,
		Summary: "Edit a timesheet (self-service)", Description: "Replaces the employee's line with the body (every member the employee sets); the line returns to Submitted." + rules,
		Parameters: httpapi.PathParams("timesheetId")},
		func(ctx context.Context, in *essTimesheetBody) (*httpapi.BodyOf[EssTimesheet], error) {
			lineID, err := httpapi.PathID(ctx, "timesheetId", "timesheet line")
			if err != nil {
				return nil, err
			}
			return write(ctx, lineID, &in.Body)
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateTimesheets), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/timesheet/{timesheetId}", Tags: tags,
		Summary: "Delete a timesheet (self-service)", Description: "Deletes the employee's line and answers the summary of its week after the delete " +
			"(EssCurrentTimesheetsModel)." + rules, Parameters: httpapi.PathParams("timesheetId")},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[EssTimesheetSummary], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			lineID, err := httpapi.PathID(ctx, "timesheetId", "timesheet line")
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, Deps{ESS: d.ESS}, ess.EditTimesheets); err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			l, err := s.Get(ctx, biz, principal(ctx), lineID, id)
			if err != nil {
				return nil, err
			}
			if err := s.SelfDelete(ctx, biz, principal(ctx), id, lineID); err != nil {
				return nil, err
			}
			w := weekOf(l.Start)
			week, err := s.EmployeeLines(ctx, biz, principal(ctx), id, w, w.AddDate(0, 0, 6))
			if err != nil {
				return nil, err
			}
			sum := EssTimesheetSummary{PeriodStarting: payroll.NewDateTime(w), PeriodEnding: payroll.NewDateTime(w.AddDate(0, 0, 6))}
			if p := summaries(week)[w]; p != nil {
				sum = *p
			}
			return &httpapi.BodyOf[EssTimesheetSummary]{Body: sum}, nil
		})
}
