package employeeapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestEmployeeDocumentsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		D := e.EA + "/document"
		var up []map[string]any
		s.UploadFiles(D+"?visible=true", key, testkit.File{Name: "contract.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.4 contract")},
			testkit.File{Name: "id.txt", ContentType: "text/plain", Data: []byte("passport")}).Expect(t, 200).JSON(t, &up)
		if len(up) != 2 || up[0]["friendlyName"] != "contract.pdf" || up[0]["visible"] != true || up[0]["leaveRequestId"] != nil {
			t.Fatalf("upload %v", up)
		}
		id := int64(up[0]["id"].(float64))
		DI := fmt.Sprintf("%s/%d", D, id)
		r := s.Do("GET", DI+"/content", key, nil).Expect(t, 200)
		if string(r.Body) != "%PDF-1.4 contract" || r.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("content %q %q", r.Body, r.Header.Get("Content-Type"))
		}
		got := s.Do("PUT", D, key, map[string]any{"id": id, "requiresEmployeeAcknowledgement": true}).Expect(t, 200).Map(t)
		if got["requiresEmployeeAcknowledgement"] != true || got["visible"] != true {
			t.Fatalf("partial update %v", got)
		}
		// An expense request of Ann's to attach the document to.
		cat := int64(s.Do("POST", e.B+"/employeeexpensecategory", key, map[string]any{"name": "Travel", "taxCode": "GST"}).Expect(t, 200).Map(t)["id"].(float64))
		exp := int64(s.Do("POST", e.EA+"/expenserequest", key, map[string]any{"description": "Trip",
			"lineItems": []any{map[string]any{"expenseCategoryId": cat, "amount": 10, "dateIncurred": "2026-11-02T00:00:00"}}}).Expect(t, 200).Map(t)["id"].(float64))
		L := fmt.Sprintf("%s/expense/%d", DI, exp)
		if m := s.Do("POST", L, key, nil).Expect(t, 200).Map(t); m["expenseRequestId"] != float64(exp) {
			t.Fatalf("link %v", m)
		}
		atts := s.Do("GET", fmt.Sprintf("%s/expenserequest/%d", e.EA, exp), key, nil).Expect(t, 200).Map(t)["attachments"].([]any)
		if len(atts) != 1 || atts[0].(map[string]any)["id"] != float64(id) {
			t.Fatalf("attachments %v", atts)
		}
		if m := s.Do("DELETE", L, key, nil).Expect(t, 200).Map(t); m["expenseRequestId"] != nil {
			t.Fatalf("unlink %v", m)
		}
		var list []map[string]any
		s.Do("GET", D, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 {
			t.Fatalf("list %v", list)
		}
		bobsExp := int64(s.Do("POST", e.EB+"/expenserequest", key, map[string]any{
			"lineItems": []any{map[string]any{"expenseCategoryId": cat, "amount": 5, "dateIncurred": "2026-11-02T00:00:00"}}}).Expect(t, 200).Map(t)["id"].(float64))
		s.RunCases(t, []testkit.Case{
			{Name: "acknowledgement of a hidden document", Method: "PUT", Path: D, Key: key, Body: map[string]any{"id": id, "visible": false}, Status: 400, Field: "requiresEmployeeAcknowledgement"},
			{Name: "update without id", Method: "PUT", Path: D, Key: key, Body: map[string]any{"visible": true}, Status: 400, Field: "id"},
			{Name: "link to another employee's expense", Method: "POST", Path: fmt.Sprintf("%s/expense/%d", DI, bobsExp), Key: key, Status: 404},
			{Name: "link to a missing leave request", Method: "POST", Path: DI + "/leave/999999", Key: key, Status: 404},
			{Name: "link to a missing timesheet line", Method: "POST", Path: DI + "/timesheet/999999", Key: key, Status: 404},
			{Name: "document through another employee", Method: "GET", Path: fmt.Sprintf("%s/document/%d", e.EB, id), Key: key, Status: 404},
			{Name: "content through another employee", Method: "GET", Path: fmt.Sprintf("%s/document/%d/content", e.EB, id), Key: key, Status: 404},
			{Name: "anonymous", Method: "GET", Path: D, Status: 401},
			{Name: "other tenant", Method: "GET", Path: DI, Key: e.OtherKey, Status: 404},
			{Name: "other tenant content", Method: "GET", Path: DI + "/content", Key: e.OtherKey, Status: 404},
			{Name: "restricted outside scope", Method: "GET", Path: e.EB + "/document", Key: e.restrictKey, Status: 404},
			{Name: "restricted in scope with ViewEmployeeDocuments", Method: "GET", Path: D, Key: e.editorKey, Status: 200},
			{Name: "restricted in scope without ViewEmployeeDocuments", Method: "GET", Path: D, Key: e.restrictKey, Status: 403},
			{Name: "delete", Method: "DELETE", Path: DI, Key: key, Status: 200},
			{Name: "deleted", Method: "GET", Path: DI, Key: key, Status: 404},
		})
		testkit.ExpectProblem(t, s.UploadFiles(D, key), 400, "file")
	})
}

func TestEmployeeQualificationsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		Q := e.EA + "/qualification"
		fa := int64(s.Do("POST", e.B+"/qualification", key, map[string]any{"name": "First Aid"}).Expect(t, 200).Map(t)["id"].(float64))
		got := s.Do("POST", Q, key, map[string]any{"qualificationId": fa, "issueDate": "2026-01-10T00:00:00", "expiryDate": "2029-01-10T00:00:00", "referenceNumber": "FA-1"}).Expect(t, 200).Map(t)
		if got["name"] != "First Aid" || got["referenceNumber"] != "FA-1" || got["expiryDate"] != "2029-01-10T00:00:00" || len(got["documents"].([]any)) != 0 {
			t.Fatalf("add %v", got)
		}
		// Posting it again updates it (an employee holds it once).
		got = s.Do("POST", Q, key, map[string]any{"name": "first aid", "referenceNumber": "FA-2"}).Expect(t, 200).Map(t)
		if got["referenceNumber"] != "FA-2" {
			t.Fatalf("update %v", got)
		}
		var list []map[string]any
		s.Do("GET", Q, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["referenceNumber"] != "FA-2" || list[0]["expiryDate"] != nil {
			t.Fatalf("list %v", list)
		}
		QD := fmt.Sprintf("%s/%d/document", Q, fa)
		var docs []map[string]any
		s.Upload(QD, key, "cert.png", []byte("\x89PNG cert")).Expect(t, 200).JSON(t, &docs)
		if len(docs) != 1 || docs[0]["name"] != "cert.png" || docs[0]["referenceNumber"] != "FA-2" {
			t.Fatalf("docs %v", docs)
		}
		did := int64(docs[0]["id"].(float64))
		if r := s.Do("GET", fmt.Sprintf("%s/%d/content", QD, did), key, nil).Expect(t, 200); string(r.Body) != "\x89PNG cert" {
			t.Fatalf("content %q", r.Body)
		}
		s.Do("GET", D(e.EA), key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("qualification documents listed as employee documents: %v", list)
		}
		s.RunCases(t, []testkit.Case{
			{Name: "get", Method: "GET", Path: fmt.Sprintf("%s/%d", Q, fa), Key: key, Status: 200},
			{Name: "document", Method: "GET", Path: fmt.Sprintf("%s/%d", QD, did), Key: key, Status: 200},
			{Name: "unknown qualification", Method: "POST", Path: Q, Key: key, Body: map[string]any{"qualificationId": 999999}, Status: 400, Field: "qualificationId"},
			{Name: "unknown name", Method: "POST", Path: Q, Key: key, Body: map[string]any{"name": "Forklift"}, Status: 400, Field: "name"},
			{Name: "expiry before issue", Method: "POST", Path: Q, Key: key, Body: map[string]any{"qualificationId": fa, "issueDate": "2026-01-10T00:00:00", "expiryDate": "2025-01-10T00:00:00"}, Status: 400, Field: "expiryDate"},
			{Name: "not held by bob", Method: "GET", Path: fmt.Sprintf("%s/qualification/%d", e.EB, fa), Key: key, Status: 404},
			{Name: "document through bob", Method: "GET", Path: fmt.Sprintf("%s/qualification/%d/document/%d/content", e.EB, fa, did), Key: key, Status: 404},
			{Name: "business qualification in use", Method: "DELETE", Path: fmt.Sprintf("%s/qualification/%d", e.B, fa), Key: key, Status: 409},
			{Name: "anonymous", Method: "GET", Path: Q, Status: 401},
			{Name: "other tenant", Method: "GET", Path: Q, Key: e.OtherKey, Status: 404},
			{Name: "restricted outside scope", Method: "GET", Path: e.EB + "/qualification", Key: e.restrictKey, Status: 404},
			{Name: "delete document", Method: "DELETE", Path: fmt.Sprintf("%s/%d", QD, did), Key: key, Status: 200},
			{Name: "document gone", Method: "GET", Path: fmt.Sprintf("%s/%d", QD, did), Key: key, Status: 404},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s?id=%d", Q, fa), Key: key, Status: 200},
			{Name: "gone", Method: "GET", Path: fmt.Sprintf("%s/%d", Q, fa), Key: key, Status: 404},
			{Name: "business qualification free again", Method: "DELETE", Path: fmt.Sprintf("%s/qualification/%d", e.B, fa), Key: key, Status: 200},
		})
	})
}

