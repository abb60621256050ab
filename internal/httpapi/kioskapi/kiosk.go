// Package kioskapi serves the time and attendance operations: kiosks
// (B/kiosk), kiosk access (B/employee/grantkioskaccess, revokekioskaccess,
// B/kiosk/hasaccess), PINs and clocking at a kiosk (B/kiosk/{kioskId}/...).
package kioskapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/kiosk"
	"github.com/payrolld/payrolld/internal/payroll"
)

// KioskEmployee is an employee's attendance state (KioskEmployeeModel).
type KioskEmployee struct {
	EmployeeID        int64            `json:"employeeId"`
	FirstName         string           `json:"firstName"`
	Surname           string           `json:"surname"`
	Name              string           `json:"name"`
	HasEmail          bool             `json:"hasEmail"`
	ProfileImageURL   string           `json:"profileImageUrl"`
	MobileNumber      string           `json:"mobileNumber"`
	Status            string           `json:"status" enum:"NotClockedOn,ClockedOn,OnBreak,ClockedOff"`
	LongShift         bool             `json:"longShift" doc:"clocked on for more than 12 hours"`
	ClockOnTimeUTC    *time.Time       `json:"clockOnTimeUtc" nullable:"true"`
	BreakStartTimeUTC *time.Time       `json:"breakStartTimeUtc" nullable:"true"`
	RecordedTimeUTC   *time.Time       `json:"recordedTimeUtc" nullable:"true"`
	CurrentShiftID    *int64           `json:"currentShiftId" nullable:"true"`
	EmployeeGroupIDs  []int64          `json:"employeeGroupIds"`
	EmployeeStartDate payroll.DateTime `json:"employeeStartDate" nullable:"true"`
	PinExpired        bool             `json:"pinExpired"`
	TimesheetLineID   *int64           `json:"timesheetLineId" nullable:"true" doc:"after clock off: the timesheet line written"`
}

func utcPtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

