package kioskapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/kiosk"
	"github.com/payrolld/payrolld/internal/payroll"
)

// NoteEmployee is the employee of a note (EmployeeViewModel).
type NoteEmployee struct {
	ID              int64  `json:"id"`
	FirstName       string `json:"firstName"`
	Surname         string `json:"surname"`
	ProfileImageURL string `json:"profileImageUrl"`
	Name            string `json:"name" readOnly:"true"`
}

// ShiftNote is a shift note as the caller sees it (ShiftNoteViewModel).
type ShiftNote struct {
	ID             int64            `json:"id"`
	Employee       NoteEmployee     `json:"employee"`
	Date           payroll.DateTime `json:"date" doc:"when the note was written (UTC)"`
	Type           string           `json:"type" enum:"Shift,ClockOn,ClockOff"`
	Note           string           `json:"note"`
	NoteID         int64            `json:"noteId"`
	Visibility     string           `json:"visibility" enum:"Hidden,Visible"`
	Read           bool             `json:"read" doc:"read by the caller"`
	CreatedByAdmin bool             `json:"createdByAdmin"`
}

func shapeNote(n kiosk.Note) ShiftNote {
	return ShiftNote{ID: n.ID, NoteID: n.ID, Employee: NoteEmployee{ID: n.EmployeeID, FirstName: n.FirstName, Surname: n.Surname, Name: n.FirstName + " " + n.Surname},
		Date: payroll.NewDateTime(n.Date), Type: n.Type, Note: n.Text, Visibility: n.Visibility, Read: n.Read, CreatedByAdmin: n.CreatedByAdmin}
}

// NoteBody is AddNoteModel.
type NoteBody struct {
	EmployeeID       int64  `json:"employeeId" doc:"the shift's employee (optional; another employee is 400)"`
	Type             string `json:"type" enum:"Shift,ClockOn,ClockOff" doc:"default Shift"`
	Visibility       string `json:"visibility" enum:"Hidden,Visible" doc:"default Visible; Hidden notes are not shown to employees in self service"`
	Note             string `json:"note" maxLength:"2000"`
	IsAdminInitiated bool   `json:"isAdminInitiated"`
}

// MarkReadBody is MarkNotesReadViewModel.
type MarkReadBody struct {
	EmployeeID int64   `json:"employeeId" doc:"ignored: read state is the caller's"`
	NoteIDs    []int64 `json:"noteIds" doc:"notes of the shift; none = every note of the shift"`
	Read       bool    `json:"read" doc:"true marks read, false unread"`
}

// PinResetBody is PinResetModel.
type PinResetBody struct {
	EmployeeID int64 `json:"employeeId"`
}

// StaffBody is KioskCreateEmployeeModel.
type StaffBody struct {
	FirstName    string `json:"firstName" maxLength:"100"`
	Surname      string `json:"surname" maxLength:"100"`
	Email        string `json:"email" maxLength:"200"`
	MobileNumber string `json:"mobileNumber" maxLength:"50"`
	Pin          string `json:"pin" maxLength:"20" doc:"4 to 8 digits (optional)"`
}

// ShiftsBody is GetShiftsModel.
type ShiftsBody struct {
	KioskID     *int64     `json:"kioskId" nullable:"true"`
	LocationID  *int64     `json:"locationId" nullable:"true"`
	EmployeeID  *int64     `json:"employeeId" nullable:"true"`
	FromDateUtc *time.Time `json:"fromDateUtc" nullable:"true" doc:"shifts starting at or after (default: 7 days before toDateUtc)"`
	ToDateUtc   *time.Time `json:"toDateUtc" nullable:"true" doc:"shifts starting at or before (default now, or 7 days after fromDateUtc)"`
}

func (b *ShiftsBody) query() kiosk.ShiftQuery {
	var q kiosk.ShiftQuery
	for _, p := range []struct {
		src *int64
		dst *int64
	}{{b.KioskID, &q.KioskID}, {b.LocationID, &q.LocationID}, {b.EmployeeID, &q.EmployeeID}} {
		if p.src != nil {
			*p.dst = *p.src
		}
	}
	if b.FromDateUtc != nil {
		q.From = b.FromDateUtc.UTC()
	}
	if b.ToDateUtc != nil {
		q.To = b.ToDateUtc.UTC()
	}
	return q
}