func D(employeePath string) string { return employeePath + "/document" }

func TestExpenseRequestsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		X := e.EA + "/expenserequest"
		cat := int64(s.Do("POST", e.B+"/employeeexpensecategory", key, map[string]any{"name": "Travel", "taxCode": "GST"}).Expect(t, 200).Map(t)["id"].(float64))
		line := func(amount any, date string) map[string]any {
			return map[string]any{"expenseCategoryId": cat, "amount": amount, "dateIncurred": date, "notes": "taxi"}
		}
		got := s.Do("POST", X, key, map[string]any{"description": "Client visit", "lineItems": []any{line(12.5, "2026-11-03T00:00:00"), line(30, "2026-11-04T00:00:00")}}).Expect(t, 200).Map(t)
		items := got["lineItems"].([]any)
		li := items[0].(map[string]any)
		if got["status"] != "Pending" || len(items) != 2 || li["amount"] != 12.5 || li["taxCode"] != "GST" || li["taxRate"] != 10.0 || li["expenseCategoryName"] != "Travel" || got["employeeName"] != "Ann Lee" {
			t.Fatalf("create %v", got)
		}
		id := int64(got["id"].(float64))
		XI := fmt.Sprintf("%s/%d", X, id)
		got = s.Do("PUT", XI, key, map[string]any{"description": "Client visit (edited)", "lineItems": []any{line(12.5, "2026-11-03T00:00:00"), line(20.25, "2026-11-04T00:00:00")}}).Expect(t, 200).Map(t)
		if got["description"] != "Client visit (edited)" || got["lineItems"].([]any)[1].(map[string]any)["amount"] != 20.25 {
			t.Fatalf("update %v", got)
		}
		att := s.UploadWith("PUT", XI+"/attachment", key, testkit.File{Name: "receipt.jpg", Data: []byte("jpeg bytes")}).Expect(t, 200).Map(t)
		if a := att["attachments"].([]any); len(a) != 1 || a[0].(map[string]any)["friendlyName"] != "receipt.jpg" {
			t.Fatalf("attachment %v", att)
		}
		// A later request (not covered by the first week's run) and one declined.
		later := int64(s.Do("POST", X, key, map[string]any{"lineItems": []any{line(99, "2026-11-20T00:00:00")}}).Expect(t, 200).Map(t)["id"].(float64))
		declined := int64(s.Do("POST", X, key, map[string]any{"lineItems": []any{line(7, "2026-11-03T00:00:00")}}).Expect(t, 200).Map(t)["id"].(float64))

		// Approve and decline race: exactly one wins, the other is a 409.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i, op := range []string{"approve", "decline"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := s.Do("POST", fmt.Sprintf("%s/%d/%s", X, declined, op), key, "no receipt")
				codes[i] = r.Status
				if r.Status == 400 {
					t.Log(string(r.Body))
				}
			}()
		}
		wg.Wait()
		if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
			t.Fatalf("approve/decline race answered %v", codes)
		}
		s.Do("POST", XI+"/approve", key, nil).Expect(t, 200)
		s.Do("POST", fmt.Sprintf("%s/%d/approve", X, later), key, nil).Expect(t, 200)
		s.RunCases(t, []testkit.Case{
			{Name: "approve twice", Method: "POST", Path: XI + "/approve", Key: key, Status: 409},
			{Name: "edit after approval", Method: "PUT", Path: XI, Key: key, Body: map[string]any{"lineItems": []any{line(1, "2026-11-03T00:00:00")}}, Status: 409},
			{Name: "no lines", Method: "POST", Path: X, Key: key, Body: map[string]any{"description": "x"}, Status: 400, Field: "lineItems"},
			{Name: "negative amount", Method: "POST", Path: X, Key: key, Body: map[string]any{"lineItems": []any{line(-1, "2026-11-03T00:00:00")}}, Status: 400, Field: "lineItems[0].amount"},
			{Name: "fractional cents", Method: "POST", Path: X, Key: key, Body: map[string]any{"lineItems": []any{line(1.001, "2026-11-03T00:00:00")}}, Status: 400, Field: "lineItems[0].amount"},
			{Name: "unknown category", Method: "POST", Path: X, Key: key, Body: map[string]any{"lineItems": []any{map[string]any{"expenseCategoryId": 999999, "amount": 1, "dateIncurred": "2026-11-03T00:00:00"}}}, Status: 400, Field: "lineItems[0].expenseCategoryId"},
			{Name: "unknown tax code", Method: "POST", Path: X, Key: key, Body: map[string]any{"lineItems": []any{map[string]any{"expenseCategoryId": cat, "amount": 1, "dateIncurred": "2026-11-03T00:00:00", "taxCode": "VAT"}}}, Status: 400, Field: "lineItems[0].taxCode"},
			{Name: "another employee's id", Method: "POST", Path: X, Key: key, Body: map[string]any{"employeeId": e.bob, "lineItems": []any{line(1, "2026-11-03T00:00:00")}}, Status: 400, Field: "employeeId"},
			{Name: "list $filter", Method: "GET", Path: X + "?$filter=Status%20eq%20'Approved'&$orderby=Id", Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var l []map[string]any
				r.JSON(t, &l)
				if len(l) < 2 || l[0]["id"] != float64(id) {
					t.Fatalf("filtered %v", l)
				}
			}},
			{Name: "bad $filter member", Method: "GET", Path: X + "?$filter=Bogus%20eq%201", Key: key, Status: 400, Field: "$filter"},
			{Name: "through another employee", Method: "GET", Path: fmt.Sprintf("%s/expenserequest/%d", e.EB, id), Key: key, Status: 404},
			{Name: "approve through another employee", Method: "POST", Path: fmt.Sprintf("%s/expenserequest/%d/approve", e.EB, id), Key: key, Status: 404},
			{Name: "anonymous", Method: "GET", Path: X, Status: 401},
			{Name: "other tenant", Method: "GET", Path: XI, Key: e.OtherKey, Status: 404},
			{Name: "other tenant approve", Method: "POST", Path: XI + "/approve", Key: e.OtherKey, Status: 404},
			{Name: "restricted outside scope", Method: "GET", Path: e.EB + "/expenserequest", Key: e.restrictKey, Status: 404},
		})

		// The pay run of the week ending 6 Nov pays an active employee's
		// approved request dated within it (12.50 + 20.25), not the one
		// dated 20 Nov.
		s.Do("POST", e.B+"/paycategory", key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}).Expect(t, 200)
		pam := s.Do("POST", e.B+"/employee/unstructured?matchType=None", key, map[string]any{"firstName": "Pam", "surname": "Paid",
			"dateOfBirth": "1980-02-03T00:00:00", "startDate": "2024-01-01T00:00:00", "employmentType": "FullTime", "paySchedule": "Weekly",
			"primaryPayCategory": "Ordinary Hours", "primaryLocation": "Sydney", "hoursPerWeek": 38, "residentialStreetAddress": "1 High St",
			"residentialPostCode": "2000", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": "Pam", "bankAccount1_AllocatedPercentage": 100,
			"taxFileNumber": "123456782", "australianResident": true, "bankAccount1_BSB": "062-000", "superFund1_ProductCode": "AUS0001AU",
			"superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "1", "rate": 30, "rateUnit": "Hourly"}).Expect(t, 200).Map(t)
		if pam["status"] != "Active" {
			t.Fatalf("pam %v", pam)
		}
		pamID := int64(pam["id"].(float64))
		PX := fmt.Sprintf("%s/employee/%d/expenserequest", e.B, pamID)
		paid := int64(s.Do("POST", PX, key, map[string]any{"lineItems": []any{line(12.5, "2026-11-03T00:00:00"), line(20.25, "2026-11-04T00:00:00")}}).Expect(t, 200).Map(t)["id"].(float64))
		notYet := int64(s.Do("POST", PX, key, map[string]any{"lineItems": []any{line(99, "2026-11-20T00:00:00")}}).Expect(t, 200).Map(t)["id"].(float64))
		PXI := fmt.Sprintf("%s/%d", PX, paid)
		s.Do("POST", PXI+"/approve", key, nil).Expect(t, 200)
		s.Do("POST", fmt.Sprintf("%s/%d/approve", PX, notYet), key, nil).Expect(t, 200)
		run := s.Do("POST", e.B+"/payrun", key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-11-06T00:00:00"}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", e.B, int64(run["id"].(float64)))
		body := string(s.Do("GET", fmt.Sprintf("%s/EmployeeExpenses/%d", P, pamID), key, nil).Expect(t, 200).Body)
		if !strings.Contains(body, `"amount":12.5`) || !strings.Contains(body, `"amount":20.25`) || strings.Contains(body, `"amount":99`) {
			t.Fatalf("pay run expenses %s", body)
		}
		s.Do("POST", P+"/finalise", key, nil).Expect(t, 200)
		got = s.Do("GET", PXI, key, nil).Expect(t, 200).Map(t)
		if got["status"] != "Processed" || got["payRunId"] != run["id"] {
			t.Fatalf("after finalise %v", got)
		}
		if st := s.Do("GET", fmt.Sprintf("%s/%d", PX, notYet), key, nil).Expect(t, 200).Map(t)["status"]; st != "Approved" {
			t.Fatalf("later request %v", st)
		}
		testkit.ExpectProblem(t, s.Do("DELETE", PXI, key, nil), 409, "")
		s.Do("POST", P+"/unlock", key, map[string]any{"comments": "fix"}).Expect(t, 200)
		if got = s.Do("GET", PXI, key, nil).Expect(t, 200).Map(t); got["status"] != "Approved" || got["payRunId"] != nil {
			t.Fatalf("after unlock %v", got)
		}
		s.Do("DELETE", fmt.Sprintf("%s/%d", PX, notYet), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, s.Do("GET", fmt.Sprintf("%s/%d", PX, notYet), key, nil), 404, "")
	})
}
