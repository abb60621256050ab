// Package user owns users, their API keys and passwords.
package user

import (
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// New is the input of user creation.
type New struct {
	Username       string
	DisplayName    string
	TimeZone       string
	Email          string
	APIOnly        bool
	EmailConfirmed bool
	Password       string // optional: lets the user sign in to the web pages
}

// DefaultTimeZone is used when a new user names none (a Windows zone id, as
// the API we mirror reports them).
const DefaultTimeZone = "AUS Eastern Standard Time"

// Validate checks and tidies the input.
func (n *New) Validate() error {
	var v payroll.Validation
	n.Username = strings.TrimSpace(n.Username)
	n.DisplayName = strings.TrimSpace(n.DisplayName)
	n.Email = strings.TrimSpace(n.Email)
	v.Required("username", n.Username)
	v.Required("displayName", n.DisplayName)
	v.MaxLen("username", n.Username, 256)
	v.MaxLen("displayName", n.DisplayName, 256)
	v.MaxLen("email", n.Email, 256)
	v.MaxLen("timeZone", n.TimeZone, 100)
	if n.Email == "" && strings.Contains(n.Username, "@") {
		n.Email = n.Username
	}
	if n.Email != "" && !payroll.ValidEmail(n.Email) {
		v.Add("email", "email is not a valid email address")
	}
	if n.Password != "" && len(n.Password) < 8 {
		v.Add("password", "password must be at least 8 characters")
	}
	if n.TimeZone == "" {
		n.TimeZone = DefaultTimeZone
	}
	return v.Err()
}

// Key is the case-insensitive identity of a username.
func Key(username string) string { return strings.ToLower(strings.TrimSpace(username)) }

// PrincipalOf builds the principal of u authenticated with credential.
func PrincipalOf(u store.User, credential string) *payroll.Principal {
	p := &payroll.Principal{UserID: u.ID, Username: u.Username, Kind: payroll.PrincipalUser, Credential: credential}
	switch {
	case u.IsSystemAdmin:
		p.Kind = payroll.PrincipalSystemAdmin
	case u.AdminOfBrand && u.BrandID.Valid:
		p.Kind = payroll.PrincipalBrandAdmin
		p.BrandID = u.BrandID.Int64
	}
	return p
}

// Created is a new user with its API key, shown once.
type Created struct {
	User   store.User
	APIKey string
}