// BreakTime is a break recorded at a kiosk (StartBreakModel, EndBreakModel).
type BreakTime struct {
	RecordedTimeUTC *time.Time `json:"recordedTimeUtc" nullable:"true"`
	IsPaidBreak     bool       `json:"isPaidBreak"`
}

// ShiftBreakBody is ShiftBreakModel.
type ShiftBreakBody struct {
	Start       BreakTime `json:"start"`
	End         BreakTime `json:"end"`
	IsPaidBreak bool      `json:"isPaidBreak"`
}

// AddShiftBody is AuAddShiftModel: the clock-on members plus the shift's
// start, end and breaks.
type AddShiftBody struct {
	ActionBody
	RecordedStartTimeUTC *time.Time       `json:"recordedStartTimeUtc" nullable:"true" doc:"required"`
	RecordedEndTimeUTC   *time.Time       `json:"recordedEndTimeUtc" nullable:"true" doc:"required; after the start, not in the future"`
	Breaks               []ShiftBreakBody `json:"breaks"`
}

// TABreak is a break of a clocked shift (TimeAndAttendanceBreakModel).
type TABreak struct {
	StartTimeUTC   time.Time         `json:"startTimeUtc"`
	StartTimeLocal payroll.DateTime  `json:"startTimeLocal"`
	EndTimeUTC     *time.Time        `json:"endTimeUtc" nullable:"true"`
	EndTimeLocal   *payroll.DateTime `json:"endTimeLocal" nullable:"true"`
	IsPaidBreak    bool              `json:"isPaidBreak"`
}

// TAIDName is {id, name} (ShiftConditionModel).
type TAIDName struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// TADimensionValue is ReportingDimensionValueBaseApiModel.
type TADimensionValue struct {
	ID                   int64  `json:"id"`
	Name                 string `json:"name"`
	ReportingDimensionID int64  `json:"reportingDimensionId"`
}

// TAShift is a clocked shift (AuTimeAndAttendanceShiftModel).
type TAShift struct {
	ClassificationID           *int64             `json:"classificationId" nullable:"true"`
	ClassificationName         string             `json:"classificationName" doc:"award classifications are not modelled: empty"`
	ID                         int64              `json:"id"`
	StartTimeLocal             payroll.DateTime   `json:"startTimeLocal"`
	StartTimeUTC               time.Time          `json:"startTimeUtc"`
	EndTimeUTC                 *time.Time         `json:"endTimeUtc" nullable:"true"`
	EndTimeLocal               *payroll.DateTime  `json:"endTimeLocal" nullable:"true"`
	LocationID                 int64              `json:"locationId" doc:"0 when the shift has no location"`
	LocationFullyQualifiedName string             `json:"locationFullyQualifiedName"`
	WorkTypeID                 *int64             `json:"workTypeId" nullable:"true"`
	WorkTypeName               string             `json:"workTypeName"`
	KioskID                    int64              `json:"kioskId" doc:"0 when clocked through self service"`
	KioskName                  string             `json:"kioskName"`
	TimesheetLineID            *int64             `json:"timesheetLineId" nullable:"true"`
	Employee                   KioskEmployee      `json:"employee" doc:"the employee, in the state of this shift"`
	Breaks                     []TABreak          `json:"breaks"`
	ShiftConditions            []TAIDName         `json:"shiftConditions"`
	DimensionValues            []TADimensionValue `json:"dimensionValues"`
}

func localPtr(t time.Time) *payroll.DateTime {
	if t.IsZero() {
		return nil
	}
	d := payroll.NewDateTime(t)
	return &d
}

