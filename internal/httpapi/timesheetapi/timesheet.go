// Package timesheetapi serves the timesheet operations: the business
// lines (B/timesheet, shape B list, the individual and bulk writes) and the
// manager's review (B/manager/timesheet, approve, reject).
package timesheetapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// transitions is the state machine, quoted in the descriptions of the
// operations that move lines.
// costsDoc says who sees costs.
const costsDoc = " A restricted user sees cost, costFormatted and rate only for employees their grants holding ViewShiftCosts cover (else null, " +
	"\"\" and null, with canViewCosts false)."

const transitions = " States: a line is created Submitted (or Missing, or Approved when the writer says so). " +
	"Approve and reject move only Submitted or Missing lines (else 409; of two reviewers racing, one wins and the other gets 409). " +
	"An edit of an Approved or Rejected line returns it to Submitted unless the edit sets the status. " +
	"Processed lines (finalised pay run) are read-only (isLocked) and cannot be edited or deleted (409); unlocking the pay run returns them to Approved."

// listInput is the input of the paged lists.
type listInput struct {
	httpapi.BusinessPath
	httpapi.ODataQuery
	FromDate        string `query:"fromDate" doc:"lines starting on or after this date (also filter.fromDate)"`
	ToDate          string `query:"toDate" doc:"lines starting on or before this date (inclusive)"`
	EmployeeID      int64  `query:"employeeId"`
	LocationID      int64  `query:"locationId"`
	EmployeeGroupID int64  `query:"employeeGroupId" doc:"only employees of this employee group"`
	Status          string `query:"status" doc:"Any (default), Missing, Submitted, Approved, Rejected, Processed, AnyExceptRejected, ApprovedOrProcessed"`
	OrderBy         string `query:"orderBy" doc:"Location, WorkType, Employee, Date (default), DefaultLocation, PaySchedule"`
	IncludeCosts    bool   `query:"includeCosts" doc:"costs are always included"`
	CurrentPage     string `query:"currentPage" doc:"page number from 1 (with pageSize; $top/$skip take precedence)"`
	PageSize        string `query:"pageSize" doc:"1 to 100, default 100"`
}

func (in *listInput) query() (timesheet.ListQuery, error) {
	q, err := httpapi.ParseOData(&in.ODataQuery)
	if err != nil {
		return timesheet.ListQuery{}, err
	}
	lq := timesheet.ListQuery{OData: q, EmployeeID: in.EmployeeID, LocationID: in.LocationID, EmployeeGroupID: in.EmployeeGroupID, Status: in.Status,
		OrderBy: in.OrderBy, UseOData: in.Top != "" || in.Skip != ""}
	if lq.From, err = parseDate("fromDate", in.FromDate); err != nil {
		return lq, err
	}
	if lq.To, err = parseDate("toDate", in.ToDate); err != nil {
		return lq, err
	}
	if lq.CurrentPage, err = parseInt("currentPage", in.CurrentPage); err != nil {
		return lq, err
	}
	if lq.PageSize, err = parseInt("pageSize", in.PageSize); err != nil {
		return lq, err
	}
	return lq, nil
}

type individualBody struct {
	httpapi.BusinessPath
	Body    IndividualTimesheetLine
	RawBody []byte
}

type createInput struct {
	individualBody
	EnforceUniqueExternalID bool `query:"enforceUniqueExternalId" doc:"refuse (409) an externalId another line of the business already has"`
}

type bulkInput struct {
	httpapi.BusinessPath
	Body    BulkTimesheetRequest
	RawBody []byte
}

type managerEditInput struct {
	httpapi.BusinessPath
	Body    ManagerTimesheetSubmit
	RawBody []byte
}

// TimesheetRejectBody is the optional body of reject.
type TimesheetRejectBody struct {
	Reason string `json:"reason" maxLength:"2000" doc:"why the line is rejected (kept with the line, sent with TimesheetRejected)"`
}

type rejectInput struct {
	httpapi.BusinessPath
	Body *TimesheetRejectBody // optional: no RawBody, which would make huma require a body
}

