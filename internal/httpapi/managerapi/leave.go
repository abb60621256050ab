package managerapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/payroll"
)

// LeaveAttachment is the attachment member of the manager leave shape
// (AttachmentModel): the request's attached document, or the empty object.
type LeaveAttachment struct {
	ID           *int64           `json:"id" nullable:"true"`
	FriendlyName string           `json:"friendlyName"`
	DateCreated  payroll.DateTime `json:"dateCreated" nullable:"true"`
	URL          string           `json:"url"`
	DateScanned  payroll.DateTime `json:"dateScanned" nullable:"true"`
	IsInfected   *bool            `json:"isInfected" nullable:"true"`
}

// LeaveBanner is the partially-applied banner of a request some of whose
// hours a pay run has paid (header empty and no items otherwise).
type LeaveBanner struct {
	Header string   `json:"header"`
	Items  []string `json:"items"`
}

// ManagerLeaveRequest is a leave request as a manager sees it
// (ManagerLeaveRequestModel).
type ManagerLeaveRequest struct {
	ID                              int64            `json:"id"`
	EmployeeID                      int64            `json:"employeeId"`
	EmployeeName                    string           `json:"employeeName"`
	InProgress                      bool             `json:"inProgress" doc:"approved and today is within its dates"`
	TerminationDate                 payroll.DateTime `json:"terminationDate" nullable:"true"`
	CanApprove                      bool             `json:"canApprove"`
	AccruedBalance                  *payroll.Rate    `json:"accruedBalance" nullable:"true" doc:"the employee's balance of the category today (null for untracked categories)"`
	ExceedsBalance                  bool             `json:"exceedsBalance"`
	IsLeaveBasedRosterShift         bool             `json:"isLeaveBasedRosterShift"`
	TotalHours                      payroll.Rate     `json:"totalHours"`
	LeaveCategoryID                 int64            `json:"leaveCategoryId"`
	WorkTypeID                      *int64           `json:"workTypeId" nullable:"true"`
	WorkTypeName                    string           `json:"workTypeName"`
	IsApproved                      bool             `json:"isApproved"`
	IsDeclined                      bool             `json:"isDeclined"`
	IsCancelled                     bool             `json:"isCancelled"`
	IsPending                       bool             `json:"isPending"`
	FromDate                        payroll.DateTime `json:"fromDate"`
	ToDate                          payroll.DateTime `json:"toDate"`
	RequestedDate                   payroll.DateTime `json:"requestedDate"`
	LeaveCategoryName               string           `json:"leaveCategoryName"`
	HoursPerDay                     payroll.Rate     `json:"hoursPerDay" doc:"totalHours over the calendar days of the request"`
	TotalUnits                      payroll.Rate     `json:"totalUnits" doc:"in hours (unitType Hours)"`
	PreviouslyAppliedUnits          payroll.Rate     `json:"previouslyAppliedUnits" doc:"hours pay runs have paid"`
	CanPartiallyEdit                bool             `json:"canPartiallyEdit"`
	Notes                           string           `json:"notes"`
	TotalDays                       payroll.Rate     `json:"totalDays" doc:"calendar days from fromDate to toDate"`
	Status                          string           `json:"status"`
	StatusUpdateNotes               string           `json:"statusUpdateNotes"`
	CanCancel                       bool             `json:"canCancel"`
	CanModify                       bool             `json:"canModify"`
	RequireNotesForLeaveRequests    bool             `json:"requireNotesForLeaveRequests"`
	Attachment                      LeaveAttachment  `json:"attachment"`
	UnitType                        string           `json:"unitType" enum:"Hours,Days,Weeks"`
	Banner                          LeaveBanner      `json:"banner"`
	ManuallyApplied                 bool             `json:"manuallyApplied"`
	AppliedLeaveUnitTypeDescription string           `json:"appliedLeaveUnitTypeDescription"`
}

func calendarDays(r leave.Request) int64 {
	f, t := r.FromDate.Time, r.ToDate.Time
	d := int64(payroll.DateOnly(t).Sub(payroll.DateOnly(f)).Hours()/24) + 1
	if d < 1 {
		d = 1
	}
	return d
}

