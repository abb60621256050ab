package conformance_test

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/conformance"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// notExercised are served operations the published description also has
// that this test does not call, with the reason.
var notExercised = map[string]string{
	"POST /oauth/token": "needs a browser sign-in and consent; the description declares no 200 body; covered by internal/httpapi oauth tests",
}

// run exercises operations and checks each 200 body against the published
// shape of the operation.
type run struct {
	t       *testing.T
	s       *testkit.Server
	pub     *conformance.Published
	covered map[string]bool
	bad     map[string][]conformance.Mismatch
}

var paramRE = regexp.MustCompile(`\{[^}]*\}`)

// call sends method to pattern (our registered path, parameters filled in
// order from args, an argument beyond them is the query string) with body
// (nil or a value sent as JSON), expects 200 and checks the body against the description.
func (r *run) call(key, method, pattern string, body any, args ...any) *testkit.Response {
	r.t.Helper()
	path := r.path(method, pattern, args)
	return r.checked(method, pattern, path, r.s.Do(method, path, key, body))
}

// path fills pattern's parameters from args; an argument beyond them is
// the query string.
func (r *run) path(method, pattern string, args []any) string {
	r.t.Helper()
	i := 0
	path := paramRE.ReplaceAllStringFunc(pattern, func(string) string {
		if i >= len(args) {
			r.t.Fatalf("%s %s: too few arguments", method, pattern)
		}
		i++
		return fmt.Sprint(args[i-1])
	})
	if i < len(args) {
		path += fmt.Sprint(args[i])
	}
	return path
}

// checked expects 200 and checks the body against the description.
func (r *run) checked(method, pattern, path string, res *testkit.Response) *testkit.Response {
	r.t.Helper()
	if res.Status != 200 {
		r.t.Errorf("%s %s: status %d, want 200; body: %.300s", method, path, res.Status, res.Body)
		return res
	}
	published, ok := r.pub.Lookup(method + " " + pattern)
	if !ok {
		return res
	}
	r.covered[published] = true
	if bad := r.pub.Check(published, res.Body); len(bad) > 0 {
		r.bad[published] = append(r.bad[published], bad...)
	}
	return res
}

// id reads the "id" member of a 200 body.
func (r *run) id(res *testkit.Response) int64 {
	r.t.Helper()
	var out struct {
		ID int64 `json:"id"`
	}
	if res.Status == 200 {
		res.JSON(r.t, &out)
	}
	if out.ID == 0 {
		r.t.Errorf("no id in %.300s", res.Body)
	}
	return out.ID
}

// TestPublishedShapes exercises every served operation the published AU
// description also has, on its 200 path, and checks each response body
// against the description's response schema (see package doc for the rules).
func TestPublishedShapes(t *testing.T) {
	t.Parallel()
	pub, err := conformance.Load()
	if err != nil {
		t.Fatal(err)
	}
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		r := &run{t: t, s: b.Server, pub: pub, covered: map[string]bool{}, bad: map[string][]conformance.Mismatch{}}
		exercise(t, r, b, d)
		exerciseAreas(t, r, b)
		exercisePayRunOutputs(t, r, b)
		exerciseEmployeePayRecords(t, r, b)
		exerciseESSTimesheets(r, b)
		exerciseESSRostersAndDocuments(t, r, b)
		exerciseReportsAfterRun(t, r, b)
		exerciseLookupsAndAudit(r, b)
		exerciseSelfServiceShifts(r, b)
		exerciseKiosk(t, r, b)
		exerciseManager(t, r, b)
		exerciseESSPersonalRecords(t, r, b)
		exerciseAUExtras(t, r, b)
		exerciseShiftCosting(r, b)
		exerciseAwards(r, b)
		exerciseEssDash(t, r, b)
		exerciseSuburbs(r, b)
		exerciseEmployeeAccountingSync(t, r, b)
		exerciseESSTitles(r, b)

		// Every served operation the description has is exercised.
		served := servedOperations(t, b.Server)
		var missing []string
		count := 0
		for _, op := range served {
			published, ok := pub.Lookup(op)
			if !ok {
				continue
			}
			count++
			if !r.covered[published] && notExercised[published] == "" && !awaitingSteps[op] {
				missing = append(missing, op)
			}
			if r.covered[published] && awaitingSteps[op] {
				t.Errorf("%s has a step now: remove it from awaitingSteps", op)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%d served operations of the published description are not exercised (add them to exercise):\n%s",
				len(missing), strings.Join(missing, "\n"))
		}
		var report []string
		for op, bad := range r.bad {
			for _, m := range bad {
				if shapeFixPending[op] != "" {
					t.Logf("pending fix: %s  %s", op, m)
					continue
				}
				report = append(report, op+"  "+m.String())
			}
		}
		for op := range shapeFixPending {
			if r.covered[op] && len(r.bad[op]) == 0 {
				t.Errorf("%s matches the description now: remove it from shapeFixPending", op)
			}
		}
		sort.Strings(report)
		if len(report) > 0 {
			t.Errorf("%d mismatches with the published response shapes:\n%s", len(report), strings.Join(report, "\n"))
		}
		t.Logf("%d served operations are in the published description; %d exercised and checked", count, len(r.covered))
	})
}

