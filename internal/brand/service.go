// Package brand owns brands and white labels: resellers' groupings of
// businesses, with their activity reports and business cancellation.
package brand

import (
	"context"
	"database/sql"
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Service owns brand rules.
type Service struct {
	DB    *db.DB
	Clock payroll.Clock
}

// Label is a brand or a white label.
type Label struct {
	ID      int64
	Name    string
	BrandID int64 // for white labels
}

// List returns the brands p administers.
func (s *Service) List(ctx context.Context, p *payroll.Principal) ([]Label, error) {
	q := s.DB.Queries()
	switch p.Kind {
	case payroll.PrincipalSystemAdmin:
		rows, err := q.ListBrands(ctx)
		out := make([]Label, len(rows))
		for i, r := range rows {
			out[i] = Label{ID: r.ID, Name: r.Name}
		}
		return out, err
	case payroll.PrincipalBrandAdmin:
		b, err := q.GetBrand(ctx, p.BrandID)
		if err != nil {
			return nil, err
		}
		return []Label{{ID: b.ID, Name: b.Name}}, nil
	}
	return nil, payroll.Forbidden("only brand and system administrators can list brands")
}

// Get returns brand id if p administers it (404 otherwise).
func (s *Service) Get(ctx context.Context, p *payroll.Principal, id int64) (Label, error) {
	if !(p.IsSystemAdmin() || p.Kind == payroll.PrincipalBrandAdmin && p.BrandID == id) {
		return Label{}, payroll.NotFound("brand")
	}
	b, err := s.DB.Queries().GetBrand(ctx, id)
	if db.IsNoRows(err) {
		return Label{}, payroll.NotFound("brand")
	}
	return Label{ID: b.ID, Name: b.Name}, err
}

// ListWhiteLabels returns the white labels p administers.
func (s *Service) ListWhiteLabels(ctx context.Context, p *payroll.Principal) ([]Label, error) {
	q := s.DB.Queries()
	var rows []store.WhiteLabel
	var err error
	switch p.Kind {
	case payroll.PrincipalSystemAdmin:
		rows, err = q.ListWhiteLabels(ctx)
	case payroll.PrincipalBrandAdmin:
		rows, err = q.ListWhiteLabelsOfBrand(ctx, sql.NullInt64{Int64: p.BrandID, Valid: true})
	default:
		return nil, payroll.Forbidden("only brand and system administrators can list white labels")
	}
	out := make([]Label, len(rows))
	for i, r := range rows {
		out[i] = Label{ID: r.ID, Name: r.Name, BrandID: r.BrandID.Int64}
	}
	return out, err
}

// GetWhiteLabel returns white label id if p administers it (404 otherwise).
func (s *Service) GetWhiteLabel(ctx context.Context, p *payroll.Principal, id int64) (Label, error) {
	w, err := s.DB.Queries().GetWhiteLabel(ctx, id)
	if db.IsNoRows(err) || err == nil && !(p.IsSystemAdmin() || p.Kind == payroll.PrincipalBrandAdmin && w.BrandID.Valid && w.BrandID.Int64 == p.BrandID) {
		return Label{}, payroll.NotFound("white label")
	}
	return Label{ID: w.ID, Name: w.Name, BrandID: w.BrandID.Int64}, err
}

// BusinessTemplates lists the template businesses of brand id.
func (s *Service) BusinessTemplates(ctx context.Context, p *payroll.Principal, id int64) ([]Label, error) {
	if _, err := s.Get(ctx, p, id); err != nil {
		return nil, err
	}
	rows, err := s.DB.Queries().ListBusinessTemplatesOfBrand(ctx, sql.NullInt64{Int64: id, Valid: true})
	out := make([]Label, len(rows))
	for i, r := range rows {
		out[i] = Label{ID: r.ID, Name: r.Name, BrandID: id}
	}
	return out, err
}

// Scope selects the businesses of a report: a brand or a white label.
type Scope struct {
	BrandID      int64
	WhiteLabelID int64
}

// ReportFilter narrows an activity report.
type ReportFilter struct {
	EmailAddresses    []string
	IncludeInactive   bool
	FromDate, ToDate  payroll.DateTime
	LocationID        int64
	EmployingEntityID int64
}

// BusinessActivity is one row of the active-employees and signups reports.
type BusinessActivity struct {
	BusinessID              int64
	BusinessName            string
	ABN                     string
	ExternalID              string
	DateCreated             payroll.DateTime
	EmailAddresses          string
	UserIDs                 string
	CompleteEmployees       int
	IncompleteEmployees     int
	TerminatedEmployees     int
	Cancelled               bool
	DateLastPayRunFinalised payroll.DateTime
}

// Activity builds the rows of a brand or white-label report. Signups keep
// businesses created in [from, to]; the active-employees report keeps
// businesses that existed by `to`.
func (s *Service) Activity(ctx context.Context, p *payroll.Principal, sc Scope, f ReportFilter, signups bool) ([]BusinessActivity, error) {
	q := s.DB.Queries()
	var rows []store.Business
	var err error
	if sc.WhiteLabelID != 0 {
		if _, err := s.GetWhiteLabel(ctx, p, sc.WhiteLabelID); err != nil {
			return nil, err
		}
		rows, err = q.ListBusinessesOfWhiteLabel(ctx, sql.NullInt64{Int64: sc.WhiteLabelID, Valid: true})
	} else {
		if _, err := s.Get(ctx, p, sc.BrandID); err != nil {
			return nil, err
		}
		rows, err = q.ListBusinessesOfBrandIncludingCancelled(ctx, sql.NullInt64{Int64: sc.BrandID, Valid: true})
	}
	if err != nil {
		return nil, err
	}
	counts, err := q.CountEmployeesByStatus(ctx, store.CountEmployeesByStatusParams{
		BrandID: sql.NullInt64{Int64: sc.BrandID, Valid: sc.BrandID != 0}, WhiteLabelID: sql.NullInt64{Int64: sc.WhiteLabelID, Valid: sc.WhiteLabelID != 0}})
	if err != nil {
		return nil, err
	}
	users, err := q.ListUsersWithAccessToBusinesses(ctx, store.ListUsersWithAccessToBusinessesParams{
		BrandID: sql.NullInt64{Int64: sc.BrandID, Valid: sc.BrandID != 0}, WhiteLabelID: sql.NullInt64{Int64: sc.WhiteLabelID, Valid: sc.WhiteLabelID != 0}})
	if err != nil {
		return nil, err
	}
	emails := map[int64][]string{}
	ids := map[int64][]string{}
	for _, u := range users {
		e := u.Email
		if e == "" {
			e = u.Username
		}
		emails[u.BusinessID] = append(emails[u.BusinessID], e)
		ids[u.BusinessID] = append(ids[u.BusinessID], itoa(u.UserID))
	}
	var out []BusinessActivity
	for _, b := range rows {
		cancelled := b.CancelledAt.Valid
		if cancelled && !f.IncludeInactive {
			continue
		}
		created := payroll.NewDateTime(b.CreatedAt)
		if signups && !f.FromDate.IsZero() && created.Before(f.FromDate.Time) {
			continue
		}
		if !f.ToDate.IsZero() && created.After(f.ToDate.Add(24*60*60*1e9-1)) {
			continue
		}
		if len(f.EmailAddresses) > 0 && !anyEqualFold(emails[b.ID], f.EmailAddresses) {
			continue
		}
		row := BusinessActivity{BusinessID: b.ID, BusinessName: b.Name, ExternalID: b.ExternalID, DateCreated: created,
			EmailAddresses: strings.Join(emails[b.ID], ","), UserIDs: strings.Join(ids[b.ID], ","), Cancelled: cancelled}
		row.ABN = abnOf(b.Details)
		for _, c := range counts {
			if c.BusinessID != b.ID {
				continue
			}
			switch c.Status {
			case "Active":
				row.CompleteEmployees = int(c.N)
			case "Incomplete":
				row.IncompleteEmployees = int(c.N)
			case "Terminated":
				row.TerminatedEmployees = int(c.N)
			}
		}
		out = append(out, row)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].BusinessID < out[j].BusinessID })
	return out, nil
}

