package essleave

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Categories is the leave categories as the portal lists them.
func Categories(cs []categories.LeaveCategory) []EssLeaveCategory {
	out := make([]EssLeaveCategory, 0, len(cs))
	for _, c := range cs {
		u := c.LeaveUnitType
		if u == "" {
			u = "Hours"
		}
		out = append(out, EssLeaveCategory{ID: c.ID, Name: c.Name, UnitType: u})
	}
	return out
}

// EssLeaveAttachment is AttachmentModel.
type EssLeaveAttachment struct {
	ID           int64            `json:"id"`
	FriendlyName string           `json:"friendlyName"`
	DateCreated  payroll.DateTime `json:"dateCreated"`
	URL          string           `json:"url" doc:"the self-service download path of the document"`
	DateScanned  payroll.DateTime `json:"dateScanned" nullable:"true" doc:"files are not scanned: null"`
	IsInfected   bool             `json:"isInfected"`
}

// EssLeaveBanner is PartiallyAppliedLeaveRequestBannerModel.
type EssLeaveBanner struct {
	Header string   `json:"header"`
	Items  []string `json:"items"`
}

// EssLeaveRequest is EssLeaveRequestModel.
type EssLeaveRequest struct {
	ID                              int64              `json:"id"`
	TotalHours                      payroll.Rate       `json:"totalHours"`
	LeaveCategoryID                 int64              `json:"leaveCategoryId"`
	LeaveCategoryName               string             `json:"leaveCategoryName"`
	WorkTypeID                      int64              `json:"workTypeId" doc:"leave is not requested against a work type here: 0"`
	WorkTypeName                    string             `json:"workTypeName"`
	IsApproved                      bool               `json:"isApproved"`
	IsDeclined                      bool               `json:"isDeclined"`
	IsCancelled                     bool               `json:"isCancelled"`
	IsPending                       bool               `json:"isPending"`
	FromDate                        payroll.DateTime   `json:"fromDate"`
	ToDate                          payroll.DateTime   `json:"toDate"`
	RequestedDate                   payroll.DateTime   `json:"requestedDate"`
	HoursPerDay                     payroll.Rate       `json:"hoursPerDay" doc:"totalHours over the calendar days of the request"`
	TotalUnits                      payroll.Rate       `json:"totalUnits" doc:"in unitType; hours"`
	PreviouslyAppliedUnits          payroll.Rate       `json:"previouslyAppliedUnits" doc:"hours pay runs have paid"`
	CanPartiallyEdit                bool               `json:"canPartiallyEdit"`
	Notes                           string             `json:"notes"`
	TotalDays                       int                `json:"totalDays" doc:"calendar days from fromDate to toDate"`
	Amount                          string             `json:"amount" doc:"totalHours with its unit, e.g. \"15.2 hours\""`
	Status                          string             `json:"status"`
	StatusUpdateNotes               string             `json:"statusUpdateNotes"`
	CanCancel                       bool               `json:"canCancel"`
	CanModify                       bool               `json:"canModify"`
	RequireNotesForLeaveRequests    bool               `json:"requireNotesForLeaveRequests"`
	Attachment                      EssLeaveAttachment `json:"attachment" doc:"id 0: no attachment"`
	UnitType                        string             `json:"unitType" enum:"Hours,Days,Weeks"`
	Banner                          EssLeaveBanner     `json:"banner" doc:"empty: the request is not partially applied"`
	ManuallyApplied                 bool               `json:"manuallyApplied"`
	AppliedLeaveUnitTypeDescription string             `json:"appliedLeaveUnitTypeDescription"`
	EmployeeID                      int64              `json:"employeeId" doc:"whose request it is (not a member of the reference model: colleagues' leave is listed too)"`
	EmployeeName                    string             `json:"employeeName" doc:"not a member of the reference model"`
}

