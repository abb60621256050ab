// Package httpapi serves the HTTP API: huma on chi, the wire conventions,
// authentication and tenancy, and one file per area registering its
// operations. Handlers are thin: DTO -> service -> DTO.
package httpapi

import (
	"context"
	"encoding/base64"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/collections"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/go-chi/chi/v5"

	"github.com/payrolld/payrolld/internal/apidocs"
	"github.com/payrolld/payrolld/internal/brand"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
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
	DB         *db.DB
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
	// EmployeeInScope reports whether p sees employee employeeID of biz under
	// the access in ctx (nil, or a not-found error): the permission check of
	// operations naming an employee (employee.Service.Visible).
	EmployeeInScope func(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) error
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

// Auth is the access an operation requires.
type Auth int

const (
	// Public operations need no credentials.
	Public Auth = iota
	// Authenticated operations need any valid credentials.
	Authenticated
	// BusinessUser operations address {businessId} and need any access to it.
	BusinessUser
	// BusinessAdmin operations address {businessId} and need unrestricted access.
	BusinessAdmin
	// EmployeeSelf operations are the self-service (ESS) operations under
	// /api/v2/ess/{employeeId}: the employee's own self-service user or a
	// business user whose scope covers the employee. The employee's
	// business is authorised as for BusinessUser (CurrentBusiness works);
	// SelfEmployee tells the two callers apart.
	EmployeeSelf
)

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
	r.Handle("/metrics", a.metrics.handler())
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

// Register adds one operation. The handler's errors are turned into
// ProblemDetails here, so handlers just return service errors.
func Register[I, O any](a *API, auth Auth, op huma.Operation, h func(ctx context.Context, in *I) (*O, error)) {
	if op.Metadata == nil {
		op.Metadata = map[string]any{}
	}
	op.Metadata["auth"] = auth
	if auth == EmployeeSelf && !strings.Contains(op.Path, "{employeeId}") {
		panic("httpapi: EmployeeSelf operation without {employeeId}: " + op.Path)
	}
	if op.OperationID == "" {
		op.OperationID = OperationID(op.Method, op.Path)
	}
	if auth != Public {
		op.Security = []map[string][]string{{"basic": {}}, {"bearer": {}}}
	}
	if op.DefaultStatus == 0 {
		op.DefaultStatus = http.StatusOK // the API answers 200 even without a body
	}
	if op.MaxBodyBytes == 0 {
		op.MaxBodyBytes = a.Config.MaxBodyBytes
	}
	if perms := permissionsOf(op.Method, op.Path); perms != nil {
		op.Description += permissionDoc(perms)
	}
	huma.Register(a.huma, op, func(ctx context.Context, in *I) (*O, error) {
		out, err := h(ctx, in)
		if err != nil {
			return nil, toProblem(ctx, err)
		}
		return out, nil
	})
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

// authenticate resolves the caller, enforces the operation's Auth level,
// authorises the addressed business (404 for another tenant's) and applies
// the rate limit. It is the one place that decides who may call what.
func (a *API) authenticate(ctx huma.Context, next func(huma.Context)) {
	op := ctx.Operation()
	auth, _ := op.Metadata["auth"].(Auth)
	r, w := humachi.Unwrap(ctx)
	p, err := a.principal(r)
	if err != nil || (p == nil && auth != Public) {
		pr := toProblem(r.Context(), payroll.Unauthorized("Authorization has been denied for this request.")).(*Problem)
		writeProblem(w, r, pr)
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
		if err == nil && auth == BusinessAdmin && !acc.Unrestricted {
			err = payroll.Forbidden("this operation needs unrestricted access to the business")
		}
		if err != nil {
			writeProblem(w, r, toProblem(c, err).(*Problem))
			return
		}
		c = business.WithAccess(c, acc)
		if c, err = a.enforcePermissions(c, op.Method, op.Path, acc, p, ctx.Param); err != nil {
			writeProblem(w, r, toProblem(c, err).(*Problem))
			return
		}
	}
	if auth == EmployeeSelf {
		raw := ctx.Param("employeeId")
		acc, self, err := a.selfService(c, p, raw)
		if err != nil {
			writeProblem(w, r, toProblem(c, err).(*Problem))
			return
		}
		limitKey += "|" + strconv.FormatInt(acc.Business.ID, 10)
		c = context.WithValue(business.WithAccess(c, acc), selfKey{}, self)
	}
	if ok, wait := a.allow(r.Context(), limitKey); !ok {
		writeProblem(w, r, rateLimited(wait))
		return
	}
	next(huma.WithContext(ctx, c))
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
