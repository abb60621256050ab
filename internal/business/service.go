package business

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/notify"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
)

// Service owns business and access rules.
type Service struct {
	DB     *db.DB
	Clock  payroll.Clock
	Users  *user.Service
	Notify *notify.Sender
	// LinkAccess checks that a grant's employee groups and locations exist
	// in the business and records the references, so they cannot be
	// deleted while a grant uses them (empty lists clear them). The
	// reference area provides it; nil skips the check.
	LinkAccess func(ctx context.Context, q *store.Queries, bizID, accessID int64, groupIDs, locationIDs []int64) error
	// OnCreate runs in the transaction that creates a business, after it
	// and its creator's access exist: data every new business gets (its
	// region's official public holidays). nil does nothing.
	OnCreate func(ctx context.Context, q *store.Queries, b Business) error
}

// link records the references of one access record.
func (s *Service) link(ctx context.Context, q *store.Queries, bizID, accessID int64, r Restrictions) error {
	if s.LinkAccess == nil {
		return nil
	}
	var groups, locations []int64
	for _, g := range r.EmployeeGroups {
		groups = append(groups, g.EmployeeGroupID)
	}
	for _, l := range r.LocationAccess {
		locations = append(locations, l.LocationIDs...)
	}
	return s.LinkAccess(ctx, q, bizID, accessID, groups, locations)
}

// Access is what a principal may do in one business.
type Access struct {
	Business     Business
	Unrestricted bool
	Restrictions Restrictions
	// SelfEmployeeID: the principal has no access to the business and acts
	// only as this employee's self-service user (the ESS operations).
	SelfEmployeeID int64
}

// SelfAccess is the access of employeeID's own self-service user in
// business id: that employee alone, nothing of the business. The caller
// has established that the principal is that employee's user.
func (s *Service) SelfAccess(ctx context.Context, id, employeeID int64) (_ Access, err error) {
	defer payroll.Wrap(&err, "self-service access to business %d", id)
	b, err := s.DB.Queries().GetBusiness(ctx, id)
	if db.IsNoRows(err) {
		return Access{}, payroll.NotFound("business")
	}
	if err != nil {
		return Access{}, err
	}
	return Access{Business: fromRow(b), SelfEmployeeID: employeeID}, nil
}

// Authorize decides whether p may act in business id. Anything the
// principal may not see is reported as not found, so callers never learn
// another tenant's business exists.
func (s *Service) Authorize(ctx context.Context, p *payroll.Principal, id int64) (_ Access, err error) {
	defer payroll.Wrap(&err, "authorize business %d", id)
	// One round trip: the business and this user's access to it.
	var user int64
	if p != nil {
		user = p.UserID
	}
	row, err := s.DB.Queries().GetBusinessWithAccess(ctx, store.GetBusinessWithAccessParams{ID: id, UserID: user})
	if db.IsNoRows(err) {
		return Access{}, payroll.NotFound("business")
	}
	if err != nil {
		return Access{}, err
	}
	b := row.Business
	switch {
	case p == nil:
		return Access{}, payroll.NotFound("business")
	case p.Kind == payroll.PrincipalSystemAdmin:
		return Access{Business: fromRow(b), Unrestricted: true}, nil
	case p.Kind == payroll.PrincipalBrandAdmin && b.BrandID.Valid && b.BrandID.Int64 == p.BrandID:
		return Access{Business: fromRow(b), Unrestricted: true}, nil
	case !row.AccessType.Valid:
		return Access{}, payroll.NotFound("business")
	}
	return Access{Business: fromRow(b), Unrestricted: row.AccessType.String == AccessUnrestricted, Restrictions: decodeRestrictions(row.Restrictions.String)}, nil
}

func fromRow(b store.Business) Business {
	return Business{
		ID: b.ID, Name: b.Name, Region: b.Region, ExternalID: b.ExternalID, BrandID: b.BrandID.Int64,
		WhiteLabelID: b.WhiteLabelID.Int64, Details: decodeDetails(b.ID, b.Details), DateCreated: payroll.NewDateTime(b.CreatedAt),
	}
}

func encodeDetails(d Details) string {
	b, _ := json.Marshal(d)
	return string(b)
}

