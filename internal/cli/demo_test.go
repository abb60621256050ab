package cli_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The README's first steps: payrolld demo leaves one finalised pay run
// per region whose payslips a client can read with the printed key.
func TestDemoFinalisesAPayRunPerRegion(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		cfg := config.Default()
		cfg.RateLimitRPS = 0
		app := cli.Build(cfg, d, payroll.SystemClock{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
		var out bytes.Buffer
		if err := cli.SeedDemo(context.Background(), app, time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), &out); err != nil {
			t.Fatalf("demo: %v\n%s", err, out.String())
		}
		key := regexp.MustCompile(`pk_[A-Za-z0-9_-]+`).FindString(out.String())
		runs := regexp.MustCompile(`(?m)^(AU|UK|NZ|SG): business (\d+) .*, (\d+) employees, \w+ pay run (\d+) finalised \(period ending (\S+)\)$`).FindAllStringSubmatch(out.String(), -1)
		if key == "" || len(runs) != 4 {
			t.Fatalf("demo printed:\n%s", out.String())
		}
		// The figure each region withholds on every demo payslip.
		withheld := map[string]string{"AU": "paygWithholdingAmount", "UK": "payeAmount", "NZ": "payeAmount", "SG": "cpfEmployeeContributionAmount"}
		ends := map[string]string{"AU": "2026-11-20", "UK": "2026-10-31", "NZ": "2026-11-20", "SG": "2026-10-31"}
		h := app.API.Handler()
		for _, r := range runs {
			if r[5] != ends[r[1]] {
				t.Errorf("%s period ends %s, want %s", r[1], r[5], ends[r[1]])
			}
			req := httptest.NewRequest("GET", fmt.Sprintf("/api/v2/business/%s/payrun/%s/payslips", r[2], r[4]), nil)
			req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			var slips map[string]map[string]any
			if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &slips) != nil || fmt.Sprint(len(slips)) != r[3] {
				t.Fatalf("%s payslips: %d %s", r[1], rec.Code, rec.Body.String())
			}
			for id, s := range slips {
				if w, _ := s[withheld[r[1]]].(float64); w <= 0 {
					t.Errorf("%s employee %s: %s = %v", r[1], id, withheld[r[1]], s[withheld[r[1]]])
				}
				if net, _ := s["netEarnings"].(float64); net <= 0 {
					t.Errorf("%s employee %s: net earnings %v in %v", r[1], id, s["netEarnings"], s)
				}
			}
		}
	})
}
