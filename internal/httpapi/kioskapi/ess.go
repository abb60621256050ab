package kioskapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/kiosk"
	"github.com/payrolld/payrolld/internal/payroll"
)

// SelfClocking says whether the business lets employees clock on and off
// themselves (employee portal settings: enableWorkZoneClockOn).
type SelfClocking func(ctx context.Context, biz business.Business) (bool, error)

type essActionInput struct {
	httpapi.ESSPath
	Body    ActionBody
	RawBody []byte
}

// RegisterESS serves the self-service time and attendance operations
// (S/timeandattendance/...) on the same clocking service as the kiosks.
func RegisterESS(s *kiosk.Service, allowed SelfClocking) func(*httpapi.API) {
	return func(a *httpapi.API) { registerESS(a, s, allowed) }
}

func registerESS(a *httpapi.API, s *kiosk.Service, allowed SelfClocking) {
	tags := []string{"Employee Self Service: Time and Attendance"}
	principal := payroll.PrincipalFrom
	biz := httpapi.CurrentBusiness
	clock := func(path, summary, doc string, act func(ctx context.Context, in *essActionInput, act kiosk.Action) (kiosk.Status, error)) {
		httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodPost, Path: path, Tags: tags, Summary: summary,
			Description: doc + " Acts on the path's employee (the body's employeeId is ignored). The employee themself may clock only when the business's " +
				"employee portal settings enable work-zone clock on (else 403); a business user covering the employee may always."},
			func(ctx context.Context, in *essActionInput) (*httpapi.BodyOf[KioskEmployee], error) {
				if httpapi.SelfEmployee(ctx) && allowed != nil {
					ok, err := allowed(ctx, biz(ctx))
					if err != nil {
						return nil, err
					}
					if !ok {
						return nil, payroll.Forbidden("this business does not let employees clock on and off themselves")
					}
				}
				ac := in.Body.Action(0)
				ac.EmployeeID = in.EmployeeID
				st, err := act(ctx, in, ac)
				if err != nil {
					return nil, err
				}
				return &httpapi.BodyOf[KioskEmployee]{Body: Shape(st, a.Clock.Now())}, nil
			})
	}
	clock("/api/v2/ess/{employeeId}/timeandattendance/clockon", "Clock on", "Opens a shift matched to the employee's published roster shift; 409 when already clocked on.",
		func(ctx context.Context, in *essActionInput, ac kiosk.Action) (kiosk.Status, error) {
			return s.ClockOn(ctx, biz(ctx), principal(ctx), ac, kiosk.SourceESS)
		})
	clock("/api/v2/ess/{employeeId}/timeandattendance/clockoff", "Clock off", "Closes the open shift and writes a Submitted timesheet line "+
		"(source EmployeePortal), rounded by the business's rounding rules; 409 when not clocked on.",
		func(ctx context.Context, in *essActionInput, ac kiosk.Action) (kiosk.Status, error) {
			if _, err := s.ClockOff(ctx, biz(ctx), principal(ctx), ac); err != nil {
				return kiosk.Status{}, err
			}
			return s.Status(ctx, biz(ctx), principal(ctx), ac.EmployeeID)
		})
	clock("/api/v2/ess/{employeeId}/timeandattendance/startbreak", "Start break", "ClockedOn -> OnBreak (409 otherwise).",
		func(ctx context.Context, in *essActionInput, ac kiosk.Action) (kiosk.Status, error) {
			return s.StartBreak(ctx, biz(ctx), principal(ctx), ac)
		})
	clock("/api/v2/ess/{employeeId}/timeandattendance/endbreak", "End break", "OnBreak -> ClockedOn (409 otherwise).",
		func(ctx context.Context, in *essActionInput, ac kiosk.Action) (kiosk.Status, error) {
			return s.EndBreak(ctx, biz(ctx), principal(ctx), ac)
		})
	clock("/api/v2/ess/{employeeId}/timeandattendance/discard", "Discard current shift", "Drops the open shift without a timesheet line (409 when not clocked on).",
		func(ctx context.Context, in *essActionInput, ac kiosk.Action) (kiosk.Status, error) {
			return s.Discard(ctx, biz(ctx), principal(ctx), ac)
		})
}