// Create makes a business; the creator gets unrestricted access. It joins
// the creator's brand, if any.
func (s *Service) Create(ctx context.Context, p *payroll.Principal, in Input) (_ Business, err error) {
	defer payroll.Wrap(&err, "create business %q", in.Name)
	if err := in.Validate(true); err != nil {
		return Business{}, err
	}
	var out Business
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		u, err := q.GetUser(ctx, p.UserID)
		if err != nil {
			return err
		}
		brand := u.BrandID
		var wl sql.NullInt64
		if in.WhiteLabelID != 0 {
			w, err := q.GetWhiteLabel(ctx, in.WhiteLabelID)
			if db.IsNoRows(err) || (err == nil && !p.IsSystemAdmin() && !(w.BrandID.Valid && brand.Valid && w.BrandID.Int64 == brand.Int64)) {
				return payroll.Invalid("whiteLabelId", "white label %d does not exist", in.WhiteLabelID)
			}
			if err != nil {
				return err
			}
			wl = sql.NullInt64{Int64: w.ID, Valid: true}
			if !brand.Valid {
				brand = w.BrandID
			}
		}
		now := s.Clock.Now()
		b, err := q.CreateBusiness(ctx, store.CreateBusinessParams{
			Name: in.Name, Region: in.Region, ExternalID: in.ExternalID, BrandID: brand, WhiteLabelID: wl,
			Details: encodeDetails(in.Details), CreatedBy: sql.NullInt64{Int64: p.UserID, Valid: true}, CreatedAt: now,
		})
		if err != nil {
			return err
		}
		if _, err := q.UpsertBusinessAccess(ctx, store.UpsertBusinessAccessParams{
			BusinessID: b.ID, UserID: p.UserID, AccessType: AccessUnrestricted, Restrictions: Restrictions{}.encode(), CreatedAt: now,
		}); err != nil {
			return err
		}
		out = fromRow(b)
		if s.OnCreate != nil {
			return s.OnCreate(ctx, q, out)
		}
		return nil
	})
	return out, err
}

// List returns the businesses p can see.
func (s *Service) List(ctx context.Context, p *payroll.Principal) (_ []Business, err error) {
	defer payroll.Wrap(&err, "list businesses")
	q := s.DB.Queries()
	var rows []store.Business
	switch p.Kind {
	case payroll.PrincipalSystemAdmin:
		rows, err = q.ListAllBusinesses(ctx)
	case payroll.PrincipalBrandAdmin:
		rows, err = q.ListBusinessesOfBrand(ctx, sql.NullInt64{Int64: p.BrandID, Valid: true})
	default:
		rows, err = q.ListBusinessesOfUser(ctx, p.UserID)
	}
	if err != nil {
		return nil, err
	}
	out := make([]Business, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	return out, nil
}

// ByExternalID returns the visible business with that external id.
func (s *Service) ByExternalID(ctx context.Context, p *payroll.Principal, ext string) (_ Business, err error) {
	defer payroll.Wrap(&err, "find business by external id %q", ext)
	if strings.TrimSpace(ext) == "" {
		return Business{}, payroll.Invalid("externalId", "externalId is required")
	}
	rows, err := s.DB.Queries().GetBusinessByExternalID(ctx, ext)
	if err != nil {
		return Business{}, err
	}
	for _, r := range rows {
		if a, err := s.Authorize(ctx, p, r.ID); err == nil {
			return a.Business, nil
		}
	}
	return Business{}, payroll.NotFound("business")
}

// Update replaces the details of business id (the caller is authorised by
// the HTTP layer). Region cannot change: pay history depends on it.
func (s *Service) Update(ctx context.Context, id int64, in Input) (_ Business, err error) {
	defer payroll.Wrap(&err, "update business %d", id)
	if err := in.Validate(false); err != nil {
		return Business{}, err
	}
	var out Business
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		b, err := q.UpdateBusiness(ctx, store.UpdateBusinessParams{ID: id, Name: in.Name, ExternalID: in.ExternalID, Details: encodeDetails(in.Details), UpdatedAt: s.Clock.Now()})
		if db.IsNoRows(err) {
			return payroll.NotFound("business")
		}
		out = fromRow(b)
		return err
	})
	return out, err
}

// maxAttempts bounds Change's re-reads (see record.MaxAttempts).
const maxAttempts = 10

// Change applies a read-modify-write to business id: change builds the
// update from the current business (it merges the request onto it, so it
// may run again), and the write happens only if nobody wrote the business
// since it was read (version check). A lost race re-reads and re-applies,
// up to maxAttempts times, then 409. Use it instead of Update whenever the
// input was derived from a business read earlier.
func (s *Service) Change(ctx context.Context, id int64, change func(cur Business) (Input, error)) (_ Business, err error) {
	defer payroll.Wrap(&err, "change business %d", id)
	var out Business
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		out, err = s.changeInTx(ctx, q, id, change)
		return err
	})
	return out, err
}

