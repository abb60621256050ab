package oauth

import (
	"context"
	"database/sql"
	"net/url"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
)

// LandingPath is where sign-in links lead when they name no usable page.
const LandingPath = "/account"

// SSORequest asks for a single sign-on link (SingleSignOnRequestModel).
type SSORequest struct {
	BusinessID int64  // 0 = none; B/ and E/ routes set it from the path
	EmployeeID int64  // E/ route: sign in as this employee's user
	UserName   string // "" = the caller
	URL        string // page to open after signing in; only paths on this server are honoured
	Navigation string // NavigationDisplayEnum, kept with the link
}

// SingleSignOn returns a one-time link that signs a browser in as the
// requested user. Who may ask:
//   - for themselves, always;
//   - system administrators for anyone; brand administrators for users of
//     their brand (not system administrators);
//   - with a business, users with unrestricted access to it for ordinary
//     users who have access to it (never for an administrator: a link must
//     not raise the caller's privileges).
//
// Users the caller may not see are reported as not found.
func (s *Service) SingleSignOn(ctx context.Context, caller *payroll.Principal, req SSORequest) (string, error) {
	u, err := s.ssoUser(ctx, caller, req)
	if err != nil {
		return "", err
	}
	nav := req.Navigation
	if nav == "" {
		nav = "Full"
	}
	token := payroll.NewSecret(32)
	now := s.Clock.Now()
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		return q.CreateSSOToken(ctx, store.CreateSSOTokenParams{TokenHash: payroll.HashSecret(token), Purpose: purposeSSO, UserID: u.ID,
			BusinessID: nullID(req.BusinessID), EmployeeID: nullID(req.EmployeeID), TargetUrl: s.localPath(req.URL),
			Navigation: nav, ExpiresAt: now.Add(SSOLinkLifetime), CreatedAt: now})
	})
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(s.BaseURL, "/") + "/sso/" + token, nil
}

func (s *Service) ssoUser(ctx context.Context, caller *payroll.Principal, req SSORequest) (store.User, error) {
	if caller == nil {
		return store.User{}, payroll.Unauthorized("not signed in")
	}
	var acc business.Access
	if req.BusinessID != 0 {
		var err error
		if acc, err = s.Businesses.Authorize(ctx, caller, req.BusinessID); err != nil {
			return store.User{}, err
		}
	}
	if req.EmployeeID != 0 {
		return s.employeeUser(ctx, caller, acc, req)
	}
	name := req.UserName
	if strings.TrimSpace(name) == "" {
		name = caller.Username
	}
	u, err := s.Users.GetByUsername(ctx, name)
	if err != nil {
		return u, err
	}
	if req.BusinessID == 0 {
		if !user.CanAdminister(caller, u) {
			return store.User{}, payroll.NotFound("user")
		}
		return u, nil
	}
	if _, err := s.Businesses.Authorize(ctx, user.PrincipalOf(u, ""), req.BusinessID); err != nil {
		return store.User{}, payroll.NotFound("user with access to this business")
	}
	switch {
	case user.CanAdminister(caller, u):
	case !acc.Unrestricted:
		return store.User{}, payroll.Forbidden("signing in as another user needs unrestricted access to the business")
	case user.PrincipalOf(u, "").Kind != payroll.PrincipalUser:
		return store.User{}, payroll.Forbidden("cannot sign in as an administrator")
	}
	return u, nil
}

func (s *Service) employeeUser(ctx context.Context, caller *payroll.Principal, acc business.Access, req SSORequest) (store.User, error) {
	if !acc.Unrestricted {
		return store.User{}, payroll.Forbidden("signing in as an employee needs unrestricted access to the business")
	}
	e, err := s.DB.Queries().GetEmployee(ctx, store.GetEmployeeParams{ID: req.EmployeeID, BusinessID: req.BusinessID})
	if db.IsNoRows(err) {
		return store.User{}, payroll.NotFound("employee")
	}
	if err != nil {
		return store.User{}, err
	}
	if !e.UserID.Valid {
		return store.User{}, payroll.Conflict("employee %d has no user account to sign in as; invite the employee to self service first", e.ID)
	}
	u, err := s.Users.Get(ctx, e.UserID.Int64)
	if err != nil {
		return u, err
	}
	if !user.CanAdminister(caller, u) && user.PrincipalOf(u, "").Kind != payroll.PrincipalUser {
		return store.User{}, payroll.Forbidden("the employee's user account is an administrator; cannot sign in as it")
	}
	return u, nil
}

// UseSSOLink consumes a sign-in link, opens a session and returns its
// token and the local path to go to. A link works once.
func (s *Service) UseSSOLink(ctx context.Context, token string) (session, target string, err error) {
	now := s.Clock.Now()
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		t, err := q.UseSSOToken(ctx, store.UseSSOTokenParams{TokenHash: payroll.HashSecret(token), Purpose: purposeSSO,
			UsedAt: sql.NullTime{Time: now, Valid: true}})
		if db.IsNoRows(err) {
			return payroll.NotFound("sign-in link")
		}
		if err != nil {
			return err
		}
		target = s.localPath(t.TargetUrl)
		session, _, err = s.openSession(ctx, q, t.UserID, t.BusinessID, t.EmployeeID)
		return err
	})
	if target == "" {
		target = LandingPath
	}
	return session, target, err
}

// localPath returns raw as a path (with query) on this server, or "" when
// it is anything else, so a sign-in link never redirects elsewhere.
// Absolute URLs count only when they name BaseURL's scheme and host;
// scheme-relative "//host" and backslashes (which browsers read as
// slashes) are refused.
func (s *Service) localPath(raw string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" || strings.Contains(raw, `\`) {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || u.Opaque != "" || u.User != nil {
		return ""
	}
	if u.Scheme != "" || u.Host != "" {
		base, err := url.Parse(s.BaseURL)
		if err != nil || !strings.EqualFold(u.Scheme, base.Scheme) || !strings.EqualFold(u.Host, base.Host) {
			return ""
		}
	}
	if !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") || strings.Contains(u.Path, `\`) {
		return ""
	}
	local := url.URL{Path: u.Path, RawPath: u.RawPath, RawQuery: u.RawQuery}
	return local.String()
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }
