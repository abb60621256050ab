// Package httpapi serves the HTTP API: huma on chi, the wire conventions,
// authentication and tenancy, and one file per area registering its
// operations. Handlers are thin: DTO -> service -> DTO.
package httpapi

import (
	"context"
	"encoding/base64"
	"errors"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/go-chi/chi/v5"

	"github.com/payrolld/payrolld/internal/apidocs"
	"github.com/payrolld/payrolld/internal/brand"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/collections"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/oauth"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/ratelimit"
	"github.com/payrolld/payrolld/internal/user"
	"github.com/payrolld/payrolld/internal/webhook"
)

// Version is reported in the OpenAPI document.
const Version = "0.1.0"

// Deps are the services the API serves.
type Deps struct {
	Config     config.Config
	Clock      payroll.Clock
	Log        *slog.Logger
	Users      *user.Service
	Businesses *business.Service
	Brands     *brand.Service
	Webhooks   *webhook.Service
	OAuth      *oauth.Service
	Reference  *collections.Collections
	// BearerAuth resolves an OAuth access token (set by the oauth area).
	BearerAuth func(ctx context.Context, token string) (*payroll.Principal, error)
	// SelfService authorises p for the ESS operations of an employee: the
	// access to put in the context, and whether p is that employee's own
	// self-service user (employee.Service.SelfServiceAccess).
	SelfService func(ctx context.Context, p *payroll.Principal, employeeID int64) (business.Access, bool, error)
	// EmployeeInScope reports whether p sees employee employeeID of biz
	// under the access in ctx (nil, or a not-found error): the scope
	// decision of operations naming an employee (employee.Service.Visible).
	EmployeeInScope func(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) error
	// RecordOwners find the employee of a record an operation addresses
	// by its own id (FromRecord), by record kind (TimesheetLine, ...).
	RecordOwners map[string]EmployeeOf
	// PayRuns decides access to a pay run (payrun.Service).
	PayRuns PayRunAccess
	// KioskAvailableToAll reports whether a kiosk of biz is offered to
	// every restricted user with kiosk access (NotFound when biz has no
	// such kiosk).
	KioskAvailableToAll func(ctx context.Context, biz business.Business, id int64) (bool, error)
	// RateLimit is the request rate limit (ratelimit.New: shared by the
	// nodes on PostgreSQL); nil = one in memory from Config.
	RateLimit ratelimit.Limiter
	// Ready reports whether this node can serve (GET /readyz): the
	// database reachable and writable, the background workers running.
	// nil = always ready.
	Ready func(ctx context.Context) error
	// Extra registers further areas (kept open so areas can be added
	// without touching the plumbing).
	Areas []func(*API)
	// ShareSchemas builds the API on the process's one schema registry
	// (shared.go) instead of a new one. Set it only where every API built
	// in the process registers the same areas, as cli.Build does.
	ShareSchemas bool
}

// API is the assembled HTTP API.
type API struct {
	Deps
	huma    huma.API
	router  chi.Router
	canon   *pathCanon
	limiter ratelimit.Limiter
	metrics *metrics
	log     *slog.Logger
}

func init() { installErrorModel() }

