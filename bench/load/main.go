// Command load measures authenticated GET and POST throughput and latency
// percentiles of payrolld over loopback, and the same GET against a minimal
// net/http handler doing the same database reads (framework overhead as a
// ratio). It starts both servers itself on 127.0.0.1 and stops after the
// given duration per scenario.
//
//	go run ./bench/load -engine sqlite -duration 10s -concurrency 16
//	PAYROLL_BENCH_DATABASE_URL=postgres://... go run ./bench/load -engine postgres
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/payrolld/payrolld/bench"
	"github.com/payrolld/payrolld/internal/db"
)

func main() {
	engine := flag.String("engine", "sqlite", "sqlite or postgres (PAYROLL_BENCH_DATABASE_URL)")
	duration := flag.Duration("duration", 10*time.Second, "duration of each scenario")
	concurrency := flag.Int("concurrency", 16, "concurrent clients")
	flag.Parse()
	if err := run(*engine, *duration, *concurrency); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

func run(engine string, duration time.Duration, concurrency int) error {
	ctx := context.Background()
	url := filepath.Join(os.TempDir(), fmt.Sprintf("payrolld-load-%d.db", os.Getpid()))
	if engine == "postgres" {
		url = os.Getenv("PAYROLL_BENCH_DATABASE_URL")
		if url == "" {
			return fmt.Errorf("set PAYROLL_BENCH_DATABASE_URL for -engine postgres")
		}
	} else {
		defer os.Remove(url)
		defer os.Remove(url + "-wal")
		defer os.Remove(url + "-shm")
	}
	d, err := db.Open(ctx, url)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx, db.MigrateOptions{}); err != nil {
		return err
	}
	f, err := bench.NewFixture(ctx, d)
	if err != nil {
		return err
	}
	full, err := serve(f.App.Handler)
	if err != nil {
		return err
	}
	minimal, err := serve(bench.MinimalHandler(d))
	if err != nil {
		return err
	}
	getPath := fmt.Sprintf("/api/v2/business/%d", f.BusinessID)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: concurrency * 2}}
	auth := bench.BasicAuth(f.Key)
	fmt.Printf("engine=%s concurrency=%d duration=%s per scenario\n\n", d.Dialect, concurrency, duration)
	fmt.Printf("%-34s %10s %9s %9s %9s %9s\n", "scenario", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors")
	var fullGet, minGet float64
	for _, sc := range []struct {
		name, method, base, path, body string
		rps                            *float64
	}{
		{"GET business (payrolld)", "GET", full, getPath, "", &fullGet},
		{"GET business (minimal net/http)", "GET", minimal, getPath, "", &minGet},
		{"POST business (payrolld)", "POST", full, "/api/v2/business", `{"name":"Load Co","region":"AU"}`, nil},
	} {
		res := load(client, sc.method, sc.base+sc.path, auth, sc.body, duration, concurrency)
		fmt.Printf("%-34s %10.0f %9.2f %9.2f %9.2f %9d\n", sc.name, res.rps, res.p(50), res.p(95), res.p(99), res.errors)
		if sc.rps != nil {
			*sc.rps = res.rps
		}
	}
	if minGet > 0 {
		fmt.Printf("\nframework overhead: payrolld serves %.2fx the minimal handler's GET throughput\n", fullGet/minGet)
	}
	return nil
}

func serve(h http.Handler) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	go func() { _ = http.Serve(ln, h) }()
	return "http://" + ln.Addr().String(), nil
}

type result struct {
	rps       float64
	latencies []time.Duration
	errors    int64
}

func (r result) p(q int) float64 {
	if len(r.latencies) == 0 {
		return 0
	}
	i := len(r.latencies) * q / 100
	if i >= len(r.latencies) {
		i = len(r.latencies) - 1
	}
	return float64(r.latencies[i].Microseconds()) / 1000
}

// load runs concurrency clients in closed loops for d; it stops by itself.
func load(c *http.Client, method, url, auth, body string, d time.Duration, concurrency int) result {
	var mu sync.Mutex
	var all []time.Duration
	var errs atomic.Int64
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for i := 0; i < concurrency; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]time.Duration, 0, 4096)
			for time.Now().Before(deadline) {
				var rd io.Reader
				if body != "" {
					rd = strings.NewReader(body)
				}
				req, _ := http.NewRequest(method, url, rd)
				req.Header.Set("Authorization", auth)
				if body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				start := time.Now()
				res, err := c.Do(req)
				if err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
				local = append(local, time.Since(start))
				if err != nil || res.StatusCode != 200 {
					errs.Add(1)
				}
			}
			mu.Lock()
			all = append(all, local...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	return result{rps: float64(len(all)) / d.Seconds(), latencies: all, errors: errs.Load()}
}
