package platformapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/user"
)

// UserModel is GET /api/v2/user.
type UserModel struct {
	ID          int64  `json:"id"`
	Email       string `json:"email"`
	DisplayName string `json:"displayName"`
	TimeZone    string `json:"timeZone"`
}

// NewUserModel is the body of POST /api/v2/user.
type NewUserModel struct {
	Username       string `json:"username" required:"true" maxLength:"256"`
	DisplayName    string `json:"displayName" required:"true" maxLength:"256"`
	TimeZone       string `json:"timeZone" maxLength:"100"`
	APIOnly        bool   `json:"apiOnly"`
	Email          string `json:"email" maxLength:"256"`
	EmailConfirmed bool   `json:"emailConfirmed"`
}

// NewUserCreatedModel answers POST /api/v2/user; apiKey is shown only here.
type NewUserCreatedModel struct {
	ID             int64  `json:"id"`
	Username       string `json:"username"`
	DisplayName    string `json:"displayName"`
	TimeZone       string `json:"timeZone"`
	APIKey         string `json:"apiKey"`
	Email          string `json:"email"`
	EmailConfirmed bool   `json:"emailConfirmed"`
}

// UpdateUserModel is the body of PUT /api/v2/user.
type UpdateUserModel struct {
	Username       string `json:"username" required:"true"`
	EmailConfirmed bool   `json:"emailConfirmed"`
}

// userModel is the user with id's model; a user without an email is
// known by its username.
func userModel(id int64, email, username, displayName, timeZone string) UserModel {
	if email == "" {
		email = username
	}
	return UserModel{ID: id, Email: email, DisplayName: displayName, TimeZone: timeZone}
}

func registerUser(a *httpapi.API) {
	tags := []string{"User"}
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: "/api/v2/user", Tags: tags,
		Summary: "Get the authenticated user"},
		func(ctx context.Context, _ *struct{}) (*httpapi.BodyOf[UserModel], error) {
			u, err := a.Users.Get(ctx, payroll.PrincipalFrom(ctx).UserID)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[UserModel]{Body: userModel(u.ID, u.Email, u.Username, u.DisplayName, u.TimeZone)}, nil
		})
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodPost, Path: "/api/v2/user", Tags: tags,
		Summary: "Create a user", Description: "Creates a user and returns its API key; the key is shown only in this response. System and brand administrators only."},
		func(ctx context.Context, in *httpapi.BodyOf[NewUserModel]) (*httpapi.BodyOf[NewUserCreatedModel], error) {
			b := in.Body
			c, err := a.Users.Create(ctx, payroll.PrincipalFrom(ctx), user.New{Username: b.Username, DisplayName: b.DisplayName,
				TimeZone: b.TimeZone, Email: b.Email, APIOnly: b.APIOnly, EmailConfirmed: b.EmailConfirmed})
			if err != nil {
				return nil, err
			}
			u := c.User
			return &httpapi.BodyOf[NewUserCreatedModel]{Body: NewUserCreatedModel{ID: u.ID, Username: u.Username, DisplayName: u.DisplayName,
				TimeZone: u.TimeZone, APIKey: c.APIKey, Email: u.Email, EmailConfirmed: u.EmailConfirmed}}, nil
		})
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodPut, Path: "/api/v2/user", Tags: tags,
		Summary: "Update a user", Description: "Sets whether the user's email address is confirmed."},
		func(ctx context.Context, in *httpapi.BodyOf[UpdateUserModel]) (*httpapi.BodyOf[UpdateUserModel], error) {
			u, err := a.Users.UpdateEmailConfirmed(ctx, payroll.PrincipalFrom(ctx), in.Body.Username, in.Body.EmailConfirmed)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[UpdateUserModel]{Body: UpdateUserModel{Username: u.Username, EmailConfirmed: u.EmailConfirmed}}, nil
		})
}