// New assembles the API. Every operation is registered before the handler
// is returned, so the OpenAPI document and the router agree.
func New(d Deps) *API {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Clock == nil {
		d.Clock = payroll.SystemClock{}
	}
	a := &API{Deps: d, canon: newPathCanon(), metrics: newMetrics(), log: d.Log, limiter: d.RateLimit}
	if a.limiter == nil && d.Config.RateLimitRPS > 0 {
		a.limiter = ratelimit.NewMemory(d.Config.RateLimitRPS, d.Config.RateLimitBurst, d.Clock.Now)
	}
	r := chi.NewRouter()
	a.router = r
	cfg := huma.DefaultConfig("payrolld API", Version)
	cfg.Info.Description = "Payroll and workforce administration. Authenticate with HTTP Basic (API key as user name, empty password) or an OAuth2 bearer token."
	cfg.CreateHooks = nil // no $schema members or Link headers in responses
	cfg.Formats = map[string]huma.Format{"application/json": jsonFormat, "json": jsonFormat}
	cfg.DocsPath = "" // our own offline /docs page
	cfg.SchemasPath = ""
	cfg.AllowAdditionalPropertiesByDefault = true // unknown JSON members are ignored
	cfg.FieldsOptionalByDefault = true            // required only where tagged
	cfg.Components.SecuritySchemes = map[string]*huma.SecurityScheme{
		"basic":  {Type: "http", Scheme: "basic", Description: "API key as the user name, empty password."},
		"bearer": {Type: "http", Scheme: "bearer", Description: "OAuth2 access token from /oauth/token."},
	}
	if d.ShareSchemas {
		unlock := useSharedSchemas(&cfg)
		defer unlock()
	} else {
		registerAliases(cfg.Components.Schemas)
	}
	a.huma = humachi.New(r, cfg)
	a.huma.UseMiddleware(a.operationInfo, a.normalizeRequest, a.authenticate, a.enforceInputPolicy, // inputpolicy.go
		a.removeUploads) // last

	// routeGate answers 404 and 405 before chi; these cover what slips past
	// it (a trailing slash).
	r.NotFound(a.notFound)
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) { a.methodNotAllowed(w, r, nil) })
	r.Get("/healthz", a.healthz) // health.go
	r.Get("/readyz", a.readyz)   // health.go
	r.Handle("/metrics", a.metricsHandler())
	docs := apidocs.Handler()
	r.Handle("/docs", docs)
	r.Handle("/docs/*", docs)

	for _, area := range d.Areas {
		area(a)
	}
	a.indexRoutes()
	a.dropOpenObjects()
	return a
}

// dropOpenObjects removes additionalProperties: true from the document's
// schemas. Absent means the same to a validator (and to huma's, so unknown
// request members are still ignored), but generated clients read an
// explicit true as "this model carries arbitrary extra members" and give
// every response type a dictionary of them; our responses never carry
// members their schema does not declare.
func (a *API) dropOpenObjects() {
	seen := map[*huma.Schema]bool{}
	var walk func(s *huma.Schema)
	walk = func(s *huma.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		if b, ok := s.AdditionalProperties.(bool); ok && b {
			s.AdditionalProperties = nil
		}
		if as, ok := s.AdditionalProperties.(*huma.Schema); ok {
			walk(as)
		}
		for _, p := range s.Properties {
			walk(p)
		}
		walk(s.Items)
		for _, l := range [][]*huma.Schema{s.OneOf, s.AnyOf, s.AllOf} {
			for _, e := range l {
				walk(e)
			}
		}
	}
	for _, s := range a.huma.OpenAPI().Components.Schemas.Map() {
		walk(s)
	}
}

// Handler returns the root handler with the outer middleware.
func (a *API) Handler() http.Handler {
	return a.observe(a.routeGate(a.router))
}

// Router exposes the chi router for areas that serve non-JSON pages.
func (a *API) Router() chi.Router { return a.router }

// Huma exposes the huma API (tests, the openapi command).
func (a *API) Huma() huma.API { return a.huma }

// AddPath makes a non-huma route's literal segments case-insensitive. Routes
// registered on Router() before New returns are indexed with their methods
// anyway; a path added here alone matches any method (chi decides).
func (a *API) AddPath(pattern string) { a.canon.add(pattern) }

// Register adds one operation with what it needs of its caller (see
// Needs: an operation under a business that does not declare its needs
// panics here). The handler's errors are turned into ProblemDetails here,
// so handlers just return service errors.
func Register[I, O any](a *API, needs Needs, op huma.Operation, h func(ctx context.Context, in *I) (*O, error)) {
	needs.check(a, op.Method, op.Path)
	if op.Metadata == nil {
		op.Metadata = map[string]any{}
	}
	op.Metadata["needs"] = needs
	if op.OperationID == "" {
		op.OperationID = OperationID(op.Method, op.Path)
	}
	if needs.Level != LevelPublic {
		op.Security = []map[string][]string{{"basic": {}}, {"bearer": {}}}
	}
	if op.DefaultStatus == 0 {
		op.DefaultStatus = http.StatusOK // the API answers 200 even without a body
	}
	if op.MaxBodyBytes == 0 {
		op.MaxBodyBytes = a.Config.MaxBodyBytes
	}
	if d := needs.describe(); d != "" {
		if op.Description != "" || familyOperation(needs.Permission.names) && needs.Permission.kind == permFlags && needs.Level == LevelBusiness {
			op.Description += " "
		}
		op.Description += d
	}
	if partial, _ := op.Metadata[partialBodyKey].(bool); partial {
		a.partialBody(&op, reflect.TypeFor[I]())
	}
	requestExample(&op, reflect.TypeFor[I]())
	huma.Register(a.huma, op, func(ctx context.Context, in *I) (*O, error) {
		out, err := h(ctx, in)
		if err != nil {
			return nil, toProblem(ctx, err)
		}
		return out, nil
	})
	documentUpload(a.huma.OpenAPI(), op.Method, op.Path)
}

