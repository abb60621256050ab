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

func registerESS(a *httpapi.API, s *kiosk.Service, allowed SelfClocking) {
	tags := []string{"Employee Self Service: Time and Attendance"}
	principal := payroll.PrincipalFrom
	biz := httpapi.CurrentBusiness
	clock := func(path, summary, doc string, act func(ctx context.Context, in *essActionInput, act kiosk.Action) (kiosk.Status, error)) {
		httpapi.Register(a, httpapi.SelfService(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: path, Tags: tags, Summary: summary,
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

	registerESSTA(a, s, tags)
}

type essShiftsInput struct {
	httpapi.ESSPath
	Body    ShiftsBody
	RawBody []byte
}

type essNoteInput struct {
	httpapi.ESSPath
	Body    NoteBody
	RawBody []byte
}

type essMarkReadInput struct {
	httpapi.ESSPath
	Body    MarkReadBody
	RawBody []byte
}

type essNotesListInput struct {
	httpapi.ESSPath
	NoteQuery
}

// registerESSTA serves the self-service shifts, shift notes and lookup
// data: the kiosk ones for the path's employee, without a kiosk.
func registerESSTA(a *httpapi.API, s *kiosk.Service, tags []string) {
	principal := payroll.PrincipalFrom
	biz := httpapi.CurrentBusiness
	shiftID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "shiftId", "shift") }
	httpapi.Register(a, httpapi.SelfService(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/timeandattendance/shifts", Tags: tags, Summary: "Get shifts",
		Description: "The employee's clocked shifts (not discarded ones) starting from fromDateUtc to toDateUtc (default the 7 days up to now; at most 92 days), " +
			"filtered by kioskId and locationId; the body's employeeId is ignored."},
		func(ctx context.Context, in *essShiftsInput) (*httpapi.BodyOf[[]TAShift], error) {
			q := in.Body.query()
			q.EmployeeID = in.EmployeeID
			shifts, err := s.Shifts(ctx, biz(ctx), principal(ctx), q)
			if err != nil {
				return nil, err
			}
			out := make([]TAShift, 0, len(shifts))
			for _, sh := range shifts {
				out = append(out, ShapeShift(sh, a.Clock.Now()))
			}
			return &httpapi.BodyOf[[]TAShift]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/timeandattendance/lookupdata", Tags: tags, Summary: "Lookup data",
		Description: "What clocking on offers the employee: their locations (every location of the business when they have none), the default location " +
			"(their primary one), work types, shift conditions with each location's default ones, and the reporting dimensions and values available to them."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[LookupData], error) {
			l, err := s.LookupData(ctx, biz(ctx), principal(ctx), 0, in.EmployeeID)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[LookupData]{Body: ShapeLookup(l)}, nil
		})
	essDoc := " The shift must be one of the path employee's (404 otherwise)." + notesDoc
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/timeandattendance/shift/{shiftId}/notes", Tags: tags, Summary: "Get shift notes",
		Description: "The shift's notes, oldest first, filtered by model.isAdminInitiated, model.type and model.visibility; read is the caller's read state." + essDoc,
		Parameters:  httpapi.PathParams("shiftId")},
		func(ctx context.Context, in *essNotesListInput) (*httpapi.BodyOf[[]ShiftNote], error) {
			sh, err := shiftID(ctx)
			if err != nil {
				return nil, err
			}
			f, err := in.filter()
			if err != nil {
				return nil, err
			}
			if err := s.ShiftOfEmployee(ctx, biz(ctx), principal(ctx), sh, in.ESSPath.EmployeeID); err != nil {
				return nil, err
			}
			return notesOut(s.Notes(ctx, biz(ctx), principal(ctx), 0, sh, f))
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/timeandattendance/shift/{shiftId}/notes", Tags: tags, Summary: "Add shift note",
		Description: "Adds a note (note required, at most 2000 characters) written by the caller; answers it." + essDoc,
		Parameters:  httpapi.PathParams("shiftId")},
		func(ctx context.Context, in *essNoteInput) (*httpapi.BodyOf[ShiftNote], error) {
			sh, err := shiftID(ctx)
			if err != nil {
				return nil, err
			}
			if err := s.ShiftOfEmployee(ctx, biz(ctx), principal(ctx), sh, in.EmployeeID); err != nil {
				return nil, err
			}
			ni := in.Body.input()
			ni.EmployeeID = in.EmployeeID
			return noteOut(s.AddNote(ctx, biz(ctx), principal(ctx), 0, sh, ni))
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateTimesheets), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/timeandattendance/shift/{shiftId}/notes/read-state", Tags: tags, Summary: "Mark shift notes read",
		Description: "Marks noteIds (every note of the shift when empty) read, or unread with read=false, for the caller; a note id that is not the shift's is 400 naming noteIds." + essDoc,
		Parameters:  httpapi.PathParams("shiftId")},
		func(ctx context.Context, in *essMarkReadInput) (*struct{}, error) {
			sh, err := shiftID(ctx)
			if err != nil {
				return nil, err
			}
			if err := s.ShiftOfEmployee(ctx, biz(ctx), principal(ctx), sh, in.EmployeeID); err != nil {
				return nil, err
			}
			return &struct{}{}, s.MarkRead(ctx, biz(ctx), principal(ctx), 0, sh, in.Body.NoteIDs, in.Body.Read)
		})
}
