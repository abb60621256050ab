package httpapi_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestEveryOperationDeclaresItsNeeds walks every served operation: each
// was registered through httpapi.Register with a declaration (an
// operation under a business or a self-service employee that declares
// nothing panics at registration, so the server would not start).
func TestEveryOperationDeclaresItsNeeds(t *testing.T) {
	t.Parallel()
	s := testkit.NewServer(t, testkit.NewDB(t, db.SQLite))
	n := 0
	for _, op := range servedOperations(s.API.Huma()) {
		n++
		if _, ok := httpapi.NeedsOf(op); ok {
			continue
		}
		// The OAuth endpoints authenticate the client or the user's
		// sign-in themselves (plain routes; the document only describes
		// them).
		if !strings.HasPrefix(op.Path, "/oauth/") {
			t.Errorf("%s %s declares no needs", op.Method, op.Path)
		}
	}
	if n < 900 {
		t.Fatalf("only %d operations served", n)
	}
}

// servedOperations are the operations of the API's document, by path and
// method.
func servedOperations(api huma.API) []*huma.Operation {
	var out []*huma.Operation
	for _, item := range api.OpenAPI().Paths {
		for _, op := range []*huma.Operation{item.Get, item.Post, item.Put, item.Delete, item.Patch} {
			if op != nil {
				out = append(out, op)
			}
		}
	}
	order := map[string]int{"GET": 0, "POST": 1, "PUT": 2, "PATCH": 3, "DELETE": 4}
	sort.Slice(out, func(i, j int) bool {
		if order[out[i].Method] != order[out[j].Method] {
			return order[out[i].Method] < order[out[j].Method] // reads first, deletions last
		}
		return out[i].Path < out[j].Path
	})
	return out
}

// TestRestrictedUserSweep is the access table of every served operation
// that takes a business or a self-service employee, on both engines, for a
// restricted user scoped by location and one scoped by employee group,
// each holding only what the operation declares it needs (its minimal
// grant) over the scope holding E0 and not E1:
//
//   - on E1 (outside the scope): 404 or 403, and nothing stored changes
//     (the database reads the same before and after every such call);
//   - on E0 without the permission (a grant of an unrelated one): 403
//     naming what is missing;
//   - on E0 with it: the access layer lets it through (no 401/403, no 404
//     for the employee or the business): what the handler then answers
//     (200, or 400 for the sweep's empty body, 404 for a record id that
//     does not exist) is the handler's.
//
// Operations that need unrestricted access are 403 to every restricted
// user; reference reads are open to all of them. The declared needs come
// from the registration (httpapi.NeedsOf): an operation registered
// without them fails here and in TestEveryOperationDeclaresItsNeeds.
func TestRestrictedUserSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("sweep skipped in -short mode")
	}
	for _, e := range testkit.Engines() {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			for _, scope := range []string{"location", "group"} {
				t.Run(scope, func(t *testing.T) {
					t.Parallel()
					newAccessSweep(t, testkit.NewDB(t, e), scope).run()
				})
			}
		})
	}
}

// handlerRefusals are the operations whose handler refuses the sweep's
// empty body with a 403 of its own, and what that 403 says.
var handlerRefusals = map[string]string{
	// The body names no existing employee: a new one, which only an
	// unrestricted user may create (an update needs EditAllEmployeeDetails).
	"POST /api/v2/business/{businessId}/employee/unstructured": "creating employees needs unrestricted access",
}

type accessSweep struct {
	t     *testing.T
	b     *testkit.Bundle
	scope string // location or group
	ids   map[string]string
	users map[string]string // grant key -> API key
	seq   int
	// e0 is in every sweep user's scope, e1 in none.
	e0, e1         int64
	ordinary       int64 // the ordinary hours pay category
	l1, group      int64
	runIn          int64 // a draft run paying E0 only
	runAll         int64 // a draft run paying E0 and E1
	kiosk          int64
	lineIn         int64 // timesheet lines, roster shifts, unavailabilities of E0 and E1
	lineOut        int64
	shiftIn        int64
	shiftOut       int64
	unavailIn      int64
	unavailOut     int64
	calls, checked int
}

