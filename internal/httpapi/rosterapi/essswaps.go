package rosterapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/roster"
)

// SwapCounts are the counts an answer carries (the members of
// AuEssRosterShiftActionResponse besides the shift).
type SwapCounts struct {
	PendingShiftCount      int `json:"pendingShiftCount"`
	ProposedSwapCount      int `json:"proposedSwapCount"`
	NotAcceptedShiftsCount int `json:"notAcceptedShiftsCount"`
}

// SwapResult answers a swap action on one shift
// (AuEssRosterShiftActionResponse).
type SwapResult struct {
	Shift EssRosterShift `json:"shift"`
	SwapCounts
}

// SwapManyResult answers a bulk swap action
// (AuEssBulkRosterShiftActionResponse).
type SwapManyResult struct {
	Shifts []EssRosterShift `json:"shifts" doc:"the shifts whose swap moved"`
	SwapCounts
}

// SwapBody is SwapShiftModel.
type SwapBody struct {
	RosterShiftID   int64            `json:"rosterShiftId"`
	FromEmployeeID  int64            `json:"fromEmployeeId,omitempty" doc:"the proposer (the path's employee); optional"`
	ToEmployeeID    int64            `json:"toEmployeeId"`
	Note            string           `json:"note,omitempty" maxLength:"2000"`
	DateCreated     payroll.DateTime `json:"dateCreated,omitempty" nullable:"true" doc:"ignored: the swap is stamped when stored"`
	CreatedByUserID *int64           `json:"createdByUserId,omitempty" nullable:"true" doc:"ignored"`
	Token           string           `json:"token,omitempty" doc:"ignored"`
}

// SwapBulkBody is EssBulkRosterShiftSwapModel.
type SwapBulkBody struct {
	Shifts []int64 `json:"shifts" doc:"roster shift ids (at most 100)"`
}

// SwapCandidate is EssShiftSwapCandidate.
type SwapCandidate struct {
	ID              int64  `json:"id"`
	Name            string `json:"name"`
	ProfileImageURL string `json:"profileImageUrl" doc:"always empty: a colleague's profile image is not served to another employee"`
}

type essShiftInput struct{ httpapi.ESSPath }

func shiftID(ctx context.Context) (int64, error) {
	return httpapi.PathID(ctx, "shiftId", "roster shift")
}

type essShiftListInput struct {
	httpapi.ESSPath
	FromDate string `query:"fromDate" doc:"first day; default today (UTC)"`
	ToDate   string `query:"toDate" doc:"last day, inclusive; default 27 days after fromDate"`
}

type essProposeInput struct {
	httpapi.ESSPath
	Body SwapBody
}

type essSwapBulkInput struct {
	httpapi.ESSPath
	Body SwapBulkBody
}

