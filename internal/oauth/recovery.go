package oauth

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
)

// Brand is a brand a user belongs to, for the mobile app's sign-in.
type Brand struct {
	ID   int64
	Name string
}

// BrandAssociations lists the brands of the users known by email: each
// user's own brand and the brands of the businesses it works with. An
// unknown address gives an empty list, the same as a user with no brand,
// so the answer does not reveal who has an account.
func (s *Service) BrandAssociations(ctx context.Context, email string) ([]Brand, error) {
	users, err := s.usersByEmail(ctx, email)
	if err != nil {
		return nil, err
	}
	out := []Brand{}
	seen := map[int64]bool{}
	for _, u := range users {
		brands, err := s.DB.Queries().ListBrandsOfUser(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		for _, b := range brands {
			if !seen[b.ID] {
				seen[b.ID] = true
				out = append(out, Brand{ID: b.ID, Name: b.Name})
			}
		}
	}
	return out, nil
}

// RequestRecovery records a recovery attempt and, when the address names
// a user (of brandID, when given), mails that user a one-time link to the
// set-password page. The caller learns nothing either way.
func (s *Service) RequestRecovery(ctx context.Context, email string, brandID int64) error {
	users, err := s.usersByEmail(ctx, email)
	if err != nil {
		return err
	}
	var target *store.User
	for i := range users {
		ok, err := s.inBrand(ctx, users[i].ID, brandID)
		if err != nil {
			return err
		}
		if ok && recipient(users[i]) != "" {
			target = &users[i]
			break
		}
	}
	attempt := store.CreateRecoveryAttemptParams{Email: strings.TrimSpace(email), BrandID: nullID(brandID), CreatedAt: s.Clock.Now()}
	if target != nil {
		attempt.UserID = nullID(target.ID)
		id, err := s.sendRecoveryLink(ctx, *target)
		if err != nil {
			return err
		}
		attempt.NotificationID = nullID(id)
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		_, err := q.CreateRecoveryAttempt(ctx, attempt)
		return err
	})
}

func (s *Service) sendRecoveryLink(ctx context.Context, u store.User) (int64, error) {
	token := payroll.NewSecret(32)
	now := s.Clock.Now()
	err := s.DB.InTx(ctx, func(q *store.Queries) error {
		return q.CreateSSOToken(ctx, store.CreateSSOTokenParams{TokenHash: payroll.HashSecret(token), Purpose: purposeRecovery,
			UserID: u.ID, ExpiresAt: now.Add(RecoveryLinkLifetime), CreatedAt: now})
	})
	if err != nil {
		return 0, err
	}
	link := strings.TrimSuffix(s.BaseURL, "/") + "/account/recover/" + token
	body := fmt.Sprintf("Hello %s,\n\nSomeone asked to recover the payroll account %s. To choose a new password, open this link within %d minutes:\n\n%s\n\nIf you did not ask for this, ignore this message; your password stays as it is.\n",
		u.DisplayName, u.Username, int(RecoveryLinkLifetime.Minutes()), link)
	// Send runs outside our transaction: it writes its own record and may
	// talk to an SMTP server.
	return s.Notify.Send(ctx, "account_recovery", recipient(u), "Recover your payroll account", body), nil
}

// RecoveryUser returns the user a recovery link is for, without using it
// (mail scanners open links; only setting the password spends it).
func (s *Service) RecoveryUser(ctx context.Context, token string) (store.User, error) {
	t, err := s.DB.Queries().GetSSOToken(ctx, store.GetSSOTokenParams{TokenHash: payroll.HashSecret(token), Purpose: purposeRecovery, ExpiresAt: s.Clock.Now()})
	if db.IsNoRows(err) {
		return store.User{}, payroll.NotFound("recovery link")
	}
	if err != nil {
		return store.User{}, err
	}
	return s.Users.Get(ctx, t.UserID)
}

// Recover sets a new password through a recovery link, spends the link
// and signs the user's browsers out. The password is set first so a
// rejected password leaves the link usable for another try.
func (s *Service) Recover(ctx context.Context, token, password string) (store.User, error) {
	u, err := s.RecoveryUser(ctx, token)
	if err != nil {
		return u, err
	}
	if err := s.Users.SetPassword(ctx, u.Username, password); err != nil {
		return u, err
	}
	now := s.Clock.Now()
	return u, s.DB.InTx(ctx, func(q *store.Queries) error {
		// A concurrent use of the same link may have spent it already;
		// both requests held the link, so either password is legitimate.
		_, err := q.UseSSOToken(ctx, store.UseSSOTokenParams{TokenHash: payroll.HashSecret(token), Purpose: purposeRecovery,
			UsedAt: sql.NullTime{Time: now, Valid: true}})
		if err != nil && !db.IsNoRows(err) {
			return err
		}
		return q.DeleteWebSessionsOfUser(ctx, u.ID)
	})
}

func (s *Service) usersByEmail(ctx context.Context, email string) ([]store.User, error) {
	key := user.Key(email)
	if key == "" {
		return nil, payroll.Invalid("email", "email is required")
	}
	return s.DB.Queries().ListUsersByEmail(ctx, key)
}

func (s *Service) inBrand(ctx context.Context, userID, brandID int64) (bool, error) {
	if brandID == 0 {
		return true, nil
	}
	brands, err := s.DB.Queries().ListBrandsOfUser(ctx, userID)
	for _, b := range brands {
		if b.ID == brandID {
			return true, err
		}
	}
	return false, err
}

// recipient is where a user's mail goes: its email, else a username that
// is an address.
func recipient(u store.User) string {
	if u.Email != "" {
		return u.Email
	}
	if strings.Contains(u.Username, "@") {
		return u.Username
	}
	return ""
}
