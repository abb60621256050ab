// Command jobload measures the River job queue (internal/job) on its own:
// N jobs, each inserted in its own write transaction by -emitters
// goroutines while a client works them; each job POSTs one small body to a
// receiver on 127.0.0.1 (the shape of a web hook delivery, without the
// delivery bookkeeping). It reports jobs worked per second and the
// commit-to-arrival latency percentiles, so River's own cost per job can be
// compared with the web hook worker's (bench/webhookload).
//
// Usage:
//
//	go run ./bench/jobload -engine sqlite -jobs 1000
//	PAYROLL_BENCH_DATABASE_URL=postgres://payroll:payroll@127.0.0.1:5432/payroll_test?sslmode=disable \
//	    go run ./bench/jobload -engine postgres
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/payrolld/payrolld/bench"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/job"
	"github.com/payrolld/payrolld/internal/store"
)

type postArgs struct {
	Seq int    `json:"seq"`
	URL string `json:"url"`
}

func (postArgs) Kind() string { return "bench_post" }

type poster struct {
	job.WorkerDefaults[postArgs]
	client *http.Client
}

func (p *poster) Work(ctx context.Context, j *job.Job[postArgs]) error {
	resp, err := p.client.Post(j.Args.URL, "text/plain", bytes.NewReader([]byte(strconv.Itoa(j.Args.Seq))))
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return nil
}

func main() {
	engine := flag.String("engine", "sqlite", "sqlite or postgres (PAYROLL_BENCH_DATABASE_URL)")
	n := flag.Int("jobs", 1000, "jobs")
	emitters := flag.Int("emitters", 4, "goroutines committing jobs")
	workers := flag.Int("workers", 100, "River MaxWorkers")
	poll := flag.Duration("poll", 20*time.Millisecond, "River fetch poll interval")
	flag.Parse()
	if err := run(*engine, *n, *emitters, *workers, *poll); err != nil {
		fmt.Fprintln(os.Stderr, "jobload:", err)
		os.Exit(1)
	}
}

func run(engine string, n, emitters, workers int, poll time.Duration) error {
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

	var mu sync.Mutex
	arrived := map[int]time.Time{}
	done := make(chan struct{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		b, _ := io.ReadAll(r.Body)
		seq, _ := strconv.Atoi(string(b))
		mu.Lock()
		defer mu.Unlock()
		if _, ok := arrived[seq]; !ok {
			arrived[seq] = at
			if len(arrived) == n {
				close(done)
			}
		}
	})}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	target := "http://" + ln.Addr().String() + "/"

	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	c := job.New(d, job.Options{Log: quiet, Queues: map[string]job.Queue{job.DefaultQueue: {MaxWorkers: workers, PollInterval: poll}}})
	tr := &http.Transport{MaxIdleConnsPerHost: workers}
	job.Register(c, job.Worker[postArgs](&poster{client: &http.Client{Transport: tr, Timeout: 10 * time.Second}}))
	runCtx, stop := context.WithCancel(ctx)
	stopped := make(chan error, 1)
	go func() { stopped <- c.Run(runCtx) }()
	defer func() { stop(); <-stopped }()

	committed := make([]time.Time, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	errs := make(chan error, emitters)
	for range emitters {
		wg.Go(func() {
			for {
				seq := int(next.Add(1) - 1)
				if seq >= n {
					return
				}
				err := d.InTx(ctx, func(q *store.Queries) error { return c.Insert(ctx, q, postArgs{Seq: seq, URL: target}, nil) })
				committed[seq] = time.Now()
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	emitTook := time.Since(start)
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		return fmt.Errorf("only %d of %d jobs arrived", len(arrived), n)
	}
	mu.Lock()
	defer mu.Unlock()
	var last time.Time
	var lat []time.Duration
	for seq, at := range arrived {
		lat = append(lat, at.Sub(committed[seq]))
		if at.After(last) {
			last = at
		}
	}
	slices.Sort(lat)
	p := func(q int) float64 {
		i := min(max((len(lat)*q+99)/100-1, 0), len(lat)-1)
		return float64(lat[i].Microseconds()) / 1000
	}
	fmt.Printf("engine=%s jobs=%d emitters=%d workers=%d poll=%s\n", d.Dialect, n, emitters, workers, poll)
	fmt.Printf("commit/s %.0f  worked/s %.0f  p50 %.1f ms  p90 %.1f ms  p99 %.1f ms  max %.1f ms\n",
		float64(n)/emitTook.Seconds(), float64(n)/last.Sub(start).Seconds(), p(50), p(90), p(99), p(100))
	return nil
}

// database returns the DSN to use and a cleanup: a temporary SQLite file,
// or a fresh schema in PAYROLL_BENCH_DATABASE_URL.
func database(engine string) (string, func(), error) {
	switch engine {
	case "sqlite":
		return bench.ScratchDSN("jobload", "")
	case "postgres":
		base := os.Getenv("PAYROLL_BENCH_DATABASE_URL")
		if base == "" {
			return "", nil, fmt.Errorf("set PAYROLL_BENCH_DATABASE_URL for -engine postgres")
		}
		return bench.ScratchDSN("jobload", base)
	}
	return "", nil, fmt.Errorf("unknown engine %q", engine)
}
