package essapi_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Self-service documents: which business and employee documents an
// employee sees, details, download, acknowledgement (and the
// documentAcknowledgements report showing it).
func TestESSDocuments(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		upload := func(path, name, body string) int64 {
			var docs []map[string]any
			e.Upload(path, key, name, []byte(body)).Expect(t, 200).JSON(t, &docs)
			return int64(docs[0]["id"].(float64))
		}
		handbook := upload(B+"/document?visibleToAll=true", "handbook.txt", "read me")
		e.Do("PUT", fmt.Sprintf("%s/document/%d", B, handbook), key, map[string]any{"visibleToAll": true, "requiresEmployeeAcknowledgement": true}).Expect(t, 200)
		var sydney int64
		var locs []map[string]any
		e.Do("GET", B+"/location", key, nil).Expect(t, 200).JSON(t, &locs)
		for _, l := range locs {
			if l["name"] == "Sydney" {
				sydney = int64(l["id"].(float64))
			}
		}
		melbourne := upload(B+"/document", "melbourne.txt", "for Melbourne")
		var melbID int64
		for _, l := range locs {
			if l["name"] == "Melbourne" {
				melbID = int64(l["id"].(float64))
			}
		}
		e.Do("PUT", fmt.Sprintf("%s/document/%d", B, melbourne), key, map[string]any{"locations": []int64{melbID}}).Expect(t, 200)
		sydDoc := upload(B+"/document", "sydney.txt", "for Sydney")
		e.Do("PUT", fmt.Sprintf("%s/document/%d", B, sydDoc), key, map[string]any{"locations": []int64{sydney}}).Expect(t, 200)
		mine := upload(fmt.Sprintf("%s/employee/%d/document?visible=true", B, e.ann), "contract.pdf", "%PDF ann")
		hiddenOwn := upload(fmt.Sprintf("%s/employee/%d/document", B, e.ann), "notes.txt", "private")
		bens := upload(fmt.Sprintf("%s/employee/%d/document?visible=true", B, e.ben), "ben.txt", "ben's")

		var list []map[string]any
		e.Do("GET", e.SA+"/document", e.annKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 3 || list[0]["id"] != fmt.Sprint(handbook) || list[1]["id"] != fmt.Sprint(sydDoc) || list[2]["id"] != fmt.Sprint(mine) ||
			list[0]["requiresEmployeeAcknowledgement"] != true || list[0]["dateAcknowledged"] != nil || list[2]["friendlyName"] != "contract.pdf" {
			t.Fatalf("Ann's documents %v", list)
		}
		D := func(op string, id int64) string { return fmt.Sprintf("%s/document/%s%d", e.SA, op, id) }
		e.RunCases(t, []testkit.Case{
			{Name: "details", Method: "GET", Path: D("", sydDoc), Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["friendlyName"] != "sydney.txt" || m["requiresEmployeeAcknowledgement"] != false {
					t.Fatalf("details %v", m)
				}
			}},
			{Name: "another location's document", Method: "GET", Path: D("", melbourne), Key: e.annKey, Status: 404},
			{Name: "own document not shown to her", Method: "GET", Path: D("", hiddenOwn), Key: e.annKey, Status: 404},
			{Name: "a colleague's document", Method: "GET", Path: D("", bens), Key: e.annKey, Status: 404},
			{Name: "not an id", Method: "GET", Path: e.SA + "/document/abc", Key: e.annKey, Status: 404},
			{Name: "download", Method: "GET", Path: D("download/", mine), Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if string(r.Body) != "%PDF ann" {
					t.Fatalf("downloaded %q", r.Body)
				}
			}},
			{Name: "download another location's", Method: "GET", Path: D("download/", melbourne), Key: e.annKey, Status: 404},
			{Name: "other tenant", Method: "GET", Path: D("", handbook), Key: e.OtherKey, Status: 404},
			{Name: "anonymous", Method: "GET", Path: e.SA + "/document", Status: 401},
			{Name: "another employee's list", Method: "GET", Path: e.SB + "/document", Key: e.annKey, Status: 404},
			{Name: "acknowledge one that needs none", Method: "POST", Path: D("acknowledge/", sydDoc), Key: e.annKey, Status: 409},
			{Name: "acknowledge one she does not see", Method: "POST", Path: D("acknowledge/", melbourne), Key: e.annKey, Status: 404},
			{Name: "acknowledge", Method: "POST", Path: D("acknowledge/", handbook), Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["dateAcknowledged"] != "2026-11-02T09:00:00" {
					t.Fatalf("acknowledged %v", m)
				}
			}},
		})
		e.Clock.Advance(48 * time.Hour)
		again := e.Do("POST", D("acknowledge/", handbook), e.annKey, nil).Expect(t, 200).Map(t)
		if again["dateAcknowledged"] != "2026-11-02T09:00:00" {
			t.Fatalf("acknowledging again moved the date: %v", again)
		}
		// The report (of Active employees): Pia's acknowledgement shows.
		pia, _ := active(t, e)
		report := func() string {
			var rep []map[string]any
			e.Do("GET", fmt.Sprintf("%s/report/documentAcknowledgements?documentId=%d", B, handbook), key, nil).Expect(t, 200).JSON(t, &rep)
			for _, r := range rep {
				if r["employeeId"] == float64(pia) {
					return r["status"].(string)
				}
			}
			return fmt.Sprint(rep)
		}
		if got := report(); got != "NotAcknowledged" {
			t.Fatalf("before: %s", got)
		}
		e.Do("POST", fmt.Sprintf("/api/v2/ess/%d/document/acknowledge/%d", pia, handbook), key, nil).Expect(t, 200)
		if got := report(); got != "Acknowledged" {
			t.Fatalf("after: %s", got)
		}
		// Year-end documents: none kept.
		for _, p := range []string{"/document/paymentsummaries", "/document/earningscertificates"} {
			var none []any
			e.Do("GET", e.SA+p, e.annKey, nil).Expect(t, 200).JSON(t, &none)
			if len(none) != 0 {
				t.Fatalf("%s: %v", p, none)
			}
		}
		e.Do("GET", e.SA+"/document/paymentsummary/1", e.annKey, nil).Expect(t, 404)
		e.Do("GET", e.SB+"/document/earningscertificates", e.annKey, nil).Expect(t, 404)
	})
}

