package timesheetapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// KioskTimesheetLine is a line of the manager's kiosk timesheet list
// (TimesheetLineModel: record ids as text).
type KioskTimesheetLine struct {
	ID                         int64                     `json:"id"`
	EmployeeID                 int64                     `json:"employeeId"`
	StartTime                  payroll.DateTime          `json:"startTime" nullable:"true"`
	EndTime                    payroll.DateTime          `json:"endTime" nullable:"true"`
	Units                      *payroll.Rate             `json:"units" nullable:"true"`
	WorkTypeID                 string                    `json:"workTypeId"`
	LocationID                 string                    `json:"locationId"`
	Comments                   string                    `json:"comments"`
	Breaks                     []TimesheetBreakIn        `json:"breaks"`
	Status                     string                    `json:"status"`
	Rate                       *payroll.Rate             `json:"rate" nullable:"true"`
	LeaveCategoryID            string                    `json:"leaveCategoryId"`
	PayCategoryID              string                    `json:"payCategoryId"`
	ClassificationID           string                    `json:"classificationId" doc:"award classifications are not modelled: empty"`
	ExternalID                 string                    `json:"externalId"`
	Source                     string                    `json:"source"`
	AttachmentID               *int64                    `json:"attachmentId" nullable:"true"`
	ShiftConditionIDs          []string                  `json:"shiftConditionIds"`
	WorkType                   string                    `json:"workType"`
	FullyQualifiedLocationName string                    `json:"fullyQualifiedLocationName"`
	Classification             string                    `json:"classification"`
	ShiftConditions            []TimesheetIDName         `json:"shiftConditions"`
	HiddenComments             string                    `json:"hiddenComments"`
	SubmittedByUser            string                    `json:"submittedByUser"`
	DimensionValues            []TimesheetDimensionValue `json:"dimensionValues"`
}

