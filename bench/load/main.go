// Command load measures authenticated GET and POST throughput and latency
// percentiles of payrolld over loopback, and each GET against a minimal
// net/http handler doing the same database reads and encoding (framework
// overhead as a ratio): GET B (the business) and GET E (an employee's
// details, B/employee/{employeeId}/details). It starts both servers itself on 127.0.0.1 and stops after the
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
	"runtime/pprof"
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
	flag.IntVar(&rounds, "rounds", 1, "rounds of the GET pairs; each round runs payrolld and the minimal handler back to back (the order alternating) and the median ratio is printed")
	flag.StringVar(&cpuProfile, "cpuprofile", "", "write CPU profiles of the first GET employee details scenario of payrolld to this file and of the minimal handler to this file + \".minimal\" (the client's CPU is inside both)")
	flag.BoolVar(&bench.MinimalPreparedReads, "minimal-prepared", false, "the minimal handlers read with the service's prepared statements (the framework's overhead alone) instead of plain database/sql")
	flag.Parse()
	if err := run(*engine, *duration, *concurrency); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

var (
	rounds     int
	cpuProfile string
)

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
	minimalE, err := serve(bench.MinimalEmployeeHandler(d))
	if err != nil {
		return err
	}
	emp, err := f.NewEmployee()
	if err != nil {
		return err
	}
	getPath := fmt.Sprintf("/api/v2/business/%d", f.BusinessID)
	getE := fmt.Sprintf("/api/v2/business/%d/employee/%d/details", f.BusinessID, emp)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: concurrency * 2}}
	auth := bench.BasicAuth(f.Key)
	fmt.Printf("engine=%s concurrency=%d duration=%s per scenario\n\n", d.Dialect, concurrency, duration)
	fmt.Printf("%-34s %10s %9s %9s %9s %9s\n", "scenario", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors")
	type pair struct {
		name, path, full, minimal string
		ratios                    []float64
	}
	pairs := []*pair{
		{name: "GET business", path: getPath, full: full, minimal: minimal},
		{name: "GET employee details", path: getE, full: full, minimal: minimalE},
	}
	show := func(name string, res result) {
		fmt.Printf("%-34s %10.0f %9.2f %9.2f %9.2f %9d\n", name, res.rps, res.p(50), res.p(95), res.p(99), res.errors)
	}
	profiled := map[string]bool{}
	for r := 0; r < rounds; r++ {
		for _, p := range pairs {
			// Alternate which goes first: a machine shared with other work
			// drifts, and the first of a pair would otherwise always pay.
			order := []string{"payrolld", "minimal"}
			if r%2 == 1 {
				order[0], order[1] = order[1], order[0]
			}
			rps := map[string]float64{}
			for _, who := range order {
				base := p.full
				if who == "minimal" {
					base = p.minimal
				}
				// The first GET E of each server is profiled: the two
				// profiles' samples per request are the CPU each spends.
				profile := cpuProfile
				if who == "minimal" {
					profile += ".minimal"
				}
				profiling := p.path == getE && cpuProfile != "" && !profiled[who]
				if profiling {
					f, err := os.Create(profile)
					if err != nil {
						return err
					}
					if err := pprof.StartCPUProfile(f); err != nil {
						return err
					}
				}
				res := load(client, "GET", base+p.path, auth, "", duration, concurrency)
				if profiling {
					pprof.StopCPUProfile()
					profiled[who] = true
					fmt.Printf("(profiled %s: %d requests)\n", profile, len(res.latencies))
				}
				show(fmt.Sprintf("%s (%s)", p.name, who), res)
				rps[who] = res.rps
			}
			if rps["minimal"] > 0 {
				p.ratios = append(p.ratios, rps["payrolld"]/rps["minimal"])
			}
		}
	}
	show("POST business (payrolld)", load(client, "POST", full+"/api/v2/business", auth, `{"name":"Load Co","region":"AU"}`, duration, concurrency))
	fmt.Println()
	for _, p := range pairs {
		sort.Float64s(p.ratios)
		if len(p.ratios) > 0 {
			fmt.Printf("framework overhead, %s: payrolld serves %.2fx the minimal handler's throughput (median of %d rounds; each %.2f)\n",
				p.name, p.ratios[len(p.ratios)/2], len(p.ratios), p.ratios)
		}
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
