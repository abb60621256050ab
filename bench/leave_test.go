package bench

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
)

// seedLeaveRequests inserts n leave requests spread over 1,000 employees,
// three years, two categories and the four statuses, in batches.
func seedLeaveRequests(b *testing.B, d *db.DB, bizID int64, categories [2]int64, n int) {
	b.Helper()
	seedEmployees(b, d, bizID, 1000)
	var first int64
	if err := d.W.QueryRow(`SELECT MIN(id) FROM employees WHERE business_id = $1`, bizID).Scan(&first); err != nil {
		b.Fatal(err)
	}
	statuses := []string{"Pending", "Approved", "Rejected", "Cancelled"}
	base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	now := time.Now().UTC()
	tx, err := d.W.Begin()
	if err != nil {
		b.Fatal(err)
	}
	const batch = 500
	for start := 0; start < n; start += batch {
		var sb strings.Builder
		sb.WriteString(`INSERT INTO leave_requests (business_id, employee_id, leave_category_id, from_date, to_date, hours_e6, notes, status,
			status_reason, version, created_at, updated_at) VALUES `)
		var args []any
		for i := start; i < min(n, start+batch); i++ {
			if i > start {
				sb.WriteString(", ")
			}
			from := base.AddDate(0, 0, (i*7)%1095)
			args = append(args, bizID, first+int64(i%1000), categories[i%2], from, from.AddDate(0, 0, i%5), int64(7_600_000*(1+i%5)),
				"n"+strconv.Itoa(i), statuses[(i/3)%4], "", 1, now, now)
			k := len(args) - 12
			fmt.Fprintf(&sb, "($%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d)", k+1, k+2, k+3, k+4, k+5, k+6, k+7, k+8, k+9, k+10, k+11, k+12)
		}
		if _, err := tx.Exec(sb.String(), args...); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkLeaveRequestList measures GET B/leaverequest with filters and
// $top=20 over 1,000 and 100,000 leave requests of one business (in
// process, one request at a time).
func BenchmarkLeaveRequestList(b *testing.B) {
	for _, size := range []int{1000, 100000} {
		d := openEmployeeBenchDB(b)
		f, err := NewFixture(context.Background(), d)
		if err != nil {
			b.Fatal(err)
		}
		base := "/api/v2/business/" + strconv.FormatInt(f.BusinessID, 10)
		var cats [2]int64
		for i, name := range []string{"Bench Annual", "Bench Personal"} {
			var c struct {
				ID int64 `json:"id"`
			}
			if err := f.call("POST", base+"/leavecategory", f.Key, map[string]any{"name": name}, &c); err != nil {
				b.Fatal(err)
			}
			cats[i] = c.ID
		}
		seedLeaveRequests(b, d, f.BusinessID, cats, size)
		if d.Dialect == db.SQLite {
			if _, err := d.W.Exec("ANALYZE"); err != nil {
				b.Fatal(err)
			}
		} else if _, err := d.W.Exec("VACUUM ANALYZE leave_requests"); err != nil {
			b.Fatal(err)
		}
		var emp int64
		if err := d.W.QueryRow(`SELECT MIN(id) + 500 FROM employees WHERE business_id = $1`, f.BusinessID).Scan(&emp); err != nil {
			b.Fatal(err)
		}
		queries := []struct{ name, path string }{
			{"filter-status-date", "/leaverequest?$filter=" + url.QueryEscape("status eq 'Pending' and fromDate ge datetime'2026-06-01T00:00:00'") + "&$top=20"},
			{"filter-employee", "/leaverequest?$filter=" + url.QueryEscape(fmt.Sprintf("employeeId eq %d", emp)) + "&$top=20"},
			{"filter-category-orderby-todate-desc", "/leaverequest?$filter=" + url.QueryEscape(fmt.Sprintf("leaveCategoryId eq %d", cats[1])) + "&$orderby=toDate%20desc&$top=20"},
			{"status-range-params", "/leaverequest?status=Approved&fromDate=2026-11-01&toDate=2026-11-30&$top=20"},
		}
		for _, q := range queries {
			path := base + q.path
			b.Run(strconv.Itoa(size)+"/"+q.name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					req := httptest.NewRequest("GET", path, nil)
					req.Header.Set("Authorization", BasicAuth(f.Key))
					rec := httptest.NewRecorder()
					f.App.Handler.ServeHTTP(rec, req)
					if rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "[{") {
						b.Fatalf("%d %s", rec.Code, rec.Body)
					}
				}
			})
		}
	}
}
