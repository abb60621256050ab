package httpapi_test

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// send sends body with exactly the given Content-Type ("" = none) and
// Accept ("" = none).
func send(t *testing.T, s *testkit.Server, method, path, key, contentType, accept, body string) *testkit.Response {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if key != "" {
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
	}
	return s.Send(req)
}

// withoutID drops the server-assigned members so two records compare.
func withoutID(m map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		if k != "id" {
			out[k] = v
		}
	}
	return out
}

// Request bodies: JSON under every JSON media type, unlabelled JSON, and
// ASP.NET-style forms, all converted centrally before huma sees them.
func TestRequestBodies(t *testing.T) {
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d)
	_, key := s.NewUser("alice@example.com")
	B := func(id int64) string { return testkit.BusinessPath(id) }
	bizJSON := s.NewBusiness(key, "Json Pty", "AU")
	biz := s.NewBusiness(key, "Form Pty", "AU")
	id := func(t *testing.T, r *testkit.Response) int64 {
		t.Helper()
		var out struct {
			ID int64 `json:"id"`
		}
		r.JSON(t, &out)
		if out.ID == 0 {
			t.Fatalf("no id in %s", r.Body)
		}
		return out.ID
	}
	const form = "application/x-www-form-urlencoded"

	t.Run("form location is the JSON location", func(t *testing.T) {
		j := id(t, s.Do("POST", B(bizJSON)+"/location", key, map[string]any{"name": "Depot", "state": "VIC"}).Expect(t, 200))
		f := id(t, send(t, s, "POST", B(biz)+"/location", key, form, "", "name=Depot&state=VIC").Expect(t, 200))
		want := withoutID(s.Do("GET", fmt.Sprintf("%s/location/%d", B(bizJSON), j), key, nil).Expect(t, 200).Map(t))
		got := withoutID(s.Do("GET", fmt.Sprintf("%s/location/%d", B(biz), f), key, nil).Expect(t, 200).Map(t))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("form location = %v\nJSON location = %v", got, want)
		}
		if got["name"] != "Depot" || got["state"] != "VIC" {
			t.Fatalf("form location = %v", got)
		}
	})

	t.Run("JSON labelled as a form (curl -d without -H)", func(t *testing.T) {
		f := id(t, send(t, s, "POST", B(biz)+"/location", key, form, "", ` {"name":"Curl depot","state":"NSW"}`).Expect(t, 200))
		got := s.Do("GET", fmt.Sprintf("%s/location/%d", B(biz), f), key, nil).Expect(t, 200).Map(t)
		if got["name"] != "Curl depot" || got["state"] != "NSW" {
			t.Fatalf("location = %v", got)
		}
		// A form whose first key only looks like JSON stays a form.
		testkit.ExpectProblem(t, send(t, s, "POST", B(biz)+"/location", key, form, "", `{"name":"x"=1&state=VIC`), 400, "name")
	})

	loc1 := id(t, s.Do("POST", B(biz)+"/location", key, map[string]any{"name": "North"}).Expect(t, 200))
	loc2 := id(t, s.Do("POST", B(biz)+"/location", key, map[string]any{"name": "South"}).Expect(t, 200))

	t.Run("form nested members, lists, booleans, integers, enums by name", func(t *testing.T) {
		body := strings.Join([]string{
			"Name=Weekly+Form", "frequency=weekly", // member and enum names in any case
			fmt.Sprintf("locations=%d", loc1), fmt.Sprintf("locations=%d", loc2), // list as repeated keys
			"autoPayConfiguration.enabled=TRUE", "autoPayConfiguration.finalise=false", // a.b=
			"autoPayConfiguration[dayOfWeek]=3",                       // a[b]=
			"AutoPayConfiguration.UsersToNotify[0]=alice@example.com", // list[0]=
			"autoPayConfiguration.initialDatePaid=2026-11-13T00:00:00",
			"autoPayConfiguration.initialPayPeriodEnding=2026-11-08T00:00:00",
			"payScheduleApprovalSettings.approversToNotify=alice@example.com",
			"payScheduleApprovalSettings.requireApproval=true",
			"payScheduleApprovalSettings.reminderDay=2",
			"defaultFinaliseSettings.publishPaySlips=1", // enum by number
			"notAMember=ignored",
		}, "&")
		ps := id(t, send(t, s, "POST", B(biz)+"/payschedule", key, form+"; charset=utf-8", "", body).Expect(t, 200))
		var got struct {
			Name      string  `json:"name"`
			Frequency string  `json:"frequency"`
			Locations []int64 `json:"locations"`
			AutoPay   *struct {
				Enabled       bool     `json:"enabled"`
				Finalise      bool     `json:"finalise"`
				DayOfWeek     int      `json:"dayOfWeek"`
				UsersToNotify []string `json:"usersToNotify"`
			} `json:"autoPayConfiguration"`
			Approval *struct {
				RequireApproval bool `json:"requireApproval"`
				ReminderDay     int  `json:"reminderDay"`
			} `json:"payScheduleApprovalSettings"`
			Finalise *struct {
				PublishPaySlips string `json:"publishPaySlips"`
			} `json:"defaultFinaliseSettings"`
		}
		r := s.Do("GET", fmt.Sprintf("%s/payschedule/%d", B(biz), ps), key, nil).Expect(t, 200)
		r.JSON(t, &got)
		if got.Name != "Weekly Form" || got.Frequency != "Weekly" || !reflect.DeepEqual(got.Locations, []int64{loc1, loc2}) ||
			got.AutoPay == nil || !got.AutoPay.Enabled || got.AutoPay.Finalise || got.AutoPay.DayOfWeek != 3 ||
			!reflect.DeepEqual(got.AutoPay.UsersToNotify, []string{"alice@example.com"}) ||
			got.Approval == nil || !got.Approval.RequireApproval || got.Approval.ReminderDay != 2 ||
			got.Finalise == nil || got.Finalise.PublishPaySlips != "Immediate" {
			t.Fatalf("pay schedule from form: %s", r.Body)
		}
	})

	t.Run("form list of objects: list[0].member=", func(t *testing.T) {
		body := fmt.Sprintf("name=Northerners&filterCombinationStrategy=and"+
			"&filters[0].filterType=location&filters[0].operator=NotIn&filters[0].value=%d"+
			"&filters[1].FilterType=Location&filters[1][value]=%d", loc2, loc1)
		g := id(t, send(t, s, "POST", B(biz)+"/employeegroup", key, form, "", body).Expect(t, 200))
		var got struct {
			Name     string `json:"name"`
			Strategy string `json:"filterCombinationStrategy"`
			Filters  []struct {
				FilterType, Operator, Value string
			} `json:"filters"`
		}
		r := s.Do("GET", fmt.Sprintf("%s/employeegroup/%d", B(biz), g), key, nil).Expect(t, 200)
		r.JSON(t, &got)
		if got.Name != "Northerners" || got.Strategy != "And" || len(got.Filters) != 2 ||
			got.Filters[0].FilterType != "Location" || got.Filters[0].Operator != "NotIn" || got.Filters[0].Value != fmt.Sprint(loc2) ||
			got.Filters[1].FilterType != "Location" || got.Filters[1].Value != fmt.Sprint(loc1) {
			t.Fatalf("employee group from form: %s", r.Body)
		}
	})

	t.Run("form dictionaries: a[key]= and a.key= keep the key", func(t *testing.T) {
		body := "webHookUri=http://hooks.example.com/f&filters=EmployeeCreated&filters=PayRunFinalised" +
			"&headers[X-Tenant]=a&headers.X-Other=b&properties[team]=payroll"
		var got struct {
			Filters    []string          `json:"filters"`
			Headers    map[string]string `json:"headers"`
			Properties map[string]any    `json:"properties"`
		}
		r := send(t, s, "POST", B(biz)+"/webhookregistrations", key, form, "", body).Expect(t, 200)
		r.JSON(t, &got)
		if strings.Join(got.Filters, ",") != "EmployeeCreated,PayRunFinalised" || got.Headers["X-Tenant"] != "a" ||
			got.Headers["X-Other"] != "b" || got.Properties["team"] != "payroll" {
			t.Fatalf("web hook from form: %s", r.Body)
		}
	})

	t.Run("form partial update through a raw-body operation", func(t *testing.T) {
		send(t, s, "PUT", B(biz), key, form, "", "Name=Form+Pty+Two&endOfWeek=2&standardHoursPerDay=8.5&isForeignEntity=False").Expect(t, 200)
		m := s.Do("GET", B(biz), key, nil).Expect(t, 200).Map(t)
		if m["name"] != "Form Pty Two" || m["endOfWeek"] != "Tuesday" || m["standardHoursPerDay"] != 8.5 || m["isForeignEntity"] != false || m["region"] != "AU" {
			t.Fatalf("business after form update: %v", m)
		}
	})

	jsonTypes := []struct{ name, contentType, accept string }{
		{"text/json", "text/json", "text/json"},
		{"text/json with charset", "text/json; charset=utf-8", ""},
		{"application/json with charset", "application/json; charset=utf-8", ""},
		{"application/*+json", "application/vnd.payroll+json", "application/json"},
		{"no Content-Type", "", ""},
	}
	for i, tc := range jsonTypes {
		t.Run(tc.name, func(t *testing.T) {
			name := fmt.Sprintf("Site %d", i)
			r := send(t, s, "POST", B(biz)+"/location", key, tc.contentType, tc.accept, `{"Name":"`+name+`","State":"nsw"}`).Expect(t, 200)
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("response Content-Type %q, want JSON", ct)
			}
			if m := r.Map(t); m["name"] != name {
				t.Fatalf("created %v", m)
			}
		})
	}

	bad := []struct {
		name, method, path, contentType, body string
		status                                int
		field                                 string
	}{
		{"form: integer member not a number", "POST", B(biz) + "/payschedule", form, "name=X&frequency=Weekly&autoPayConfiguration.dayOfWeek=Tuesday", 400, "autoPayConfiguration.dayOfWeek"},
		{"form: top-level integer member not a number", "POST", B(biz) + "/payschedule", form, "name=X&frequency=Weekly&abaDetailsId=twelve", 400, "abaDetailsId"},
		{"form: integer list item not a number", "POST", B(biz) + "/payschedule", form, "name=X&frequency=Weekly&locations=one", 400, "locations[0]"},
		{"form: boolean not a boolean", "POST", B(biz) + "/payschedule", form, "name=X&frequency=Weekly&equalMonthlyPayments=maybe", 400, "equalMonthlyPayments"},
		{"form: unknown enum name", "POST", B(biz) + "/payschedule", form, "name=X&frequency=Sometimes", 400, "frequency"},
		{"form: malformed encoding", "POST", B(biz) + "/location", form, "name=%zz", 400, ""},
		{"form: too large", "POST", B(biz) + "/location", form, "name=" + strings.Repeat("x", 2<<20), 413, ""},
		{"XML is not accepted", "POST", B(biz) + "/location", "application/xml", "<Location><Name>X</Name></Location>", 415, ""},
		{"text/plain is not accepted", "POST", B(biz) + "/location", "text/plain", "name=X", 415, ""},
		{"unlabelled body that is not JSON", "POST", B(biz) + "/location", "", "name=X", 415, ""},
		{"malformed JSON as text/json", "POST", B(biz) + "/location", "text/json", `{"name":`, 400, ""},
		{"text/json wrong type", "POST", B(biz) + "/location", "text/json", `{"name":{"first":"X"}}`, 400, "name"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			r := send(t, s, tc.method, tc.path, key, tc.contentType, "", tc.body)
			testkit.ExpectProblem(t, r, tc.status, tc.field)
			if tc.status == 415 && !strings.Contains(string(r.Body), "application/x-www-form-urlencoded") {
				t.Fatalf("415 does not name the accepted types: %s", r.Body)
			}
		})
	}

	t.Run("empty chunked body without Content-Type is no body, not 415", func(t *testing.T) {
		req, _ := http.NewRequest("POST", s.URL+B(biz)+"/location", io.NopCloser(strings.NewReader("")))
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
		r := s.Send(req)
		if r.Status == 415 || r.Status >= 500 {
			t.Fatalf("empty body answered %d %s", r.Status, r.Body)
		}
	})
	t.Run("uploads stay multipart", func(t *testing.T) {
		s.Upload(B(biz)+"/document", key, "a.txt", []byte("hello")).Expect(t, 200)
	})
}

