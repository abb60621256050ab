package access

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
)

// OnboardingRequest is AuInitiateEmployeeOnboardingApiModel.
type OnboardingRequest struct {
	EmployingEntityID               *int64 `json:"employingEntityId" doc:"the employing entity the new employee works for"`
	ID                              *int64 `json:"id" doc:"an existing employee to invite instead of creating one"`
	Title                           *int64 `json:"title" doc:"accepted for compatibility; titles are chosen by the employee while onboarding"`
	FirstName                       string `json:"firstName" maxLength:"50"`
	Surname                         string `json:"surname" maxLength:"50"`
	Email                           string `json:"email" maxLength:"200" required:"true"`
	Mobile                          string `json:"mobile" maxLength:"50"`
	QualificationsRequired          bool   `json:"qualificationsRequired"`
	EmergencyContactDetailsRequired bool   `json:"emergencyContactDetailsRequired"`
}

// OnboardingInvited is the state of an onboarding until the employee
// completes their details.
const OnboardingInvited = "Invited"

// OnboardingStarted is the answer of InitiateSelfService.
type OnboardingStarted struct {
	EmployeeID int64  `json:"employeeId"`
	Status     string `json:"status" enum:"Active,Terminated,Incomplete" doc:"the employee's status: Incomplete until the employee completes their details"`
}

// InitiateSelfService creates an employee (Incomplete until their details
// are complete) or takes the existing one in.ID, makes the user with
// in.Email their self-service user, records what the business asked them
// to provide, and emails the invitation.
func (s *Service) InitiateSelfService(ctx context.Context, biz business.Business, p *payroll.Principal, in OnboardingRequest) (_ OnboardingStarted, err error) {
	defer payroll.Wrap(&err, "initiate self-service onboarding in business %d", biz.ID)
	var v payroll.Validation
	name := strings.TrimSpace(in.FirstName + " " + in.Surname)
	checkAccess(&v, &name, &in.Email)
	in.Mobile = strings.TrimSpace(in.Mobile)
	v.MaxLen("mobile", in.Mobile, 50)
	if in.ID == nil {
		v.Required("firstName", in.FirstName)
		v.Required("surname", in.Surname)
	}
	if err := v.Err(); err != nil {
		return OnboardingStarted{}, err
	}
	// A user who is already someone's self-service user here cannot be
	// invited as another employee: refuse before creating anything.
	if err := s.freeUser(ctx, biz, in.Email); err != nil {
		return OnboardingStarted{}, err
	}
	var emp employee.Employee
	var newUser bool
	onboard := func(q *store.Queries, e employee.Employee) error {
		emp = e
		if err := q.CreateEmployeeOnboarding(ctx, store.CreateEmployeeOnboardingParams{EmployeeID: e.ID, BusinessID: biz.ID, Status: OnboardingInvited,
			Email: in.Email, Mobile: in.Mobile, QualificationsRequired: in.QualificationsRequired,
			EmergencyContactDetailsRequired: in.EmergencyContactDetailsRequired, CreatedAt: s.Clock.Now()}); err != nil {
			if db.IsUniqueViolation(err) {
				return payroll.Conflict("employee %d has already been invited to onboard", e.ID)
			}
			return err
		}
		rows, err := q.ListEmployeeAccess(ctx, store.ListEmployeeAccessParams{BusinessID: biz.ID, EmployeeID: e.ID})
		if err != nil {
			return err
		}
		if len(rows) > 0 {
			return payroll.Conflict("employee %d already has a self-service user (%s)", e.ID, rows[0].Email)
		}
		u, c, err := s.userFor(ctx, q, biz, e.Name(), in.Email)
		if err != nil {
			return err
		}
		newUser = c
		return s.link(ctx, q, biz, e.ID, u, e.Name(), in.Email)
	}
	if in.ID != nil {
		err = s.Employees.WriteRecords(ctx, biz, p, *in.ID, onboard)
	} else {
		// A new employee is created with its onboarding in one
		// transaction: a refused invitation leaves no employee behind.
		body := map[string]any{"firstName": in.FirstName, "surname": in.Surname, "emailAddress": in.Email}
		if in.Mobile != "" {
			body["mobilePhone"] = in.Mobile
		}
		if in.EmployingEntityID != nil {
			body["employingEntityId"] = strconv.FormatInt(*in.EmployingEntityID, 10)
		}
		raw, _ := json.Marshal(body)
		patch, perr := employee.ParsePatch(raw)
		if perr != nil {
			return OnboardingStarted{}, perr
		}
		_, err = s.Employees.CreateWith(ctx, biz, p, patch, onboard)
	}
	if err != nil {
		return OnboardingStarted{}, err
	}
	s.invite(ctx, biz, emp, in.Email, newUser, KindOnboarding)
	return OnboardingStarted{EmployeeID: emp.ID, Status: emp.Status}, nil
}

// freeUser is a 409 when the user with email is already the self-service
// user of an employee of biz.
func (s *Service) freeUser(ctx context.Context, biz business.Business, email string) error {
	q := s.DB.Queries()
	u, err := q.GetUserByUsername(ctx, user.Key(email))
	if db.IsNoRows(err) {
		return nil
	}
	if err != nil {
		return err
	}
	rows, err := q.ListEmployeesOfSelfServiceUser(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.BusinessID == biz.ID {
			return payroll.Conflict("%s is already the self-service user of employee %d", email, r.EmployeeID)
		}
	}
	return nil
}
