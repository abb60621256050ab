package essapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Personal details, details and emergency contacts: the portal setting
// gates the employee, only personal members change, the business's
// members do not.
func TestESSPersonalDetails(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeSelfEditing": false}).Expect(t, 200)
		edit := map[string]any{"firstName": "Annie", "otherName": "An", "mobilePhone": "0400 000 001", "email": "annie@example.com",
			"residentialAddress":               map[string]any{"streetAddress": "1 George St", "suburb": "Sydney", "state": "NSW", "postcode": "2000"},
			"isPostalAddressSameAsResidential": true}
		e.RunCases(t, []testkit.Case{
			{Name: "read while editing is off", Method: "GET", Path: e.SA + "/personaldetails", Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["firstName"] != "Ann" || m["canEdit"] != false || m["dateOfBirth"] != "0001-01-01T00:00:00" || m["residentialAddress"].(map[string]any)["state"] != "NSW" {
					t.Fatalf("details %v", m)
				}
			}},
			{Name: "edit while off", Method: "PUT", Path: e.SA + "/personaldetails", Key: e.annKey, Body: edit, Status: 403},
			{Name: "contacts while off", Method: "PUT", Path: e.SA + "/emergencycontacts", Key: e.annKey, Body: map[string]any{}, Status: 403},
			{Name: "business user may", Method: "PUT", Path: e.SB + "/personaldetails", Key: e.Key, Body: map[string]any{"middleName": "B"}, Status: 200},
			{Name: "another employee", Method: "PUT", Path: e.SB + "/personaldetails", Key: e.annKey, Body: edit, Status: 404},
			{Name: "other tenant", Method: "GET", Path: e.SA + "/personaldetails", Key: e.OtherKey, Status: 404},
			{Name: "anonymous", Method: "GET", Path: e.SA + "/personaldetails", Status: 401},
		})
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeSelfEditing": true}).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			{Name: "edit", Method: "PUT", Path: e.SA + "/personaldetails", Key: e.annKey, Body: edit, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				post := m["postalAddress"].(map[string]any)
				if m["firstName"] != "Annie" || m["otherName"] != "An" || m["surname"] != "Tester" || m["email"] != "annie@example.com" ||
					post["streetAddress"] != "1 George St" || post["postcode"] != "2000" || m["isPostalAddressSameAsResidential"] != true || m["canEdit"] != true {
					t.Fatalf("edited %v", m)
				}
			}},
			{Name: "bad date", Method: "PUT", Path: e.SA + "/personaldetails", Key: e.annKey, Body: map[string]any{"dateOfBirth": "soon"}, Status: 400, Field: "dateOfBirth"},
			{Name: "address not an object", Method: "PUT", Path: e.SA + "/personaldetails", Key: e.annKey, Body: map[string]any{"residentialAddress": "here"}, Status: 400, Field: "residentialAddress"},
			// POST E/details: personal members change, pay and tax members are ignored.
			{Name: "details", Method: "POST", Path: e.SA + "/details", Key: e.annKey, Status: 200,
				Body: map[string]any{"surname": "Tester-Lee", "homePhone": "02 9000 0000", "hoursPerWeek": 10, "taxFileNumber": "123456782", "endDate": "2026-12-01T00:00:00"},
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					if m["surname"] != "Tester-Lee" || m["homePhone"] != "02 9000 0000" || m["hoursPerWeek"] != float64(38) || m["taxFileNumber"] != "" ||
						m["endDate"] != nil || m["emailAddress"] != "annie@example.com" {
						t.Fatalf("details %v", m)
					}
				}},
			{Name: "contacts", Method: "PUT", Path: e.SA + "/emergencycontacts", Key: e.annKey, Status: 200,
				Body: map[string]any{"primaryEmergencyContact": map[string]any{"contactNumber": "0411 111 111"}, "secondaryEmergencyContact": map[string]any{"name": "Sam", "relationship": "Sibling"}},
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					p, s := m["primaryEmergencyContact"].(map[string]any), m["secondaryEmergencyContact"].(map[string]any)
					if p["name"] != "Pat Tester" || p["contactNumber"] != "0411 111 111" || p["id"] != float64(1) || s["name"] != "Sam" || s["relationship"] != "Sibling" {
						t.Fatalf("contacts %v", m)
					}
				}},
			{Name: "contacts by POST", Method: "POST", Path: e.SA + "/emergencycontacts", Key: e.annKey, Status: 200,
				Body: map[string]any{"secondaryEmergencyContact": map[string]any{"name": ""}}},
			{Name: "contact not an object", Method: "POST", Path: e.SA + "/emergencycontacts", Key: e.annKey, Status: 400, Field: "primaryEmergencyContact",
				Body: map[string]any{"primaryEmergencyContact": 5}},
		})
		ec := e.Do("GET", e.SA+"/emergencycontacts", e.annKey, nil).Expect(t, 200).Map(t)
		if s := ec["secondaryEmergencyContact"].(map[string]any); s["name"] != "" || s["relationship"] != "Sibling" {
			t.Fatalf("after clearing the name %v", ec)
		}
		emp := e.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.ann), e.Key, nil).Expect(t, 200).Map(t)
		if emp["firstName"] != "Annie" || emp["postalSuburb"] != "Sydney" || emp["emergencyContact1_ContactNumber"] != "0411 111 111" {
			t.Fatalf("employee after self-service edits %v", emp)
		}
	})
}

