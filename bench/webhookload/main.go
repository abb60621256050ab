// Command webhookload measures web hook delivery: it registers a fast
// receiver on 127.0.0.1, emits N events (each in its own write
// transaction, as an area would) while the delivery worker runs, and
// reports delivered events per second and the commit-to-delivery latency
// percentiles. Every event must arrive exactly once.
//
// Two scenarios run by default:
//
//   - stream: events are committed by -emitters goroutines while the
//     worker runs (latency = arrival at the receiver - commit returned);
//   - backlog: all N events are committed with no worker running, then one
//     starts (throughput of draining a queue, e.g. after an outage).
//
// -rate paces the emitters to an offered load (events committed per
// second, evenly spaced), so "sustains N/s with p99 under X" is measured at
// N/s rather than at whatever rate the emitters reach on the machine.
//
// Usage:
//
//	go run ./bench/webhookload -engine sqlite -events 1000
//	PAYROLL_BENCH_DATABASE_URL=postgres://payroll:payroll@127.0.0.1:5432/payroll_test?sslmode=disable \
//	    go run ./bench/webhookload -engine postgres
//
// On PostgreSQL it works in a fresh schema it drops at the end.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/payrolld/payrolld/bench"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/webhook"
)

func main() {
	engine := flag.String("engine", "sqlite", "sqlite or postgres (PAYROLL_BENCH_DATABASE_URL)")
	events := flag.Int("events", 1000, "events per scenario")
	emitters := flag.Int("emitters", 4, "goroutines committing events in the stream scenario")
	poll := flag.Duration("poll", time.Second, "worker poll interval (PAYROLL_WEBHOOK_POLL_INTERVAL)")
	scenarios := flag.String("scenarios", "stream,backlog", "comma-separated: stream, backlog")
	verbose := flag.Bool("v", false, "log the worker's warnings")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile here")
	flag.IntVar(&perRegistration, "per-registration", 0, "sends in flight per registration (0 = the worker's default)")
	flag.Float64Var(&offered, "rate", 0, "stream: commit at most this many events/s over all emitters, evenly spaced (0 = as fast as they can)")
	flag.Parse()
	if *cpuprofile != "" {
		pf, err := os.Create(*cpuprofile)
		if err == nil && pprof.StartCPUProfile(pf) == nil {
			defer pprof.StopCPUProfile()
		}
	}
	if err := run(*engine, *events, *emitters, *poll, strings.Split(*scenarios, ","), *verbose); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "webhookload:", err)
		os.Exit(1)
	}
}

var (
	perRegistration int
	offered         float64
)

func run(engine string, n, emitters int, poll time.Duration, scenarios []string, verbose bool) error {
	ctx := context.Background()
	dsn, cleanup, err := database(engine)
	if err != nil {
		return err
	}
	defer cleanup()
	d, err := db.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx, db.MigrateOptions{NoLock: true}); err != nil {
		return err
	}
	f, err := bench.NewFixture(ctx, d)
	if err != nil {
		return err
	}
	svc := f.App.Webhooks
	svc.AllowPrivate = true // the receiver is on loopback
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if verbose {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}

	fmt.Printf("engine=%s events=%d emitters=%d poll=%s rate=%g/s GOMAXPROCS-visible CPUs=%d\n\n", d.Dialect, n, emitters, poll, offered, runtime.NumCPU())
	fmt.Printf("%-8s %9s %11s %11s %8s %8s %8s %8s %s\n", "scenario", "events", "commit/s", "deliver/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "check")
	for _, sc := range scenarios {
		sc = strings.TrimSpace(sc)
		if sc != "stream" && sc != "backlog" {
			return fmt.Errorf("unknown scenario %q", sc)
		}
		rcv, err := newReceiver(n)
		if err != nil {
			return err
		}
		if _, err := svc.Register(ctx, f.BusinessID, webhook.Input{URI: rcv.url + "/" + sc, Filters: []string{webhook.TimesheetCreated}}); err != nil {
			return err
		}
		res, err := scenario(ctx, sc, d, svc, f.BusinessID, rcv, n, emitters, poll, logger)
		// The next scenario gets its own registration; drop this one's.
		regs, _ := svc.List(ctx, f.BusinessID)
		for _, r := range regs {
			_ = svc.Delete(ctx, f.BusinessID, r.ID)
		}
		rcv.close()
		if err != nil {
			return err
		}
		fmt.Printf("%-8s %9d %11.0f %11.0f %8.1f %8.1f %8.1f %8.1f %s\n", sc, n, res.commitsPerSec, res.deliveriesPerSec,
			ms(res.p(50)), ms(res.p(90)), ms(res.p(99)), ms(res.p(100)), res.check)
	}
	return nil
}

type result struct {
	commitsPerSec, deliveriesPerSec float64
	latencies                       []time.Duration
	check                           string
}

