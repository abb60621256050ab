package oauth

import (
	"bytes"
	"context"
	"crypto/subtle"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
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

// Pages serves the HTML sign-in pages: the authorise (sign-in and
// consent) page, single sign-on links, the account page, sign-out and the
// recovery form. The API package mounts Routes with its plain-route
// plumbing (per-address rate limit on posts, metrics, case-insensitive
// paths); nothing here speaks the JSON API.
type Pages struct {
	Service *Service
	// ClientAddr returns the client address of a request (trusted proxies
	// applied); sign-in throttling is keyed by it.
	ClientAddr func(*http.Request) string
	// RequestID names the request in error logs; optional.
	RequestID func(context.Context) string
}

// Route is one page route; Pattern uses {name} path parameters.
type Route struct {
	Method  string
	Pattern string
	Handler http.HandlerFunc
}

// Cookies of the pages. The CSRF cookie has the __Host- prefix: the
// browser accepts it only Secure, with Path=/ and without Domain, so a
// sibling subdomain or a plain-http network attacker cannot plant one
// (which would defeat the double-submit check).
const (
	sessionCookie      = "payrolld_session"
	csrfCookie         = "__Host-payrolld_csrf"
	insecureCSRFCookie = "payrolld_csrf" // plain http to a non-loopback host, where browsers refuse Secure cookies
	maxFormBytes       = 64 << 10
)

// Routes lists the pages. /oauth/authorize is an undocumented alias (US
// spelling).
func (p *Pages) Routes() []Route {
	var rs []Route
	for _, path := range []string{"/oauth/authorise", "/oauth/authorize"} {
		rs = append(rs, Route{http.MethodGet, path, p.authorisePage}, Route{http.MethodPost, path, p.authorise})
	}
	return append(rs,
		Route{http.MethodGet, "/sso/{token}", p.useSSOLink},
		Route{http.MethodGet, "/account", p.account},
		Route{http.MethodPost, "/account/signout", p.signOut},
		Route{http.MethodGet, "/account/recover/{token}", p.recoverPage},
		Route{http.MethodPost, "/account/recover/{token}", p.recover},
	)
}

// authorisePage is GET /oauth/authorise: sign in (unless the browser has a
// session) and consent.
func (p *Pages) authorisePage(w http.ResponseWriter, r *http.Request) {
	req := AuthRequestFrom(r.URL.Query())
	client, ok := p.checkClient(w, r, req)
	if !ok {
		return
	}
	if perr := req.Check(); perr != nil {
		redirect(w, r, req.Callback(client, perr.Params(req.State)))
		return
	}
	page := AuthorisePage{ClientName: client.Name, Request: req, CSRF: p.csrfToken(w, r)}
	if s := p.session(r); s != nil {
		page.SignedInAs = s.User.DisplayName + " (" + s.User.Username + ")"
	}
	writePage(w, http.StatusOK, PageAuthorise, page)
}

// authorise is POST /oauth/authorise: on consent, a code goes to the
// client's redirect URI; on refusal, error=access_denied.
func (p *Pages) authorise(w http.ResponseWriter, r *http.Request) {
	if !p.readForm(w, r) {
		return
	}
	req := AuthRequestFrom(r.PostForm)
	client, ok := p.checkClient(w, r, req)
	if !ok {
		return
	}
	if perr := req.Check(); perr != nil {
		redirect(w, r, req.Callback(client, perr.Params(req.State)))
		return
	}
	if r.PostForm.Get("decision") != "allow" {
		perr := &Error{Code: ErrAccessDenied, Description: "the user refused access"}
		redirect(w, r, req.Callback(client, perr.Params(req.State)))
		return
	}
	sess := p.session(r)
	username := strings.TrimSpace(r.PostForm.Get("username"))
	if username != "" || sess == nil { // typed credentials win over the session
		token, signedIn, err := p.Service.SignIn(r.Context(), username, r.PostForm.Get("password"), p.clientAddr(r))
		if err != nil {
			page := AuthorisePage{ClientName: client.Name, Request: req, CSRF: r.PostForm.Get("csrf_token"), Username: username}
			if sess != nil {
				page.SignedInAs = sess.User.DisplayName + " (" + sess.User.Username + ")"
			}
			var throttled *ThrottledError
			switch {
			case errors.As(err, &throttled):
				w.Header().Set("Retry-After", strconv.Itoa(throttled.RetryAfterSeconds()))
				page.Error = fmt.Sprintf("Too many sign-in attempts. Wait %s and try again.", waitText(throttled.RetryAfterSeconds()))
				writePage(w, http.StatusTooManyRequests, PageAuthorise, page)
			case errors.Is(err, user.ErrBusy):
				w.Header().Set("Retry-After", "1")
				page.Error = "The server is busy. Try again in a moment."
				writePage(w, http.StatusServiceUnavailable, PageAuthorise, page)
			case payroll.KindOf(err) == payroll.KindUnauthorized:
				page.Error = "Unknown username or wrong password."
				writePage(w, http.StatusUnauthorized, PageAuthorise, page)
			default:
				p.internalError(w, r, err)
			}
			return
		}
		p.setSessionCookie(w, r, token)
		sess = &signedIn
	}
	code, err := p.Service.IssueCode(r.Context(), client, sess.User.ID, req)
	if err != nil {
		p.internalError(w, r, err)
		return
	}
	params := url.Values{"code": {code}}
	if req.State != "" {
		params.Set("state", req.State)
	}
	redirect(w, r, req.Callback(client, params))
}

func waitText(seconds int) string {
	switch {
	case seconds <= 1:
		return "a second"
	case seconds < 120:
		return strconv.Itoa(seconds) + " seconds"
	}
	return strconv.Itoa((seconds+59)/60) + " minutes"
}

// checkClient shows an error page, never a redirect, for a bad client or
// redirect URI.
func (p *Pages) checkClient(w http.ResponseWriter, r *http.Request, req AuthRequest) (c store.OauthClient, ok bool) {
	c, err := p.Service.CheckClient(r.Context(), req)
	if payroll.KindOf(err) == payroll.KindInvalid {
		WriteMessage(w, http.StatusBadRequest, "This application cannot be authorised", userMessage(err))
		return c, false
	}
	if err != nil {
		p.internalError(w, r, err)
		return c, false
	}
	return c, true
}

// useSSOLink is GET /sso/{token}: one use, then a session and a redirect
// to a page of this server.
func (p *Pages) useSSOLink(w http.ResponseWriter, r *http.Request) {
	token, target, err := p.Service.UseSSOLink(r.Context(), r.PathValue("token"))
	if payroll.KindOf(err) == payroll.KindNotFound {
		WriteMessage(w, http.StatusNotFound, "Sign-in link not valid", "This sign-in link has expired or has already been used. Ask for a new one.")
		return
	}
	if err != nil {
		p.internalError(w, r, err)
		return
	}
	p.setSessionCookie(w, r, token)
	redirect(w, r, target)
}

// account is GET /account: who is signed in.
func (p *Pages) account(w http.ResponseWriter, r *http.Request) {
	s := p.session(r)
	status := http.StatusOK
	if s == nil {
		status = http.StatusUnauthorized
	}
	writePage(w, status, PageAccount, AccountPage{Session: s, CSRF: p.csrfToken(w, r)})
}

// signOut is POST /account/signout.
func (p *Pages) signOut(w http.ResponseWriter, r *http.Request) {
	if !p.readForm(w, r) {
		return
	}
	if c, err := r.Cookie(sessionCookie); err == nil {
		if err := p.Service.SignOut(r.Context(), c.Value); err != nil {
			p.internalError(w, r, err)
			return
		}
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: p.secure(r), SameSite: http.SameSiteLaxMode})
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, LandingPath, http.StatusSeeOther)
}