// servedOperations lists "METHOD /path" of every operation in our OpenAPI
// document.
func servedOperations(t *testing.T, s *testkit.Server) []string {
	doc := s.Do("GET", "/openapi.json", "", nil).Expect(t, 200).Map(t)
	var ops []string
	for path, item := range doc["paths"].(map[string]any) {
		for method := range item.(map[string]any) {
			switch method {
			case "get", "post", "put", "delete", "patch":
				ops = append(ops, strings.ToUpper(method)+" "+path)
			}
		}
	}
	sort.Strings(ops)
	return ops
}

func exercise(t *testing.T, r *run, b *testkit.Bundle, d *db.DB) {
	ctx := context.Background()
	key, biz := b.Key, b.Biz
	B := "/api/v2/business/{businessId}"

	// Users and businesses.
	r.call(key, "GET", "/api/v2/user", nil)
	r.call(b.AdminKey, "POST", "/api/v2/user", map[string]any{"username": "carol@example.com", "displayName": "Carol", "email": "carol@example.com"})
	r.call(key, "PUT", "/api/v2/user", map[string]any{"username": "alice@example.com"})
	r.call(key, "GET", "/api/v2/business", nil)
	r.call(key, "POST", "/api/v2/business", map[string]any{"name": "Alice Two", "region": "AU", "externalId": "alice-2"})
	r.call(key, "GET", "/api/v2/business/externalid", nil, "?externalId=alice-2")
	r.call(key, "GET", B, nil, biz)

	// Templates: a business made a template is copied into another.
	tmpl := b.NewBusiness(key, "Template Co", "AU")
	if err := b.Businesses.SetTemplate(ctx, tmpl, true); err != nil {
		t.Fatal(err)
	}
	target := b.NewBusiness(key, "From Template", "AU")
	r.call(key, "POST", B+"/{businessTemplateId}", nil, target, tmpl)

	// Access.
	r.call(key, "POST", B+"/access", map[string]any{"email": "dave@example.com", "name": "Dave", "accessType": "Unrestricted"}, biz)
	r.call(key, "GET", B+"/access", nil, biz)
	r.call(key, "GET", B+"/access/user", nil, biz, "?email=dave@example.com")
	r.call(key, "PUT", B+"/access", map[string]any{"accessType": "Unrestricted", "name": "Dave D"}, biz, "?email=dave@example.com")
	r.call(key, "DELETE", B+"/access", nil, biz, "?email=dave@example.com")

	// Locations.
	loc := r.id(r.call(key, "POST", B+"/location", map[string]any{"name": "Depot", "state": "VIC", "country": "Australia"}, biz))
	r.call(key, "GET", B+"/location", nil, biz)
	r.call(key, "GET", B+"/location/{id}", nil, biz, loc)
	r.call(key, "PUT", B+"/location/{id}", map[string]any{"name": "Depot North"}, biz, loc)

	// Categories.
	pc := r.id(r.call(key, "POST", B+"/paycategory", map[string]any{"name": "Ordinary"}, biz))
	r.call(key, "GET", B+"/paycategory", nil, biz)
	r.call(key, "GET", B+"/paycategory/{id}", nil, biz, pc)
	r.call(key, "PUT", B+"/paycategory/{id}", map[string]any{"name": "Ordinary hours"}, biz, pc)

	lc := r.id(r.call(key, "POST", B+"/leavecategory", map[string]any{"name": "Long service", "leaveCategoryType": "LongServiceLeave"}, biz))
	r.call(key, "GET", B+"/leavecategory", nil, biz)
	r.call(key, "GET", B+"/leavecategory/{id}", nil, biz, lc)
	r.call(key, "PUT", B+"/leavecategory/{id}", map[string]any{"name": "Long service leave"}, biz, lc)

	dc := r.id(r.call(key, "POST", B+"/deductioncategory", map[string]any{"name": "Union fees"}, biz))
	r.call(key, "GET", B+"/deductioncategory", nil, biz)
	r.call(key, "GET", B+"/deductioncategory/{id}", nil, biz, dc)
	r.call(key, "PUT", B+"/deductioncategory/{id}", map[string]any{"name": "Union fee"}, biz, dc)

	ec := r.id(r.call(key, "POST", B+"/employeeexpensecategory", map[string]any{"name": "Travel"}, biz))
	r.call(key, "GET", B+"/employeeexpensecategory", nil, biz)
	r.call(key, "GET", B+"/employeeexpensecategory/{id}", nil, biz, ec)
	r.call(key, "PUT", B+"/employeeexpensecategory/{id}", map[string]any{"name": "Travel costs"}, biz, ec)
	r.call(key, "GET", B+"/employeeexpensecategory/taxcodes", nil, biz)

	lia := r.id(r.call(key, "POST", B+"/employerliabilitycategory", map[string]any{"name": "Workers comp"}, biz))
	r.call(key, "GET", B+"/employerliabilitycategory", nil, biz)
	r.call(key, "GET", B+"/employerliabilitycategory/{id}", nil, biz, lia)
	r.call(key, "PUT", B+"/employerliabilitycategory/{id}", map[string]any{"name": "Workers compensation"}, biz, lia)

	wt := r.id(r.call(key, "POST", B+"/worktype", map[string]any{"name": "Night loading", "payCategoryId": pc, "mappingType": "ShiftCondition"}, biz))
	r.call(key, "GET", B+"/worktype", nil, biz)
	r.call(key, "GET", B+"/worktype/{id}", nil, biz, wt)
	r.call(key, "PUT", B+"/worktype/{id}", map[string]any{"name": "Night shift", "payCategoryId": pc, "mappingType": "ShiftCondition"}, biz, wt)

	q := r.id(r.call(key, "POST", B+"/qualification", map[string]any{"name": "First aid"}, biz))
	r.call(key, "GET", B+"/qualification", nil, biz)
	r.call(key, "GET", B+"/qualification/{id}", nil, biz, q)
	r.call(key, "PUT", B+"/qualification/{id}", map[string]any{"name": "First aid level 2"}, biz, q)

	ee := r.id(r.call(key, "POST", B+"/employingentity", map[string]any{"name": "Alice Holdings"}, biz))
	r.call(key, "GET", B+"/employingentity", nil, biz)
	r.call(key, "GET", B+"/employingentity/{id}", nil, biz, ee)
	r.call(key, "PUT", B+"/employingentity/{id}", map[string]any{"name": "Alice Holdings Pty"}, biz, ee)

	dim := r.id(r.call(key, "POST", B+"/dimension", map[string]any{"name": "Cost centre"}, biz))
	r.call(key, "GET", B+"/dimension", nil, biz)
	r.call(key, "GET", B+"/dimension/{id}", nil, biz, dim)
	r.call(key, "PUT", B+"/dimension/{id}", map[string]any{"name": "Cost centres"}, biz, dim)
	dv := r.id(r.call(key, "POST", B+"/dimension/{dimensionId}/value", map[string]any{"name": "CC-1", "allEmployees": true}, biz, dim))
	r.call(key, "GET", B+"/dimension/{dimensionId}/value", nil, biz, dim)
	r.call(key, "GET", B+"/dimension/{dimensionId}/value/{id}", nil, biz, dim, dv)
	r.call(key, "PUT", B+"/dimension/{dimensionId}/value/{id}", map[string]any{"name": "CC-01", "allEmployees": true}, biz, dim, dv)

	grp := r.id(r.call(key, "POST", B+"/employeegroup", map[string]any{"name": "Kitchen staff"}, biz))
	r.call(key, "GET", B+"/employeegroup", nil, biz)
	r.call(key, "GET", B+"/employeegroup/{id}", nil, biz, grp)
	r.call(key, "PUT", B+"/employeegroup/{id}", map[string]any{"name": "Kitchen"}, biz, grp)

	// A restricted grant fills the access model's nested members.
	r.call(key, "POST", B+"/access", map[string]any{"email": "rita@example.com", "name": "Rita", "accessType": "Restricted",
		"employeeGroups": []map[string]any{{"employeeGroupId": grp, "permissions": "ApproveTimesheets,ViewRosters"}},
		"locationAccess": []map[string]any{{"filterType": "Location", "locationIds": []int64{loc}, "permissions": "CreateTimesheets"}},
		"reports":        map[string]any{"accessType": "SpecificReports", "specificReports": "PaygReport,DeductionsReport"},
		"kioskAccess":    map[string]any{"accessType": "AllKiosks", "permissions": "AddEmployeeFromKiosk"},
		"payrollAccess":  map[string]any{"payRunCreationAccess": "PayRunCreatorAllSchedules"}}, biz)
	r.call(key, "GET", B+"/access/user", nil, biz, "?email=rita@example.com")

	// Accounts and journals.
	acc := r.id(r.call(key, "POST", B+"/accounts", map[string]any{"accountCode": "400", "accountName": "Wages", "accountType": "Expense"}, biz))
	r.call(key, "GET", B+"/accounts", nil, biz)
	r.call(key, "GET", B+"/accounts/{id}", nil, biz, acc)
	r.call(key, "PUT", B+"/accounts/{id}", map[string]any{"accountCode": "401", "accountName": "Wages and salaries", "accountType": "Expense"}, biz, acc)
	r.call(key, "POST", B+"/accounts/bulk", []map[string]any{{"accountCode": "500", "accountName": "Super", "accountType": "Expense"}}, biz)
	r.call(key, "GET", B+"/accounts/types", nil, biz)
	r.call(key, "GET", B+"/accounts/journalservices", nil, biz)
	r.call(key, "GET", B+"/accounts/journalservice", nil, biz)
	r.call(key, "PUT", B+"/accounts/journalservice", map[string]any{"journalService": "Xero"}, biz)
	r.call(key, "GET", B+"/chartofaccounts", nil, biz)
	r.call(key, "POST", B+"/chartofaccounts", map[string]any{}, biz)
	r.call(key, "GET", B+"/chartofaccounts/location/{locationId}", nil, biz, loc)
	r.call(key, "POST", B+"/chartofaccounts/location/{locationId}", map[string]any{}, biz, loc)
	r.call(key, "DELETE", B+"/chartofaccounts/location/{locationId}", nil, biz, loc)

	// Pay schedules and holidays.
	ps := r.id(r.call(key, "POST", B+"/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"}, biz))
	r.call(key, "GET", B+"/payschedule", nil, biz)
	r.call(key, "GET", B+"/payschedule/{id}", nil, biz, ps)
	r.call(key, "PUT", B+"/payschedule/{id}", map[string]any{"name": "Weekly staff", "frequency": "Weekly"}, biz, ps)
	r.call(key, "GET", B+"/payschedule/metadata", nil, biz)
	r.call(key, "GET", B+"/payschedule/nextpaydates", nil, biz)
	r.call(key, "GET", B+"/payschedule/{payScheduleId}/nextpaydate", nil, biz, ps)
	// Asynchronous pay run creation (the job is queued; no queue runs here).
	var payRunJob struct {
		JobID string `json:"jobId"`
	}
	r.call(key, "POST", B+"/payrun/async", map[string]any{"payScheduleId": ps, "payPeriodEnding": "2026-11-06T00:00:00"}, biz).JSON(t, &payRunJob)
	r.call(key, "GET", B+"/payrun/creationstatus/{jobId}", nil, biz, payRunJob.JobID)

	ph := r.id(r.call(key, "POST", B+"/publicholiday", map[string]any{"date": "2027-03-15T00:00:00", "description": "Show day", "states": []string{"VIC"}}, biz))
	r.call(key, "POST", B+"/publicholiday", map[string]any{"date": "2027-04-20T00:00:00", "description": "Picnic day"}, biz)
	r.call(key, "GET", B+"/publicholiday", nil, biz, "?year=2027")
	r.call(key, "GET", B+"/publicholiday/{id}", nil, biz, ph)
	r.call(key, "PUT", B+"/publicholiday/{id}", map[string]any{"date": "2027-03-15T00:00:00", "description": "Show day (Melbourne)", "states": []string{"VIC"}}, biz, ph)

	// Banking, tax office and super.
	aba := r.id(r.call(key, "POST", B+"/aba", map[string]any{"accountName": "Alice Pty", "bsb": "062-000", "accountNumber": "12345678", "financialInstitutionCode": "CBA", "userName": "Alice", "userId": "123456"}, biz))
	r.call(key, "GET", B+"/aba", nil, biz)
	r.call(key, "GET", B+"/aba/{id}", nil, biz, aba)
	r.call(key, "PUT", B+"/aba/{id}", map[string]any{"accountName": "Alice Pty Ltd", "bsb": "062-000", "accountNumber": "12345678", "financialInstitutionCode": "CBA", "userName": "Alice", "userId": "123456"}, biz, aba)
	r.call(key, "GET", B+"/ato", nil, biz)
	r.call(key, "POST", B+"/ato", map[string]any{"abn": "51824753556", "name": "Alice Pty", "contactName": "Alice", "phoneNumber": "0390000000", "addressLine1": "1 Main St", "suburb": "Melbourne", "state": "VIC", "postcode": "3000"}, biz)
	r.call(key, "GET", B+"/stpregister", nil, biz)
	r.call(key, "POST", B+"/stpregister", map[string]any{"abn": "51824753556", "name": "Alice Pty", "contactName": "Alice", "contactPhoneNumber": "0390000000", "contactEmailAddress": "alice@example.com", "addressLine1": "1 Main St", "suburb": "Melbourne", "state": "VIC", "postcode": "3000"}, biz)
	var esas []struct {
		Name string `json:"name"`
	}
	r.call(key, "GET", B+"/superfund/electronicserviceaddress", nil, biz).JSON(t, &esas)
	if len(esas) == 0 {
		t.Fatal("no electronic service addresses")
	}
	esa := esas[0].Name
	smsf := r.id(r.call(key, "POST", B+"/selfmanagedsuperfund", map[string]any{"fundName": "Alice Super Fund", "abn": "51824753556", "bsb": "062-000", "accountNumber": "12345678", "accountName": "Alice SF", "electronicServiceAddress": esa}, biz))
	r.call(key, "GET", B+"/selfmanagedsuperfund", nil, biz)
	r.call(key, "GET", B+"/selfmanagedsuperfund/{id}", nil, biz, smsf)
	r.call(key, "PUT", B+"/selfmanagedsuperfund/{id}", map[string]any{"fundName": "Alice Super", "abn": "51824753556", "bsb": "062-000", "accountNumber": "12345678", "accountName": "Alice SF", "electronicServiceAddress": esa}, biz, smsf)
	r.call(key, "GET", B+"/superfund/productsearch", nil, biz, "?term=HST")

	// Settings documents.
	r.call(key, "GET", B+"/employeeportalsettings", nil, biz)
	r.call(key, "POST", B+"/employeeportalsettings", map[string]any{"allowEmployeeSelfEditing": true}, biz)
	r.call(key, "GET", B+"/roundingrules", nil, biz)
	r.call(key, "POST", B+"/roundingrules", map[string]any{"shiftStartRoundingDirection": "Up", "shiftStartRoundingInterval": 15}, biz)
	r.call(key, "GET", B+"/payslip", nil, biz)
	r.call(key, "POST", B+"/payslip", map[string]any{"showBasePayRate": true}, biz)
	r.call(key, "GET", B+"/leavesettings", nil, biz)
	r.call(key, "PUT", B+"/leavesettings", map[string]any{"requireNotesForLeaveRequests": true}, biz)
	r.call(key, "GET", B+"/timesheetsettings", nil, biz)
	r.call(key, "PUT", B+"/timesheetsettings", map[string]any{"requireWorkType": true}, biz)
	r.call(key, "POST", B+"/initialfinancialyear", nil, biz, "?year=2026")
	r.call(key, "GET", B+"/entitlements", nil, biz)
	r.call(key, "GET", B+"/tags", nil, biz)
	plans := r.call(key, "GET", B+"/subscription/billingplans", nil, biz)
	var planList []struct {
		ID int64 `json:"id"`
	}
	plans.JSON(t, &planList)
	if len(planList) == 0 {
		t.Fatal("no billing plans")
	}
	r.call(key, "POST", B+"/subscription/setbillingplan", map[string]any{"billingPlanId": planList[0].ID}, biz)
	r.call(key, "GET", B+"/subscription/currentbillingplan", nil, biz)
	notes := r.call(key, "GET", B+"/actionitems/businessnotifications", nil, biz)
	var noteList []struct {
		ID int64 `json:"id"`
	}
	notes.JSON(t, &noteList)
	if len(noteList) > 0 {
		r.call(key, "DELETE", B+"/actionitems/businessnotifications/{id}/dismiss", nil, biz, noteList[0].ID)
	}

	// Documents.
	up := b.Upload(fmt.Sprintf("/api/v2/business/%d/document", biz), key, "handbook.txt", []byte("Be kind."))
	if up.Status != 200 {
		t.Fatalf("upload: %d %s", up.Status, up.Body)
	}
	if published, ok := r.pub.Lookup("POST " + B + "/document"); ok {
		r.covered[published] = true
		if bad := r.pub.Check(published, up.Body); len(bad) > 0 {
			r.bad[published] = append(r.bad[published], bad...)
		}
	}
	var docs []struct {
		ID int64 `json:"id"`
	}
	up.JSON(t, &docs)
	doc := docs[0].ID
	r.call(key, "GET", B+"/document", nil, biz)
	r.call(key, "GET", B+"/document/{id}", nil, biz, doc)
	r.call(key, "PUT", B+"/document/{id}", map[string]any{"visibleToAll": true}, biz, doc)
	r.call(key, "GET", B+"/document/{id}/content", nil, biz, doc)

	// Employees.
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Erin", "surname": "Example", "externalId": "E-1", "externalReferenceId": "X-1", "source": "Xero", "startDate": "2026-01-05T00:00:00"}, biz))
	r.call(key, "GET", B+"/employee/unstructured", nil, biz)
	r.call(key, "GET", B+"/employee/unstructured/{employeeId}", nil, biz, emp)
	r.call(key, "PUT", B+"/employee/unstructured/{employeeId}", map[string]any{"firstName": "Erin", "surname": "Example-Smith"}, biz, emp)
	r.call(key, "GET", B+"/employee/unstructured/externalid/{externalId}", nil, biz, "E-1")
	r.call(key, "GET", B+"/employee/unstructured/externalreferenceid/{externalReferenceId}/{source}", nil, biz, "X-1", "Xero")
	r.call(key, "GET", B+"/employee/details", nil, biz)
	r.call(key, "GET", B+"/employee/{employeeId}/details", nil, biz, emp)
	r.call(key, "GET", B+"/employee/{employeeId}/location", nil, biz, emp)
	// Terminated, then activated again.
	r.call(key, "PUT", B+"/employee/unstructured/{employeeId}", map[string]any{"endDate": "2026-10-31T00:00:00", "terminationReason": "Redundancy"}, biz, emp)
	r.call(key, "POST", B+"/employee/activate/{employeeId}", nil, biz, emp)
	// Single sign-on as the employee needs the employee's user account,
	// which only self-service invitations (not served yet) create.
	essID, _ := b.NewUser("erin@example.com")
	testkit.MustExec(t, d, `UPDATE employees SET user_id = $1 WHERE id = $2`, essID, emp)
	r.call(key, "POST", B+"/employee/{employeeId}/singlesignon", map[string]any{}, biz, emp)
	r.call(key, "POST", B+"/singlesignon", map[string]any{"userName": "alice@example.com"}, biz)
	r.call(key, "POST", "/api/v2/singlesignon", map[string]any{})

	// Web hooks.
	const hookSecret = "0123456789abcdef0123456789abcdef"
	var created struct {
		ID string `json:"id"`
	}
	r.call(key, "POST", B+"/webhookregistrations", map[string]any{"webHookUri": "http://127.0.0.1:9/hook", "secret": hookSecret, "filters": []string{"EmployeeCreated"}}, biz).JSON(t, &created)
	hook := created.ID
	r.call(key, "GET", B+"/webhookregistrations", nil, biz)
	r.call(key, "GET", B+"/webhookregistrations/{id}", nil, biz, hook)
	r.call(key, "GET", B+"/webhookregistrations/{id}/test", nil, biz, hook, "?filter=EmployeeCreated")
	r.call(key, "PUT", B+"/webhookregistrations/{id}", map[string]any{"webHookUri": "http://127.0.0.1:9/hook2", "secret": hookSecret, "filters": []string{"EmployeeCreated"}}, biz, hook)

	// Brands and white labels.
	brand, err := b.Brands.CreateBrand(ctx, "Acme Payroll")
	if err != nil {
		t.Fatal(err)
	}
	label, err := b.Brands.CreateWhiteLabel(ctx, brand.ID, "Acme White")
	if err != nil {
		t.Fatal(err)
	}
	_, brandKey := b.NewUser("reseller@acme.example")
	if err := b.Brands.SetBrandAdmin(ctx, "reseller@acme.example", brand.ID); err != nil {
		t.Fatal(err)
	}
	brandBiz := b.NewBusiness(brandKey, "Client Co", "AU")
	r.call(brandKey, "GET", "/api/v2/brand", nil)
	r.call(brandKey, "GET", "/api/v2/brand/{id}", nil, brand.ID)
	r.call(brandKey, "GET", "/api/v2/brand/{brandId}/business-templates", nil, brand.ID)
	r.call(brandKey, "GET", "/api/v2/brand/{brandId}/reports/activeemployees", nil, brand.ID)
	r.call(brandKey, "GET", "/api/v2/brand/{brandId}/reports/signups", nil, brand.ID, "?fromDate=2026-11-01")
	r.call(b.AdminKey, "GET", "/api/v2/whitelabel", nil)
	r.call(b.AdminKey, "GET", "/api/v2/whitelabel/{id}", nil, label.ID)
	r.call(b.AdminKey, "GET", "/api/v2/whitelabel/{whiteLabelId}/reports/activeemployees", nil, label.ID)
	r.call(b.AdminKey, "GET", "/api/v2/whitelabel/{whiteLabelId}/reports/signups", nil, label.ID, "?fromDate=2026-11-01")
	r.call(brandKey, "DELETE", "/api/v2/brand/{brandId}/business/{businessId}/cancel", nil, brand.ID, brandBiz)

	// Deletes last, children before parents.
	r.call(key, "DELETE", B+"/access", nil, biz, "?email=rita@example.com")
	r.call(key, "DELETE", B+"/webhookregistrations/{id}", nil, biz, hook)
	r.call(key, "DELETE", B+"/webhookregistrations", nil, biz)
	r.call(key, "DELETE", B+"/document/{id}", nil, biz, doc)
	r.call(key, "DELETE", B+"/employee/{employeeId}", nil, biz, emp)
	r.call(key, "DELETE", B+"/worktype/{id}", nil, biz, wt)
	r.call(key, "DELETE", B+"/paycategory/{id}", nil, biz, pc)
	r.call(key, "DELETE", B+"/leavecategory/{id}", nil, biz, lc)
	r.call(key, "DELETE", B+"/deductioncategory/{id}", nil, biz, dc)
	r.call(key, "DELETE", B+"/employeeexpensecategory/{id}", nil, biz, ec)
	r.call(key, "DELETE", B+"/employerliabilitycategory/{id}", nil, biz, lia)
	r.call(key, "DELETE", B+"/qualification/{id}", nil, biz, q)
	r.call(key, "DELETE", B+"/employingentity/{id}", nil, biz, ee)
	r.call(key, "DELETE", B+"/dimension/{dimensionId}/value/{id}", nil, biz, dim, dv)
	r.call(key, "DELETE", B+"/dimension/{id}", nil, biz, dim)
	r.call(key, "DELETE", B+"/employeegroup/{id}", nil, biz, grp)
	r.call(key, "DELETE", B+"/accounts/{id}", nil, biz, acc)
	r.call(key, "DELETE", B+"/payschedule/{id}", nil, biz, ps)
	r.call(key, "DELETE", B+"/publicholiday/{id}", nil, biz, ph)
	r.call(key, "DELETE", B+"/publicholiday", nil, biz, "?date=2027-04-20")
	r.call(key, "DELETE", B+"/aba/{id}", nil, biz, aba)
	r.call(key, "DELETE", B+"/location/{id}", nil, biz, loc)
}

// Our document declares no schema open to arbitrary members: generated
// clients would give every model a dictionary of extra members we never send.
func TestOpenAPIHasNoOpenObjects(t *testing.T) {
	t.Parallel()
	s := testkit.NewServer(t, testkit.NewDB(t, db.SQLite))
	doc := s.Do("GET", "/openapi.json", "", nil).Expect(t, 200).Map(t)
	var open []string
	var walk func(at string, v any)
	walk = func(at string, v any) {
		switch val := v.(type) {
		case map[string]any:
			if val["additionalProperties"] == true {
				open = append(open, at)
			}
			for k, e := range val {
				walk(at+"/"+k, e)
			}
		case []any:
			for i, e := range val {
				walk(fmt.Sprintf("%s/%d", at, i), e)
			}
		}
	}
	walk("#", doc)
	sort.Strings(open)
	if len(open) > 0 {
		t.Fatalf("%d schemas allow any additional member:\n%s", len(open), strings.Join(open, "\n"))
	}
}