// Unknown paths are 404 ProblemDetails for every method, integer path
// parameters match only digits, and 405 (with Allow) is kept for paths
// served with other methods.
func TestRouteMatching(t *testing.T) {
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d)
	_, key := s.NewUser("alice@example.com")
	B := testkit.BusinessPath(s.NewBusiness(key, "Alice", "AU"))

	if c := s.API.RouteConflicts(); len(c) > 0 {
		t.Fatalf("the route matcher and chi disagree:\n%s", strings.Join(c, "\n"))
	}
	cases := []struct {
		name, method, path string
		status             int
		allow              string
	}{
		{"unserved collection", "GET", B + "/nosuchcollection", 404, ""},
		{"unserved collection, POST", "POST", B + "/nosuchcollection", 404, ""},
		{"unserved collection, DELETE", "DELETE", B + "/nosuchcollection/1", 404, ""},
		{"unserved kind", "POST", B + "/nosuchkind", 404, ""},
		{"unserved kind, mixed case", "POST", B + "/NoSuchKind", 404, ""},
		{"word where the business id goes", "GET", "/api/v2/business/abc/location", 404, ""},
		{"word where an item id goes", "GET", B + "/location/abc", 404, ""},
		{"unknown root", "OPTIONS", "/nothing/here", 404, ""},
		{"wrong method on a collection", "PATCH", B + "/location", 405, "GET, POST"},
		{"wrong method on an item", "POST", B + "/location/1", 405, "DELETE, GET, PUT"},
		{"wrong method, case-insensitive path", "DELETE", "/API/V2/USER", 405, "GET, POST, PUT"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := s.Do(tc.method, tc.path, key, nil)
			testkit.ExpectProblem(t, r, tc.status, "")
			if got := r.Header.Get("Allow"); got != tc.allow {
				t.Fatalf("Allow = %q, want %q", got, tc.allow)
			}
			if tc.status == 404 {
				want := "no operation matches " + tc.method + " " + tc.path
				if m := r.Map(t); m["detail"] != want {
					t.Fatalf("detail = %q, want %q", m["detail"], want)
				}
			}
		})
	}
	t.Run("digits still reach the template route", func(t *testing.T) {
		// POST B/{businessTemplateId} is served: an unknown template is a 404
		// from the operation, not from the router.
		r := s.Do("POST", B+"/999999", key, nil)
		if r.Status == 405 || r.Status == 400 {
			t.Fatalf("POST B/999999 = %d %s", r.Status, r.Body)
		}
	})
}
