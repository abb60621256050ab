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

// ShiftCounts are the employee's open roster items (EssRosterShiftCountModel).
type ShiftCounts struct {
	ProposedSwapCount      int `json:"proposedSwapCount"`
	PendingShiftCount      int `json:"pendingShiftCount"`
	BiddableShiftCount     int `json:"biddableShiftCount" doc:"shift bidding is not offered: always 0"`
	NotAcceptedShiftsCount int `json:"notAcceptedShiftsCount"`
}

// AcceptResult answers a single accept (AuAcceptRosterShiftResponseModel).
type AcceptResult struct {
	Shift EssRosterShift `json:"shift"`
	ShiftCounts
}

// AcceptManyResult answers a bulk accept (AuAcceptRosterShiftsResponseModel).
type AcceptManyResult struct {
	Shifts []EssRosterShift `json:"shifts" doc:"the shifts accepted"`
	ShiftCounts
}

// DeclineBody is the body of a single decline.
type DeclineBody struct {
	Reason string `json:"reason" maxLength:"2000"`
}

// BulkBody is the body of the bulk accept and decline.
type BulkBody struct {
	Shifts []int64 `json:"shifts" doc:"roster shift ids (at most 100)"`
	Reason string  `json:"reason" maxLength:"2000" doc:"decline only"`
}

type essInput struct{ httpapi.ESSPath }

type essDeclineInput struct {
	httpapi.ESSPath
	Body *DeclineBody
}

type essBulkInput struct {
	httpapi.ESSPath
	Body    BulkBody
	RawBody []byte
}

type essLocalInput struct {
	httpapi.ESSPath
	LocalTime string `query:"localTime" doc:"wall-clock time; default now (UTC)"`
}