// NeedsOf is what a registered operation declared (false for an
// operation registered outside Register).
func NeedsOf(op *huma.Operation) (Needs, bool) {
	n, ok := op.Metadata["needs"].(Needs)
	return n, ok
}

// OperationID derives a stable id such as get-api-v2-business-businessId.
func OperationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, seg := range splitPath(path) {
		seg = strings.Trim(seg, "{}")
		b.WriteByte('-')
		b.WriteString(seg)
	}
	return b.String()
}

func (a *API) operationInfo(ctx huma.Context, next func(huma.Context)) {
	if ri := infoFrom(ctx.Context()); ri != nil {
		ri.operation = ctx.Operation().OperationID
	}
	next(ctx)
}

// removeUploads removes the temporary files of a multipart body once the
// operation is done. huma parses the body into the request its context
// holds, and huma.WithContext (authenticate's) gives that context a copy of
// the request: net/http only removes the files of the request it handed
// out, so each part beyond huma's in-memory limit (8 KB) stayed on disk.
// It must be the last middleware, so that its context is the handler's.
func (a *API) removeUploads(ctx huma.Context, next func(huma.Context)) {
	defer func() { // also when the handler panics
		if r, _ := humachi.Unwrap(ctx); r.MultipartForm != nil {
			_ = r.MultipartForm.RemoveAll()
		}
	}()
	next(ctx)
}

// authenticate resolves the caller, authorises the addressed business
// (404 for another tenant's), applies the operation's declared needs
// (access.go: 404 for an employee outside a restricted user's scope, 403
// naming a missing permission) and the rate limit. It is the one place
// that decides who may call what. A dependency failure on the way (the
// database down) is 503 with Retry-After, never a 401 or 404.
func (a *API) authenticate(ctx huma.Context, next func(huma.Context)) {
	op := ctx.Operation()
	needs, declared := op.Metadata["needs"].(Needs)
	r, w := humachi.Unwrap(ctx)
	refuse := func(c context.Context, err error) { a.writeRefusal(w, r, c, err) }
	if !declared { // registered outside Register: nothing to decide from
		refuse(r.Context(), payroll.Forbidden("this operation declares no access needs"))
		return
	}
	p, err := a.principal(r)
	switch {
	case err != nil && payroll.KindOf(err) != payroll.KindUnauthorized:
		refuse(r.Context(), err)
		return
	case err != nil || (p == nil && needs.Level != LevelPublic):
		refuse(r.Context(), payroll.Unauthorized("Authorization has been denied for this request."))
		return
	}
	if p == nil { // a public operation: limited per client address instead
		if ok, wait := a.allow(r.Context(), "ip:"+a.ClientAddr(r)+"|"+op.OperationID); !ok {
			writeProblem(w, r, rateLimited(wait))
			return
		}
		next(ctx)
		return
	}
	if ri := infoFrom(r.Context()); ri != nil {
		ri.principal = strconv.FormatInt(p.UserID, 10)
	}
	c := payroll.WithPrincipal(ctx.Context(), p)
	limitKey := p.Credential
	if strings.Contains(op.Path, "{businessId}") {
		raw := ctx.Param("businessId")
		limitKey += "|" + raw
		id, perr := strconv.ParseInt(raw, 10, 64)
		var acc business.Access
		if perr != nil {
			err = payroll.NotFound("business")
		} else {
			acc, err = a.Businesses.Authorize(c, p, id)
		}
		if err != nil {
			refuse(c, err)
			return
		}
		c = business.WithAccess(c, acc)
		if c, err = a.authorise(c, needs, op.Path, acc, p, false, ctx.Param); err != nil {
			refuse(c, err)
			return
		}
	}
	if needs.Level == LevelSelf {
		raw := ctx.Param("employeeId")
		acc, self, err := a.selfService(c, p, raw)
		if err != nil {
			refuse(c, err)
			return
		}
		limitKey += "|" + strconv.FormatInt(acc.Business.ID, 10)
		c = context.WithValue(business.WithAccess(c, acc), selfKey{}, self)
		if c, err = a.authorise(c, needs, op.Path, acc, p, self, ctx.Param); err != nil {
			refuse(c, err)
			return
		}
	}
	if ok, wait := a.allow(r.Context(), limitKey); !ok {
		writeProblem(w, r, rateLimited(wait))
		return
	}
	next(huma.WithContext(ctx, c))
}

