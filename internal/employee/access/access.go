// Package access is the self-service users of employees (E/access): the
// user who is an employee in self-service (ESS), invited by email, and the
// self-service onboarding of a new employee
// (B/employeeonboarding/initiateselfservice). An employee has at most one
// self-service user; a user is the self-service user of at most one
// employee per business (both unique indexes). The link is mirrored on
// employees.user_id, which the employee scope reads, so every area that
// asks employee.Service.Visible treats that user as the employee principal.
package access

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/notify"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
)

// Access is EmployeeAccessModel (and AccessModel, the PUT body).
type EmployeeAccess struct {
	Name  string `json:"name" maxLength:"256" example:"Ann Lee"`
	Email string `json:"email" maxLength:"256" example:"ann@example.com"`
}

// NewAccess is CreateEmployeeAccessModel.
type NewAccess struct {
	SuppressNotificationEmails bool   `json:"suppressNotificationEmails" doc:"true: link the user without emailing the invitation"`
	Name                       string `json:"name" maxLength:"256" example:"Ann Lee"`
	Email                      string `json:"email" maxLength:"256" required:"true" example:"ann@example.com"`
}

// Service owns employee self-service users.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service
	Users     *user.Service
	Notify    *notify.Sender // nil = invitations are not sent
	BaseURL   string         // where the employee signs in, named in the invitation
}

// Notification kinds this package sends.
const (
	KindInvitation = "employee-access-invitation"
	KindOnboarding = "employee-onboarding-invitation"
)

func checkAccess(v *payroll.Validation, name, email *string) {
	*name = strings.TrimSpace(*name)
	*email = strings.TrimSpace(*email)
	v.Required("email", *email)
	v.MaxLen("email", *email, 256)
	v.MaxLen("name", *name, 256)
	if *email != "" && !payroll.ValidEmail(*email) {
		v.Add("email", "email is not a valid email address")
	}
}

func toAccess(r store.EmployeeAccess) EmployeeAccess {
	return EmployeeAccess{Name: r.Name, Email: r.Email}
}

// List returns the self-service users of the employee (none or one).
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []EmployeeAccess, err error) {
	defer payroll.Wrap(&err, "list self-service access of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListEmployeeAccess(ctx, store.ListEmployeeAccessParams{BusinessID: biz.ID, EmployeeID: employeeID})
	out := make([]EmployeeAccess, len(rows))
	for i, r := range rows {
		out[i] = toAccess(r)
	}
	return out, err
}

// find is the access row of the employee whose email matches.
func find(ctx context.Context, q *store.Queries, bizID, employeeID int64, email string) (store.EmployeeAccess, error) {
	if strings.TrimSpace(email) == "" {
		return store.EmployeeAccess{}, payroll.Invalid("email", "email is required")
	}
	rows, err := q.ListEmployeeAccess(ctx, store.ListEmployeeAccessParams{BusinessID: bizID, EmployeeID: employeeID})
	if err != nil {
		return store.EmployeeAccess{}, err
	}
	for _, r := range rows {
		if strings.EqualFold(r.Email, strings.TrimSpace(email)) {
			return r, nil
		}
	}
	return store.EmployeeAccess{}, payroll.NotFound("access for " + email)
}

// Get returns the employee's self-service user with that email.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, email string) (_ EmployeeAccess, err error) {
	defer payroll.Wrap(&err, "get self-service access of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return EmployeeAccess{}, err
	}
	r, err := find(ctx, q, biz.ID, employeeID, email)
	return toAccess(r), err
}

// userFor returns the user whose username is email, creating it (no
// password, no API key shown) when there is none. created says which.
func (s *Service) userFor(ctx context.Context, q *store.Queries, biz business.Business, name, email string) (store.User, bool, error) {
	u, err := q.GetUserByUsername(ctx, user.Key(email))
	if err == nil {
		return u, false, nil
	}
	if !db.IsNoRows(err) {
		return store.User{}, false, err
	}
	if name == "" {
		name = email
	}
	c, err := s.Users.CreateInTx(ctx, q, user.New{Username: email, DisplayName: name, Email: email}, nullID(biz.BrandID))
	if err != nil {
		return store.User{}, false, err
	}
	return c.User, true, nil
}

// link makes u the self-service user of the employee: the access row and
// the mirror on employees.user_id, in q's transaction.
func (s *Service) link(ctx context.Context, q *store.Queries, biz business.Business, employeeID int64, u store.User, name, email string) error {
	if _, err := q.CreateEmployeeAccess(ctx, store.CreateEmployeeAccessParams{BusinessID: biz.ID, EmployeeID: employeeID, UserID: u.ID,
		Name: name, Email: email, CreatedAt: s.Clock.Now()}); err != nil {
		return s.duplicate(err)
	}
	_, err := q.SetEmployeeSelfServiceUser(ctx, store.SetEmployeeSelfServiceUserParams{UserID: nullID(u.ID), ID: employeeID, BusinessID: biz.ID})
	return err
}

