// Package oauthapi serves the OAuth2 endpoints (/oauth/token,
// /oauth/token/revoke), mounts the HTML sign-in and consent pages of
// package oauth (/oauth/authorise, ...), documents them in the OpenAPI
// document, and serves the authentication operations (single sign-on,
// mobile account recovery).
package oauthapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/oauth"
	"github.com/payrolld/payrolld/internal/payroll"
)

// The OAuth2 endpoints, the sign-in pages and the authentication
// operations (single sign-on, mobile account recovery).
//
// /oauth/token and /oauth/token/revoke are plain routes documented in the
// OpenAPI document rather than huma operations: they take HTTP Basic
// *client* credentials, which the API's authentication middleware would
// read as an API key and refuse, and they answer in RFC 6749's error
// format rather than ProblemDetails. The HTML sign-in pages are
// oauth.Pages (package oauth), mounted here as plain routes too.

// OAuthTokenRequest documents the form of POST /oauth/token.
type OAuthTokenRequest struct {
	GrantType    string `json:"grant_type" enum:"authorization_code,refresh_token" required:"true"`
	Code         string `json:"code,omitempty" doc:"authorization_code: the code from the redirect"`
	RedirectURI  string `json:"redirect_uri,omitempty" doc:"authorization_code: the redirect_uri of the authorization request, when it named one"`
	CodeVerifier string `json:"code_verifier,omitempty" doc:"authorization_code: the PKCE verifier, when the authorization request had a code_challenge"`
	RefreshToken string `json:"refresh_token,omitempty" doc:"refresh_token: the refresh token; it works once (rotation)"`
	ClientID     string `json:"client_id,omitempty" doc:"client authentication, unless HTTP Basic is used"`
	ClientSecret string `json:"client_secret,omitempty" doc:"client authentication, unless HTTP Basic is used"`
}

// OAuthRevokeRequest documents the form of POST /oauth/token/revoke.
type OAuthRevokeRequest struct {
	Token         string `json:"token" required:"true" doc:"an access or refresh token of the user"`
	TokenTypeHint string `json:"token_type_hint,omitempty" enum:"access_token,refresh_token"`
	ClientID      string `json:"client_id,omitempty"`
	ClientSecret  string `json:"client_secret,omitempty"`
}

// OAuthAuthoriseForm documents the form the authorise page posts.
type OAuthAuthoriseForm struct {
	CSRFToken           string `json:"csrf_token" required:"true" doc:"from the page (double-submit cookie)"`
	ClientID            string `json:"client_id" required:"true"`
	RedirectURI         string `json:"redirect_uri,omitempty"`
	ResponseType        string `json:"response_type" enum:"code" required:"true"`
	State               string `json:"state,omitempty"`
	CodeChallenge       string `json:"code_challenge,omitempty"`
	CodeChallengeMethod string `json:"code_challenge_method,omitempty" enum:"S256"`
	Username            string `json:"username,omitempty" doc:"omitted when the browser has a session"`
	Password            string `json:"password,omitempty"`
	Decision            string `json:"decision" enum:"allow,deny" required:"true"`
}

// OAuthTokenResponse is a successful token response.
type OAuthTokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type" enum:"bearer"`
	ExpiresIn    int64  `json:"expires_in" doc:"seconds; 86400"`
	RefreshToken string `json:"refresh_token"`
	Scope        string `json:"scope"`
}

// OAuthErrorResponse is an RFC 6749 error.
type OAuthErrorResponse struct {
	Error            string `json:"error" enum:"invalid_request,invalid_client,invalid_grant,unsupported_grant_type,server_error,temporarily_unavailable"`
	ErrorDescription string `json:"error_description,omitempty"`
}