// Request is a leave request of employee emp as the portal shows it.
func Request(emp int64, d leave.Detail) EssLeaveRequest {
	days := int(d.ToDate.Time.Sub(d.FromDate.Time).Hours()/24) + 1
	perDay := payroll.Rate{}
	if days > 0 {
		perDay = d.TotalHours.Div(payroll.RateFromInt(int64(days))).RoundHalfUp(4)
	}
	out := EssLeaveRequest{ID: d.ID, TotalHours: d.TotalHours, LeaveCategoryID: d.LeaveCategoryID, LeaveCategoryName: d.LeaveCategory,
		IsApproved: d.Status == leave.StatusApproved, IsDeclined: d.Status == leave.StatusRejected, IsCancelled: d.Status == leave.StatusCancelled,
		IsPending: d.Status == leave.StatusPending, FromDate: d.FromDate, ToDate: d.ToDate, RequestedDate: payroll.NewDateTime(d.Requested),
		HoursPerDay: perDay, TotalUnits: d.TotalHours, PreviouslyAppliedUnits: d.HoursApplied, CanPartiallyEdit: false, Notes: d.Notes,
		TotalDays: days, Amount: d.TotalHours.String() + " hours", Status: d.Status, StatusUpdateNotes: d.StatusReason,
		CanCancel: d.Status == leave.StatusPending || d.Status == leave.StatusApproved, CanModify: d.Status == leave.StatusPending,
		RequireNotesForLeaveRequests: d.RequireNotes, UnitType: "Hours", ManuallyApplied: false, AppliedLeaveUnitTypeDescription: "hours",
		Banner: EssLeaveBanner{Items: []string{}}, EmployeeID: d.EmployeeID, EmployeeName: d.Employee}
	if d.AttachmentID != nil {
		out.Attachment = EssLeaveAttachment{ID: *d.AttachmentID, FriendlyName: d.AttachmentName, DateCreated: payroll.NewDateTime(d.AttachmentCreated),
			URL: fmt.Sprintf("/api/v2/ess/%d/document/download/%d", emp, *d.AttachmentID)}
	}
	return out
}

// colleagueLeave is a colleague's approved request as an employee sees it:
// without its notes, decline reason or attachment, and not theirs to
// cancel or modify.
func colleagueLeave(d leave.Detail) EssLeaveRequest {
	d.Notes, d.StatusReason, d.AttachmentID = "", "", nil
	out := Request(d.EmployeeID, d)
	out.CanCancel, out.CanModify = false, false
	return out
}

// EssLeaveApplication is LeaveApplicationWithAttachmentModel.
type EssLeaveApplication struct {
	ID              int64            `json:"id,omitempty"`
	LeaveCategoryID int64            `json:"leaveCategoryId,omitempty"`
	FromDate        payroll.DateTime `json:"fromDate,omitempty"`
	ToDate          payroll.DateTime `json:"toDate,omitempty"`
	Hours           *payroll.Rate    `json:"hours,omitempty" nullable:"true"`
	Units           *payroll.Rate    `json:"units,omitempty" nullable:"true" doc:"read as hours when hours is omitted"`
	Notes           string           `json:"notes,omitempty" maxLength:"1000"`
	Attachment      []byte           `json:"attachment,omitempty" doc:"base64 file content: replaces the request's attachment"`
	Filename        string           `json:"filename,omitempty" doc:"the attachment's file name"`
	AttachmentID    int64            `json:"attachmentId,omitempty" doc:"ignored: the attachment is set by attachment or PUT .../attachment"`
}

// EssLeaveCategory is EssLeaveCategoryModel.
type EssLeaveCategory struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	UnitType string `json:"unitType" enum:"Hours,Days,Weeks"`
}

// EssAttachmentResult answers an attachment upload (the published
// IHttpActionResult object): the document stored and the request.
type EssAttachmentResult struct {
	Attachment   EssLeaveAttachment `json:"attachment"`
	LeaveRequest EssLeaveRequest    `json:"leaveRequest"`
}

type leaveInput struct{ httpapi.ESSPath }

func leaveRequestID(ctx context.Context) (int64, error) {
	return httpapi.PathID(ctx, "leaveRequestId", "leave request")
}