// Unavailability, bank accounts (and their swagrequired2fa paths),
// self-managed funds, qualifications, expenses through self-service.
func TestESSRecords(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeToSetUnavailability": true, "allowEmployeeBankAccountSelfService": true,
			"allowEmployeeSuperFundSelfService": true, "allowEmployeeExpensesSelfService": true}).Expect(t, 200)
		id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
		un := id(e.Do("POST", e.SA+"/unavailability", e.annKey, map[string]any{"fromDate": "2026-11-10T09:00:00", "toDate": "2026-11-10T17:00:00", "reason": "Exam"}))
		benUn := id(e.Do("POST", e.SB+"/unavailability", e.Key, map[string]any{"fromDate": "2026-11-10T09:00:00", "toDate": "2026-11-10T17:00:00"}))
		acc := e.Do("POST", e.SA+"/bankaccounts", e.annKey, map[string]any{"bsb": "062-000", "accountName": "Ann", "accountNumber": "12345678", "allocateBalance": true}).
			Expect(t, 200).Map(t)["result"].(map[string]any)
		accID := int64(acc["id"].(float64))
		locked := e.Do("POST", fmt.Sprintf("%s/employee/%d/bankaccount", e.B, e.ann), e.Key, map[string]any{"bsb": "062-000", "accountName": "Ann Locked",
			"accountNumber": "87654321", "fixedAmount": 50, "isEmployeeEditable": false}).Expect(t, 200).Map(t)["result"].(map[string]any)
		lockedID := int64(locked["id"].(float64))
		fa := id(e.Do("POST", e.B+"/qualification", e.Key, map[string]any{"name": "Ess4 First Aid"}))
		other := id(e.Do("POST", e.B+"/qualification", e.Key, map[string]any{"name": "Ess4 Forklift"}))
		held := id(e.Do("POST", e.SA+"/qualification", e.annKey, map[string]any{"qualificationId": fa, "issueDate": "2026-01-10T00:00:00", "referenceNumber": "FA-1"}))
		cat := id(e.Do("POST", e.B+"/employeeexpensecategory", e.Key, map[string]any{"name": "Ess4 Travel"}))
		line := func(amount float64) map[string]any {
			return map[string]any{"description": "Taxi", "lineItems": []any{map[string]any{"expenseCategoryId": cat, "amount": amount, "dateIncurred": "2026-11-03T00:00:00"}}}
		}
		exp := id(e.Do("POST", e.SA+"/expense", e.annKey, line(20)))
		cancelled := id(e.Do("POST", e.SA+"/expense", e.annKey, line(5)))
		e.Do("DELETE", fmt.Sprintf("%s/expense/%d", e.SA, cancelled), e.annKey, nil).Expect(t, 200)
		U := func(id int64) string { return fmt.Sprintf("%s/unavailability/%d", e.SA, id) }
		A := func(id int64, suffix string) string { return fmt.Sprintf("%s/bankaccounts/%d%s", e.SA, id, suffix) }
		Q := func(id int64) string { return fmt.Sprintf("%s/qualification/%d", e.SA, id) }
		X := func(id int64) string { return fmt.Sprintf("%s/expense/%d", e.SA, id) }
		e.RunCases(t, []testkit.Case{
			{Name: "unavailability list", Method: "GET", Path: e.SA + "/unavailability?filter.fromDate=2026-11-01&filter.toDate=2026-11-30", Key: e.annKey, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					var l []map[string]any
					r.JSON(t, &l)
					if len(l) != 1 || l[0]["id"] != float64(un) || l[0]["reason"] != "Exam" {
						t.Fatalf("unavailability %v", l)
					}
				}},
			{Name: "unavailability list out of range", Method: "GET", Path: e.SA + "/unavailability?fromDate=2026-12-01", Key: e.annKey, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if l := list(t, r); len(l) != 0 {
						t.Fatalf("unavailability %v", l)
					}
				}},
			{Name: "unavailability bad date", Method: "GET", Path: e.SA + "/unavailability?fromDate=tomorrow", Key: e.annKey, Status: 400, Field: "fromDate"},
			{Name: "unavailability get", Method: "GET", Path: U(un), Key: e.annKey, Status: 200},
			{Name: "Ben's unavailability through Ann", Method: "GET", Path: U(benUn), Key: e.annKey, Status: 404},
			{Name: "Ben's unavailability through Ann's path by the owner", Method: "PUT", Path: U(benUn), Key: e.Key, Body: map[string]any{"reason": "x"}, Status: 404},
			{Name: "unavailability put", Method: "PUT", Path: U(un), Key: e.annKey, Body: map[string]any{"reason": "Exam (maths)", "employeeId": e.ben}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); m["reason"] != "Exam (maths)" || m["employeeId"] != float64(e.ann) || m["fromDate"] != "2026-11-10T09:00:00" {
						t.Fatalf("updated %v", m)
					}
				}},
			{Name: "unavailability put backwards", Method: "PUT", Path: U(un), Key: e.annKey, Body: map[string]any{"toDate": "2026-11-09T09:00:00"}, Status: 400, Field: "toDate"},
			{Name: "bank accounts", Method: "GET", Path: e.SA + "/bankaccounts", Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				l := list(t, r)
				if len(l) != 2 {
					t.Fatalf("accounts %v", l)
				}
				for _, a := range l {
					a := a.(map[string]any)
					if a["id"] == float64(lockedID) && (a["isEmployeeEditable"] != false || a["fixedAmount"] != float64(50) || a["allocatedPercentage"] != float64(0)) {
						t.Fatalf("locked account %v", a)
					}
				}
			}},
			{Name: "bank accounts 2fa", Method: "GET", Path: e.SA + "/bankaccounts/swagrequired2fa", Key: e.annKey, Status: 200},
			{Name: "bank account get 2fa", Method: "GET", Path: A(accID, "/swagrequired2fa"), Key: e.annKey, Status: 200},
			{Name: "bank account put", Method: "PUT", Path: A(accID, ""), Key: e.annKey, Status: 200,
				Body: map[string]any{"bsb": "062-001", "accountName": "Ann T", "accountNumber": "11112222", "allocateBalance": true},
				Check: func(t *testing.T, r *testkit.Response) {
					if res := r.Map(t)["result"].(map[string]any); res["accountNumber"] != "11112222" || res["bsb"] != "062-001" {
						t.Fatalf("updated %v", res)
					}
				}},
			{Name: "bank account put 2fa", Method: "PUT", Path: A(accID, "/swagrequired2fa"), Key: e.annKey, Status: 200,
				Body: map[string]any{"bsb": "062-001", "accountName": "Ann T", "accountNumber": "33334444", "allocateBalance": true}},
			{Name: "locked account", Method: "PUT", Path: A(lockedID, ""), Key: e.annKey, Status: 403,
				Body: map[string]any{"bsb": "062-001", "accountName": "Mine now", "accountNumber": "1", "fixedAmount": 50}},
			{Name: "bank account unknown", Method: "PUT", Path: A(999999, ""), Key: e.annKey, Status: 404, Body: map[string]any{"bsb": "062-001"}},
			{Name: "payslips 2fa", Method: "GET", Path: e.SA + "/document/payslip/swagrequired2fa", Key: e.annKey, Status: 200},
			{Name: "payment summaries 2fa", Method: "GET", Path: e.SA + "/document/paymentsummaries/swagrequired2fa", Key: e.annKey, Status: 200},
			{Name: "super funds 2fa", Method: "GET", Path: e.SA + "/superfunds/swagrequired2fa", Key: e.annKey, Status: 200},
			{Name: "2fa anonymous", Method: "GET", Path: e.SA + "/bankaccounts/swagrequired2fa", Status: 401},
			{Name: "qualifications", Method: "GET", Path: e.SA + "/qualification", Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				l := list(t, r)
				if len(l) != 1 || l[0].(map[string]any)["id"] != float64(held) || l[0].(map[string]any)["hasQualification"] != true ||
					l[0].(map[string]any)["expiryDate"] != "0001-01-01T00:00:00" {
					t.Fatalf("qualifications %v", l)
				}
			}},
			{Name: "qualification put", Method: "PUT", Path: Q(held), Key: e.annKey, Body: map[string]any{"expiryDate": "2028-01-10T00:00:00", "referenceNumber": "FA-2"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); m["referenceNumber"] != "FA-2" || m["expiryDate"] != "2028-01-10T00:00:00" || m["id"] != float64(held) || m["qualificationId"] != float64(fa) {
						t.Fatalf("qualification %v", m)
					}
				}},
			{Name: "qualification put other type", Method: "PUT", Path: Q(held), Key: e.annKey, Body: map[string]any{"qualificationId": other}, Status: 400, Field: "qualificationId"},
			{Name: "qualification unknown", Method: "GET", Path: Q(999999), Key: e.annKey, Status: 404},
			{Name: "qualification of Ann through Ben", Method: "GET", Path: fmt.Sprintf("%s/qualification/%d", e.SB, held), Key: e.Key, Status: 404},
			{Name: "expense put", Method: "PUT", Path: X(exp), Key: e.annKey, Body: line(25.5), Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if items := r.Map(t)["lineItems"].([]any); len(items) != 1 || items[0].(map[string]any)["amount"] != 25.5 {
					t.Fatalf("expense %v", items)
				}
			}},
			{Name: "expense put cancelled", Method: "PUT", Path: X(cancelled), Key: e.annKey, Body: line(1), Status: 409},
			{Name: "expense put unknown", Method: "PUT", Path: X(999999), Key: e.annKey, Body: line(1), Status: 404},
			{Name: "expense put bad amount", Method: "PUT", Path: X(exp), Key: e.annKey, Body: line(-1), Status: 400, Field: "lineItems[0].amount"},
			{Name: "tax codes", Method: "GET", Path: e.SA + "/expense/taxcodes", Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if l := list(t, r); len(l) == 0 {
					t.Fatalf("tax codes %v", l)
				}
			}},
			{Name: "tax codes other tenant", Method: "GET", Path: e.SA + "/expense/taxcodes", Key: e.OtherKey, Status: 404},
			{Name: "smsf list", Method: "GET", Path: e.SA + "/selfmanagedsuperfund", Key: e.annKey, Status: 200},
			{Name: "smsf unknown", Method: "GET", Path: e.SA + "/selfmanagedsuperfund/999999", Key: e.annKey, Status: 404},
			{Name: "smsf put unknown", Method: "PUT", Path: e.SA + "/selfmanagedsuperfund/999999", Key: e.annKey, Body: map[string]any{"fundName": "x"}, Status: 404},
		})
		// Attachments: multipart uploads.
		var q map[string]any
		e.UploadWith("PUT", fmt.Sprintf("%s/qualification/%d/attachment", e.SA, held), e.annKey, testkit.File{Name: "cert.png", Data: []byte("\x89PNG")}).Expect(t, 200).JSON(t, &q)
		if docs := q["documents"].([]any); len(docs) != 1 || !strings.Contains(docs[0].(map[string]any)["url"].(string), "/document/download/") {
			t.Fatalf("qualification documents %v", q)
		}
		var x map[string]any
		e.UploadWith("PUT", X(exp)+"/attachment", e.annKey, testkit.File{Name: "receipt.pdf", Data: []byte("%PDF receipt")}).Expect(t, 200).JSON(t, &x)
		if att := x["attachments"].([]any); len(att) != 1 {
			t.Fatalf("expense attachments %v", x)
		}
		e.UploadWith("PUT", X(999999)+"/attachment", e.annKey, testkit.File{Name: "receipt.pdf", Data: []byte("%PDF")}).Expect(t, 404)
	})
}