// managerLeave maps a request; balances are the employee's balances by
// category (nil: not read).
func managerLeave(r leave.Request, balances map[int64]payroll.Rate, today time.Time) ManagerLeaveRequest {
	days := calendarDays(r)
	m := ManagerLeaveRequest{ID: r.ID, EmployeeID: r.EmployeeID, EmployeeName: r.Employee, CanApprove: r.Status == leave.StatusPending,
		TotalHours: r.TotalHours, LeaveCategoryID: r.LeaveCategoryID, IsApproved: r.Status == leave.StatusApproved, IsDeclined: r.Status == leave.StatusRejected,
		IsCancelled: r.Status == leave.StatusCancelled, IsPending: r.Status == leave.StatusPending, FromDate: r.FromDate, ToDate: r.ToDate,
		RequestedDate: dt(r.RequestedAt), LeaveCategoryName: r.LeaveCategory, TotalUnits: r.TotalHours, PreviouslyAppliedUnits: r.HoursApplied,
		Notes: r.Notes, TotalDays: payroll.RateFromInt(days), Status: r.Status, StatusUpdateNotes: r.StatusReason,
		UnitType: "Hours", Banner: LeaveBanner{Items: []string{}}, AppliedLeaveUnitTypeDescription: "hours"}
	m.HoursPerDay = r.TotalHours.Div(payroll.RateFromInt(days)).RoundHalfUp(2)
	applied := !r.HoursApplied.IsZero()
	m.CanCancel = (m.IsPending || m.IsApproved) && !applied
	m.CanModify = m.IsPending
	m.CanPartiallyEdit = m.IsApproved && applied
	m.InProgress = m.IsApproved && !today.Before(r.FromDate.Time) && !today.After(r.ToDate.Time)
	if applied {
		m.Banner.Header = "Partially applied"
		m.Banner.Items = append(m.Banner.Items, r.HoursApplied.String()+" of "+r.TotalHours.String()+" hours paid by pay runs")
	}
	if r.AttachmentID != nil {
		m.Attachment.ID = r.AttachmentID
	}
	if bal, ok := balances[r.LeaveCategoryID]; ok {
		b := bal
		m.AccruedBalance = &b
		m.ExceedsBalance = (m.IsPending || m.IsApproved) && bal.Less(r.TotalHours.Sub(r.HoursApplied))
	}
	return m
}

// ManagerLeaveApplication is the manager's leave request body
// (ManagerLeaveApplicationModel). units are hours (the categories here
// count hours); hours wins when both are sent.
type ManagerLeaveApplication struct {
	ID              int64            `json:"id"`
	FromDate        payroll.DateTime `json:"fromDate"`
	ToDate          payroll.DateTime `json:"toDate"`
	LeaveCategoryID int64            `json:"leaveCategoryId"`
	Hours           *payroll.Rate    `json:"hours" nullable:"true"`
	Units           *payroll.Rate    `json:"units" nullable:"true"`
	Notes           string           `json:"notes" maxLength:"1000"`
	AttachmentID    *int64           `json:"attachmentId" nullable:"true" doc:"not used: attach documents through the employee document operations"`
}

func (b *ManagerLeaveApplication) hours() *payroll.Rate {
	if b.Hours != nil {
		return b.Hours
	}
	return b.Units
}

// ManagerLeaveCategory is {id, name}.
type ManagerLeaveCategory struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// LeaveEstimateRequired is UnitAndHourLeaveEstimateModel.
type LeaveEstimateRequired struct {
	Hours      payroll.Rate `json:"hours"`
	Units      payroll.Rate `json:"units"`
	EmployeeID int64        `json:"employeeId"`
	Details    []string     `json:"details"`
}

// ManagerLeaveEstimate is the estimate with the balance it draws on.
type ManagerLeaveEstimate struct {
	LeaveBalance     payroll.Rate          `json:"leaveBalance"`
	ApprovedLeave    payroll.Rate          `json:"approvedLeave"`
	AvailableBalance payroll.Rate          `json:"availableBalance"`
	LeaveRequired    LeaveEstimateRequired `json:"leaveRequired"`
}

// DeclineReason is {reason}.
type DeclineReason struct {
	Reason string `json:"reason" maxLength:"1000"`
}

// DocumentFile is a file inline (DocumentFile): bytes are base64.
type DocumentFile struct {
	ContentLength int64  `json:"contentLength"`
	ContentType   string `json:"contentType"`
	Bytes         []byte `json:"bytes"`
	Filename      string `json:"filename"`
}

