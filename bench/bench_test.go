package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
)

func openBenchDB(b *testing.B) *db.DB {
	url := os.Getenv("PAYROLL_BENCH_DATABASE_URL")
	if url == "" {
		url = filepath.Join(b.TempDir(), "bench.db")
	}
	d, err := db.Open(context.Background(), url)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(context.Background(), db.MigrateOptions{}); err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkGetBusiness compares the full stack with the minimal handler on
// the same read, in process (no network), in parallel.
func BenchmarkGetBusiness(b *testing.B) {
	d := openBenchDB(b)
	f, err := NewFixture(context.Background(), d)
	if err != nil {
		b.Fatal(err)
	}
	path := fmt.Sprintf("/api/v2/business/%d", f.BusinessID)
	compareGET(b, path, f.Key, f.App.Handler, MinimalHandler(d))
}

// compareGET runs GET path with key through the full stack and through a
// minimal handler doing the same reads, in parallel, as two sub-benchmarks.
func compareGET(b *testing.B, path, key string, full, minimal http.Handler) {
	for _, h := range []struct {
		name    string
		handler http.Handler
	}{{"payrolld", full}, {"minimal", minimal}} {
		b.Run(h.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req := httptest.NewRequest("GET", path, nil)
					req.Header.Set("Authorization", BasicAuth(key))
					rec := httptest.NewRecorder()
					h.handler.ServeHTTP(rec, req)
					if rec.Code != 200 {
						b.Fatalf("%d %s", rec.Code, rec.Body)
					}
				}
			})
		})
	}
}

// BenchmarkGetEmployee compares the full stack with the minimal handler on
// GET E (an employee's details), in process, in parallel.
func BenchmarkGetEmployee(b *testing.B) {
	d := openBenchDB(b)
	f, err := NewFixture(context.Background(), d)
	if err != nil {
		b.Fatal(err)
	}
	emp, err := f.NewEmployee()
	if err != nil {
		b.Fatal(err)
	}
	path := fmt.Sprintf("/api/v2/business/%d/employee/%d/details", f.BusinessID, emp)
	compareGET(b, path, f.Key, f.App.Handler, MinimalEmployeeHandler(d))
}

// BenchmarkCreateBusiness measures the write path (validation, transaction,
// access grant) through the full stack.
func BenchmarkCreateBusiness(b *testing.B) {
	d := openBenchDB(b)
	f, err := NewFixture(context.Background(), d)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest("POST", "/api/v2/business", strings.NewReader(`{"name":"Bench Co","region":"AU"}`))
			req.Header.Set("Authorization", BasicAuth(f.Key))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			f.App.Handler.ServeHTTP(rec, req)
			if rec.Code != 200 {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
		}
	})
}

// BenchmarkListPayCategories measures a reference collection list with an
// OData filter over a business created with its region's default data
// (records decoded from their documents, filtered and paged in memory).
func BenchmarkListPayCategories(b *testing.B) {
	d := openBenchDB(b)
	f, err := NewFixture(context.Background(), d)
	if err != nil {
		b.Fatal(err)
	}
	acc, err := f.App.Businesses.Authorize(context.Background(), adminPrincipal(), f.BusinessID)
	if err != nil {
		b.Fatal(err)
	}
	if err := f.App.Reference.SetupDefaults(context.Background(), acc.Business); err != nil {
		b.Fatal(err)
	}
	path := fmt.Sprintf("/api/v2/business/%d/paycategory?$filter=RateUnit%%20eq%%20%%27Hourly%%27&$orderby=Name&$top=20", f.BusinessID)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("Authorization", BasicAuth(f.Key))
			rec := httptest.NewRecorder()
			f.App.Handler.ServeHTTP(rec, req)
			if rec.Code != 200 {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
		}
	})
}
