package employee

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employeegroup"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// KindEmployee names employees in record_refs (the records an employee
// refers to: pay schedule, pay category, locations, work types).
const KindEmployee = "employee"

// Events the employee emits (webhook names).
const (
	EventCreated    = "EmployeeCreated"
	EventUpdated    = "EmployeeUpdated"
	EventTerminated = "EmployeeTerminated"
)

// Service owns employees: storage, the create/update rules, access.
type Service struct {
	DB         *db.DB
	Clock      payroll.Clock
	Businesses *business.Service               // decides access when the request did not (optional)
	Groups     *employeegroup.GroupCollections // employee groups, for restricted users' scope
	// Emit records a web hook event in the caller's transaction
	// (webhook.Service.Emit); nil = no events.
	Emit func(ctx context.Context, q *store.Queries, businessID int64, action string, data any) error
}

// EventData is the data of the employee events.
type EventData struct {
	EmployeeID int64  `json:"employeeId"`
	ExternalID string `json:"externalId"`
	FirstName  string `json:"firstName"`
	Surname    string `json:"surname"`
	Status     string `json:"status"`
}

// Result is what a create-or-update reports (EmployeeUpdateResponseModel).
type Result struct {
	ID             int64  `json:"id"`
	Status         string `json:"status" enum:"Active,Terminated,Incomplete"`
	DetailedStatus string `json:"detailedStatus"`
	OperationType  string `json:"operationType" enum:"Created,Updated"`
}

// Patch is a request body: the members it names, as JSON. Omitted and
// null members leave the stored value unchanged; the string "(clear)"
// blanks a member.
type Patch map[string]json.RawMessage

// ParsePatch reads a JSON object body. Member names are matched
// case-insensitively.
func ParsePatch(body []byte) (Patch, error) {
	var raw map[string]json.RawMessage
	if len(bytes.TrimSpace(body)) == 0 {
		return Patch{}, nil
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return nil, payroll.Invalid("body", "the body must be a JSON object: %v", err)
	}
	p := make(Patch, len(raw))
	for k, v := range raw {
		if string(bytes.TrimSpace(v)) == "null" {
			continue
		}
		p[lower(k)] = v
	}
	return p, nil
}

func lower(s string) string { return strings.ToLower(s) }

func memberValues(m *Members) reflect.Value { return reflect.ValueOf(m).Elem() }

func isClear(raw json.RawMessage) bool {
	var s string
	return json.Unmarshal(raw, &s) == nil && strings.EqualFold(strings.TrimSpace(s), "(clear)")
}

func isEmpty(raw json.RawMessage) bool {
	t := string(bytes.TrimSpace(raw))
	return t == `""` || t == "null" || t == "false" || t == "(clear)" || isClear(raw)
}

// apply merges the patch onto e. A member of another region with a value
// is a 400 naming it; so is a value of the wrong type.
func (p Patch) apply(e *Employee, biz business.Business) error {
	var v payroll.Validation
	mv := memberValues(&e.Members)
	for k, raw := range p {
		switch k {
		case "id", "status", "datecreated":
			continue
		case "externalid":
			if isClear(raw) {
				e.ExternalID = ""
			} else if err := json.Unmarshal(raw, &e.ExternalID); err != nil {
				v.Add("externalId", "externalId must be a string")
			}
			e.ExternalID = strings.TrimSpace(e.ExternalID)
			continue
		}
		f, ok := memberByJSON[k]
		if !ok {
			continue // unknown members are ignored
		}
		if f.m.Region != "" && f.m.Region != biz.Region {
			if !isEmpty(raw) {
				v.Add(f.m.JSON, "%s is available to businesses in %s; this business is in %s", f.m.JSON, f.m.Region, biz.Region)
			}
			continue
		}
		fv := mv.FieldByIndex(f.model)
		if isClear(raw) || (biz.Region == "AU" && f.m.Kind == "s" && string(bytes.TrimSpace(raw)) == `"0"` && f.m.JSON != "taxFileNumber") {
			fv.Set(reflect.Zero(fv.Type()))
			continue
		}
		nv := reflect.New(fv.Type())
		if err := json.Unmarshal(raw, nv.Interface()); err != nil {
			if f.m.Kind == "s" { // numbers and booleans sent for string members
				var x any
				if json.Unmarshal(raw, &x) == nil {
					switch x.(type) {
					case float64, bool:
						fv.SetString(strings.TrimSpace(string(raw)))
						continue
					}
				}
			}
			v.Add(f.m.JSON, "%s: %s", f.m.JSON, conciseJSONError(err))
			continue
		}
		if f.m.Kind == "s" {
			nv.Elem().SetString(strings.TrimSpace(nv.Elem().String()))
		}
		fv.Set(nv.Elem())
	}
	return v.Err()
}

