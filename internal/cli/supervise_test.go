package cli_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/payroll"
)

// A supervised background worker that stops on its own is restarted after
// a backoff that doubles (1 s, then 2 s), without a restart of the
// process; while it is down the node is not ready (/readyz 503, naming the
// worker) and /healthz stays 200; once it runs again /readyz is 200.
func TestStoppedWorkerIsRestartedWithBackoff(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := migratedSQLiteFile(t)
	app := cli.Build(config.Default(), d, payroll.SystemClock{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	// Runs 1 and 2 stop at once with an error; run 3 works until asked to stop.
	var mu sync.Mutex
	var starts, stops []time.Time
	third := make(chan struct{})
	app.AddWorker("flaky", func(ctx context.Context) error {
		mu.Lock()
		starts = append(starts, time.Now())
		n := len(starts)
		mu.Unlock()
		if n < 3 {
			mu.Lock()
			stops = append(stops, time.Now())
			mu.Unlock()
			return errors.New("lost its connection")
		}
		close(third)
		<-ctx.Done()
		return nil
	})
	ts := httptest.NewServer(app.Handler)
	t.Cleanup(ts.Close)
	get := func(path string) (int, string) {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	jobsCtx, stop := context.WithCancel(ctx)
	done := app.StartJobs(jobsCtx)
	t.Cleanup(func() { stop(); <-done })

	sawDown := false
	deadline := time.Now().Add(30 * time.Second)
wait:
	for {
		select {
		case <-third:
			break wait
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the stopped worker was not restarted within 30 s")
		}
		st, body := get("/readyz")
		mu.Lock()
		down := len(stops) == len(starts) // stopped and not yet started again
		mu.Unlock()
		if down && st == http.StatusServiceUnavailable && strings.Contains(body, "flaky") {
			sawDown = true
		}
		if st, _ := get("/healthz"); st != http.StatusOK {
			t.Fatalf("/healthz (liveness) %d while a worker restarts, want 200", st)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !sawDown {
		t.Fatal("/readyz never answered 503 naming the worker while it was down")
	}
	mu.Lock()
	first, second := starts[1].Sub(stops[0]), starts[2].Sub(stops[1])
	mu.Unlock()
	if first < time.Second || second < 2*time.Second || second <= first {
		t.Fatalf("restart backoff %v then %v, want at least 1 s then at least 2 s (doubling)", first, second)
	}
	if first > 5*time.Second || second > 8*time.Second {
		t.Fatalf("restart backoff %v then %v: too slow for a database that accepts writes", first, second)
	}
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		st, body := get("/readyz")
		if st == http.StatusOK {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("/readyz %d %s with the worker running again, want 200", st, body)
		}
	}
	t.Logf("restarted after %v and %v", first.Round(10*time.Millisecond), second.Round(10*time.Millisecond))
}