// registerESSSwaps serves the employee's roster list and shift swaps. Swaps
// need no manager approval: the business has no roster setting
// asking for it, and the shift swapping report shows them as Created,
// Accepted, Declined or Cancelled.
func registerESSSwaps(a *httpapi.API, s *roster.Service) {
	tags := []string{"Employee Self Service: Roster Shifts"}
	principal := payroll.PrincipalFrom
	biz := httpapi.CurrentBusiness
	counts := func(ctx context.Context, emp int64) (SwapCounts, error) {
		c, err := s.CountsOf(ctx, biz(ctx), emp)
		return SwapCounts{ProposedSwapCount: c.ProposedSwaps, PendingShiftCount: c.PendingShifts, NotAcceptedShiftsCount: c.PendingShifts}, err
	}
	shapes := func(ctx context.Context, emp int64, ids []int64) ([]EssRosterShift, error) {
		sh, err := s.EmployeeShifts(ctx, biz(ctx), ids)
		out := make([]EssRosterShift, 0, len(sh))
		for _, x := range sh {
			out = append(out, EssShape(x, emp))
		}
		return out, err
	}

	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/shift", Tags: tags,
		Summary: "List roster shifts", Description: "The employee's published shifts overlapping the days fromDate..toDate (inclusive; default today and the 27 days after), by start."},
		func(ctx context.Context, in *essShiftListInput) (*httpapi.BodyOf[[]EssRosterShift], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			if from.IsZero() {
				from = a.Clock.Now().UTC()
			}
			if to.IsZero() {
				to = from.AddDate(0, 0, 27)
			}
			sh, err := s.EmployeeShiftList(ctx, biz(ctx), principal(ctx), in.EmployeeID, from, to)
			if err != nil {
				return nil, err
			}
			out := make([]EssRosterShift, 0, len(sh))
			for _, x := range sh {
				out = append(out, EssShape(x, in.EmployeeID))
			}
			return &httpapi.BodyOf[[]EssRosterShift]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/shift/{shiftId}", Tags: tags, Parameters: httpapi.PathParams("shiftId"),
		Summary: "Get roster shift", Description: "A published shift of the employee, or a shift whose open swap is proposed to them; 404 otherwise."},
		func(ctx context.Context, in *essShiftInput) (*httpapi.BodyOf[EssRosterShift], error) {
			id, err := shiftID(ctx)
			if err != nil {
				return nil, err
			}
			sh, err := s.EmployeeShift(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[EssRosterShift]{Body: EssShape(sh, in.EmployeeID)}, nil
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/shift/{shiftId}/swap/candidates", Tags: tags, Parameters: httpapi.PathParams("shiftId"),
		Summary: "Find shift swap candidates",
		Description: "Colleagues who could take the employee's shift: not terminated, working at its location (primary or other), holding its qualifications " +
			"(unexpired at its start), and not rostered on an overlapping shift, on pending or approved leave those days, or unavailable then. " +
			"Roles are not matched (they are not a resource of this API). By name."},
		func(ctx context.Context, in *essShiftInput) (*httpapi.BodyOf[[]SwapCandidate], error) {
			id, err := shiftID(ctx)
			if err != nil {
				return nil, err
			}
			cs, err := s.SwapCandidates(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			if err != nil {
				return nil, err
			}
			out := make([]SwapCandidate, 0, len(cs))
			for _, c := range cs {
				out = append(out, SwapCandidate{ID: c.ID, Name: c.Name})
			}
			return &httpapi.BodyOf[[]SwapCandidate]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/shift/swap/propose", Tags: tags,
		Summary: "Propose shift swap",
		Description: "Proposes the employee's published shift that has not started (409 otherwise, and when it already has an open swap) to toEmployeeId, " +
			"who must be one of its swap candidates (400 otherwise). The shift stays the employee's until the colleague accepts; no manager approval is needed."},
		func(ctx context.Context, in *essProposeInput) (*httpapi.BodyOf[SwapResult], error) {
			sh, err := s.ProposeSwap(ctx, biz(ctx), principal(ctx), in.EmployeeID, roster.SwapInput{ShiftID: in.Body.RosterShiftID,
				FromEmployeeID: in.Body.FromEmployeeID, ToEmployeeID: in.Body.ToEmployeeID, Note: in.Body.Note})
			if err != nil {
				return nil, err
			}
			c, err := counts(ctx, in.EmployeeID)
			return &httpapi.BodyOf[SwapResult]{Body: SwapResult{Shift: EssShape(sh, in.EmployeeID), SwapCounts: c}}, err
		})

	actionDoc := map[string]string{
		roster.SwapActionAccept:  "Accepts the open swap proposed to the employee: the shift becomes theirs, accepted (no manager approval).",
		roster.SwapActionDecline: "Declines the open swap proposed to the employee: the shift stays the proposer's.",
		roster.SwapActionCancel:  "Cancels the open swap the employee proposed.",
	}
	closeDoc := " Each swap closes once: a closed swap is 409, a shift without a swap naming the employee 404; of two racing answers one wins. " +
		"An accepted swap whose shift was reassigned meanwhile is cancelled (409)."
	for _, x := range []struct{ action, name, one, bulk string }{
		{roster.SwapActionAccept, "Accept", "/api/v2/ess/{employeeId}/shift/{shiftId}/swap/accept", "/api/v2/ess/{employeeId}/shift/swap/accept"},
		{roster.SwapActionDecline, "Decline", "/api/v2/ess/{employeeId}/shift/{shiftId}/swap/decline", "/api/v2/ess/{employeeId}/shift/swap/decline"},
		{roster.SwapActionCancel, "Cancel", "/api/v2/ess/{employeeId}/shift/{shiftId}/swap/cancel", "/api/v2/ess/{employeeId}/shift/swap/cancel"},
	} {
		action, name := x.action, x.name
		httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: x.one, Tags: tags, Parameters: httpapi.PathParams("shiftId"),
			Summary: name + " shift swap", Description: actionDoc[action] + closeDoc},
			func(ctx context.Context, in *essShiftInput) (*httpapi.BodyOf[SwapResult], error) {
				id, err := shiftID(ctx)
				if err != nil {
					return nil, err
				}
				if _, err := s.AnswerSwaps(ctx, biz(ctx), principal(ctx), in.EmployeeID, []int64{id}, action); err != nil {
					return nil, err
				}
				sh, err := shapes(ctx, in.EmployeeID, []int64{id})
				if err != nil || len(sh) == 0 {
					return nil, err
				}
				c, err := counts(ctx, in.EmployeeID)
				return &httpapi.BodyOf[SwapResult]{Body: SwapResult{Shift: sh[0], SwapCounts: c}}, err
			})
		httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: x.bulk, Tags: tags,
			Summary: "Bulk " + action + " shift swaps", Description: actionDoc[action] + " For each shift listed whose swap can be; shifts lists those that moved."},
			func(ctx context.Context, in *essSwapBulkInput) (*httpapi.BodyOf[SwapManyResult], error) {
				ans, err := s.AnswerSwaps(ctx, biz(ctx), principal(ctx), in.EmployeeID, in.Body.Shifts, action)
				if err != nil {
					return nil, err
				}
				sh, err := shapes(ctx, in.EmployeeID, ans.Done)
				if err != nil {
					return nil, err
				}
				c, err := counts(ctx, in.EmployeeID)
				return &httpapi.BodyOf[SwapManyResult]{Body: SwapManyResult{Shifts: sh, SwapCounts: c}}, err
			})
	}
}