// recoverPage is GET /account/recover/{token}: the set-password form.
func (p *Pages) recoverPage(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	u, err := p.Service.RecoveryUser(r.Context(), token)
	if err != nil {
		p.recoveryFailed(w, r, err)
		return
	}
	writePage(w, http.StatusOK, PageRecover, RecoverPage{Username: u.Username, Action: recoverAction(token), CSRF: p.csrfToken(w, r)})
}

// recover is POST /account/recover/{token}.
func (p *Pages) recover(w http.ResponseWriter, r *http.Request) {
	if !p.readForm(w, r) {
		return
	}
	token := r.PathValue("token")
	u, err := p.Service.RecoveryUser(r.Context(), token)
	if err != nil {
		p.recoveryFailed(w, r, err)
		return
	}
	page := RecoverPage{Username: u.Username, Action: recoverAction(token), CSRF: r.PostForm.Get("csrf_token")}
	pw := r.PostForm.Get("password")
	if pw != r.PostForm.Get("confirm") {
		page.Error = "The two passwords differ."
		writePage(w, http.StatusBadRequest, PageRecover, page)
		return
	}
	if _, err := p.Service.Recover(r.Context(), token, pw); err != nil {
		switch {
		case errors.Is(err, user.ErrBusy):
			w.Header().Set("Retry-After", "1")
			page.Error = "The server is busy. Try again in a moment."
			writePage(w, http.StatusServiceUnavailable, PageRecover, page)
		case payroll.KindOf(err) == payroll.KindInvalid:
			page.Error = userMessage(err)
			writePage(w, http.StatusBadRequest, PageRecover, page)
		default:
			p.recoveryFailed(w, r, err)
		}
		return
	}
	WriteMessage(w, http.StatusOK, "Password changed", "Your password has been changed. Sign in with the new password.")
}

func recoverAction(token string) string { return "/account/recover/" + url.PathEscape(token) }

