package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// KillRoundsEnv sets the rounds of TestKillDuringFinalise per engine (a
// longer soak); the default is 8, 3 with -short.
const KillRoundsEnv = "PAYROLL_KILL_ROUNDS"

// serveEnv makes this test binary run the server (cli.Main) instead of
// the tests: TestKillDuringFinalise runs its own executable as the server
// process, so it needs no build of cmd/payrolld (a whole second build of the
// server under CI's flags) and the server is the code under test, with the
// race detector when the tests have it.
const serveEnv = "PAYROLLD_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := cli.Main(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// payrolldBinary is this test binary (see serveEnv).
func payrolldBinary(t *testing.T) string {
	t.Helper()
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// payrolld is a server process on 127.0.0.1.
type payrolld struct {
	cmd  *exec.Cmd
	url  string
	log  *bytes.Buffer
	done chan struct{}
}

// startPayrolld starts the binary on dsn with key as the bootstrap system
// administrator's API key and waits until it is ready.
func startPayrolld(t *testing.T, bin, dsn, key string) *payrolld {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	p := &payrolld{url: "http://" + addr, log: &bytes.Buffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(bin, "serve")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PAYROLL_") {
			p.cmd.Env = append(p.cmd.Env, kv)
		}
	}
	p.cmd.Env = append(p.cmd.Env, serveEnv+"=1", "PAYROLL_ADDR="+addr, "PAYROLL_DATABASE_URL="+dsn, "PAYROLL_BOOTSTRAP_API_KEY="+key,
		"PAYROLL_WEBHOOK_ALLOW_PRIVATE=true", "PAYROLL_RATE_LIMIT_RPS=0", "PAYROLL_LOG_LEVEL=error")
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = p.cmd.Wait(); close(p.done) }()
	t.Cleanup(p.kill)
	deadline := time.Now().Add(90 * time.Second)
	for {
		select {
		case <-p.done:
			t.Fatalf("payrolld exited while starting: %s", p.log)
		default:
		}
		if res, err := http.Get(p.url + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("payrolld not ready after 90 s: %s", p.log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *payrolld) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// Kill -9 of the server process at random moments during a
// finalise. After a restart the run is either finalised with every effect
// (state, audit, leave ledger, web hook events, published pay slips,
// recurring deduction totals, pay history) or not finalised with none of
// them; a finalise whose 200 reached the client is always there, as is
// every other write acknowledged before the kill (pay categories created
// beside the finalise). A run left draft then finalises normally. The
// kill moments are spread over twice the time a finalise of the same run
// size took beside the same writes.
// SQLite, and PostgreSQL when PAYROLL_TEST_DATABASE_URL is set (a fresh
// schema); PAYROLL_KILL_ROUNDS sets the rounds.
func TestKillDuringFinalise(t *testing.T) {
	rounds := 8
	if testing.Short() {
		rounds = 3
	}
	if v := os.Getenv(KillRoundsEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a positive number", KillRoundsEnv, v)
		}
		rounds = n
	}
	bin := payrolldBinary(t)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.Copy(io.Discard, r.Body) }))
	t.Cleanup(hook.Close)
	for _, e := range testkit.Engines() {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			killDuringFinalise(t, e, bin, hook.URL, rounds)
		})
	}
}