// CancelBusiness closes a business of brand id: it disappears from the
// API, its employees are terminated and its users detached.
func (s *Service) CancelBusiness(ctx context.Context, p *payroll.Principal, brandID, businessID int64) error {
	if _, err := s.Get(ctx, p, brandID); err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		b, err := q.GetBusiness(ctx, businessID)
		if db.IsNoRows(err) || err == nil && !(b.BrandID.Valid && b.BrandID.Int64 == brandID) {
			return payroll.NotFound("business")
		}
		if err != nil {
			return err
		}
		now := s.Clock.Now()
		if err := q.TerminateEmployeesOfBusiness(ctx, store.TerminateEmployeesOfBusinessParams{BusinessID: businessID, UpdatedAt: now}); err != nil {
			return err
		}
		if err := q.DetachUsersFromBusiness(ctx, businessID); err != nil {
			return err
		}
		_, err = q.CancelBusiness(ctx, store.CancelBusinessParams{ID: businessID, CancelledAt: sql.NullTime{Time: now, Valid: true}})
		return err
	})
}

// CreateBrand makes a brand (admin command and tests).
func (s *Service) CreateBrand(ctx context.Context, name string) (Label, error) {
	if strings.TrimSpace(name) == "" {
		return Label{}, payroll.Invalid("name", "name is required")
	}
	var out Label
	err := s.DB.InTx(ctx, func(q *store.Queries) error {
		b, err := q.CreateBrand(ctx, store.CreateBrandParams{Name: name, CreatedAt: s.Clock.Now()})
		out = Label{ID: b.ID, Name: b.Name}
		return err
	})
	return out, err
}