// active adds Pia, an Active employee (complete pay, tax, bank and super
// details) on a weekly schedule: 12 hours a week at 25.00.
func active(t *testing.T, e *env) (pia, weekly int64) {
	id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
	weekly = id(e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "Ess3 Weekly", "frequency": "Weekly"}))
	e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Ess3 Ordinary", "rateUnit": "Hourly"}).Expect(t, 200)
	pia = id(e.Do("POST", e.B+"/employee/unstructured?matchType=None", e.Key, map[string]any{"firstName": "Pia", "surname": "Payslip",
		"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "PartTime",
		"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Ess3 Weekly", "primaryPayCategory": "Ess3 Ordinary",
		"rate": 25, "rateUnit": "Hourly", "hoursPerWeek": 12, "residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney",
		"residentialState": "NSW", "residentialPostCode": "2000", "primaryLocation": "Sydney", "bankAccount1_BSB": "062-000",
		"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": "Pia", "bankAccount1_AllocatedPercentage": 100,
		"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}))
	return pia, weekly
}

// Self-service payslips: the published payslips of finalised runs.
func TestESSPayslips(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
		pia, weekly := active(t, e)
		run := func(end string, publish string) int64 {
			r := id(e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": weekly, "payPeriodEnding": end, "datePaid": end}))
			if publish != "" {
				e.Do("POST", fmt.Sprintf("%s/payrun/%d/finalise", B, r), key, map[string]any{"publishPaySlips": publish}).Expect(t, 200)
			}
			return r
		}
		published := run("2026-11-13T00:00:00", "Immediate")
		unpublished := run("2026-11-20T00:00:00", "Manual")
		draft := run("2026-11-27T00:00:00", "")
		SP := fmt.Sprintf("/api/v2/ess/%d", pia)
		var list []map[string]any
		e.Do("GET", SP+"/document/payslip", key, nil).Expect(t, 200).JSON(t, &list)
		// 12 h x 25.00 = 300.00 gross; weekly earnings under 362 withhold
		// nil on scale 2 (rules 2026-27, 1.3), so net pay is 300.00.
		if len(list) != 1 || list[0]["id"] != float64(published) || list[0]["netPay"] != 300.0 || list[0]["paySchedule"] != "Ess3 Weekly" ||
			list[0]["datePaid"] != "2026-11-13T00:00:00" || list[0]["payPeriodStart"] != "2026-11-07T00:00:00" || list[0]["employeeId"] != float64(pia) {
			t.Fatalf("payslips %v", list)
		}
		P := func(run int64) string { return fmt.Sprintf("%s/document/payslip/%d", SP, run) }
		e.RunCases(t, []testkit.Case{
			{Name: "pdf", Method: "GET", Path: P(published), Key: key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if len(r.Body) < 5 || string(r.Body[:5]) != "%PDF-" || r.Header.Get("Content-Type") != "application/pdf" {
					t.Fatalf("not a PDF: %q", r.Body[:min(len(r.Body), 20)])
				}
			}},
			{Name: "unpublished", Method: "GET", Path: P(unpublished), Key: key, Status: 404},
			{Name: "draft", Method: "GET", Path: P(draft), Key: key, Status: 404},
			{Name: "another employee's payslip", Method: "GET", Path: fmt.Sprintf("%s/document/payslip/%d", e.SA, published), Key: key, Status: 404},
			{Name: "another employee's list", Method: "GET", Path: SP + "/document/payslip", Key: e.annKey, Status: 404},
			{Name: "other tenant", Method: "GET", Path: P(published), Key: e.OtherKey, Status: 404},
			{Name: "anonymous", Method: "GET", Path: SP + "/document/payslip", Status: 401},
		})
		// The self-service PDF follows the business's payslip settings as
		// the pay run's does (the same document).
		e.Do("POST", B+"/payslip", key, map[string]any{"paySlipMessage": "Questions? Ask payroll.", "superContributionProcessingFrequencyTextOption": "Quarterly",
			"showEmployeeId": true}).Expect(t, 200)
		if text := strings.Join(strings.Fields(testkit.PDFText(t, e.Do("GET", P(published), key, nil).Expect(t, 200).Body)), " "); text != "" {
			for _, w := range []string{"Questions? Ask payroll.", "Superannuation is paid to your fund quarterly.", fmt.Sprintf("Employee %d", pia)} {
				if !strings.Contains(text, w) {
					t.Errorf("the self-service payslip lacks %q:\n%s", w, text)
				}
			}
		}
		e.Do("GET", e.SA+"/document/payslip", e.annKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("Ann is in no run: %v", list)
		}
		// Payment summaries: both finalised runs (published or not) of the
		// 2026-27 financial year: 2 x 300.00 gross, nil tax (as above).
		var sums []map[string]any
		e.Do("GET", SP+"/document/paymentsummaries", key, nil).Expect(t, 200).JSON(t, &sums)
		if len(sums) != 1 || sums[0]["id"] != 2027.0 || sums[0]["period"] != "1 July 2026 - 30 June 2027 (year to date)" || sums[0]["isEtp"] != false {
			t.Fatalf("payment summaries %v", sums)
		}
		pdf := e.Do("GET", SP+"/document/paymentsummary/2027", key, nil).Expect(t, 200)
		if len(pdf.Body) < 5 || string(pdf.Body[:5]) != "%PDF-" {
			t.Fatalf("payment summary is not a PDF")
		}
		if again := e.Do("GET", SP+"/document/paymentsummary/2027", key, nil).Expect(t, 200); string(again.Body) != string(pdf.Body) {
			t.Fatalf("the same summary rendered differently")
		}
		e.Do("GET", SP+"/document/paymentsummary/2026", key, nil).Expect(t, 404)
		e.Do("GET", SP+"/document/paymentsummary/2027", e.annKey, nil).Expect(t, 404)
	})
}

