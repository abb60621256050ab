package cli

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// demoRegion is what the demo sets up in one region: a business, a pay
// schedule of the frequency the region usually pays, and employees whose
// members the region's calculation needs.
type demoRegion struct {
	region, name, frequency string
	employees               []map[string]any
}

func demoRegions() []demoRegion {
	base := func(first, surname string, rate float64, unit string, extra map[string]any) map[string]any {
		m := map[string]any{"firstName": first, "surname": surname, "dateOfBirth": "1988-03-14T00:00:00", "startDate": "2025-01-06T00:00:00",
			"employmentType": "FullTime", "primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office",
			"rate": rate, "rateUnit": unit, "hoursPerWeek": 38, "residentialStreetAddress": "1 High St", "residentialPostCode": "2000",
			"emailAddress":               strings.ReplaceAll(strings.ToLower(first+"."+surname), " ", "") + "@example.com",
			"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first + " " + surname, "bankAccount1_AllocatedPercentage": 100}
		maps.Copy(m, extra)
		return m
	}
	au := map[string]any{"taxFileNumber": "123456782", "australianResident": true, "claimTaxFreeThreshold": true, "bankAccount1_BSB": "062-000",
		"residentialSuburb": "Sydney", "residentialState": "NSW",
		"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}
	// Month 1 basis: the demo has no earlier pays this tax year, so a
	// cumulative code would give a half-year's free pay at once.
	uk := map[string]any{"taxCode": "1257L", "taxCalculationMethod": "NonCumulative", "nationalInsuranceCategory": "A", "bankAccount1_SortCode": "12-34-56", "residentialCity": "London",
		"residentialPostCode": "SW1A 1AA"}
	nz := map[string]any{"taxCodeDeclaration_TaxCode": "M", "taxCodeDeclaration_IrdNumber": "49-091-850", "kiwiSaver_EnrollmentStatus": "Enrolled",
		"kiwiSaver_EmployeeContribution": 4, "residentialSuburb": "Te Aro", "residentialPostCode": "6011"}
	sg := map[string]any{"legalStatus": "Citizen", "residentialPostCode": "018989"}
	return []demoRegion{
		{"AU", "Demo Pty Ltd", "Fortnightly", []map[string]any{
			base("Olivia", "Smith", 34.50, "Hourly", au), base("Jack", "Nguyen", 95000, "Annually", au),
			base("Mia", "Brown", 31.20, "Hourly", merge(au, map[string]any{"employmentType": "PartTime", "hoursPerWeek": 24}))}},
		{"UK", "Demo Ltd", "Monthly", []map[string]any{
			base("Amelia", "Jones", 38000, "Annually", uk), base("Oliver", "Taylor", 52000, "Annually", merge(uk, map[string]any{"studentLoanType": "Plan2"})),
			base("Isla", "Wilson", 15.75, "Hourly", uk)}},
		{"NZ", "Demo Limited", "Fortnightly", []map[string]any{
			base("Aria", "Williams", 72000, "Annually", nz), base("Nikau", "Walker", 29.80, "Hourly", nz)}},
		{"SG", "Demo Pte Ltd", "Monthly", []map[string]any{
			base("Wei Ling", "Tan", 5200, "Monthly", merge(sg, map[string]any{"nationalRegistrationIdentityNumber": "S1234567D"})), base("Arjun", "Kumar", 7800, "Monthly", merge(sg, map[string]any{"dateOfBirth": "1966-08-02T00:00:00", "nationalRegistrationIdentityNumber": "S7654321F"}))}},
	}
}

func merge(a, b map[string]any) map[string]any {
	m := maps.Clone(a)
	maps.Copy(m, b)
	return m
}

// demo creates a user, one business per region with employees, and one
// finalised pay run each, through the same HTTP API clients use (served
// in-process, nothing listens), then prints the key and where to look.
func demo(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := loadConfig(demoCommand, args, getenv, stderr)
	if err != nil {
		return err
	}
	cfg.RateLimitRPS = 0 // the demo's own in-process requests
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	d, err := openDB(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer d.Close()
	app := Build(cfg, d, payroll.SystemClock{}, log)
	if err := seedDemo(ctx, app, time.Now().UTC(), stdout); err != nil {
		return err
	}
	// The README's start command: a newcomer has no payrolld binary on the PATH.
	fmt.Fprintf(stdout, "\nStart the server (go run ./cmd/payrolld, same database) and explore with the key above, e.g.:\n  curl -u KEY: http://127.0.0.1:%s/api/v2/business\n", portOf(cfg.Addr))
	return nil
}

// seedDemo creates the demo user and, per region, a business whose pay
// run for the last complete period before now is finalised.
func seedDemo(ctx context.Context, app *App, now time.Time, stdout io.Writer) error {
	username := fmt.Sprintf("demo-%d@example.com", now.UnixNano())
	key, err := app.createUserCLI(ctx, username, "Demo user", "", false)
	if err != nil {
		return fmt.Errorf("demo user: %w", err)
	}
	c := &demoClient{h: app.API.Handler(), key: key}
	fmt.Fprintf(stdout, "Demo user %s, API key (HTTP Basic user name, empty password):\n  %s\n\n", username, key)
	for _, r := range demoRegions() {
		if err := c.region(r, now, stdout); err != nil {
			return fmt.Errorf("demo %s: %w", r.region, err)
		}
	}
	return nil
}

func portOf(addr string) string {
	for i := len(addr) - 1; i >= 0; i-- {
		if addr[i] == ':' {
			return addr[i+1:]
		}
	}
	return addr
}

// region sets up one business and pays its employees for the last
// complete period before today.
func (c *demoClient) region(r demoRegion, now time.Time, out io.Writer) error {
	var biz struct{ ID int64 }
	if err := c.do("POST", "/api/v2/business", map[string]any{"name": r.name, "region": r.region}, &biz); err != nil {
		return err
	}
	B := fmt.Sprintf("/api/v2/business/%d", biz.ID)
	if err := c.do("POST", B+"/location", map[string]any{"name": "Head office"}, nil); err != nil {
		return err
	}
	var cats []struct{ Name string }
	if err := c.do("GET", B+"/paycategory", nil, &cats); err != nil {
		return err
	}
	if !hasName(cats, "Ordinary Hours") {
		if err := c.do("POST", B+"/paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}, nil); err != nil {
			return err
		}
	}
	if err := c.do("POST", B+"/paycategory", map[string]any{"name": "Demo bonus", "rateUnit": "Fixed", "externalId": "DEMO-BONUS"}, nil); err != nil {
		return err
	}
	var sched struct{ ID int64 }
	if err := c.do("POST", B+"/payschedule", map[string]any{"name": r.frequency, "frequency": r.frequency}, &sched); err != nil {
		return err
	}
	var first int64
	for i, e := range r.employees {
		e = merge(e, map[string]any{"paySchedule": r.frequency})
		var emp struct {
			ID     int64
			Status string
			Detail string
		}
		if err := c.do("POST", B+"/employee/unstructured?matchType=None", e, &emp); err != nil {
			return fmt.Errorf("employee %v %v: %w", e["firstName"], e["surname"], err)
		}
		if emp.Status != "Active" {
			return fmt.Errorf("employee %v %v is %s %s", e["firstName"], e["surname"], emp.Status, emp.Detail)
		}
		if i == 0 {
			first = emp.ID
		}
	}
	end := demoPeriodEnd(r.frequency, now)
	var run struct{ ID int64 }
	if err := c.do("POST", B+"/payrun", map[string]any{"payScheduleId": sched.ID, "payPeriodEnding": end.Format("2006-01-02T00:00:00"),
		"datePaid": end.Format("2006-01-02T00:00:00"), "externalId": "DEMO-" + r.region}, &run); err != nil {
		return err
	}
	P := fmt.Sprintf("%s/payrun/%d", B, run.ID)
	bonus := map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
		fmt.Sprint(first): []any{map[string]any{"payCategoryId": "DEMO-BONUS", "earnings": 250, "notes": "demo bonus"}}}}
	if err := c.do("POST", P+"/earningslines", bonus, nil); err != nil {
		return err
	}
	if err := c.do("POST", P+"/finalise", map[string]any{}, nil); err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: business %d (%s), %d employees, %s pay run %d finalised (period ending %s)\n",
		r.region, biz.ID, r.name, len(r.employees), r.frequency, run.ID, end.Format("2006-01-02"))
	fmt.Fprintf(out, "  payslips  GET %s/payslips\n  PDF       GET %s/file/payslip/%d\n", P, P, first)
	return nil
}

func hasName(list []struct{ Name string }, name string) bool {
	for _, x := range list {
		if x.Name == name {
			return true
		}
	}
	return false
}

// demoPeriodEnd is the end of the last complete pay period before now:
// last Friday for weekly and fortnightly pays, the last day of the
// previous month for monthly ones.
func demoPeriodEnd(freq string, now time.Time) time.Time {
	day := payroll.DateOnly(now)
	if freq == "Monthly" {
		return time.Date(day.Year(), day.Month(), 0, 0, 0, 0, 0, time.UTC)
	}
	back := (int(day.Weekday()) - int(time.Friday) + 7) % 7
	if back == 0 {
		back = 7
	}
	return day.AddDate(0, 0, -back)
}

// demoClient calls the API handler in-process as a client would.
type demoClient struct {
	h   http.Handler
	key string
}

func (c *demoClient) do(method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(c.key+":")))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, req)
	if rec.Code >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
	}
	if out != nil && rec.Body.Len() > 0 {
		return json.Unmarshal(rec.Body.Bytes(), out)
	}
	return nil
}