// Public holidays of the employee: national ones and their state's, and
// location-limited ones only where they work.
func TestESSPublicHolidays(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var locs []map[string]any
		e.Do("GET", e.B+"/location", e.Key, nil).Expect(t, 200).JSON(t, &locs)
		var melb int64
		for _, l := range locs {
			if l["name"] == "Melbourne" {
				melb = int64(l["id"].(float64))
			}
		}
		e.Do("POST", e.B+"/publicholiday", e.Key, map[string]any{"date": "2026-11-20", "description": "Melbourne office day", "locationIds": []int64{melb}}).Expect(t, 200)
		get := func(path, key string) []map[string]any {
			var l []map[string]any
			e.Do("GET", path, key, nil).Expect(t, 200).JSON(t, &l)
			return l
		}
		has := func(l []map[string]any, date string) bool {
			for _, h := range l {
				if h["date"] == date+"T00:00:00" {
					return true
				}
			}
			return false
		}
		ann := get(e.SA+"/publicHolidays?filter.fromDate=2026-01-01&filter.toDate=2026-12-31", e.annKey)
		for _, h := range ann {
			states := h["states"].([]any)
			ok := len(states) == 0
			for _, s := range states {
				ok = ok || s == "NSW"
			}
			if !ok {
				t.Fatalf("Ann (NSW) sees %v", h)
			}
		}
		// 25 December is national; 3 November 2026 (first Tuesday) is
		// Melbourne Cup day, VIC only (payroll-rules-2026-27.md).
		if !has(ann, "2026-12-25") || has(ann, "2026-11-03") || has(ann, "2026-11-20") {
			t.Fatalf("Ann's holidays %v", ann)
		}
		ben := get(e.SB+"/publicHolidays?fromDate=2026-11-01&toDate=2026-11-30", e.Key)
		if !has(ben, "2026-11-20") {
			t.Fatalf("Ben (Melbourne) does not see the Melbourne office day: %v", ben)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "backwards", Method: "GET", Path: e.SA + "/publicHolidays?fromDate=2026-12-01&toDate=2026-01-01", Key: e.annKey, Status: 400, Field: "toDate"},
			{Name: "too long", Method: "GET", Path: e.SA + "/publicHolidays?fromDate=2020-01-01&toDate=2026-01-01", Key: e.annKey, Status: 400, Field: "toDate"},
			{Name: "bad date", Method: "GET", Path: e.SA + "/publicHolidays?fromDate=x", Key: e.annKey, Status: 400, Field: "fromDate"},
			{Name: "other tenant", Method: "GET", Path: e.SA + "/publicHolidays", Key: e.OtherKey, Status: 404},
			{Name: "default year", Method: "GET", Path: e.SA + "/publicHolidays", Key: e.annKey, Status: 200},
		})
	})
}