// ShapeShift is the wire shape of a clocked shift.
func ShapeShift(sh kiosk.Shift, now time.Time) TAShift {
	out := TAShift{ClassificationID: idPtr(sh.ClassificationID), ID: sh.ID, StartTimeLocal: payroll.NewDateTime(sh.StartLocal), StartTimeUTC: sh.StartUTC,
		EndTimeUTC: utcPtr(sh.EndUTC), EndTimeLocal: localPtr(sh.EndLocal), LocationID: sh.LocationID, LocationFullyQualifiedName: sh.LocationName,
		WorkTypeID: idPtr(sh.WorkTypeID), WorkTypeName: sh.WorkTypeName, KioskID: sh.KioskID, KioskName: sh.KioskName, TimesheetLineID: idPtr(sh.TimesheetLineID),
		Employee: Shape(sh.Employee, now), Breaks: []TABreak{}, ShiftConditions: []TAIDName{}, DimensionValues: []TADimensionValue{}}
	for _, b := range sh.Breaks {
		out.Breaks = append(out.Breaks, TABreak{StartTimeUTC: b.StartUTC, StartTimeLocal: payroll.NewDateTime(b.StartLocal), EndTimeUTC: utcPtr(b.EndUTC),
			EndTimeLocal: localPtr(b.EndLocal), IsPaidBreak: b.IsPaid})
	}
	for _, c := range sh.ShiftConditions {
		out.ShiftConditions = append(out.ShiftConditions, TAIDName{ID: c.ID, Name: c.Name})
	}
	for _, d := range sh.DimensionValues {
		out.DimensionValues = append(out.DimensionValues, TADimensionValue{ID: d.ID, Name: d.Name, ReportingDimensionID: d.ParentID})
	}
	return out
}

// SelectItem is {id, description} (LocationSelectModel, ClassificationLookupModel).
type SelectItem struct {
	ID          int64  `json:"id"`
	Description string `json:"description"`
}

// LookupWorkType is WorkTypeSelectModel.
type LookupWorkType struct {
	IsUnitBased            bool   `json:"isUnitBased"`
	IsLeaveType            bool   `json:"isLeaveType"`
	UnitType               string `json:"unitType"`
	BusinessAwardPackageID *int64 `json:"businessAwardPackageId" nullable:"true"`
	ID                     int64  `json:"id"`
	Description            string `json:"description"`
}

// LookupShiftCondition is ShiftConditionSelectModel.
type LookupShiftCondition struct {
	ShortCode              string `json:"shortCode"`
	BusinessAwardPackageID *int64 `json:"businessAwardPackageId" nullable:"true"`
	ID                     int64  `json:"id"`
	Description            string `json:"description"`
}

// LocationShiftConditions is LocationShiftConditionsModel.
type LocationShiftConditions struct {
	LocationID        int64   `json:"locationId"`
	ShiftConditionIDs []int64 `json:"shiftConditionIds"`
}

// NumericSelectItem is NumericNullableSelectListItem.
type NumericSelectItem struct {
	Value *int64 `json:"value" nullable:"true"`
	Text  string `json:"text"`
}

// LookupDimensionValue is ReportingDimensionValueSelectModel.
type LookupDimensionValue struct {
	ReportingDimensionID int64  `json:"reportingDimensionId"`
	IsDeleted            bool   `json:"isDeleted"`
	IsNoLongerAllowed    bool   `json:"isNoLongerAllowed"`
	Value                *int64 `json:"value" nullable:"true"`
	Text                 string `json:"text"`
}

// LookupData is AuTimeAndAttendanceLookupDataModel.
type LookupData struct {
	Locations                  []SelectItem              `json:"locations"`
	WorkTypes                  []LookupWorkType          `json:"workTypes"`
	Classifications            []SelectItem              `json:"classifications" doc:"award classifications are not modelled: empty"`
	DefaultLocation            SelectItem                `json:"defaultLocation" doc:"id 0 when there is none"`
	ShiftConditions            []LookupShiftCondition    `json:"shiftConditions"`
	LocationShiftConditions    []LocationShiftConditions `json:"locationShiftConditions"`
	ReportingDimensionsEnabled bool                      `json:"reportingDimensionsEnabled"`
	ReportingDimensionGroups   []NumericSelectItem       `json:"reportingDimensionGroups"`
	ReportingDimensionValues   []LookupDimensionValue    `json:"reportingDimensionValues"`
}