// Self-service leave: one request, its update, its attachment, and the
// categories an employee may apply for.
func TestESSLeaveDetails(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		e.Do("POST", B+"/leavecategory", key, map[string]any{"name": "Ess3 Private", "isPrivate": true, "isBalanceUntracked": true}).Expect(t, 200)
		var cats []map[string]any
		e.Do("GET", e.SA+"/leave/leavecategories", e.annKey, nil).Expect(t, 200).JSON(t, &cats)
		found := false
		for _, c := range cats {
			if c["name"] == "Ess3 Private" {
				t.Fatalf("a private category is offered: %v", cats)
			}
			found = found || (c["id"] == float64(e.annual) && c["unitType"] == "Hours")
		}
		if !found {
			t.Fatalf("categories %v", cats)
		}
		// Self-service leave off: the employee is refused.
		e.Do("POST", B+"/employeeportalsettings", key, map[string]any{"allowEmployeeLeaveSelfService": false}).Expect(t, 200)
		body := map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-08T00:00:00", "hours": 15.2, "notes": "away"}
		lr := int64(e.Do("POST", e.SA+"/leave", key, body).Expect(t, 200).Map(t)["id"].(float64))
		L := fmt.Sprintf("%s/leave/%d", e.SA, lr)
		e.Do("POST", L, e.annKey, map[string]any{"notes": "x"}).Expect(t, 403)
		e.Do("POST", B+"/employeeportalsettings", key, map[string]any{"allowEmployeeLeaveSelfService": true}).Expect(t, 200)

		got := e.Do("GET", L, e.annKey, nil).Expect(t, 200).Map(t)
		// 15.2 hours over the 2 calendar days: 7.6 a day.
		if got["totalHours"] != 15.2 || got["hoursPerDay"] != 7.6 || got["totalDays"] != 2.0 || got["isPending"] != true || got["canModify"] != true ||
			got["leaveCategoryName"] != "Test Annual" || got["requestedDate"] != "2026-11-02T09:00:00" || got["attachment"].(map[string]any)["id"] != 0.0 || got["amount"] != "15.2 hours" {
			t.Fatalf("leave request %v", got)
		}
		up := e.Do("POST", L, e.annKey, map[string]any{"notes": "family", "hours": 7.6, "attachment": base64.StdEncoding.EncodeToString([]byte("cert")),
			"filename": "cert.txt"}).Expect(t, 200).Map(t)
		if up["notes"] != "family" || up["totalHours"] != 7.6 || up["fromDate"] != "2026-12-07T00:00:00" || up["attachment"].(map[string]any)["id"] == 0.0 ||
			up["attachment"].(map[string]any)["friendlyName"] != "cert.txt" {
			t.Fatalf("updated %v", up)
		}
		first := int64(up["attachment"].(map[string]any)["id"].(float64))
		var put map[string]any
		e.UploadWith("PUT", L+"/attachment", e.annKey, testkit.File{Name: "medical.pdf", Data: []byte("%PDF medical")}).Expect(t, 200).JSON(t, &put)
		att := put["attachment"].(map[string]any)
		second := int64(att["id"].(float64))
		if att["friendlyName"] != "medical.pdf" || second == first || put["leaveRequest"].(map[string]any)["notes"] != "family" {
			t.Fatalf("attachment %v", put)
		}
		// The attachment is her document: she downloads it; the replaced one is gone.
		if f := e.Do("GET", fmt.Sprintf("%s/document/download/%d", e.SA, second), e.annKey, nil).Expect(t, 200); string(f.Body) != "%PDF medical" {
			t.Fatalf("attachment download %q", f.Body)
		}
		e.Do("GET", fmt.Sprintf("%s/document/%d", e.SA, first), e.annKey, nil).Expect(t, 404)
		// An edit keeps the attachment.
		if kept := e.Do("POST", L, e.annKey, map[string]any{"notes": "family event"}).Expect(t, 200).Map(t); kept["attachment"].(map[string]any)["id"] == 0.0 {
			t.Fatalf("edit dropped the attachment: %v", kept)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "update unknown category", Method: "POST", Path: L, Key: e.annKey, Body: map[string]any{"leaveCategoryId": 999999, "hours": 7.6}, Status: 400, Field: "leaveCategoryId"},
			{Name: "another employee's request", Method: "GET", Path: fmt.Sprintf("%s/leave/%d", e.SB, lr), Key: key, Status: 404},
			{Name: "another employee", Method: "GET", Path: fmt.Sprintf("%s/leave/%d", e.SB, lr), Key: e.annKey, Status: 404},
			{Name: "other tenant", Method: "GET", Path: L, Key: e.OtherKey, Status: 404},
			{Name: "anonymous", Method: "GET", Path: L, Status: 401},
			{Name: "remove attachment", Method: "DELETE", Path: L + "/attachment", Key: e.annKey, Status: 200},
			{Name: "remove attachment again", Method: "DELETE", Path: L + "/attachment", Key: e.annKey, Status: 404},
			{Name: "attachment gone", Method: "GET", Path: fmt.Sprintf("%s/document/%d", e.SA, second), Key: e.annKey, Status: 404},
		})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest/%d/approve", B, e.ann, lr), key, nil).Expect(t, 200)
		e.Do("POST", L, e.annKey, map[string]any{"notes": "late"}).Expect(t, 409)
		if g := e.Do("GET", L, e.annKey, nil).Expect(t, 200).Map(t); g["isApproved"] != true || g["canModify"] != false || g["canCancel"] != true {
			t.Fatalf("approved %v", g)
		}
	})
}