func registerESS(a *httpapi.API, s *roster.Service) {
	tags := []string{"Employee Self Service: Roster Shifts"}
	principal := payroll.PrincipalFrom
	biz := httpapi.CurrentBusiness
	employeeID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "employeeId", "employee") }
	counts := func(ctx context.Context, emp int64) (ShiftCounts, error) {
		c, err := s.CountsOf(ctx, biz(ctx), emp)
		return ShiftCounts{ProposedSwapCount: c.ProposedSwaps, PendingShiftCount: c.PendingShifts, NotAcceptedShiftsCount: c.PendingShifts}, err
	}
	shifts := func(ctx context.Context, emp int64, ids []int64) ([]EssRosterShift, error) {
		sh, err := s.EmployeeShifts(ctx, biz(ctx), ids)
		out := make([]EssRosterShift, 0, len(sh))
		for _, x := range sh {
			out = append(out, EssShape(x, emp))
		}
		return out, err
	}
	answerDoc := " Only a published shift of the employee that is not yet accepted can be answered (else 409; unknown or another's shift 404); " +
		"of two racing answers one wins. A declined shift becomes unassigned."

	httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/shift/{shiftId}/accept", Tags: tags,
		Summary: "Accept roster shift", Description: "Accepts the shift." + answerDoc, Parameters: httpapi.PathParams("shiftId")},
		func(ctx context.Context, in *essInput) (*httpapi.BodyOf[AcceptResult], error) {
			id, err := httpapi.PathID(ctx, "shiftId", "roster shift")
			if err != nil {
				return nil, err
			}
			if _, err := s.Accept(ctx, biz(ctx), principal(ctx), in.EmployeeID, []int64{id}); err != nil {
				return nil, err
			}
			sh, err := shifts(ctx, in.EmployeeID, []int64{id})
			if err != nil || len(sh) == 0 {
				return nil, err
			}
			c, err := counts(ctx, in.EmployeeID)
			return &httpapi.BodyOf[AcceptResult]{Body: AcceptResult{Shift: sh[0], ShiftCounts: c}}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/shift/accept", Tags: tags,
		Summary: "Bulk accept roster shifts", Description: "Accepts each shift that can be; shifts lists those accepted." + answerDoc},
		func(ctx context.Context, in *essBulkInput) (*httpapi.BodyOf[AcceptManyResult], error) {
			ans, err := s.Accept(ctx, biz(ctx), principal(ctx), in.EmployeeID, in.Body.Shifts)
			if err != nil {
				return nil, err
			}
			sh, err := shifts(ctx, in.EmployeeID, ans.Done)
			if err != nil {
				return nil, err
			}
			c, err := counts(ctx, in.EmployeeID)
			return &httpapi.BodyOf[AcceptManyResult]{Body: AcceptManyResult{Shifts: sh, ShiftCounts: c}}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/shift/{shiftId}/decline", Tags: tags,
		Summary: "Decline roster shift", Description: "Declines the shift with an optional reason." + answerDoc, Parameters: httpapi.PathParams("shiftId")},
		func(ctx context.Context, in *essDeclineInput) (*httpapi.BodyOf[ShiftCounts], error) {
			id, err := httpapi.PathID(ctx, "shiftId", "roster shift")
			if err != nil {
				return nil, err
			}
			reason := ""
			if in.Body != nil {
				reason = in.Body.Reason
			}
			if _, err := s.Decline(ctx, biz(ctx), principal(ctx), in.EmployeeID, []int64{id}, reason); err != nil {
				return nil, err
			}
			c, err := counts(ctx, in.EmployeeID)
			return &httpapi.BodyOf[ShiftCounts]{Body: c}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/shift/decline", Tags: tags,
		Summary: "Bulk decline roster shifts", Description: "Declines each shift that can be." + answerDoc},
		func(ctx context.Context, in *essBulkInput) (*httpapi.BodyOf[ShiftCounts], error) {
			if _, err := s.Decline(ctx, biz(ctx), principal(ctx), in.EmployeeID, in.Body.Shifts, in.Body.Reason); err != nil {
				return nil, err
			}
			c, err := counts(ctx, in.EmployeeID)
			return &httpapi.BodyOf[ShiftCounts]{Body: c}, err
		})

	localTime := func(ctx context.Context, raw string) (int64, payroll.DateTime, error) {
		emp, err := employeeID(ctx)
		if err != nil {
			return 0, payroll.DateTime{}, err
		}
		at := payroll.NewDateTime(a.Clock.Now().UTC())
		if raw != "" {
			if at, err = payroll.ParseDateTime(raw); err != nil {
				return 0, at, payroll.Invalid("localTime", "localTime: %v", err)
			}
		}
		return emp, at, nil
	}
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/shift/nearby", Tags: tags,
		Summary: "Find nearby roster shifts", Description: "The employee's published shifts overlapping 12 hours either side of localTime, by start."},
		func(ctx context.Context, in *essLocalInput) (*httpapi.BodyOf[[]EssRosterShift], error) {
			emp, at, err := localTime(ctx, in.LocalTime)
			if err != nil {
				return nil, err
			}
			sh, err := s.Nearby(ctx, biz(ctx), principal(ctx), emp, at.Time)
			if err != nil {
				return nil, err
			}
			out := make([]EssRosterShift, 0, len(sh))
			for _, x := range sh {
				out = append(out, EssShape(x, emp))
			}
			return &httpapi.BodyOf[[]EssRosterShift]{Body: out}, nil
		})
	match := func(clockOn bool) func(ctx context.Context, in *essLocalInput) (*httpapi.BodyOf[MatchingResult], error) {
		return func(ctx context.Context, in *essLocalInput) (*httpapi.BodyOf[MatchingResult], error) {
			emp, at, err := localTime(ctx, in.LocalTime)
			if err != nil {
				return nil, err
			}
			sh, err := s.Match(ctx, biz(ctx), principal(ctx), emp, at.Time, roster.DefaultWindow, clockOn)
			if err != nil {
				return nil, err
			}
			out := MatchingResult{Shift: EssRosterShift{Breaks: []RosterShiftBreak{}, Qualifications: []RosterShiftQualification{}, ShiftAssignmentStatus: "Pending"}}
			if sh != nil {
				out.Shift = EssShape(*sh, emp)
			}
			return &httpapi.BodyOf[MatchingResult]{Body: out}, nil
		}
	}
	matchDoc := "The employee's published shift nearest localTime (within 60 minutes of its start for clock on, or under way; of its end for clock off). " +
		"When none matches, shift is an empty shift with id 0."
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/shift/matchingclockon", Tags: tags,
		Summary: "Find matching clock on roster shift", Description: matchDoc}, match(true))
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/shift/matchingclockoff", Tags: tags,
		Summary: "Find matching clock off roster shift", Description: matchDoc}, match(false))
}