func registerLeave(a *httpapi.API, d Deps) {
	s := d.Leave
	ltags := []string{"Manager Leave Requests"}
	today := func() time.Time {
		n := s.Clock.Now()
		return payroll.DateOnly(n)
	}
	// balancesOf reads the balances of the employees of list as at today,
	// in one fixed set of statements for the page (leave.PageBalances); the
	// list was scoped by its query.
	balancesOf := func(ctx context.Context, list []leave.Request) (map[int64]map[int64]payroll.Rate, error) {
		var emps []int64
		seen := map[int64]bool{}
		for _, r := range list {
			if !seen[r.EmployeeID] {
				seen[r.EmployeeID] = true
				emps = append(emps, r.EmployeeID)
			}
		}
		return s.PageBalances(ctx, httpapi.CurrentBusiness(ctx), emps, time.Time{})
	}
	many := func(ctx context.Context, list []leave.Request, err error) (*httpapi.BodyOf[[]ManagerLeaveRequest], error) {
		if err != nil {
			return nil, httpapi.ODataErr(err)
		}
		bals, err := balancesOf(ctx, list)
		if err != nil {
			return nil, err
		}
		notes := false
		if s.RequireNotes != nil {
			if notes, err = s.RequireNotes(ctx, s.DB.Queries(), httpapi.CurrentBusiness(ctx)); err != nil {
				return nil, err
			}
		}
		out := make([]ManagerLeaveRequest, 0, len(list))
		for _, r := range list {
			m := managerLeave(r, bals[r.EmployeeID], today())
			m.RequireNotesForLeaveRequests = notes
			out = append(out, m)
		}
		return &httpapi.BodyOf[[]ManagerLeaveRequest]{Body: out}, nil
	}
	one := func(ctx context.Context, r leave.Request, err error) (*httpapi.BodyOf[ManagerLeaveRequest], error) {
		if err != nil {
			return nil, err
		}
		res, err := many(ctx, []leave.Request{r}, nil)
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[ManagerLeaveRequest]{Body: res.Body[0]}, nil
	}
	ids := func(ctx context.Context) (int64, int64, error) {
		emp, err := employeeID(ctx)
		if err != nil {
			return 0, 0, err
		}
		id, err := httpapi.PathID(ctx, "leaveRequestId", "leave request")
		return emp, id, err
	}
	// live keeps the requests that still take time off.
	live, err := httpapi.ParseOData(&httpapi.ODataQuery{Filter: "status eq 'Pending' or status eq 'Approved'", OrderBy: "fromDate"})
	if err != nil {
		panic(err)
	}

	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/leaverequest", Tags: ltags,
		Summary: "List leave requests (manager)",
		Description: "The leave requests of the employees the caller manages (the scope is part of the query). Filters: status (Pending, Approved, Rejected, Cancelled), " +
			"fromDate/toDate (requests overlapping the range; wholly inside it with restrictOverlappingLeave), leaveCategoryId, locationId, employeeId, " +
			"groupBy (Employee, LeaveType); also filter.-prefixed. At most 100 (OData $top, $skip page further)."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.ODataQuery
			Status                   string `query:"status" doc:"Pending, Approved, Rejected or Cancelled"`
			FromDate                 string `query:"fromDate"`
			ToDate                   string `query:"toDate"`
			LeaveCategoryID          int64  `query:"leaveCategoryId"`
			LocationID               int64  `query:"locationId"`
			EmployeeID               int64  `query:"employeeId"`
			GroupBy                  string `query:"groupBy" doc:"Employee or LeaveType"`
			RestrictOverlappingLeave bool   `query:"restrictOverlappingLeave"`
		}) (*httpapi.BodyOf[[]ManagerLeaveRequest], error) {
			q, err := httpapi.ParseOData(&in.ODataQuery)
			if err != nil {
				return nil, err
			}
			lq := leave.ListQuery{OData: q, Status: in.Status, LeaveCategoryID: in.LeaveCategoryID, LocationID: in.LocationID, EmployeeID: in.EmployeeID,
				GroupBy: in.GroupBy, RestrictOverlappingLeave: in.RestrictOverlappingLeave}
			if lq.From, lq.To, err = httpapi.QueryDates(in.FromDate, in.ToDate); err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), lq)
			return many(ctx, list, err)
		})
	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/leaverequest/overlapping", Tags: ltags,
		Summary:     "Leave overlapping a period (manager)",
		Description: "The pending and approved requests of the employees the caller manages that overlap fromDate..toDate (both required), earliest first, at most 100."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FromDate string `query:"fromDate" required:"true"`
			ToDate   string `query:"toDate" required:"true"`
		}) (*httpapi.BodyOf[[]ManagerLeaveRequest], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), leave.ListQuery{OData: live, From: from, To: to})
			return many(ctx, list, err)
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}/overlapping", Tags: ltags,
		Summary:     "Leave overlapping a request (manager)",
		Description: "The other pending and approved requests of the employees the caller manages that overlap the request's dates (the request's employee must be managed, else 404).",
		Parameters:  httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]ManagerLeaveRequest], error) {
			emp, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			r, err := s.GetRequest(ctx, biz, p, emp, id)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, biz, p, leave.ListQuery{OData: live, From: r.FromDate.Time, To: r.ToDate.Time})
			if err != nil {
				return nil, httpapi.ODataErr(err)
			}
			others := list[:0]
			for _, o := range list {
				if o.ID != r.ID {
					others = append(others, o)
				}
			}
			return many(ctx, others, nil)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateLeaveRequests), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest", Tags: ltags,
		Summary: "Create a leave request for an employee (manager)",
		Description: "Pending, as an employee's own application; hours (or units, in hours) omitted are estimated from the employee's standard hours, " +
			"skipping weekends and public holidays. A category that prevents negative balances refuses more hours than the balance left (400).",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    ManagerLeaveApplication
			RawBody []byte
		}) (*httpapi.BodyOf[ManagerLeaveRequest], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			b := in.Body
			r, err := s.CreateRequest(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, leave.RequestInput{LeaveCategoryID: b.LeaveCategoryID,
				FromDate: b.FromDate, ToDate: b.ToDate, Hours: b.hours(), Notes: b.Notes})
			return one(ctx, r, err)
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}", Tags: ltags,
		Summary: "Get a leave request (manager)", Parameters: httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[ManagerLeaveRequest], error) {
			emp, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.GetRequest(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id)
			return one(ctx, r, err)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateLeaveRequests), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}", Tags: ltags,
		Summary:     "Update a leave request (manager)",
		Description: "Only a pending request can change (409 otherwise). Members the body omits keep their values; new dates without hours are estimated again.",
		Parameters:  httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    ManagerLeaveApplication
			RawBody []byte
		}) (*httpapi.BodyOf[ManagerLeaveRequest], error) {
			emp, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.UpdateRequest(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id, func(r *leave.RequestInput) error {
				if err := httpapi.MergeJSON(r, in.RawBody); err != nil {
					return err
				}
				if in.Body.Hours == nil && in.Body.Units != nil {
					r.Hours = in.Body.Units
				}
				return nil
			})
			return one(ctx, r, err)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateLeaveRequests), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}", Tags: ltags,
		Summary:     "Cancel a leave request (manager)",
		Description: "A pending or approved request no pay run has paid becomes Cancelled (409 otherwise); the request is returned.",
		Parameters:  httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[ManagerLeaveRequest], error) {
			emp, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.Cancel(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id)
			return one(ctx, r, err)
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}/attachment", Tags: ltags,
		Summary: "A leave request's attachment (manager)",
		Description: "The employee document attached to the request (linked through the employee document operations), inline: bytes in base64. " +
			"A request without an attachment is 404.",
		Parameters: httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[DocumentFile], error) {
			emp, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			r, err := s.GetRequest(ctx, biz, p, emp, id)
			if err != nil {
				return nil, err
			}
			// The attachment: the request's own, else the employee document linked to it (the newest).
			docID := int64(0)
			if r.AttachmentID != nil {
				docID = *r.AttachmentID
			} else {
				docs, err := d.Documents.List(ctx, biz, p, emp)
				if err != nil {
					return nil, err
				}
				for _, doc := range docs {
					if doc.LeaveRequestID != nil && *doc.LeaveRequestID == r.ID && doc.ID > docID {
						docID = doc.ID
					}
				}
			}
			if docID == 0 {
				return nil, payroll.NotFound("attachment")
			}
			f, err := d.Documents.Content(ctx, biz, p, emp, docID)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[DocumentFile]{Body: DocumentFile{ContentLength: int64(len(f.Data)), ContentType: f.ContentType, Bytes: f.Data, Filename: f.Name}}, nil
		})
	registerLeaveDecisions(a, d, ltags, today, one, ids, live)
}

