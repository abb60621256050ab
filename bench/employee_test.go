package bench

import (
	"context"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit/testdb"
)

// openEmployeeBenchDB is a fresh database per business size: SQLite, or
// with PAYROLL_BENCH_ENGINE=postgres a new schema of the
// PAYROLL_TEST_DATABASE_URL database.
func openEmployeeBenchDB(b *testing.B) *db.DB {
	if os.Getenv("PAYROLL_BENCH_ENGINE") != "postgres" {
		return openBenchDB(b)
	}
	d, err := db.Open(context.Background(), testdb.FreshPostgresURL(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(context.Background(), db.MigrateOptions{NoLock: true}); err != nil {
		b.Fatal(err)
	}
	return d
}

// seedEmployees inserts n employees into the fixture's business in one
// statement (a recursive CTE; far faster than n API calls). Surnames are
// spread so that name order differs from id order; one in ten is in each
// of ten first names.
func seedEmployees(b *testing.B, d *db.DB, bizID int64, n int) {
	b.Helper()
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	_, err := d.W.Exec(`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $1)
INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at, start_date, employment_type)
SELECT $2, 'First' || CAST(i % 10 AS TEXT), 'Surname' || CAST((i * 7919) % $1 AS TEXT), 'e' || CAST(i AS TEXT) || '@example.com',
       'Active', 'EXT' || CAST(i AS TEXT), $3, $3, $4, 'FullTime'
FROM seq`, n, bizID, now, now)
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkEmployeeLists measures the two employee list shapes over 1,000
// and 100,000 employees of one business (in process, one request at a
// time). Each list pages in SQL, so the larger business should cost at
// most a small factor more.
func BenchmarkEmployeeLists(b *testing.B) {
	queries := []struct{ name, path string }{
		{"unstructured-filter-surname", "/employee/unstructured?$filter=" + url.QueryEscape("Surname eq 'Surname777'") + "&$top=20"},
		{"unstructured-filter-firstname", "/employee/unstructured?$filter=" + url.QueryEscape("FirstName eq 'First3' and Status eq 'Active'") + "&$top=20"},
		{"unstructured-filter-externalid", "/employee/unstructured?$filter=" + url.QueryEscape("ExternalId eq 'EXT500'") + "&$top=20"},
		{"details-orderby-surname-skip50000", "/employee/details?$orderby=surname&$skip=50000&$top=100"},
		{"details-orderby-surname-skip-half", "/employee/details?$orderby=surname&$skip={half}&$top=100"},
		{"details-first-page", "/employee/details?$orderby=surname&$top=100"},
	}
	for _, size := range []int{1000, 100000} {
		d := openEmployeeBenchDB(b)
		f, err := NewFixture(context.Background(), d)
		if err != nil {
			b.Fatal(err)
		}
		seedEmployees(b, d, f.BusinessID, size)
		if d.Dialect == db.SQLite {
			if _, err := d.W.Exec("ANALYZE"); err != nil {
				b.Fatal(err)
			}
		} else if _, err := d.W.Exec("VACUUM ANALYZE employees"); err != nil { // as autovacuum would: index-only scans need the visibility map
			b.Fatal(err)
		}
		base := "/api/v2/business/" + strconv.FormatInt(f.BusinessID, 10)
		for _, q := range queries {
			path := base + q.path
			if q.name == "details-orderby-surname-skip-half" {
				path = base + "/employee/details?$orderby=surname&$skip=" + strconv.Itoa(size/2) + "&$top=100"
			}
			b.Run(strconv.Itoa(size)+"/"+q.name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
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
	}
}