func conciseJSONError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return "expected " + te.Type.String() + ", got " + te.Value
	}
	return err.Error()
}

// resolve turns the name-typed members into the business's records: pay
// schedule, primary pay category, primary location, locations and work
// types (pipe-separated). An unknown name is a 400 naming the member.
// It returns the references to keep in record_refs.
func resolve(ctx context.Context, q *store.Queries, biz business.Business, e *Employee) ([]record.Ref, error) {
	var refs []record.Ref
	one := func(member, kind, label, name string) (int64, error) {
		name = strings.TrimSpace(name)
		if name == "" {
			return 0, nil
		}
		rows, err := q.FindRecordsByName(ctx, store.FindRecordsByNameParams{BusinessID: biz.ID, Kind: kind, Lower: name})
		if err != nil {
			return 0, err
		}
		if len(rows) == 0 {
			return 0, payroll.Invalid(member, "%s: there is no %s named %q in this business", member, label, name)
		}
		refs = append(refs, record.Ref{Field: member, Kind: kind, ID: rows[0].ID})
		return rows[0].ID, nil
	}
	var err error
	m := &e.Members
	if e.PayScheduleID, err = one("paySchedule", record.KindPaySchedule, "pay schedule", m.PaySchedule); err != nil {
		return nil, err
	}
	if e.PrimaryPayCategoryID, err = one("primaryPayCategory", record.KindPayCategory, "pay category", m.PrimaryPayCategory); err != nil {
		return nil, err
	}
	if e.PrimaryLocationID, err = one("primaryLocation", record.KindLocation, "location", m.PrimaryLocation); err != nil {
		return nil, err
	}
	e.LocationIDs = nil
	seen := map[int64]bool{}
	if e.PrimaryLocationID != 0 {
		e.LocationIDs = append(e.LocationIDs, e.PrimaryLocationID)
		seen[e.PrimaryLocationID] = true
	}
	for _, name := range splitPipes(m.Locations) {
		id, err := one("locations", record.KindLocation, "location", name)
		if err != nil {
			return nil, err
		}
		if !seen[id] {
			seen[id] = true
			e.LocationIDs = append(e.LocationIDs, id)
		}
	}
	for _, name := range splitPipes(m.WorkTypes) {
		if _, err := one("workTypes", record.KindWorkType, "work type", name); err != nil {
			return nil, err
		}
	}
	return dedupeRefs(refs), nil
}