func newAccessSweep(t *testing.T, d *db.DB, scope string) *accessSweep {
	b := testkit.NewBundle(t, d, "AU")
	sw := &accessSweep{t: t, b: b, scope: scope, ids: map[string]string{}, users: map[string]string{}}
	id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
	post := func(path string, body any) int64 { return id(b.Do("POST", b.B+path, b.Key, body)) }
	sw.l1 = post("/location", map[string]any{"name": "Sydney"})
	post("/location", map[string]any{"name": "Melbourne"})
	sw.ordinary = post("/paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"})
	s0 := post("/payschedule", map[string]any{"name": "Sydney weekly", "frequency": "Weekly"})
	post("/payschedule", map[string]any{"name": "Melbourne weekly", "frequency": "Weekly"})
	emp := func(first, schedule, location string) int64 {
		return id(b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, map[string]any{"firstName": first, "surname": "Sweep",
			"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "FullTime",
			"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": schedule, "primaryPayCategory": "Ordinary Hours",
			"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38, "residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney",
			"residentialState": "NSW", "residentialPostCode": "2000", "primaryLocation": location, "bankAccount1_BSB": "062-000",
			"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100,
			"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}))
	}
	sw.e0 = emp("Ann", "Sydney weekly", "Sydney")
	sw.e1 = emp("Ben", "Melbourne weekly", "Melbourne")
	sw.group = post("/employeegroup", map[string]any{"name": "Sydney staff",
		"filters": []any{map[string]any{"filterType": "Location", "operator": "In", "value": strconv.FormatInt(sw.l1, 10)}}})
	sw.runIn = post("/payrun", map[string]any{"payScheduleId": s0, "payPeriodEnding": "2026-11-20T00:00:00"})
	sw.runAll = post("/payrun", map[string]any{"payScheduleId": s0, "payPeriodEnding": "2026-11-27T00:00:00"})
	b.Do("POST", fmt.Sprintf("%s/payrun/%d/employee/%d", b.B, sw.runAll, sw.e1), b.Key, nil).Expect(t, 200)
	sw.kiosk = post("/kiosk", map[string]any{"name": "Front door", "timeZone": "AUS Eastern Standard Time", "canAddEmployees": true})
	line := func(e int64) int64 {
		return post("/timesheet", map[string]any{"employeeId": e, "startTime": "2026-11-16T09:00:00", "endTime": "2026-11-16T17:00:00"})
	}
	sw.lineIn, sw.lineOut = line(sw.e0), line(sw.e1)
	shift := func(e int64) int64 {
		return post("/rostershift", map[string]any{"employeeId": e, "startTime": "2026-11-24T09:00:00", "endTime": "2026-11-24T17:00:00"})
	}
	sw.shiftIn, sw.shiftOut = shift(sw.e0), shift(sw.e1)
	unavail := func(e int64) int64 {
		return post("/unavailability", map[string]any{"employeeId": e, "fromDate": "2026-12-01T00:00:00", "toDate": "2026-12-01T23:59:00", "reason": "Sweep"})
	}
	sw.unavailIn, sw.unavailOut = unavail(sw.e0), unavail(sw.e1)
	return sw
}

// grant is a restricted grant: the employee permission flags over the
// sweep's scope, and its payroll, report and kiosk access.
type grant struct {
	flags   string
	payroll string // a BusinessRestrictionTypeEnum value, or "Lodgement"
	report  string // a ReportEnum name
	kiosk   bool
}

func (g grant) key() string { return fmt.Sprintf("%s|%s|%s|%v", g.flags, g.payroll, g.report, g.kiosk) }

// user is a restricted user holding g over the sweep's scope (one per
// distinct grant).
func (sw *accessSweep) user(g grant) string {
	if k, ok := sw.users[g.key()]; ok {
		return k
	}
	sw.seq++
	email := fmt.Sprintf("sweep%d@example.com", sw.seq)
	_, key := sw.b.NewUser(email)
	flags := g.flags
	if flags == "" {
		flags = business.CreateTasks // a grant needs a permission list; this one no operation needs
	}
	body := map[string]any{"email": email, "accessType": "Restricted", "suppressNotificationEmails": true}
	if sw.scope == "location" {
		body["locationAccess"] = []any{map[string]any{"filterType": "Location", "locationIds": []int64{sw.l1}, "permissions": flags}}
	} else {
		body["employeeGroups"] = []any{map[string]any{"employeeGroupId": sw.group, "permissions": flags}}
	}
	switch {
	case g.payroll == "Lodgement":
		body["payrollAccess"] = map[string]any{"approveElectronicPayrollLodgement": true}
	case strings.HasPrefix(g.payroll, "PayRunCreator"):
		body["payrollAccess"] = map[string]any{"payRunCreationAccess": g.payroll}
	case g.payroll != "":
		body["payrollAccess"] = map[string]any{"payRunApprovalAccess": g.payroll}
	}
	if g.report != "" {
		body["reports"] = map[string]any{"accessType": "SpecificReports", "specificReports": g.report}
	}
	if g.kiosk {
		body["kioskAccess"] = map[string]any{"accessType": "AllKiosks"}
	}
	sw.b.Do("POST", sw.b.B+"/access", sw.b.Key, body).Expect(sw.t, 200)
	sw.users[g.key()] = key
	return key
}

// payrollValue is the all-schedules payroll access value granting action.
var payrollValue = map[business.PayrollAction]string{
	business.ReadPayRuns:     business.PayRunCreatorAllSchedules,
	business.CreatePayRuns:   business.PayRunCreatorAllSchedules,
	business.ApprovePayRuns:  business.PayRunApproverAllSchedules,
	business.ApprovePayments: business.PaymentApproverAllSchedules,
	business.LodgePayEvents:  "Lodgement",
}

// path fills op's path for employee emp ("in" or "out" of the scope).
func (sw *accessSweep) path(op *huma.Operation, in bool) string {
	p := op.Path
	pick := func(a, b int64) string {
		if in {
			return strconv.FormatInt(a, 10)
		}
		return strconv.FormatInt(b, 10)
	}
	run := strconv.FormatInt(sw.runAll, 10)
	if in {
		run = strconv.FormatInt(sw.runIn, 10)
	}
	r := strings.NewReplacer("{businessId}", strconv.FormatInt(sw.b.Biz, 10), "{employeeId}", pick(sw.e0, sw.e1), "{payRunId}", run,
		"{timesheetLineId}", pick(sw.lineIn, sw.lineOut), "{rosterShiftId}", pick(sw.shiftIn, sw.shiftOut),
		"{kioskId}", strconv.FormatInt(sw.kiosk, 10))
	p = r.Replace(p)
	switch {
	case strings.HasSuffix(op.Path, "/unavailability/{id}"):
		p = strings.TrimSuffix(p, "{id}") + pick(sw.unavailIn, sw.unavailOut)
	case strings.Contains(op.Path, "/kiosk/{id}"):
		p = strings.Replace(p, "{id}", strconv.FormatInt(sw.kiosk, 10), 1)
	}
	for strings.Contains(p, "{") { // other records: an id the business does not have
		i, j := strings.Index(p, "{"), strings.Index(p, "}")
		p = p[:i] + "999999" + p[j+1:]
	}
	return p
}

func (sw *accessSweep) send(op *huma.Operation, path, key string) *testkit.Response {
	sw.calls++
	var body any
	if op.RequestBody != nil {
		body = map[string]any{}
	}
	return sw.b.Do(op.Method, path, key, body)
}

type problemBody struct {
	Detail string `json:"detail"`
}

func detailOf(r *testkit.Response) string {
	var p problemBody
	_ = json.Unmarshal(r.Body, &p)
	return p.Detail
}

// digest is a fingerprint of every row the business's tables hold.
func (sw *accessSweep) digest() string {
	d := sw.b.DB
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'river_%' ORDER BY name`
	if d.Dialect == db.Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
			AND table_name NOT LIKE 'river_%' AND table_name <> 'goose_db_version' ORDER BY table_name`
	}
	rows, err := d.R.Query(q)
	if err != nil {
		sw.t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			sw.t.Fatal(err)
		}
		tables = append(tables, n)
	}
	rows.Close()
	h := sha256.New()
	for _, tbl := range tables {
		rs, err := d.R.Query("SELECT * FROM " + tbl)
		if err != nil {
			sw.t.Fatalf("%s: %v", tbl, err)
		}
		cols, _ := rs.Columns()
		var lines []string
		for rs.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rs.Scan(ptrs...); err != nil {
				sw.t.Fatal(err)
			}
			lines = append(lines, fmt.Sprint(vals...))
		}
		rs.Close()
		sort.Strings(lines)
		fmt.Fprintf(h, "%s:%d:%s\n", tbl, len(lines), strings.Join(lines, "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// needsOf is the operation's declaration, with what its minimal grant
// holds and what a grant lacking it holds.
func (sw *accessSweep) grants(n httpapi.Needs) (with, without grant, missing string) {
	p := n.Permission
	switch {
	case p.Payroll() != 0:
		return grant{payroll: payrollValue[p.Payroll()]}, grant{flags: business.ViewEmployeeDetails}, "payroll access"
	case p.Report() != "":
		return grant{report: p.Report()}, grant{flags: business.ViewEmployeeDetails}, p.Report()
	case p.Kiosk():
		w := grant{kiosk: true, flags: strings.Join(p.Names(), ",")}
		if len(p.Names()) > 0 {
			return w, grant{kiosk: true}, p.Names()[0]
		}
		return w, grant{flags: business.ViewEmployeeDetails}, "kiosk access"
	case len(p.Names()) > 0:
		return grant{flags: p.Names()[0]}, grant{}, p.Names()[0]
	}
	return grant{}, grant{}, ""
}

func (sw *accessSweep) run() {
	t := sw.t
	type check struct {
		op               *huma.Operation
		needs            httpapi.Needs
		with, without    string // API keys
		missing          string // what the 403 without it names
		outside, unrestr bool
	}
	var checks []check
	everything := grant{flags: strings.Join(business.Permissions, ","), payroll: business.PayRunApproverAllSchedules,
		report: strings.Join(business.ReportTypes, ","), kiosk: true}
	for _, op := range servedOperations(sw.b.API.Huma()) {
		n, ok := httpapi.NeedsOf(op)
		if !ok { // TestEveryOperationDeclaresItsNeeds names it
			continue
		}
		if n.Level != httpapi.LevelBusiness && n.Level != httpapi.LevelSelf {
			continue
		}
		c := check{op: op, needs: n}
		p := n.Permission
		switch {
		case p.IsUnrestricted():
			c.unrestr, c.without = true, sw.user(everything)
		case p.IsAnyAccess():
			c.with = sw.user(grant{})
		default:
			with, without, missing := sw.grants(n)
			c.with, c.without, c.missing = sw.user(with), sw.user(without), missing
			// Reports of a pay run filter its rows to the scope instead.
			c.outside = n.Employee.TouchesPath() || strings.Contains(op.Path, "{employeeId}")
		}
		checks = append(checks, c)
	}
	// Refused calls first, between two fingerprints of the database.
	before := sw.digest()
	for _, c := range checks {
		name := c.op.Method + " " + c.op.Path
		if c.outside {
			r := sw.send(c.op, sw.path(c.op, false), c.with)
			if r.Status != http.StatusNotFound && r.Status != http.StatusForbidden {
				t.Errorf("%s outside the scope: %d, want 404 or 403: %s", name, r.Status, truncate(string(r.Body), 200))
			}
		}
		switch {
		case c.unrestr:
			if r := sw.send(c.op, sw.path(c.op, true), c.without); r.Status != http.StatusForbidden {
				t.Errorf("%s: a restricted user holding everything got %d, want 403: %s", name, r.Status, truncate(string(r.Body), 200))
			}
		case c.without != "":
			if r := sw.send(c.op, sw.path(c.op, true), c.without); r.Status != http.StatusForbidden || !strings.Contains(detailOf(r), c.missing) {
				t.Errorf("%s without %s: %d %s, want 403 naming it", name, c.missing, r.Status, truncate(string(r.Body), 200))
			}
		}
		sw.checked++
	}
	if after := sw.digest(); after != before {
		t.Errorf("refused calls changed stored data")
	}
	// With the permission, in scope: through the access layer.
	for _, c := range checks {
		if c.with == "" {
			continue
		}
		r := sw.send(c.op, sw.path(c.op, true), c.with)
		d := detailOf(r)
		name := c.op.Method + " " + c.op.Path
		own, isOwn := handlerRefusals[name]
		refused := r.Status == http.StatusUnauthorized || r.Status >= 500 ||
			r.Status == http.StatusForbidden && !strings.Contains(d, "region") && !(isOwn && strings.Contains(d, own)) ||
			r.Status == http.StatusNotFound && (d == "business not found" || d == "employee not found" && strings.Contains(c.op.Path, "{employeeId}"))
		if refused {
			t.Errorf("%s with its grant: %d %s", name, r.Status, truncate(string(r.Body), 200))
		}
	}
	t.Logf("%s scope: %d operations checked, %d requests, %d restricted users", sw.scope, sw.checked, sw.calls, len(sw.users))
}
