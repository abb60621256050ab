package oauth

import (
	"embed"
	"html/template"
	"io"
)

//go:embed templates/*.html
var templateFS embed.FS

// pages are the HTML pages of the sign-in flows: self-contained (inline
// style, no scripts, no external assets) so a strict CSP applies.
var pages = template.Must(template.ParseFS(templateFS, "templates/*.html"))

// Page names for RenderPage.
const (
	PageAuthorise = "authorise"
	PageMessage   = "message"
	PageAccount   = "account"
	PageRecover   = "recover"
)

// AuthorisePage is the sign-in and consent page of /oauth/authorise.
type AuthorisePage struct {
	ClientName string
	Request    AuthRequest
	CSRF       string
	SignedInAs string // the session's user; "" shows the sign-in fields
	Username   string // kept after a failed sign-in
	Error      string
}

// MessagePage shows a title and a message (errors, confirmations).
type MessagePage struct {
	Title    string
	Message  string
	LinkURL  string
	LinkText string
}

// AccountPage shows who is signed in.
type AccountPage struct {
	Session *Session // nil = nobody
	CSRF    string
}

// RecoverPage is the set-password form of a recovery link.
type RecoverPage struct {
	Username string
	Action   string
	CSRF     string
	Error    string
}

// RenderPage writes the named page.
func RenderPage(w io.Writer, name string, data any) error {
	return pages.ExecuteTemplate(w, name, data)
}