// CreateWhiteLabel makes a white label of brand brandID.
func (s *Service) CreateWhiteLabel(ctx context.Context, brandID int64, name string) (Label, error) {
	if strings.TrimSpace(name) == "" {
		return Label{}, payroll.Invalid("name", "name is required")
	}
	var out Label
	err := s.DB.InTx(ctx, func(q *store.Queries) error {
		w, err := q.CreateWhiteLabel(ctx, store.CreateWhiteLabelParams{BrandID: sql.NullInt64{Int64: brandID, Valid: brandID != 0}, Name: name, CreatedAt: s.Clock.Now()})
		out = Label{ID: w.ID, Name: w.Name, BrandID: brandID}
		return err
	})
	return out, err
}

func anyEqualFold(have, want []string) bool {
	for _, h := range have {
		for _, w := range want {
			if strings.EqualFold(strings.TrimSpace(h), strings.TrimSpace(w)) {
				return true
			}
		}
	}
	return false
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// abnOf reads the ABN from a business's details document.
func abnOf(details string) string {
	var d struct {
		ABN string `json:"abn"`
	}
	_ = json.Unmarshal([]byte(details), &d)
	return d.ABN
}

// SetBrandAdmin makes a user an administrator of brand brandID (admin
// command): the user joins the brand and administers its businesses.
func (s *Service) SetBrandAdmin(ctx context.Context, username string, brandID int64) error {
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := q.GetBrand(ctx, brandID); db.IsNoRows(err) {
			return payroll.NotFound("brand")
		} else if err != nil {
			return err
		}
		n, err := q.SetUserBrandAdmin(ctx, store.SetUserBrandAdminParams{UsernameKey: strings.ToLower(strings.TrimSpace(username)),
			BrandID: sql.NullInt64{Int64: brandID, Valid: true}, UpdatedAt: s.Clock.Now()})
		if err == nil && n == 0 {
			return payroll.NotFound("user")
		}
		return err
	})
}