// Self-service super funds: the three fund slots of the employee record.
func TestESSSuperFunds(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		pia, _ := active(t, e)
		SP := fmt.Sprintf("/api/v2/ess/%d/superfunds", pia)
		var list []map[string]any
		e.Do("GET", SP, e.Key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["id"] != 1.0 || list[0]["name"] != "AustralianSuper" || list[0]["allocateBalance"] != true ||
			list[0]["superProduct"].(map[string]any)["productCode"] != "AUS0001AU" || list[0]["memberNumber"] != "998877" {
			t.Fatalf("funds %v", list)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "add", Method: "POST", Path: SP, Key: e.Key, Body: map[string]any{"fundName": "Pia Other Fund", "memberNumber": "42", "allocatedPercentage": 20}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					if res := m["result"].(map[string]any); res["id"] != 2.0 || res["allocatedPercentage"] != 20.0 || res["allocateBalance"] != false || m["validationWarning"] != "" {
						t.Fatalf("added %v", m)
					}
				}},
			{Name: "percentage over 100", Method: "PUT", Path: SP + "/2", Key: e.Key, Body: map[string]any{"fundName": "Pia Other Fund", "allocatedPercentage": 120}, Status: 400, Field: "allocatedPercentage"},
			{Name: "unknown USI without a name", Method: "POST", Path: SP, Key: e.Key, Body: map[string]any{"productCode": "NOPE0001"}, Status: 400, Field: "fundName"},
			{Name: "no fund named", Method: "POST", Path: SP, Key: e.Key, Body: map[string]any{"memberNumber": "1"}, Status: 400, Field: "productCode"},
			{Name: "update", Method: "PUT", Path: SP + "/1", Key: e.Key, Body: map[string]any{"productCode": "AUS0001AU", "memberNumber": "998877", "allocatedPercentage": 50}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					// 50% + 20% and no fund takes the balance.
					if m := r.Map(t); m["validationWarning"] != "the percentages allocate 70% of contributions and no fund takes the balance" ||
						m["result"].(map[string]any)["name"] != "AustralianSuper" {
						t.Fatalf("updated %v", m)
					}
				}},
			{Name: "third", Method: "POST", Path: SP, Key: e.Key, Body: map[string]any{"fundName": "Pia Third", "allocateBalance": true, "allocatedPercentage": 5}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); m["validationWarning"] != "" || m["result"].(map[string]any)["allocateBalance"] != true {
						t.Fatalf("third %v", m)
					}
				}},
			{Name: "a fourth", Method: "POST", Path: SP, Key: e.Key, Body: map[string]any{"fundName": "Pia Fourth"}, Status: 409},
			{Name: "get", Method: "GET", Path: SP + "/3", Key: e.Key, Status: 200},
			{Name: "delete", Method: "DELETE", Path: SP + "/3", Key: e.Key, Status: 200},
			{Name: "delete again", Method: "DELETE", Path: SP + "/3", Key: e.Key, Status: 404},
			{Name: "get deleted", Method: "GET", Path: SP + "/3", Key: e.Key, Status: 404},
			{Name: "update empty slot", Method: "PUT", Path: SP + "/3", Key: e.Key, Body: map[string]any{"fundName": "x"}, Status: 404},
			{Name: "another employee's funds", Method: "GET", Path: SP, Key: e.annKey, Status: 404},
			{Name: "other tenant", Method: "GET", Path: SP, Key: e.OtherKey, Status: 404},
			{Name: "anonymous", Method: "GET", Path: SP, Status: 401},
		})
		// The employee record holds them.
		emp := e.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, pia), e.Key, nil).Expect(t, 200).Map(t)
		if emp["superFund2_FundName"] != "Pia Other Fund" || emp["superFund1_AllocatedPercentage"] != 50.0 || emp["superFund3_FundName"] != "" {
			t.Fatalf("employee record %v", emp)
		}
		// The employee herself needs the portal setting.
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeSuperFundSelfService": false}).Expect(t, 200)
		e.Do("POST", e.SA+"/superfunds", e.annKey, map[string]any{"fundName": "Ann Fund"}).Expect(t, 403)
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeSuperFundSelfService": true}).Expect(t, 200)
		if r := e.Do("POST", e.SA+"/superfunds", e.annKey, map[string]any{"fundName": "Ann Fund"}).Expect(t, 200).Map(t); r["result"].(map[string]any)["id"] != 1.0 {
			t.Fatalf("Ann's fund %v", r)
		}
	})
}