func (p *Pages) recoveryFailed(w http.ResponseWriter, r *http.Request, err error) {
	if payroll.KindOf(err) == payroll.KindNotFound {
		WriteMessage(w, http.StatusNotFound, "Recovery link not valid", "This recovery link has expired or has already been used. Ask for a new one from the app.")
		return
	}
	p.internalError(w, r, err)
}

// readForm parses a posted page form and checks its CSRF token.
func (p *Pages) readForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		WriteMessage(w, http.StatusBadRequest, "Bad request", "The form could not be read.")
		return false
	}
	c, err := r.Cookie(p.csrfCookieName(r))
	sent := r.PostForm.Get("csrf_token")
	if err != nil || sent == "" || subtle.ConstantTimeCompare([]byte(c.Value), []byte(sent)) != 1 {
		WriteMessage(w, http.StatusForbidden, "Form expired", "This form has expired or did not come from this site. Go back, reload the page and try again.")
		return false
	}
	return true
}

// csrfToken returns the browser's CSRF token, setting the cookie when it
// has none. Forms carry it back in a field (double-submit cookie): a
// cross-site page can make the browser send the cookie but cannot read it.
func (p *Pages) csrfToken(w http.ResponseWriter, r *http.Request) string {
	name := p.csrfCookieName(r)
	if c, err := r.Cookie(name); err == nil && len(c.Value) >= 32 {
		return c.Value
	}
	t := payroll.NewSecret(32)
	http.SetCookie(w, &http.Cookie{Name: name, Value: t, Path: "/", HttpOnly: true, Secure: name == csrfCookie, SameSite: http.SameSiteLaxMode})
	return t
}

// csrfCookieName is the __Host- cookie wherever browsers store Secure
// cookies: over https, and on plain http to localhost or a loopback
// address (a secure context). Plain http to any other host cannot keep a
// Secure cookie, so there the pages fall back to an unprefixed cookie
// rather than refusing every form; such a deployment has no transport
// security to protect anyway.
func (p *Pages) csrfCookieName(r *http.Request) string {
	if p.secure(r) || isLoopback(hostOf(r.Host)) {
		return csrfCookie
	}
	return insecureCSRFCookie
}

func hostOf(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]")
}

func (p *Pages) setSessionCookie(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: token, Path: "/", MaxAge: int(SessionLifetime / time.Second),
		HttpOnly: true, Secure: p.secure(r), SameSite: http.SameSiteLaxMode})
}

// session returns the browser's live session, or nil.
func (p *Pages) session(r *http.Request) *Session {
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return nil
	}
	s, err := p.Service.Session(r.Context(), c.Value)
	if err != nil {
		if payroll.KindOf(err) != payroll.KindUnauthorized {
			slog.ErrorContext(r.Context(), "web session lookup", "err", err, "requestId", p.requestID(r))
		}
		return nil
	}
	return &s
}

func (p *Pages) secure(r *http.Request) bool {
	return r.TLS != nil || strings.HasPrefix(p.Service.BaseURL, "https://")
}

func (p *Pages) clientAddr(r *http.Request) string {
	if p.ClientAddr != nil {
		return p.ClientAddr(r)
	}
	return hostOf(r.RemoteAddr)
}

func (p *Pages) requestID(r *http.Request) string {
	if p.RequestID == nil {
		return ""
	}
	return p.RequestID(r.Context())
}

func (p *Pages) internalError(w http.ResponseWriter, r *http.Request, err error) {
	if cause, ok := payroll.UnavailableCause(err); ok { // the storage failing: 503, retry
		slog.ErrorContext(r.Context(), "service unavailable: "+cause, "cause", cause, "err", err, "requestId", p.requestID(r))
		w.Header().Set("Retry-After", "5")
		WriteMessage(w, http.StatusServiceUnavailable, "Temporarily unavailable", "The service is temporarily unavailable. Try again in a few seconds.")
		return
	}
	slog.ErrorContext(r.Context(), "internal error", "err", err, "requestId", p.requestID(r))
	WriteMessage(w, http.StatusInternalServerError, "Something went wrong", "An unexpected error occurred. Try again later.")
}

func redirect(w http.ResponseWriter, r *http.Request, to string) {
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, to, http.StatusFound)
}

// writePage renders an HTML page with headers that keep it out of caches
// and frames and keep its URL (which may hold a token) out of referrers.
func writePage(w http.ResponseWriter, status int, name string, data any) {
	var buf bytes.Buffer
	if err := RenderPage(&buf, name, data); err != nil {
		slog.Error("render page", "page", name, "err", err)
		http.Error(w, "An unexpected error occurred.", http.StatusInternalServerError)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	hd.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_, _ = buf.WriteTo(w)
}

// WriteMessage answers with the message page (title and text), as every
// sign-in page does for a request it refuses.
func WriteMessage(w http.ResponseWriter, status int, title, msg string) {
	writePage(w, status, PageMessage, MessagePage{Title: title, Message: msg})
}

// userMessage is the message of a domain error without its field prefix.
func userMessage(err error) string {
	var e *payroll.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}