func (r result) p(q int) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	i := (len(r.latencies)*q + 99) / 100 // nearest rank
	return r.latencies[min(max(i-1, 0), len(r.latencies)-1)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func scenario(ctx context.Context, name string, d *db.DB, svc *webhook.Service, biz int64, rcv *receiver, n, emitters int,
	poll time.Duration, logger *slog.Logger) (result, error) {
	committed := make([]time.Time, n)
	emit := func(seq int) error {
		err := d.InTx(ctx, func(q *store.Queries) error {
			return svc.Emit(ctx, q, biz, webhook.TimesheetCreated, map[string]any{"seq": seq, "employeeId": 42, "hours": 7.5})
		})
		committed[seq] = time.Now()
		return err
	}
	emitAll := func(workers int) (time.Duration, error) {
		start := time.Now()
		var next atomic.Int64
		var wg sync.WaitGroup
		errs := make(chan error, workers)
		for range workers {
			wg.Go(func() {
				for {
					seq := int(next.Add(1) - 1)
					if seq >= n {
						return
					}
					if offered > 0 { // an offered load: event seq is due at seq/rate
						time.Sleep(time.Until(start.Add(time.Duration(float64(seq) / offered * float64(time.Second)))))
					}
					if err := emit(seq); err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		return time.Since(start), <-errs
	}

	w := svc.NewWorker(poll, logger)
	if perRegistration > 0 {
		w.PerRegistration = perRegistration
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	startWorker := func() { go func() { done <- w.Run(wctx) }() }
	defer func() {
		stop()
		<-done
	}()

	var emitTook time.Duration
	var err error
	var t0 time.Time
	if name == "stream" {
		startWorker()
		t0 = time.Now()
		emitTook, err = emitAll(max(emitters, 1))
	} else {
		emitTook, err = emitAll(max(emitters, 1))
		t0 = time.Now()
		for i := range committed {
			committed[i] = t0 // latency = time from the worker's start
		}
		startWorker()
	}
	if err != nil {
		return result{}, err
	}
	select {
	case <-rcv.done:
	case <-time.After(2*time.Minute + time.Duration(n)*10*time.Millisecond):
		return result{}, fmt.Errorf("%s: only %d of %d events arrived", name, rcv.count(), n)
	}
	last := rcv.last()
	res := result{commitsPerSec: float64(n) / emitTook.Seconds(), deliveriesPerSec: float64(n) / last.Sub(t0).Seconds()}
	arrived, dup := rcv.snapshot()
	for seq, at := range arrived {
		res.latencies = append(res.latencies, max(at.Sub(committed[seq]), 0))
	}
	slices.Sort(res.latencies)
	res.check = "each once"
	if dup > 0 {
		res.check = fmt.Sprintf("%d duplicates", dup)
	}
	return res, nil
}

// receiver is a loopback web hook endpoint noting when each event arrived.
type receiver struct {
	url     string
	srv     *http.Server
	mu      sync.Mutex
	arrived map[int]time.Time
	dup     int
	want    int
	done    chan struct{}
	lastAt  time.Time
}

func newReceiver(want int) (*receiver, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &receiver{url: "http://" + ln.Addr().String(), arrived: map[int]time.Time{}, want: want, done: make(chan struct{})}
	r.srv = &http.Server{Handler: http.HandlerFunc(r.serve)}
	go func() { _ = r.srv.Serve(ln) }()
	return r, nil
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	at := time.Now()
	var body struct {
		Notifications []struct {
			Seq int `json:"seq"`
		}
	}
	if err := json.NewDecoder(req.Body).Decode(&body); err != nil || len(body.Notifications) != 1 {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	seq := body.Notifications[0].Seq
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, seen := r.arrived[seq]; seen {
		r.dup++
		return
	}
	r.arrived[seq] = at
	r.lastAt = at
	if len(r.arrived) == r.want {
		close(r.done)
	}
}

func (r *receiver) count() int { r.mu.Lock(); defer r.mu.Unlock(); return len(r.arrived) }
func (r *receiver) last() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.lastAt
}

func (r *receiver) snapshot() (map[int]time.Time, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.arrived, r.dup
}

func (r *receiver) close() { _ = r.srv.Close() }

// database returns the DSN to use and a cleanup: a temporary SQLite file,
// or a fresh schema in PAYROLL_BENCH_DATABASE_URL.
func database(engine string) (string, func(), error) {
	switch engine {
	case "sqlite":
		return bench.ScratchDSN("webhookload", "")
	case "postgres":
		base := os.Getenv("PAYROLL_BENCH_DATABASE_URL")
		if base == "" {
			return "", nil, fmt.Errorf("set PAYROLL_BENCH_DATABASE_URL for -engine postgres")
		}
		return bench.ScratchDSN("webhookload", base)
	}
	return "", nil, fmt.Errorf("unknown engine %q", engine)
}