// registerDetails serves one leave request (read, edit, attachment),
// the leave categories and the banner. essapi.Register3 calls it.
func registerDetails(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Leave"}
	biz := httpapi.CurrentBusiness
	s := d.Leave
	gate := func(ctx context.Context) error {
		return d.ESS.Allow(ctx, biz(ctx), httpapi.SelfEmployee(ctx), ess.EditLeave)
	}
	detail := func(ctx context.Context, emp, id int64) (*httpapi.BodyOf[EssLeaveRequest], error) {
		r, err := s.GetDetail(ctx, biz(ctx), principal(ctx), emp, id)
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[EssLeaveRequest]{Body: Request(emp, r)}, nil
	}
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/leave/leavecategories", Tags: tags,
		Summary: "Get leave categories", Description: "The leave categories the employee may apply for: the business's categories that are not private, by name."},
		func(ctx context.Context, in *leaveInput) (*httpapi.BodyOf[[]EssLeaveCategory], error) {
			cs, err := s.SelfServiceCategories(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[[]EssLeaveCategory]{Body: Categories(cs)}, nil
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/leave/{leaveRequestId}", Tags: tags,
		Summary: "Get leave request by ID", Description: "One of the employee's leave requests (404 otherwise); amounts are in hours.", Parameters: httpapi.PathParams("leaveRequestId")},
		func(ctx context.Context, in *leaveInput) (*httpapi.BodyOf[EssLeaveRequest], error) {
			id, err := leaveRequestID(ctx)
			if err != nil {
				return nil, err
			}
			return detail(ctx, in.EmployeeID, id)
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateLeaveRequests), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/leave/{leaveRequestId}", Tags: tags,
		Summary: "Update leave request",
		Description: "Changes a pending request (409 otherwise): members the body omits keep their values; new dates without hours are estimated again. " +
			"attachment (base64, with filename) replaces the request's attachment. The employee needs allowEmployeeLeaveSelfService (403 otherwise).",
		Parameters: httpapi.PathParams("leaveRequestId")},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body    EssLeaveApplication
			RawBody []byte
		}) (*httpapi.BodyOf[EssLeaveRequest], error) {
			id, err := leaveRequestID(ctx)
			if err != nil {
				return nil, err
			}
			if err := gate(ctx); err != nil {
				return nil, err
			}
			_, err = s.UpdateRequest(ctx, biz(ctx), principal(ctx), in.EmployeeID, id, func(r *leave.RequestInput) error {
				if err := merge(r, in.RawBody); err != nil {
					return err
				}
				var raw map[string]json.RawMessage
				_ = json.Unmarshal(in.RawBody, &raw)
				if _, ok := raw["hours"]; !ok && in.Body.Units != nil {
					h := *in.Body.Units
					r.Hours = &h
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
			if len(in.Body.Attachment) > 0 {
				name := in.Body.Filename
				if name == "" {
					name = "attachment"
				}
				if _, err := s.SetAttachment(ctx, biz(ctx), principal(ctx), in.EmployeeID, id, documents.File{Name: name, Data: in.Body.Attachment}); err != nil {
					return nil, err
				}
			}
			return detail(ctx, in.EmployeeID, id)
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateLeaveRequests), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/leave/{leaveRequestId}/attachment", Tags: tags,
		Summary: "Upload attachment to leave request",
		Description: "Stores the multipart part file as a new employee document visible to the employee and attaches it to the request, replacing (deleting) " +
			"the one it had. A cancelled request is 409. The employee needs allowEmployeeLeaveSelfService (403 otherwise).",
		Parameters: httpapi.PathParams("leaveRequestId")},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			httpapi.UploadInput
		}) (*httpapi.BodyOf[EssAttachmentResult], error) {
			id, err := leaveRequestID(ctx)
			if err != nil {
				return nil, err
			}
			if err := gate(ctx); err != nil {
				return nil, err
			}
			f, err := a.UploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			if _, err := s.SetAttachment(ctx, biz(ctx), principal(ctx), in.EmployeeID, id, documents.File{Name: f.Name, ContentType: f.ContentType, Data: f.Data}); err != nil {
				return nil, err
			}
			r, err := detail(ctx, in.EmployeeID, id)
			if err != nil {
				return nil, err
			}
			out := EssAttachmentResult{LeaveRequest: r.Body, Attachment: r.Body.Attachment}
			return &httpapi.BodyOf[EssAttachmentResult]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateLeaveRequests), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/leave/{leaveRequestId}/attachment", Tags: tags,
		Summary:     "Delete attachment from leave request",
		Description: "Removes the request's attachment and its document (404 when it has none). The employee needs allowEmployeeLeaveSelfService (403 otherwise).",
		Parameters:  httpapi.PathParams("leaveRequestId")},
		func(ctx context.Context, in *leaveInput) (*struct{}, error) {
			id, err := leaveRequestID(ctx)
			if err != nil {
				return nil, err
			}
			if err := gate(ctx); err != nil {
				return nil, err
			}
			return nil, s.DeleteAttachment(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
		})
}