func (s *Service) changeInTx(ctx context.Context, q *store.Queries, id int64, change func(cur Business) (Input, error)) (Business, error) {
	for attempt := 1; ; attempt++ {
		row, err := q.GetBusiness(ctx, id)
		if db.IsNoRows(err) {
			return Business{}, payroll.NotFound("business")
		}
		if err != nil {
			return Business{}, err
		}
		in, err := change(fromRow(row))
		if err != nil {
			return Business{}, err
		}
		if err := in.Validate(false); err != nil {
			return Business{}, err
		}
		b, err := q.UpdateBusinessIfVersion(ctx, store.UpdateBusinessIfVersionParams{ID: id, Name: in.Name, ExternalID: in.ExternalID,
			Details: encodeDetails(in.Details), UpdatedAt: s.Clock.Now(), Version: row.Version})
		if db.IsNoRows(err) { // written (or cancelled) since we read it
			if attempt >= maxAttempts {
				return Business{}, payroll.Conflict("the business was changed by another request; retry")
			}
			continue
		}
		if err != nil {
			return Business{}, err
		}
		return fromRow(b), nil
	}
}

// CopyFromTemplate copies the settings of a business template of the same
// brand onto business id; identity (name, contact, ABN) stays.
func (s *Service) CopyFromTemplate(ctx context.Context, p *payroll.Principal, id, templateID int64) (_ Business, err error) {
	defer payroll.Wrap(&err, "copy business %d from template %d", id, templateID)
	var out Business
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		b, err := q.GetBusiness(ctx, id)
		if err != nil {
			return err
		}
		t, err := q.GetBusiness(ctx, templateID)
		if db.IsNoRows(err) || (err == nil && (!t.IsTemplate || !p.IsSystemAdmin() && t.BrandID != b.BrandID)) {
			return payroll.NotFound("business template")
		}
		if err != nil {
			return err
		}
		tpl := fromRow(t).Details
		out, err = s.changeInTx(ctx, q, id, func(b Business) (Input, error) {
			cur := b.Details
			cur.StandardHoursPerDay = tpl.StandardHoursPerDay
			cur.EndOfWeek = tpl.EndOfWeek
			cur.JournalService = tpl.JournalService
			cur.BudgetEntryMethod = tpl.BudgetEntryMethod
			cur.BudgetWarningPercent = tpl.BudgetWarningPercent
			cur.ManagersCanEditRosterBudgets = tpl.ManagersCanEditRosterBudgets
			cur.LeaveAccrualStartDateType = tpl.LeaveAccrualStartDateType
			cur.LeaveYearStart = tpl.LeaveYearStart
			cur.PayCycleFrequency = tpl.PayCycleFrequency
			cur.DefaultSuperRate = tpl.DefaultSuperRate
			cur.IsSmsNotificationEnabled = tpl.IsSmsNotificationEnabled
			return Input{Name: b.Name, Region: b.Region, ExternalID: b.ExternalID, WhiteLabelID: b.WhiteLabelID, Details: cur}, nil
		})
		return err
	})
	return out, err
}

// GrantView is an access record with its user.
type GrantView struct {
	Grant
	UserID int64
}

// ListAccess returns every access record of business id.
func (s *Service) ListAccess(ctx context.Context, id int64) (_ []GrantView, err error) {
	defer payroll.Wrap(&err, "list access to business %d", id)
	rows, err := s.DB.Queries().ListBusinessAccess(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]GrantView, len(rows))
	for i, r := range rows {
		email := r.UserEmail
		if email == "" {
			email = r.Username
		}
		out[i] = GrantView{Grant: Grant{AccessType: r.AccessType, Restrictions: decodeRestrictions(r.Restrictions), Name: r.DisplayName, Email: email}, UserID: r.UserID}
	}
	return out, nil
}

// GetAccess returns the access record of the user with that email.
func (s *Service) GetAccess(ctx context.Context, id int64, email string) (_ GrantView, err error) {
	defer payroll.Wrap(&err, "get access of %q to business %d", email, id)
	if strings.TrimSpace(email) == "" {
		return GrantView{}, payroll.Invalid("email", "email is required")
	}
	all, err := s.ListAccess(ctx, id)
	if err != nil {
		return GrantView{}, err
	}
	for _, g := range all {
		if strings.EqualFold(g.Email, email) {
			return g, nil
		}
	}
	return GrantView{}, payroll.NotFound("access for " + email)
}