func dedupeRefs(refs []record.Ref) []record.Ref {
	seen := map[record.Ref]bool{}
	out := refs[:0]
	for _, r := range refs {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

func splitPipes(s string) []string {
	var out []string
	for _, p := range strings.Split(s, "|") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// saveLinks stores the employee's locations and references.
func saveLinks(ctx context.Context, q *store.Queries, biz business.Business, e *Employee, refs []record.Ref) error {
	if err := record.SaveRefs(ctx, q, biz.ID, KindEmployee, e.ID, refs); err != nil {
		return err
	}
	if err := q.DeleteEmployeeLocations(ctx, e.ID); err != nil {
		return err
	}
	for i, id := range e.LocationIDs {
		if err := q.AddEmployeeLocation(ctx, store.AddEmployeeLocationParams{BusinessID: biz.ID, EmployeeID: e.ID, LocationID: id, Position: int32(i)}); err != nil {
			if db.IsForeignKeyViolation(err) {
				return payroll.Invalid("locations", "a location was deleted while the employee was saved; try again")
			}
			return err
		}
	}
	return nil
}

func (s *Service) emit(ctx context.Context, q *store.Queries, e *Employee, action string) error {
	if s.Emit == nil {
		return nil
	}
	return s.Emit(ctx, q, e.BusinessID, action, EventData{EmployeeID: e.ID, ExternalID: e.ExternalID, FirstName: e.FirstName, Surname: e.Surname, Status: e.Status})
}

func (s *Service) duplicate(err error, e *Employee) error {
	if db.IsUniqueViolation(err) {
		return payroll.Conflict("an employee with externalId %q already exists in this business", e.ExternalID)
	}
	return err
}

// Create stores a new employee from a request body.
func (s *Service) Create(ctx context.Context, biz business.Business, p *payroll.Principal, body Patch) (_ Result, err error) {
	defer payroll.Wrap(&err, "create employee in business %d", biz.ID)
	return s.CreateWith(ctx, biz, p, body, nil)
}

// CreateWith creates the employee and runs fn (if not nil) on it in the
// same transaction, so that what another area records with a new employee
// (a self-service onboarding) commits or rolls back with it.
func (s *Service) CreateWith(ctx context.Context, biz business.Business, p *payroll.Principal, body Patch, fn func(q *store.Queries, e Employee) error) (Result, error) {
	sc, err := s.ScopeFor(ctx, biz, p)
	if err != nil {
		return Result{}, err
	}
	if !sc.All {
		return Result{}, payroll.Forbidden("creating employees needs unrestricted access to the business")
	}
	return s.createTx(ctx, biz, &sc, body, fn)
}

// CreateGranted is CreateWith for an operation whose own permission lets a
// restricted user create the employee (AddEmployeeFromKiosk at a kiosk):
// the access layer has decided that permission, so the unrestricted-access
// check does not apply, and fn sees the new employee whatever the caller's
// scope.
func (s *Service) CreateGranted(ctx context.Context, biz business.Business, body Patch, fn func(q *store.Queries, e Employee) error) (_ Result, err error) {
	defer payroll.Wrap(&err, "create employee in business %d", biz.ID)
	return s.createTx(ctx, biz, &Scope{All: true}, body, fn)
}

func (s *Service) createTx(ctx context.Context, biz business.Business, sc *Scope, body Patch, fn func(q *store.Queries, e Employee) error) (Result, error) {
	var res Result
	err := s.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		if res, err = s.createIn(ctx, q, biz, body); err != nil || fn == nil {
			return err
		}
		e, err := s.visibleIn(ctx, q, biz, sc, res.ID)
		if err != nil {
			return err
		}
		return fn(q, e)
	})
	return res, err
}

func (s *Service) createIn(ctx context.Context, q *store.Queries, biz business.Business, body Patch) (Result, error) {
	e := Employee{BusinessID: biz.ID}
	if err := body.apply(&e, biz); err != nil {
		return Result{}, err
	}
	var v payroll.Validation
	v.Required("firstName", e.FirstName)
	v.Required("surname", e.Surname)
	if err := v.Err(); err != nil {
		return Result{}, err
	}
	if err := e.Validate(biz, s.Clock.Now()); err != nil {
		return Result{}, err
	}
	refs, err := resolve(ctx, q, biz, &e)
	if err != nil {
		return Result{}, err
	}
	detail := e.settle(biz.Region)
	now := s.Clock.Now()
	r, err := q.CreateEmployee(ctx, createParams(&e, now))
	if err != nil {
		return Result{}, s.duplicate(err, &e)
	}
	e.ID, e.Version = r.ID, r.Version
	if err := saveLinks(ctx, q, biz, &e, refs); err != nil {
		return Result{}, err
	}
	if err := s.audit(ctx, q, &e, nil, now); err != nil {
		return Result{}, err
	}
	if err := s.emit(ctx, q, &e, EventCreated); err != nil {
		return Result{}, err
	}
	return Result{ID: e.ID, Status: e.Status, DetailedStatus: detail, OperationType: "Created"}, nil
}

// errStale is a conditional update that found the row changed since it
// was read; the caller reads again and retries.
var errStale = errors.New("employee changed concurrently")

const maxAttempts = 8

// change reads employee id (in scope), lets fn change it and stores the
// result conditionally on the version read; a concurrent writer makes it
// read again and reapply fn, so two partial updates of different members
// both land. It emits EmployeeUpdated, or EmployeeTerminated when the
// change terminates the employee.
func (s *Service) change(ctx context.Context, biz business.Business, p *payroll.Principal, id int64, fn func(e *Employee) error) (Result, error) {
	sc, err := s.ScopeFor(ctx, biz, p)
	if err != nil {
		return Result{}, err
	}
	for attempt := 0; attempt < maxAttempts; attempt++ {
		var res Result
		err := s.DB.InTx(ctx, func(q *store.Queries) error {
			var err error
			res, err = s.changeIn(ctx, q, biz, &sc, id, fn)
			return err
		})
		if !errors.Is(err, errStale) {
			return res, err
		}
	}
	return Result{}, payroll.Conflict("employee %d is being changed by another request; try again", id)
}

func (s *Service) changeIn(ctx context.Context, q *store.Queries, biz business.Business, sc *Scope, id int64, fn func(e *Employee) error) (Result, error) {
	cur, err := s.visibleIn(ctx, q, biz, sc, id)
	if err != nil {
		return Result{}, err
	}
	next := cur
	if err := fn(&next); err != nil {
		return Result{}, err
	}
	if err := next.Validate(biz, s.Clock.Now()); err != nil {
		return Result{}, err
	}
	refs, err := resolve(ctx, q, biz, &next)
	if err != nil {
		return Result{}, err
	}
	detail := next.settle(biz.Region)
	now := s.Clock.Now()
	if _, err := q.UpdateEmployee(ctx, updateParams(&next, now)); err != nil {
		if db.IsNoRows(err) {
			return Result{}, errStale
		}
		return Result{}, s.duplicate(err, &next)
	}
	if err := saveLinks(ctx, q, biz, &next, refs); err != nil {
		return Result{}, err
	}
	if err := s.audit(ctx, q, &next, &cur.Members, now); err != nil {
		return Result{}, err
	}
	event := EventUpdated
	if next.Status == StatusTerminated && cur.Status != StatusTerminated {
		event = EventTerminated
	}
	if err := s.emit(ctx, q, &next, event); err != nil {
		return Result{}, err
	}
	return Result{ID: next.ID, Status: next.Status, DetailedStatus: detail, OperationType: "Updated"}, nil
}

// Update applies a partial update (omitted = unchanged) to employee id.
func (s *Service) Update(ctx context.Context, biz business.Business, p *payroll.Principal, id int64, body Patch) (_ Result, err error) {
	defer payroll.Wrap(&err, "update employee %d", id)
	return s.change(ctx, biz, p, id, func(e *Employee) error { return body.apply(e, biz) })
}

// UpdateFrom is Update with a patch fn computes from the employee as read
// inside the transaction, for changes that depend on the current values
// (the first free super fund slot). After a concurrent change fn is called
// again on the new values, so its choice is never made on a stale read.
func (s *Service) UpdateFrom(ctx context.Context, biz business.Business, p *payroll.Principal, id int64, fn func(e Employee) (Patch, error)) (_ Result, err error) {
	defer payroll.Wrap(&err, "update employee %d", id)
	return s.change(ctx, biz, p, id, func(e *Employee) error {
		body, err := fn(*e)
		if err != nil {
			return err
		}
		return body.apply(e, biz)
	})
}

// Match types of create-or-update.
const (
	MatchStandard = "Standard"
	MatchNone     = "None"
)

// CreateOrUpdate is POST B/employee/unstructured: an id in the body, or
// (matchType Standard, the default) an existing employee matched by the
// region's rule, is updated; otherwise a new employee is created.
func (s *Service) CreateOrUpdate(ctx context.Context, biz business.Business, p *payroll.Principal, body Patch, matchType string) (_ Result, err error) {
	defer payroll.Wrap(&err, "create or update employee (match %s)", matchType)
	if matchType == "" {
		matchType = MatchStandard
	}
	if c, ok := record.Canonical([]string{MatchStandard, MatchNone}, matchType); ok {
		matchType = c
	} else if matchType == "0" {
		matchType = MatchNone
	} else if matchType == "1" {
		matchType = MatchStandard
	} else {
		return Result{}, payroll.Invalid("matchType", "matchType must be Standard or None")
	}
	var id int64
	if raw, ok := body["id"]; ok {
		if err := json.Unmarshal(raw, &id); err != nil {
			return Result{}, payroll.Invalid("id", "id must be an integer")
		}
	}
	if id == 0 && matchType == MatchStandard {
		var err error
		if id, err = s.match(ctx, biz, body); err != nil {
			return Result{}, err
		}
	}
	if id != 0 {
		return s.Update(ctx, biz, p, id, body)
	}
	return s.Create(ctx, biz, p, body)
}

// match finds the employee a create-or-update body describes, per the
// region's rule: AU by TFN, then first name + surname + date of birth +
// email; UK by externalId, payrollId, NI number, then name + date of
// birth; NZ by IRD number, then name + date of birth; SG and MY never
// match. 0 = no match.
func (s *Service) match(ctx context.Context, biz business.Business, body Patch) (int64, error) {
	str := func(name string) string {
		var v string
		if raw, ok := body[lower(name)]; ok {
			_ = json.Unmarshal(raw, &v)
		}
		return strings.TrimSpace(v)
	}
	var dob payroll.DateTime
	if raw, ok := body["dateofbirth"]; ok {
		_ = json.Unmarshal(raw, &dob)
	}
	q := s.DB.Queries()
	first := func(rows []store.Employee, err error) (int64, bool, error) {
		if err != nil || len(rows) == 0 {
			return 0, false, err
		}
		return rows[0].ID, true, nil
	}
	type try func() (int64, bool, error)
	var tries []try
	byNameDOB := func() (int64, bool, error) {
		if str("firstName") == "" || str("surname") == "" || dob.IsZero() {
			return 0, false, nil
		}
		return first(q.MatchEmployeeByNameDOB(ctx, store.MatchEmployeeByNameDOBParams{BusinessID: biz.ID, Lower: str("firstName"), Lower_2: str("surname"),
			DateOfBirth: toColumn("d", reflect.ValueOf(dob)).(sql.NullTime)}))
	}
	switch biz.Region {
	case "AU":
		tries = []try{
			func() (int64, bool, error) {
				tfn := strings.ReplaceAll(str("taxFileNumber"), " ", "")
				if tfn == "" || tfnPlaceholder(tfn) {
					return 0, false, nil
				}
				return first(q.MatchEmployeeByTFN(ctx, store.MatchEmployeeByTFNParams{BusinessID: biz.ID, TaxFileNumber: tfn}))
			},
			func() (int64, bool, error) {
				if str("firstName") == "" || str("surname") == "" || dob.IsZero() || str("emailAddress") == "" {
					return 0, false, nil
				}
				return first(q.MatchEmployeeByNameDOBEmail(ctx, store.MatchEmployeeByNameDOBEmailParams{BusinessID: biz.ID, Lower: str("firstName"), Lower_2: str("surname"),
					DateOfBirth: toColumn("d", reflect.ValueOf(dob)).(sql.NullTime), Lower_3: str("emailAddress")}))
			},
		}
	case "UK":
		tries = []try{
			func() (int64, bool, error) {
				if str("externalId") == "" {
					return 0, false, nil
				}
				r, err := q.GetEmployeeByExternalID(ctx, store.GetEmployeeByExternalIDParams{BusinessID: biz.ID, ExternalID: str("externalId")})
				if db.IsNoRows(err) {
					return 0, false, nil
				}
				return r.ID, err == nil, err
			},
			func() (int64, bool, error) {
				if str("payrollId") == "" {
					return 0, false, nil
				}
				return first(q.MatchEmployeeByPayrollID(ctx, store.MatchEmployeeByPayrollIDParams{BusinessID: biz.ID, PayrollID: str("payrollId")}))
			},
			func() (int64, bool, error) {
				ni := strings.ToUpper(strings.ReplaceAll(str("nationalInsuranceNumber"), " ", ""))
				if ni == "" {
					return 0, false, nil
				}
				return first(q.MatchEmployeeByNI(ctx, store.MatchEmployeeByNIParams{BusinessID: biz.ID, NationalInsuranceNumber: ni}))
			},
			byNameDOB,
		}
	case "NZ":
		tries = []try{
			func() (int64, bool, error) {
				if str("taxCodeDeclaration_IrdNumber") == "" {
					return 0, false, nil
				}
				return first(q.MatchEmployeeByIRD(ctx, store.MatchEmployeeByIRDParams{BusinessID: biz.ID, TaxCodeDeclarationIrdNumber: str("taxCodeDeclaration_IrdNumber")}))
			},
			byNameDOB,
		}
	}
	for _, t := range tries {
		id, ok, err := t()
		if err != nil || ok {
			return id, err
		}
	}
	return 0, nil
}

func tfnPlaceholder(tfn string) bool {
	switch tfn {
	case "000000000", "111111111", "333333333", "444444444", "987654321":
		return true
	}
	return false
}

// Get returns a visible employee (Visible under the name handlers use).
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (_ Employee, err error) {
	defer payroll.Wrap(&err, "get employee %d", id)
	e, err := s.Visible(ctx, biz, p, id)
	if err != nil {
		return e, err
	}
	e.LocationIDs, err = s.DB.Queries().ListEmployeeLocationIDs(ctx, id)
	return e, err
}

// ByExternalID returns the visible employee with that external id.
func (s *Service) ByExternalID(ctx context.Context, biz business.Business, p *payroll.Principal, ext string) (_ Employee, err error) {
	defer payroll.Wrap(&err, "get employee by external id %q", ext)
	r, err := s.DB.Queries().GetEmployeeByExternalID(ctx, store.GetEmployeeByExternalIDParams{BusinessID: biz.ID, ExternalID: ext})
	if db.IsNoRows(err) || (err == nil && ext == "") {
		return Employee{}, payroll.NotFound("employee")
	}
	if err != nil {
		return Employee{}, err
	}
	return s.Get(ctx, biz, p, r.ID)
}

// ByExternalReference returns the visible employee with that external
// reference id from that source (an ExternalService name).
func (s *Service) ByExternalReference(ctx context.Context, biz business.Business, p *payroll.Principal, ref, source string) (_ Employee, err error) {
	defer payroll.Wrap(&err, "get employee by %s reference %q", source, ref)
	r, err := s.DB.Queries().GetEmployeeByExternalReference(ctx, store.GetEmployeeByExternalReferenceParams{BusinessID: biz.ID, ExternalReferenceID: ref, Lower: source})
	if db.IsNoRows(err) || (err == nil && ref == "") {
		return Employee{}, payroll.NotFound("employee")
	}
	if err != nil {
		return Employee{}, err
	}
	return s.Get(ctx, biz, p, r.ID)
}

// Activate makes a terminated employee current again (end date and
// termination reason cleared). Activating an incomplete employee is a
// 409 naming what is missing; an active one is left as it is.
func (s *Service) Activate(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (_ Result, err error) {
	defer payroll.Wrap(&err, "activate employee %d", id)
	return s.change(ctx, biz, p, id, func(e *Employee) error {
		switch e.Status {
		case StatusTerminated:
			e.EndDate = payroll.DateTime{}
			e.TerminationReason = ""
		case StatusIncomplete:
			return payroll.Conflict("employee %d is incomplete (missing %s) and cannot be activated", e.ID, strings.Join(e.Missing(biz.Region), ", "))
		}
		return nil
	})
}

// Terminate ends the employment on date for reason. A terminated
// employee cannot be terminated again (409).
func (s *Service) Terminate(ctx context.Context, biz business.Business, p *payroll.Principal, id int64, reason string, date payroll.DateTime) (_ Result, err error) {
	defer payroll.Wrap(&err, "terminate employee %d", id)
	if date.IsZero() {
		return Result{}, payroll.Invalid("endDate", "endDate is required to terminate an employee")
	}
	if c, ok := record.Canonical(TerminationReasons, reason); ok {
		reason = c
	}
	return s.change(ctx, biz, p, id, func(e *Employee) error {
		if e.Status == StatusTerminated {
			return payroll.Conflict("employee %d is already terminated", e.ID)
		}
		e.EndDate, e.TerminationReason = date, reason
		return nil
	})
}

// Delete removes an employee. One that other records still refer to
// (documents, pay runs, ...) is a 409.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (err error) {
	defer payroll.Wrap(&err, "delete employee %d", id)
	sc, err := s.ScopeFor(ctx, biz, p)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := s.visibleIn(ctx, q, biz, &sc, id); err != nil {
			return err
		}
		if err := q.DeleteRecordRefsFrom(ctx, store.DeleteRecordRefsFromParams{FromKind: KindEmployee, FromID: id}); err != nil {
			return err
		}
		if err := q.DeleteEmployeeLocations(ctx, id); err != nil {
			return err
		}
		n, err := q.DeleteEmployee(ctx, store.DeleteEmployeeParams{ID: id, BusinessID: biz.ID})
		if db.IsForeignKeyViolation(err) {
			return payroll.Conflict("employee %d has records that refer to it and cannot be deleted", id)
		}
		if err == nil && n == 0 {
			return payroll.NotFound("employee")
		}
		return err
	})
}

// Locations are the ids of the visible employee's locations, primary
// first.
func (s *Service) Locations(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (_ []int64, err error) {
	defer payroll.Wrap(&err, "list locations of employee %d", id)
	if _, err := s.Visible(ctx, biz, p, id); err != nil {
		return nil, err
	}
	return s.DB.Queries().ListEmployeeLocationIDs(ctx, id)
}

// basicMembers are the members of an employee's basic details (names,
// contact details, addresses): what a restricted user holding
// EditBasicEmployeeDetails may change (business.EditBasicEmployeeDetails).
var basicMembers = map[string]bool{}

func init() {
	for _, m := range []string{"id", "title", "firstName", "preferredName", "middleName", "surname", "previousSurname",
		"emailAddress", "homePhone", "workPhone", "mobilePhone",
		"residentialStreetAddress", "residentialAddressLine2", "residentialSuburb", "residentialState", "residentialPostCode",
		"residentialCity", "residentialCounty", "residentialCountry", "residentialAddressIsOverseas",
		"postalStreetAddress", "postalAddressLine2", "postalSuburb", "postalState", "postalPostCode",
		"postalCity", "postalCounty", "postalCountry", "postalAddressIsOverseas"} {
		basicMembers[lower(m)] = true
	}
}

// OnlyBasic reports whether the patch changes basic details only (names,
// contact details, addresses).
func (p Patch) OnlyBasic() bool {
	for k := range p {
		if !basicMembers[k] {
			return false
		}
	}
	return true
}