// SingleSignOnRequestModel asks for a sign-in link.
type SingleSignOnRequestModel struct {
	BusinessID *int64 `json:"businessId" doc:"with /api/v2/singlesignon: sign in to this business; the B/ and E/ routes take it from the path"`
	UserName   string `json:"userName" maxLength:"256" doc:"the user to sign in; empty = the caller"`
	URL        string `json:"url" maxLength:"2048" doc:"page to open after signing in; only paths on this server are honoured"`
	Navigation string `json:"navigation" enum:"Full,Primary,Secondary,None,HideInternalPageNav"`
	HostName   string `json:"hostName" maxLength:"256" doc:"accepted for compatibility; links always use this server's base URL"`
}

// SingleSignOnResponseModel carries the one-time sign-in link.
type SingleSignOnResponseModel struct {
	URL string `json:"url"`
}

// AccountEmailModel names an account by email; emailAddress and username
// are accepted as synonyms.
type AccountEmailModel struct {
	Email        string `json:"email" maxLength:"256"`
	EmailAddress string `json:"emailAddress" maxLength:"256"`
	Username     string `json:"username" maxLength:"256"`
}

func (m AccountEmailModel) address() string {
	for _, s := range []string{m.Email, m.EmailAddress, m.Username} {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// AccountRecoveryRequestModel asks for a recovery email.
type AccountRecoveryRequestModel struct {
	AccountEmailModel
	BrandID *int64 `json:"brandId" doc:"only recover an account of this brand"`
}

// UserBrandAssociationModel is a brand the account belongs to.
type UserBrandAssociationModel struct {
	BrandID   int64  `json:"brandId"`
	BrandName string `json:"brandName"`
}

func (m SingleSignOnRequestModel) request() oauth.SSORequest {
	r := oauth.SSORequest{UserName: m.UserName, URL: m.URL, Navigation: m.Navigation}
	if m.BusinessID != nil {
		r.BusinessID = *m.BusinessID
	}
	return r
}

// Register returns the registration of the OAuth2 endpoints and pages and
// the authentication operations, served by s.
func Register(s *oauth.Service) func(*httpapi.API) {
	return func(a *httpapi.API) {
		h := oauthWeb{s: s}
		a.PlainRoute(http.MethodPost, "/oauth/token", h.token)
		a.PlainRoute(http.MethodPost, "/oauth/token/revoke", h.revoke)
		pages := &oauth.Pages{Service: s, ClientAddr: a.ClientAddr, RequestID: httpapi.RequestID}
		for _, rt := range pages.Routes() {
			a.PlainRoute(rt.Method, rt.Pattern, rt.Handler)
		}
		documentOAuth(a)
		registerSSO(a, s)
		registerRecovery(a, s)
	}
}

func registerSSO(a *httpapi.API, s *oauth.Service) {
	tags := []string{"Authentication"}
	desc := "Returns a one-time link, valid for 5 minutes, that signs a browser in as the user and opens `url` (a path on this server; anything else opens the account page). " +
		"Callers may ask for themselves; system administrators for anyone; brand administrators for users of their brand; " +
		"users with unrestricted access to a business for ordinary users with access to it."
	sso := func(ctx context.Context, m SingleSignOnRequestModel, businessID, employeeID int64) (*httpapi.BodyOf[SingleSignOnResponseModel], error) {
		req := m.request()
		if businessID != 0 {
			req.BusinessID = businessID
		}
		req.EmployeeID = employeeID
		link, err := s.SingleSignOn(ctx, payroll.PrincipalFrom(ctx), req)
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[SingleSignOnResponseModel]{Body: SingleSignOnResponseModel{URL: link}}, nil
	}
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodPost, Path: "/api/v2/singlesignon", Tags: tags,
		Summary: "Single sign-on", Description: desc},
		func(ctx context.Context, in *httpapi.BodyOf[SingleSignOnRequestModel]) (*httpapi.BodyOf[SingleSignOnResponseModel], error) {
			return sso(ctx, in.Body, 0, 0)
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/singlesignon", Tags: tags,
		Summary: "Single sign-on to a business", Description: desc + " The user must have access to the business."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body SingleSignOnRequestModel
		}) (*httpapi.BodyOf[SingleSignOnResponseModel], error) {
			return sso(ctx, in.Body, in.BusinessID, 0)
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/singlesignon", Tags: tags,
		Summary: "Single sign-on as an employee", Description: "Returns a one-time link, valid for 5 minutes, that signs a browser in as the employee's user account. 409 when the employee has none."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			EmployeeID int64 `path:"employeeId"`
			Body       SingleSignOnRequestModel
		}) (*httpapi.BodyOf[SingleSignOnResponseModel], error) {
			return sso(ctx, in.Body, in.BusinessID, in.EmployeeID)
		})
}