// GrantAccess gives the user with g.Email access to business id, creating
// the user (and telling them) when they do not exist yet. With merge, a
// restricted grant adds to the user's existing restrictions.
func (s *Service) GrantAccess(ctx context.Context, id int64, g Grant, merge, suppressEmail bool) (err error) {
	defer payroll.Wrap(&err, "grant access to business %d", id)
	if err := g.Validate(); err != nil {
		return err
	}
	var created bool
	var biz store.Business
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		biz, err = q.GetBusiness(ctx, id)
		if err != nil {
			return err
		}
		u, err := q.GetUserByUsername(ctx, user.Key(g.Email))
		if db.IsNoRows(err) {
			name := g.Name
			if name == "" {
				name = g.Email
			}
			c, cerr := s.Users.CreateInTx(ctx, q, user.New{Username: g.Email, DisplayName: name, Email: g.Email}, biz.BrandID)
			if cerr != nil {
				return cerr
			}
			u, err, created = c.User, nil, true
		}
		if err != nil {
			return err
		}
		r := g.Restrictions
		if merge {
			if old, err := q.GetBusinessAccess(ctx, store.GetBusinessAccessParams{BusinessID: id, UserID: u.ID}); err == nil {
				if old.AccessType == AccessUnrestricted {
					return nil // already has everything
				}
				prev := decodeRestrictions(old.Restrictions)
				r.EmployeeGroups = append(prev.EmployeeGroups, r.EmployeeGroups...)
				r.LocationAccess = append(prev.LocationAccess, r.LocationAccess...)
			}
		}
		row, err := q.UpsertBusinessAccess(ctx, store.UpsertBusinessAccessParams{BusinessID: id, UserID: u.ID, AccessType: g.AccessType, Restrictions: r.encode(), CreatedAt: s.Clock.Now()})
		if err != nil {
			return err
		}
		return s.link(ctx, q, id, row.ID, r)
	})
	if err == nil && !suppressEmail && s.Notify != nil {
		subject := "You have been given access to " + biz.Name
		body := "You now have access to the business " + biz.Name + " in payrolld."
		if created {
			body += " An account has been created for you with the username " + g.Email + "."
		}
		s.Notify.Send(ctx, "business-access", g.Email, subject, body)
	}
	return err
}

// UpdateAccess changes the access of the user with that email.
func (s *Service) UpdateAccess(ctx context.Context, id int64, email string, g Grant) (err error) {
	defer payroll.Wrap(&err, "update access of %q to business %d", email, id)
	cur, err := s.GetAccess(ctx, id, email)
	if err != nil {
		return err
	}
	if g.AccessType == "" {
		g.AccessType = cur.AccessType
		if g.EmployeeGroups == nil && g.LocationAccess == nil {
			g.Restrictions = cur.Restrictions
		}
	}
	g.Email = cur.Email
	if err := g.Validate(); err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if g.AccessType != AccessUnrestricted {
			if err := s.keepOneUnrestricted(ctx, q, id, cur.UserID); err != nil {
				return err
			}
		}
		row, err := q.UpsertBusinessAccess(ctx, store.UpsertBusinessAccessParams{BusinessID: id, UserID: cur.UserID, AccessType: g.AccessType, Restrictions: g.Restrictions.encode(), CreatedAt: s.Clock.Now()})
		if err != nil {
			return err
		}
		return s.link(ctx, q, id, row.ID, g.Restrictions)
	})
}

// RevokeAccess removes the access of the user with that email.
func (s *Service) RevokeAccess(ctx context.Context, id int64, email string) (err error) {
	defer payroll.Wrap(&err, "revoke access of %q to business %d", email, id)
	cur, err := s.GetAccess(ctx, id, email)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if err := s.keepOneUnrestricted(ctx, q, id, cur.UserID); err != nil {
			return err
		}
		row, err := q.GetBusinessAccess(ctx, store.GetBusinessAccessParams{BusinessID: id, UserID: cur.UserID})
		if err != nil {
			return err
		}
		if err := s.link(ctx, q, id, row.ID, Restrictions{}); err != nil {
			return err
		}
		if _, err = q.DeleteBusinessAccess(ctx, store.DeleteBusinessAccessParams{BusinessID: id, UserID: cur.UserID}); err != nil {
			return err
		}
		return user.RevokeSignIns(ctx, q, cur.UserID, s.Clock.Now())
	})
}

// keepOneUnrestricted refuses a change that would leave the business with
// nobody able to administer it. The business row is locked first: two
// revocations of its two unrestricted users would otherwise each see the
// other still there (at READ COMMITTED) and leave none.
func (s *Service) keepOneUnrestricted(ctx context.Context, q *store.Queries, id, losing int64) error {
	if n, err := q.LockBusiness(ctx, id); err != nil {
		return err
	} else if n == 0 {
		return payroll.NotFound("business")
	}
	rows, err := q.ListBusinessAccess(ctx, id)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.UserID != losing && r.AccessType == AccessUnrestricted {
			return nil
		}
	}
	return payroll.Conflict("the business must keep at least one user with unrestricted access")
}

// SetTemplate marks or unmarks a business as a template of its brand.
func (s *Service) SetTemplate(ctx context.Context, id int64, on bool) (err error) {
	defer payroll.Wrap(&err, "set template flag of business %d", id)
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		n, err := q.SetBusinessTemplate(ctx, store.SetBusinessTemplateParams{ID: id, IsTemplate: on, UpdatedAt: s.Clock.Now()})
		if err == nil && n == 0 {
			return payroll.NotFound("business")
		}
		return err
	})
}

// FromRow is the business of a stored row (for areas that read the row in
// their own transaction: internal/filing).
func FromRow(b store.Business) Business { return fromRow(b) }