// duplicate turns a unique-index violation into the 409 it means.
func (s *Service) duplicate(err error) error {
	if db.IsUniqueViolation(err) {
		return payroll.Conflict("that user is already the self-service user of an employee of this business, or the employee already has one")
	}
	return err
}

// Add invites the user with in.Email to be the employee in self-service,
// creating the user when none has that email. An employee who already has
// a self-service user is a 409 (change it with Update).
func (s *Service) Add(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in NewAccess) (err error) {
	defer payroll.Wrap(&err, "grant self-service access to employee %d", employeeID)
	var v payroll.Validation
	checkAccess(&v, &in.Name, &in.Email)
	if err := v.Err(); err != nil {
		return err
	}
	var emp employee.Employee
	var created bool
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		emp = e
		rows, err := q.ListEmployeeAccess(ctx, store.ListEmployeeAccessParams{BusinessID: biz.ID, EmployeeID: employeeID})
		if err != nil {
			return err
		}
		if len(rows) > 0 {
			return payroll.Conflict("employee %d already has a self-service user (%s); update or delete it first", employeeID, rows[0].Email)
		}
		name := in.Name
		if name == "" {
			name = e.Name()
		}
		u, c, err := s.userFor(ctx, q, biz, name, in.Email)
		if err != nil {
			return err
		}
		created = c
		return s.link(ctx, q, biz, employeeID, u, name, in.Email)
	})
	if err == nil && !in.SuppressNotificationEmails {
		s.invite(ctx, biz, emp, in.Email, created, KindInvitation)
	}
	return err
}

// invite tells the user they are the employee in self-service. It runs
// after the commit: Send records the message in its own transaction and
// may talk to an SMTP server.
func (s *Service) invite(ctx context.Context, biz business.Business, e employee.Employee, email string, created bool, kind string) {
	if s.Notify == nil {
		return
	}
	subject := "You have been invited to employee self-service for " + biz.Name
	body := fmt.Sprintf("Hello %s,\n\n%s has invited you to employee self-service, where you can see your pay slips and leave balances, apply for leave and keep your details up to date.\n\n",
		e.Name(), biz.Name)
	if kind == KindOnboarding {
		body += "Please sign in to complete your details as a new employee.\n\n"
	}
	body += "Your user name is " + email + "."
	if created {
		body += " To choose your password, use the account recovery link on the sign-in page"
		if s.BaseURL != "" {
			body += " at " + strings.TrimSuffix(s.BaseURL, "/") + "/oauth/authorise"
		}
		body += "."
	}
	s.Notify.Send(ctx, kind, email, subject, body+"\n")
}

// Update changes the self-service user with that email: its name, or,
// with a different email, the user the employee is linked to.
func (s *Service) Update(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, email string, in EmployeeAccess) (err error) {
	defer payroll.Wrap(&err, "update self-service access of employee %d", employeeID)
	if strings.TrimSpace(in.Email) == "" {
		in.Email = email
	}
	var v payroll.Validation
	checkAccess(&v, &in.Name, &in.Email)
	if err := v.Err(); err != nil {
		return err
	}
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		cur, err := find(ctx, q, biz.ID, employeeID, email)
		if err != nil {
			return err
		}
		name := in.Name
		if name == "" {
			name = cur.Name
		}
		uid := cur.UserID
		if !strings.EqualFold(cur.Email, in.Email) {
			u, _, err := s.userFor(ctx, q, biz, name, in.Email)
			if err != nil {
				return err
			}
			uid = u.ID
		}
		n, err := q.UpdateEmployeeAccess(ctx, store.UpdateEmployeeAccessParams{UserID: uid, Name: name, Email: in.Email, UpdatedAt: s.Clock.Now(),
			ID: cur.ID, BusinessID: biz.ID, EmployeeID: employeeID})
		if err != nil {
			return s.duplicate(err)
		}
		if n == 0 {
			return payroll.Conflict("the self-service access changed meanwhile; read it again")
		}
		_, err = q.SetEmployeeSelfServiceUser(ctx, store.SetEmployeeSelfServiceUserParams{UserID: nullID(uid), ID: employeeID, BusinessID: biz.ID})
		return err
	})
}

// Delete removes the self-service user with that email from the employee
// (the user itself stays: it may have other access).
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, email string) (err error) {
	defer payroll.Wrap(&err, "delete self-service access of employee %d", employeeID)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		cur, err := find(ctx, q, biz.ID, employeeID, email)
		if err != nil {
			return err
		}
		n, err := q.DeleteEmployeeAccess(ctx, store.DeleteEmployeeAccessParams{ID: cur.ID, BusinessID: biz.ID, EmployeeID: employeeID})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.NotFound("access for " + email)
		}
		if _, err = q.SetEmployeeSelfServiceUser(ctx, store.SetEmployeeSelfServiceUserParams{ID: employeeID, BusinessID: biz.ID}); err != nil {
			return err
		}
		return user.RevokeSignIns(ctx, q, cur.UserID, s.Clock.Now())
	})
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }
