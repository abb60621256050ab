package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/version"
)

// The two probes a load balancer or orchestrator uses (README, "Health
// checks"):
//
//   - GET /healthz is liveness: 200 while the process serves HTTP at all,
//     whatever its dependencies do. Restarting a node whose database is
//     down does not bring the database back, so liveness never looks at it.
//   - GET /readyz is readiness: 200 only while this node can do its work
//     (Deps.Ready, wired by the app: the database answers and accepts
//     writes, every background worker is running); otherwise 503 with
//     Retry-After and the reason, so the balancer sends traffic to other
//     nodes until this one is ready again (without a restart). The app
//     logs each change of readiness, not each probe.

// healthBody is GET /healthz's answer: it never changes while the process
// runs, and says which build answers (a rolling upgrade shows which nodes
// run the new one).
var healthBody = sync.OnceValue(func() []byte {
	b, _ := json.Marshal(map[string]string{"status": "ok", "version": version.String()})
	return append(b, '\n')
})

func (a *API) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(healthBody())
}

// readyTimeout bounds a readiness check: a database that takes longer
// than this to answer is not ready.
const readyTimeout = 3 * time.Second

func (a *API) readyz(w http.ResponseWriter, r *http.Request) {
	if a.Ready != nil {
		ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
		defer cancel()
		if err := a.Ready(ctx); err != nil {
			reason := err.Error()
			if cause, ok := payroll.UnavailableCause(err); ok {
				reason = cause
			}
			p := newProblem(http.StatusServiceUnavailable, "not ready: "+reason)
			p.headers = http.Header{"Retry-After": {strconv.Itoa(int(RetryAfterUnavailable / time.Second))}, "Cache-Control": {"no-store"}}
			writeProblem(w, r, p)
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte(`{"status":"ready"}` + "\n"))
}