// unavailableRetry is the Retry-After of a 503 while a dependency fails.
const unavailableRetry = "5"

// writeRefusal answers a request the authenticate path refused: a domain
// error (401, 403, 404) as its problem; anything else means a dependency
// (the database) could not be asked, which is 503 with Retry-After and an
// error log line naming the cause: the caller's credentials may be fine.
func (a *API) writeRefusal(w http.ResponseWriter, r *http.Request, ctx context.Context, err error) {
	var pe *payroll.Error
	if errors.As(err, &pe) && pe.Kind != payroll.KindInternal {
		writeProblem(w, r, toProblem(ctx, err).(*Problem))
		return
	}
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		writeProblem(w, r, newProblem(499, "request cancelled"))
		return
	}
	a.log.ErrorContext(ctx, "cannot authorise the request: a dependency failed", "err", err, "requestId", RequestID(ctx),
		"method", r.Method, "path", r.URL.Path)
	p := newProblem(http.StatusServiceUnavailable, "The service cannot check your access right now; retry shortly.")
	p.headers = http.Header{"Retry-After": {unavailableRetry}}
	writeProblem(w, r, p)
}

// selfService authorises p for the ESS operations of the employee raw names.
func (a *API) selfService(ctx context.Context, p *payroll.Principal, raw string) (business.Access, bool, error) {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || a.SelfService == nil {
		return business.Access{}, false, payroll.NotFound("employee")
	}
	return a.SelfService(ctx, p, id)
}

type selfKey struct{}

// SelfEmployee reports whether the caller of an EmployeeSelf operation is
// the addressed employee's own self-service user (rather than a business
// user acting for them).
func SelfEmployee(ctx context.Context) bool {
	self, _ := ctx.Value(selfKey{}).(bool)
	return self
}

// principal reads credentials: Basic (API key as user name), Bearer
// (OAuth access token) or an apiKey header. No credentials = nil, nil.
func (a *API) principal(r *http.Request) (*payroll.Principal, error) {
	h := r.Header.Get("Authorization")
	scheme, value, _ := strings.Cut(h, " ")
	value = strings.TrimSpace(value)
	switch {
	case strings.EqualFold(scheme, "basic") && value != "":
		raw, err := base64.StdEncoding.DecodeString(value)
		if err != nil {
			return nil, payroll.Unauthorized("malformed Basic credentials")
		}
		key, _, _ := strings.Cut(string(raw), ":")
		if key == "" {
			return nil, payroll.Unauthorized("empty API key")
		}
		return a.Users.AuthenticateAPIKey(r.Context(), key)
	case strings.EqualFold(scheme, "bearer") && value != "":
		if a.BearerAuth == nil {
			return nil, payroll.Unauthorized("bearer tokens are not accepted")
		}
		return a.BearerAuth(r.Context(), value)
	case h != "":
		return nil, payroll.Unauthorized("unsupported Authorization scheme")
	}
	if key := r.Header.Get("apiKey"); key != "" {
		return a.Users.AuthenticateAPIKey(r.Context(), key)
	}
	return nil, nil
}

// MaxFormBytes bounds the form body a plain route reads.
const MaxFormBytes = 64 << 10

// PlainRoute serves a non-huma route; id names it in metrics and logs.
// Paths carrying a secret ({token}) are logged as their pattern, and form
// posts (password sign-in, token requests) are rate limited per client IP.
func (a *API) PlainRoute(method, pattern string, h http.HandlerFunc) {
	id := OperationID(method, pattern)
	secretPath := strings.Contains(pattern, "{token}")
	a.router.MethodFunc(method, pattern, func(w http.ResponseWriter, r *http.Request) {
		if ri := infoFrom(r.Context()); ri != nil {
			ri.operation = id
			if secretPath {
				ri.logPath = pattern
			}
		}
		if method == http.MethodPost {
			if ok, wait := a.allow(r.Context(), "ip:"+a.ClientAddr(r)+"|"+pattern); !ok {
				writeProblem(w, r, rateLimited(wait))
				return
			}
		}
		if !a.plainInputAllowed(w, r, pattern) { // inputpolicy.go
			return
		}
		h(w, r)
	})
	a.AddPath(pattern)
}
