package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Problem is the error body of every failure: RFC 9457 ProblemDetails plus
// the legacy `message` member older clients read, and for validation an
// `errors` map of field -> messages.
type Problem struct {
	Type     string              `json:"type"`
	Title    string              `json:"title"`
	Status   int                 `json:"status"`
	Detail   string              `json:"detail,omitempty"`
	Instance string              `json:"instance,omitempty"`
	Message  string              `json:"message"`
	Errors   map[string][]string `json:"errors,omitempty"`

	headers http.Header
}

func (p *Problem) Error() string  { return p.Detail }
func (p *Problem) GetStatus() int { return p.Status }

// ContentType lets huma send application/problem+json for JSON requests.
func (p *Problem) ContentType(ct string) string {
	if ct == "application/json" {
		return "application/problem+json"
	}
	return ct
}

// GetHeaders returns extra headers (Retry-After, WWW-Authenticate).
func (p *Problem) GetHeaders() http.Header { return p.headers }

func newProblem(status int, detail string) *Problem {
	title := http.StatusText(status)
	return &Problem{
		Type:    "https://httpstatuses.io/" + itoa(status),
		Title:   title,
		Status:  status,
		Detail:  detail,
		Message: detail,
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// installErrorModel makes huma produce Problem bodies for its own errors
// (validation, parse, 413, ...). Huma reports validation as 422; the API we
// mirror answers 400, so it is mapped.
func installErrorModel() {
	huma.NewError = func(status int, msg string, errs ...error) huma.StatusError {
		return problemFromHuma(status, msg, errs)
	}
	huma.NewErrorWithContext = func(ctx huma.Context, status int, msg string, errs ...error) huma.StatusError {
		p := problemFromHuma(status, msg, errs)
		if ctx != nil {
			u := ctx.URL()
			p.Instance = u.Path
		}
		return p
	}
}

func problemFromHuma(status int, msg string, errs []error) *Problem {
	if status == http.StatusUnprocessableEntity {
		status = http.StatusBadRequest
	}
	// A foreign error reaching huma (not a *Problem) is a bug, not bad
	// input, unless it is a dependency failing.
	if status >= 500 {
		for _, e := range errs {
			if cause, ok := payroll.UnavailableCause(e); ok {
				return unavailable(context.Background(), cause, e)
			}
		}
		for _, e := range errs {
			slog.Error("internal error", "err", e)
		}
		return newProblem(status, "An unexpected error occurred.")
	}
	for _, e := range errs {
		var mbe *http.MaxBytesError
		if errors.As(e, &mbe) || strings.Contains(e.Error(), "request body too large") {
			status, msg = http.StatusRequestEntityTooLarge, "request body is too large"
		}
	}
	p := newProblem(status, msg)
	for _, e := range errs {
		var d *huma.ErrorDetail
		if errors.As(e, &d) {
			field := fieldFromLocation(d.Location)
			if m := requiredRE.FindStringSubmatch(d.Message); m != nil {
				field = fieldFromLocation(d.Location + "." + m[1])
			}
			if p.Errors == nil {
				p.Errors = map[string][]string{}
			}
			p.Errors[field] = append(p.Errors[field], d.Message)
		}
	}
	if len(p.Errors) > 0 {
		fields := make([]string, 0, len(p.Errors))
		for f := range p.Errors {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		parts := make([]string, 0, len(fields))
		for _, f := range fields {
			parts = append(parts, f+": "+strings.Join(p.Errors[f], "; "))
		}
		p.Detail = msg + ": " + strings.Join(parts, ", ")
		p.Message = p.Detail
	}
	return p
}

// requiredRE finds the member huma names when a required one is missing
// (it reports the error at the parent object).
var requiredRE = regexp.MustCompile(`expected required property (\S+) to be present`)

// fieldFromLocation turns huma's "body.address.line1" / "query.$top" into
// the member name clients sent.
func fieldFromLocation(loc string) string {
	for _, prefix := range []string{"body.", "query.", "path.", "header."} {
		if strings.HasPrefix(loc, prefix) {
			return loc[len(prefix):]
		}
	}
	return loc
}

// toProblem converts a service error into the Problem the client sees.
func toProblem(ctx context.Context, err error) error {
	var p *Problem
	if errors.As(err, &p) {
		return p
	}
	var se huma.StatusError
	if errors.As(err, &se) {
		return se
	}
	if cause, ok := payroll.UnavailableCause(err); ok {
		return unavailable(ctx, cause, err)
	}
	var e *payroll.Error
	if !errors.As(err, &e) {
		if errors.Is(err, context.Canceled) {
			return newProblem(499, "request cancelled")
		}
		slog.ErrorContext(ctx, "internal error", "err", err, "requestId", RequestID(ctx))
		return newProblem(http.StatusInternalServerError, "An unexpected error occurred.")
	}
	status := map[payroll.Kind]int{
		payroll.KindInvalid:      http.StatusBadRequest,
		payroll.KindUnauthorized: http.StatusUnauthorized,
		payroll.KindForbidden:    http.StatusForbidden,
		payroll.KindNotFound:     http.StatusNotFound,
		payroll.KindConflict:     http.StatusConflict,
		payroll.KindTooLarge:     http.StatusRequestEntityTooLarge,
		payroll.KindRateLimited:  http.StatusTooManyRequests,
	}[e.Kind]
	if status == 0 {
		slog.ErrorContext(ctx, "internal error", "err", err, "requestId", RequestID(ctx))
		return newProblem(http.StatusInternalServerError, "An unexpected error occurred.")
	}
	p = newProblem(status, e.Error())
	if e.Kind == payroll.KindInvalid {
		p.Errors = e.Fields
		if p.Errors == nil && e.Field != "" {
			p.Errors = map[string][]string{e.Field: {e.Message}}
		}
	}
	if e.Kind == payroll.KindUnauthorized {
		p.headers = http.Header{"WWW-Authenticate": {`Basic realm="payrolld", Bearer`}}
	}
	return p
}

// RetryAfterUnavailable is the Retry-After of a 503: storage failures
// (a full disk, a read-only file, a restarting database) are recovered
// from as soon as the cause is gone, so clients come back soon.
const RetryAfterUnavailable = 5 * time.Second

// unavailable is the 503 of a dependency failing: the client is told to
// retry; the operator's log names the cause. The answer does not (it is
// the operator's business what the storage is).
func unavailable(ctx context.Context, cause string, err error) *Problem {
	slog.ErrorContext(ctx, "service unavailable: "+cause, "cause", cause, "err", err, "requestId", RequestID(ctx))
	p := newProblem(http.StatusServiceUnavailable, "The service is temporarily unavailable; retry later.")
	p.headers = http.Header{"Retry-After": {strconv.Itoa(int(RetryAfterUnavailable / time.Second))}}
	return p
}

// writeProblem writes p outside huma (router 404/405, panics, middleware).
func writeProblem(w http.ResponseWriter, r *http.Request, p *Problem) {
	if p.Instance == "" && r != nil {
		p.Instance = r.URL.Path
	}
	for k, vs := range p.headers {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(p.Status)
	_ = jsonEncode(w, p)
}
