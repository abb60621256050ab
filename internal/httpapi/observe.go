package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/payrolld/payrolld/internal/payroll"
)

// reqInfo travels in the request context from the outermost middleware so
// inner layers (auth, huma) can fill in what the access log and metrics
// report.
type reqInfo struct {
	id        string
	operation string
	principal string
	logPath   string // set when the path itself holds a secret
}

type reqInfoKey struct{}

func infoFrom(ctx context.Context) *reqInfo {
	ri, _ := ctx.Value(reqInfoKey{}).(*reqInfo)
	return ri
}

// RequestID returns the id of the request ctx belongs to.
func RequestID(ctx context.Context) string {
	if ri := infoFrom(ctx); ri != nil {
		return ri.id
	}
	return ""
}

type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// metrics holds the private Prometheus registry.
type metrics struct {
	reg      *prometheus.Registry
	duration *prometheus.HistogramVec
	inflight prometheus.Gauge
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "payrolld_http_request_duration_seconds",
			Help:    "HTTP request latency by operation and status.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"operation", "method", "status"}),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "payrolld_http_requests_in_flight",
			Help: "Requests being served.",
		}),
	}
	m.reg.MustRegister(m.duration, m.inflight,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// MetricsHandler serves the metrics without credentials: for the
// operator's own listener (PAYROLL_METRICS_ADDR), never the API's.
func (a *API) MetricsHandler() http.Handler { return a.metrics.handler() }

// metricsHandler is the API's /metrics: a system administrator's
// credentials only (request counts and latencies per operation tell an
// outsider what the service is used for).
func (a *API) metricsHandler() http.Handler {
	h := a.metrics.handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := a.principal(r)
		switch {
		case err != nil && payroll.KindOf(err) != payroll.KindUnauthorized:
			a.writeRefusal(w, r, r.Context(), err)
		case err != nil || p == nil:
			a.writeRefusal(w, r, r.Context(), payroll.Unauthorized("Authorization has been denied for this request."))
		case !p.IsSystemAdmin():
			a.writeRefusal(w, r, r.Context(), payroll.Forbidden("the metrics need a system administrator"))
		default:
			h.ServeHTTP(w, r)
		}
	})
}

// observe is the outermost middleware: request id, panic recovery,
// access log and latency metrics.
func (a *API) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ri := &reqInfo{id: r.Header.Get("X-Request-Id")}
		if ri.id == "" || len(ri.id) > 64 {
			var b [8]byte
			_, _ = rand.Read(b[:])
			ri.id = hex.EncodeToString(b[:])
		}
		w.Header().Set("X-Request-Id", ri.id)
		sw := &statusWriter{ResponseWriter: w}
		r = r.WithContext(context.WithValue(r.Context(), reqInfoKey{}, ri))
		a.metrics.inflight.Inc()
		defer func() {
			a.metrics.inflight.Dec()
			if rec := recover(); rec != nil {
				if rec == http.ErrAbortHandler {
					panic(rec)
				}
				if f, ok := rec.(streamFailed); ok {
					a.log.Error("streamed answer failed after its status was sent: connection aborted", "requestId", ri.id, "error", f.err)
					panic(http.ErrAbortHandler)
				}
				slog.Error("panic serving request", "requestId", ri.id, "panic", rec, "stack", string(debug.Stack()))
				if sw.status == 0 {
					writeProblem(sw, r, newProblem(http.StatusInternalServerError, "An unexpected error occurred."))
				}
			}
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			op := ri.operation
			if op == "" {
				op = "other"
			}
			elapsed := time.Since(start)
			a.metrics.duration.WithLabelValues(op, r.Method, strconv.Itoa(status)).Observe(elapsed.Seconds())
			path := r.URL.Path
			if ri.logPath != "" {
				path = ri.logPath
			}
			a.log.LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("requestId", ri.id), slog.String("method", r.Method), slog.String("path", path),
				slog.Int("status", status), slog.Int64("bytes", sw.bytes),
				slog.Float64("ms", float64(elapsed.Microseconds())/1000), slog.String("operation", op),
				slog.String("principal", ri.principal), slog.String("remote", r.RemoteAddr))
		}()
		next.ServeHTTP(sw, r)
	})
}
