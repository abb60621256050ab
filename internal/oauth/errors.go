package oauth

import (
	"fmt"
	"net/http"
	"net/url"
)

// OAuth2 error codes (RFC 6749 sections 4.1.2.1 and 5.2).
const (
	ErrInvalidRequest          = "invalid_request"
	ErrInvalidClient           = "invalid_client"
	ErrInvalidGrant            = "invalid_grant"
	ErrUnsupportedGrantType    = "unsupported_grant_type"
	ErrUnsupportedResponseType = "unsupported_response_type"
	ErrAccessDenied            = "access_denied"
	ErrServerError             = "server_error"
	// ErrTemporarilyUnavailable: the server cannot answer now (its
	// storage fails) and the client should retry (RFC 6749 4.1.2.1).
	ErrTemporarilyUnavailable = "temporarily_unavailable"
)

// Error is an OAuth2 protocol error. The token endpoints send it as
// {error, error_description}; the authorise page sends it to the client's
// redirect URI.
type Error struct {
	Code        string
	Description string
}

func (e *Error) Error() string { return e.Code + ": " + e.Description }

// Status is the HTTP status of the error on the token endpoints.
func (e *Error) Status() int {
	switch e.Code {
	case ErrInvalidClient:
		return http.StatusUnauthorized
	case ErrTemporarilyUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusBadRequest
}

// Params are the redirect query parameters of the error.
func (e *Error) Params(state string) url.Values {
	v := url.Values{"error": {e.Code}, "error_description": {e.Description}}
	if state != "" {
		v.Set("state", state)
	}
	return v
}

func oauthError(code, format string, args ...any) *Error {
	return &Error{Code: code, Description: fmt.Sprintf(format, args...)}
}