// Register serves the timesheet operations. Pass it in httpapi.Deps.Areas.
func Register(s *timesheet.Service) func(*httpapi.API) {
	return func(a *httpapi.API) { register(a, s) }
}

func register(a *httpapi.API, s *timesheet.Service) {
	tags := []string{"Timesheet"}
	mtags := []string{"Manager Timesheets"}
	principal := payroll.PrincipalFrom
	lineID := func(ctx context.Context, name string) (int64, error) {
		return httpapi.PathID(ctx, name, "timesheet line")
	}
	employeeID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "employeeId", "employee") }
	region := func(ctx context.Context) string { return httpapi.CurrentBusiness(ctx).Region }
	one := func(ctx context.Context, l timesheet.Line, err error) (*httpapi.BodyOf[TimesheetLineB], error) {
		if err != nil {
			return nil, err
		}
		shown, err := costsShown(ctx, s, []timesheet.Line{l})
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[TimesheetLineB]{Body: shapeB(l, region(ctx), shown(l.EmployeeID))}, nil
	}
	list := func(ctx context.Context, in *listInput) (*httpapi.BodyOf[PagedTimesheetLines], error) {
		q, err := in.query()
		if err != nil {
			return nil, err
		}
		page, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), q)
		if err != nil {
			return nil, httpapi.ODataErr(err)
		}
		out := PagedTimesheetLines{ItemCountFuture: TimesheetFutureValue{Value: page.ItemCount}, ItemCount: page.ItemCount, Items: make([]TimesheetLineB, 0, len(page.Items)),
			CurrentPage: page.CurrentPage, PageSize: page.PageSize, PageCount: page.PageCount}
		shown, err := costsShown(ctx, s, page.Items)
		if err != nil {
			return nil, err
		}
		for _, l := range page.Items {
			out.Items = append(out.Items, shapeB(l, region(ctx), shown(l.EmployeeID)))
		}
		return &httpapi.BodyOf[PagedTimesheetLines]{Body: out}, nil
	}
	listDoc := "Paged in the database: fromDate, toDate (inclusive dates of the line's start), employeeId, locationId, employeeGroupId, status, orderBy, " +
		"currentPage and pageSize (at most 100), or OData $filter, $orderby, $top (at most 100), $skip over id, employeeId, locationId, workTypeId, " +
		"payCategoryId, leaveCategoryId, payRunId, start, end, status, externalReferenceId, comments, source. A restricted user sees the lines of the employees of their groups and locations." +
		costsDoc

	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/timesheet", Tags: tags,
		Summary: "Get business timesheets", Description: listDoc}, list)
	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/timesheet", Tags: mtags,
		Summary: "Get business timesheets (manager)", Description: listDoc}, list)

	createDoc := "Durations are computed from start, end and breaks (paid breaks are paid, unpaid are not); " +
		"if units are given the line is unit-based and its start and end are set to midnight of the start date. References (employee, location, " +
		"work type, pay category, leave category, shift conditions, dimension values) must be of this business (else 400 naming the member); " +
		"an employee outside a restricted user's groups and locations is such a 400 (employeeId); one inside them whose grants lack CreateTimesheets is 403 " +
		"naming it, and a line created Approved needs ApproveTimesheets over the employee likewise (403)." + transitions
	create := func(ctx context.Context, in *createInput) (*httpapi.BodyOf[IndividualTimesheetLine], error) {
		li := in.Body.input()
		if li.Source == "" {
			li.Source = "API"
		}
		if err := a.RequireForEmployee(ctx, li.EmployeeID, "CreateTimesheets"); err != nil {
			return nil, err
		}
		if strings.EqualFold(li.Status, timesheet.StatusApproved) {
			if err := a.RequireForEmployee(ctx, li.EmployeeID, "ApproveTimesheets"); err != nil {
				return nil, err
			}
		}
		l, err := s.Create(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), li, in.EnforceUniqueExternalID)
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[IndividualTimesheetLine]{Body: individual(l)}, nil
	}
	httpapi.Register(a, httpapi.OnEmployees(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/timesheet", Tags: tags,
		Summary: "Create a timesheet line", Description: createDoc}, create)
	httpapi.Register(a, httpapi.OnEmployees(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/timesheet", Tags: mtags,
		Summary: "Create a timesheet line (manager)", Description: createDoc}, create)
	httpapi.Register(a, httpapi.OnRecord(httpapi.TimesheetLine, "timesheetLineId", httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/timesheet/{timesheetLineId}", Tags: tags,
		Summary: "Get a timesheet line", Description: "Shape B, with durations, cost at the employee's rate in force on the line's day and isOverlapping." + costsDoc,
		Parameters: httpapi.PathParams("timesheetLineId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[TimesheetLineB], error) {
			id, err := lineID(ctx, "timesheetLineId")
			if err != nil {
				return nil, err
			}
			l, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, 0)
			return one(ctx, l, err)
		})
	updateDoc := "Replaces the line with the body (members left out are cleared; employeeId defaults to the line's). " +
		"A line of an employee outside a restricted user's groups and locations is 404; setting status Approved needs ApproveTimesheets over the " +
		"employee (else 403 naming it)." + transitions
	update := func(ctx context.Context, in *individualBody) (*httpapi.BodyOf[IndividualTimesheetLine], error) {
		id, err := lineID(ctx, "timesheetLineId")
		if err != nil {
			return nil, err
		}
		li := in.Body.input()
		if strings.EqualFold(li.Status, timesheet.StatusApproved) {
			emp := li.EmployeeID
			if emp == 0 {
				old, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, 0)
				if err != nil {
					return nil, err
				}
				emp = old.EmployeeID
			}
			if err := a.RequireForEmployee(ctx, emp, "ApproveTimesheets"); err != nil {
				return nil, err
			}
		}
		l, err := s.Update(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, 0, li)
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[IndividualTimesheetLine]{Body: individual(l)}, nil
	}
	httpapi.Register(a, httpapi.OnRecord(httpapi.TimesheetLine, "timesheetLineId", business.CreateTimesheets), updateOp(huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/timesheet/{timesheetLineId}", Tags: tags,
		Summary: "Update a timesheet line", Description: updateDoc, Parameters: httpapi.PathParams("timesheetLineId")}), update)
	httpapi.Register(a, httpapi.OnRecord(httpapi.TimesheetLine, "timesheetLineId", business.CreateTimesheets), updateOp(huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/manager/timesheet/{timesheetLineId}", Tags: mtags,
		Summary: "Update a timesheet line (manager)", Description: updateDoc, Parameters: httpapi.PathParams("timesheetLineId")}), update)
	httpapi.Register(a, httpapi.OnRecord(httpapi.TimesheetLine, "timesheetLineId", business.CreateTimesheets), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/timesheet/{timesheetLineId}", Tags: tags,
		Summary: "Delete a timesheet line", Description: "A Processed line cannot be deleted (409).", Parameters: httpapi.PathParams("timesheetLineId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := lineID(ctx, "timesheetLineId")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, 0)
		})

	bulk := func(replace bool) func(ctx context.Context, in *bulkInput) (*httpapi.BodyOf[BulkTimesheetResponse], error) {
		return func(ctx context.Context, in *bulkInput) (*httpapi.BodyOf[BulkTimesheetResponse], error) {
			if in.Body.Approved {
				// Only employees the grants holding both CreateTimesheets and
				// ApproveTimesheets cover may be written Approved.
				actx, ok := business.WithPermission(ctx, "ApproveTimesheets")
				if !ok {
					return nil, business.PermissionDenied("ApproveTimesheets")
				}
				ctx = actx
			}
			res, err := s.Bulk(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body.domain(), replace)
			if err != nil {
				return nil, err
			}
			out := BulkTimesheetResponse{Timesheets: map[string][]IndividualTimesheetLine{}}
			for k, ls := range res {
				items := make([]IndividualTimesheetLine, 0, len(ls))
				for _, l := range ls {
					items = append(items, individual(l))
				}
				out.Timesheets[k] = items
			}
			return &httpapi.BodyOf[BulkTimesheetResponse]{Body: out}, nil
		}
	}
	bulkDoc := " Lines are keyed by employee id (employeeIdType External: the employee's externalId); locations and work types by id or, with " +
		"locationIdType / workTypeIdType External, by external id. approved=true stores the lines Approved. With fromDate/toDate every line must start " +
		"within them. Everything is validated (400 naming timesheets[key][index].member) before anything is written, in one transaction. " +
		"returnResponse=true returns the stored lines. A restricted user needs ApproveTimesheets for approved=true (403 naming it without it anywhere; " +
		"employees whose grants lack it are refused as outside the scope)."
	httpapi.Register(a, httpapi.OnEmployees(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/timesheet/bulk", Tags: tags,
		Summary: "Bulk insert timesheets", Description: "Adds the lines; existing lines stay." + bulkDoc}, bulk(false))
	httpapi.Register(a, httpapi.OnEmployees(business.CreateTimesheets), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/timesheet/bulk", Tags: tags,
		Summary: "Update/replace timesheets", Description: "Replaces, for each employee named, every line starting from fromDate through toDate " +
			"(both required) with the lines given; Processed lines stay." + bulkDoc}, bulk(true))

	// Manager review: the line must be the path employee's.
	managerIDs := func(ctx context.Context) (emp, id int64, err error) {
		if emp, err = employeeID(ctx); err != nil {
			return 0, 0, err
		}
		id, err = lineID(ctx, "timesheetId")
		return emp, id, err
	}
	mpath := httpapi.PathParams("employeeId", "timesheetId")

	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}", Tags: mtags,
		Summary: "Get timesheet", Description: "Shape B. A line of another employee, or outside a restricted user's employees, is 404." + costsDoc, Parameters: mpath},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[TimesheetLineB], error) {
			emp, id, err := managerIDs(ctx)
			if err != nil {
				return nil, err
			}
			l, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, emp)
			return one(ctx, l, err)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}", Tags: mtags,
		Summary: "Edit timesheet", Description: "Replaces the line's times, breaks, references and comments with the body." + transitions, Parameters: mpath},
		func(ctx context.Context, in *managerEditInput) (*httpapi.BodyOf[TimesheetLineB], error) {
			emp, id, err := managerIDs(ctx)
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			old, err := s.Get(ctx, biz, p, id, emp)
			if err != nil {
				return nil, err
			}
			l, err := s.Update(ctx, biz, p, id, emp, in.Body.input(emp, old))
			return one(ctx, l, err)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateTimesheets), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}", Tags: mtags,
		Summary: "Delete timesheet", Description: "A Processed line cannot be deleted (409).", Parameters: mpath},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			emp, id, err := managerIDs(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, emp)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}/approve", Tags: mtags,
		Summary: "Approve timesheet", Description: "Submitted or Missing -> Approved." + transitions, Parameters: mpath},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[TimesheetLineB], error) {
			emp, id, err := managerIDs(ctx)
			if err != nil {
				return nil, err
			}
			l, err := s.Approve(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, emp)
			return one(ctx, l, err)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}/reject", Tags: mtags,
		Summary: "Reject timesheet", Description: "Submitted or Missing -> Rejected; an optional body {reason} is kept with the line." + transitions, Parameters: mpath},
		func(ctx context.Context, in *rejectInput) (*httpapi.BodyOf[TimesheetLineB], error) {
			emp, id, err := managerIDs(ctx)
			if err != nil {
				return nil, err
			}
			reason := ""
			if in.Body != nil {
				reason = in.Body.Reason
			}
			l, err := s.Reject(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, emp, reason)
			return one(ctx, l, err)
		})
	registerManagerKiosk(a, s, create, update)
	registerShiftCosting(a, s)
}

// updateOp marks a line's PUT: the employee comes from the stored line, so
// its body schema requires nothing (the create's requires employeeId and
// startTime).
func updateOp(op huma.Operation) huma.Operation {
	httpapi.PartialBody(&op)
	return op
}