// ShapeLookup is the wire shape of lookup data.
func ShapeLookup(l kiosk.Lookup) LookupData {
	out := LookupData{Locations: []SelectItem{}, WorkTypes: []LookupWorkType{}, Classifications: []SelectItem{},
		DefaultLocation: SelectItem{ID: l.DefaultLocation.ID, Description: l.DefaultLocation.Name}, ShiftConditions: []LookupShiftCondition{},
		LocationShiftConditions: []LocationShiftConditions{}, ReportingDimensionsEnabled: l.DimensionsEnabled, ReportingDimensionGroups: []NumericSelectItem{},
		ReportingDimensionValues: []LookupDimensionValue{}}
	for _, x := range l.Locations {
		out.Locations = append(out.Locations, SelectItem{ID: x.ID, Description: x.Name})
		if ids, ok := l.LocationShiftConditions[x.ID]; ok {
			out.LocationShiftConditions = append(out.LocationShiftConditions, LocationShiftConditions{LocationID: x.ID, ShiftConditionIDs: ids})
		}
	}
	for _, w := range l.WorkTypes {
		out.WorkTypes = append(out.WorkTypes, LookupWorkType{IsLeaveType: w.IsLeaveType, BusinessAwardPackageID: w.AwardPackageID, ID: w.ID, Description: w.Name})
	}
	for _, c := range l.ShiftConditions {
		out.ShiftConditions = append(out.ShiftConditions, LookupShiftCondition{ShortCode: c.ShortCode, BusinessAwardPackageID: c.AwardPackageID, ID: c.ID, Description: c.Name})
	}
	for _, d := range l.Dimensions {
		id := d.ID
		out.ReportingDimensionGroups = append(out.ReportingDimensionGroups, NumericSelectItem{Value: &id, Text: d.Name})
	}
	for _, v := range l.DimensionValues {
		id := v.ID
		out.ReportingDimensionValues = append(out.ReportingDimensionValues, LookupDimensionValue{ReportingDimensionID: v.DimensionID, Value: &id, Text: v.Name})
	}
	return out
}

type noteInput struct {
	httpapi.BusinessPath
	Body    NoteBody
	RawBody []byte
}

type markReadInput struct {
	httpapi.BusinessPath
	Body    MarkReadBody
	RawBody []byte
}

type pinResetInput struct {
	httpapi.BusinessPath
	Body    PinResetBody
	RawBody []byte
}

type staffInput struct {
	httpapi.BusinessPath
	Body    StaffBody
	RawBody []byte
}

type staffListInput struct {
	httpapi.BusinessPath
	RestrictCurrentShiftsToCurrentKioskLocation bool `query:"restrictCurrentShiftsToCurrentKioskLocation" doc:"an open shift at another location shows as not clocked on"`
}

type shiftsInput struct {
	httpapi.BusinessPath
	Body    ShiftsBody
	RawBody []byte
}

type addShiftInput struct {
	httpapi.BusinessPath
	Body    AddShiftBody
	RawBody []byte
}

// NoteQuery is the model.* query of the notes list.
type NoteQuery struct {
	EmployeeID       int64  `query:"model.employeeId" doc:"only notes about this employee"`
	IsAdminInitiated string `query:"model.isAdminInitiated" doc:"true or false"`
	Type             string `query:"model.type" doc:"Shift, ClockOn or ClockOff"`
	Visibility       string `query:"model.visibility" doc:"Hidden or Visible"`
}

func (nq *NoteQuery) filter() (kiosk.NoteFilter, error) {
	f := kiosk.NoteFilter{EmployeeID: nq.EmployeeID, Type: strings.TrimSpace(nq.Type), Visibility: strings.TrimSpace(nq.Visibility)}
	switch strings.ToLower(strings.TrimSpace(nq.IsAdminInitiated)) {
	case "":
	case "true":
		t := true
		f.IsAdminInitiated = &t
	case "false":
		t := false
		f.IsAdminInitiated = &t
	default:
		return f, payroll.Invalid("model.isAdminInitiated", "model.isAdminInitiated must be true or false")
	}
	return f, nil
}