// Self-service lookups: the business's locations, work types and shift
// conditions.
func TestESSLookups(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.Do("POST", e.B+"/worktype", e.Key, map[string]any{"name": "Ess3 Barista"}).Expect(t, 200)
		e.Do("POST", e.B+"/worktype", e.Key, map[string]any{"name": "Ess3 Night loading", "mappingType": "ShiftCondition"}).Expect(t, 200)
		names := func(path string) map[string]bool {
			var list []map[string]any
			e.Do("GET", e.SA+path, e.annKey, nil).Expect(t, 200).JSON(t, &list)
			out := map[string]bool{}
			for _, x := range list {
				out[x["name"].(string)] = true
			}
			return out
		}
		if l := names("/lookup/location"); !l["Sydney"] || !l["Melbourne"] || len(l) != 2 {
			t.Fatalf("locations %v", l)
		}
		if w := names("/lookup/worktype"); !w["Ess3 Barista"] || w["Ess3 Night loading"] {
			t.Fatalf("work types %v", w)
		}
		if c := names("/lookup/shiftcondition"); !c["Ess3 Night loading"] || c["Ess3 Barista"] {
			t.Fatalf("shift conditions %v", c)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "another employee", Method: "GET", Path: e.SB + "/lookup/location", Key: e.annKey, Status: 404},
			{Name: "other tenant", Method: "GET", Path: e.SA + "/lookup/worktype", Key: e.OtherKey, Status: 404},
			{Name: "anonymous", Method: "GET", Path: e.SA + "/lookup/shiftcondition", Status: 401},
		})
	})
}