// Satisfaction survey, device tokens and the forgotten password request.
func TestESSSatisfactionAndDevices(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeSatisfactionSurvey": false}).Expect(t, 200)
		e.Do("POST", e.SA+"/satisfaction", e.annKey, map[string]any{"value": "Happy"}).Expect(t, 403)
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeSatisfactionSurvey": true}).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			// Wednesday 4 November 2026 is in the week of Monday 2 November.
			{Name: "answer", Method: "POST", Path: e.SA + "/satisfaction", Key: e.annKey, Body: map[string]any{"value": "Happy", "weekStartDate": "2026-11-04T00:00:00"}, Status: 200},
			{Name: "answer again", Method: "POST", Path: e.SA + "/satisfaction", Key: e.annKey, Body: map[string]any{"value": "Sad", "weekStartDate": "2026-11-02T00:00:00"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if strings.TrimSpace(string(r.Body)) != `"Sad"` {
						t.Fatalf("answered %s", r.Body)
					}
				}},
			{Name: "earlier week", Method: "POST", Path: e.SA + "/satisfaction", Key: e.annKey, Body: map[string]any{"value": "Neutral", "weekStartDate": "2026-10-26T00:00:00"}, Status: 200},
			{Name: "bad value", Method: "POST", Path: e.SA + "/satisfaction", Key: e.annKey, Body: map[string]any{"value": "Ecstatic"}, Status: 400},
			{Name: "another employee", Method: "POST", Path: e.SB + "/satisfaction", Key: e.annKey, Body: map[string]any{"value": "Happy"}, Status: 404},
			{Name: "anonymous", Method: "GET", Path: e.SA + "/satisfaction", Status: 401},
			{Name: "list", Method: "GET", Path: e.SA + "/satisfaction", Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				l := list(t, r)
				if len(l) != 2 || l[0].(map[string]any)["weekStartDate"] != "2026-10-26T00:00:00" || l[1].(map[string]any)["value"] != "Sad" ||
					l[1].(map[string]any)["weekStartDate"] != "2026-11-02T00:00:00" {
					t.Fatalf("answers %v", l)
				}
			}},
			{Name: "list from", Method: "GET", Path: e.SA + "/satisfaction?fromDate=2026-11-03", Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if l := list(t, r); len(l) != 1 {
					t.Fatalf("answers %v", l)
				}
			}},
			{Name: "register", Method: "POST", Path: "/api/v2/ess/devicetoken/register", Key: e.annKey, Body: map[string]any{"token": "abc", "platform": "iOS"}, Status: 200},
			{Name: "register again", Method: "POST", Path: "/api/v2/ess/devicetoken/register", Key: e.annKey, Body: map[string]any{"token": "abc", "platform": "iOS"}, Status: 200},
			{Name: "register android", Method: "POST", Path: "/api/v2/ess/devicetoken/register", Key: e.annKey, Body: map[string]any{"token": "def", "platform": "Android"}, Status: 200},
			{Name: "register no token", Method: "POST", Path: "/api/v2/ess/devicetoken/register", Key: e.annKey, Body: map[string]any{"platform": "iOS"}, Status: 400, Field: "token"},
			{Name: "register anonymous", Method: "POST", Path: "/api/v2/ess/devicetoken/register", Body: map[string]any{"token": "abc", "platform": "iOS"}, Status: 401},
			{Name: "unregister", Method: "POST", Path: "/api/v2/ess/devicetoken/unregister", Key: e.annKey, Body: map[string]any{"token": "def", "platform": "Android"}, Status: 200},
			{Name: "unregister unknown", Method: "POST", Path: "/api/v2/ess/devicetoken/unregister", Key: e.annKey, Body: map[string]any{"token": "zzz", "platform": "Android"}, Status: 200},
			{Name: "forgotten password", Method: "POST", Path: "/api/v2/ess/security/forgottenpassword", Body: map[string]any{"username": "ann@example.com"}, Status: 200},
			{Name: "forgotten password unknown", Method: "POST", Path: "/api/v2/ess/security/forgottenpassword", Body: map[string]any{"username": "nobody@example.com"}, Status: 200},
			{Name: "forgotten password empty", Method: "POST", Path: "/api/v2/ess/security/forgottenpassword", Body: map[string]any{"username": ""}, Status: 400, Field: "username"},
		})
		var tokens int
		if err := d.Queries().QueryRow(t.Context(), "SELECT COUNT(*) FROM ess_device_tokens WHERE token = 'abc' AND platform = 'iOS'").Scan(&tokens); err != nil || tokens != 1 {
			t.Fatalf("tokens %d %v", tokens, err)
		}
		var known, unknown int
		if err := d.Queries().QueryRow(t.Context(), "SELECT COUNT(*) FROM account_recovery_attempts WHERE email = 'ann@example.com' AND user_id IS NOT NULL").Scan(&known); err != nil || known != 1 {
			t.Fatalf("recovery attempts for ann %d %v", known, err)
		}
		if err := d.Queries().QueryRow(t.Context(), "SELECT COUNT(*) FROM account_recovery_attempts WHERE email = 'nobody@example.com' AND user_id IS NULL").Scan(&unknown); err != nil || unknown != 1 {
			t.Fatalf("recovery attempts for nobody %d %v", unknown, err)
		}
	})
}