type notesListInput struct {
	httpapi.BusinessPath
	NoteQuery
}

const notesDoc = " A note has an author (the business user who added it, or the employee through self service), a type (Shift, ClockOn, ClockOff), " +
	"a visibility (Hidden notes are not shown to employees in self service, except their own) and a read state per reader. The shift must be a " +
	"clocked shift of an employee the caller may see (404 otherwise); it need not have been clocked at this kiosk."

// registerTA serves the time and attendance operations beyond clocking on
// prefix K (the business kiosk paths or the manager's).
func registerTA(a *httpapi.API, s *kiosk.Service, m Mirror, tags []string) {
	principal := payroll.PrincipalFrom
	biz := httpapi.CurrentBusiness
	pathID := func(ctx context.Context, name, what string) (int64, error) { return httpapi.PathID(ctx, name, what) }
	kioskShift := func(ctx context.Context) (int64, int64, error) {
		k, err := pathID(ctx, "kioskId", "kiosk")
		if err != nil {
			return 0, 0, err
		}
		sh, err := pathID(ctx, "shiftId", "shift")
		return k, sh, err
	}
	now := func() time.Time { return a.Clock.Now() }

	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodPost, Path: m.path("/api/v2/business/{businessId}/kiosk/shifts", "/api/v2/business/{businessId}/manager/kiosk/shifts"), Tags: tags, Summary: "Get shifts",
		Description: "The clocked shifts (not discarded ones) starting from fromDateUtc to toDateUtc (default the 7 days up to now; at most 92 days), " +
			"filtered by kioskId, locationId and employeeId, of the employees the caller may see, oldest first, with breaks, shift conditions and dimension values."},
		func(ctx context.Context, in *shiftsInput) (*httpapi.BodyOf[[]TAShift], error) {
			shifts, err := s.Shifts(ctx, biz(ctx), principal(ctx), in.Body.query())
			if err != nil {
				return nil, err
			}
			out := make([]TAShift, 0, len(shifts))
			for _, sh := range shifts {
				out = append(out, ShapeShift(sh, now()))
			}
			return &httpapi.BodyOf[[]TAShift]{Body: out}, nil
		})

	httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodPost, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/addshift", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/addshift"), Tags: tags, Summary: "Add shift",
		Description: "Records a complete shift of employeeId at the kiosk: recordedStartTimeUtc to recordedEndTimeUtc with breaks (each inside the shift, " +
			"in order), in the kiosk's zone, matched to the rostered shift like clock on, stored clocked off with its Submitted timesheet line " +
			"(rounded as clock off writes it); note becomes a Shift note. A shift overlapping another clocked shift of the employee is 409. " +
			"The employee needs kiosk access (else 400 naming employeeId). Answers the shift.", Parameters: httpapi.PathParams("kioskId")},
		func(ctx context.Context, in *addShiftInput) (*httpapi.BodyOf[TAShift], error) {
			k, err := pathID(ctx, "kioskId", "kiosk")
			if err != nil {
				return nil, err
			}
			var start, end time.Time
			if in.Body.RecordedStartTimeUTC != nil {
				start = *in.Body.RecordedStartTimeUTC
			}
			if in.Body.RecordedEndTimeUTC != nil {
				end = *in.Body.RecordedEndTimeUTC
			}
			var breaks []kiosk.BreakSpan
			for _, b := range in.Body.Breaks {
				var bs kiosk.BreakSpan
				if b.Start.RecordedTimeUTC != nil {
					bs.StartUTC = *b.Start.RecordedTimeUTC
				}
				if b.End.RecordedTimeUTC != nil {
					bs.EndUTC = *b.End.RecordedTimeUTC
				}
				bs.IsPaid = b.IsPaidBreak || b.Start.IsPaidBreak || b.End.IsPaidBreak
				breaks = append(breaks, bs)
			}
			sh, err := s.AddShift(ctx, biz(ctx), principal(ctx), in.Body.Action(k), start, end, breaks)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[TAShift]{Body: ShapeShift(sh, now())}, nil
		})

	httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodGet, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/staff", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/staff"), Tags: tags, Summary: "Get kiosk staff",
		Description: "The employees with kiosk access at the kiosk's location (every one with kiosk access when the kiosk has no location), not terminated, " +
			"that the caller may see, by surname, with their attendance state.", Parameters: httpapi.PathParams("kioskId")},
		func(ctx context.Context, in *staffListInput) (*httpapi.BodyOf[[]KioskEmployee], error) {
			k, err := pathID(ctx, "kioskId", "kiosk")
			if err != nil {
				return nil, err
			}
			sts, err := s.Staff(ctx, biz(ctx), principal(ctx), k, in.RestrictCurrentShiftsToCurrentKioskLocation)
			if err != nil {
				return nil, err
			}
			out := make([]KioskEmployee, 0, len(sts))
			for _, st := range sts {
				out = append(out, Shape(st, now()))
			}
			return &httpapi.BodyOf[[]KioskEmployee]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.OnKiosk(business.AddEmployeeFromKiosk), huma.Operation{Method: http.MethodPost, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/staff", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/staff"), Tags: tags, Summary: "Add employee at kiosk",
		Description: "Creates an employee (firstName and surname required; email, mobileNumber; start date today; the kiosk's location as primary location) " +
			"with kiosk access and, when pin is given (4 to 8 digits), that PIN. The kiosk must allow it (canAddEmployees, else 403) and the caller must have " +
			"unrestricted access to the business's employees (else 403). Answers the new employee's attendance state.", Parameters: httpapi.PathParams("kioskId")},
		func(ctx context.Context, in *staffInput) (*httpapi.BodyOf[KioskEmployee], error) {
			k, err := pathID(ctx, "kioskId", "kiosk")
			if err != nil {
				return nil, err
			}
			b := in.Body
			st, err := s.AddStaff(ctx, biz(ctx), principal(ctx), k, kiosk.NewStaff{FirstName: b.FirstName, Surname: b.Surname, Email: b.Email, Mobile: b.MobileNumber, Pin: b.Pin})
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[KioskEmployee]{Body: Shape(st, now())}, nil
		})

	reset := func(path, via, what string) {
		httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodPost, Path: path, Tags: tags, Summary: what + " PIN reset",
			Description: "Sets a new temporary 4-digit PIN for employeeId (expired at once: the kiosk asks for a new PIN, and changepin needs no oldPin; " +
				"wrong-PIN count and lock-out cleared) and sends it to the employee by " + strings.ToLower(what) + " (recorded in the notification outbox). " +
				"400 naming employeeId when the employee has no kiosk access or no " + map[string]string{"email": "email address", "sms": "mobile number"}[via] + ".",
			Parameters: httpapi.PathParams("kioskId")},
			func(ctx context.Context, in *pinResetInput) (*struct{}, error) {
				k, err := pathID(ctx, "kioskId", "kiosk")
				if err != nil {
					return nil, err
				}
				return &struct{}{}, s.ResetPin(ctx, biz(ctx), principal(ctx), k, in.Body.EmployeeID, via)
			})
	}
	reset(m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/emailreset", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/emailreset"), "email", "Email")
	reset(m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/smsreset", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/smsreset"), "sms", "SMS")

	httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodGet, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/lookupdata/{employeeId}", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/lookupdata/{employeeId}"), Tags: tags, Summary: "Lookup data",
		Description: "What the clock-on screen offers the employee: locations (the employee's when the kiosk restricts locations for employees), the default " +
			"location (the kiosk's, else the employee's primary one), work types and shift conditions (work types mapped to shift conditions) with each " +
			"location's default shift conditions, and, when the kiosk enables timesheet dimensions, the dimensions and the values available to the employee.",
		Parameters: httpapi.PathParams("kioskId", "employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[LookupData], error) {
			k, err := pathID(ctx, "kioskId", "kiosk")
			if err != nil {
				return nil, err
			}
			emp, err := pathID(ctx, "employeeId", "employee")
			if err != nil {
				return nil, err
			}
			l, err := s.LookupData(ctx, biz(ctx), principal(ctx), k, emp)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[LookupData]{Body: ShapeLookup(l)}, nil
		})

	httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodGet, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/shift/{shiftId}/notes", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/shift/{shiftId}/notes"), Tags: tags, Summary: "Get shift notes",
		Description: "The shift's notes, oldest first, filtered by model.employeeId, model.isAdminInitiated, model.type and model.visibility; read is the caller's read state." + notesDoc,
		Parameters:  httpapi.PathParams("kioskId", "shiftId")},
		func(ctx context.Context, in *notesListInput) (*httpapi.BodyOf[[]ShiftNote], error) {
			k, sh, err := kioskShift(ctx)
			if err != nil {
				return nil, err
			}
			f, err := in.filter()
			if err != nil {
				return nil, err
			}
			return notesOut(s.Notes(ctx, biz(ctx), principal(ctx), k, sh, f))
		})
	httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodPost, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/shift/{shiftId}/notes", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/shift/{shiftId}/notes"), Tags: tags, Summary: "Add shift note",
		Description: "Adds a note (note required, at most 2000 characters) written by the caller; answers it." + notesDoc,
		Parameters:  httpapi.PathParams("kioskId", "shiftId")},
		func(ctx context.Context, in *noteInput) (*httpapi.BodyOf[ShiftNote], error) {
			k, sh, err := kioskShift(ctx)
			if err != nil {
				return nil, err
			}
			return noteOut(s.AddNote(ctx, biz(ctx), principal(ctx), k, sh, in.Body.input()))
		})
	httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodDelete, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/shift/{shiftId}/notes/{noteId}", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/shift/{shiftId}/notes/{noteId}"), Tags: tags, Summary: "Delete shift note",
		Description: "Only the note's author may delete it (403 to anyone else); a note that is not the shift's is 404." + notesDoc,
		Parameters:  httpapi.PathParams("kioskId", "shiftId", "noteId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			k, sh, err := kioskShift(ctx)
			if err != nil {
				return nil, err
			}
			n, err := pathID(ctx, "noteId", "note")
			if err != nil {
				return nil, err
			}
			return &struct{}{}, s.DeleteNote(ctx, biz(ctx), principal(ctx), k, sh, n)
		})
	httpapi.Register(a, httpapi.OnKiosk(), huma.Operation{Method: http.MethodPost, Path: m.path("/api/v2/business/{businessId}/kiosk/{kioskId}/shift/{shiftId}/notes/read-state", "/api/v2/business/{businessId}/manager/kiosk/{kioskId}/shift/{shiftId}/notes/read-state"), Tags: tags, Summary: "Mark shift notes read",
		Description: "Marks noteIds (every note of the shift when empty) read, or unread with read=false, for the caller; a note id that is not the shift's is 400 naming noteIds." + notesDoc,
		Parameters:  httpapi.PathParams("kioskId", "shiftId")},
		func(ctx context.Context, in *markReadInput) (*struct{}, error) {
			k, sh, err := kioskShift(ctx)
			if err != nil {
				return nil, err
			}
			return &struct{}{}, s.MarkRead(ctx, biz(ctx), principal(ctx), k, sh, in.Body.NoteIDs, in.Body.Read)
		})
}

func (b *NoteBody) input() kiosk.NoteInput {
	return kiosk.NoteInput{EmployeeID: b.EmployeeID, Type: b.Type, Visibility: b.Visibility, Note: b.Note, IsAdminInitiated: b.IsAdminInitiated}
}

func notesOut(ns []kiosk.Note, err error) (*httpapi.BodyOf[[]ShiftNote], error) {
	if err != nil {
		return nil, err
	}
	out := make([]ShiftNote, 0, len(ns))
	for _, n := range ns {
		out = append(out, shapeNote(n))
	}
	return &httpapi.BodyOf[[]ShiftNote]{Body: out}, nil
}

func noteOut(n kiosk.Note, err error) (*httpapi.BodyOf[ShiftNote], error) {
	if err != nil {
		return nil, err
	}
	return &httpapi.BodyOf[ShiftNote]{Body: shapeNote(n)}, nil
}
