package bench

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Fixture is an app with one user owning one business.
type Fixture struct {
	App        *cli.App
	Key        string
	BusinessID int64
}

// NewFixture builds the app on d with rate limiting and logging off and
// creates a user and a business through the API handler.
func NewFixture(ctx context.Context, d *db.DB) (*Fixture, error) {
	cfg := config.Default()
	cfg.RateLimitRPS = 0
	app := cli.Build(cfg, d, payroll.SystemClock{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	admin := "pk_bench_admin"
	if _, err := app.Users.EnsureSystemAdmin(ctx, admin); err != nil {
		return nil, err
	}
	f := &Fixture{App: app}
	var u struct {
		APIKey string `json:"apiKey"`
	}
	if err := f.call("POST", "/api/v2/user", admin, map[string]any{"username": "bench@example.com", "displayName": "Bench"}, &u); err != nil {
		return nil, err
	}
	f.Key = u.APIKey
	var b struct {
		ID int64 `json:"id"`
	}
	if err := f.call("POST", "/api/v2/business?setupDefaultData=false", f.Key, map[string]any{"name": "Bench Pty Ltd", "abn": "51 824 753 556"}, &b); err != nil {
		return nil, err
	}
	f.BusinessID = b.ID
	return f, nil
}

func (f *Fixture) call(method, path, key string, body, out any) error {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", BasicAuth(key))
	rec := &recorder{header: http.Header{}}
	f.App.Handler.ServeHTTP(rec, req)
	if rec.status != 200 {
		return fmt.Errorf("%s %s: %d %s", method, path, rec.status, rec.body.String())
	}
	return json.Unmarshal(rec.body.Bytes(), out)
}

// BasicAuth is the Authorization header value for an API key.
func BasicAuth(key string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(key+":"))
}

type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = 200
	}
	return r.body.Write(b)
}
func (r *recorder) WriteHeader(s int) { r.status = s }

// adminPrincipal acts as a system administrator (fixtures only).
func adminPrincipal() *payroll.Principal {
	return &payroll.Principal{Kind: payroll.PrincipalSystemAdmin}
}

// NewEmployee creates an employee of the fixture's business through the
// API (the details a GET E answers) and returns its id.
func (f *Fixture) NewEmployee() (int64, error) {
	var e struct {
		ID int64 `json:"id"`
	}
	err := f.call("POST", fmt.Sprintf("/api/v2/business/%d/employee/unstructured", f.BusinessID), f.Key, map[string]any{
		"firstName": "Ada", "surname": "Lovelace", "dateOfBirth": "1990-12-10T00:00:00", "startDate": "2024-01-15T00:00:00",
		"emailAddress": "ada@example.com", "residentialStreetAddress": "1 Analytical St", "residentialSuburb": "Sydney",
		"residentialState": "NSW", "residentialPostCode": "2000", "mobilePhone": "0400 000 000"}, &e)
	return e.ID, err
}