func registerRecovery(a *httpapi.API, s *oauth.Service) {
	tags := []string{"Authentication"}
	httpapi.Register(a, httpapi.Public, huma.Operation{Method: http.MethodPost, Path: "/api/v2/mobileaccountrecovery/userbrandassociations", Tags: tags,
		Summary: "Get the brands of an account, for the mobile app", Description: "Brands the account with this email belongs to. An unknown email gives an empty list."},
		func(ctx context.Context, in *httpapi.BodyOf[AccountEmailModel]) (*httpapi.BodyOf[[]UserBrandAssociationModel], error) {
			brands, err := s.BrandAssociations(ctx, in.Body.address())
			if err != nil {
				return nil, err
			}
			out := make([]UserBrandAssociationModel, len(brands))
			for i, b := range brands {
				out[i] = UserBrandAssociationModel{BrandID: b.ID, BrandName: b.Name}
			}
			return &httpapi.BodyOf[[]UserBrandAssociationModel]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.Public, huma.Operation{Method: http.MethodPost, Path: "/api/v2/mobileaccountrecovery/attempt", Tags: tags,
		Summary: "Request account recovery for the mobile app", Description: "Mails the account a one-time link (valid 1 hour) to choose a new password. Answers 200 whether or not the email is known."},
		func(ctx context.Context, in *httpapi.BodyOf[AccountRecoveryRequestModel]) (*httpapi.BodyOf[httpapi.EmptyObject], error) {
			var brand int64
			if in.Body.BrandID != nil {
				brand = *in.Body.BrandID
			}
			if err := s.RequestRecovery(ctx, in.Body.address(), brand); err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[httpapi.EmptyObject]{}, nil
		})
}

// oauthWeb serves the OAuth2 token endpoints; the HTML pages are
// oauth.Pages.
type oauthWeb struct{ s *oauth.Service }

// token is POST /oauth/token.
func (h oauthWeb) token(w http.ResponseWriter, r *http.Request) {
	cc, err := readOAuthForm(w, r)
	if err != nil {
		h.oauthError(w, r, err)
		return
	}
	f := r.PostForm
	var t oauth.Tokens
	switch f.Get("grant_type") {
	case "authorization_code":
		t, err = h.s.ExchangeCode(r.Context(), cc, f.Get("code"), f.Get("redirect_uri"), f.Get("code_verifier"))
	case "refresh_token":
		t, err = h.s.Refresh(r.Context(), cc, f.Get("refresh_token"))
	case "":
		err = &oauth.Error{Code: oauth.ErrInvalidRequest, Description: "grant_type is required"}
	default:
		err = &oauth.Error{Code: oauth.ErrUnsupportedGrantType, Description: "grant_type must be authorization_code or refresh_token"}
	}
	if err != nil {
		h.oauthError(w, r, err)
		return
	}
	writeOAuthJSON(w, http.StatusOK, OAuthTokenResponse{AccessToken: t.AccessToken, TokenType: "bearer",
		ExpiresIn: int64(t.ExpiresIn / time.Second), RefreshToken: t.RefreshToken, Scope: ""})
}

// revoke is POST /oauth/token/revoke (RFC 7009).
func (h oauthWeb) revoke(w http.ResponseWriter, r *http.Request) {
	cc, err := readOAuthForm(w, r)
	if err == nil {
		err = h.s.Revoke(r.Context(), cc, r.PostForm.Get("token"))
	}
	if err != nil {
		h.oauthError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
}

// readOAuthForm parses a token endpoint form and returns the client
// credentials, from HTTP Basic or the form (RFC 6749 section 2.3.1).
func readOAuthForm(w http.ResponseWriter, r *http.Request) (oauth.ClientCredentials, error) {
	invalid := func(msg string) (oauth.ClientCredentials, error) {
		return oauth.ClientCredentials{}, &oauth.Error{Code: oauth.ErrInvalidRequest, Description: msg}
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		return invalid("the body must be application/x-www-form-urlencoded")
	}
	r.Body = http.MaxBytesReader(w, r.Body, httpapi.MaxFormBytes)
	if err := r.ParseForm(); err != nil {
		return invalid("the form body cannot be read")
	}
	for k, vs := range r.PostForm {
		if len(vs) > 1 {
			return invalid("parameter " + k + " is repeated")
		}
	}
	cc := oauth.ClientCredentials{ID: r.PostForm.Get("client_id"), Secret: r.PostForm.Get("client_secret")}
	id, secret, basic := r.BasicAuth()
	if !basic {
		return cc, nil
	}
	if cc.Secret != "" {
		return invalid("use one client authentication method: HTTP Basic or client_secret")
	}
	// Both parts are form-encoded before the Basic encoding.
	id, err1 := url.QueryUnescape(id)
	secret, err2 := url.QueryUnescape(secret)
	if err1 != nil || err2 != nil || (cc.ID != "" && cc.ID != id) {
		return oauth.ClientCredentials{}, &oauth.Error{Code: oauth.ErrInvalidClient, Description: "malformed HTTP Basic client credentials"}
	}
	return oauth.ClientCredentials{ID: id, Secret: secret}, nil
}

func (h oauthWeb) oauthError(w http.ResponseWriter, r *http.Request, err error) {
	var oe *oauth.Error
	status := http.StatusInternalServerError
	if errors.As(err, &oe) {
		status = oe.Status()
	} else if cause, ok := payroll.UnavailableCause(err); ok {
		slog.ErrorContext(r.Context(), "service unavailable: "+cause, "cause", cause, "err", err, "requestId", httpapi.RequestID(r.Context()))
		oe = &oauth.Error{Code: oauth.ErrTemporarilyUnavailable, Description: "The service is temporarily unavailable; retry later."}
		status = oe.Status()
		w.Header().Set("Retry-After", strconv.Itoa(int(httpapi.RetryAfterUnavailable/time.Second)))
	} else {
		slog.ErrorContext(r.Context(), "internal error", "err", err, "requestId", httpapi.RequestID(r.Context()))
		oe = &oauth.Error{Code: oauth.ErrServerError, Description: "An unexpected error occurred."}
	}
	if oe.Code == oauth.ErrInvalidClient {
		w.Header().Set("WWW-Authenticate", `Basic realm="payrolld"`)
	}
	writeOAuthJSON(w, status, OAuthErrorResponse{Error: oe.Code, ErrorDescription: oe.Description})
}

func writeOAuthJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// documentOAuth adds the plain OAuth2 routes to the OpenAPI document.
func documentOAuth(a *httpapi.API) {
	oapi := a.Huma().OpenAPI()
	oapi.Components.SecuritySchemes["oauth2"] = &huma.SecurityScheme{Type: "oauth2",
		Description: "Authorization code grant with optional PKCE (S256). Send the access token as a bearer token.",
		Flows: &huma.OAuthFlows{AuthorizationCode: &huma.OAuthFlow{AuthorizationURL: "/oauth/authorise", TokenURL: "/oauth/token",
			RefreshURL: "/oauth/token", Scopes: map[string]string{}}}}
	oapi.Components.SecuritySchemes["oauthClient"] = &huma.SecurityScheme{Type: "http", Scheme: "basic",
		Description: "OAuth2 client authentication: client_id and client_secret as user name and password (or as form fields)."}
	schema := func(t reflect.Type) *huma.Schema { return oapi.Components.Schemas.Schema(t, true, "") }
	form := func(t reflect.Type) *huma.RequestBody {
		return &huma.RequestBody{Required: true, Content: map[string]*huma.MediaType{"application/x-www-form-urlencoded": {Schema: schema(t),
			Example: reflect.New(t).Elem().Interface().(httpapi.RequestExampler).RequestExample()}}}
	}
	jsonOf := func(desc string, t reflect.Type) *huma.Response {
		return &huma.Response{Description: desc, Content: map[string]*huma.MediaType{"application/json": {Schema: schema(t)}}}
	}
	html := func(desc string) *huma.Response {
		return &huma.Response{Description: desc, Content: map[string]*huma.MediaType{"text/html": {Schema: &huma.Schema{Type: "string"}}}}
	}
	redirect := &huma.Response{Description: "Redirect to the client's redirect_uri with code and state, or error, error_description and state.",
		Headers: map[string]*huma.Header{"Location": {Schema: &huma.Schema{Type: "string", Format: "uri"}}}}
	oauthErr := reflect.TypeFor[OAuthErrorResponse]()
	clientAuth := []map[string][]string{{"oauthClient": {}}, {}}
	query := func(name, desc string, required bool, enum ...any) *huma.Param {
		return &huma.Param{Name: name, In: "query", Required: required, Description: desc, Schema: &huma.Schema{Type: "string", Enum: enum}}
	}
	tags := []string{"Authentication"}
	for _, op := range []huma.Operation{
		{Method: http.MethodPost, Path: "/oauth/token", Tags: tags, Summary: "OAuth token", Security: clientAuth,
			Description: "Exchanges an authorization code (with its PKCE verifier) or a refresh token for tokens. Access tokens live 24 hours, refresh tokens 28 days; each refresh token works once, and presenting a used one revokes every token of that authorization.",
			RequestBody: form(reflect.TypeFor[OAuthTokenRequest]()),
			Responses: map[string]*huma.Response{"200": jsonOf("Tokens (Cache-Control: no-store).", reflect.TypeFor[OAuthTokenResponse]()),
				"400": jsonOf("invalid_request, invalid_grant or unsupported_grant_type.", oauthErr), "401": jsonOf("invalid_client.", oauthErr)}},
		{Method: http.MethodPost, Path: "/oauth/token/revoke", Tags: tags, Summary: "Revoke OAuth tokens", Security: clientAuth,
			Description: "RFC 7009. Invalidates all the user's active OAuth2 tokens. Answers 200 whether or not the token is valid.",
			RequestBody: form(reflect.TypeFor[OAuthRevokeRequest]()),
			Responses:   map[string]*huma.Response{"200": {Description: "Revoked, or nothing to revoke."}, "400": jsonOf("invalid_request.", oauthErr), "401": jsonOf("invalid_client.", oauthErr)}},
		{Method: http.MethodGet, Path: "/oauth/authorise", Tags: tags, Summary: "OAuth authorise page",
			Description: "HTML page where the user signs in (or uses the session of a single sign-on link) and allows or denies the application. /oauth/authorize is an alias. redirect_uri may be the registered callback or a path below it.",
			Parameters: []*huma.Param{query("client_id", "", true), query("redirect_uri", "default: the registered callback", false),
				query("response_type", "", true, "code"), query("state", "returned unchanged", false),
				query("code_challenge", "PKCE: base64url SHA-256 of the code verifier", false), query("code_challenge_method", "", false, "S256")},
			Responses: map[string]*huma.Response{"200": html("The sign-in and consent page."), "302": redirect, "400": html("Unknown client or redirect_uri: an error page, never a redirect.")}},
		{Method: http.MethodPost, Path: "/oauth/authorise", Tags: tags, Summary: "OAuth authorise decision",
			Description: "The form of the authorise page.",
			RequestBody: form(reflect.TypeFor[OAuthAuthoriseForm]()),
			Responses: map[string]*huma.Response{"302": redirect, "400": html("Unknown client or redirect_uri."),
				"401": html("Sign-in failed: the page again with a message."), "403": html("Missing or wrong CSRF token.")}},
	} {
		op.OperationID = httpapi.OperationID(op.Method, op.Path)
		oapi.AddOperation(&op)
	}
}