func killDuringFinalise(t *testing.T, e db.Dialect, bin, hook string, rounds int) {
	ctx := context.Background()
	dsn := filepath.Join(t.TempDir(), "kill.db")
	if e == db.Postgres {
		dsn = testkit.FreshPostgresURL(t)
	}
	adminKey := "pk_kill_admin_0123456789"
	srv := startPayrolld(t, bin, dsn, adminKey)
	d, err := db.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	f := newFinaliseFixture(t, srv.url, adminKey, 150, hook)
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 1))
	t.Logf("%s: seed %d", e, seed)

	var mu sync.Mutex
	var acked []int64 // pay categories created with a 200 before a kill
	// attempt finalises a run while pay categories are created beside it,
	// and kills the server kill after sending the finalise (kill < 0:
	// waits for the answer and returns how long it took).
	attempt := func(k int, run int64, kill time.Duration) (status int, took time.Duration, err error) {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				st, raw, err := f.c.do("POST", f.B+"/paycategory", map[string]any{"name": fmt.Sprintf("Ack %d-%d", k, i), "rateUnit": "Fixed"})
				if err != nil {
					return
				}
				if st != http.StatusOK {
					t.Errorf("pay category beside the finalise: %d %s", st, raw)
					return
				}
				var r struct {
					ID int64 `json:"id"`
				}
				if err := json.Unmarshal(raw, &r); err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				acked = append(acked, r.ID)
				mu.Unlock()
			}
		})
		answered := make(chan struct{})
		began := time.Now()
		wg.Go(func() {
			status, _, err = f.c.do("POST", fmt.Sprintf("%s/payrun/%d/finalise", f.B, run), finaliseBody)
			took = time.Since(began)
			close(answered)
		})
		if kill < 0 {
			<-answered
		} else {
			time.Sleep(kill)
			srv.kill()
		}
		close(stop)
		wg.Wait()
		return status, took, err
	}

	// Run 0 calibrates: its finalise's time sets the window of kill moments.
	run := f.createRun(t, 0)
	st, took, err := attempt(0, run, -1)
	if err != nil || st != http.StatusOK {
		t.Fatalf("finalise: %d %v", st, err)
	}
	window := 2 * took
	f.checkRun(t, d, run, 1, 0)
	t.Logf("%s: finalise of %d employees took %v; kill moments in [0, %v)", e, len(f.employees), took, window)

	// Each outcome's count and the range of kill moments that gave it.
	type outcome struct {
		n        int
		min, max time.Duration
	}
	outcomes := map[string]outcome{}
	for k := 1; k <= rounds; k++ {
		run := f.createRun(t, k)
		P := fmt.Sprintf("%s/payrun/%d", f.B, run)
		delay := time.Duration(rng.Int64N(int64(window) + 1))
		finStatus, _, finErr := attempt(k, run, delay)
		if finErr == nil && finStatus != http.StatusOK {
			t.Fatalf("round %d: finalise answered %d before the kill", k, finStatus)
		}

		srv = startPayrolld(t, bin, dsn, adminKey)
		f.c.url = srv.url
		eff := effectsOf(t, d, run)
		outcome := "not finalised"
		switch {
		case finErr == nil:
			outcome = "acknowledged"
		case eff.status == "Finalised":
			outcome = "committed, answer lost"
		}
		o := outcomes[outcome]
		o.n++
		o.min, o.max = min(o.min, delay), max(o.max, delay)
		if o.n == 1 {
			o.min = delay
		}
		outcomes[outcome] = o
		if finErr == nil && eff.status != "Finalised" {
			t.Fatalf("round %d (killed after %v): the finalise was acknowledged but the run is %s", k, delay, eff.status)
		}
		f.checkRun(t, d, run, eff.finalisedCount, 0)
		mu.Lock()
		for _, id := range acked {
			if st, raw, err := f.c.do("GET", fmt.Sprintf("%s/paycategory/%d", f.B, id), nil); err != nil || st != http.StatusOK {
				t.Fatalf("round %d: pay category %d was acknowledged before the kill but reads %d %s %v", k, id, st, raw, err)
			}
		}
		mu.Unlock()
		if eff.status != "Finalised" {
			f.c.must(t, "POST", P+"/finalise", finaliseBody, nil)
			f.checkRun(t, d, run, 1, 0)
		}
		f.checkTotals(t, k+1)
	}
	for name, o := range outcomes {
		t.Logf("%s: %d kill(s) %s, at %v..%v after sending the finalise", e, o.n, name, o.min.Round(time.Microsecond), o.max.Round(time.Microsecond))
	}
	t.Logf("%s: %d kills; %d writes acknowledged beside them, all present after the restarts", e, rounds, len(acked))
}