func list(t *testing.T, r *testkit.Response) []any {
	t.Helper()
	var l []any
	r.JSON(t, &l)
	return l
}

// Timesheet data of a period: the employee's timesheets, leave, roster
// shifts and public holidays, only theirs and only in the period.
func TestESSTimesheetData(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var locs []map[string]any
		e.Do("GET", e.B+"/location", e.Key, nil).Expect(t, 200).JSON(t, &locs)
		var sydney int64
		for _, l := range locs {
			if l["name"] == "Sydney" {
				sydney = int64(l["id"].(float64))
			}
		}
		ts := func(emp int64, day string) {
			e.Do("POST", e.B+"/timesheet", e.Key, map[string]any{"employeeId": emp, "startTime": day + "T09:00:00", "endTime": day + "T17:00:00",
				"locationId": sydney}).Expect(t, 200)
		}
		ts(e.ann, "2026-12-21")
		ts(e.ann, "2026-12-29") // after the period
		ts(e.ben, "2026-12-22")
		e.Do("POST", e.SA+"/leave", e.Key, map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-12-23T00:00:00", "toDate": "2026-12-24T00:00:00", "hours": 15.2}).Expect(t, 200)
		e.Do("POST", e.B+"/rostershift?publish=true", e.Key, map[string]any{"employeeId": e.ann, "locationId": sydney,
			"startTime": "2026-12-22T09:00:00", "endTime": "2026-12-22T13:00:00"}).Expect(t, 200)
		P := e.SA + "/timesheet/data?filter.fromDate=2026-12-21&filter.toDate=2026-12-27"
		e.RunCases(t, []testkit.Case{
			{Name: "data", Method: "GET", Path: P, Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				tsl, lv, sh, ph := m["timesheets"].([]any), m["leaveRequests"].([]any), m["rosterShifts"].([]any), m["publicHolidays"].([]any)
				// 25 and 26 December 2026 are national holidays (Friday, Saturday); 28 December (the Boxing Day substitute) is after the period.
				if len(tsl) != 1 || len(lv) != 1 || len(sh) != 1 || len(ph) < 2 {
					t.Fatalf("data %v", m)
				}
				if tsl[0].(map[string]any)["employeeId"] != float64(e.ann) || lv[0].(map[string]any)["totalHours"] != 15.2 {
					t.Fatalf("data %v", m)
				}
			}},
			{Name: "default week", Method: "GET", Path: e.SA + "/timesheet/data", Key: e.annKey, Status: 200},
			{Name: "too long", Method: "GET", Path: e.SA + "/timesheet/data?fromDate=2026-01-01&toDate=2026-06-01", Key: e.annKey, Status: 400, Field: "toDate"},
			{Name: "backwards", Method: "GET", Path: e.SA + "/timesheet/data?fromDate=2026-12-27&toDate=2026-12-21", Key: e.annKey, Status: 400, Field: "toDate"},
			{Name: "another employee", Method: "GET", Path: e.SB + "/timesheet/data", Key: e.annKey, Status: 404},
			{Name: "other tenant", Method: "GET", Path: P, Key: e.OtherKey, Status: 404},
		})
	})
}