func idText(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

func kioskLine(l timesheet.Line) KioskTimesheetLine {
	m := KioskTimesheetLine{ID: l.ID, EmployeeID: l.EmployeeID, StartTime: dt(l.Start), EndTime: dt(l.End), Units: l.Units, WorkTypeID: idText(l.WorkTypeID),
		LocationID: idText(l.LocationID), Comments: l.Comments, Breaks: []TimesheetBreakIn{}, Status: l.Status, Rate: l.Rate,
		LeaveCategoryID: idText(l.LeaveCategoryID), PayCategoryID: idText(l.PayCategoryID), ExternalID: l.ExternalID, Source: source(l.Source),
		ShiftConditionIDs: []string{}, WorkType: l.Names.WorkType, FullyQualifiedLocationName: l.Names.Location, ShiftConditions: []TimesheetIDName{},
		HiddenComments: l.HiddenComments, SubmittedByUser: l.SubmittedByUser, DimensionValues: []TimesheetDimensionValue{}}
	for _, b := range l.Breaks {
		m.Breaks = append(m.Breaks, TimesheetBreakIn{StartTime: dt(b.Start), EndTime: dt(b.End), IsPaidBreak: b.Paid})
	}
	for _, id := range l.ShiftConditionIDs {
		m.ShiftConditionIDs = append(m.ShiftConditionIDs, strconv.FormatInt(id, 10))
	}
	for _, c := range l.ShiftConditions {
		m.ShiftConditions = append(m.ShiftConditions, TimesheetIDName{ID: c.ID, Name: c.Name})
	}
	for _, d := range l.DimensionValues {
		m.DimensionValues = append(m.DimensionValues, TimesheetDimensionValue{ID: d.ID, Name: d.Name, ReportingDimensionID: d.ParentID})
	}
	return m
}

type kioskTimesheetsInput struct {
	httpapi.BusinessPath
	FromDate   string `query:"fromDate" doc:"lines starting on or after this date (default: 6 days before toDate)"`
	ToDate     string `query:"toDate" doc:"lines starting on or before this date (default: today)"`
	EmployeeID int64  `query:"employeeId"`
	LocationID int64  `query:"locationId"`
	Status     string `query:"status" doc:"Any (default), Missing, Submitted, Approved, Rejected, Processed, AnyExceptRejected, ApprovedOrProcessed"`
}

type commentsBody struct {
	ID             int64  `json:"id" doc:"ignored: the path names the line"`
	Comments       string `json:"comments" maxLength:"2000"`
	HiddenComments string `json:"hiddenComments" maxLength:"2000"`
}

type commentsInput struct {
	httpapi.BusinessPath
	Body    commentsBody
	RawBody []byte
}

// maxKioskTimesheetDays bounds the unpaged manager kiosk list.
const maxKioskTimesheetDays = 31

// registerManagerKiosk serves the manager's kiosk timesheet operations
// (B/manager/kiosk/timesheet...): the timesheet lines of the employees the
// caller may see, read and written through the timesheet service.
func registerManagerKiosk(a *httpapi.API, s *timesheet.Service, create func(context.Context, *createInput) (*httpapi.BodyOf[IndividualTimesheetLine], error),
	update func(context.Context, *individualBody) (*httpapi.BodyOf[IndividualTimesheetLine], error)) {
	tags := []string{"Manager Time and Attendance"}
	principal := payroll.PrincipalFrom
	lineID := func(ctx context.Context) (int64, error) {
		return httpapi.PathID(ctx, "timesheetLineId", "timesheet line")
	}

	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/kiosk/timesheet", Tags: tags, Summary: "Get kiosk timesheets",
		Description: "The timesheet lines starting from fromDate to toDate (dates, inclusive; default the 7 days up to today; at most 31 days), " +
			"filtered by employeeId, locationId and status, of the employees the caller may see, by start."},
		func(ctx context.Context, in *kioskTimesheetsInput) (*httpapi.BodyOf[[]KioskTimesheetLine], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			if to.IsZero() {
				to = a.Clock.Now().UTC().Truncate(24 * time.Hour)
				if !from.IsZero() {
					to = from.AddDate(0, 0, 6)
				}
			}
			if from.IsZero() {
				from = to.AddDate(0, 0, -6)
			}
			if to.Before(from) {
				return nil, payroll.Invalid("toDate", "toDate is before fromDate")
			}
			if to.Sub(from) > maxKioskTimesheetDays*24*time.Hour {
				return nil, payroll.Invalid("toDate", "a query spans at most %d days", maxKioskTimesheetDays)
			}
			out := []KioskTimesheetLine{}
			for page := 1; ; page++ {
				p, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), timesheet.ListQuery{From: from, To: to, EmployeeID: in.EmployeeID,
					LocationID: in.LocationID, Status: in.Status, CurrentPage: page, PageSize: timesheet.MaxPageSize})
				if err != nil {
					return nil, err
				}
				for _, l := range p.Items {
					out = append(out, kioskLine(l))
				}
				if page >= p.PageCount || len(p.Items) == 0 {
					break
				}
			}
			return &httpapi.BodyOf[[]KioskTimesheetLine]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.OnEmployees(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/kiosk/timesheet", Tags: tags, Summary: "Create kiosk timesheet line",
		Description: "Creates a line as POST B/timesheet does (an employee the caller may not see is 400 naming employeeId; one a restricted user sees " +
			"whose grants lack CreateTimesheets, or ApproveTimesheets for a line created Approved, is 403 naming it)." + transitions}, create)
	httpapi.Register(a, httpapi.OnRecord(httpapi.TimesheetLine, "timesheetLineId", business.CreateTimesheets), updateOp(huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/manager/kiosk/timesheet/{timesheetLineId}", Tags: tags, Summary: "Update kiosk timesheet line",
		Description: "Replaces the line with the body as PUT B/timesheet/{id} does (members left out are cleared; setting status Approved needs " +
			"ApproveTimesheets over the employee, else 403 naming it)." + transitions, Parameters: httpapi.PathParams("timesheetLineId")}), update)
	httpapi.Register(a, httpapi.OnRecord(httpapi.TimesheetLine, "timesheetLineId", business.CreateTimesheets), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/manager/kiosk/timesheetcomments/{timesheetLineId}", Tags: tags,
		Summary: "Update kiosk timesheet comments", Description: "Sets the line's comments and hiddenComments and keeps everything else." + transitions,
		Parameters: httpapi.PathParams("timesheetLineId")},
		func(ctx context.Context, in *commentsInput) (*httpapi.BodyOf[IndividualTimesheetLine], error) {
			id, err := lineID(ctx)
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			old, err := s.Get(ctx, biz, p, id, 0)
			if err != nil {
				return nil, err
			}
			m := individual(old)
			m.Comments, m.HiddenComments = in.Body.Comments, in.Body.HiddenComments
			ti := m.input()
			ti.Status, ti.SubmittedStart, ti.SubmittedEnd = old.Status, dt(old.SubmittedStart), dt(old.SubmittedEnd)
			l, err := s.Update(ctx, biz, p, id, 0, ti)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[IndividualTimesheetLine]{Body: individual(l)}, nil
		})
}