// registerLeaveDecisions serves approving and declining a request, its
// overlapping requests, attachment, categories, balances and estimate.
func registerLeaveDecisions(a *httpapi.API, d Deps, ltags []string, today func() time.Time,
	one func(context.Context, leave.Request, error) (*httpapi.BodyOf[ManagerLeaveRequest], error),
	ids func(context.Context) (int64, int64, error), live odata.Query) {
	s := d.Leave
	// approve and decline decide the request the path names.
	approve := decision(ids, func(ctx context.Context, emp, id int64, _ string) (leave.Request, error) {
		return s.Approve(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id)
	}, one)
	decline := decision(ids, func(ctx context.Context, emp, id int64, reason string) (leave.Request, error) {
		return s.Decline(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id, reason)
	}, one)
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveLeaveRequests), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}/approve", Tags: ltags,
		Summary:     "Approve a leave request (manager)",
		Description: "Pending -> Approved; any other state is 409, and of two managers deciding at once the second gets 409.",
		Parameters:  httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[ManagerLeaveRequest], error) {
			return approve(ctx, "")
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveLeaveRequests), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}/decline", Tags: ltags,
		Summary:     "Decline a leave request (manager)",
		Description: "Pending -> Rejected, the reason kept as statusUpdateNotes; any other state is 409, and of two managers deciding at once the second gets 409.",
		Parameters:  httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body *DeclineReason
		}) (*httpapi.BodyOf[ManagerLeaveRequest], error) {
			return decline(ctx, reasonOf(in.Body))
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/balances", Tags: ltags,
		Summary: "An employee's leave balances (manager)", Description: "As at asAtDate (default today); untracked categories are left out.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			AsAtDate string `query:"asAtDate"`
		}) (*httpapi.BodyOf[[]leave.Balance], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			at, err := httpapi.QueryDate("asAtDate", in.AsAtDate)
			if err != nil {
				return nil, err
			}
			list, err := s.Balances(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, at)
			return &httpapi.BodyOf[[]leave.Balance]{Body: list}, err
		})
	categories := func(ctx context.Context) (*httpapi.BodyOf[[]ManagerLeaveCategory], error) {
		list, err := s.Categories.List(ctx, httpapi.CurrentBusiness(ctx), 0)
		if err != nil {
			return nil, err
		}
		out := make([]ManagerLeaveCategory, 0, len(list))
		for _, c := range list {
			out = append(out, ManagerLeaveCategory{ID: c.ID, Name: c.Name})
		}
		return &httpapi.BodyOf[[]ManagerLeaveCategory]{Body: out}, nil
	}
	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/leaverequest/categories", Tags: ltags,
		Summary: "Leave categories a manager can pick (manager)", Description: "The business's leave categories, {id, name}, by name."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]ManagerLeaveCategory], error) {
			return categories(ctx)
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/categories", Tags: ltags,
		Summary: "Leave categories for an employee (manager)", Description: "The business's leave categories, for an employee the caller manages (404 otherwise).",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]ManagerLeaveCategory], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			if _, err := d.Employees.Visible(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp); err != nil {
				return nil, err
			}
			return categories(ctx)
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/leaverequest/estimate", Tags: ltags,
		Summary: "Estimate a leave request (manager)",
		Description: "Hours required from the employee's standard hours (hoursPerDay, else hoursPerWeek / 5), Monday to Friday, less public holidays; " +
			"with leaveCategoryId, leaveBalance is the employee's balance of it today, approvedLeave the hours of approved requests of it not yet paid, " +
			"availableBalance their difference.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			LeaveCategoryID int64  `query:"leaveCategoryId"`
			FromDate        string `query:"fromDate" required:"true"`
			ToDate          string `query:"toDate" required:"true"`
		}) (*httpapi.BodyOf[ManagerLeaveEstimate], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			e, err := s.EstimateHours(ctx, biz, p, emp, in.LeaveCategoryID, from, to)
			if err != nil {
				return nil, err
			}
			out := ManagerLeaveEstimate{LeaveRequired: LeaveEstimateRequired{Hours: e.Hours, Units: e.Hours, EmployeeID: e.EmployeeID, Details: e.Details}}
			if out.LeaveRequired.Details == nil {
				out.LeaveRequired.Details = []string{}
			}
			if in.LeaveCategoryID != 0 {
				bals, err := s.Balances(ctx, biz, p, emp, time.Time{})
				if err != nil {
					return nil, err
				}
				for _, b := range bals {
					if b.LeaveCategoryID == in.LeaveCategoryID {
						out.LeaveBalance = b.AccruedAmount
					}
				}
				reqs, err := s.List(ctx, biz, p, leave.ListQuery{Status: leave.StatusApproved, EmployeeID: emp, LeaveCategoryID: in.LeaveCategoryID, OData: live})
				if err != nil {
					return nil, httpapi.ODataErr(err)
				}
				for _, r := range reqs {
					out.ApprovedLeave = out.ApprovedLeave.Add(r.TotalHours.Sub(r.HoursApplied))
				}
				out.AvailableBalance = out.LeaveBalance.Sub(out.ApprovedLeave)
			}
			return &httpapi.BodyOf[ManagerLeaveEstimate]{Body: out}, nil
		})
}