func idPtr(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// Shape is the wire shape of a status (now: for longShift).
func Shape(st kiosk.Status, now time.Time) KioskEmployee {
	out := KioskEmployee{EmployeeID: st.EmployeeID, FirstName: st.FirstName, Surname: st.Surname, Name: st.FirstName + " " + st.Surname,
		HasEmail: st.Email != "", MobileNumber: st.Mobile, Status: st.Status, ClockOnTimeUTC: utcPtr(st.ClockOnUTC), BreakStartTimeUTC: utcPtr(st.BreakStartUTC),
		RecordedTimeUTC: utcPtr(st.RecordedUTC), CurrentShiftID: idPtr(st.CurrentShiftID), EmployeeGroupIDs: []int64{}, PinExpired: st.PinExpired,
		TimesheetLineID: idPtr(st.TimesheetLineID)}
	if !st.StartDate.IsZero() {
		out.EmployeeStartDate = payroll.NewDateTime(st.StartDate)
	}
	out.LongShift = !st.ClockOnUTC.IsZero() && now.Sub(st.ClockOnUTC) > 12*time.Hour
	return out
}

// ActionBody is the body of the clocking operations: the shared kiosk
// action members plus those of clock on (AuClockOnModel), clock off and
// the breaks.
type ActionBody struct {
	EmployeeID        int64      `json:"employeeId"`
	KioskID           int64      `json:"kioskId" doc:"ignored: the path names the kiosk"`
	Latitude          *float64   `json:"latitude" nullable:"true" doc:"not stored"`
	Longitude         *float64   `json:"longitude" nullable:"true" doc:"not stored"`
	IPAddress         string     `json:"ipAddress" doc:"not stored"`
	Image             string     `json:"image" doc:"not stored"`
	IsAdminInitiated  bool       `json:"isAdminInitiated"`
	RecordedTimeUTC   *time.Time `json:"recordedTimeUtc" nullable:"true" doc:"when the device recorded the action (UTC); default now"`
	UTCOffset         string     `json:"utcOffset" doc:"the device's offset (e.g. +10:00), used when the kiosk has no time zone"`
	NoteVisibility    string     `json:"noteVisibility" enum:"Hidden,Visible"`
	LocationID        *int64     `json:"locationId" nullable:"true" doc:"clock on: default the kiosk's, else the rostered shift's"`
	ClassificationID  *int64     `json:"classificationId" nullable:"true"`
	WorkTypeID        *int64     `json:"workTypeId" nullable:"true" doc:"clock on: default the rostered shift's"`
	ShiftConditionIDs []int64    `json:"shiftConditionIds"`
	DimensionValueIDs []int64    `json:"dimensionValueIds"`
	Note              string     `json:"note" maxLength:"2000"`
	IsPaidBreak       bool       `json:"isPaidBreak"`
}

// Action turns the body into the domain's action.
func (b *ActionBody) Action(kioskID int64) kiosk.Action {
	a := kiosk.Action{EmployeeID: b.EmployeeID, KioskID: kioskID, UTCOffset: b.UTCOffset, ShiftConditionIDs: b.ShiftConditionIDs,
		DimensionValueIDs: b.DimensionValueIDs, Note: b.Note, NoteVisibility: b.NoteVisibility, IsPaidBreak: b.IsPaidBreak, IsAdminInitiated: b.IsAdminInitiated}
	if b.RecordedTimeUTC != nil {
		a.RecordedTimeUTC = b.RecordedTimeUTC.UTC()
	}
	for _, p := range []struct {
		src *int64
		dst *int64
	}{{b.LocationID, &a.LocationID}, {b.WorkTypeID, &a.WorkTypeID}, {b.ClassificationID, &a.ClassificationID}} {
		if p.src != nil {
			*p.dst = *p.src
		}
	}
	return a
}

type kioskBody struct {
	httpapi.BusinessPath
	Body    kiosk.Kiosk
	RawBody []byte
}

type actionInput struct {
	httpapi.BusinessPath
	Body    ActionBody
	RawBody []byte
}

// CheckPinBody is CheckKioskPinModel.
type CheckPinBody struct {
	EmployeeID int64  `json:"employeeId"`
	Pin        string `json:"pin" maxLength:"20"`
}

// ChangePinBody is ChangeKioskPinModel.
type ChangePinBody struct {
	EmployeeID int64  `json:"employeeId"`
	OldPin     string `json:"oldPin" maxLength:"20" doc:"required once a PIN is set"`
	NewPin     string `json:"newPin" maxLength:"20" doc:"4 to 8 digits"`
}

// CheckIDBody is the body of checkid.
type CheckIDBody struct {
	EmployeeID int64 `json:"employeeId"`
}

type checkPinInput struct {
	httpapi.BusinessPath
	Body    CheckPinBody
	RawBody []byte
}

type changePinInput struct {
	httpapi.BusinessPath
	Body    ChangePinBody
	RawBody []byte
}

type checkIDInput struct {
	httpapi.BusinessPath
	Body    CheckIDBody
	RawBody []byte
}

// Deps are the services of the kiosk operations.
type Deps struct {
	Kiosks *kiosk.Service
	// SelfClocking decides whether employees clock on and off in
	// self-service.
	SelfClocking SelfClocking
}

// Register serves the kiosk operations and the self-service time and
// attendance operations on the same clocking service. Pass it in
// httpapi.Deps.Areas.
func Register(d Deps) func(*httpapi.API) {
	return func(a *httpapi.API) {
		register(a, d.Kiosks)
		registerESS(a, d.Kiosks, d.SelfClocking)
	}
}

// Mirror is one path family the kiosk operations are served on.
type Mirror struct {
	Manager bool
	Tags    []string
}

// Mirrors are the business kiosk paths and the manager's.
var Mirrors = []Mirror{{false, []string{"Time and Attendance"}}, {true, []string{"Manager Time and Attendance"}}}

// path picks the mirror's spelling of an operation's path: both are
// written out in full where the operation is registered, so a path grepped
// from the API finds its registration.
func (m Mirror) path(business, manager string) string {
	if m.Manager {
		return manager
	}
	return business
}

func register(a *httpapi.API, s *kiosk.Service) {
	tags := []string{"Time and Attendance"}
	principal := payroll.PrincipalFrom
	biz := httpapi.CurrentBusiness
	kioskID := func(ctx context.Context, name string) (int64, error) { return httpapi.PathID(ctx, name, "kiosk") }
	employeeID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "employeeId", "employee") }
	status := func(ctx context.Context, st kiosk.Status) *httpapi.BodyOf[KioskEmployee] {
		return &httpapi.BodyOf[KioskEmployee]{Body: Shape(st, a.Clock.Now())}
	}

	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/kiosk", Tags: tags, Summary: "Create kiosk",
		Description: "name required; locationId must be a location of this business; timeZone (Windows id) or ianaTimeZone say how the kiosk's clock reads."},
		func(ctx context.Context, in *kioskBody) (*httpapi.BodyOf[kiosk.Kiosk], error) {
			k, err := s.CreateKiosk(ctx, biz(ctx), in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[kiosk.Kiosk]{Body: k}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/kiosk/{id}", Tags: tags, Summary: "Update kiosk",
		Description: "Replaces the kiosk; conditional on the version read (409 to a concurrent update).", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *kioskBody) (*httpapi.BodyOf[kiosk.Kiosk], error) {
			id, err := kioskID(ctx, "id")
			if err != nil {
				return nil, err
			}
			k, err := s.UpdateKiosk(ctx, biz(ctx), id, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[kiosk.Kiosk]{Body: k}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/kiosk/{id}", Tags: tags, Summary: "Delete kiosk",
		Description: "409 while employees are clocked on at it.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *httpapi.BusinessPath) (*struct{}, error) {
			id, err := kioskID(ctx, "id")
			if err != nil {
				return nil, err
			}
			return &struct{}{}, s.DeleteKiosk(ctx, biz(ctx), id)
		})

	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/kiosk/hasaccess/{employeeId}", Tags: tags,
		Summary: "Employee has kiosk access", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *httpapi.BusinessPath) (*httpapi.BodyOf[bool], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			ok, err := s.HasAccess(ctx, biz(ctx), principal(ctx), emp)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[bool]{Body: ok}, nil
		})
	access := func(grant bool) func(ctx context.Context, in *httpapi.BusinessPath) (*struct{}, error) {
		return func(ctx context.Context, in *httpapi.BusinessPath) (*struct{}, error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			return &struct{}{}, s.SetAccess(ctx, biz(ctx), principal(ctx), emp, grant)
		}
	}
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/grantkioskaccess/{employeeId}", Tags: tags,
		Summary: "Grant kiosk access", Parameters: httpapi.PathParams("employeeId")}, access(true))
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/revokekioskaccess/{employeeId}", Tags: tags,
		Summary: "Revoke kiosk access", Parameters: httpapi.PathParams("employeeId")}, access(false))

	// The kiosk operations, and their manager mirrors: the same handlers,
	// for a business user whose scope (employee groups, locations) limits
	// the employees they may act on (404 for the others).
	for _, m := range Mirrors {
		tags := m.Tags
		httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: m.path("/api/v2/business/{businessId}/kiosk", "/api/v2/business/{businessId}/manager/kiosk"), Tags: tags, Summary: "List kiosks",
			Description: "The business's kiosks; a restricted user sees those their kioskAccess lets them operate (AllKiosks; SpecificKiosks listing the kiosk; " +
				"any kioskAccess but None for a kiosk availableToAllRestrictedUsersWithKioskAccess). Every operation on one kiosk (its read and " +
				"everything under kiosk/{kioskId}/) is 403 to a restricted user without that access."},
			func(ctx context.Context, in *httpapi.BusinessPath) (*httpapi.BodyOf[[]kiosk.Kiosk], error) {
				ks, err := s.ListKiosks(ctx, biz(ctx))
				if err != nil {
					return nil, err
				}
				acc, scoped := httpapi.GrantedAccess(ctx)
				out := make([]kiosk.Kiosk, 0, len(ks))
				for _, k := range ks {
					if !scoped || httpapi.OperatesKiosk(acc, k.ID, k.Settings.AvailableToAllRestrictedUsersWithKioskAccess) {
						out = append(out, k)
					}
				}
				return &httpapi.BodyOf[[]kiosk.Kiosk]{Body: out}, nil
			})
		httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodGet, Path: m.path("/api/v2/business/{businessId}/kiosk/{id}", "/api/v2/business/{businessId}/manager/kiosk/{id}"), Tags: tags, Summary: "Get kiosk",
			Parameters: httpapi.PathParams("id")},
			func(ctx context.Context, in *httpapi.BusinessPath) (*httpapi.BodyOf[kiosk.Kiosk], error) {
				id, err := kioskID(ctx, "id")
				if err != nil {
					return nil, err
				}
				k, err := s.GetKiosk(ctx, biz(ctx), id)
				if err != nil {
					return nil, err
				}
				return &httpapi.BodyOf[kiosk.Kiosk]{Body: k}, nil
			})
		httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodPost, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/checkid", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/checkid"), Tags: tags,
			Summary: "Verify kiosk employee id", Description: "The employee's attendance state if they have kiosk access (400 naming employeeId if not).",
			Parameters: httpapi.PathParams("kioskId")},
			func(ctx context.Context, in *checkIDInput) (*httpapi.BodyOf[KioskEmployee], error) {
				k, err := kioskID(ctx, "kioskId")
				if err != nil {
					return nil, err
				}
				if _, err := s.GetKiosk(ctx, biz(ctx), k); err != nil {
					return nil, err
				}
				ok, err := s.HasAccess(ctx, biz(ctx), principal(ctx), in.Body.EmployeeID)
				if payroll.KindOf(err) == payroll.KindNotFound || (err == nil && !ok) {
					return nil, payroll.Invalid("employeeId", "employee %d has no kiosk access", in.Body.EmployeeID)
				} else if err != nil {
					return nil, err
				}
				st, err := s.Status(ctx, biz(ctx), principal(ctx), in.Body.EmployeeID)
				if err != nil {
					return nil, err
				}
				return status(ctx, st), nil
			})
		httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodPost, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/checkpin", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/checkpin"), Tags: tags,
			Summary: "Verify kiosk PIN", Description: "A wrong PIN is 400 naming pin; after 5 wrong PINs in a row PIN checks are refused for 15 minutes (409). " +
				"A good PIN resets the count and answers the employee's attendance state.", Parameters: httpapi.PathParams("kioskId")},
			func(ctx context.Context, in *checkPinInput) (*httpapi.BodyOf[KioskEmployee], error) {
				k, err := kioskID(ctx, "kioskId")
				if err != nil {
					return nil, err
				}
				st, err := s.CheckPin(ctx, biz(ctx), principal(ctx), k, in.Body.EmployeeID, in.Body.Pin)
				if err != nil {
					return nil, err
				}
				return status(ctx, st), nil
			})
		httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodPost, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/changepin", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/changepin"), Tags: tags,
			Summary: "Change kiosk PIN", Description: "newPin is 4 to 8 digits, stored hashed. Once a PIN is set oldPin must match (a wrong one counts towards the lock-out); " +
				"after a PIN reset (emailreset, smsreset) the temporary PIN is expired and no oldPin is needed. Answers the employee's attendance state.",
			Parameters: httpapi.PathParams("kioskId")},
			func(ctx context.Context, in *changePinInput) (*httpapi.BodyOf[KioskEmployee], error) {
				k, err := kioskID(ctx, "kioskId")
				if err != nil {
					return nil, err
				}
				if err := s.ChangePin(ctx, biz(ctx), principal(ctx), k, in.Body.EmployeeID, in.Body.OldPin, in.Body.NewPin); err != nil {
					return nil, err
				}
				st, err := s.Status(ctx, biz(ctx), principal(ctx), in.Body.EmployeeID)
				if err != nil {
					return nil, err
				}
				return status(ctx, st), nil
			})

		clock := func(path, summary, doc string, act func(ctx context.Context, k int64, in *actionInput) (kiosk.Status, error)) {
			httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodPost, Path: path, Tags: tags, Summary: summary,
				Description: doc + " The employee needs kiosk access (else 400 naming employeeId).", Parameters: httpapi.PathParams("kioskId")},
				func(ctx context.Context, in *actionInput) (*httpapi.BodyOf[KioskEmployee], error) {
					k, err := kioskID(ctx, "kioskId")
					if err != nil {
						return nil, err
					}
					st, err := act(ctx, k, in)
					if err != nil {
						return nil, err
					}
					return status(ctx, st), nil
				})
		}
		clock(m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/clockon", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/clockon"), "Clock on", "Opens a shift, matched to the employee's published roster shift "+
			"(nearest start within the kiosk's clockOnWindowMinutes). An employee already clocked on gets 409 (of two concurrent clock-ons one wins).",
			func(ctx context.Context, k int64, in *actionInput) (kiosk.Status, error) {
				return s.ClockOn(ctx, biz(ctx), principal(ctx), in.Body.Action(k), kiosk.SourceKiosk)
			})
		clock(m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/clockoff", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/clockoff"), "Clock off", "Closes the open shift (ending an open break) and writes a "+
			"Submitted timesheet line (source TimeAndAttendanceKiosk) in the kiosk's wall-clock time, rounded by the business's timesheet rounding rules; "+
			"timesheetLineId names it. 409 when not clocked on.",
			func(ctx context.Context, k int64, in *actionInput) (kiosk.Status, error) {
				if _, err := s.ClockOff(ctx, biz(ctx), principal(ctx), in.Body.Action(k)); err != nil {
					return kiosk.Status{}, err
				}
				return s.Status(ctx, biz(ctx), principal(ctx), in.Body.EmployeeID)
			})
		clock(m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/startbreak", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/startbreak"), "Start break", "ClockedOn -> OnBreak (409 from any other state).",
			func(ctx context.Context, k int64, in *actionInput) (kiosk.Status, error) {
				return s.StartBreak(ctx, biz(ctx), principal(ctx), in.Body.Action(k))
			})
		clock(m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/endbreak", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/endbreak"), "End break", "OnBreak -> ClockedOn (409 from any other state); isPaidBreak marks the break paid.",
			func(ctx context.Context, k int64, in *actionInput) (kiosk.Status, error) {
				return s.EndBreak(ctx, biz(ctx), principal(ctx), in.Body.Action(k))
			})
		clock(m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/discard", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/discard"), "Discard current shift", "Drops the open shift without a timesheet line (409 when not clocked on).",
			func(ctx context.Context, k int64, in *actionInput) (kiosk.Status, error) {
				return s.Discard(ctx, biz(ctx), principal(ctx), in.Body.Action(k))
			})
		registerTA(a, s, m, tags)
	}
}
